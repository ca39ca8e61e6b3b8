/* SPDX-License-Identifier: Zlib */
/* test_pdb: PDB ranking, PDB builds against independent BFS, PDB consistency, and IDA* (3x3 vs BFS, Korf's 15-puzzles). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/table_write.h"
#include "gen/pdb/pdbgen.h"
#include "gen/pdb/pdbunrank.h"
#include "gen/pdbauto.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/read.h"
#include "tests/unit/testboard.h"
#include "tests/unit/testida.h"
#include "tests/unit/testpdb.h"
#include "tests/unit/testutil.h"

#ifndef TEST_DATA
#define TEST_DATA "tests/data"
#endif

/* Check's ck_assert_* report every passed assertion to the parent process: in loops over
 * hundreds of thousands of states that costs more than the test; EXPECT only acts on failure. */
#define EXPECT(cond, ...)                                                                                              \
	do {                                                                                                           \
		if (!(cond))                                                                                           \
			ck_abort_msg(__VA_ARGS__);                                                                     \
	} while (0)

/* ---- small helpers written for the test, independent of the code under test ---- */

/* Lexicographic rank of a permutation of 0..n-1 (n <= 12). */
static uint32_t perm_rank(const uint8_t *p, int n)
{
	uint32_t r = 0;
	for (int i = 0; i < n; i++) {
		int smaller = 0;
		for (int j = i + 1; j < n; j++)
			if (p[j] < p[i])
				smaller++;
		r = r * (uint32_t)(n - i) + (uint32_t)smaller;
	}
	return r;
}

static uint32_t factorial(int n)
{
	uint32_t f = 1;
	for (int i = 2; i <= n; i++)
		f *= (uint32_t)i;
	return f;
}

/* Plain BFS over all states of a small board from goal g: dist[perm_rank(state)], -1 if
 * unreachable. Moves swap the blank with a neighbour (computed here from row/col). */
static int8_t *bfs_all(int rows, int cols, const struct board_state *g)
{
	int n = rows * cols;
	uint32_t total = factorial(n);
	int8_t *dist = malloc(total);
	uint8_t(*queue)[16] = malloc((size_t)total / 2 * sizeof *queue + sizeof *queue);
	ck_assert_ptr_nonnull(dist);
	ck_assert_ptr_nonnull(queue);
	memset(dist, -1, total);
	size_t head = 0, tail = 0;
	memcpy(queue[tail++], g->t, (size_t)n);
	dist[perm_rank(g->t, n)] = 0;
	while (head < tail) {
		uint8_t s[16];
		memcpy(s, queue[head++], (size_t)n);
		int d = dist[perm_rank(s, n)];
		int b = 0;
		while (s[b])
			b++;
		int br = b / cols, bc = b % cols;
		const int dr[4] = { 1, 0, 0, -1 }, dc[4] = { 0, -1, 1, 0 };
		for (int k = 0; k < 4; k++) {
			int r = br + dr[k], c = bc + dc[k];
			if (r < 0 || r >= rows || c < 0 || c >= cols)
				continue;
			int nb = r * cols + c;
			s[b] = s[nb];
			s[nb] = 0;
			uint32_t x = perm_rank(s, n);
			if (dist[x] < 0) {
				dist[x] = (int8_t)(d + 1);
				memcpy(queue[tail++], s, (size_t)n);
			}
			s[nb] = s[b];
			s[b] = 0;
		}
	}
	free(queue);
	return dist;
}

/* Value of PDB entry `rank` by the header's encoding; -1 for the unreachable sentinel. */
static int entry_value(const struct table_meta *m, const uint8_t *packed, uint64_t rank, const uint8_t *cells,
		       const uint8_t *goalcell, int k, const struct board *b)
{
	unsigned e = table_packed_get(packed, rank, m->entry_bits);
	uint64_t reach = 0;
	for (unsigned d = 0; d <= m->radius; d++)
		reach += m->hist[d];
	if (reach < m->entries && e == (1u << m->entry_bits) - 1)
		return -1;
	if (m->entry == TABLE_ENTRY_PLAIN)
		return (int)e;
	int md = 0;
	for (int i = 0; i < k; i++)
		md += board_taxicab(b, cells[i], goalcell[i]);
	return md + 2 * (int)e;
}

static void random_solvable(const struct board *b, const struct board_state *g, uint64_t *seed, struct board_state *s)
{
	memset(s, 0, sizeof *s);
	for (int i = 0; i < b->n; i++)
		s->t[i] = (uint8_t)i;
	for (int i = b->n - 1; i > 0; i--) {
		int j = (int)(testutil_rng(seed) % (uint64_t)(i + 1));
		uint8_t t = s->t[i];
		s->t[i] = s->t[j];
		s->t[j] = t;
	}
	if (!board_solvable(b, s, g)) { /* swap two tiles (not the blank) */
		int a = -1, c = -1;
		for (int i = 0; i < b->n; i++)
			if (s->t[i]) {
				if (a < 0)
					a = i;
				else if (c < 0)
					c = i;
			}
		uint8_t t = s->t[a];
		s->t[a] = s->t[c];
		s->t[c] = t;
	}
	EXPECT(board_solvable(b, s, g), "random_solvable");
}

/* Applies a move string; returns 0 when every move is legal. */
static int apply_path(const struct board *b, struct board_state *s, const char *path)
{
	int blank = board_blank(b, s);
	for (const char *p = path; *p; p++) {
		const char *dirs = "dlru";
		const char *q = strchr(dirs, *p);
		if (!q || board_move(b, s, &blank, (enum board_dir)(q - dirs)) != 0)
			return -1;
	}
	return 0;
}

static void build(const struct board *b, const struct board_state *g, uint32_t mask, int threads, struct table_meta *m,
		  uint8_t **packed)
{
	struct slidetab_error err = { 0 };
	int rc = pdbgen_build(b, g, mask, threads, m, packed, &err);
	ck_assert_msg(rc == 0, "pdbgen_build 0x%x: %s", mask, err.msg);
}

/* A set for board b, goal g, built in memory from masks. */
static struct pdb_set *make_set(const struct board *b, const struct board_state *g, const uint32_t *masks, int nmasks,
				int threads)
{
	struct slidetab_error err = { 0 };
	struct pdb_set *set;
	ck_assert_int_eq(pdb_set_new(&set, b, g, &err), 0);
	for (int i = 0; i < nmasks; i++) {
		struct table_meta m;
		uint8_t *p;
		build(b, g, masks[i], threads, &m, &p);
		ck_assert_msg(testpdb_add(set, &m, p, &err) == 0, "%s", err.msg);
	}
	return set;
}

/* The 3x3 set of two 4-tile patterns, 1-4 and 5-8, for goal g. */
static struct pdb_set *make_set_3x3_44(const struct board *b, const struct board_state *g, int threads)
{
	const uint32_t masks[] = { 0x01e, 0x1e0 };
	return make_set(b, g, masks, 2, threads);
}

/* ---- ranking ---- */

static void check_bijection(int n, int k)
{
	struct pdb_ranker r;
	ck_assert_int_eq(pdb_ranker_init(&r, n, k), 0);
	uint64_t want = 1;
	for (int i = 0; i < k; i++)
		want *= (uint64_t)(n - i);
	ck_assert_uint_eq(r.count, want);
	/* enumerate placements in lexicographic order: ranks must be 0, 1, 2, ... */
	uint8_t cells[PDB_MAX_CELLS], back[PDB_MAX_CELLS];
	int depth = 0;
	uint64_t expect = 0;
	cells[0] = 0;
	for (;;) {
		/* advance cells[depth] to the next unused value */
		int ok = 0;
		while (cells[depth] < n) {
			int used = 0;
			for (int j = 0; j < depth; j++)
				used |= cells[j] == cells[depth];
			if (!used) {
				ok = 1;
				break;
			}
			cells[depth]++;
		}
		if (!ok) {
			if (depth == 0)
				break;
			depth--;
			cells[depth]++;
			continue;
		}
		if (depth == k - 1) {
			EXPECT(pdb_rank(&r, cells) == expect, "rank of placement %llu (%d of %d)",
			       (unsigned long long)expect, k, n);
			pdbunrank_cells(&r, expect, back);
			EXPECT(memcmp(back, cells, (size_t)k) == 0, "unrank %llu (%d of %d)",
			       (unsigned long long)expect, k, n);
			expect++;
			cells[depth]++;
		} else {
			depth++;
			cells[depth] = 0;
		}
	}
	ck_assert_uint_eq(expect, r.count);
}

START_TEST(rank_bijection)
{
	check_bijection(4, 3);
	check_bijection(9, 1);
	check_bijection(9, 3);
	check_bijection(9, 8);
	check_bijection(16, 3);
	check_bijection(16, 4);
	check_bijection(12, 5);
	/* 8 of 16: random ranks round-trip, cells distinct */
	struct pdb_ranker r;
	ck_assert_int_eq(pdb_ranker_init(&r, 16, 8), 0);
	ck_assert_uint_eq(r.count, 518918400u);
	uint64_t seed = 7;
	for (int i = 0; i < 200000; i++) {
		uint64_t x = (testutil_rng(&seed) << 20 ^ testutil_rng(&seed)) % r.count;
		uint8_t cells[PDB_MAX_CELLS];
		pdbunrank_cells(&r, x, cells);
		uint32_t used = 0;
		for (int j = 0; j < 8; j++) {
			EXPECT(cells[j] < 16 && !(used >> cells[j] & 1u), "unrank %llu", (unsigned long long)x);
			used |= 1u << cells[j];
		}
		EXPECT(pdb_rank(&r, cells) == x, "rank %llu", (unsigned long long)x);
	}
	pdbunrank_cells(&r, r.count - 1, (uint8_t[PDB_MAX_CELLS]){ 0 });
	ck_assert_int_ne(pdb_ranker_init(&r, 16, 16), 0);
	ck_assert_int_ne(pdb_ranker_init(&r, 16, 0), 0);
}
END_TEST

/* ---- builds against independent searches ---- */

/* All tiles of 3x3: the PDB is the exact distance table. */
static void exact_3x3(int blank, int radius, uint64_t at_radius)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, blank, &g);
	struct table_meta m;
	uint8_t *p;
	build(&b, &g, 0x1fe, 2, &m, &p);
	ck_assert_uint_eq(m.entries, 362880);
	ck_assert_uint_eq(m.radius, (unsigned)radius);
	ck_assert_uint_eq(m.hist[radius], at_radius);
	int8_t *dist = bfs_all(3, 3, &g);
	uint64_t hist[64] = { 0 }, reach = 0;
	struct pdb_ranker r;
	pdb_ranker_init(&r, 9, 8);
	uint8_t goalcell[8];
	for (int c = 0; c < 9; c++)
		if (g.t[c])
			goalcell[g.t[c] - 1] = (uint8_t)c;
	for (uint64_t x = 0; x < r.count; x++) {
		uint8_t cells[8], s[9];
		pdbunrank_cells(&r, x, cells);
		memset(s, 0, sizeof s);
		for (int i = 0; i < 8; i++)
			s[cells[i]] = (uint8_t)(i + 1);
		int want = dist[perm_rank(s, 9)];
		int got = entry_value(&m, p, x, cells, goalcell, 8, &b);
		EXPECT(got == want, "3x3 blank %d placement %llu: pdb %d, bfs %d", blank, (unsigned long long)x, got,
		       want);
		if (want >= 0) {
			hist[want]++;
			reach++;
		}
	}
	ck_assert_uint_eq(reach, 181440);
	for (int d = 0; d < 64; d++)
		ck_assert_uint_eq(d < TABLE_HIST_MAX ? m.hist[d] : 0, hist[d]);
	struct slidetab_error err = { 0 };
	ck_assert_msg(pdbgen_verify(&b, &m, p, 2, &err) == 0, "%s", err.msg);
	free(dist);
	free(p);
}

START_TEST(exact_3x3_vs_bfs)
{
	exact_3x3(0, 31, 2);
	exact_3x3(4, 30, 148);
	if (!testutil_emulated()) /* emulated: the corner 0 stands for its mirror 8 */
		exact_3x3(8, 31, 2);
}
END_TEST

/* The PDB definition by a different algorithm: 0-1 BFS over (pattern cells, blank cell), where
 * the blank moving onto a non-pattern cell costs 0 and onto a pattern tile costs 1. */
static void pdb_reference(int rows, int cols, int blank, uint32_t mask)
{
	struct board b;
	board_init(&b, rows, cols);
	struct board_state g;
	board_goal(&b, blank, &g);
	int n = b.n, k = 0;
	uint8_t tiles[16], goalcell[16];
	for (int t = 1; t < n; t++)
		if (mask >> t & 1u)
			tiles[k++] = (uint8_t)t;
	for (int i = 0; i < k; i++)
		for (int c = 0; c < n; c++)
			if (g.t[c] == tiles[i])
				goalcell[i] = (uint8_t)c;
	uint64_t states = 1;
	for (int i = 0; i <= k; i++)
		states *= (uint64_t)n; /* cells[0..k-1] and the blank, base n */
	uint8_t *dist = malloc(states);
	uint32_t *dq = malloc(sizeof *dq * (2 * states + 2));
	ck_assert_ptr_nonnull(dist);
	ck_assert_ptr_nonnull(dq);
	memset(dist, 255, states);
	uint64_t headp = states + 1, tailp = states + 1; /* deque in dq[head..tail) */
	uint32_t start = 0;
	for (int i = k - 1; i >= 0; i--)
		start = start * (uint32_t)n + goalcell[i];
	start += (uint32_t)(blank * (int)(states / (uint64_t)n));
	dist[start] = 0;
	dq[tailp++] = start;
	while (headp < tailp) {
		uint32_t x = dq[headp++];
		uint8_t cells[16];
		uint32_t y = x;
		for (int i = 0; i < k; i++) {
			cells[i] = (uint8_t)(y % (uint32_t)n);
			y /= (uint32_t)n;
		}
		int bl = (int)y, d = dist[x];
		for (int dir = 0; dir < 4; dir++) {
			int nb = b.nbr[bl][dir];
			if (nb < 0)
				continue;
			int who = -1;
			for (int i = 0; i < k; i++)
				if (cells[i] == nb)
					who = i;
			uint8_t c2[16];
			memcpy(c2, cells, sizeof c2);
			if (who >= 0)
				c2[who] = (uint8_t)bl;
			uint32_t z = (uint32_t)nb;
			for (int i = k - 1; i >= 0; i--)
				z = z * (uint32_t)n + c2[i];
			int nd = d + (who >= 0);
			if (nd < dist[z]) {
				dist[z] = (uint8_t)nd;
				if (who >= 0)
					dq[tailp++] = z;
				else
					dq[--headp] = z;
			}
		}
	}
	struct table_meta m;
	uint8_t *p;
	build(&b, &g, mask, 2, &m, &p);
	struct pdb_ranker r;
	pdb_ranker_init(&r, n, k);
	ck_assert_uint_eq(m.entries, r.count);
	for (uint64_t x = 0; x < r.count; x++) {
		uint8_t cells[16];
		pdbunrank_cells(&r, x, cells);
		int best = 255;
		uint32_t base = 0;
		for (int i = k - 1; i >= 0; i--)
			base = base * (uint32_t)n + cells[i];
		for (int bl = 0; bl < n; bl++) {
			uint32_t z = base + (uint32_t)(bl * (int)(states / (uint64_t)n));
			if (dist[z] < best)
				best = dist[z];
		}
		int got = entry_value(&m, p, x, cells, goalcell, k, &b);
		EXPECT(got == (best == 255 ? -1 : best),
		       "%dx%d blank %d pattern 0x%x placement %llu: pdb %d, reference %d", rows, cols, blank, mask,
		       (unsigned long long)x, got, best);
	}
	struct slidetab_error err = { 0 };
	ck_assert_msg(pdbgen_verify(&b, &m, p, 2, &err) == 0, "%s", err.msg);
	free(p);
	free(dq);
	free(dist);
}

START_TEST(pdb_vs_reference)
{
	pdb_reference(3, 3, 0, 0x00e);  /* 1 2 3 */
	pdb_reference(3, 3, 0, 0x1a4);  /* 2 5 7 8 */
	pdb_reference(3, 3, 8, 0x0f0);  /* 4 5 6 7, blank last */
	pdb_reference(3, 3, 4, 0x0aa);  /* 1 3 5 7, blank centre */
	pdb_reference(3, 3, 0, 0x0fe);  /* 7 tiles: one non-pattern tile, unreachable placements */
	pdb_reference(2, 4, 0, 0x0e);   /* 2x4 */
	pdb_reference(4, 4, 0, 0x000e); /* 1 2 3 */
	pdb_reference(4, 4, 0, 0x8420); /* 5 10 15 */
	pdb_reference(4, 4, 0, 0x1032); /* 1 4 5 12 */
}
END_TEST

static uint32_t tiles_of(const int *t)
{
	uint32_t m = 0;
	for (; *t; t++)
		m |= 1u << *t;
	return m;
}

/* gen --pdb auto's partition: column blocks on wide boards, row blocks on tall ones, the
 * class's goal (blank at the class's cell) read in that order, cut every k tiles; worked out by
 * hand here. The budget picks the largest k whose build fits. */
START_TEST(auto_partition)
{
	static const struct {
		int rows, cols, cls, k, n;
		int tiles[4][8];
	} want[] = {
		{ 3, 5, 0, 5, 3, { { 1, 5, 6, 10, 11, 0 }, { 2, 3, 7, 8, 12, 0 }, { 4, 9, 13, 14, 0 } } },
		{ 5, 3, 0, 5, 3, { { 1, 2, 3, 4, 5, 0 }, { 6, 7, 8, 9, 10, 0 }, { 11, 12, 13, 14, 0 } } },
		{ 3, 5, 7, 7, 2, { { 1, 2, 3, 6, 7, 10, 11, 0 }, { 4, 5, 8, 9, 12, 13, 14, 0 } } },
		{ 4,
		  5,
		  0,
		  6,
		  4,
		  { { 1, 5, 6, 10, 11, 15, 0 }, { 2, 3, 7, 12, 16, 17, 0 }, { 4, 8, 9, 13, 14, 18, 0 }, { 19, 0 } } },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		uint32_t masks[PDB_PRESET_MAX];
		ck_assert_int_eq(pdb_auto(want[i].rows, want[i].cols, want[i].cls, want[i].k, masks), want[i].n);
		for (int p = 0; p < want[i].n; p++)
			ck_assert_msg(masks[p] == tiles_of(want[i].tiles[p]), "%dx%d class %d auto%d pattern %d: 0x%x",
				      want[i].rows, want[i].cols, want[i].cls, want[i].k, p, (unsigned)masks[p]);
	}
	uint32_t masks[PDB_PRESET_MAX];
	ck_assert_int_eq(pdb_auto(3, 5, 0, 0, masks), -1);
	ck_assert_int_eq(pdb_auto(3, 5, 0, 14, masks), -1); /* all tiles: not a pattern database */
	ck_assert_int_eq(pdb_auto(5, 5, 0, 2, masks), -1);  /* 12 patterns: more than PDB_PRESET_MAX */
	ck_assert_int_eq(pdb_auto(3, 5, 15, 5, masks), -1);
	const uint32_t mdres = TABLE_ENTRY_MDRES, zbit = TABLE_ENTRY_ZBIT, pbit = TABLE_ENTRY_PBIT;
	ck_assert_uint_eq(pdbauto_bytes(3, 5, 7, mdres), 32432400ull * 4); /* 8 free cells: 32-bit words */
	ck_assert_uint_eq(pdbauto_bytes(4, 5, 6, mdres), 27907200ull * 8);
	ck_assert_int_eq(pdbauto_choose(3, 5, mdres, 32432400ull * 4), 7);
	ck_assert_int_eq(pdbauto_choose(3, 5, mdres, 32432400ull * 4 - 1), 6);
	ck_assert_int_eq(pdbauto_choose(4, 5, mdres, PDBAUTO_DEFAULT_MEMORY), 6);
	ck_assert_int_eq(pdbauto_choose(4, 5, mdres, 1000), -1);
	/* 1-bit sets: 2 bits a state searched, 1 written (3/8 byte), the states of zbit being (placement,
	 * region) pairs: 16!/9! placements of 7 tiles on 4x4 make 139,849,920 of them (gen's histogram) */
	uint64_t p7 = pdbauto_bytes(4, 4, 7, pbit), z7 = pdbauto_bytes(4, 4, 7, zbit);
	ck_assert_uint_ge(p7, 57657600ull * 3 / 8);
	ck_assert_uint_le(p7, 57657600ull * 3 / 8 + 65536);
	ck_assert_uint_ge(z7, 139849920ull * 3 / 8);
	ck_assert_uint_le(z7, 139849920ull * 3 / 8 + (8u << 20));
	ck_assert_uint_eq(pdbauto_bytes(4, 4, 14, pbit), UINT64_MAX); /* pbit: two free cells */
	ck_assert_uint_eq(pdbauto_bytes(4, 4, 13, zbit), UINT64_MAX); /* zbit: three */
	ck_assert_int_eq(pdbauto_choose(4, 4, zbit, z7), 7);
	ck_assert_int_eq(pdbauto_choose(4, 4, zbit, z7 - 1), 6);
	ck_assert_int_eq(pdbauto_choose(4, 5, zbit, PDBAUTO_DEFAULT_MEMORY), 7); /* a tile more than mdres */
	int k = -1;
	ck_assert_int_eq(pdbauto_name("auto", &k), 0);
	ck_assert_int_eq(k, 0);
	ck_assert_int_eq(pdbauto_name("auto7", &k), 0);
	ck_assert_int_eq(k, 7);
	ck_assert_int_eq(pdbauto_name("auto07", &k), -1);
	ck_assert_int_eq(pdbauto_name("auto13", &k), -1);
	ck_assert_int_eq(pdbauto_name("555", &k), -1);
	/* 2x8 has 16 cells, like 4x4, but none of its presets */
	ck_assert_int_eq(pdb_preset_board("555", 2, 8, masks), -1);
	ck_assert_int_eq(pdb_preset_board("555", 4, 4, masks), 3);
}
END_TEST

/* The entries of 3x5's auto4 sets (4 + 4 + 4 + 2 tiles) against the 0-1 BFS, for a corner and the
 * centre class. */
START_TEST(auto_vs_reference)
{
	static const int classes[] = { 0, 7 };
	for (int c = 0; c < 2; c++) {
		uint32_t masks[PDB_PRESET_MAX];
		int n = pdb_auto(3, 5, classes[c], 4, masks);
		ck_assert_int_eq(n, 4);
		for (int p = 0; p < n; p++)
			pdb_reference(3, 5, classes[c], masks[p]);
	}
}
END_TEST

START_TEST(pdb_threads_identical)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state g;
	board_goal(&b, 0, &g);
	const uint32_t masks[] = { 0x00ce, 0x1032 };
	for (int q = 0; q < 2; q++) {
		struct table_meta m1, m2, m3;
		uint8_t *p1, *p2, *p3;
		build(&b, &g, masks[q], 1, &m1, &p1);
		build(&b, &g, masks[q], 2, &m2, &p2);
		build(&b, &g, masks[q], 3, &m3, &p3);
		ck_assert_int_eq(memcmp(&m1, &m2, sizeof m1), 0);
		ck_assert_int_eq(memcmp(&m1, &m3, sizeof m1), 0);
		uint64_t bytes = table_packed_bytes(m1.entries, m1.entry_bits);
		ck_assert_int_eq(memcmp(p1, p2, bytes), 0);
		ck_assert_int_eq(memcmp(p1, p3, bytes), 0);
		free(p1);
		free(p2);
		free(p3);
	}
}
END_TEST

START_TEST(pdb_verify_catches)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state g;
	board_goal(&b, 0, &g);
	struct table_meta m;
	uint8_t *p;
	uint32_t masks[PDBGEN_PRESET_MAX];
	int np = pdbgen_preset("555", masks);
	ck_assert_int_eq(np, 3);
	struct slidetab_error err = { 0 };
	/* emulated (testutil_emulated): the first pattern of the three only */
	for (int i = 0; i < (testutil_emulated() ? 1 : np); i++) {
		build(&b, &g, masks[i], 2, &m, &p);
		ck_assert_int_eq(m.kind, TABLE_KIND_PDB);
		ck_assert_int_eq(m.ranking, TABLE_RANK_PDB);
		ck_assert_int_eq(m.entry, TABLE_ENTRY_MDRES);
		ck_assert_uint_eq(m.entries, 524160);
		ck_assert_uint_eq(m.pattern, masks[i]);
		ck_assert_msg(pdbgen_verify(&b, &m, p, 2, &err) == 0, "%s", err.msg);
		if (i > 0) {
			free(p);
			continue;
		}
		/* a raised entry */
		uint64_t x = 123457;
		unsigned e = table_packed_get(p, x, m.entry_bits);
		table_packed_set(p, x, m.entry_bits, e + 1);
		ck_assert_int_ne(pdbgen_verify(&b, &m, p, 2, &err), 0);
		table_packed_set(p, x, m.entry_bits, e);
		/* a lowered one */
		for (x = 1000; table_packed_get(p, x, m.entry_bits) == 0; x++)
			;
		e = table_packed_get(p, x, m.entry_bits);
		table_packed_set(p, x, m.entry_bits, e - 1);
		ck_assert_int_ne(pdbgen_verify(&b, &m, p, 2, &err), 0);
		table_packed_set(p, x, m.entry_bits, e);
		/* the histogram */
		m.hist[5]++;
		ck_assert_int_ne(pdbgen_verify(&b, &m, p, 2, &err), 0);
		ck_assert_ptr_nonnull(strstr(err.msg, "header"));
		m.hist[5]--;
		ck_assert_int_eq(pdbgen_verify(&b, &m, p, 2, &err), 0);
		free(p);
	}
	/* bad arguments */
	ck_assert_int_ne(pdbgen_build(&b, &g, 0x1, 1, &m, &p, &err), 0);
	ck_assert_int_ne(pdbgen_build(&b, &g, 0x10000, 1, &m, &p, &err), 0);
	ck_assert_int_ne(pdbgen_build(&b, &g, 0, 1, &m, &p, &err), 0);
}
END_TEST

START_TEST(presets)
{
	const char *names[] = { "555", "663", "78", "555sym", "663sym", "78sym" };
	const int npat[] = { 3, 3, 2, 3, 3, 2 };
	for (int q = 0; q < 6; q++) {
		uint32_t masks[PDBGEN_PRESET_MAX], all = 0;
		int np = pdbgen_preset(names[q], masks);
		ck_assert_int_eq(np, npat[q]);
		for (int i = 0; i < np; i++) {
			ck_assert_uint_eq(all & masks[i], 0);
			all |= masks[i];
		}
		ck_assert_uint_eq(all, 0xfffe);
		if (q < 3)
			continue;
		/* the *sym presets: closed under the main-diagonal reflection, tile 4r+c <-> 4c+r */
		for (int i = 0; i < np; i++) {
			uint32_t img = 0;
			for (int t = 1; t < 16; t++)
				if (masks[i] >> t & 1u)
					img |= 1u << ((t % 4) * 4 + t / 4);
			int found = 0;
			for (int j = 0; j < np; j++)
				found |= masks[j] == img;
			ck_assert_msg(found, "%s: pattern 0x%x reflects to 0x%x", names[q], masks[i], img);
		}
	}
	uint32_t masks[PDBGEN_PRESET_MAX];
	/* 771x2: two partitions of the 15 tiles, the second starting at the pattern that overlaps the
	 * first (as pdb_set_add splits them) */
	ck_assert_int_eq(pdbgen_preset("771x2", masks), 6);
	uint32_t part[2] = { 0, 0 };
	for (int i = 0, q = 0; i < 6; i++) {
		if (part[q] & masks[i])
			q++;
		ck_assert_int_lt(q, 2);
		ck_assert_uint_eq(part[q] & masks[i], 0);
		part[q] |= masks[i];
	}
	ck_assert_uint_eq(part[0], 0xfffe);
	ck_assert_uint_eq(part[1], 0xfffe);
	ck_assert_uint_eq(masks[0], 0xfe);
	ck_assert_uint_eq(masks[3], 0xfe00);
	/* 6666x2: Korf & Felner's partition, then the transpose of Clausecker's, which shares two of
	 * its patterns; each covers the 24 tiles */
	ck_assert_int_eq(pdb_preset_for("6666x2", 25, masks), 8);
	ck_assert_int_eq(pdb_preset_for("6666x2", 16, masks), -1);
	part[0] = part[1] = 0;
	for (int i = 0, q = 0; i < 8; i++) {
		if (part[q] & masks[i])
			q++;
		ck_assert_int_lt(q, 2);
		ck_assert_int_eq(__builtin_popcount(masks[i]), 6);
		part[q] |= masks[i];
	}
	ck_assert_uint_eq(part[0], 0x1fffffe);
	ck_assert_uint_eq(part[1], 0x1fffffe);
	ck_assert_uint_eq(masks[4], 1u << 1 | 1u << 2 | 1u << 5 | 1u << 6 | 1u << 7 | 1u << 10);
	ck_assert_uint_eq(masks[6], masks[1]);
	ck_assert_uint_eq(masks[7], masks[3]);
	ck_assert_int_eq(pdbgen_preset("77", masks), -1);
	ck_assert_int_eq(pdbgen_preset(NULL, masks), -1);
}
END_TEST

/* ---- heuristic and IDA* on 3x3 ---- */

START_TEST(heuristic_admissible_3x3)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, 0, &g);
	struct pdb_set *set = make_set_3x3_44(&b, &g, 2);
	ck_assert_int_eq(set->reflect, 1);
	struct board_state r;
	testpdb_reflect(set, &g, &r);
	ck_assert_mem_eq(r.t, g.t, 9);
	ck_assert_int_eq(testpdb_h(set, &g), 0);
	int8_t *dist = bfs_all(3, 3, &g);
	/* every reachable state: h <= distance, h = max of both sums, h >= Manhattan */
	uint8_t s[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	uint64_t better = 0;
	for (uint32_t x = 0; x < 362880; x++) {
		/* next permutation in lexicographic order (x = its rank) */
		if (x) {
			int i = 7;
			while (s[i] > s[i + 1])
				i--;
			int j = 8;
			while (s[j] < s[i])
				j--;
			uint8_t t = s[i];
			s[i] = s[j];
			s[j] = t;
			for (int a = i + 1, c = 8; a < c; a++, c--) {
				t = s[a];
				s[a] = s[c];
				s[c] = t;
			}
		}
		if (dist[x] < 0)
			continue;
		struct board_state st;
		memset(&st, 0, sizeof st);
		memcpy(st.t, s, 9);
		int h = testpdb_h(set, &st);
		testpdb_reflect(set, &st, &r);
		int h0 = testpdb_sum(set, 0, &st), h1 = testpdb_sum(set, 0, &r);
		EXPECT(h == (h0 > h1 ? h0 : h1), "state %u: h %d, sums %d %d", x, h, h0, h1);
		EXPECT(h <= dist[x], "state %u: h %d above the distance %d", x, h, dist[x]);
		EXPECT(h0 >= board_manhattan(&b, &st, &g), "state %u: below Manhattan", x);
		EXPECT(((dist[x] - h) & 1) == 0, "state %u: parity", x);
		better += h1 > h0;
	}
	ck_assert_uint_gt(better, 0); /* the reflection does add something */
	free(dist);
	pdb_set_free(set);
}
END_TEST

static void ida_vs_bfs(struct pdb_set *set, const struct board_state *goal, int count, uint64_t seed)
{
	const struct board *b = &set->b;
	int8_t *dist = bfs_all(b->rows, b->cols, goal);
	struct slidetab_error err = { 0 };
	for (int i = 0; i < count; i++) {
		struct board_state s;
		random_solvable(b, goal, &seed, &s);
		struct ida_result res;
		int rc = testida_solve(set, &s, goal, 0, &res, &err);
		EXPECT(rc == 0, "%s", err.msg);
		EXPECT(res.status == IDA_SOLVED, "puzzle %d: status %d", i, res.status);
		EXPECT(res.length == dist[perm_rank(s.t, b->n)], "puzzle %d: length %d, bfs %d", i, res.length,
		       dist[perm_rank(s.t, b->n)]);
		EXPECT((int)strlen(res.path) == res.length, "puzzle %d: path length", i);
		EXPECT(apply_path(b, &s, res.path) == 0, "puzzle %d: illegal move in %s", i, res.path);
		EXPECT(memcmp(s.t, goal->t, (size_t)b->n) == 0, "puzzle %d: path misses the goal", i);
	}
	free(dist);
}

START_TEST(ida_3x3_vs_bfs)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, 0, &g);
	struct pdb_set *set = make_set_3x3_44(&b, &g, 1);
	ida_vs_bfs(set, &g, 150, 1);
	/* blank last: reached by a board symmetry and relabelling */
	struct board_state g2;
	board_goal(&b, 8, &g2);
	ida_vs_bfs(set, &g2, 60, 2);
	/* blank top right, tiles in a random order */
	struct board_state g3 = { { 5, 3, 0, 8, 1, 7, 2, 6, 4 } };
	ida_vs_bfs(set, &g3, 60, 3);
	struct board_state g4 = { { 6, 1, 7, 2, 8, 3, 0, 4, 5 } };
	ida_vs_bfs(set, &g4, 60, 4);
	pdb_set_free(set);
	/* the exact table as a one-pattern set */
	const uint32_t all = 0x1fe;
	set = make_set(&b, &g, &all, 1, 2);
	ida_vs_bfs(set, &g, 100, 5);
	ida_vs_bfs(set, &g2, 50, 6);
	pdb_set_free(set);
}
END_TEST

START_TEST(ida_edges)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, 0, &g);
	struct pdb_set *set = make_set_3x3_44(&b, &g, 1);
	struct slidetab_error err = { 0 };
	struct ida_result res;
	/* the goal itself */
	ck_assert_int_eq(testida_solve(set, &g, &g, 0, &res, &err), 0);
	ck_assert_int_eq(res.status, IDA_SOLVED);
	ck_assert_int_eq(res.length, 0);
	ck_assert_str_eq(res.path, "");
	/* unsolvable: detected before any search */
	struct board_state u = g;
	u.t[1] = 2;
	u.t[2] = 1;
	ck_assert_int_eq(testida_solve(set, &u, &g, 0, &res, &err), 0);
	ck_assert_int_eq(res.status, IDA_UNSOLVABLE);
	ck_assert_uint_eq(res.nodes, 0);
	/* the depth limit, on a state at the radius (31 moves) found by the BFS */
	int8_t *dist = bfs_all(3, 3, &g);
	struct board_state far = g;
	uint64_t seed = 11;
	for (int tries = 0; dist[perm_rank(far.t, 9)] != 31; tries++) {
		ck_assert_int_lt(tries, 10000000);
		random_solvable(&b, &g, &seed, &far);
	}
	free(dist);
	ck_assert_int_eq(testida_solve(set, &far, &g, 30, &res, &err), 0);
	ck_assert_int_eq(res.status, IDA_NOT_WITHIN);
	ck_assert_int_eq(testida_solve(set, &far, &g, 31, &res, &err), 0);
	ck_assert_int_eq(res.status, IDA_SOLVED);
	ck_assert_int_eq(res.length, 31);
	/* the centre blank is in no corner: refused, naming the gen command */
	struct board_state gc;
	board_goal(&b, 4, &gc);
	struct board_state sc = gc;
	sc.t[4] = sc.t[1];
	sc.t[1] = 0;
	ck_assert_int_ne(testida_solve(set, &sc, &gc, 0, &res, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.msg, "gen --board 3x3 --pattern 1,2,3,4,5,6,7,8 --blank 4"));
	/* invalid input */
	struct board_state bad = g;
	bad.t[3] = 1;
	ck_assert_int_ne(testida_solve(set, &bad, &g, 0, &res, &err), 0);
	/* batch: in order, errors per puzzle */
	struct board_state starts[40];
	seed = 99;
	for (int i = 0; i < 40; i++)
		random_solvable(&b, &g, &seed, &starts[i]);
	starts[7] = u;
	starts[11] = bad;
	struct ida_result rs[40];
	testida_batch(set, 40, starts, NULL, &g, 0, 3, rs);
	for (int i = 0; i < 40; i++) {
		if (i == 7) {
			ck_assert_int_eq(rs[i].status, IDA_UNSOLVABLE);
			continue;
		}
		if (i == 11) {
			ck_assert_int_eq(rs[i].status, IDA_ERROR);
			ck_assert_str_ne(rs[i].err, "");
			continue;
		}
		ck_assert_int_eq(testida_solve(set, &starts[i], &g, 0, &res, &err), 0);
		ck_assert_int_eq(rs[i].status, IDA_SOLVED);
		ck_assert_int_eq(rs[i].length, res.length);
		ck_assert_str_eq(rs[i].path, res.path);
		ck_assert_uint_eq(rs[i].nodes, res.nodes);
	}
	pdb_set_free(set);
}
END_TEST

/* ---- table files ---- */

START_TEST(table_roundtrip)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, 0, &g);
	const uint32_t masks[] = { 0x01e, 0x1e0 };
	char dir[] = "/tmp/test_pdb_XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char paths[2][300];
	struct slidetab_error terr;
	for (int i = 0; i < 2; i++) {
		struct table_meta m;
		uint8_t *p;
		build(&b, &g, masks[i], 2, &m, &p);
		snprintf(paths[i], sizeof paths[i], "%s/p%d.tbl", dir, i);
		uint64_t bytes = 0;
		ck_assert_msg(tblw_write(paths[i], &m, p, 6, &bytes, &terr) == SLIDETAB_OK, "%s", terr.msg);
		ck_assert_uint_gt(bytes, 0);
		free(p);
	}
	const char *pp[2] = { paths[0], paths[1] };
	struct slidetab_error err = { 0 };
	struct pdb_set *loaded, *mem = make_set(&b, &g, masks, 2, 1);
	ck_assert_msg(pdb_set_load_masks(&loaded, pp, NULL, 2, 2, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(loaded->npat, 2);
	uint64_t seed = 5;
	for (int i = 0; i < 2000; i++) {
		struct board_state s;
		random_solvable(&b, &g, &seed, &s);
		EXPECT(testpdb_h(loaded, &s) == testpdb_h(mem, &s), "state %d", i);
	}
	pdb_set_free(loaded);
	/* the same file twice: overlapping patterns are refused */
	const char *twice[2] = { paths[0], paths[0] };
	ck_assert_int_ne(pdb_set_load_masks(&loaded, twice, NULL, 2, 1, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.msg, "overlaps"));
	const char *missing[1] = { "/nonexistent/x.tbl" };
	ck_assert_int_ne(pdb_set_load_masks(&loaded, missing, NULL, 1, 1, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.msg, "/nonexistent/x.tbl"));
	pdb_set_free(mem);
	unlink(paths[0]);
	unlink(paths[1]);
	rmdir(dir);
}
END_TEST

/* ---- two partitions, maxed ---- */

/* A set of two partitions built in memory: masks a[0..na) then b[0..nb), in encoding `entry`. */
static struct pdb_set *make_two(const struct board *bd, const struct board_state *g, const uint32_t *a, int na,
				const uint32_t *b, int nb, int entry)
{
	struct slidetab_error err = { 0 };
	struct pdb_set *set;
	ck_assert_int_eq(pdb_set_new(&set, bd, g, &err), 0);
	for (int i = 0; i < na + nb; i++) {
		struct table_meta m;
		uint8_t *p;
		uint32_t mask = i < na ? a[i] : b[i - na];
		ck_assert_msg(pdbgen_build_enc(bd, g, mask, entry, 2, &m, &p, &err) == 0, "%s", err.msg);
		ck_assert_msg(testpdb_add(set, &m, p, &err) == 0, "%s", err.msg);
	}
	ck_assert_int_eq(set->npart, nb ? 2 : 1);
	return set;
}

/* Every reachable 3x3 state, both encodings: h is the largest of the four sums (two partitions, each
 * reflected), at most the BFS distance, of its parity; the second partition raises h somewhere; a
 * third partition and a repeated pattern are refused. */
START_TEST(partitions_3x3)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g;
	board_goal(&b, 0, &g);
	int8_t *dist = bfs_all(3, 3, &g);
	const uint32_t pa[] = { 0x01e, 0x1e0 }, pb[] = { 0x126, 0x0d8 };
	for (int z = 0; z < 2; z++) {
		struct pdb_set *set = make_two(&b, &g, pa, 2, pb, 2, z ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_MDRES);
		uint8_t s[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
		uint64_t better = 0;
		for (uint32_t x = 0; x < 362880; x++) {
			if (x) { /* next permutation in lexicographic order (x = its rank) */
				int i = 7, j = 8;
				while (s[i] > s[i + 1])
					i--;
				while (s[j] < s[i])
					j--;
				uint8_t t = s[i];
				s[i] = s[j], s[j] = t;
				for (int u = i + 1, v = 8; u < v; u++, v--)
					t = s[u], s[u] = s[v], s[v] = t;
			}
			if (dist[x] < 0)
				continue;
			struct board_state st, r;
			memset(&st, 0, sizeof st);
			memcpy(st.t, s, 9);
			testpdb_reflect(set, &st, &r);
			int h = testpdb_h(set, &st), want = 0, first = 0;
			for (int q = 0; q < 2; q++)
				for (int k = 0; k < 2; k++) {
					int v = testpdb_sum(set, q, k ? &r : &st);
					EXPECT(h >= v, "state %u: h %d below partition %d's sum %d", x, h, q, v);
					want = v > want ? v : want;
					if (q == 0)
						first = want;
				}
			EXPECT(h == want, "state %u: h %d, largest sum %d", x, h, want);
			EXPECT(h <= dist[x] && ((dist[x] - h) & 1) == 0, "state %u: h %d, distance %d", x, h, dist[x]);
			better += h > first;
		}
		ck_assert_uint_gt(better, 0);
		ida_vs_bfs(set, &g, 60, 11 + (uint64_t)z);
		pdb_set_free(set);
	}
	free(dist);
	/* a third partition, and a pattern whose tiles an earlier one has, are refused */
	struct slidetab_error err = { 0 };
	struct pdb_set *set = make_two(&b, &g, pa, 2, pb, 2, TABLE_ENTRY_MDRES);
	const uint32_t bad[] = { 0x00e, 0x126 };
	for (int i = 0; i < 2; i++) {
		struct table_meta m;
		uint8_t *p;
		build(&b, &g, bad[i], 1, &m, &p);
		ck_assert_int_ne(testpdb_add(set, &m, p, &err), 0);
		ck_assert_ptr_nonnull(strstr(err.msg, "overlaps"));
		ck_assert_ptr_nonnull(strstr(err.msg, i ? "same tiles" : "partitions"));
	}
	pdb_set_free(set);
}
END_TEST

/* 4x4, 5-5-5 maxed with 5-5-5sym (zero-aware): on random positions IDA* gives the plain 5-5-5 set's
 * lengths and (lexicographically smallest) paths, and the root's h lies between the plain one and
 * the length. */
START_TEST(partitions_4x4)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state g;
	board_goal(&b, 0, &g);
	uint32_t pa[PDBGEN_PRESET_MAX], pb[PDBGEN_PRESET_MAX];
	int na = pdbgen_preset("555", pa), nb = pdbgen_preset("555sym", pb);
	struct pdb_set *two = make_two(&b, &g, pa, na, pb, nb, TABLE_ENTRY_ZBIT);
	struct pdb_set *one = make_two(&b, &g, pa, na, NULL, 0, TABLE_ENTRY_MDRES);
	uint64_t seed = 24, fewer = 0;
	struct slidetab_error err = { 0 };
	for (int i = 0; i < 40; i++) {
		struct board_state s = g;
		testutil_walk(&seed, 4, 4, s.t, 30 + (int)testutil_below(&seed, 30));
		struct ida_result r1, r2;
		ck_assert_msg(testida_solve(one, &s, &g, 0, &r1, &err) == 0, "%s", err.msg);
		ck_assert_msg(testida_solve(two, &s, &g, 0, &r2, &err) == 0, "%s", err.msg);
		ck_assert_int_eq(r1.status, IDA_SOLVED);
		ck_assert_int_eq(r2.status, IDA_SOLVED);
		EXPECT(r2.length == r1.length, "puzzle %d: %d, plain %d", i, r2.length, r1.length);
		EXPECT(strcmp(r2.path, r1.path) == 0, "puzzle %d: path %s, plain %s", i, r2.path, r1.path);
		int h1 = testpdb_h(one, &s), h2 = testpdb_h(two, &s);
		EXPECT(h2 >= h1 && h2 <= r1.length, "puzzle %d: h %d, plain %d, length %d", i, h2, h1, r1.length);
		EXPECT(r2.nodes <= r1.nodes, "puzzle %d: %llu nodes, plain %llu", i, (unsigned long long)r2.nodes,
		       (unsigned long long)r1.nodes);
		fewer += r2.nodes < r1.nodes;
	}
	ck_assert_uint_gt(fewer, 0);
	pdb_set_free(one);
	pdb_set_free(two);
}
END_TEST

/* ---- the 15 puzzle ---- */

START_TEST(korf_555)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state g;
	board_goal(&b, 0, &g);
	uint32_t masks[PDBGEN_PRESET_MAX];
	int np = pdbgen_preset("555", masks);
	struct pdb_set *set = make_set(&b, &g, masks, np, 2);
	ck_assert_int_eq(set->reflect, 1);
	FILE *f = fopen(TEST_DATA "/korf100.txt", "r");
	ck_assert_msg(f != NULL, "cannot open %s", TEST_DATA "/korf100.txt");
	struct board_state starts[100];
	int want[100], n = 0;
	while (n < 100) {
		int v[17], ok = 1;
		for (int i = 0; i < 17 && ok; i++)
			ok = fscanf(f, "%d", &v[i]) == 1;
		if (!ok)
			break;
		memset(&starts[n], 0, sizeof starts[n]);
		for (int i = 0; i < 16; i++)
			starts[n].t[i] = (uint8_t)v[i];
		want[n] = v[16];
		n++;
	}
	fclose(f);
	ck_assert_int_eq(n, 100);
	/* All 100 instances, with the 555 preset and reflection, on 2 threads; emulated
	 * (testutil_emulated): the 14 whose published length is at most 46. */
	if (testutil_emulated()) {
		int k = 0;
		for (int i = 0; i < n; i++)
			if (want[i] <= 46)
				starts[k] = starts[i], want[k++] = want[i];
		ck_assert_int_eq(k, 14);
		n = k;
	}
	static struct ida_result res[100];
	testida_batch(set, (size_t)n, starts, NULL, NULL, 0, 2, res);
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(res[i].status, IDA_SOLVED);
		ck_assert_msg(res[i].length == want[i], "instance %d: %d, published %d", i + 1, res[i].length, want[i]);
		struct board_state s = starts[i];
		ck_assert_int_eq(apply_path(&b, &s, res[i].path), 0);
		ck_assert_mem_eq(s.t, g.t, 16);
	}
	/* ALDS1_13_C's sample, goal blank last (a corner: relabel + reflect) */
	struct board_state gl, s = { { 1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15 } };
	board_goal(&b, 15, &gl);
	struct slidetab_error err = { 0 };
	struct ida_result r;
	ck_assert_msg(testida_solve(set, &s, &gl, 45, &r, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(r.status, IDA_SOLVED);
	ck_assert_int_eq(r.length, 8);
	struct board_state t = s;
	ck_assert_int_eq(apply_path(&b, &t, r.path), 0);
	ck_assert_mem_eq(t.t, gl.t, 16);
	/* a goal with the blank at an inner cell needs another set */
	struct board_state gi;
	board_goal(&b, 5, &gi);
	ck_assert_int_ne(testida_solve(set, &gi, &gi, 0, &r, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.msg, "gen --board 4x4 --pdb 78 --blank 5"));
	pdb_set_free(set);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pdb");
	TCase *tc = tcase_create("rank");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, rank_bijection);
	tcase_add_test(tc, presets);
	suite_add_tcase(s, tc);
	tc = tcase_create("build");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, exact_3x3_vs_bfs);
	tcase_add_test(tc, pdb_vs_reference);
	tcase_add_test(tc, auto_partition);
	tcase_add_test(tc, auto_vs_reference);
	tcase_add_test(tc, pdb_threads_identical);
	tcase_add_test(tc, pdb_verify_catches);
	suite_add_tcase(s, tc);
	tc = tcase_create("ida");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, heuristic_admissible_3x3);
	tcase_add_test(tc, ida_3x3_vs_bfs);
	tcase_add_test(tc, ida_edges);
	tcase_add_test(tc, table_roundtrip);
	tcase_add_test(tc, korf_555);
	tcase_add_test(tc, partitions_3x3);
	tcase_add_test(tc, partitions_4x4);
	return testutil_run(s, tc);
}
