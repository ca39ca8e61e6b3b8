/* SPDX-License-Identifier: Zlib */
/* test_cache: what one libslidetab handle keeps: pattern-database sets by board and class, the
 * table cache (misses cost no slot, the least recently used is closed first, a full cache evicts,
 * eight threads on a cache of one or two), a table built after a miss, the fallback notice, the
 * progress hook and the parallel search.
 *
 * Distances are checked against a plain iterative-deepening search written here (no heuristic,
 * no table), on starts a few moves from the goal. Every case builds its own tables in a temporary
 * folder; the cli case also needs bin/query (`CK_EXCLUDE_TAGS=cli` runs without it, as .ci/run's
 * ThreadSanitizer step does). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv, nanosleep */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

#define QUERY_BIN "bin/query"
#define MAXN      25

static char dir[32];

static void dir_setup(void)
{
	testtables_dir(dir);
}

static void dir_teardown(void)
{
	testtables_remove(dir);
}

static uint64_t seed = 0x2545f4914f6cdd1du;

static unsigned rnd(unsigned n)
{
	return testutil_below(&seed, n);
}

/* The cell the blank reaches from b by letter m on rows x cols, or -1. */
static int step(int rows, int cols, int b, int m)
{
	int r = b / cols, c = b % cols;
	switch (m) {
	case 0: return r + 1 < rows ? b + cols : -1; /* d */
	case 1: return c > 0 ? b - 1 : -1;           /* l */
	case 2: return c + 1 < cols ? b + 1 : -1;    /* r */
	default: return r > 0 ? b - cols : -1;       /* u */
	}
}

static int blank_of(const unsigned char *t, int n)
{
	for (int i = 0; i < n; i++)
		if (t[i] == 0)
			return i;
	return -1;
}

/* The goal with the blank at `blank` and tiles in order; start: it after `moves` random moves
 * that never undo the previous one. */
static void puzzle(int rows, int cols, int blank, int moves, unsigned char *start, unsigned char *goal)
{
	int n = rows * cols, t = 1;
	for (int c = 0; c < n; c++)
		goal[c] = (unsigned char)(c == blank ? 0 : t++);
	memcpy(start, goal, (size_t)n);
	testutil_walk(&seed, rows, cols, start, moves);
}

/* Plain depth-first search to depth `left` (no heuristic): 1 when the goal is reached. */
static int dfs(int rows, int cols, unsigned char *t, int b, const unsigned char *g, int left, int prev)
{
	if (memcmp(t, g, (size_t)(rows * cols)) == 0)
		return 1;
	if (left == 0)
		return 0;
	for (int m = 0; m < 4; m++) {
		int to = step(rows, cols, b, m);
		if (to < 0 || m == 3 - prev)
			continue;
		t[b] = t[to], t[to] = 0;
		int found = dfs(rows, cols, t, to, g, left - 1, m);
		t[to] = t[b], t[b] = 0;
		if (found)
			return 1;
	}
	return 0;
}

/* The exact distance by iterative deepening (the start must be at most 30 moves away). */
static unsigned iddfs(int rows, int cols, const unsigned char *s, const unsigned char *g)
{
	unsigned char t[MAXN];
	memcpy(t, s, (size_t)(rows * cols));
	for (int d = 0; d <= 30; d++)
		if (dfs(rows, cols, t, blank_of(t, rows * cols), g, d, -1))
			return (unsigned)d;
	ck_abort_msg("no path within 30 moves");
	return 0;
}

/* Answers a puzzle `moves` from the goal with the blank at `blank` and checks it against iddfs. */
static void check_one(slidetab *db, int rows, int cols, int blank, int moves)
{
	unsigned char s[MAXN], g[MAXN];
	char path[128];
	struct slidetab_error e = { 0 };
	puzzle(rows, cols, blank, moves, s, g);
	unsigned want = iddfs(rows, cols, s, g), d = 999;
	ck_assert_msg(slidetab_distance(db, rows, cols, s, g, &d, &e) == SLIDETAB_OK, "%dx%d blank %d: %s", rows, cols,
		      blank, e.msg);
	ck_assert_uint_eq(d, want);
	ck_assert_msg(slidetab_path(db, rows, cols, s, g, path, sizeof path, &e) == SLIDETAB_OK, "%s", e.msg);
	ck_assert_uint_eq(strlen(path), want);
	ck_assert(testutil_replays(rows, cols, s, g, path));
}

/* 4x4 and 5x5 corner goals share class 0, and a 3x5 call has class 0 too: each
 * is keyed by its board, so none spoils another on one handle. */
START_TEST(test_sets_by_board)
{
	testtables_555(dir, 0);
	testtables_preset(dir, 5, 5, 0, "444444");
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	unsigned char s[15], g[15];
	unsigned d;
	for (int round = 0; round < 2; round++) {
		check_one(db, 4, 4, 0, 12);
		check_one(db, 5, 5, 0, 12);
		check_one(db, 4, 4, 15, 10); /* the same class, another corner */
		check_one(db, 5, 5, 24, 10);
		puzzle(3, 5, 0, 6, s, g);
		ck_assert_int_eq(slidetab_distance(db, 3, 5, s, g, &d, &e), SLIDETAB_ENOTABLE);
		ck_assert_msg(strstr(e.msg, "3x5") != NULL, "%s", e.msg);
		check_one(db, 4, 4, 3, 12);
		check_one(db, 5, 5, 4, 12);
	}
	slidetab_close(db);
}
END_TEST

/* Writes n puzzles (rows x cols, blank at cell 0) to path, one a line, and their distances to want[]. */
static void write_puzzles(const char *path, int rows, int cols, int n, unsigned *want)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < n; i++) {
		unsigned char s[MAXN], g[MAXN];
		puzzle(rows, cols, rows * cols - 1, 8 + 2 * i, s, g);
		want[i] = iddfs(rows, cols, s, g);
		for (int c = 0; c < rows * cols; c++)
			fprintf(f, "%s%d", c ? " " : "", s[c]);
		fputc('\n', f);
	}
	fclose(f);
}

/* `query a16.txt b25.txt`: a 4x4 file, then a 5x5 one, on one handle. */
START_TEST(test_query_two_boards)
{
	testtables_555(dir, 15);
	testtables_preset(dir, 5, 5, 24, "444444");
	char a[64], b[64], errs[64], cmd[256];
	unsigned want[6];
	snprintf(a, sizeof a, "%s/a16.txt", dir);
	snprintf(b, sizeof b, "%s/b25.txt", dir);
	snprintf(errs, sizeof errs, "%s/stderr", dir);
	write_puzzles(a, 4, 4, 3, want);
	write_puzzles(b, 5, 5, 3, want + 3);
	snprintf(cmd, sizeof cmd, "%s --tables %s %s %s 2>%s", QUERY_BIN, dir, a, b, errs);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	char line[256];
	int k = 0;
	while (fgets(line, sizeof line, p)) {
		ck_assert_msg(k < 6, "extra line %s", line);
		char want_line[32];
		snprintf(want_line, sizeof want_line, "%u\n", want[k]);
		ck_assert_str_eq(line, want_line);
		k++;
	}
	ck_assert_int_eq(k, 6);
	ck_assert_int_eq(pclose(p), 0);
	/* 5x5 from 4-4-4-4-4-4: one note on stderr, naming the make target, and nothing else */
	FILE *f = fopen(errs, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_msg(strncmp(line, "query: note: 5x5: ", 18) == 0 && strstr(line, "`make tables-24`\n"), "%s", line);
	ck_assert_ptr_null(fgets(line, sizeof line, f));
	fclose(f);
}
END_TEST

/* Copies file from into to (both in folders of the test). */
static void copy_file(const char *from, const char *to)
{
	char cmd[3 * TABNAME_MAX];
	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
	ck_assert_int_eq(system(cmd), 0);
}

/* A file of a 5-5-5 set replaced by another set's file is the one blamed: by
 * its tile set (a copy of a sibling), or by its goal (the same tiles for another corner). */
START_TEST(test_replaced_pdb_blamed)
{
	char other[64], from[TABNAME_MAX], names[3][TABNAME_MAX];
	uint32_t masks[PDB_PRESET_MAX];
	ck_assert_int_eq(pdb_preset("555", masks), 3);
	snprintf(other, sizeof other, "%s/other", dir);
	ck_assert_int_eq(mkdir(other, 0700), 0);
	testtables_555(dir, 0);
	testtables_555(other, 15);
	for (int k = 0; k < 3; k++)
		ck_assert_int_eq(tabname_pdb(names[k], TABNAME_MAX, dir, 4, 4, 0, masks[k], NULL), SLIDETAB_OK);
	for (int c = 0; c < 6; c++) {
		int victim = c % 3;
		char keep[TABNAME_MAX + 8];
		snprintf(keep, sizeof keep, "%s.keep", names[victim]);
		copy_file(names[victim], keep);
		if (c < 3) /* a sibling's file under this name */
			copy_file(names[(victim + 1) % 3], names[victim]);
		else { /* the same tiles, goal blank at 15 */
			int rc = tabname_pdb(from, sizeof from, other, 4, 4, 15, masks[victim], NULL);
			ck_assert_int_eq(rc, SLIDETAB_OK);
			copy_file(from, names[victim]);
		}
		slidetab *db;
		struct slidetab_error e;
		unsigned char s[16], g[16];
		unsigned d;
		ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
		puzzle(4, 4, 0, 6, s, g);
		ck_assert_int_eq(slidetab_distance(db, 4, 4, s, g, &d, &e), SLIDETAB_EFORMAT);
		for (int k = 0; k < 3; k++)
			ck_assert_msg((strstr(e.msg, names[k]) != NULL) == (k == victim), "file %d replaced: %s",
				      victim, e.msg);
		slidetab_close(db);
		copy_file(keep, names[victim]);
	}
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	check_one(db, 4, 4, 0, 12); /* the restored set answers */
	slidetab_close(db);
}
END_TEST

/* The boards answered from exact tables, each with every cell as the goal's blank. */
static const int exact_boards[][2] = { { 2, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 }, { 2, 5 }, { 5, 2 }, { 3, 4 },
				       { 4, 3 }, { 2, 6 }, { 6, 2 }, { 2, 7 }, { 7, 2 }, { 3, 2 } };

/* Lookups of absent tables (more than the cache holds) cost no slot: the
 * present table still answers. */
START_TEST(test_misses_cost_no_slot)
{
	testtables_exact(dir, 2, 3, 0, 1);
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	int misses = 0;
	for (size_t k = 0; k < sizeof exact_boards / sizeof exact_boards[0]; k++) {
		int r = exact_boards[k][0], c = exact_boards[k][1];
		for (int blank = 0; blank < r * c; blank++) {
			unsigned char s[MAXN], g[MAXN];
			unsigned d;
			struct slidetab_error e;
			puzzle(r, c, blank, 1, s, g);
			int rc = slidetab_distance(db, r, c, s, g, &d, &e);
			if (r * c == 6) /* 3x2 answers from the 2x3 table when its blank class is there */
				continue;
			ck_assert_msg(rc == SLIDETAB_ENOTABLE, "%dx%d blank %d: %d %s", r, c, blank, rc, e.msg);
			ck_assert_msg(strstr(e.msg, "no table") != NULL, "%s", e.msg);
			misses++;
		}
	}
	ck_assert_int_gt(misses, 64);
	check_one(db, 2, 3, 0, 5);
	check_one(db, 2, 3, 2, 5);
	check_one(db, 3, 2, 1, 5);
	slidetab_close(db);
}
END_TEST

/* The least recently used table is the one closed: with a cache of two, A (2x2), B (2x3), A,
 * then C (3x3) close B, not A. With A's and B's files removed, A still answers (open), and B must
 * be looked up again and is not found. */
START_TEST(test_lru_order)
{
	testtables_exact(dir, 2, 2, 0, 0);
	testtables_exact(dir, 2, 3, 0, 0);
	testtables_exact(dir, 3, 3, 0, 0);
	setenv("SLIDETAB_MAX_TABLES", "2", 1);
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	unsetenv("SLIDETAB_MAX_TABLES");
	check_one(db, 2, 2, 0, 3); /* A */
	check_one(db, 2, 3, 0, 5); /* B */
	check_one(db, 2, 2, 0, 3); /* A again: now B is the least recently used */
	check_one(db, 3, 3, 0, 5); /* C evicts B */
	char path[64];
	snprintf(path, sizeof path, "%s/2x2-b0.tbl", dir);
	ck_assert_int_eq(remove(path), 0);
	snprintf(path, sizeof path, "%s/2x3-b0.tbl", dir);
	ck_assert_int_eq(remove(path), 0);
	check_one(db, 2, 2, 0, 3); /* A was kept open */
	unsigned char st[MAXN], g[MAXN];
	unsigned d;
	struct slidetab_error e = { 0 };
	puzzle(2, 3, 0, 3, st, g);
	ck_assert_int_eq(slidetab_distance(db, 2, 3, st, g, &d, &e), SLIDETAB_ENOTABLE);
	check_one(db, 3, 3, 0, 5); /* C is still open */
	slidetab_close(db);
}
END_TEST

/* Answers npuz puzzles (goal blank 0 on 3x3) and counts them: right (the distance want[i] and a
 * path of that length that replays) or refused (a damaged or foreign table); never a wrong one. */
static int answer_all(slidetab *db, unsigned char (*st)[9], unsigned char *g, const unsigned *want, int npuz)
{
	int refused = 0;
	for (int i = 0; i < npuz; i++) {
		unsigned d = 999;
		char path[64];
		struct slidetab_error e = { 0 };
		int rc = slidetab_distance(db, 3, 3, st[i], g, &d, &e);
		if (rc == SLIDETAB_EFORMAT || rc == SLIDETAB_EIO) {
			refused++;
			continue;
		}
		ck_assert_msg(rc == SLIDETAB_OK, "puzzle %d: status %d (%s)", i, rc, e.msg);
		ck_assert_msg(d == want[i], "puzzle %d: distance %u, not %u", i, d, want[i]);
		rc = slidetab_path(db, 3, 3, st[i], g, path, sizeof path, &e);
		ck_assert_msg(rc == SLIDETAB_OK || rc == SLIDETAB_EFORMAT, "puzzle %d: path status %d", i, rc);
		ck_assert(rc != SLIDETAB_OK || (strlen(path) == want[i] && testutil_replays(3, 3, st[i], g, path)));
	}
	return refused;
}

/* A table rewritten in place (as cp does: same file, truncated, new bytes) while a handle has it
 * open: once a second has passed, every answer is right (the file is opened again) or refused,
 * never one from the new bytes read through the old layout. The new content is the raw table of
 * another corner goal (same size, other bytes), the zlib table (smaller: the old mapping would
 * reach past the end, SIGBUS) or the raw table with a byte damaged (refused). */
START_TEST(test_changed_in_place)
{
	enum { NPUZ = 200 };
	static unsigned char st[NPUZ][9];
	unsigned char g[9];
	unsigned want[NPUZ];
	char other[32], from[64], to[64];
	testtables_dir(other);
	testtables_exact(dir, 3, 3, 0, 0);
	testtables_exact(other, 3, 3, _i == 0 ? 2 : 0, _i == 1 ? 1 : 0);
	snprintf(from, sizeof from, "%s/3x3-b0.tbl", other);
	snprintf(to, sizeof to, "%s/3x3-b0.tbl", dir);
	if (_i == 2) { /* one payload byte of the copy flipped, its CRC left */
		FILE *f = fopen(from, "r+b");
		ck_assert_ptr_nonnull(f);
		ck_assert_int_eq(fseek(f, 4096 + 20000, SEEK_SET), 0);
		int c = fgetc(f);
		ck_assert_int_eq(fseek(f, 4096 + 20000, SEEK_SET), 0);
		fputc(c ^ 0x5a, f);
		fclose(f);
	}
	for (int i = 0; i < NPUZ; i++) {
		puzzle(3, 3, 0, 4 + i % 11, st[i], g);
		want[i] = iddfs(3, 3, st[i], g);
	}
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	ck_assert_int_eq(answer_all(db, st, g, want, NPUZ), 0);
	ck_assert(testtables_copy(from, to));     /* in place: the same file, truncated and rewritten */
	struct timespec pause = { 1, 200000000 }; /* past the once-a-second look at the file */
	nanosleep(&pause, NULL);
	int refused = answer_all(db, st, g, want, NPUZ);
	if (_i == 2)
		ck_assert_int_eq(refused, NPUZ);
	else
		ck_assert_int_eq(refused, 0);
	slidetab_close(db);
	testtables_remove(other);
}
END_TEST

/* Rewrites the file at path in place, as cp does (the same file, truncated, then written): cut == 0,
 * with the byte in its middle flipped; else its first half. (By name, not by readdir: a 32-bit
 * build without large-file support cannot list a folder whose inode numbers need 64 bits.) */
static void rewrite_in_place(const char *path, int cut)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot read %s", path);
	static unsigned char buf[1 << 20];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	ck_assert(n > 0 && n < sizeof buf);
	buf[n / 2] ^= 0xff;
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(buf, 1, cut ? n / 2 : n, f), cut ? n / 2 : n);
	ck_assert_int_eq(fclose(f), 0);
}

/* The same for a mapped zero-aware set (3x5, auto3, --entry zbit): one of its files rewritten in
 * place with a byte damaged, or cut to half its size (the old mapping would reach past its end,
 * SIGBUS): after a second, every answer is refused; none comes from the changed file. */
START_TEST(test_set_changed_in_place)
{
	enum { NPUZ = 20 };
	unsigned char st[NPUZ][15], g[15];
	unsigned want[NPUZ];
	testtables_auto_entry(dir, 3, 5, 0, 3, TABLE_ENTRY_ZBIT);
	for (int i = 0; i < NPUZ; i++) {
		puzzle(3, 5, 0, 4 + i % 7, st[i], g);
		want[i] = iddfs(3, 5, st[i], g);
	}
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	for (int i = 0; i < NPUZ; i++) {
		unsigned d = 999;
		struct slidetab_error e = { 0 };
		ck_assert_msg(slidetab_distance(db, 3, 5, st[i], g, &d, &e) == SLIDETAB_OK, "%s", e.msg);
		ck_assert_uint_eq(d, want[i]);
	}
	uint32_t masks[PDB_PRESET_MAX];
	char path[TABNAME_MAX];
	struct slidetab_error err;
	ck_assert_int_gt(pdb_auto(3, 5, 0, 3, masks), 0);
	ck_assert(tabname_pdb(path, sizeof path, dir, 3, 5, 0, masks[0], &err) == SLIDETAB_OK);
	rewrite_in_place(path, _i);
	struct timespec pause = { 1, 200000000 }; /* past the once-a-second look at the files */
	nanosleep(&pause, NULL);
	for (int i = 0; i < NPUZ; i++) {
		unsigned d = 999;
		struct slidetab_error e = { 0 };
		int rc = slidetab_distance(db, 3, 5, st[i], g, &d, &e);
		ck_assert_msg(rc == SLIDETAB_EFORMAT, "puzzle %d after the change: status %d, distance %u (%s)", i, rc,
			      d, e.msg);
	}
	slidetab_close(db);
}
END_TEST

/* The tables of the eviction case: 2x2, 2x3 (both classes), 3x3 (all three). */
static const int evict_keys[][3] = { { 2, 2, 0 }, { 2, 3, 0 }, { 2, 3, 1 }, { 3, 3, 0 }, { 3, 3, 1 }, { 3, 3, 4 } };
#define NKEYS    (int)(sizeof evict_keys / sizeof evict_keys[0])
#define NPUZ     600
#define NTHREADS 8

struct evict_puz {
	int rows, cols;
	unsigned char s[MAXN], g[MAXN];
	unsigned want;
};
static struct evict_puz epuz[NPUZ];

struct test_cache_worker {
	slidetab *db;
	int first, bad;
	char why[300];
};

static void *evict_work(void *arg)
{
	struct test_cache_worker *w = arg;
	for (int k = 0; k < NPUZ && !w->bad; k++) {
		const struct evict_puz *p = &epuz[(k + w->first) % NPUZ];
		unsigned d = 0;
		char path[64];
		struct slidetab_error e = { 0 };
		int rc = slidetab_distance(w->db, p->rows, p->cols, p->s, p->g, &d, &e);
		if (rc == SLIDETAB_OK)
			rc = slidetab_path(w->db, p->rows, p->cols, p->s, p->g, path, sizeof path, &e);
		if (rc != SLIDETAB_OK || d != p->want || strlen(path) != d ||
		    !testutil_replays(p->rows, p->cols, p->s, p->g, path))
			w->bad = 1, snprintf(w->why, sizeof w->why, "puzzle %d: status %d, %u moves (want %u): %s",
					     (k + w->first) % NPUZ, rc, d, p->want, e.msg);
	}
	return NULL;
}

/* A full cache evicts (never refuses), and a table in use on another thread is not closed under
 * it: eight threads on one handle whose cache holds $SLIDETAB_MAX_TABLES = 1 or 2 of six tables. */
START_TEST(test_evict_threads)
{
	static const char *const caps[] = { "1", "2" };
	for (int k = 0; k < NKEYS; k++)
		testtables_exact(dir, evict_keys[k][0], evict_keys[k][1], evict_keys[k][2], k % 2);
	for (int i = 0; i < NPUZ; i++) {
		const int *key = evict_keys[rnd(NKEYS)];
		struct evict_puz *p = &epuz[i];
		p->rows = key[0], p->cols = key[1];
		int blank; /* a cell of the key's class: the class cell itself or its mirror */
		blank = rnd(2) ? key[2] : p->rows * p->cols - 1 - key[2];
		puzzle(p->rows, p->cols, blank, 4 + (int)rnd(12), p->s, p->g);
		p->want = iddfs(p->rows, p->cols, p->s, p->g);
	}
	setenv("SLIDETAB_MAX_TABLES", caps[_i], 1);
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	unsetenv("SLIDETAB_MAX_TABLES");
	pthread_t th[NTHREADS];
	struct test_cache_worker w[NTHREADS];
	for (int t = 0; t < NTHREADS; t++) {
		w[t] = (struct test_cache_worker){ .db = db, .first = t * (NPUZ / NTHREADS) };
		ck_assert_int_eq(pthread_create(&th[t], NULL, evict_work, &w[t]), 0);
	}
	for (int t = 0; t < NTHREADS; t++)
		pthread_join(th[t], NULL);
	for (int t = 0; t < NTHREADS; t++)
		ck_assert_msg(!w[t].bad, "cache of %s, thread %d: %s", caps[_i], t, w[t].why);
	slidetab_close(db);
}
END_TEST

/* A table built after a miss is found by the same handle (a second later). */
START_TEST(test_built_after_miss)
{
	slidetab *db;
	unsigned char s[MAXN], g[MAXN];
	unsigned d;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	puzzle(3, 3, 8, 9, s, g);
	ck_assert_int_eq(slidetab_distance(db, 3, 3, s, g, &d, &e), SLIDETAB_ENOTABLE);
	ck_assert_msg(strstr(e.msg, "3x3-b0.tbl") != NULL, "%s", e.msg);
	testtables_exact(dir, 3, 3, 0, 0);
	struct timespec pause = { 1, 100000000 }; /* past the one-second recheck interval */
	nanosleep(&pause, NULL);
	check_one(db, 3, 3, 8, 9);
	/* The same for a pattern-database set. */
	puzzle(4, 4, 15, 8, s, g);
	ck_assert_int_eq(slidetab_distance(db, 4, 4, s, g, &d, &e), SLIDETAB_ENOTABLE);
	testtables_555(dir, 15);
	nanosleep(&pause, NULL);
	check_one(db, 4, 4, 15, 8);
	slidetab_close(db);
}
END_TEST

struct notices {
	int count;
	char last[256];
};

static void on_notice(void *ctx, const char *msg)
{
	struct notices *n = ctx;
	n->count++;
	snprintf(n->last, sizeof n->last, "%s", msg);
}

/* 5x5 without 6-6-6-6 falls back to 4-4-4-4-4-4 and says so once per handle;
 * 4x4 on its 5-5-5 set says nothing. */
START_TEST(test_fallback_notice)
{
	testtables_preset(dir, 5, 5, 0, "444444");
	testtables_555(dir, 0);
	struct notices n = { 0 };
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_set_notice(db, on_notice, &n, NULL), SLIDETAB_OK);
	check_one(db, 4, 4, 0, 10);
	ck_assert_int_eq(n.count, 0);
	for (int i = 0; i < 3; i++)
		check_one(db, 5, 5, i % 2 ? 24 : 0, 10);
	ck_assert_int_eq(n.count, 1);
	ck_assert_msg(strstr(n.last, "make tables-24") && strstr(n.last, "444444") && strstr(n.last, "6666") &&
			      !strchr(n.last, '\n'),
		      "%s", n.last);
	slidetab_close(db);
	/* fn NULL: off */
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_set_notice(db, NULL, NULL, NULL), SLIDETAB_OK);
	check_one(db, 5, 5, 0, 10);
	slidetab_close(db);
	ck_assert_int_eq(n.count, 1);
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_set_notice(NULL, on_notice, &n, &e), SLIDETAB_EINVAL);
	ck_assert(e.msg[0] != '\0');
}
END_TEST

struct progress {
	int calls, dones, done_last, bad;
	unsigned last_bound;
	unsigned long long last_nodes;
};

static void on_progress(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done)
{
	struct progress *p = ctx;
	if (bound < p->last_bound || nodes < p->last_nodes || seconds < 0 || (p->calls && p->done_last))
		p->bad = 1; /* bounds and nodes only grow, nothing after done */
	p->calls++, p->dones += done != 0, p->done_last = done != 0;
	p->last_bound = bound, p->last_nodes = nodes;
}

/* slidetab_set_progress: the hook runs, done = 1 last with the final bound ($SLIDETAB_PROGRESS_AFTER
 * = 0 reports from the start, so no search has to run for a second). One and three threads. */
START_TEST(test_progress_hook)
{
	testtables_555(dir, 15);
	setenv("SLIDETAB_PROGRESS_AFTER", "0", 1);
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, dir, NULL), SLIDETAB_OK);
	struct progress p = { 0 };
	ck_assert_int_eq(slidetab_set_progress(db, on_progress, &p, NULL), SLIDETAB_OK);
	unsetenv("SLIDETAB_PROGRESS_AFTER");
	ck_assert_int_eq(slidetab_set_threads(db, 1 + 2 * (unsigned)_i, NULL), SLIDETAB_OK);
	unsigned char s[16], g[16];
	unsigned d;
	puzzle(4, 4, 15, 20, s, g);
	unsigned want = iddfs(4, 4, s, g);
	ck_assert_int_eq(slidetab_distance(db, 4, 4, s, g, &d, NULL), SLIDETAB_OK);
	ck_assert_uint_eq(d, want);
	ck_assert_int_ge(p.calls, 1);
	ck_assert_int_eq(p.dones, 1);
	ck_assert(p.done_last && !p.bad);
	ck_assert_uint_eq(p.last_bound, want);
	ck_assert_uint_gt(p.last_nodes, 0);
	slidetab_close(db);
}
END_TEST

/* The parallel search (2..4 threads in one search) gives the answer of one thread, on 4x4 and 5x5
 * (.ci/run runs this under ThreadSanitizer). */
START_TEST(test_parallel_search)
{
	testtables_555(dir, 15);
	testtables_preset(dir, 5, 5, 24, "444444");
	slidetab *one, *many;
	ck_assert_int_eq(slidetab_open(&one, dir, NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_open(&many, dir, NULL), SLIDETAB_OK);
	for (unsigned threads = 2; threads <= 4; threads++) {
		ck_assert_int_eq(slidetab_set_threads(many, threads, NULL), SLIDETAB_OK);
		for (int n = 16; n <= 25; n += 9) {
			int side = n == 16 ? 4 : 5;
			unsigned char s[MAXN], g[MAXN];
			char p1[128], pn[128];
			puzzle(side, side, n - 1, 18, s, g);
			unsigned want = iddfs(side, side, s, g);
			ck_assert_int_eq(slidetab_path(one, side, side, s, g, p1, sizeof p1, NULL), SLIDETAB_OK);
			ck_assert_int_eq(slidetab_path(many, side, side, s, g, pn, sizeof pn, NULL), SLIDETAB_OK);
			ck_assert_uint_eq(strlen(p1), want);
			ck_assert_str_eq(pn, p1);
		}
	}
	slidetab_close(one);
	slidetab_close(many);
}
END_TEST

static TCase *add_case(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);
	tcase_set_tags(tc, name);
	tcase_set_timeout(tc, 600);
	tcase_add_checked_fixture(tc, dir_setup, dir_teardown);
	suite_add_tcase(s, tc);
	return tc;
}

int main(void)
{
	Suite *s = suite_create("cache");
	tcase_add_test(add_case(s, "sets"), test_sets_by_board);
	tcase_add_test(add_case(s, "cli"), test_query_two_boards);
	tcase_add_test(add_case(s, "misses"), test_misses_cost_no_slot);
	tcase_add_test(add_case(s, "lru"), test_lru_order);
	tcase_add_loop_test(add_case(s, "changed"), test_changed_in_place, 0, 3);
	tcase_add_loop_test(add_case(s, "changed"), test_set_changed_in_place, 0, 2);
	tcase_add_test(add_case(s, "replaced"), test_replaced_pdb_blamed);
	tcase_add_loop_test(add_case(s, "evict"), test_evict_threads, 0, 2);
	tcase_add_test(add_case(s, "recheck"), test_built_after_miss);
	tcase_add_test(add_case(s, "notice"), test_fallback_notice);
	tcase_add_loop_test(add_case(s, "progress"), test_progress_hook, 0, 2);
	tcase_add_test(add_case(s, "parallel"), test_parallel_search);
	return testutil_run(s, NULL);
}
