/* SPDX-License-Identifier: Zlib */
/* test_pbit: 1-bit placement pattern databases (gen --entry pbit) against a breadth-first search of
 * the test's own, the search's stepped values along long random walks, and damaged entries refused. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pbitgen.h"
#include "gen/pdb/pdbcmd.h"
#include "gen/pdb/pdbunrank.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/header.h"
#include "tests/unit/testida.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

/* ---- the reference: placements indexed by their cells as base-n digits, its own BFS ---- */

struct test_pbit_ref {
	const struct board *b;
	int k;
	uint8_t tiles[PDB_MAX_CELLS], goalcell[PDB_MAX_CELLS];
	uint64_t size; /* n^k */
	int16_t *dist; /* by ref_key; -1 unreached (or not a placement: two tiles on one cell) */
};

static uint64_t ref_key(const struct test_pbit_ref *r, const uint8_t *cells)
{
	uint64_t key = 0;
	for (int i = r->k - 1; i >= 0; i--)
		key = key * (uint64_t)r->b->n + cells[i];
	return key;
}

static void ref_cells(const struct test_pbit_ref *r, uint64_t key, uint8_t *cells)
{
	for (int i = 0; i < r->k; i++, key /= (uint64_t)r->b->n)
		cells[i] = (uint8_t)(key % (uint64_t)r->b->n);
}

/* Distances from the goal placement where a step moves one pattern tile onto a neighbouring cell
 * that holds no pattern tile. Returns the number of placements reached. */
static uint64_t ref_bfs(struct test_pbit_ref *r, const struct board *b, const struct board_state *goal, uint32_t mask)
{
	r->b = b;
	r->k = pdb_pattern_tiles(mask, b->n, r->tiles);
	ck_assert_int_gt(r->k, 0);
	r->size = 1;
	for (int i = 0; i < r->k; i++)
		r->size *= (uint64_t)b->n;
	r->dist = malloc(r->size * sizeof *r->dist);
	uint64_t *queue = malloc(r->size * sizeof *queue), head = 0, tail = 0;
	ck_assert(r->dist && queue);
	memset(r->dist, 0xff, r->size * sizeof *r->dist);
	for (int i = 0; i < r->k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == r->tiles[i])
				r->goalcell[i] = (uint8_t)c;
	queue[tail++] = ref_key(r, r->goalcell);
	r->dist[queue[0]] = 0;
	while (head < tail) {
		uint64_t key = queue[head++];
		uint8_t cells[PDB_MAX_CELLS];
		ref_cells(r, key, cells);
		uint32_t occ = 0;
		for (int i = 0; i < r->k; i++)
			occ |= 1u << cells[i];
		for (int i = 0; i < r->k; i++)
			for (int d = 0; d < BOARD_NDIRS; d++) {
				int t = cells[i], c = b->nbr[t][d];
				if (c < 0 || (occ >> c & 1u))
					continue;
				cells[i] = (uint8_t)c;
				uint64_t nk = ref_key(r, cells);
				cells[i] = (uint8_t)t;
				if (r->dist[nk] < 0) {
					r->dist[nk] = (int16_t)(r->dist[key] + 1);
					queue[tail++] = nk;
				}
			}
	}
	free(queue);
	return tail;
}

static int ref_md(const struct test_pbit_ref *r, const uint8_t *cells)
{
	int md = 0;
	for (int i = 0; i < r->k; i++)
		md += board_taxicab(r->b, cells[i], r->goalcell[i]);
	return md;
}

/* A one-pattern set of the placement PDB of `mask` built by gen's builder (own memory). */
static struct pdb_set *pbit_set(const struct board *b, const struct board_state *goal, uint32_t mask,
				struct table_meta *m)
{
	struct pdb_set *set;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pdb_set_new(&set, b, goal, &err) == 0, "%s", err.msg);
	ck_assert_msg(pbitgen_build(b, goal, mask, 2, m, &packed, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(m->entry, TABLE_ENTRY_PBIT);
	ck_assert_int_eq(m->ranking, TABLE_RANK_PDB);
	ck_assert_int_eq(m->entry_bits, 1);
	ck_assert_msg(testpdb_add(set, m, packed, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(set->pat[0].step, 1);
	return set;
}

static const struct {
	int rows, cols, blank;
	uint32_t mask;
} small[] = {
	{ 4, 4, 0, 0x1132 },                                        /* 555's first pattern {1,4,5,8,12} */
	{ 4, 4, 5, 0xe000 }, { 4, 4, 15, 0x1e }, { 3, 3, 8, 0xfe }, /* 3x3: 7 tiles, two free cells */
	{ 3, 3, 4, 0x1a2 },  { 2, 4, 0, 0x0e },  { 2, 4, 7, 0x7e }, { 5, 5, 0, 0x1e }, { 3, 5, 7, 0x7c00 },
};

/* Every placement: the file's bit is ((d - md) / 2) & 1 of the test's BFS distance d, the value from
 * scratch (the walk) is d, every step from it decodes (pdb_one_zstep) to the neighbour's d, and the
 * header's histogram counts the BFS's layers. */
START_TEST(every_entry_matches_an_independent_bfs)
{
	struct board b;
	struct board_state g;
	board_init(&b, small[_i].rows, small[_i].cols);
	board_goal(&b, small[_i].blank, &g);
	struct test_pbit_ref r;
	struct table_meta m;
	uint64_t reached = ref_bfs(&r, &b, &g, small[_i].mask);
	struct pdb_set *set = pbit_set(&b, &g, small[_i].mask, &m);
	const struct pdb_one *p = &set->pat[0];
	ck_assert_uint_eq(reached, p->rk.count); /* two free cells: every placement */
	ck_assert_uint_eq(m.entries, p->rk.count);
	uint64_t hist[TABLE_HIST_MAX] = { 0 }, edges = 0;
	for (uint64_t key = 0; key < r.size; key++) {
		if (r.dist[key] < 0)
			continue;
		uint8_t cells[PDB_MAX_CELLS];
		ref_cells(&r, key, cells);
		int d = r.dist[key], md = ref_md(&r, cells), v;
		hist[d]++;
		uint64_t e = pdb_rank(&p->rk, cells);
		quiet_assert_uint(pdb_one_bit(p, e), ==, (unsigned)((d - md) / 2) & 1u);
		struct slidetab_error err;
		if (key % 7 == 0) { /* the walk costs up to d * 4k lookups: a sample */
			quiet_assert_msg(pdb_set_value(set, 0, cells, 0, &v, &err) == 0, "%s", err.msg);
			quiet_assert_int(v, ==, d);
		}
		uint32_t occ = 0;
		for (int i = 0; i < r.k; i++)
			occ |= 1u << cells[i];
		for (int i = 0; i < r.k; i++)
			for (int dir = 0; dir < BOARD_NDIRS; dir++) {
				int t = cells[i], c = b.nbr[t][dir];
				if (c < 0 || (occ >> c & 1u))
					continue;
				cells[i] = (uint8_t)c;
				int nd = r.dist[ref_key(&r, cells)];
				quiet_assert_int(nd == d - 1 || nd == d + 1, ==, 1); /* the +-1 property */
				quiet_assert_int(
					pdb_one_zstep(d, ref_md(&r, cells), pdb_one_bit(p, pdb_rank(&p->rk, cells))),
					==, nd);
				cells[i] = (uint8_t)t;
				edges++;
			}
	}
	ck_assert_uint_gt(edges, reached);
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++)
		quiet_assert_uint(m.hist[d], ==, hist[d]);
	ck_assert_uint_gt(hist[m.radius], 0);
	free(r.dist);
	pdb_set_free(set);
}
END_TEST

/* Real moves of the puzzle (the blank's), 10,000 of them on 4x4 and 5x5: each pattern's value kept
 * by stepping (as the search does: a pattern tile moved changes it by exactly 1, other tiles leave
 * it) equals the test's BFS distance of the placement at every step. */
START_TEST(stepped_values_follow_long_walks)
{
	static const struct {
		int rows, cols;
		uint32_t mask[3];
	} cases[] = { { 4, 4, { 0x1132, 0x8cc, 0xe600 } }, { 5, 5, { 0x1e, 0x108420, 0x4380 } } };
	int steps = testutil_emulated() ? 2000 : 10000;
	uint64_t seed = 0x9b17ull + (uint64_t)_i;
	struct board b;
	struct board_state g;
	board_init(&b, cases[_i].rows, cases[_i].cols);
	board_goal(&b, 0, &g);
	for (int q = 0; q < 3; q++) {
		struct test_pbit_ref r;
		struct table_meta m;
		ref_bfs(&r, &b, &g, cases[_i].mask[q]);
		struct pdb_set *set = pbit_set(&b, &g, cases[_i].mask[q], &m);
		const struct pdb_one *p = &set->pat[0];
		unsigned char t[PDB_MAX_CELLS];
		memcpy(t, g.t, (size_t)b.n);
		int h = 0, changed = 0;
		for (int s = 0; s < steps; s++) {
			uint8_t cells[PDB_MAX_CELLS];
			testutil_walk(&seed, b.rows, b.cols, t, 1);
			for (int c = 0; c < b.n; c++)
				for (int i = 0; i < r.k; i++)
					if (t[c] == r.tiles[i])
						cells[i] = (uint8_t)c;
			int want = r.dist[ref_key(&r, cells)];
			if (want != h) { /* the moved tile is the pattern's: a step of one */
				quiet_assert_int(want == h - 1 || want == h + 1, ==, 1);
				h = pdb_one_zstep(h, ref_md(&r, cells), pdb_one_bit(p, pdb_rank(&p->rk, cells)));
				changed++;
			}
			quiet_assert_int(h, ==, want);
		}
		ck_assert_int_gt(changed, steps / 10);
		free(r.dist);
		pdb_set_free(set);
	}
}
END_TEST

/* IDA* over the 5-5-5 placement set finds Korf's first instance's optimal length, and the same
 * lengths and smallest paths as over the zero-aware 5-5-5 set on random positions. */
START_TEST(search_agrees_with_the_zero_aware_set)
{
	struct board b;
	struct board_state g;
	board_init(&b, 4, 4);
	board_goal(&b, 0, &g);
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset("555", masks);
	struct pdb_set *ps, *zs;
	struct slidetab_error err;
	ck_assert(pdb_set_new(&ps, &b, &g, &err) == 0 && pdb_set_new(&zs, &b, &g, &err) == 0);
	for (int q = 0; q < n; q++) {
		struct table_meta m;
		uint8_t *packed;
		ck_assert_msg(pbitgen_build(&b, &g, masks[q], 2, &m, &packed, &err) == 0, "%s", err.msg);
		ck_assert_msg(testpdb_add(ps, &m, packed, &err) == 0, "%s", err.msg);
		ck_assert_msg(pdbgen_build_enc(&b, &g, masks[q], TABLE_ENTRY_ZBIT, 2, &m, &packed, &err) == 0, "%s",
			      err.msg);
		ck_assert_msg(testpdb_add(zs, &m, packed, &err) == 0, "%s", err.msg);
	}
	static const uint8_t korf1[16] = { 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3 };
	struct board_state s;
	struct ida_result a, z;
	memset(&s, 0, sizeof s);
	memcpy(s.t, korf1, 16);
	ck_assert_msg(testida_solve(ps, &s, NULL, 0, &a, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(a.status, IDA_SOLVED);
	ck_assert_int_eq(a.length, 57); /* Korf (1985), instance 1 */
	uint64_t seed = 0x1bd5ull;
	int cases = testutil_emulated() ? 8 : 40;
	for (int k = 0; k < cases; k++) {
		s = g;
		testutil_walk(&seed, 4, 4, s.t, 30 + k % 31);
		ck_assert_msg(testida_solve(ps, &s, NULL, 0, &a, &err) == 0, "%s", err.msg);
		ck_assert_msg(testida_solve(zs, &s, NULL, 0, &z, &err) == 0, "%s", err.msg);
		ck_assert_int_eq(a.status, IDA_SOLVED);
		ck_assert_int_eq(a.length, z.length);
		ck_assert_mem_eq(a.path, z.path, (size_t)a.length);
	}
	pdb_set_free(ps);
	pdb_set_free(zs);
}
END_TEST

/* gen --verify compares every entry with a fresh build: a first, a middle and a last entry flipped
 * in a file whose block CRCs are right (written after the flip) are each found; the intact file
 * passes. */
START_TEST(verify_finds_a_flipped_entry)
{
	char dir[32], path[TABNAME_MAX];
	testtables_dir(dir);
	snprintf(path, sizeof path, "%s/p.tbl", dir);
	struct board b;
	struct board_state g;
	board_init(&b, 3, 3);
	board_goal(&b, 8, &g);
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pbitgen_build(&b, &g, 0x3e, 2, &m, &packed, &err) == 0, "%s", err.msg);
	m.block_entries = 1024;
	const uint64_t flip[] = { UINT64_MAX, 0, m.entries / 2, m.entries - 1 };
	for (int f = 0; f < 4; f++) {
		if (flip[f] != UINT64_MAX)
			packed[flip[f] >> 3] ^= (uint8_t)(1u << (flip[f] & 7));
		ck_assert_msg(tblw_write(path, &m, packed, 6, NULL, &err) == 0, "%s", err.msg);
		int is_pdb;
		int rc = pdbcmd_verify(path, 2, &is_pdb, &err);
		ck_assert_int_eq(is_pdb, 1);
		ck_assert_msg(rc == (flip[f] == UINT64_MAX ? SLIDETAB_OK : SLIDETAB_EFORMAT), "flip %d: %s", f,
			      rc ? err.msg : "passed");
		if (flip[f] != UINT64_MAX)
			packed[flip[f] >> 3] ^= (uint8_t)(1u << (flip[f] & 7));
	}
	free(packed);
	testtables_remove(dir);
}
END_TEST

/* The 5-tile placement PDB of 3x3 (blank last) written to DIR/p.tbl in 1024-entry blocks with bit
 * `flip` (UINT64_MAX: none) flipped before the write, so that every CRC is right; loaded mapped. */
static struct pdb_set *pbit_file(const char *dir, uint64_t flip, struct board *b, struct board_state *g)
{
	char path[TABNAME_MAX];
	const char *paths[1] = { path };
	snprintf(path, sizeof path, "%s/p.tbl", dir);
	board_init(b, 3, 3);
	board_goal(b, 8, g);
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pbitgen_build(b, g, 0x3e, 2, &m, &packed, &err) == 0, "%s", err.msg);
	m.block_entries = 1024;
	if (flip != UINT64_MAX)
		packed[flip >> 3] ^= (uint8_t)(1u << (flip & 7));
	ck_assert_msg(tblw_write(path, &m, packed, 6, NULL, &err) == 0, "%s", err.msg);
	free(packed);
	struct pdb_set *set;
	ck_assert_msg(pdb_set_load_masks(&set, paths, NULL, 1, 1, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(set->pat[0].step, 1);
	return set;
}

/* The cells of the pattern's tiles in state t (by tile number). */
static void pattern_cells(const struct pdb_one *p, const struct board *b, const uint8_t *t, uint8_t *cells)
{
	for (int c = 0; c < b->n; c++)
		for (int i = 0; i < p->k; i++)
			if (t[c] == p->tiles[i])
				cells[i] = (uint8_t)c;
}

/* A file whose CRCs are right but whose goal entry is 1 (damage a CRC cannot see): the goal's value
 * and a neighbour's are refused as damage, never answered; the intact file answers 0 and 1. */
START_TEST(goal_entry_not_zero_is_refused)
{
	char dir[32];
	testtables_dir(dir);
	struct board b;
	struct board_state g, near;
	struct slidetab_error err;
	struct pdb_set *set = pbit_file(dir, UINT64_MAX, &b, &g);
	const struct pdb_one *p = &set->pat[0];
	uint64_t goal = p->zgoal;
	uint8_t cells[PDB_MAX_CELLS];
	int v;
	near = g; /* pattern tile 5 one step right, onto tile 6's cell (placements ignore other tiles) */
	near.t[4] = 6;
	near.t[5] = 5;
	pattern_cells(p, &b, g.t, cells);
	ck_assert_msg(pdb_set_value(set, 0, cells, 8, &v, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(v, 0);
	pattern_cells(p, &b, near.t, cells);
	ck_assert_msg(pdb_set_value(set, 0, cells, 8, &v, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(v, 1);
	pdb_set_free(set);
	set = pbit_file(dir, goal, &b, &g);
	p = &set->pat[0];
	pattern_cells(p, &b, g.t, cells);
	ck_assert_int_eq(pdb_set_value(set, 0, cells, 8, &v, &err), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(err.msg, "goal's entry is not 0") != NULL, "%s", err.msg);
	ck_assert_msg(strstr(err.msg, "p.tbl") != NULL, "%s", err.msg);
	pattern_cells(p, &b, near.t, cells);
	ck_assert_int_eq(pdb_set_value(set, 0, cells, 8, &v, &err), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(err.msg, "damaged") != NULL, "%s", err.msg);
	pdb_set_free(set);
	testtables_remove(dir);
}
END_TEST

/* A byte flipped after the write (the block's CRC wrong): the value of a placement whose walk reads
 * that block is refused naming the checksum, before any bit of it counts; a placement whose walk
 * reads only other blocks is still answered. */
START_TEST(value_checks_the_block_before_its_bits)
{
	char dir[32], path[TABNAME_MAX];
	testtables_dir(dir);
	snprintf(path, sizeof path, "%s/p.tbl", dir);
	struct board b;
	struct board_state g;
	struct slidetab_error err;
	struct pdb_set *set = pbit_file(dir, UINT64_MAX, &b, &g);
	const struct pdb_one *p = &set->pat[0];
	/* a placement of the last block (its walk starts there); the goal's entry is in block 0 */
	uint64_t far = p->rk.count - 1;
	ck_assert_uint_ne(far / 1024, p->zgoal / 1024);
	uint8_t cells[PDB_MAX_CELLS], gcells[PDB_MAX_CELLS];
	pdbunrank_cells(&p->rk, far, cells);
	uint32_t occ = 0;
	for (int i = 0; i < p->k; i++)
		occ |= 1u << cells[i];
	unsigned blank = (unsigned)__builtin_ctz(~occ & 0x1ffu);
	int want, v;
	ck_assert_msg(pdb_set_value(set, 0, cells, blank, &want, &err) == 0, "%s", err.msg);
	pdb_set_free(set);
	FILE *f = fopen(path, "r+b");
	ck_assert_ptr_nonnull(f);
	uint8_t h[TABLE_HEADER_SIZE];
	ck_assert_int_eq(fread(h, 1, sizeof h, f), sizeof h);
	long off = (long)tbl_get64(h + H_PAYOFF) + (long)(far >> 3);
	fseek(f, off, SEEK_SET);
	int c = fgetc(f);
	fseek(f, off, SEEK_SET);
	fputc(c ^ (1 << (far & 7)), f); /* the start's own bit */
	fclose(f);
	const char *paths[1] = { path };
	ck_assert_msg(pdb_set_load_masks(&set, paths, NULL, 1, 1, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(pdb_set_value(set, 0, cells, blank, &v, &err), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(err.msg, "checksum") != NULL, "%s", err.msg);
	pattern_cells(&set->pat[0], &b, g.t, gcells); /* the goal's walk reads block 0 alone */
	ck_assert_msg(pdb_set_value(set, 0, gcells, 8, &v, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(v, 0);
	pdb_set_free(set);
	testtables_remove(dir);
}
END_TEST

/* Patterns that leave fewer than two free cells are refused: some placements would be unreachable. */
START_TEST(too_large_a_pattern_is_refused)
{
	struct board b;
	struct board_state g;
	board_init(&b, 3, 3);
	board_goal(&b, 8, &g);
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_int_eq(pbitgen_build(&b, &g, 0x1fe, 1, &m, &packed, &err), SLIDETAB_EINVAL);
	ck_assert_ptr_null(packed);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pbit");
	TCase *tc = testutil_case(s, "pbit", NULL, NULL);
	tcase_add_loop_test(tc, every_entry_matches_an_independent_bfs, 0, (int)(sizeof small / sizeof small[0]));
	tcase_add_loop_test(tc, stepped_values_follow_long_walks, 0, 2);
	tcase_add_test(tc, search_agrees_with_the_zero_aware_set);
	tcase_add_test(tc, verify_finds_a_flipped_entry);
	tcase_add_test(tc, too_large_a_pattern_is_refused);
	tcase_add_test(tc, goal_entry_not_zero_is_refused);
	tcase_add_test(tc, value_checks_the_block_before_its_bits);
	return testutil_run(s, NULL);
}
