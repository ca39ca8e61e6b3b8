/* SPDX-License-Identifier: Zlib */
/* test_batch: slidetab_distances and slidetab_hint against single slidetab_distance calls: every
 * default board and 4x4 (random starts and goals), raw, zlib, compact, plain and half tables, one
 * handle on many threads, failing starts at any index, damaged blocks and every argument error.
 *
 * Runs from the repository root. The "tables" case needs the default tables (TEST_TABLES); the
 * others build theirs in a temporary folder (CK_EXCLUDE_TAGS=tables runs them alone, as under
 * ThreadSanitizer). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/answer.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/name.h"
#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

#ifndef TEST_TABLES
#define TEST_TABLES "tables"
#endif
#define MAXN 25

static uint64_t seed = 0x243f6a8885a308d3u;
static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)((seed >> 33) % n);
}

/* A random arrangement of n tiles. */
static void random_board(int n, unsigned char *t)
{
	for (int i = 0; i < n; i++) {
		int j = (int)pick((unsigned)i + 1);
		t[i] = t[j];
		t[j] = (unsigned char)i;
	}
}

/* The board g with its blank walked k random steps. */
static void near(const struct board *b, const unsigned char *g, int k, unsigned char *t)
{
	struct board_state s = { { 0 } };
	memcpy(s.t, g, (size_t)b->n);
	int blank = board_blank(b, &s);
	for (int i = 0; i < k;)
		i += board_move(b, &s, &blank, (enum board_dir)pick(4)) == 0;
	memcpy(t, s.t, (size_t)b->n);
}

/* The reference: one slidetab_distance call (SLIDETAB_NO_DISTANCE when unsolvable). */
static unsigned single(slidetab *db, int rows, int cols, const unsigned char *s, const unsigned char *g)
{
	unsigned d = 0;
	struct slidetab_error err = { 0 };
	int rc = slidetab_distance(db, rows, cols, s, g, &d, &err);
	quiet_assert_msg(rc == SLIDETAB_OK || rc == SLIDETAB_UNSOLVABLE, "%dx%d: status %d: %s", rows, cols, rc,
			 err.msg);
	return rc == SLIDETAB_OK ? d : SLIDETAB_NO_DISTANCE;
}

/* n starts for goal g: every fourth near it (the goal itself among them), the others random. */
static unsigned char *starts_for(const struct board *b, const unsigned char *g, size_t n, int far)
{
	unsigned char *s = malloc(n * (size_t)b->n);
	ck_assert_ptr_nonnull(s);
	for (size_t i = 0; i < n; i++) {
		if (far)
			random_board(b->n, s + i * (size_t)b->n);
		else
			near(b, g, i % 4 == 0 ? 0 : (int)pick(40), s + i * (size_t)b->n);
	}
	return s;
}

/* slidetab_distances on `threads` threads equals one slidetab_distance call a start; returns the
 * number of solvable starts. */
static size_t same_as_single(slidetab *db, int rows, int cols, size_t n, const unsigned char *s, const unsigned char *g,
			     unsigned threads)
{
	unsigned *d = malloc(n * sizeof *d);
	ck_assert_ptr_nonnull(d);
	struct slidetab_error err = { 0 };
	ck_assert_int_eq(slidetab_set_threads(db, threads, NULL), SLIDETAB_OK);
	int rc = slidetab_distances(db, rows, cols, n, s, g, d, &err);
	ck_assert_msg(rc == SLIDETAB_OK, "%dx%d, %zu starts: status %d: %s", rows, cols, n, rc, err.msg);
	size_t solvable = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned want = single(db, rows, cols, s + i * (size_t)(rows * cols), g);
		quiet_assert_msg(d[i] == want, "%dx%d start %zu: batch %u, single %u", rows, cols, i, d[i], want);
		solvable += want != SLIDETAB_NO_DISTANCE;
	}
	free(d);
	return solvable;
}

/* slidetab_hint equals the moves whose neighbour is one closer by slidetab_distance, and the
 * smallest of them starts slidetab_path's (lexicographically smallest) path. */
static void check_hint(slidetab *db, int rows, int cols, const unsigned char *s, const unsigned char *g)
{
	static const char letters[] = "dlru";
	struct board b;
	board_init(&b, rows, cols);
	unsigned d = 99, moves = 99, want = 0;
	struct slidetab_error err = { 0 };
	int rc = slidetab_hint(db, rows, cols, s, g, &d, &moves, &err);
	unsigned ref = single(db, rows, cols, s, g);
	if (ref == SLIDETAB_NO_DISTANCE) {
		ck_assert_int_eq(rc, SLIDETAB_UNSOLVABLE);
		ck_assert(d == 99 && moves == 99);
		return;
	}
	ck_assert_msg(rc == SLIDETAB_OK, "%dx%d: status %d: %s", rows, cols, rc, err.msg);
	ck_assert_uint_eq(d, ref);
	for (int dir = 0; dir < BOARD_NDIRS; dir++) {
		struct board_state nb = { { 0 } };
		memcpy(nb.t, s, (size_t)b.n);
		int blank = board_blank(&b, &nb);
		if (board_move(&b, &nb, &blank, (enum board_dir)dir) == 0 && single(db, rows, cols, nb.t, g) + 1 == ref)
			want |= 1u << dir;
	}
	ck_assert_msg(moves == want, "%dx%d at distance %u: hint %#x, neighbours one closer %#x", rows, cols, d, moves,
		      want);
	ck_assert_uint_eq(moves == 0, d == 0);
	char path[256];
	ck_assert_int_eq(slidetab_path(db, rows, cols, s, g, path, sizeof path, NULL), SLIDETAB_OK);
	if (d > 0)
		ck_assert_int_eq(path[0], letters[__builtin_ctz(moves)]);
}

static const int boards[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 }, { 2, 5 }, { 5, 2 } };

/* Every default board: random goals (every blank class), random and near starts, 1 and 2 threads. */
START_TEST(test_default_boards)
{
	slidetab *db;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&db, TEST_TABLES, &err) == SLIDETAB_OK, "%s", err.msg);
	for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
		int r = boards[k][0], c = boards[k][1];
		struct board b;
		board_init(&b, r, c);
		for (int goals = 0; goals < 4; goals++) {
			unsigned char g[MAXN], *s;
			random_board(b.n, g);
			/* 1,500 to 10,500 starts; emulated (testutil_emulated), 300 to 1,200 */
			size_t n = testutil_emulated() ? 300 + pick(900) : 1500 + pick(9000), solvable = 0;
			s = starts_for(&b, g, n, goals & 1);
			solvable += same_as_single(db, r, c, n, s, goals == 3 ? NULL : g, 1 + (unsigned)goals % 2);
			ck_assert_uint_gt(solvable, goals & 1 ? n / 4 : n - 1);
			ck_assert_uint_lt(solvable, goals & 1 ? 3 * n / 4 : n + 1);
			for (size_t i = 0; i < 40; i++)
				check_hint(db, r, c, s + i * (size_t)b.n, g);
			free(s);
		}
	}
	slidetab_close(db);
}
END_TEST

/* 4x4 by search: batches of near starts on two threads, hints, and the move limit. */
START_TEST(test_4x4)
{
	slidetab *db;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&db, TEST_TABLES, &err) == SLIDETAB_OK, "%s", err.msg);
	struct board b;
	board_init(&b, 4, 4);
	unsigned char g[16], s[24 * 16];
	random_board(16, g);
	for (int i = 0; i < 24; i++)
		near(&b, g, i == 0 ? 0 : 6 + (int)pick(20), s + i * 16);
	unsigned char *u = s + 7 * 16; /* start 7: two tiles swapped, unsolvable */
	int x = u[0] ? 0 : 1, y = u[x + 1] ? x + 1 : x + 2;
	unsigned char t = u[x];
	u[x] = u[y], u[y] = t;
	ck_assert_uint_eq(same_as_single(db, 4, 4, 24, s, g, 2), 23);
	for (int i = 0; i < 3; i++) /* one start: both threads inside its search */
		ck_assert_uint_eq(same_as_single(db, 4, 4, 1, s + i * 16, g, 2), 1);
	for (int i = 0; i < 6; i++)
		check_hint(db, 4, 4, s + i * 16, g);
	/* A limit below some starts' distance: those fail, the first named, the others answered. */
	unsigned d[24], want[24];
	size_t first = 24;
	for (size_t i = 0; i < 24; i++)
		want[i] = single(db, 4, 4, s + i * 16, g);
	unsigned limit = want[1] > 3 ? want[1] - 2 : 2;
	for (size_t i = 24; i-- > 0;)
		if (want[i] != SLIDETAB_NO_DISTANCE && want[i] > limit)
			first = i;
	ck_assert_uint_lt(first, 24);
	ck_assert_int_eq(slidetab_set_max_depth(db, limit, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_distances(db, 4, 4, 24, s, g, d, &err), SLIDETAB_ELIMIT);
	char name[32];
	snprintf(name, sizeof name, "start %zu:", first);
	ck_assert_msg(strstr(err.msg, name) != NULL, "%s (want %s)", err.msg, name);
	for (size_t i = 0; i < 24; i++)
		ck_assert_uint_eq(d[i],
				  want[i] != SLIDETAB_NO_DISTANCE && want[i] > limit ? SLIDETAB_NO_DISTANCE : want[i]);
	unsigned hd = 0, hm = 0;
	ck_assert_int_eq(slidetab_hint(db, 4, 4, s + first * 16, g, &hd, &hm, &err), SLIDETAB_ELIMIT);
	slidetab_close(db);
}
END_TEST

/* Tables built for the other cases: 3x3 with the blank last, one folder per kind. */
static char tmpdir[64];
static const char *const kinds[] = { "mdres", "zlib", "compact", "plain", "half" };
#define NKINDS 5

static void dir_of(char *buf, size_t len, const char *kind)
{
	snprintf(buf, len, "%s/%s", tmpdir, kind);
}

static void tables_setup(void)
{
	static const int compress[NKINDS] = { 0, 1, 2, 0, 1 };
	static const uint32_t entry[NKINDS] = { TABLE_ENTRY_MDRES, TABLE_ENTRY_MDRES, TABLE_ENTRY_MDRES,
						TABLE_ENTRY_PLAIN, TABLE_ENTRY_HALF };
	snprintf(tmpdir, sizeof tmpdir, "/tmp/slidetab-batchtest-XXXXXX");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		exit(1);
	}
	for (int k = 0; k < NKINDS; k++) {
		char dir[128];
		dir_of(dir, sizeof dir, kinds[k]);
		mkdir(dir, 0700);
		testtables_exact_entry(dir, 3, 3, 8, compress[k], entry[k]);
	}
}

static void tables_teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "test_batch: could not remove %s\n", tmpdir);
}

/* A random 3x3 goal with the blank in a corner (the class the built tables answer). */
static void corner_goal(unsigned char *g)
{
	static const int corners[] = { 0, 2, 6, 8 };
	random_board(9, g);
	int b = 0, k = corners[pick(4)];
	while (g[b])
		b++;
	g[b] = g[k], g[k] = 0;
}

static slidetab *open_kind(const char *kind)
{
	char dir[128];
	slidetab *db;
	struct slidetab_error err;
	dir_of(dir, sizeof dir, kind);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	return db;
}

/* Each kind of table: batches on 1 and 2 threads, and hints. */
START_TEST(test_entries)
{
	slidetab *db = open_kind(kinds[_i]);
	struct board b;
	board_init(&b, 3, 3);
	for (int k = 0; k < 4; k++) {
		unsigned char g[9];
		corner_goal(g);
		size_t n = _i == 2 ? 800 : 6000 + pick(3000);
		unsigned char *s = starts_for(&b, g, n, k & 1);
		same_as_single(db, 3, 3, n, s, g, 1 + (unsigned)k / 2);
		for (size_t i = 0; i < 60; i++)
			check_hint(db, 3, 3, s + i * 9, g);
		free(s);
	}
	slidetab_close(db);
}
END_TEST

/* Several threads, each with its own goal, batch on one handle (each batch on two threads). */
struct test_batch_job {
	slidetab *db;
	unsigned char g[9], *s;
	unsigned *want;
	size_t n;
	int wrong, rc;
};

static void *run_job(void *arg)
{
	struct test_batch_job *j = arg;
	unsigned *d = malloc(j->n * sizeof *d);
	for (int round = 0; round < 3 && d; round++) {
		j->rc |= slidetab_distances(j->db, 3, 3, j->n, j->s, j->g, d, NULL);
		for (size_t i = 0; i < j->n; i++)
			j->wrong += d[i] != j->want[i];
	}
	free(d);
	return NULL;
}

START_TEST(test_threads)
{
	enum { NJOBS = 4, N = 20000 };
	slidetab *db = open_kind("zlib");
	ck_assert_int_eq(slidetab_set_threads(db, 2, NULL), SLIDETAB_OK);
	struct board b;
	board_init(&b, 3, 3);
	struct test_batch_job jobs[NJOBS];
	pthread_t th[NJOBS];
	for (int t = 0; t < NJOBS; t++) {
		jobs[t] = (struct test_batch_job){ .db = db, .n = N };
		corner_goal(jobs[t].g);
		jobs[t].s = starts_for(&b, jobs[t].g, N, 1);
		jobs[t].want = malloc(N * sizeof *jobs[t].want);
		ck_assert_ptr_nonnull(jobs[t].want);
		for (size_t i = 0; i < N; i++)
			jobs[t].want[i] = single(db, 3, 3, jobs[t].s + i * 9, jobs[t].g);
	}
	for (int t = 0; t < NJOBS; t++)
		ck_assert_int_eq(pthread_create(&th[t], NULL, run_job, &jobs[t]), 0);
	for (int t = 0; t < NJOBS; t++) {
		pthread_join(th[t], NULL);
		ck_assert_msg(jobs[t].rc == SLIDETAB_OK && jobs[t].wrong == 0,
			      "thread %d: status %d, %d answers differ", t, jobs[t].rc, jobs[t].wrong);
		free(jobs[t].s);
		free(jobs[t].want);
	}
	slidetab_close(db);
}
END_TEST

#define EXPECT(want, call) EXPECT_STATUS(want, call)

/* Argument errors of both calls: nothing written. */
START_TEST(test_arguments)
{
	slidetab *db = open_kind("mdres");
	unsigned char s[2 * 9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0, 8, 1, 3, 4, 5, 6, 7, 2, 0 };
	unsigned char twice[9] = { 1, 1, 2, 3, 4, 5, 6, 7, 0 }, centre[9] = { 1, 2, 3, 4, 0, 5, 6, 7, 8 };
	unsigned d[2] = { 77, 77 }, hd = 77, hm = 77;
	EXPECT(SLIDETAB_EINVAL, slidetab_distances(NULL, 3, 3, 2, s, NULL, d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distances(db, 3, 3, 2, NULL, NULL, d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distances(db, 3, 3, 2, s, NULL, NULL, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distances(db, 3, 3, 2, s, twice, d, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_distances(db, 3, 3, SIZE_MAX / 4, s, NULL, d, err));
	static const int bad_sizes[][2] = { { 1, 9 }, { 0, 0 }, { -3, -3 }, { 6, 5 }, { 3, 0 } };
	for (size_t k = 0; k < sizeof bad_sizes / sizeof bad_sizes[0]; k++) {
		EXPECT(SLIDETAB_EINVAL, slidetab_distances(db, bad_sizes[k][0], bad_sizes[k][1], 2, s, NULL, d, err));
		EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, bad_sizes[k][0], bad_sizes[k][1], s, NULL, &hd, &hm, err));
	}
	/* No table for goals with the blank in the centre in this folder. */
	EXPECT(SLIDETAB_ENOTABLE, slidetab_distances(db, 3, 3, 2, s, centre, d, err));
	EXPECT(SLIDETAB_ENOTABLE, slidetab_hint(db, 3, 3, s, centre, &hd, &hm, err));
	ck_assert(d[0] == 77 && d[1] == 77);
	ck_assert_int_eq(slidetab_distances(db, 3, 3, 0, s, NULL, d, NULL), SLIDETAB_OK);
	ck_assert(d[0] == 77 && d[1] == 77);
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(NULL, 3, 3, s, NULL, &hd, &hm, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, 3, 3, NULL, NULL, &hd, &hm, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, 3, 3, twice, NULL, &hd, &hm, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, 3, 3, s, twice, &hd, &hm, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, 3, 3, s, NULL, NULL, &hm, err));
	EXPECT(SLIDETAB_EINVAL, slidetab_hint(db, 3, 3, s, NULL, &hd, NULL, err));
	EXPECT(SLIDETAB_UNSOLVABLE,
	       slidetab_hint(db, 3, 3, (unsigned char[9]){ 2, 1, 3, 4, 5, 6, 7, 8, 0 }, NULL, &hd, &hm, err));
	ck_assert(hd == 77 && hm == 77);
	ck_assert_int_eq(slidetab_hint(db, 3, 3, s, NULL, &hd, &hm, NULL), SLIDETAB_OK);
	ck_assert(hd == 0 && hm == 0);
	ck_assert_int_eq(slidetab_distances(db, 3, 3, 2, s, NULL, d, NULL), SLIDETAB_OK);
	ck_assert(d[0] == 0 && d[1] == single(db, 3, 3, s + 9, NULL));
	slidetab_close(db);
}
END_TEST

/* Bad starts anywhere: every other start answered, the first bad one named, on 1 and 2 threads. */
START_TEST(test_bad_starts)
{
	enum { N = 3 * 4096 + 17 };
	slidetab *db = open_kind("mdres");
	struct board b;
	board_init(&b, 3, 3);
	unsigned char g[9];
	corner_goal(g);
	unsigned char *s = starts_for(&b, g, N, 1);
	unsigned *d = malloc(N * sizeof *d), *want = malloc(N * sizeof *want);
	ck_assert(d && want);
	for (size_t i = 0; i < N; i++)
		want[i] = single(db, 3, 3, s + i * 9, g);
	static const size_t bad[] = { 9000, 4100, 12300, 4097 };
	static const unsigned char junk[][2] = { { 0, 9 }, { 3, 200 }, { 8, 1 }, { 4, 255 } };
	for (int k = 0; k < 4; k++) {
		s[bad[k] * 9 + junk[k][0]] = junk[k][1]; /* a tile out of range, or one twice */
		want[bad[k]] = SLIDETAB_NO_DISTANCE;
		size_t first = bad[0];
		for (int j = 1; j <= k; j++)
			first = bad[j] < first ? bad[j] : first;
		for (unsigned threads = 1; threads <= 2; threads++) {
			struct slidetab_error err = { 0 };
			ck_assert_int_eq(slidetab_set_threads(db, threads, NULL), SLIDETAB_OK);
			ck_assert_int_eq(slidetab_distances(db, 3, 3, N, s, g, d, &err), SLIDETAB_EINVAL);
			char name[32];
			snprintf(name, sizeof name, "start %zu is not a 3x3 board", first);
			ck_assert_msg(strstr(err.msg, name) == err.msg, "%s (want %s)", err.msg, name);
			ck_assert_int_eq(err.status, SLIDETAB_EINVAL);
			for (size_t i = 0; i < N; i++)
				quiet_assert_msg(d[i] == want[i], "start %zu: %u, want %u", i, d[i], want[i]);
		}
	}
	free(s);
	free(d);
	free(want);
	slidetab_close(db);
}
END_TEST

/* A damaged block of a table checked block by block: the starts it holds fail (the first one
 * named), every other start is answered. */
START_TEST(test_damaged_block)
{
	enum { N = 20000 };
	char dir[128], path[TABNAME_MAX];
	snprintf(dir, sizeof dir, "%s/damaged", tmpdir);
	mkdir(dir, 0700);
	testtables_exact(dir, 3, 3, 8, 1);
	ck_assert_int_eq(tabname_exact(path, sizeof path, dir, 3, 3, 8, NULL), SLIDETAB_OK);
	FILE *f = fopen(path, "r+b");
	ck_assert_ptr_nonnull(f);
	fseek(f, -20, SEEK_END);
	int c = fgetc(f);
	fseek(f, -20, SEEK_END);
	fputc(c ^ 0x5a, f);
	fclose(f);
	setenv("SLIDETAB_WHOLE_LOAD", "1", 1); /* check and load one block at a time */
	slidetab *db, *good = open_kind("zlib");
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	unsetenv("SLIDETAB_WHOLE_LOAD");
	struct board b;
	board_init(&b, 3, 3);
	unsigned char g[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 }, *s = starts_for(&b, g, N, 1);
	unsigned *d = malloc(N * sizeof *d);
	ck_assert_ptr_nonnull(d);
	size_t first = N, failing = 0;
	for (size_t i = 0; i < N; i++) {
		unsigned v;
		int rc = slidetab_distance(db, 3, 3, s + i * 9, NULL, &v, NULL);
		ck_assert(rc == SLIDETAB_OK || rc == SLIDETAB_UNSOLVABLE || rc == SLIDETAB_EFORMAT);
		if (rc == SLIDETAB_EFORMAT && first == N)
			first = i;
		failing += rc == SLIDETAB_EFORMAT;
	}
	ck_assert_uint_gt(failing, 0);
	ck_assert_uint_lt(failing, N / 2);
	struct slidetab_error err = { 0 };
	ck_assert_int_eq(slidetab_distances(db, 3, 3, N, s, NULL, d, &err), SLIDETAB_EFORMAT);
	char name[32];
	snprintf(name, sizeof name, "start %zu: ", first);
	ck_assert_msg(strstr(err.msg, name) == err.msg, "%s (want %s)", err.msg, name);
	for (size_t i = 0; i < N; i++) {
		unsigned v;
		int rc = slidetab_distance(db, 3, 3, s + i * 9, NULL, &v, NULL);
		ck_assert_uint_eq(d[i], rc == SLIDETAB_OK ? single(good, 3, 3, s + i * 9, NULL) : SLIDETAB_NO_DISTANCE);
	}
	free(d);
	free(s);
	slidetab_close(db);
	slidetab_close(good);
}
END_TEST

/* A batch's threads per search: the plan's, or shared among fewer puzzles than it answers at once. */
START_TEST(test_batch_threads)
{
	ck_assert_uint_eq(slidetab_batch_threads(2, 1, 1), 2); /* one 4x4 start on two threads */
	ck_assert_uint_eq(slidetab_batch_threads(2, 1, 2), 1);
	ck_assert_uint_eq(slidetab_batch_threads(2, 1, 100), 1);
	ck_assert_uint_eq(slidetab_batch_threads(8, 1, 3), 2);
	ck_assert_uint_eq(slidetab_batch_threads(8, 1, 5), 1);
	ck_assert_uint_eq(slidetab_batch_threads(8, 8, 1), 8); /* 5x5: every thread in each search already */
	ck_assert_uint_eq(slidetab_batch_threads(8, 8, 40), 8);
	ck_assert_uint_eq(slidetab_batch_threads(3, 1, 2), 1);
	ck_assert_uint_eq(slidetab_batch_threads(2, 1, 0), 1);
}
END_TEST

/* A case of s; fixture: the tables built in tmpdir. */
static TCase *add_case(Suite *s, const char *name, int fixture)
{
	return testutil_case(s, name, fixture ? tables_setup : NULL, tables_teardown);
}

int main(void)
{
	Suite *s = suite_create("batch");
	TCase *tables = add_case(s, "tables", 0); /* CK_EXCLUDE_TAGS=tables: without the default tables */
	tcase_add_test(tables, test_default_boards);
	tcase_add_test(tables, test_4x4);
	TCase *built = add_case(s, "built", 1);
	tcase_add_loop_test(built, test_entries, 0, NKINDS);
	tcase_add_test(built, test_threads);
	tcase_add_test(built, test_batch_threads);
	tcase_add_test(built, test_arguments);
	tcase_add_test(built, test_bad_starts);
	tcase_add_test(built, test_damaged_block);
	return testutil_run(s, NULL);
}
