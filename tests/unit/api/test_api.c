/* SPDX-License-Identifier: Zlib */
/* test_lib: libslidetab through its public header: the library against bin/query on every
 * default board and 4x4, one handle on many threads (raw, zlib and compact tables), tables held
 * in memory (slidetab_open_buffer) and damaged copies of them, and every argument error.
 *
 * Runs from the repository root. The CLI case needs bin/query and the default tables
 * (TEST_TABLES); every other case builds the small tables it needs in a temporary folder, so
 * `CK_EXCLUDE_TAGS=cli build/tests/test_lib` runs from a bare build of this program (.ci/run's
 * ThreadSanitizer step). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, getline, popen */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen/exact/exactcmd.h"
#include "libslidetab/base/physmem.h"
#include "libslidetab/handle.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/name.h"
#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

#ifndef TEST_TABLES
#define TEST_TABLES "tables"
#endif
#define QUERY_BIN "bin/query"
#define MAXN      16

struct puz {
	int rows, cols;
	unsigned char s[MAXN], g[MAXN];
};

/* One answer: the status, the distance and the path. */
struct ans {
	int rc;
	unsigned dist;
	char path[96];
};

static uint64_t seed = 0x9e3779b97f4a7c15u;
static unsigned rnd(unsigned n)
{
	return testutil_below(&seed, n);
}

static int blank_of(const unsigned char *t, int n)
{
	for (int i = 0; i < n; i++)
		if (t[i] == 0)
			return i;
	return -1;
}

/* A random walk of the blank (no move undoes the one before). */
static void walk(int rows, int cols, unsigned char *t, int steps)
{
	testutil_walk(&seed, rows, cols, t, steps);
}

/* 1 when path takes p's start to its goal. */
static int path_reaches(const struct puz *p, const char *path)
{
	return testutil_replays(p->rows, p->cols, p->s, p->g, path);
}

/* 1 when path is the lexicographically smallest shortest path (d < l < r < u) from p's start:
 * at each step no smaller letter leads one move closer (distances from slidetab_distance). */
static int path_smallest(slidetab *db, const struct puz *p, const char *path)
{
	unsigned char t[MAXN], u[MAXN];
	int n = p->rows * p->cols;
	memcpy(t, p->s, (size_t)n);
	for (unsigned left = (unsigned)strlen(path); *path; path++, left--) {
		for (const char *m = "dlru"; *m != *path; m++) {
			unsigned d;
			memcpy(u, t, (size_t)n);
			if (testutil_move(p->rows, p->cols, u, *m) &&
			    (slidetab_distance(db, p->rows, p->cols, u, p->g, &d, NULL) != SLIDETAB_OK || d < left))
				return 0;
		}
		if (!testutil_move(p->rows, p->cols, t, *path))
			return 0;
	}
	return 1;
}

/* The library's answer: slidetab_path, checked against slidetab_distance. */
static struct ans lib_answer(slidetab *db, const struct puz *p)
{
	struct ans a = { 0 };
	struct slidetab_error err;
	a.rc = slidetab_path(db, p->rows, p->cols, p->s, p->g, a.path, sizeof a.path, &err);
	unsigned d = 0;
	int rd = slidetab_distance(db, p->rows, p->cols, p->s, p->g, &d, NULL);
	if (rd != a.rc)
		a.rc = -100 - rd; /* the two calls disagree: never equal to a real answer */
	else
		a.dist = rd == SLIDETAB_OK ? d : 0;
	if (a.rc == SLIDETAB_OK && strlen(a.path) != a.dist)
		a.rc = -1;
	return a;
}

static int ans_eq(const struct ans *a, const struct ans *b)
{
	return a->rc == b->rc && a->dist == b->dist && strcmp(a->path, b->path) == 0;
}

/* Compares the library with `bin/query --tables dir --board RxC --pairs --path` on n puzzles of
 * one board: the same path (or "unsolvable"), and the path reaches the goal. */
static void check_against_cli(slidetab *db, const char *dir, const struct puz *p, int n)
{
	char file[] = "/tmp/slidetab-pairs-XXXXXX";
	int fd = mkstemp(file);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < p[i].rows * p[i].cols; k++)
			fprintf(f, "%d ", p[i].s[k]);
		for (int k = 0; k < p[i].rows * p[i].cols; k++)
			fprintf(f, k ? " %d" : "%d", p[i].g[k]);
		fputc('\n', f);
	}
	fclose(f);
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s --tables %s --board %dx%d --pairs --path %s", QUERY_BIN, dir, p[0].rows,
		 p[0].cols, file);
	FILE *q = popen(cmd, "r");
	ck_assert_ptr_nonnull(q);
	char *line = NULL;
	size_t cap = 0;
	int i = 0, unsolvable = 0;
	while (getline(&line, &cap, q) > 0) {
		line[strcspn(line, "\n")] = '\0';
		ck_assert_int_lt(i, n);
		struct ans a = lib_answer(db, &p[i]);
		if (!strcmp(line, "unsolvable")) {
			unsolvable++;
			ck_assert_msg(a.rc == SLIDETAB_UNSOLVABLE,
				      "%dx%d puzzle %d: library status %d, query unsolvable", p[i].rows, p[i].cols, i,
				      a.rc);
		} else {
			ck_assert_msg(a.rc == SLIDETAB_OK, "%dx%d puzzle %d: library status %d, query %s", p[i].rows,
				      p[i].cols, i, a.rc, line);
			ck_assert_msg(!strcmp(a.path, line), "%dx%d puzzle %d: library %s, query %s", p[i].rows,
				      p[i].cols, i, a.path, line);
			ck_assert(path_reaches(&p[i], a.path));
			ck_assert_msg(path_smallest(db, &p[i], line),
				      "%dx%d puzzle %d: %s is not the smallest shortest path", p[i].rows, p[i].cols, i,
				      line);
		}
		i++;
	}
	free(line);
	ck_assert_int_eq(pclose(q), 0);
	unlink(file);
	ck_assert_int_eq(i, n);
	if (p[0].rows * p[0].cols <= 12)
		ck_assert_int_gt(unsolvable, 0); /* random starts: both kinds were asked */
}

/* (a) Every default board (random solvable and unsolvable starts, random goals) and 4x4. */
START_TEST(test_cli_default_boards)
{
	static const int boards[][2] = {
		{ 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 }, { 2, 5 }, { 5, 2 }
	};
	enum { N = 300 };
	static struct puz p[N];
	slidetab *db;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&db, TEST_TABLES, &err) == SLIDETAB_OK, "%s", err.msg);
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		int r = boards[b][0], c = boards[b][1];
		for (int i = 0; i < N; i++) {
			p[i].rows = r, p[i].cols = c;
			testutil_shuffle(&seed, p[i].g, r * c);
			if (i % 5 == 4) { /* near the goal: short paths, and the goal itself */
				memcpy(p[i].s, p[i].g, sizeof p[i].s);
				walk(r, c, p[i].s, (int)rnd(6));
			} else {
				testutil_shuffle(&seed, p[i].s, r * c);
			}
		}
		check_against_cli(db, TEST_TABLES, p, N);
	}
	slidetab_close(db);
}
END_TEST

START_TEST(test_cli_4x4)
{
	enum { N = 40 };
	static const int corners[] = { 0, 3, 12, 15 };
	struct puz p[N];
	slidetab *db;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&db, TEST_TABLES, &err) == SLIDETAB_OK, "%s", err.msg);
	for (int i = 0; i < N; i++) {
		p[i].rows = p[i].cols = 4;
		testutil_shuffle(&seed, p[i].g, 16);
		int b = blank_of(p[i].g, 16), k = corners[rnd(4)];
		p[i].g[b] = p[i].g[k], p[i].g[k] = 0;
		memcpy(p[i].s, p[i].g, 16);
		walk(4, 4, p[i].s, 8 + (int)rnd(22));
		if (i % 8 == 7) { /* two tiles swapped: unsolvable */
			int x = p[i].s[0] ? 0 : 2, y = p[i].s[1] ? 1 : 3;
			unsigned char t = p[i].s[x];
			p[i].s[x] = p[i].s[y], p[i].s[y] = t;
		}
	}
	check_against_cli(db, TEST_TABLES, p, N);
	/* The move limit of the search. */
	struct puz far = { 4, 4, { 0 }, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0 } };
	memcpy(far.s, far.g, 16);
	walk(4, 4, far.s, 60);
	unsigned d;
	ck_assert_int_eq(slidetab_distance(db, 4, 4, far.s, NULL, &d, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_set_max_depth(db, d - 2, &err), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_distance(db, 4, 4, far.s, NULL, &d, &err), SLIDETAB_ELIMIT);
	ck_assert_int_eq(err.status, SLIDETAB_ELIMIT);
	ck_assert_int_eq(slidetab_set_max_depth(db, 100000, &err), SLIDETAB_EINVAL);
	ck_assert_int_eq(slidetab_set_max_depth(NULL, 0, &err), SLIDETAB_EINVAL);
	slidetab_close(db);
}
END_TEST

/* Tables built for the other cases: 3x3 (blank last) raw, zlib and compact, and 2x3 raw, each
 * alone in its folder under tmpdir. */
static char tmpdir[64];
static const char *const kinds[] = { "none", "zlib", "compact" };

static void dir_of(char *buf, size_t len, const char *kind)
{
	snprintf(buf, len, "%s/%s", tmpdir, kind);
}

/* The path of the table in folder kind for rows x cols, blank last. */
static void table_path(char *buf, size_t len, const char *kind, int rows, int cols)
{
	char dir[128];
	dir_of(dir, sizeof dir, kind);
	ck_assert_int_eq(tabname_exact(buf, len, dir, rows, cols, rows * cols - 1, NULL), SLIDETAB_OK);
}

static void build_table(const char *kind, int rows, int cols, int compress)
{
	char dir[128];
	dir_of(dir, sizeof dir, kind);
	mkdir(dir, 0700);
	testtables_exact(dir, rows, cols, rows * cols - 1, compress);
}

static void tables_setup(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/slidetab-libtest-XXXXXX");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		exit(1);
	}
	for (int k = 0; k < 3; k++)
		build_table(kinds[k], 3, 3, k);
	build_table("small", 2, 3, 0); /* one block: the small header (version 2) */
	setenv("SLIDETAB_TEST_FULL_HEADER", "1", 1);
	build_table("full", 2, 3, 0); /* the same with the full header (version 1), as gen 0.4.0 wrote it */
	unsetenv("SLIDETAB_TEST_FULL_HEADER");
}

static void tables_teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "test_lib: could not remove %s\n", tmpdir);
}

/* Random 3x3 puzzles: random starts; goals mostly with the blank in a corner (the class the
 * built tables answer), some elsewhere (no table: SLIDETAB_ENOTABLE). */
static void random_3x3(struct puz *p, int n)
{
	static const int corners[] = { 0, 2, 6, 8 };
	for (int i = 0; i < n; i++) {
		p[i].rows = p[i].cols = 3;
		testutil_shuffle(&seed, p[i].s, 9);
		testutil_shuffle(&seed, p[i].g, 9);
		if (i % 10 != 9) {
			int b = blank_of(p[i].g, 9), k = corners[rnd(4)];
			p[i].g[b] = p[i].g[k], p[i].g[k] = 0;
		}
	}
}

/* (b) 8 threads on one handle. */
enum { NTHREADS = 8, NPUZ = 2000 };
struct test_api_worker {
	slidetab *db;
	const struct puz *p;
	const struct ans *want;
	int first, wrong;
};

static void *work(void *arg)
{
	struct test_api_worker *w = arg;
	for (int k = 0; k < NPUZ; k++) {
		int i = (w->first + k) % NPUZ;
		struct ans a = lib_answer(w->db, &w->p[i]);
		w->wrong += !ans_eq(&a, &w->want[i]);
	}
	return NULL;
}

START_TEST(test_threads_one_handle)
{
	static struct puz p[NPUZ];
	static struct ans want[NPUZ];
	random_3x3(p, NPUZ);
	char dir[128];
	dir_of(dir, sizeof dir, kinds[_i]);
	slidetab *db;
	struct slidetab_error err;
	/* The reference: a handle of its own, one thread. */
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	int solved = 0;
	for (int i = 0; i < NPUZ; i++) {
		want[i] = lib_answer(db, &p[i]);
		ck_assert_msg(want[i].rc == SLIDETAB_OK || want[i].rc == SLIDETAB_UNSOLVABLE ||
				      want[i].rc == SLIDETAB_ENOTABLE,
			      "%s table, puzzle %d: status %d", kinds[_i], i, want[i].rc);
		solved += want[i].rc == SLIDETAB_OK;
	}
	ck_assert_int_gt(solved, NPUZ / 4);
	slidetab_close(db);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	struct test_api_worker w[NTHREADS];
	pthread_t th[NTHREADS];
	for (int t = 0; t < NTHREADS; t++) {
		w[t] = (struct test_api_worker){ .db = db, .p = p, .want = want, .first = t * NPUZ / NTHREADS };
		ck_assert_int_eq(pthread_create(&th[t], NULL, work, &w[t]), 0);
	}
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(th[t], NULL);
		ck_assert_msg(w[t].wrong == 0, "%s table, thread %d: %d answers differ from one thread's", kinds[_i], t,
			      w[t].wrong);
	}
	slidetab_close(db);
}
END_TEST

/* The whole file at path, in memory. */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	unsigned char *buf = malloc(*len);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, *len, f), *len);
	fclose(f);
	return buf;
}

/* slidetab_open_buffer on bytes[0..len) is refused with want, the handle left NULL. */
static void refused(const void *bytes, size_t len, int want, const char *what)
{
	slidetab *db = (slidetab *)&db;
	struct slidetab_error err = { 0 };
	int rc = slidetab_open_buffer(&db, bytes, len, &err);
	ck_assert_msg(rc == want, "%s: status %d, expected %d (%s)", what, rc, want, err.msg);
	ck_assert_msg(db == NULL, "%s: a handle after a refusal", what);
	ck_assert_int_eq(err.status, want);
	ck_assert(err.msg[0] != '\0');
	ck_assert_int_eq(slidetab_open_buffer(&db, bytes, len, NULL), want);
}

/* (c) A table in memory answers like the file. */
START_TEST(test_buffer_like_file)
{
	enum { N = 600 };
	static struct puz p[N];
	random_3x3(p, N);
	char dir[128], path[TABNAME_MAX];
	dir_of(dir, sizeof dir, kinds[_i]);
	table_path(path, sizeof path, kinds[_i], 3, 3);
	size_t len;
	unsigned char *bytes = slurp(path, &len);
	slidetab *file, *mem;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&file, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	ck_assert_msg(slidetab_open_buffer(&mem, bytes, len, &err) == SLIDETAB_OK, "%s", err.msg);
	for (int i = 0; i < N; i++) {
		struct ans a = lib_answer(file, &p[i]), b = lib_answer(mem, &p[i]);
		ck_assert_msg(ans_eq(&a, &b), "%s table, puzzle %d: file %d %u %s, buffer %d %u %s", kinds[_i], i, a.rc,
			      a.dist, a.path, b.rc, b.dist, b.path);
	}
	/* A buffer answers only its own board. */
	unsigned char s22[4] = { 1, 2, 3, 0 }, s44[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15 };
	unsigned d;
	ck_assert_int_eq(slidetab_distance(mem, 2, 2, s22, NULL, &d, &err), SLIDETAB_ENOTABLE);
	ck_assert_int_eq(slidetab_distance(mem, 4, 4, s44, NULL, &d, &err), SLIDETAB_ENOTABLE);
	ck_assert(err.msg[0] != '\0');
	slidetab_close(mem);
	slidetab_close(file);
	free(bytes);
}
END_TEST

static uint64_t u64_at(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* A byte of bytes flipped at each of the offsets at[0..n), then each of a sweep: every copy refused. */
static void flips_refused(const unsigned char *good, size_t len, const size_t *at, size_t n, const char *kind)
{
	unsigned char *bad = malloc(len);
	ck_assert_ptr_nonnull(bad);
	char what[64];
	for (size_t k = 0; k < n; k++) {
		memcpy(bad, good, len);
		bad[at[k]] ^= 0x10;
		snprintf(what, sizeof what, "%s, byte %zu flipped", kind, at[k]);
		refused(bad, len, SLIDETAB_EFORMAT, what);
	}
	for (size_t i = 0; i < len; i += len / 200 + 1) { /* and a sweep (the zero padding too) */
		memcpy(bad, good, len);
		bad[i] ^= 0x01;
		snprintf(what, sizeof what, "%s, byte %zu flipped", kind, i);
		refused(bad, len, SLIDETAB_EFORMAT, what);
	}
	free(bad);
}

/* Copies cut to each of the lengths cut[0..n), NULL and 0 bytes: refused. */
static void cuts_refused(const unsigned char *good, size_t len, const size_t *cut, size_t n, const char *kind)
{
	char what[64];
	for (size_t k = 0; k < n; k++) {
		snprintf(what, sizeof what, "%s, %zu of %zu bytes", kind, cut[k], len);
		refused(good, cut[k], SLIDETAB_EFORMAT, what);
	}
	int rc = slidetab_open_buffer(&(slidetab *){ NULL }, good, 0, NULL);
	ck_assert_msg(rc == SLIDETAB_EFORMAT || rc == SLIDETAB_EINVAL, "0 bytes: status %d", rc);
	refused(NULL, len, SLIDETAB_EINVAL, "NULL bytes");
	ck_assert_int_eq(slidetab_open_buffer(NULL, good, len, NULL), SLIDETAB_EINVAL);
}

/* Damaged copies of a full-header table: a flipped byte anywhere (header, index, pad, payload),
 * short lengths, NULL; the 2x3 raw one (written with the full header, as before the small one)
 * and a 3x3 zlib one. */
START_TEST(test_buffer_damaged)
{
	char path[TABNAME_MAX];
	const char *kind = _i ? "zlib" : "full";
	table_path(path, sizeof path, kind, _i ? 3 : 2, 3);
	size_t len;
	unsigned char *good = slurp(path, &len), *bad = malloc(len);
	ck_assert_ptr_nonnull(bad);
	uint64_t payload = u64_at(good + 152);
	ck_assert_uint_eq(good[8], 1); /* the full header */
	ck_assert_uint_gt(payload, 4096);
	ck_assert_uint_lt(payload, len);
	/* The zero pad between the index and the payload is not checksummed, but must be zeros
	 * (docs/FORMAT.md): a flipped pad byte is refused. */
	size_t pad = 4096 + (size_t)u64_at(good + 144);
	ck_assert_uint_lt(pad, payload);
	size_t named[] = { 0,
			   8,
			   100,
			   152,
			   4091,
			   4092,
			   4096,
			   4100,
			   4096 + 12,
			   pad - 1,
			   (size_t)payload,
			   (size_t)payload + 1,
			   (size_t)payload + (len - (size_t)payload) / 2,
			   len - 1 };
	flips_refused(good, len, named, sizeof named / sizeof named[0], kind);
	size_t shorts[] = { 1, 16, 4095, 4096, 4096 + 15, (size_t)payload, len / 2, len - 1 };
	cuts_refused(good, len, shorts, sizeof shorts / sizeof shorts[0], kind);
	/* The intact copy opens; one with a flipped pad byte (first or last) is refused, naming it. */
	slidetab *db;
	memcpy(bad, good, len);
	ck_assert_int_eq(slidetab_open_buffer(&db, bad, len, NULL), SLIDETAB_OK);
	slidetab_close(db);
	bad[pad] ^= 0xff;
	refused(bad, len, SLIDETAB_EFORMAT, "first pad byte flipped");
	bad[pad] ^= 0xff;
	bad[payload - 1] ^= 0x01;
	refused(bad, len, SLIDETAB_EFORMAT, "last pad byte flipped");
	free(bad);
	free(good);
}
END_TEST

/* The same on the 2x3 raw table as gen writes it, with the small header (docs/FORMAT.md): its
 * fields, its CRC, the payload right after it; it opens and answers like the full-header copy. */
START_TEST(test_buffer_damaged_small)
{
	char path[TABNAME_MAX];
	table_path(path, sizeof path, "small", 2, 3);
	size_t len, full_len;
	unsigned char *good = slurp(path, &len);
	ck_assert_uint_eq(good[8], 2);
	size_t hsize = (size_t)u64_at(good + 16) & 0xffffffffu;
	ck_assert_uint_eq(hsize, 176);       /* 76 + 6 goal bytes + 22 counts + the CRC, padded to 8 */
	ck_assert_uint_eq(len, hsize + 180); /* 360 entries of 4 bits (Manhattan residues) */
	size_t named[] = {
		0, 8, 16, 20, 28, 48, 52, 76, 100, hsize - 5, hsize - 4, hsize - 1, hsize, hsize + 1, len - 1
	};
	flips_refused(good, len, named, sizeof named / sizeof named[0], "small");
	size_t shorts[] = { 1, 16, 19, 20, 79, 80, hsize - 1, hsize, len / 2, len - 1 };
	cuts_refused(good, len, shorts, sizeof shorts / sizeof shorts[0], "small");
	table_path(path, sizeof path, "full", 2, 3);
	unsigned char *full = slurp(path, &full_len);
	ck_assert_mem_eq(good + hsize, full + 8192, len - hsize); /* the same entries */
	slidetab *a, *b;
	ck_assert_int_eq(slidetab_open_buffer(&a, good, len, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_open_buffer(&b, full, full_len, NULL), SLIDETAB_OK);
	uint64_t seed = 77;
	for (int k = 0; k < 200; k++) {
		unsigned char s[6] = { 1, 2, 3, 4, 5, 0 };
		testutil_shuffle(&seed, s, 6);
		unsigned da = 999, db = 998;
		int ra = slidetab_distance(a, 2, 3, s, NULL, &da, NULL),
		    rb = slidetab_distance(b, 2, 3, s, NULL, &db, NULL);
		ck_assert_int_eq(ra, rb);
		if (ra == SLIDETAB_OK)
			ck_assert_uint_eq(da, db);
	}
	slidetab_close(a);
	slidetab_close(b);
	free(full);
	free(good);
}
END_TEST

/* Every status has a description. */
START_TEST(test_strerror)
{
	for (int s = SLIDETAB_OK; s <= SLIDETAB_ENOSPC + 2; s++)
		ck_assert_msg(slidetab_strerror(s) && slidetab_strerror(s)[0], "status %d", s);
	ck_assert(slidetab_strerror(-1)[0] != '\0');
	ck_assert_str_eq(slidetab_version(), SLIDETAB_VERSION);
	slidetab_close(NULL);
}
END_TEST

#define EXPECT(want, call) EXPECT_STATUS(want, call)

/* (d) Argument errors, unsolvable starts, missing and damaged tables. */
START_TEST(test_errors)
{
	char dir[128], path[TABNAME_MAX];
	dir_of(dir, sizeof dir, "none");
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	unsigned char s[9] = { 8, 1, 3, 4, 5, 6, 7, 2, 0 }, twice[9] = { 1, 1, 2, 3, 4, 5, 6, 7, 0 },
		      big[9] = { 1, 2, 3, 4, 5, 6, 7, 9, 0 }, swapped[9] = { 2, 1, 3, 4, 5, 6, 7, 8, 0 };
	unsigned d = 77;
	struct slidetab_error e;

	EXPECT(SLIDETAB_EINVAL, slidetab_distance(NULL, 3, 3, s, NULL, &d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_open(NULL, dir, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_set_max_depth(NULL, 0, err));
	/* Memory beyond what the machine has (SIZE_MAX), timeouts below 0, not a number or past 1e9 s. */
	EXPECT(SLIDETAB_EINVAL, slidetab_set_memory(NULL, 0, err));
	if ((uint64_t)SIZE_MAX > physmem_allowed()) /* a 32-bit size_t may hold less than the machine has */
		EXPECT(SLIDETAB_EINVAL, slidetab_set_memory(db, SIZE_MAX, err));
	/* What the setters store is what the searches read (handle.h): a refused value changes nothing,
	 * and a positive timeout too short for a microsecond is one, not 0 (none). */
	ck_assert_int_eq(slidetab_set_memory(db, 0, &e), SLIDETAB_OK);
	ck_assert_uint_eq(atomic_load(&db->memory), 0);
	ck_assert_int_eq(slidetab_set_memory(db, (size_t)1 << 20, &e), SLIDETAB_OK);
	ck_assert_uint_eq(atomic_load(&db->memory), (size_t)1 << 20);
	if ((uint64_t)SIZE_MAX > physmem_allowed())
		ck_assert_int_eq(slidetab_set_memory(db, SIZE_MAX, &e), SLIDETAB_EINVAL);
	ck_assert_uint_eq(atomic_load(&db->memory), (size_t)1 << 20);
	EXPECT(SLIDETAB_EINVAL, slidetab_set_timeout(NULL, 1, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_set_timeout(db, -1, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_set_timeout(db, 2e9, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_set_timeout(db, NAN, err));
	ck_assert_int_eq(slidetab_set_timeout(db, 0, &e), SLIDETAB_OK);
	ck_assert_uint_eq(atomic_load(&db->timeout_us), 0);
	ck_assert_int_eq(slidetab_set_timeout(db, 1e-7, &e), SLIDETAB_OK);
	ck_assert_uint_eq(atomic_load(&db->timeout_us), 1);
	ck_assert_int_eq(slidetab_set_timeout(db, 2.5, &e), SLIDETAB_OK);
	ck_assert_uint_eq(atomic_load(&db->timeout_us), 2500000);
	ck_assert_str_eq(slidetab_strerror(SLIDETAB_ETIMEOUT), "time limit reached");
	/* Unknown flag bits, and a table folder too long for a table's path, are refused. */
	slidetab *none = (slidetab *)&d;
	for (unsigned bit = 1; bit; bit <<= 1)
		if (bit != SLIDETAB_PRELOAD) {
			EXPECT(SLIDETAB_EINVAL, slidetab_open_flags(&none, dir, bit | SLIDETAB_PRELOAD, err));
			ck_assert_ptr_null(none);
		}
	static char longdir[6001];
	memset(longdir, 'd', sizeof longdir - 1);
	setenv("SLIDETAB_TABLES", longdir, 1);
	EXPECT(SLIDETAB_EINVAL, slidetab_open(&none, NULL, err));
	slidetab_open(&none, NULL, &e);
	ck_assert_msg(strstr(e.msg, "SLIDETAB_TABLES") && strstr(e.msg, "6000"), "%s", e.msg);
	unsetenv("SLIDETAB_TABLES");
	EXPECT(SLIDETAB_EINVAL, slidetab_open(&none, longdir + 5000, err));
	/* Sizes whose product overflows int (or wraps to a small board) are refused like any other. */
	static const int bad_sizes[][2] = {
		{ 1, 9 },
		{ 9, 1 },
		{ 0, 0 },
		{ -3, -3 },
		{ 6, 5 },
		{ 3, 0 },
		{ 65536, 65536 },
		{ 46341, 46341 },
		{ 1431655766, 3 },
		{ 3, 1431655766 },
		{ INT_MAX, INT_MAX },
		{ INT_MIN, INT_MIN },
		{ 13, 2 },
		{ 2, 13 },
		{ INT_MAX, 2 },
		{ -65536, -65536 },
	};
	for (size_t k = 0; k < sizeof bad_sizes / sizeof bad_sizes[0]; k++) {
		int r = bad_sizes[k][0], c = bad_sizes[k][1], searched;
		unsigned per;
		char buf[8];
		EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, r, c, s, NULL, &d, err));
		EXPECT(SLIDETAB_EINVAL, slidetab_path(db, r, c, s, NULL, buf, sizeof buf, err));
		EXPECT(SLIDETAB_EINVAL, slidetab_batch_plan(db, r, c, 2, &searched, &per, err));
	}
	EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, 3, 3, twice, NULL, &d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, 3, 3, big, NULL, &d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, 3, 3, s, twice, &d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, 3, 3, NULL, NULL, &d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distance(db, 3, 3, s, NULL, NULL, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_path(db, 3, 3, s, NULL, NULL, 64, err));
	ck_assert_uint_eq(d, 77); /* nothing written on an error */

	/* The path buffer: too small by one is refused, nothing written past cap. */
	ck_assert_int_eq(slidetab_distance(db, 3, 3, s, NULL, &d, NULL), SLIDETAB_OK);
	ck_assert_uint_gt(d, 2);
	char moves[64];
	for (size_t cap = 0; cap <= d; cap++) {
		memset(moves, '#', sizeof moves);
		EXPECT(SLIDETAB_EINVAL, slidetab_path(db, 3, 3, s, NULL, moves, cap, err));
		for (size_t k = cap; k < sizeof moves; k++)
			ck_assert_msg(moves[k] == '#', "cap %zu: byte %zu written", cap, k);
	}
	memset(moves, '#', sizeof moves);
	ck_assert_int_eq(slidetab_path(db, 3, 3, s, NULL, moves, d + 1, NULL), SLIDETAB_OK);
	ck_assert_uint_eq(strlen(moves), d);
	ck_assert_int_eq(moves[d + 1], '#');

	EXPECT(SLIDETAB_UNSOLVABLE, slidetab_distance(db, 3, 3, swapped, NULL, &d, err));
	EXPECT(SLIDETAB_UNSOLVABLE, slidetab_path(db, 3, 3, swapped, NULL, moves, sizeof moves, err));
	/* No 2x2 table in this folder; nor one for the 3x3 edge class. */
	unsigned char s22[4] = { 1, 2, 3, 0 }, edge[9] = { 1, 0, 2, 3, 4, 5, 6, 7, 8 };
	EXPECT(SLIDETAB_ENOTABLE, slidetab_distance(db, 2, 2, s22, NULL, &d, err));
	slidetab_distance(db, 2, 2, s22, NULL, &d, &e);
	ck_assert_msg(strstr(e.msg, "2x2-b0.tbl") != NULL, "%s", e.msg);
	EXPECT(SLIDETAB_ENOTABLE, slidetab_distance(db, 3, 3, s, edge, &d, err));
	slidetab_distance(db, 3, 3, s, edge, &d, &e);
	ck_assert_msg(strstr(e.msg, "3x3-b1.tbl") != NULL, "%s", e.msg);
	slidetab_close(db);

	/* A damaged table in the folder: refused when first used, naming the file. */
	char bad[128];
	snprintf(bad, sizeof bad, "%s/damaged", tmpdir);
	mkdir(bad, 0700);
	table_path(path, sizeof path, "none", 3, 3);
	size_t len;
	unsigned char *bytes = slurp(path, &len);
	bytes[len - 3] ^= 0x40;
	ck_assert_int_eq(tabname_exact(path, sizeof path, bad, 3, 3, 8, NULL), SLIDETAB_OK);
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(bytes, 1, len, f), len);
	fclose(f);
	free(bytes);
	ck_assert_int_eq(slidetab_open(&db, bad, NULL), SLIDETAB_OK);
	EXPECT(SLIDETAB_EFORMAT, slidetab_distance(db, 3, 3, s, NULL, &d, err));
	slidetab_path(db, 3, 3, s, NULL, moves, sizeof moves, &e);
	ck_assert_int_eq(e.status, SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(e.msg, "3x3-b0.tbl") != NULL, "%s", e.msg);
	slidetab_close(db);
}
END_TEST

/* A case of s; fixture: the tables built in tmpdir. */
static TCase *add_case(Suite *s, const char *name, int fixture)
{
	return testutil_case(s, name, fixture ? tables_setup : NULL, tables_teardown);
}

int main(void)
{
	Suite *s = suite_create("lib");
	TCase *cli = add_case(s, "cli", 0); /* CK_EXCLUDE_TAGS=cli: without bin/query and tables/ */
	tcase_add_test(cli, test_cli_default_boards);
	tcase_add_test(cli, test_cli_4x4);
	tcase_add_loop_test(add_case(s, "threads", 1), test_threads_one_handle, 0, 3);
	TCase *buffer = add_case(s, "buffer", 1);
	tcase_add_loop_test(buffer, test_buffer_like_file, 0, 3);
	tcase_add_loop_test(buffer, test_buffer_damaged, 0, 2);
	tcase_add_test(buffer, test_buffer_damaged_small);
	TCase *errors = add_case(s, "errors", 1);
	tcase_add_test(errors, test_strerror);
	tcase_add_test(errors, test_errors);
	return testutil_run(s, NULL);
}
