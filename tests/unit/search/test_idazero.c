/* SPDX-License-Identifier: Zlib */
/* test_idazero: IDA* over zero-aware 1-bit sets gives the lengths and the smallest paths that the
 * 4-bit sets give: random 4x4 positions in every blank class, random-walk 5x5 positions; a 4x4
 * search split over threads finds the one-thread path. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "tests/unit/testpdb.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

/* The set `preset` of the board for the goal with the blank at `blank`: the 4-bit one make builds
 * (tables/), and the zero-aware one built here. */
static struct pdb_set *old_set(const char *preset, int rows, int cols, int blank)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset_for(preset, rows * cols, masks);
	char paths[PDB_PRESET_MAX][TABNAME_MAX];
	const char *pp[PDB_PRESET_MAX];
	struct slidetab_error err;
	for (int i = 0; i < n; i++) {
		ck_assert(tabname_pdb(paths[i], TABNAME_MAX, "tables", rows, cols, blank, masks[i], &err) == 0);
		pp[i] = paths[i];
	}
	struct pdb_set *set;
	ck_assert_msg(pdb_set_load_masks(&set, pp, NULL, n, 2, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(set->pat[0].zero, 0);
	return set;
}

/* The set `preset` built here (testtables.h), with its encodings and partitions checked. */
static struct pdb_set *built_set(const char *preset, int rows, int cols, int blank, unsigned zbits, uint32_t extra)
{
	struct pdb_set *set = testtables_built_set(preset, rows, cols, blank, zbits, extra);
	for (int i = 0; i < set->npat; i++)
		ck_assert_int_eq(set->pat[i].zero, (zbits >> i & 1) != 0);
	ck_assert_int_eq(set->npart, extra ? 2 : 1);
	return set;
}

static struct pdb_set *zero_set(const char *preset, int rows, int cols, int blank)
{
	return built_set(preset, rows, cols, blank, ~0u, 0);
}

/* A position `moves` random moves (never straight back) from the set's goal. */
static void walk(const struct pdb_set *set, uint64_t *seed, int moves, struct board_state *s)
{
	*s = set->goal;
	testutil_walk(seed, set->b.rows, set->b.cols, s->t, moves);
}

/* The same answers from both sets, and the zero-aware heuristic never below the 4-bit one (the
 * blank's own region counts instead of the best one). */
static void same_answers(const struct pdb_set *a, const struct pdb_set *z, uint64_t seed, int count, int moves,
			 int threads)
{
	uint64_t na = 0, nz = 0;
	for (int i = 0; i < count; i++) {
		struct board_state s;
		walk(a, &seed, moves + (int)(testutil_rng(&seed) % 8), &s);
		ck_assert_int_ge(testpdb_h(z, &s), testpdb_h(a, &s));
		struct ida_result ra, rz;
		struct slidetab_error err;
		ck_assert_msg(
			ida_search(&(struct ida_request){ .set = a, .start = &s, .threads = threads }, &ra, &err) == 0,
			"%s", err.msg);
		ck_assert_msg(
			ida_search(&(struct ida_request){ .set = z, .start = &s, .threads = threads }, &rz, &err) == 0,
			"%s", err.msg);
		ck_assert_int_eq(ra.status, IDA_SOLVED);
		ck_assert_int_eq(rz.status, IDA_SOLVED);
		ck_assert_int_eq(rz.length, ra.length);
		ck_assert_str_eq(rz.path, ra.path);
		na += ra.nodes, nz += rz.nodes;
	}
	/* A heuristic at least as high never generates more nodes on one thread; a split search's
	 * counts vary from run to run (a worker gives its item up once an earlier one has a solution). */
	if (threads == 1)
		ck_assert_uint_le(nz, na);
}

static const int classes[] = { 0, 1, 5 };

START_TEST(four_by_four_every_class)
{
	struct pdb_set *a = old_set("555", 4, 4, classes[_i]), *z = zero_set("555", 4, 4, classes[_i]);
	same_answers(a, z, 77 + (uint64_t)_i, 12, 36, 1);
	pdb_set_free(a);
	pdb_set_free(z);
}
END_TEST

/* The sets that ida.c's loop for all-zero-aware sets whose partitions hold every tile does not
 * take: a zero-aware pattern beside 4-bit ones, and a zero-aware set with a second partition of
 * four tiles; the answers of the 4-bit set, on one thread and split over two. */
START_TEST(four_by_four_mixed_and_partial_sets)
{
	struct pdb_set *a = old_set("555", 4, 4, 0);
	struct pdb_set *mixed = built_set("555", 4, 4, 0, 0x1, 0);
	struct pdb_set *partial = built_set("555", 4, 4, 0, ~0u, 1u << 1 | 1u << 2 | 1u << 5 | 1u << 6);
	same_answers(a, mixed, 11, 8, 36, 1);
	same_answers(a, partial, 12, 8, 36, 1);
	same_answers(a, partial, 13, 2, 44, 2);
	pdb_set_free(a);
	pdb_set_free(mixed);
	pdb_set_free(partial);
}
END_TEST

/* A 4x4 search split over 2 and 3 threads finds the path one thread finds; some positions are far
 * enough from the goal that their last iterations are split (more than 2^16 nodes). */
START_TEST(four_by_four_threads_same_path)
{
	struct pdb_set *z = zero_set("555", 4, 4, 0);
	uint64_t seed = 2, most = 0; /* 45 to 59 moves, 2.9e3 to 1.8e6 nodes on one thread */
	for (int i = 0; i < 6; i++) {
		struct board_state s;
		walk(z, &seed, 300 + (int)(testutil_rng(&seed) % 20), &s);
		struct ida_result one, more;
		struct slidetab_error err;
		ck_assert_msg(ida_search(&(struct ida_request){ .set = z, .start = &s, .threads = 1 }, &one, &err) == 0,
			      "%s", err.msg);
		ck_assert_int_eq(one.status, IDA_SOLVED);
		most = one.nodes > most ? one.nodes : most;
		for (int threads = 2; threads <= 3; threads++) {
			ck_assert_msg(ida_search(&(struct ida_request){ .set = z, .start = &s, .threads = threads },
						 &more, &err) == 0,
				      "%s", err.msg);
			ck_assert_int_eq(more.status, IDA_SOLVED);
			ck_assert_int_eq(more.length, one.length);
			ck_assert_str_eq(more.path, one.path);
		}
	}
	ck_assert_uint_gt(most, 1u << 16);
	pdb_set_free(z);
}
END_TEST

START_TEST(five_by_five_random_walks)
{
	struct pdb_set *a = old_set("444444", 5, 5, 0), *z = zero_set("444444", 5, 5, 0);
	same_answers(a, z, 5, 4, 34, 1);
	same_answers(a, z, 6, 2, 34, 2); /* the search split over two threads */
	pdb_set_free(a);
	pdb_set_free(z);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("idazero");
	TCase *tc = tcase_create("idazero");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, four_by_four_every_class, 0, 3);
	tcase_add_test(tc, four_by_four_threads_same_path);
	tcase_add_test(tc, four_by_four_mixed_and_partial_sets);
	tcase_add_test(tc, five_by_five_random_walks);
	return testutil_run(s, tc);
}
