/* SPDX-License-Identifier: Zlib */
/* test_astar: A*+IDA* gives plain IDA*'s lengths and smallest paths on 4x4, 3x5 and 5x5 at every memory
 * budget (A* cut after one node, after a few layers, and A* alone reaching the goal) and thread
 * count, the smallest of every optimal path an independent enumeration lists, Korf's published
 * lengths when the search starts it on its own, never on an inconsistent heuristic; the frontier in
 * prefix order beyond the letters a key holds, and in the learned order for a length; every thread
 * of every mode looks at the clock every IDA_TICK_NODES nodes, and gives up soon after a deadline. */
#include <check.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/pdb/find.h"
#include "libslidetab/search/astar.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/search/idafsm.h"
#include "libslidetab/table/header.h"
#include "tests/unit/refpaths.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

/* Budgets in bytes: a handful of nodes (A* expands the start and stops), a few layers, thousands
 * of nodes, and enough for A* alone to reach the goal of these positions. */
static const size_t budgets[] = { 300, 3000, 200000, 400000000 };
#define NBUDGETS (sizeof budgets / sizeof budgets[0])

/* 3x5's automatic 5-tile zero-aware set and 4x4's 4-tile one (4-4-4-3: weak enough that the
 * harder of Korf's 100 reach iterations that start A*), built once for the suite in a scratch folder. */
static char tables[32];
static void setup(void)
{
	testtables_dir(tables);
	testtables_auto_entry(tables, 3, 5, 0, 5, TABLE_ENTRY_ZBIT);
	testtables_auto_entry(tables, 4, 4, 0, 4, TABLE_ENTRY_ZBIT);
}
static void teardown(void)
{
	testtables_remove(tables);
}

/* The set of rows x cols in the scratch folder (3x5's, 4x4's 4-tile set). */
static struct pdb_set *load_scratch(int rows, int cols)
{
	struct tabname_path path;
	struct pdb_set *set;
	struct slidetab_error err;
	char notice[256];
	ck_assert_msg(tabname_search_path(&path, tables, &err) == 0, "%s", err.msg);
	ck_assert_msg(pdbfind_load(&path, rows, cols, 0, &set, NULL, notice, sizeof notice, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(set->b.rows, rows);
	return set;
}

/* A zero-aware set for rows x cols with the blank first: 4x4's 555 and 5x5's 444444 built in
 * memory, 3x5's from the scratch folder; plain: 4x4's 4-bit 555 (A* does not run on it: its
 * heuristic is not consistent, and the answers stay plain IDA*'s). */
static struct pdb_set *load(int rows, int cols, int plain)
{
	if (rows == cols)
		return testtables_built_set(rows == 4 ? "555" : "444444", rows, cols, 0, plain ? 0u : ~0u, 0);
	return load_scratch(rows, cols);
}

/* Line `line` (from 1) of tests/data/<file>: the n tiles of a start into s, and its published length. */
static int published(const char *file, int line, int n, struct board_state *s)
{
	char name[64], buf[512];
	snprintf(name, sizeof name, "tests/data/%s", file);
	FILE *f = fopen(name, "r");
	ck_assert_msg(f != NULL, "%s", name);
	for (int i = 0; i < line;) {
		ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
		i += buf[0] != '#';
	}
	fclose(f);
	memset(s, 0, sizeof *s);
	char *p = buf;
	int v, used, len = -1;
	for (int k = 0; k < n; k++, p += used) {
		ck_assert_int_eq(sscanf(p, "%d%n", &v, &used), 1);
		s->t[k] = (uint8_t)v;
	}
	ck_assert_int_eq(sscanf(p, "%d", &len), 1);
	return len;
}

static struct ida_result run(const struct pdb_set *set, const struct board_state *s, size_t memory, int threads,
			     int any)
{
	struct ida_request rq = {
		.set = set, .start = s, .threads = threads, .memory = memory, .astar = IDA_ASTAR_NOW, .any_path = any
	};
	struct ida_result r;
	struct slidetab_error err;
	quiet_assert_msg(ida_search(&rq, &r, &err) == 0, "%s", err.msg);
	quiet_assert_int(r.status, ==, IDA_SOLVED);
	return r;
}

/* Random walks of lo..lo+7 moves from the goal: every budget and thread count gives plain IDA*'s
 * length and path, and a length-only search (any_path) its length with a path that replays. */
static void same_as_plain(int rows, int cols, int fourbit, int count, int lo, uint64_t seed)
{
	struct pdb_set *set = load(rows, cols, fourbit);
	size_t least = (1 + BOARD_NDIRS) * ASTAR_NODE_BYTES(set->npart * (1 + set->reflect) * set->npat);
	for (int i = 0; i < count; i++) {
		struct board_state s = set->goal;
		testutil_walk(&seed, rows, cols, s.t, lo + (int)(testutil_rng(&seed) % 8));
		struct ida_result plain = run(set, &s, 0, 1, 0);
		for (size_t b = 0; b < NBUDGETS; b++)
			for (int threads = 1; threads <= 2; threads++) {
				struct ida_result r = run(set, &s, budgets[b], threads, 0);
				/* A* runs with room for a node and its children, never on the 4-bit set (its
				 * heuristic is not consistent) */
				quiet_assert_msg((r.stored > 0) == (!fourbit && budgets[b] >= least),
						 "budget %zu: A* stored %zu nodes", budgets[b], r.stored);
				quiet_assert_int(r.length, ==, plain.length);
				quiet_assert_msg(strcmp(r.path, plain.path) == 0,
						 "%dx%d budget %zu threads %d: %s, not %s", rows, cols, budgets[b],
						 threads, r.path, plain.path);
				r = run(set, &s, budgets[b], threads, 1);
				quiet_assert_int(r.length, ==, plain.length);
				quiet_assert(testutil_replays(rows, cols, s.t, set->goal.t, r.path));
			}
	}
	pdb_set_free(set);
}

START_TEST(fifteen_same_as_plain)
{
	same_as_plain(4, 4, 0, testutil_emulated() ? 3 : 10, 34, 0xa5a5);
	same_as_plain(4, 4, 1, 3, 34, 0x5a5a);
}
END_TEST

START_TEST(three_by_five_same_as_plain)
{
	same_as_plain(3, 5, 0, testutil_emulated() ? 3 : 10, 34, 0x3535);
}
END_TEST

START_TEST(twenty_four_same_as_plain)
{
	same_as_plain(5, 5, 0, testutil_emulated() ? 2 : 5, 30, 0x2424);
}
END_TEST

/* Short positions with several optimal paths: the answer at every budget is the smallest of all
 * the optimal paths refpaths.h enumerates. */
static void smallest_of_all(int rows, int cols, uint64_t seed)
{
	struct pdb_set *set = load(rows, cols, 0);
	int several = 0;
	for (int i = 0; i < 12; i++) {
		struct board_state s = set->goal;
		testutil_walk(&seed, rows, cols, s.t, 14 + (int)(testutil_rng(&seed) % 10));
		char best[REFPATHS_MAX_LEN + 1];
		long count = 0;
		int len = refpaths_solve(rows, cols, s.t, set->goal.t, best, &count);
		several += count > 1;
		for (size_t b = 0; b < NBUDGETS; b++) {
			struct ida_result r = run(set, &s, budgets[b], 1 + (int)(b & 1), 0);
			ck_assert_int_eq(r.length, len);
			ck_assert_str_eq(r.path, best);
		}
	}
	ck_assert_int_gt(several, 2);
	pdb_set_free(set);
}

START_TEST(fifteen_smallest_of_all)
{
	smallest_of_all(4, 4, 0x1515);
}
END_TEST

START_TEST(three_by_five_smallest_of_all)
{
	smallest_of_all(3, 5, 0x3355);
}
END_TEST

/* Korf's 100 line 53 on 4x4's 4-tile zero-aware set: the search starts A* on its own (a distance, a
 * budget, IDA_ASTAR_AUTO) before an iteration expected to be large (the 16-move machine keeps lines
 * 10's and 37's below IDA_ASTAR_NODES), within the budget, and gives the published length, on 1 and
 * 2 threads, the last iteration in the order learned from the one before; with no budget, or one
 * too small for 4,096 nodes, A* does not run. Its smallest path with a budget is plain IDA*'s. */
static struct ida_result own(const struct pdb_set *set, int line, int threads, size_t memory, int any, int runs)
{
	struct board_state s;
	int len = published("korf100.txt", line, 16, &s);
	struct ida_request rq = { .set = set, .start = &s, .threads = threads, .memory = memory, .any_path = any };
	struct ida_result r;
	struct slidetab_error err;
	ck_assert_msg(ida_search(&rq, &r, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(r.status, IDA_SOLVED);
	ck_assert_int_eq(r.length, len);
	ck_assert(testutil_replays(4, 4, s.t, set->goal.t, r.path));
	size_t cap = memory / ASTAR_NODE_BYTES(set->npart * (1 + set->reflect) * set->npat);
	ck_assert_msg((r.stored > 0) == runs && r.stored <= cap, "line %d, %d threads, budget %zu: A* stored %zu nodes",
		      line, threads, memory, r.stored);
	/* a length with A* goes on below the frontier in the order the iteration before learned */
	ck_assert_msg((r.learned > 0) == (runs && any), "line %d, %d threads, budget %zu: %d learned iterations", line,
		      threads, memory, r.learned);
	return r;
}

START_TEST(starts_on_its_own)
{
	struct pdb_set *set = load_scratch(4, 4);
	own(set, 53, 1, 0, 1, 0);
	own(set, 53, 1, 4096, 1, 0);
	own(set, 53, 1, 1 << 26, 1, 1);
	own(set, 53, 1, 1 << 20, 1, 1);
	own(set, 53, 2, 1 << 26, 1, 1);
	ck_assert_str_eq(own(set, 53, 2, 1 << 26, 0, 1).path, own(set, 53, 1, 0, 0, 0).path);
	pdb_set_free(set);
}
END_TEST

/* The byte at offset `off` of a table's payload flipped (as its header lays the file out). */
static void flip_payload(const char *path, uint64_t off)
{
	FILE *f = fopen(path, "r+b");
	ck_assert_ptr_nonnull(f);
	static uint8_t buf[1 << 22];
	size_t n = fread(buf, 1, sizeof buf, f);
	ck_assert(n > 0 && n < sizeof buf);
	struct table_meta m;
	struct table_layout lay;
	struct slidetab_error err;
	ck_assert_msg(tbl_header_decode(buf, n, &m, &lay, &err) == 0, "%s", err.msg);
	ck_assert(off < lay.payload_size);
	off += lay.payload_off;
	ck_assert_int_eq(fseek(f, (long)off, SEEK_SET), 0);
	fputc(buf[off] ^ 0x01, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Line `line` of Korf's 100 on set: the published length and verified as asked (an iteration of
 * IDA_VERIFY_NODES or more ahead checks the whole set first, so that lookups skip the per-block
 * test), or (damaged) the damaged block named; never another answer. */
static void verifies(const struct pdb_set *set, int line, int threads, size_t memory, int verified, int damaged)
{
	struct board_state s;
	int len = published("korf100.txt", line, 16, &s);
	struct ida_request rq = { .set = set, .start = &s, .threads = threads, .memory = memory, .any_path = 1 };
	struct ida_result r;
	struct slidetab_error err;
	int rc = ida_search(&rq, &r, &err);
	if (damaged && rc != SLIDETAB_OK) {
		ck_assert_int_eq(rc, SLIDETAB_EFORMAT);
		ck_assert_msg(strstr(err.msg, "checksum") != NULL, "%s", err.msg);
		return;
	}
	ck_assert_msg(rc == SLIDETAB_OK, "%s", err.msg);
	ck_assert_int_eq(r.length, len);
	ck_assert(testutil_replays(4, 4, s.t, set->goal.t, r.path));
	ck_assert_msg(r.verified == verified, "line %d, %d threads, budget %zu: verified %d", line, threads, memory,
		      r.verified);
}

/* Korf's line 53 on 4x4's 4-tile set read in place: expected long, so the search checks every block
 * first, on 1 and 2 threads, by IDA* and by A*+IDA*; line 10, short, does not. With one byte of a
 * block flipped, the check fails and the search goes on testing block by block. */
START_TEST(long_search_checks_the_set_first)
{
	struct pdb_set *set = load_scratch(4, 4);
	verifies(set, 10, 1, 0, 0, 0);
	verifies(set, 53, 1, 0, 1, 0);
	verifies(set, 53, 2, 0, 1, 0);
	verifies(set, 53, 2, 1 << 26, 1, 0);
	pdb_set_free(set);
	char bad[64], cmd[256];
	snprintf(bad, sizeof bad, "%s-bad", tables);
	snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir %s && cp %s/4x4-* %s/", bad, bad, tables, bad);
	ck_assert_int_eq(system(cmd), 0);
	struct tabname_path path;
	struct slidetab_error err;
	char notice[256];
	char name[sizeof set->pat[0].name];
	ck_assert_msg(tabname_search_path(&path, bad, &err) == 0, "%s", err.msg);
	for (int pass = 0; pass < 2; pass++) { /* its first pattern's file named, then its first block flipped */
		ck_assert_msg(pdbfind_load(&path, 4, 4, 0, &set, NULL, notice, sizeof notice, &err) == 0, "%s",
			      err.msg);
		if (pass == 0) {
			snprintf(name, sizeof name, "%s", set->pat[0].name);
			pdb_set_free(set);
			flip_payload(name, 0);
		}
	}
	verifies(set, 53, 1, 0, 0, 1);
	verifies(set, 53, 2, 1 << 26, 0, 1);
	pdb_set_free(set);
	snprintf(cmd, sizeof cmd, "rm -rf %s", bad);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* The store's frontier (astar.h) for a length: in increasing (f, h), then in increasing order of
 * what astar_learn recorded, ties in the order before. Four children of one expanded root, told
 * apart by their node numbers (the root is 0; states made by one swap each). */
START_TEST(frontier_learned_order)
{
	struct astar *a = astar_new(64, 16, 1, idafsm_get()->next);
	ck_assert_ptr_nonnull(a);
	uint8_t s[16], hv[1] = { 0 };
	uint32_t node;
	for (int c = 0; c < 16; c++)
		s[c] = (uint8_t)c;
	ck_assert_int_eq(astar_add(a, s, UINT32_MAX, 0, 0, 10, hv, &node), ASTAR_NEW);
	ck_assert_int_eq(astar_pop(a, &node), 0);
	const int h[4] = { 11, 9, 11, 9 };
	for (int k = 0; k < 4; k++) {
		uint8_t t[16];
		memcpy(t, s, sizeof t);
		t[0] = s[k + 1], t[k + 1] = s[0];
		ck_assert_int_eq(astar_add(a, t, 0, k, 1, h[k], hv, &node), ASTAR_NEW);
		ck_assert_uint_eq(node, (uint32_t)k + 1);
	}
	ck_assert_int_eq(astar_frontier(a, 0), 4);
	static const uint32_t fh[4] = { 2, 4, 1, 3 }, learned[4] = { 4, 3, 1, 2 }, again[4] = { 3, 1, 4, 2 };
	static const int key[4] = { 7, 5, 6, 5 }, key2[4] = { 4, 3, 3, 4 };
	const uint32_t *want[3] = { fh, learned, again };
	for (int round = 0; round < 3; round++) {
		if (round > 0) {
			for (size_t i = 0; i < 4; i++)
				astar_learn(a, i, (round == 1 ? key : key2)[i]);
			astar_frontier_learned(a);
		}
		for (size_t i = 0; i < 4; i++) {
			int f, st;
			astar_entry(a, i, &node, &f, &st);
			ck_assert_msg(node == want[round][i], "round %d, entry %zu: node %u, not %u", round, i, node,
				      want[round][i]);
		}
	}
	astar_free(a);
}
END_TEST

/* The frontier in prefix order (for the smallest path) beyond the ASTAR_KEYLEN letters a node's key
 * holds: the children of a node 33 moves deep, stored in decreasing letter order, come out in
 * increasing letter order (their keys are equal). The chain's letters are the first the machine
 * allows at each step; states are told apart by a counter in their first two cells. */
START_TEST(frontier_prefix_order_beyond_key)
{
	const int32_t(*next)[4] = idafsm_get()->next;
	struct astar *a = astar_new(64, 25, 1, next);
	ck_assert_ptr_nonnull(a);
	uint8_t s[25] = { 0 }, hv[1] = { 0 };
	uint32_t node, id = 0;
	ck_assert_int_eq(astar_add(a, s, UINT32_MAX, 0, 0, 40, hv, &node), ASTAR_NEW);
	int st = 0, depth = 33;
	for (int g = 1; g <= depth; g++) {
		ck_assert_int_eq(astar_pop(a, &node), 0);
		int k = 0;
		while (next[st][k] < 0)
			k++;
		st = next[st][k];
		id++;
		s[0] = (uint8_t)(id & 31), s[1] = (uint8_t)(id >> 5);
		ck_assert_int_eq(astar_add(a, s, node, k, g, 40 - g, hv, &node), ASTAR_NEW);
	}
	ck_assert_int_eq(astar_pop(a, &node), 0);
	ck_assert_uint_eq(node, (uint32_t)depth);
	uint32_t want[4];
	int n = 0;
	for (int k = 3; k >= 0; k--) { /* stored last letter first */
		if (next[st][k] < 0)
			continue;
		id++;
		s[0] = (uint8_t)(id & 31), s[1] = (uint8_t)(id >> 5);
		uint32_t child;
		ck_assert_int_eq(astar_add(a, s, node, k, depth + 1, 39 - depth, hv, &child), ASTAR_NEW);
		want[n++] = child;
	}
	ck_assert_int_ge(n, 2);
	ck_assert_int_eq(astar_frontier(a, 1), n);
	for (int i = 0; i < n; i++) {
		int f;
		astar_entry(a, (size_t)i, &node, &f, &st);
		ck_assert_msg(node == want[n - 1 - i], "entry %d: node %u, not %u", i, node, want[n - 1 - i]);
	}
	astar_free(a);
}
END_TEST

/* The Makefile links this suite with -Wl,--wrap=realloc: the fail_at-th call from now (counting
 * from 0) fails, -1 none. */
static long fail_at = -1;
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n)
{
	if (fail_at >= 0 && fail_at-- == 0)
		return NULL;
	return __real_realloc(p, n);
}

/* A refused allocation at each point of A*'s growing open lists (and of a parallel iteration's
 * frontier): the answer is plain IDA*'s, or SLIDETAB_ENOMEM with a message, never another. */
START_TEST(refused_memory_mid_search)
{
	struct pdb_set *set = load(3, 5, 0);
	uint64_t seed = 0x0bad;
	int answered = 0, cut = 0;
	for (int i = 0; i < 3; i++) {
		struct board_state s = set->goal;
		testutil_walk(&seed, 3, 5, s.t, 60);
		struct ida_result plain = run(set, &s, 0, 1, 0), whole = run(set, &s, 50000000, 1, 0);
		for (long k = 0; k < 40; k++) {
			struct ida_request rq = { .set = set,
						  .start = &s,
						  .threads = 1 + (int)(k & 1),
						  .memory = 50000000,
						  .astar = IDA_ASTAR_NOW };
			struct ida_result r;
			struct slidetab_error err = { 0 };
			fail_at = k;
			int rc = ida_search(&rq, &r, &err);
			fail_at = -1;
			if (rc == SLIDETAB_ENOMEM) {
				quiet_assert(err.msg[0] != '\0');
				continue;
			}
			quiet_assert_int(rc, ==, SLIDETAB_OK);
			quiet_assert_int(r.length, ==, plain.length);
			quiet_assert_msg(strcmp(r.path, plain.path) == 0, "failure %ld: %s, not %s", k, r.path,
					 plain.path);
			answered++;
			cut += (k & 1) == 0 && r.nodes != whole.nodes; /* A* stopped where the memory was refused */
		}
	}
	ck_assert_int_gt(answered, 0);
	ck_assert_int_gt(cut, 10);
	pdb_set_free(set);
}
END_TEST

/* The Makefile links this suite with -Wl,--wrap=clock_now: every look at the clock is counted. */
static atomic_ulong looks;
double __real_clock_now(void);
double __wrap_clock_now(void)
{
	atomic_fetch_add(&looks, 1);
	return __real_clock_now();
}

/* A search of Korf's 100 line 53 on 4x4's 4-tile set with a deadline it never reaches, on one
 * thread, on two, and on two with A* started on its own: each thread looks at the clock at least
 * every IDA_TICK_NODES nodes it generates (the slack slidetab.h states), so the nodes are at most
 * the looks (and one unfinished tick a thread) times that. Counted, not timed. */
START_TEST(clock_every_tick)
{
	struct pdb_set *set = load_scratch(4, 4);
	struct board_state s;
	int len = published("korf100.txt", 53, 16, &s);
	for (int mode = 0; mode < 3; mode++) {
		int threads = mode ? 2 : 1;
		struct ida_request rq = { .set = set,
					  .start = &s,
					  .threads = threads,
					  .memory = mode == 2 ? 1 << 26 : 0,
					  .any_path = 1,
					  .timeout = 1e6 };
		struct ida_result r;
		struct slidetab_error err;
		atomic_store(&looks, 0);
		ck_assert_msg(ida_search(&rq, &r, &err) == 0, "%s", err.msg);
		unsigned long n = atomic_load(&looks);
		ck_assert_int_eq(r.length, len);
		ck_assert_int_eq(r.stored > 0, mode == 2);
		ck_assert_msg(r.nodes > 8 * IDA_TICK_NODES, "%llu nodes: too few to tell", (unsigned long long)r.nodes);
		ck_assert_msg(r.nodes <= (n + (unsigned long)threads + 1) * (IDA_TICK_NODES + BOARD_NDIRS),
			      "mode %d: %llu nodes, %lu looks at the clock", mode, (unsigned long long)r.nodes, n);
	}
	pdb_set_free(set);
}
END_TEST

/* ida_search of rq with a deadline of t seconds: SLIDETAB_ETIMEOUT with a message, within half a
 * second of t (the search itself overshoots by milliseconds; the rest is room for a loaded
 * machine) and, where the machine is slow (sanitizers, emulation), the time of 8 ticks a thread at
 * the rate it searched. At 5edd69c two threads gave up at the end of an iteration: 2.35 s for 1 s. */
static struct ida_result gives_up(struct ida_request *rq, double t)
{
	struct ida_result r;
	struct slidetab_error err = { 0 };
	rq->timeout = t;
	double t0 = clock_now();
	ck_assert_int_eq(ida_search(rq, &r, &err), SLIDETAB_ETIMEOUT);
	double took = clock_now() - t0, tick = took * (double)IDA_TICK_NODES / (double)(r.nodes + 1);
	ck_assert_ptr_nonnull(strstr(err.msg, "within"));
	ck_assert_msg(took <= t + 0.5 + 8 * rq->threads * tick,
		      "%d threads, budget %zu: %.3f s for a deadline of %.3f s", rq->threads, rq->memory, took, t);
	return r;
}

/* Korf & Felner's line 1 (95 moves: hours with 5x5's 444444) with a deadline, no hook: plain
 * IDA* on 1 and 2 threads, A*+IDA* at once, and A*+IDA* as the search starts it on its own (the
 * deadline doubled until A* has run before it) give up soon after it; a negative timeout is refused. */
START_TEST(deadline_gives_up)
{
	struct pdb_set *set = load(5, 5, 0);
	struct board_state s;
	published("korf50-24.txt", 1, 25, &s);
	for (int mode = 0; mode < 4; mode++) {
		struct ida_request rq = { .set = set,
					  .start = &s,
					  .threads = 1 + (mode & 1),
					  .memory = mode & 2 ? 100000000 : 0,
					  .astar = IDA_ASTAR_NOW,
					  .any_path = 1 };
		gives_up(&rq, 1.0);
	}
	struct ida_request rq = { .set = set, .start = &s, .threads = 2, .memory = 100000000, .any_path = 1 };
	double t = 0.5; /* A* starts after about 14M nodes: 2 s at -O2 on a loaded machine, 10 times that with TSan */
	while (gives_up(&rq, t).stored == 0) {
		ck_assert_msg(t < 200, "A* did not start within %g s", t);
		t *= 2;
	}
	struct ida_request bad = { .set = set, .start = &s, .threads = 1, .timeout = -1 };
	struct ida_result r;
	struct slidetab_error err;
	ck_assert_int_eq(ida_search(&bad, &r, &err), SLIDETAB_EINVAL);
	pdb_set_free(set);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("astar");
	TCase *tc = testutil_case(s, "astar", setup, teardown);
	tcase_add_test(tc, fifteen_same_as_plain);
	tcase_add_test(tc, three_by_five_same_as_plain);
	tcase_add_test(tc, twenty_four_same_as_plain);
	tcase_add_test(tc, fifteen_smallest_of_all);
	tcase_add_test(tc, three_by_five_smallest_of_all);
	tcase_add_test(tc, starts_on_its_own);
	tcase_add_test(tc, frontier_learned_order);
	tcase_add_test(tc, frontier_prefix_order_beyond_key);
	tcase_add_test(tc, clock_every_tick);
	tcase_add_test(tc, long_search_checks_the_set_first);
	tcase_add_test(tc, deadline_gives_up);
	tcase_add_test(tc, refused_memory_mid_search);
	return testutil_run(s, NULL);
}
