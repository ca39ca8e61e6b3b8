/* SPDX-License-Identifier: Zlib */
/* test_24: the 24 puzzle (5x5) with the small 444444 set, against an independent Manhattan IDA*. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/input.h"
#include "gen/pdb/pdbcmd.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/dfs.h"
#include "libslidetab/search/ida.h"
#include "slidetab.h"
#include "tests/unit/testutil.h"

#define N    25
#define SIDE 5

static const char letters[] = "dlru";

/* The blank's neighbour in direction d (d l r u), or -1. */
static int step(int cell, int d)
{
	int r = cell / SIDE, c = cell % SIDE;
	switch (d) {
	case 0: return r + 1 < SIDE ? cell + SIDE : -1;
	case 1: return c > 0 ? cell - 1 : -1;
	case 2: return c + 1 < SIDE ? cell + 1 : -1;
	default: return r > 0 ? cell - SIDE : -1;
	}
}

static int taxi(int a, int b)
{
	return abs(a / SIDE - b / SIDE) + abs(a % SIDE - b % SIDE);
}

/* The reference: IDA* on the Manhattan distance, children in letter order, stopping at the first
 * goal of the first bound that has one (so its path is the smallest optimal one). */
struct test_ida24_ref {
	int where[N];
	unsigned char s[N];
	char path[128];
};

static int ref_dfs(struct test_ida24_ref *x, int g, int b, int h, int bound, int back)
{
	if (h == 0) {
		x->path[g] = '\0';
		return 1;
	}
	if (g + h > bound)
		return 0;
	for (int d = 0; d < 4; d++) {
		int to = step(b, d);
		if (to < 0 || d == back)
			continue;
		int t = x->s[to];
		int h2 = h - taxi(to, x->where[t]) + taxi(b, x->where[t]);
		x->s[b] = (unsigned char)t, x->s[to] = 0;
		x->path[g] = letters[d];
		int found = ref_dfs(x, g + 1, to, h2, bound, 3 - d);
		x->s[to] = (unsigned char)t, x->s[b] = 0;
		if (found)
			return 1;
	}
	return 0;
}

static int reference(const unsigned char *start, const unsigned char *goal, char *best)
{
	struct test_ida24_ref x;
	int b = 0, h = 0;
	for (int c = 0; c < N; c++)
		x.where[goal[c]] = c;
	memcpy(x.s, start, N);
	for (int c = 0; c < N; c++) {
		if (!start[c])
			b = c;
		else
			h += taxi(c, x.where[start[c]]);
	}
	for (int bound = h;; bound += 2)
		if (ref_dfs(&x, 0, b, h, bound, -1)) {
			strcpy(best, x.path);
			return bound;
		}
}

/* A start `moves` random moves (never straight back) from goal. */
static void walk(uint64_t *seed, const unsigned char *goal, int moves, unsigned char *start)
{
	memcpy(start, goal, N);
	testutil_walk(seed, SIDE, SIDE, start, moves);
}

static void goal_first(unsigned char *g)
{
	for (int c = 0; c < N; c++)
		g[c] = (unsigned char)c;
}

static void goal_last(unsigned char *g)
{
	for (int c = 0; c < N; c++)
		g[c] = (unsigned char)((c + 1) % N);
}

/* Random walks of 20..40 moves from the blank-first goal (the set's own) and the blank-last one
 * (through a board symmetry): distance and path equal the reference's, the path replays. */
START_TEST(random_walks_match_the_reference)
{
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, "tables", NULL), SLIDETAB_OK);
	uint64_t seed = 0x24f00d + (uint64_t)_i;
	unsigned char goal[N], start[N];
	if (_i % 2)
		goal_last(goal);
	else
		goal_first(goal);
	for (int k = 0; k < 6; k++) {
		walk(&seed, goal, 20 + (int)(testutil_rng(&seed) % 21), start);
		char best[128], path[256];
		int want = reference(start, goal, best);
		unsigned dist;
		ck_assert_msg(slidetab_distance(db, 5, 5, start, goal, &dist, &e) == SLIDETAB_OK, "%s", e.msg);
		ck_assert_msg(slidetab_path(db, 5, 5, start, goal, path, sizeof path, &e) == SLIDETAB_OK, "%s", e.msg);
		ck_assert_int_eq((int)dist, want);
		ck_assert_int_eq((int)strlen(path), want);
		ck_assert_str_eq(path, best);
		ck_assert(testutil_replays(SIDE, SIDE, start, goal, path));
	}
	slidetab_close(db);
}
END_TEST

/* A reachable position with two tiles swapped: unsolvable, found before any search. */
START_TEST(unsolvable_by_parity)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, "tables", NULL), SLIDETAB_OK);
	uint64_t seed = 77;
	unsigned char goal[N], start[N];
	char path[256];
	goal_first(goal);
	for (int k = 0; k < 20; k++) {
		walk(&seed, goal, 30, start);
		int a = 1 + (int)(testutil_rng(&seed) % 24), b = 1 + (int)(testutil_rng(&seed) % 23);
		b += b >= a;
		int ca = 0, cb = 0;
		for (int c = 0; c < N; c++)
			ca = start[c] == a ? c : ca, cb = start[c] == b ? c : cb;
		start[ca] = (unsigned char)b, start[cb] = (unsigned char)a;
		unsigned dist;
		ck_assert_int_eq(slidetab_distance(db, 5, 5, start, goal, &dist, NULL), SLIDETAB_UNSOLVABLE);
		ck_assert_int_eq(slidetab_path(db, 5, 5, start, goal, path, sizeof path, NULL), SLIDETAB_UNSOLVABLE);
	}
	slidetab_close(db);
}
END_TEST

static int reflect_cell(int c)
{
	return c % SIDE * SIDE + c / SIDE;
}

/* Both presets cover tiles 1..24 once; 444444 is closed under the diagonal reflection, Korf &
 * Felner's 6666 is not (each pattern's mirror image is another set; docs/pdb.md). */
START_TEST(presets_partition_the_tiles)
{
	static const char *names[] = { "6666", "444444" };
	for (int p = 0; p < 2; p++) {
		uint32_t masks[PDB_PRESET_MAX], all = 0;
		int n = pdb_preset_for(names[p], 25, masks), closed = 1;
		ck_assert_int_eq(n, p ? 6 : 4);
		ck_assert_int_eq(pdb_preset_for(names[p], 16, masks), -1);
		for (int i = 0; i < n; i++) {
			ck_assert_uint_eq(all & masks[i], 0);
			all |= masks[i];
			uint32_t mirror = 0;
			for (int t = 1; t < N; t++)
				if (masks[i] >> t & 1u)
					mirror |= 1u << reflect_cell(t);
			int found = 0;
			for (int j = 0; j < n; j++)
				found |= masks[j] == mirror;
			closed &= found;
			if (p == 0)
				ck_assert_msg(!found, "6666 pattern %d maps onto a pattern", i);
		}
		ck_assert_uint_eq(all, 0x1fffffeu);
		ck_assert_int_eq(closed, p == 1);
	}
}
END_TEST

/* Every table of the small set passes --verify; a damaged entry of one fails it. */
START_TEST(small_set_verifies)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset_for("444444", 25, masks);
	struct slidetab_error err = { 0 };
	for (int i = 0; i < n; i++) {
		char path[256];
		snprintf(path, sizeof path, "tables/5x5-b0-pdb-%x.tbl", (unsigned)masks[i]);
		int is_pdb = 0;
		ck_assert_msg(pdbcmd_verify(path, 2, &is_pdb, &err) == SLIDETAB_OK, "%s: %s", path, err.msg);
		ck_assert(is_pdb);
	}
	struct board b;
	struct board_state g;
	board_init(&b, 5, 5);
	board_goal(&b, 0, &g);
	struct table_meta m;
	uint8_t *p;
	ck_assert_msg(pdbgen_build(&b, &g, masks[0], 2, &m, &p, &err) == 0, "%s", err.msg);
	ck_assert_uint_eq(m.entries, 25 * 24 * 23 * 22);
	ck_assert_int_le(m.entry_bits, 4);
	ck_assert_msg(pdbgen_verify(&b, &m, p, 2, &err) == 0, "%s", err.msg);
	uint64_t x = 200001;
	unsigned v = table_packed_get(p, x, m.entry_bits);
	table_packed_set(p, x, m.entry_bits, v + 1);
	ck_assert_int_ne(pdbgen_verify(&b, &m, p, 2, &err), 0);
	table_packed_set(p, x, m.entry_bits, v);
	for (x = 5000; table_packed_get(p, x, m.entry_bits) == 0; x++)
		;
	v = table_packed_get(p, x, m.entry_bits);
	table_packed_set(p, x, m.entry_bits, v - 1);
	ck_assert_int_ne(pdbgen_verify(&b, &m, p, 2, &err), 0);
	free(p);
}
END_TEST

/* 25 tokens are a 5x5 board, 50 a 5x5 start and goal. */
START_TEST(twenty_five_tokens_are_5x5)
{
	int r = 0, c = 0;
	ck_assert_int_eq(input_board_for(25, 0, &r, &c, NULL), SLIDETAB_OK);
	ck_assert(r == 5 && c == 5);
	ck_assert_int_eq(input_board_for(50, 1, &r, &c, NULL), SLIDETAB_OK);
	ck_assert(r == 5 && c == 5);
}
END_TEST

static int calls, last_done;
static unsigned long long last_nodes;
static void hook(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done)
{
	(void)ctx, (void)bound, (void)seconds;
	calls++;
	last_done = done;
	last_nodes = nodes;
}

/* The progress hook is called during a search and a last time with done = 1. */
START_TEST(progress_hook_reports)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset_for("444444", 25, masks);
	char paths[PDB_PRESET_MAX][256];
	const char *pp[PDB_PRESET_MAX];
	for (int i = 0; i < n; i++) {
		snprintf(paths[i], sizeof paths[i], "tables/5x5-b0-pdb-%x.tbl", (unsigned)masks[i]);
		pp[i] = paths[i];
	}
	struct pdb_set *set;
	struct slidetab_error err;
	ck_assert_msg(pdb_set_load_masks(&set, pp, NULL, n, 2, &err) == 0, "%s", err.msg);
	unsigned char goal[N];
	struct board_state st;
	uint64_t seed = 9;
	goal_first(goal);
	walk(&seed, goal, 40, st.t);
	struct ida_hook h = { .fn = hook, .after = 0, .every = 0 };
	struct ida_result res;
	ck_assert_msg(ida_search(&(struct ida_request){ .set = set, .start = &st, .threads = 1, .hook = &h }, &res,
				 &err) == 0,
		      "%s", err.msg);
	ck_assert_int_eq(res.status, IDA_SOLVED);
	ck_assert_int_gt(calls, 1);
	ck_assert_int_eq(last_done, 1);
	/* on two threads too, the last call with the whole search's nodes */
	calls = last_done = 0;
	last_nodes = 0;
	struct ida_result two;
	ck_assert_msg(ida_search(&(struct ida_request){ .set = set, .start = &st, .threads = 2, .hook = &h }, &two,
				 &err) == 0,
		      "%s", err.msg);
	ck_assert_str_eq(two.path, res.path);
	ck_assert_int_gt(calls, 1);
	ck_assert_int_eq(last_done, 1);
	ck_assert_uint_eq(last_nodes, two.nodes);
	pdb_set_free(set);
}
END_TEST

/* The search split over threads finds the same length and the same (smallest) path. */
START_TEST(threads_find_the_same_path)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset_for("444444", 25, masks);
	char paths[PDB_PRESET_MAX][256];
	const char *pp[PDB_PRESET_MAX];
	for (int i = 0; i < n; i++) {
		snprintf(paths[i], sizeof paths[i], "tables/5x5-b0-pdb-%x.tbl", (unsigned)masks[i]);
		pp[i] = paths[i];
	}
	struct pdb_set *set;
	struct slidetab_error err;
	ck_assert_msg(pdb_set_load_masks(&set, pp, NULL, n, 2, &err) == 0, "%s", err.msg);
	unsigned char goal[N];
	uint64_t seed = 31;
	goal_last(goal);
	struct board_state g;
	memcpy(g.t, goal, N);
	for (int k = 0; k < 8; k++) {
		struct board_state st;
		walk(&seed, goal, k < 2 ? 6 : 50, st.t);
		struct ida_result one, two;
		ck_assert_msg(ida_search(&(struct ida_request){ .set = set, .start = &st, .goal = &g, .threads = 1 },
					 &one, &err) == 0,
			      "%s", err.msg);
		ck_assert_msg(
			ida_search(
				&(struct ida_request){ .set = set, .start = &st, .goal = &g, .threads = 1 + k % 3 + 1 },
				&two, &err) == 0,
			"%s", err.msg);
		ck_assert_int_eq(one.status, IDA_SOLVED);
		ck_assert_int_eq(two.status, IDA_SOLVED);
		ck_assert_int_eq(one.length, two.length);
		ck_assert_str_eq(one.path, two.path);
	}
	pdb_set_free(set);
}
END_TEST

/* A worker of a parallel iteration, at a look at the clock, gives its frontier node up when an earlier
 * node holds a solution or time is up, and only then: node 3 or 5 goes on when node 5 has the
 * first solution found, node 7 stops (dfs unwinds when its cut is 0); with time up, node 3 stops. */
START_TEST(worker_gives_up_only_after_an_earlier_solution)
{
	static struct search root, x;
	struct par P = { .root = &root };
	atomic_store(&P.best, 5);
	x.par = &P;
	x.worker = 1;
	static const size_t item[3] = { 3, 5, 7 };
	for (int i = 0; i < 3; i++) {
		x.item = item[i];
		x.cut = 100;
		progress_tick(&x, 0, 0);
		ck_assert_msg(x.cut == (item[i] > 5 ? 0 : 100), "node %zu: cut %d", item[i], x.cut);
	}
	atomic_store(&P.timed_out, 1);
	x.item = 3;
	x.cut = 100;
	progress_tick(&x, 0, 0);
	ck_assert_int_eq(x.cut, 0);
}
END_TEST

/* slidetab_set_threads: the library's answers are the same on 1 and 3 threads; 0 and 257 are refused. */
START_TEST(library_threads_same_answers)
{
	slidetab *db;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_open(&db, "tables", NULL), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_set_threads(db, 0, &e), SLIDETAB_EINVAL);
	ck_assert_int_eq(slidetab_set_threads(db, 257, &e), SLIDETAB_EINVAL);
	unsigned char goal[N], start[N];
	uint64_t seed = 0x3a;
	goal_first(goal);
	for (int k = 0; k < 4; k++) {
		walk(&seed, goal, 30 + 4 * k, start);
		char one[256], three[256];
		ck_assert_int_eq(slidetab_set_threads(db, 1, &e), SLIDETAB_OK);
		ck_assert_msg(slidetab_path(db, 5, 5, start, goal, one, sizeof one, &e) == SLIDETAB_OK, "%s", e.msg);
		ck_assert_int_eq(slidetab_set_threads(db, 3, &e), SLIDETAB_OK);
		ck_assert_msg(slidetab_path(db, 5, 5, start, goal, three, sizeof three, &e) == SLIDETAB_OK, "%s",
			      e.msg);
		ck_assert_str_eq(one, three);
	}
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("twenty-four");
	TCase *tc = tcase_create("twenty-four");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, random_walks_match_the_reference, 0, 4);
	tcase_add_test(tc, unsolvable_by_parity);
	tcase_add_test(tc, presets_partition_the_tiles);
	tcase_add_test(tc, small_set_verifies);
	tcase_add_test(tc, twenty_five_tokens_are_5x5);
	tcase_add_test(tc, progress_hook_reports);
	tcase_add_test(tc, threads_find_the_same_path);
	tcase_add_test(tc, worker_gives_up_only_after_an_earlier_solution);
	tcase_add_test(tc, library_threads_same_answers);
	return testutil_run(s, tc);
}
