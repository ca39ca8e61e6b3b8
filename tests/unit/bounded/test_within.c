/* SPDX-License-Identifier: Zlib */
/* test_within: slidetab_solve_bounded: --within W against the optimum on 4x4, 3x5 and 5x3 (other
 * goals too), fast through the API, and every bad argument. */
#include <math.h>
#include <string.h>

#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

static char tables[32];

static void setup(void)
{
	testtables_dir(tables);
	testtables_555(tables, 0);
	testtables_exact(tables, 3, 3, 8, 1);
	testtables_auto(tables, 3, 5, 0, 4); /* 3x5 and 5x3, corner goals */
	testtables_auto(tables, 3, 5, 7, 4); /* the centre's class */
}

static void teardown(void)
{
	testtables_remove(tables);
}

/* t[0..n) = the tiles in order, the blank last. */
static void in_order(unsigned char *t, int n)
{
	for (int c = 0; c < n; c++)
		t[c] = (unsigned char)((c + 1) % n);
}

/* count random walks of 20..59 moves from goal on rows x cols: for each W, length <= W * optimum
 * (the optimum from the optimal search), bound <= optimum, both of the optimum's parity, the path
 * reaching the goal; W = 0 (--fast) a path and a bound on either side of the optimum. */
static void bounds_hold(slidetab *db, int rows, int cols, const unsigned char *goal, int count, uint64_t x)
{
	static const double ws[] = { 1.0, 1.2, 1.5, 2.0, 3.0 };
	int n = rows * cols;
	unsigned char s[25];
	for (int k = 0; k < count; k++) {
		memcpy(s, goal, (size_t)n);
		testutil_walk(&x, rows, cols, s, 20 + (int)testutil_below(&x, 40));
		unsigned opt;
		struct slidetab_error e;
		ck_assert_msg(slidetab_distance(db, rows, cols, s, goal, &opt, &e) == SLIDETAB_OK, "%s", e.msg);
		for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
			char moves[1100];
			unsigned len, lb;
			int rc = slidetab_solve_bounded(db, rows, cols, s, goal, ws[i], moves, sizeof moves, &len, &lb,
							&e);
			ck_assert_msg(rc == SLIDETAB_OK, "%dx%d: %s", rows, cols, e.msg);
			ck_assert_uint_eq(strlen(moves), len);
			ck_assert(testutil_replays(rows, cols, s, goal, moves));
			ck_assert_msg(len <= ws[i] * opt + 1e-9, "%dx%d W %g: length %u, optimum %u", rows, cols, ws[i],
				      len, opt);
			ck_assert_msg(lb <= opt && (opt - lb) % 2 == 0 && (len - opt) % 2 == 0,
				      "%dx%d: bound %u, optimum %u", rows, cols, lb, opt);
			if (ws[i] == 1.0)
				ck_assert_uint_eq(len, opt);
		}
		char moves[20000];
		unsigned len, lb;
		ck_assert_int_eq(slidetab_solve_bounded(db, rows, cols, s, goal, 0, moves, sizeof moves, &len, &lb, &e),
				 SLIDETAB_OK);
		ck_assert(testutil_replays(rows, cols, s, goal, moves));
		ck_assert(lb <= opt && len >= opt);
	}
}

/* 4x4 with the default goal. */
START_TEST(within_bounds_the_optimum)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	unsigned char goal[16];
	in_order(goal, 16);
	bounds_hold(db, 4, 4, goal, 12, 0xabcdef12345ull);
	slidetab_close(db);
}
END_TEST

/* 3x5 and 5x3 (answered through 3x5's sets), each with the default goal and a goal of shuffled
 * tiles with the blank in the centre's class (3x5 cell 7, 5x3 cell 7: its transpose). */
START_TEST(within_bounds_3x5)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	static const unsigned char centre[15] = { 3, 1, 14, 5, 2, 9, 12, 0, 7, 4, 13, 8, 6, 11, 10 };
	unsigned char goal[15];
	int count = testutil_emulated() ? 2 : 6;
	in_order(goal, 15);
	bounds_hold(db, 3, 5, goal, count, 0x35u);
	bounds_hold(db, 5, 3, goal, count, 0x53u);
	bounds_hold(db, 3, 5, centre, count, 0x357u);
	bounds_hold(db, 5, 3, centre, count, 0x537u);
	slidetab_close(db);
}
END_TEST

/* Exact boards under --within: the optimum itself; boards without sets or too large: refused. */
START_TEST(within_elsewhere)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	unsigned char s[100], g[100];
	in_order(s, 100), in_order(g, 100);
	char moves[64];
	unsigned len, lb, d;
	EXPECT_STATUS(SLIDETAB_ENOTABLE,
		      slidetab_solve_bounded(db, 10, 10, s, g, 1.5, moves, sizeof moves, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_distance(db, 10, 10, s, g, &d, err));
	struct slidetab_error e;
	slidetab_distance(db, 10, 10, s, g, &d, &e);
	ck_assert_ptr_nonnull(strstr(e.msg, "slidetab_solve_bounded"));
	ck_assert_ptr_nonnull(strstr(e.msg, "--fast"));
	ck_assert_int_eq(slidetab_solve_bounded(db, 10, 10, s, g, 0, moves, sizeof moves, &len, &lb, &e), SLIDETAB_OK);
	ck_assert_uint_eq(len, 0);
	ck_assert_uint_eq(lb, 0);
	/* 3x3 (an exact table): the optimum itself, its bound the optimum too */
	uint64_t x = 77;
	for (int k = 0; k < 20; k++) {
		unsigned char s9[9], g9[9];
		in_order(g9, 9);
		memcpy(s9, g9, 9);
		testutil_walk(&x, 3, 3, s9, 5 + k);
		ck_assert_int_eq(slidetab_distance(db, 3, 3, s9, g9, &d, &e), SLIDETAB_OK);
		ck_assert_int_eq(slidetab_solve_bounded(db, 3, 3, s9, g9, 1.5, moves, sizeof moves, &len, &lb, &e),
				 SLIDETAB_OK);
		ck_assert_uint_eq(len, d);
		ck_assert_uint_eq(lb, d);
		ck_assert(testutil_replays(3, 3, s9, g9, moves));
	}
	/* 4x4 goal with the blank in the middle: only the corner set was built */
	unsigned char g4[16] = { 1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	EXPECT_STATUS(SLIDETAB_ENOTABLE,
		      slidetab_solve_bounded(db, 4, 4, g4, g4, 1.2, moves, sizeof moves, &len, &lb, err));
	slidetab_close(db);
}
END_TEST

START_TEST(bad_arguments)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	unsigned char s[16], g[16];
	in_order(s, 16), in_order(g, 16);
	s[14] = 0, s[15] = 15; /* one move: "r" */
	char moves[8];
	unsigned len, lb;
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(NULL, 4, 4, s, g, 0, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, NULL, g, 0, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, 0, NULL, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, 0, moves, 0, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, 0, moves, 8, NULL, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, 0, moves, 8, &len, NULL, err));
	static const double bad[] = { 0.5, 0.999, -1, 1e9 };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		EXPECT_STATUS(SLIDETAB_EINVAL,
			      slidetab_solve_bounded(db, 4, 4, s, g, bad[i], moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, NAN, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, INFINITY, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 1, 16, s, g, 0, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 16, 17, s, g, 0, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 1 << 20, 1 << 20, s, g, 0, moves, 8, &len, &lb, err));
	unsigned char dup[16];
	memcpy(dup, s, 16);
	dup[0] = 2;
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, dup, g, 0, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, dup, 1.2, moves, 8, &len, &lb, err));
	/* cap too small: nothing past it (a canary after a 1-byte buffer) */
	char buf[4] = { 'x', 'y', 'z', 'w' };
	EXPECT_STATUS(SLIDETAB_EINVAL, slidetab_solve_bounded(db, 4, 4, s, g, 1.5, buf, 1, &len, &lb, err));
	ck_assert(buf[1] == 'y' && buf[2] == 'z');
	ck_assert_int_eq(slidetab_solve_bounded(db, 4, 4, s, g, 1.5, buf, 2, &len, &lb, NULL), SLIDETAB_OK);
	ck_assert_str_eq(buf, "r");
	ck_assert_uint_eq(len, 1);
	ck_assert_uint_eq(lb, 1);
	unsigned char un[16];
	memcpy(un, g, 16);
	un[0] = 2, un[1] = 1; /* one swap: unsolvable on the even width */
	EXPECT_STATUS(SLIDETAB_UNSOLVABLE, slidetab_solve_bounded(db, 4, 4, un, g, 1.2, moves, 8, &len, &lb, err));
	EXPECT_STATUS(SLIDETAB_UNSOLVABLE, slidetab_solve_bounded(db, 4, 4, un, g, 0, moves, 8, &len, &lb, err));
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("within");
	TCase *tc = testutil_case(s, "within", setup, teardown);
	tcase_add_test(tc, within_bounds_the_optimum);
	tcase_add_test(tc, within_bounds_3x5);
	tcase_add_test(tc, within_elsewhere);
	tcase_add_test(tc, bad_arguments);
	return testutil_run(s, NULL);
}
