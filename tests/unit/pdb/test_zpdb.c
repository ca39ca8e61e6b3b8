/* SPDX-License-Identifier: Zlib */
/* test_zpdb: zero-aware 1-bit pattern databases against a plain BFS over (placement, blank region),
 * and mapped sets: read in place, damage refused per answer, shared by processes and threads. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen/pdb/pdbunrank.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/header.h"
#include "slidetab.h"
#include "tests/unit/testida.h"
#include "tests/unit/testpdb.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

/* ---- the reference: a breadth-first search of its own ---- */

/* Cells connected to c through cells not in occ (the test's own flood fill). */
static uint32_t ref_region(const struct board *b, uint32_t occ, int c)
{
	uint32_t r = 1u << c;
	for (int grew = 1; grew;) {
		grew = 0;
		for (int x = 0; x < b->n; x++)
			if (r >> x & 1u)
				for (int d = 0; d < BOARD_NDIRS; d++) {
					int y = b->nbr[x][d];
					if (y >= 0 && !(occ >> y & 1u) && !(r >> y & 1u))
						r |= 1u << y, grew = 1;
				}
	}
	return r;
}

/* Distances of every (placement, region) state from the goal, counting pattern-tile moves: dist[rank
 * * n + smallest cell of the region], -1 unreached. Returns the array (malloc'd). */
static int16_t *ref_bfs(const struct board *b, const struct board_state *goal, const struct pdb_ranker *rk,
			const uint8_t *tiles, int k)
{
	uint64_t states = rk->count * (uint64_t)b->n;
	int16_t *dist = malloc(states * sizeof *dist);
	uint64_t *queue = malloc(states * sizeof *queue), head = 0, tail = 0;
	ck_assert(dist && queue);
	memset(dist, 0xff, states * sizeof *dist);
	uint8_t cells[PDB_MAX_CELLS];
	uint32_t occ = 0;
	for (int i = 0; i < k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == tiles[i])
				cells[i] = (uint8_t)c, occ |= 1u << c;
	uint32_t r = ref_region(b, occ, board_blank(b, goal));
	uint64_t s0 = pdb_rank(rk, cells) * (uint64_t)b->n + (uint64_t)__builtin_ctz(r);
	dist[s0] = 0;
	queue[tail++] = s0;
	while (head < tail) {
		uint64_t s = queue[head++];
		pdbunrank_cells(rk, s / (uint64_t)b->n, cells);
		occ = 0;
		for (int i = 0; i < k; i++)
			occ |= 1u << cells[i];
		r = ref_region(b, occ, (int)(s % (uint64_t)b->n));
		for (int i = 0; i < k; i++)
			for (int d = 0; d < BOARD_NDIRS; d++) {
				int t = cells[i], c = b->nbr[t][d];
				if (c < 0 || !(r >> c & 1u))
					continue;
				cells[i] = (uint8_t)c;
				uint32_t nocc = occ ^ (1u << t) ^ (1u << c);
				uint64_t ns = pdb_rank(rk, cells) * (uint64_t)b->n +
					      (uint64_t)__builtin_ctz(ref_region(b, nocc, t));
				cells[i] = (uint8_t)t;
				if (dist[ns] < 0) {
					dist[ns] = (int16_t)(dist[s] + 1);
					queue[tail++] = ns;
				}
			}
	}
	free(queue);
	return dist;
}

/* A one-pattern set of the zero-aware PDB of `mask` (own memory). */
static struct pdb_set *zero_set(const struct board *b, const struct board_state *goal, uint32_t mask)
{
	struct pdb_set *set;
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pdb_set_new(&set, b, goal, &err) == 0, "%s", err.msg);
	ck_assert_msg(pdbgen_build_enc(b, goal, mask, TABLE_ENTRY_ZBIT, 2, &m, &packed, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(m.entry, TABLE_ENTRY_ZBIT);
	ck_assert_int_eq(m.entry_bits, 1);
	ck_assert_msg(testpdb_add(set, &m, packed, &err) == 0, "%s", err.msg);
	return set;
}

/* mask 0: pattern `pat` of gen --pdb autoK's partition for the board and blank class (pdb_auto). */
static const struct {
	int rows, cols, blank;
	uint32_t mask;
	int k, pat;
} small[] = {
	{ 3, 3, 0, 0x0e, 0, 0 }, { 3, 3, 8, 0x7e, 0, 0 }, { 3, 3, 4, 0x1a2, 0, 0 }, { 2, 4, 0, 0x0e, 0, 0 },
	{ 2, 4, 7, 0x36, 0, 0 }, { 4, 4, 0, 0x1e, 0, 0 }, { 4, 4, 5, 0xc6, 0, 0 },  { 4, 4, 15, 0xe000, 0, 0 },
	{ 3, 5, 0, 0, 4, 0 },    { 3, 5, 0, 0, 4, 3 },    { 3, 5, 7, 0, 4, 1 },     { 5, 3, 0, 0, 4, 0 },
	{ 4, 5, 0, 0, 3, 0 },    { 4, 5, 6, 0, 3, 6 },
};

static uint32_t small_mask(int i)
{
	uint32_t masks[PDB_PRESET_MAX];
	if (small[i].mask)
		return small[i].mask;
	int n = pdb_auto(small[i].rows, small[i].cols, small[i].blank, small[i].k, masks);
	ck_assert_int_gt(n, small[i].pat);
	return masks[small[i].pat];
}

/* Every (placement, region) state: its entry is distinct, the walk from it gives the BFS distance,
 * and every move from it gives, through the search's own rule (pdb_one_zstep), the neighbour's. */
START_TEST(every_entry_decodes_to_the_bfs_value)
{
	struct board b;
	struct board_state g;
	board_init(&b, small[_i].rows, small[_i].cols);
	board_goal(&b, small[_i].blank, &g);
	struct pdb_set *set = zero_set(&b, &g, small_mask(_i));
	const struct pdb_one *p = &set->pat[0];
	int16_t *dist = ref_bfs(&b, &g, &p->rk, p->tiles, p->k);
	uint8_t *used = calloc((size_t)p->z.entries, 1);
	uint64_t states = 0, edges = 0;
	for (uint64_t rank = 0; rank < p->rk.count; rank++) {
		uint8_t cells[PDB_MAX_CELLS];
		pdbunrank_cells(&p->rk, rank, cells);
		uint32_t occ = 0;
		int md = 0;
		for (int i = 0; i < p->k; i++)
			occ |= 1u << cells[i], md += board_taxicab(&b, cells[i], p->goalcell[i]);
		for (int c = 0; c < b.n; c++) {
			uint32_t r = occ >> c & 1u ? 0 : ref_region(&b, occ, c);
			if (!r || __builtin_ctz(r) != c)
				continue; /* one visit per region */
			int want = dist[rank * (uint64_t)b.n + (uint64_t)c], v;
			uint64_t e = pdb_zidx_index(&p->z, cells, occ, (unsigned)c);
			quiet_assert_uint(e, <, p->z.entries);
			quiet_assert_msg(!used[e], "entry %llu twice", (unsigned long long)e);
			used[e] = 1;
			for (uint32_t m = r; m; m &= m - 1) /* the same entry from every cell of the region */
				quiet_assert_uint(pdb_zidx_index(&p->z, cells, occ, (unsigned)__builtin_ctz(m)), ==, e);
			quiet_assert_int(want, >=, 0); /* at least two tiles outside the pattern: all reachable */
			struct slidetab_error err;
			quiet_assert_msg(pdb_set_value(set, 0, cells, (unsigned)c, &v, &err) == 0, "%s", err.msg);
			quiet_assert_int(v, ==, want);
			states++;
			for (int i = 0; i < p->k; i++)
				for (int d = 0; d < BOARD_NDIRS; d++) {
					int t = cells[i], to = b.nbr[t][d];
					if (to < 0 || !(r >> to & 1u))
						continue;
					cells[i] = (uint8_t)to;
					uint32_t nocc = occ ^ (1u << t) ^ (1u << to);
					uint64_t ne = pdb_zidx_index(&p->z, cells, nocc, (unsigned)t);
					int nmd = md - board_taxicab(&b, t, p->goalcell[i]) +
						  board_taxicab(&b, to, p->goalcell[i]);
					uint64_t nr = pdb_rank(&p->rk, cells) * (uint64_t)b.n +
						      (uint64_t)__builtin_ctz(ref_region(&b, nocc, t));
					quiet_assert_int(pdb_one_zstep(want, nmd, pdb_one_bit(p, ne)), ==, dist[nr]);
					cells[i] = (uint8_t)t;
					edges++;
				}
		}
	}
	ck_assert_uint_eq(states, p->z.entries); /* the index is onto: every entry is one state */
	ck_assert_uint_gt(edges, states);
	free(used);
	free(dist);
	pdb_set_free(set);
}
END_TEST

/* The index of a k-tile pattern counts the regions of every map: C(n,k) maps times k!. */
START_TEST(index_counts_regions)
{
	struct board b;
	struct pdb_zidx z;
	struct slidetab_error err;
	board_init(&b, 3, 3);
	ck_assert_int_eq(pdb_zidx_init(&z, &b, 8, &err), SLIDETAB_EINVAL); /* no room for a second free tile */
	ck_assert_int_eq(pdb_zidx_init(&z, &b, 1, &err), 0);
	ck_assert_uint_eq(z.entries, 9); /* one tile never splits 3x3 */
	pdb_zidx_free(&z);
	ck_assert_int_eq(pdb_zidx_init(&z, &b, 2, &err), 0);
	/* two tiles split off a corner when they sit on its two neighbours: 4 corners, 2 orders */
	ck_assert_uint_eq(z.entries, 72 + 8);
	pdb_zidx_free(&z);
}
END_TEST

/* Every free cell of every map gets its class from the index's records, short ones (6 tiles on 5x5,
 * where at most one map in 16 has three regions or more) and full ones (7 tiles on 4x4): the classes
 * counted here map by map (in colex order: the maps of k cells in increasing order), by smallest
 * cell within a map. */
START_TEST(short_and_full_records_give_every_class)
{
	static const int shape[][3] = { { 5, 5, 6 }, { 4, 4, 7 }, { 3, 3, 2 } };
	for (int t = 0; t < 3; t++) {
		struct board b;
		struct pdb_zidx z;
		struct slidetab_error err;
		board_init(&b, shape[t][0], shape[t][1]);
		ck_assert_msg(pdb_zidx_init(&z, &b, shape[t][2], &err) == 0, "%s", err.msg);
		ck_assert_int_eq(z.map8 != NULL, t != 1);
		uint32_t first = 0, maps = 0;
		for (uint32_t occ = (1u << shape[t][2]) - 1; occ < 1u << b.n;) {
			uint32_t mr = pdb_zidx_map(&z, occ), seen = 0, nc = 0;
			quiet_assert_uint(mr, ==, maps++);
			for (int c = 0; c < b.n; c++) {
				if (occ >> c & 1u || seen >> c & 1u)
					continue;
				uint32_t r = ref_region(&b, occ, c);
				for (uint32_t m = r; m; m &= m - 1)
					quiet_assert_uint(pdb_zidx_class_at(&z, mr, (unsigned)__builtin_ctz(m)), ==,
							  first + nc);
				seen |= r, nc++;
			}
			first += nc;
			uint32_t low = occ & -occ, up = occ + low; /* the next k-subset in increasing order */
			occ = (((up ^ occ) >> 2) / low) | up;
		}
		ck_assert_uint_eq(maps, z.nmaps);
		ck_assert_uint_eq(first, z.nclasses);
		pdb_zidx_free(&z);
	}
}
END_TEST

/* The search's step (pdb_zidx_step: a pattern tile moved to a neighbouring free cell, the ranks
 * updated from the tiles passed over) gives the ranks computed afresh, on every move of random
 * placements of 4x4, 5x5 and 3x5 patterns. */
START_TEST(step_matches_a_fresh_rank)
{
	static const struct {
		int rows, cols, k;
	} cases[] = { { 4, 4, 5 }, { 4, 4, 7 }, { 5, 5, 6 }, { 5, 5, 4 }, { 3, 5, 7 } };
	uint64_t seed = 0x5eed2dull;
	for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
		struct board b;
		struct pdb_zidx z;
		struct slidetab_error err;
		board_init(&b, cases[ci].rows, cases[ci].cols);
		int k = cases[ci].k, moves = 0;
		ck_assert_msg(pdb_zidx_init(&z, &b, k, &err) == 0, "%s", err.msg);
		for (int trial = 0; trial < 2000; trial++) {
			unsigned char perm[PDB_MAX_CELLS];
			testutil_shuffle(&seed, perm, b.n);
			uint8_t cells[PDB_MAX_CELLS];
			int8_t at[PDB_MAX_CELLS];
			uint32_t occ = 0;
			memset(at, -1, sizeof at);
			for (int i = 0; i < k; i++)
				cells[i] = perm[i], occ |= 1u << perm[i], at[perm[i]] = (int8_t)i;
			uint32_t mr = pdb_zidx_map(&z, occ);
			uint64_t pr = pdb_zidx_perm(&z, cells, occ);
			for (int i = 0; i < k; i++)
				for (int d = 0; d < BOARD_NDIRS; d++) {
					int from = cells[i], to = b.nbr[from][d];
					if (to < 0 || (occ >> to & 1u))
						continue;
					int lo = from < to ? from : to, hi = from < to ? to : from;
					uint32_t betw = ((1u << hi) - 1) & ~((2u << lo) - 1);
					uint32_t nmr;
					uint64_t npr;
					pdb_zidx_step(&z, occ, betw, at, i, (unsigned)from, (unsigned)to, mr, pr, &nmr,
						      &npr);
					uint8_t moved[PDB_MAX_CELLS];
					memcpy(moved, cells, sizeof moved);
					moved[i] = (uint8_t)to;
					uint32_t nocc = occ ^ (1u << from | 1u << to);
					quiet_assert_uint(nmr, ==, pdb_zidx_map(&z, nocc));
					quiet_assert_uint(npr, ==, pdb_zidx_perm(&z, moved, nocc));
					moves++;
				}
		}
		ck_assert_int_gt(moves, 2000);
		pdb_zidx_free(&z);
	}
}
END_TEST

/* ---- mapped sets ---- */

static char dir[32];
static uint32_t masks[PDB_PRESET_MAX];
static int nmask;

/* The 5-5-5 zero-aware set of 4x4, blank in cell 0, written as gen --entry zbit does, with small
 * blocks (so that one answer needs few of them). */
static void setup(void)
{
	testtables_dir(dir);
	nmask = pdb_preset("555", masks);
	struct board b;
	struct board_state g;
	board_init(&b, 4, 4);
	board_goal(&b, 0, &g);
	for (int i = 0; i < nmask; i++) {
		struct table_meta m;
		uint8_t *p;
		char path[TABNAME_MAX];
		struct slidetab_error err;
		if (pdbgen_build_enc(&b, &g, masks[i], TABLE_ENTRY_ZBIT, 2, &m, &p, &err) != SLIDETAB_OK ||
		    tabname_pdb(path, sizeof path, dir, 4, 4, 0, masks[i], &err) != SLIDETAB_OK)
			testtables_fail("555 zbit", &err);
		m.block_entries = 4096;
		if (tblw_write(path, &m, p, 6, NULL, &err) != SLIDETAB_OK)
			testtables_fail(path, &err);
		free(p);
	}
}
static void teardown(void)
{
	testtables_remove(dir);
}

static struct pdb_set *load(const char *from)
{
	char paths[PDB_PRESET_MAX][TABNAME_MAX];
	const char *pp[PDB_PRESET_MAX];
	struct slidetab_error err;
	for (int i = 0; i < nmask; i++) {
		ck_assert(tabname_pdb(paths[i], TABNAME_MAX, from, 4, 4, 0, masks[i], &err) == SLIDETAB_OK);
		pp[i] = paths[i];
	}
	struct pdb_set *set;
	ck_assert_msg(pdb_set_load_masks(&set, pp, NULL, nmask, 1, &err) == 0, "%s", err.msg);
	return set;
}

/* Korf's first instance, and positions a few moves from the goal (blank-first goal). */
static const uint8_t korf1[16] = { 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3 };
static const uint8_t near1[16] = { 1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static const uint8_t near2[16] = { 4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

static int solve(const struct pdb_set *set, const uint8_t *t, struct ida_result *r, struct slidetab_error *err)
{
	struct board_state s;
	memset(&s, 0, sizeof s);
	memcpy(s.t, t, 16);
	return testida_solve(set, &s, NULL, 0, r, err);
}

/* A mapped set is read in place: its entries are the file's payload, unchecked until used. */
START_TEST(mapped_set_is_read_in_place)
{
	struct pdb_set *set = load(dir);
	for (int q = 0; q < set->npat; q++) {
		ck_assert_ptr_nonnull(set->pat[q].tab);
		ck_assert_ptr_eq(set->pat[q].data, table_raw_payload(set->pat[q].tab));
		ck_assert_int_eq(set->pat[q].ok[0] | set->pat[q].ok[1], 0);
		/* patterns of as many tiles share one index (the first one's) */
		ck_assert_ptr_eq(set->pat[q].z.map, set->pat[0].z.map);
		ck_assert_int_eq(set->pat[q].z.borrowed, q > 0);
	}
	struct ida_result r;
	struct slidetab_error err;
	ck_assert_msg(solve(set, korf1, &r, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(r.status, IDA_SOLVED);
	ck_assert_int_eq(r.length, 57); /* Korf (1985), instance 1 */
	pdb_set_free(set);
}
END_TEST

/* The byte of file path holding entry e of a raw 1-bit table. */
static long entry_offset(const char *path, uint64_t e)
{
	struct table *t;
	struct slidetab_error err;
	ck_assert_msg(table_open(&t, path, 0, &err) == 0, "%s", err.msg);
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	uint8_t h[TABLE_HEADER_SIZE];
	ck_assert_int_eq(fread(h, 1, sizeof h, f), sizeof h);
	fclose(f);
	long off = (long)tbl_get64(h + H_PAYOFF) + (long)(e >> 3);
	table_close(t);
	return off;
}

/* A flipped byte: the answer that needs its block is an error, never another number; answers
 * that do not need it are still right, in the same set. */
START_TEST(flipped_byte_fails_only_the_answer_that_needs_it)
{
	struct pdb_set *good = load(dir);
	/* the block of Korf 1's own entry in the first pattern */
	const struct pdb_one *p = &good->pat[0];
	uint8_t cells[PDB_MAX_CELLS];
	uint32_t occ = 0;
	for (int i = 0; i < p->k; i++)
		for (int c = 0; c < 16; c++)
			if (korf1[c] == p->tiles[i])
				cells[i] = (uint8_t)c, occ |= 1u << c;
	int blank = 9;
	uint64_t e = pdb_zidx_index(&p->z, cells, occ, (unsigned)blank);
	struct ida_result want[3], r;
	struct slidetab_error err;
	const uint8_t *puz[3] = { near1, korf1, near2 };
	for (int i = 0; i < 3; i++)
		ck_assert_msg(solve(good, puz[i], &want[i], &err) == 0, "%s", err.msg);
	char bad[64], cmd[256], path[TABNAME_MAX];
	snprintf(bad, sizeof bad, "%s/bad", dir);
	snprintf(cmd, sizeof cmd, "mkdir -p %s && cp %s/*.tbl %s/", bad, dir, bad);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert(tabname_pdb(path, sizeof path, bad, 4, 4, 0, masks[0], &err) == SLIDETAB_OK);
	FILE *f = fopen(path, "r+b");
	ck_assert_ptr_nonnull(f);
	long off = entry_offset(path, e);
	fseek(f, off, SEEK_SET);
	int c = fgetc(f);
	fseek(f, off, SEEK_SET);
	fputc(c ^ 0x10, f);
	fclose(f);
	struct pdb_set *set = load(bad);     /* opening reads no entry: the damage is not seen yet */
	for (int pass = 0; pass < 2; pass++) /* and a second time, once the block is known bad */
		for (int i = 0; i < 3; i++) {
			int rc = solve(set, puz[i], &r, &err);
			if (puz[i] == korf1) {
				ck_assert_int_eq(rc, SLIDETAB_EFORMAT);
				ck_assert_ptr_nonnull(strstr(err.msg, "checksum"));
				ck_assert_msg(strstr(err.msg, path) != NULL, "%s", err.msg);
			} else {
				ck_assert_msg(rc == 0, "%s", err.msg);
				ck_assert_int_eq(r.length, want[i].length);
				ck_assert_str_eq(r.path, want[i].path);
			}
		}
	pdb_set_free(set);
	pdb_set_free(good);
	/* Under an emulator (make check-cross) bin/query is the target's program, which system() cannot
	 * run: the library's part above is checked there, query's here natively (and query under the
	 * emulator by tests/cross/answers.sh). */
	if (testutil_emulated())
		return;
	/* query: the damaged answer is `error`, the others are answered, and the exit status is 3 */
	char in[80], out[80], q[512];
	snprintf(in, sizeof in, "%s/in.txt", dir);
	snprintf(out, sizeof out, "%s/out.txt", dir);
	f = fopen(in, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < 16; k++)
			fprintf(f, "%d%c", puz[i][k], k == 15 ? '\n' : ' ');
	fclose(f);
	snprintf(q, sizeof q, "bin/query --board 4x4 --goal first -j 2 --tables %s < %s > %s 2>/dev/null", bad, in,
		 out);
	int st = system(q);
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 3);
	f = fopen(out, "r");
	ck_assert_ptr_nonnull(f);
	char line[3][64];
	for (int i = 0; i < 3; i++)
		ck_assert_ptr_nonnull(fgets(line[i], sizeof line[i], f));
	ck_assert_ptr_null(fgets(q, sizeof q, f));
	fclose(f);
	ck_assert_int_eq(atoi(line[0]), want[0].length);
	ck_assert_str_eq(line[1], "error\n");
	ck_assert_int_eq(atoi(line[2]), want[2].length);
}
END_TEST

/* A raw 4-bit set (what gen --compress none writes for 7 and 8 tiles) is mapped in place too and
 * gives the values of the same entries held in memory. */
START_TEST(mapped_nibbles_match_memory)
{
	struct board b;
	struct board_state g;
	struct table_meta m;
	uint8_t *p;
	struct slidetab_error err;
	board_init(&b, 4, 4);
	board_goal(&b, 0, &g);
	ck_assert_msg(pdbgen_build(&b, &g, masks[1], 2, &m, &p, &err) == 0, "%s", err.msg);
	uint8_t *w = calloc((size_t)table_packed_bytes(m.entries, 4) + 1, 1);
	for (uint64_t i = 0; i < m.entries; i++)
		table_packed_set(w, i, 4, table_packed_get(p, i, m.entry_bits));
	m.entry_bits = 4, m.payload = TABLE_PAYLOAD_RAW, m.block_entries = 2048;
	char path[TABNAME_MAX];
	snprintf(path, sizeof path, "%s/nibbles.tbl", dir);
	ck_assert_msg(tblw_write(path, &m, w, 6, NULL, &err) == 0, "%s", err.msg);
	struct pdb_set *mem, *map;
	ck_assert_msg(pdb_set_new(&mem, &b, &g, &err) == 0, "%s", err.msg);
	ck_assert_msg(testpdb_add(mem, &m, w, &err) == 0, "%s", err.msg);
	const char *pp[1] = { path };
	ck_assert_msg(pdb_set_load_masks(&map, pp, NULL, 1, 1, &err) == 0, "%s", err.msg);
	ck_assert_ptr_nonnull(map->pat[0].tab);
	ck_assert_int_eq(map->pat[0].nibble, 1);
	struct board_state s = g;
	int blank = 0;
	uint64_t seed = 3;
	for (int i = 0; i < 20000; i++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		int nb = b.nbr[blank][seed % 4];
		if (nb < 0)
			continue;
		s.t[blank] = s.t[nb], s.t[nb] = 0, blank = nb;
		ck_assert_int_eq(testpdb_sum(map, 0, &s), testpdb_sum(mem, 0, &s));
	}
	pdb_set_free(mem);
	pdb_set_free(map);
	free(p);
}
END_TEST

/* Two processes answer from one mapped set at once, each the right answer. */
START_TEST(two_processes_share_a_set)
{
	pid_t pid[2];
	for (int k = 0; k < 2; k++) {
		pid[k] = fork();
		ck_assert_int_ge(pid[k], 0);
		if (pid[k] == 0) {
			struct pdb_set *set = load(dir);
			struct ida_result r;
			struct slidetab_error err;
			int ok = solve(set, korf1, &r, &err) == 0 && r.length == 57;
			pdb_set_free(set);
			_exit(ok ? 0 : 1);
		}
	}
	for (int k = 0; k < 2; k++) {
		int st;
		ck_assert_int_eq(waitpid(pid[k], &st, 0), pid[k]);
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
}
END_TEST

struct thr {
	slidetab *db;
	int ok;
};

static void *answer(void *arg)
{
	struct thr *t = arg;
	unsigned char goal[16];
	for (int c = 0; c < 16; c++)
		goal[c] = (unsigned char)c;
	unsigned d1, d2;
	struct slidetab_error err;
	t->ok = slidetab_distance(t->db, 4, 4, korf1, goal, &d1, &err) == SLIDETAB_OK && d1 == 57 &&
		slidetab_distance(t->db, 4, 4, near2, goal, &d2, &err) == SLIDETAB_OK && d2 == 1;
	return NULL;
}

/* Eight threads on one library handle, the set mapped and its blocks checked on first use. */
START_TEST(eight_threads_on_one_handle)
{
	slidetab *db;
	struct slidetab_error err;
	ck_assert_msg(slidetab_open(&db, dir, &err) == 0, "%s", err.msg);
	pthread_t th[8];
	struct thr t[8];
	for (int i = 0; i < 8; i++) {
		t[i] = (struct thr){ db, 0 };
		ck_assert_int_eq(pthread_create(&th[i], NULL, answer, &t[i]), 0);
	}
	for (int i = 0; i < 8; i++) {
		pthread_join(th[i], NULL);
		ck_assert_int_eq(t[i].ok, 1);
	}
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("zpdb");
	TCase *tc = tcase_create("zpdb");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, every_entry_decodes_to_the_bfs_value, 0, (int)(sizeof small / sizeof small[0]));
	tcase_add_test(tc, index_counts_regions);
	tcase_add_test(tc, short_and_full_records_give_every_class);
	tcase_add_test(tc, step_matches_a_fresh_rank);
	TCase *mt = tcase_create("mapped");
	tcase_set_timeout(mt, 120);
	tcase_add_unchecked_fixture(mt, setup, teardown);
	tcase_add_test(mt, mapped_set_is_read_in_place);
	tcase_add_test(mt, flipped_byte_fails_only_the_answer_that_needs_it);
	tcase_add_test(mt, mapped_nibbles_match_memory);
	tcase_add_test(mt, two_processes_share_a_set);
	tcase_add_test(mt, eight_threads_on_one_handle);
	suite_add_tcase(s, tc);
	return testutil_run(s, mt);
}
