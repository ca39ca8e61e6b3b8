/* SPDX-License-Identifier: Zlib */
/* test_fifteen: 4x4 through libslidetab for goals in every blank class, against an independent
 * Manhattan-distance IDA* that enumerates every optimal path (so the smallest is known). */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "libslidetab/search/idafsm.h"
#include "slidetab.h"
#include "tests/unit/refpaths.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

#define N 16

/* The 5-5-5 sets for the corner, edge and centre classes, built once for the whole suite. */
static char tables[32];
static void setup(void)
{
	testtables_dir(tables);
	testtables_555_answers(tables, 0); /* emulated: the host gen's sets (testtables.h) */
	testtables_555_answers(tables, 1);
	testtables_555_answers(tables, 5);
}
static void teardown(void)
{
	testtables_remove(tables);
}
#define SIDE 4

/* The reference (refpaths.h) on 4x4. */
static int reference(const unsigned char *start, const unsigned char *goal, char *best, int *count)
{
	long n = 0;
	int len = refpaths_solve(SIDE, SIDE, start, goal, best, &n);
	*count = (int)n;
	return len;
}

/* A goal with the blank at `blank` and the tiles shuffled, and a start `moves` random moves away. */
static void make_pair(uint64_t *seed, int blank, int moves, unsigned char *goal, unsigned char *start)
{
	unsigned char tiles[N - 1];
	testutil_shuffle(seed, tiles, N - 1);
	for (int c = 0, k = 0; c < N; c++)
		goal[c] = c == blank ? 0 : (unsigned char)(tiles[k++] + 1);
	memcpy(start, goal, N);
	testutil_walk(seed, SIDE, SIDE, start, moves);
}

/* Goals with the blank in the corner (0, 3, 12, 15), on an edge (1, 2, 4, 7, ...) and in the
 * centre (5, 6, 9, 10): distance and path equal the reference's length and smallest path. */
START_TEST(every_blank_class_matches_the_reference)
{
	static const int blanks[] = { 0, 15, 12, 1, 7, 14, 5, 10, 6 };
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	uint64_t seed = 0x9E3779B97F4A7C15ull ^ (uint64_t)(_i + 1);
	int several = 0;
	for (int k = 0; k < 12; k++) {
		unsigned char goal[N], start[N];
		char path[128], best[64];
		unsigned dist;
		int count;
		make_pair(&seed, blanks[_i], 10 + (int)(testutil_rng(&seed) % 12), goal, start);
		struct slidetab_error e;
		ck_assert_msg(slidetab_distance(db, 4, 4, start, goal, &dist, &e) == SLIDETAB_OK, "%s", e.msg);
		ck_assert_msg(slidetab_path(db, 4, 4, start, goal, path, sizeof path, &e) == SLIDETAB_OK, "%s", e.msg);
		int want = reference(start, goal, best, &count);
		ck_assert_int_eq((int)dist, want);
		ck_assert_int_eq((int)strlen(path), want);
		ck_assert_str_eq(path, best); /* the smallest of `count` optimal paths */
		several += count > 1;
	}
	ck_assert_int_gt(several, 0); /* the check had paths to choose between */
	slidetab_close(db);
}
END_TEST

/* Moves the blank of s (at *b) in direction d; 0 when it would leave the board. */
static int play(unsigned char *s, int *b, int d)
{
	static const struct refpaths geo = { .rows = SIDE, .cols = SIDE, .n = N };
	int to = refpaths_step(&geo, *b, d);
	if (to < 0)
		return 0;
	s[*b] = s[to], s[to] = 0, *b = to;
	return 1;
}

/* The library's path from start to goal is the reference's smallest optimal path. */
static void answers_the_smallest(slidetab *db, const unsigned char *start, const unsigned char *goal)
{
	char path[128], best[64];
	int count;
	int want = reference(start, goal, best, &count);
	struct slidetab_error e;
	ck_assert_msg(slidetab_path(db, 4, 4, start, goal, path, sizeof path, &e) == SLIDETAB_OK, "%s", e.msg);
	ck_assert_int_eq((int)strlen(path), want);
	ck_assert_str_eq(path, best);
}

/* Starts whose optimal paths go one and a half times round a 2x2 square (a, b, -a, -b, a, b equals
 * b, a, -b, -a, b, a), from every cell and both ways round, after 0..3 random moves: the search
 * skips the twin with the larger first letter and still answers the reference's smallest path. */
START_TEST(square_loops_give_the_smallest_twin)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	uint64_t seed = 0x51ab + (uint64_t)_i;
	int tried = 0;
	for (int a = 0; a < 4; a++)
		for (int bdir = 0; bdir < 4; bdir++) {
			if (bdir == a || bdir == 3 - a)
				continue;
			unsigned char goal[N], start[N];
			make_pair(&seed, _i, 0, goal, start);
			int b = _i, ok = 1;
			const int loop[6] = { a, bdir, 3 - a, 3 - bdir, a, bdir };
			for (int m = 0; m < 6 && ok; m++)
				ok = play(start, &b, loop[m]);
			for (int m = (int)(testutil_rng(&seed) % 4); m > 0 && ok; m--)
				play(start, &b, (int)(testutil_rng(&seed) % 4));
			if (!ok)
				continue;
			answers_the_smallest(db, start, goal);
			tried++;
		}
	ck_assert_int_gt(tried, 0);
	slidetab_close(db);
}
END_TEST

/* Starts reached by a string the search skips (found by running random strings through the
 * machine of idafsm.h; 7 to IDAFSM_LEN moves) then 0..3 random moves, from every blank cell: the
 * answer is still the reference's smallest path. */
START_TEST(skipped_strings_give_the_smallest_path)
{
	const struct idafsm *f = idafsm_get();
	ck_assert_ptr_nonnull(f);
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	uint64_t seed = 0xf5a7 + (uint64_t)_i;
	int tried = 0;
	for (int attempt = 0; attempt < 20000 && tried < 6; attempt++) {
		unsigned char goal[N], start[N];
		make_pair(&seed, _i, 0, goal, start);
		int b = _i, st = 0, len = 0, ok = 1;
		while (st >= 0 && len < IDAFSM_LEN && ok) {
			int d = (int)(testutil_rng(&seed) % 4);
			st = f->next[st][d];
			ok = play(start, &b, d);
			len++;
		}
		if (st >= 0 || !ok || len < 7)
			continue;
		for (int m = (int)(testutil_rng(&seed) % 4); m > 0; m--)
			play(start, &b, (int)(testutil_rng(&seed) % 4));
		answers_the_smallest(db, start, goal);
		tried++;
	}
	ck_assert_int_eq(tried, 6);
	slidetab_close(db);
}
END_TEST

/* Unsolvable 4x4 pairs are told by parity, for every blank class. */
START_TEST(unsolvable_in_every_class)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	uint64_t seed = 77;
	for (int blank = 0; blank < N; blank++) {
		unsigned char goal[N], start[N];
		make_pair(&seed, blank, 8, goal, start);
		int a = start[0] ? 0 : 2, b = start[1] ? 1 : 3; /* two tiles swapped: odd permutation */
		unsigned char t = start[a];
		start[a] = start[b], start[b] = t;
		unsigned dist;
		ck_assert_int_eq(slidetab_distance(db, 4, 4, start, goal, &dist, NULL), SLIDETAB_UNSOLVABLE);
	}
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fifteen");
	TCase *tc = tcase_create("fifteen");
	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, every_blank_class_matches_the_reference, 0, 9);
	tcase_add_loop_test(tc, square_loops_give_the_smallest_twin, 0, N);
	tcase_add_loop_test(tc, skipped_strings_give_the_smallest_path, 0, N);
	tcase_add_test(tc, unsolvable_in_every_class);
	return testutil_run(s, tc);
}
