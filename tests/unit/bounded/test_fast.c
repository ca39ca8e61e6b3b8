/* SPDX-License-Identifier: Zlib */
/* test_fast: the constructive solver on every shape from 2x2 to 16x16: each path replayed by the test's own moves. */
#include <stdio.h>
#include <string.h>

#include "libslidetab/bounded/fast.h"
#include "tests/unit/refbfs.h"
#include "tests/unit/testutil.h"

/* The test's own solvability rule: inversions of the tiles read in goal order, and the blank's rows. */
static int solvable(int rows, int cols, const unsigned char *s, const unsigned char *g)
{
	int n = rows * cols, where[256], seq[256], m = 0, inv = 0, sb = 0, gb = 0;
	for (int c = 0; c < n; c++)
		where[g[c]] = c;
	for (int c = 0; c < n; c++) { /* the permutation cell -> goal cell, counted by inversions */
		seq[m++] = where[s[c]];
		if (!s[c])
			sb = c;
		if (!g[c])
			gb = c;
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			inv += seq[i] > seq[j];
	int taxi = abs(sb / cols - gb / cols) + abs(sb % cols - gb % cols);
	return (inv & 1) == (taxi & 1);
}

/* Solves s -> g, replays the path with testutil_move and checks it ends at g and the bound. */
static size_t check_one(int rows, int cols, const unsigned char *s, const unsigned char *g)
{
	char *moves;
	size_t len;
	struct slidetab_error err;
	int rc = fast_solve(rows, cols, s, g, &moves, &len, &err);
	ck_assert_msg(rc == SLIDETAB_OK, "%dx%d: status %d (%s)", rows, cols, rc, err.msg);
	ck_assert_uint_eq(strlen(moves), len);
	unsigned char cur[256];
	memcpy(cur, s, (size_t)(rows * cols));
	for (size_t i = 0; i < len; i++) {
		quiet_assert_msg(testutil_move(rows, cols, cur, moves[i]), "%dx%d: move %zu leaves the board", rows,
				 cols, i);
		if (i > 0)
			quiet_assert_msg(strchr("dulr", moves[i - 1])[0] != "urld"[strchr("dlru", moves[i]) - "dlru"],
					 "%dx%d: moves %zu, %zu cancel", rows, cols, i - 1, i);
	}
	ck_assert_msg(memcmp(cur, g, (size_t)(rows * cols)) == 0, "%dx%d: the path does not reach the goal", rows,
		      cols);
	unsigned lb = fast_lower_bound(rows, cols, s, g);
	ck_assert_msg(lb <= len && (lb - len) % 2 == 0, "%dx%d: bound %u, length %zu", rows, cols, lb, len);
	free(moves);
	return len;
}

/* A random solvable start and a random goal (a swap of two tiles fixes the parity). */
static void random_pair(uint64_t *x, int rows, int cols, unsigned char *s, unsigned char *g)
{
	int n = rows * cols;
	testutil_shuffle(x, s, n);
	testutil_shuffle(x, g, n);
	if (!solvable(rows, cols, s, g)) {
		int a = s[0] ? 0 : 2, b = s[1] ? 1 : 2;
		unsigned char t = s[a];
		s[a] = s[b], s[b] = t;
	}
}

START_TEST(every_shape)
{
	uint64_t x = 0x5eed5eedu;
	unsigned char s[256], g[256];
	for (int rows = 2; rows <= 16; rows++)
		for (int cols = 2; cols <= 16; cols++)
			for (int k = 0; k < 2; k++) {
				random_pair(&x, rows, cols, s, g);
				ck_assert(solvable(rows, cols, s, g));
				check_one(rows, cols, s, g);
			}
	static const int thin[][2] = { { 2, 128 }, { 128, 2 }, { 3, 85 }, { 85, 3 }, { 2, 17 }, { 17, 15 } };
	for (size_t i = 0; i < sizeof thin / sizeof thin[0]; i++) {
		random_pair(&x, thin[i][0], thin[i][1], s, g);
		check_one(thin[i][0], thin[i][1], s, g);
	}
}
END_TEST

START_TEST(goal_and_start_equal)
{
	unsigned char s[256];
	uint64_t x = 99;
	for (int rows = 2; rows <= 16; rows += 7) {
		testutil_shuffle(&x, s, rows * rows);
		ck_assert_uint_eq(check_one(rows, rows, s, s), 0);
	}
}
END_TEST

START_TEST(unsolvable_pairs)
{
	uint64_t x = 7;
	unsigned char s[256], g[256];
	static const int shapes[][2] = { { 2, 2 },   { 3, 3 }, { 4, 4 },   { 3, 4 },   { 4, 3 },
					 { 10, 10 }, { 9, 9 }, { 16, 16 }, { 15, 16 }, { 2, 7 } };
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		int rows = shapes[i][0], cols = shapes[i][1];
		random_pair(&x, rows, cols, s, g);
		int a = s[0] ? 0 : 2, b = s[1] ? 1 : 2; /* one swap of two tiles: the other parity */
		unsigned char t = s[a];
		s[a] = s[b], s[b] = t;
		ck_assert(!solvable(rows, cols, s, g));
		char *moves = (char *)1;
		size_t len = 5;
		EXPECT_STATUS(SLIDETAB_UNSOLVABLE, fast_solve(rows, cols, s, g, &moves, &len, err));
		ck_assert_ptr_null(moves);
		ck_assert_uint_eq(len, 0);
	}
}
END_TEST

START_TEST(bad_boards)
{
	unsigned char s[300] = { 0 }, g[300] = { 0 };
	char *moves;
	size_t len;
	EXPECT_STATUS(SLIDETAB_EINVAL, fast_solve(1, 5, s, g, &moves, &len, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, fast_solve(16, 17, s, g, &moves, &len, err));
	for (int i = 0; i < 9; i++)
		s[i] = g[i] = (unsigned char)i;
	s[3] = 1; /* tile 1 twice */
	EXPECT_STATUS(SLIDETAB_EINVAL, fast_solve(3, 3, s, g, &moves, &len, err));
	s[3] = 9; /* out of range */
	EXPECT_STATUS(SLIDETAB_EINVAL, fast_solve(3, 3, s, g, &moves, &len, err));
}
END_TEST

/* The lower bound never exceeds the distance a plain BFS finds, on every 3x3 and 2x4 state. */
START_TEST(bound_admissible)
{
	static const int shapes[][2] = { { 3, 3 }, { 2, 4 }, { 4, 2 } };
	for (size_t k = 0; k < 3; k++) {
		struct board b;
		board_init(&b, shapes[k][0], shapes[k][1]);
		struct board_state goal;
		board_goal(&b, b.n - 1, &goal);
		struct dmap m;
		plain_bfs(&b, &goal, &m);
		uint64_t x = 31 + k;
		int tight = 0;
		for (int i = 0; i < 3000; i++) {
			struct board_state s = goal;
			testutil_walk(&x, b.rows, b.cols, s.t, 1 + (int)testutil_below(&x, 60));
			int d = dist_of(&m, &b, &s);
			unsigned lb = fast_lower_bound(b.rows, b.cols, s.t, goal.t);
			ck_assert_msg(lb <= (unsigned)d && (d - (int)lb) % 2 == 0, "bound %u, distance %d", lb, d);
			tight += lb == (unsigned)d;
		}
		ck_assert_int_gt(tight, 0);
		dmap_free(&m);
	}
}
END_TEST

/* On Korf's 100 (tests/data/korf100.txt, the published optima, blank-first goal): the bound is at
 * most the optimum and of its parity, and every path at least the optimum. */
START_TEST(korf100_bounds)
{
	FILE *f = fopen("tests/data/korf100.txt", "r");
	ck_assert_ptr_nonnull(f);
	unsigned char s[16], g[16];
	for (int c = 0; c < 16; c++)
		g[c] = (unsigned char)c;
	int count = 0;
	for (;;) {
		int v[17], k = 0;
		while (k < 17 && fscanf(f, "%d", &v[k]) == 1)
			k++;
		if (k < 17)
			break;
		for (int c = 0; c < 16; c++)
			s[c] = (unsigned char)v[c];
		unsigned lb = fast_lower_bound(4, 4, s, g);
		ck_assert_msg(lb <= (unsigned)v[16] && (v[16] - (int)lb) % 2 == 0, "instance %d: bound %u, optimum %d",
			      count + 1, lb, v[16]);
		ck_assert_uint_ge(check_one(4, 4, s, g), (size_t)v[16]);
		count++;
	}
	fclose(f);
	ck_assert_int_eq(count, 100);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fast");
	TCase *tc = testutil_case(s, "fast", NULL, NULL);
	tcase_add_test(tc, every_shape);
	tcase_add_test(tc, goal_and_start_equal);
	tcase_add_test(tc, unsolvable_pairs);
	tcase_add_test(tc, bad_boards);
	tcase_add_test(tc, bound_admissible);
	tcase_add_test(tc, korf100_bounds);
	return testutil_run(s, NULL);
}
