/* SPDX-License-Identifier: Zlib */
/* test_boards: optimal answers on 3x5, 5x3, 4x5 and 5x4 from automatic pattern-database sets.
 *
 * The library, opened on a folder holding only 3x5's and 4x5's auto4 sets (every blank class; 3x5's
 * zero-aware 1-bit entries, as make builds them, 4x5's Manhattan residues, so both decoders are searched),
 * answers short random walks from a random goal with the blank at every cell: 3x5 and 4x5 through
 * their own sets, 5x3 and 5x4 through the transposed ones. Each answer must equal, in length and
 * in letters, the one a plain IDA* with the Manhattan distance written here finds: it tries the
 * moves in d < l < r < u order and stops at the first path within the optimal bound, so its path
 * is the lexicographically smallest optimal one. Unsolvable pairs (two tiles of a walk swapped)
 * are refused on odd and even widths, and a board without sets names the command that builds
 * them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

#define MAXN 25

static char dir[32];
static uint64_t seed = 0x9e3779b97f4a7c15u;

/* 3x5 (zbit) and 4x5 (mdres), every class of blank cell (the cells 0, 1, 2, 5, 6, 7 on both). */
static void sets_setup(void)
{
	static const int classes[] = { 0, 1, 2, 5, 6, 7 };
	testtables_dir(dir);
	for (int i = 0; i < 6; i++) {
		testtables_auto_entry(dir, 3, 5, classes[i], 4, TABLE_ENTRY_ZBIT);
		testtables_auto(dir, 4, 5, classes[i], 4);
	}
}

static void sets_teardown(void)
{
	testtables_remove(dir);
}

/* The plain search: the state, the goal cell of each tile, the path so far. */
struct plain {
	int rows, cols, n, blank;
	unsigned char t[MAXN];
	int home[MAXN];
	char path[128];
};

static int manhattan(const struct plain *p)
{
	int h = 0;
	for (int c = 0; c < p->n; c++)
		if (p->t[c])
			h += abs(c / p->cols - p->home[p->t[c]] / p->cols) +
			     abs(c % p->cols - p->home[p->t[c]] % p->cols);
	return h;
}

/* Depth-first within bound; 1 when the goal is reached (path[0..g) holds the moves). */
static int plain_dfs(struct plain *p, int g, int h, int bound, int last)
{
	if (h == 0)
		return 1;
	if (g + h > bound)
		return 0;
	static const int dr[4] = { 1, 0, 0, -1 }, dc[4] = { 0, -1, 1, 0 };
	for (int m = 0; m < 4; m++) {
		if (last >= 0 && m == 3 - last)
			continue; /* the undo of the last move */
		int r = p->blank / p->cols + dr[m], c = p->blank % p->cols + dc[m];
		if (r < 0 || r >= p->rows || c < 0 || c >= p->cols)
			continue;
		int to = r * p->cols + c, tile = p->t[to], home = p->home[tile];
		int before = abs(to / p->cols - home / p->cols) + abs(to % p->cols - home % p->cols);
		int after = abs(p->blank / p->cols - home / p->cols) + abs(p->blank % p->cols - home % p->cols);
		int from = p->blank;
		p->t[from] = (unsigned char)tile, p->t[to] = 0, p->blank = to;
		p->path[g] = "dlru"[m];
		int found = plain_dfs(p, g + 1, h - before + after, bound, m);
		p->t[to] = (unsigned char)tile, p->t[from] = 0, p->blank = from;
		if (found)
			return 1;
	}
	return 0;
}

/* The lexicographically smallest optimal path from s to g into path; its length. */
static int plain_ida(int rows, int cols, const unsigned char *s, const unsigned char *g, char *path)
{
	struct plain p = { .rows = rows, .cols = cols, .n = rows * cols };
	memcpy(p.t, s, (size_t)p.n);
	for (int c = 0; c < p.n; c++) {
		p.home[g[c]] = c;
		if (!s[c])
			p.blank = c;
	}
	int h = manhattan(&p);
	for (int bound = h;; bound += 2)
		if (plain_dfs(&p, 0, h, bound, -1)) {
			memcpy(path, p.path, (size_t)bound);
			path[bound] = '\0';
			return bound;
		}
}

/* A random goal with the blank at cell `blank`, and a start `steps` random moves from it. */
static void puzzle(int rows, int cols, int blank, int steps, unsigned char *s, unsigned char *g)
{
	int n = rows * cols;
	testutil_shuffle(&seed, g, n);
	for (int c = 0; c < n; c++)
		if (g[c] == 0) {
			g[c] = g[blank];
			g[blank] = 0;
		}
	memcpy(s, g, (size_t)n);
	testutil_walk(&seed, rows, cols, s, steps);
}

/* Every goal blank cell of rows x cols, `each` walks of `steps` moves from it. */
static void boards_vs_plain(int rows, int cols, int steps, int each)
{
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, dir, &e), SLIDETAB_OK);
	int n = rows * cols;
	for (int blank = 0; blank < n; blank++)
		for (int k = 0; k < each; k++) {
			unsigned char s[MAXN], g[MAXN];
			char want[128], got[128];
			puzzle(rows, cols, blank, steps, s, g);
			int len = plain_ida(rows, cols, s, g, want);
			unsigned d = 0;
			ck_assert_msg(slidetab_distance(db, rows, cols, s, g, &d, &e) == SLIDETAB_OK,
				      "%dx%d blank %d: %s", rows, cols, blank, e.msg);
			ck_assert_uint_eq(d, (unsigned)len);
			ck_assert_msg(slidetab_path(db, rows, cols, s, g, got, sizeof got, &e) == SLIDETAB_OK, "%s",
				      e.msg);
			ck_assert_msg(strcmp(got, want) == 0, "%dx%d blank %d: path %s, plain IDA* %s", rows, cols,
				      blank, got, want);
		}
	slidetab_close(db);
}

/* 3x5 and 4x5 through their own sets, 5x3 and 5x4 through the transposed ones: rows, cols,
 * walk length, walks a goal blank cell. */
static const int walks[][4] = { { 3, 5, 30, 2 }, { 5, 3, 30, 2 }, { 4, 5, 24, 2 }, { 5, 4, 24, 1 } };

START_TEST(boards_walks)
{
	boards_vs_plain(walks[_i][0], walks[_i][1], walks[_i][2], walks[_i][3]);
}
END_TEST

/* A walk with two tiles swapped cannot reach its goal, on odd widths (3x5, 5x3, 4x5) and even
 * ones (5x4, 3x6, 2x8: refused before any set is looked for). */
START_TEST(unsolvable_pairs)
{
	static const int boards[][2] = { { 3, 5 }, { 5, 3 }, { 4, 5 }, { 5, 4 }, { 3, 6 }, { 2, 8 } };
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, dir, &e), SLIDETAB_OK);
	for (int i = 0; i < 6; i++) {
		int rows = boards[i][0], cols = boards[i][1], n = rows * cols;
		for (int blank = 0; blank < n; blank += 3) {
			unsigned char s[MAXN], g[MAXN];
			puzzle(rows, cols, blank, 12, s, g);
			int a = s[0] ? 0 : 1, b = s[n - 1] ? n - 1 : n - 2;
			unsigned char t = s[a];
			s[a] = s[b], s[b] = t;
			unsigned d;
			char path[128];
			EXPECT_STATUS(SLIDETAB_UNSOLVABLE, slidetab_distance(db, rows, cols, s, g, &d, err));
			EXPECT_STATUS(SLIDETAB_UNSOLVABLE, slidetab_path(db, rows, cols, s, g, path, sizeof path, err));
		}
	}
	slidetab_close(db);
}
END_TEST

/* 3x6 has no sets in the folder: ENOTABLE naming the gen command for the goal's class. */
START_TEST(no_sets_named)
{
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, dir, &e), SLIDETAB_OK);
	unsigned char s[MAXN], g[MAXN];
	puzzle(3, 6, 14, 10, s, g); /* cell 14 is in the class of cell 2 */
	unsigned d;
	EXPECT_STATUS(SLIDETAB_ENOTABLE, slidetab_distance(db, 3, 6, s, g, &d, err));
	ck_assert_int_eq(slidetab_distance(db, 3, 6, s, g, &d, &e), SLIDETAB_ENOTABLE);
	ck_assert_msg(strstr(e.msg, "gen --board 3x6 --blank 2 --pdb auto` in that folder") != NULL, "%s", e.msg);
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("boards");
	TCase *tc = testutil_case(s, "boards", sets_setup, sets_teardown);
	tcase_add_loop_test(tc, boards_walks, 0, 4);
	tcase_add_test(tc, unsolvable_pairs);
	tcase_add_test(tc, no_sets_named);
	return testutil_run(s, NULL);
}
