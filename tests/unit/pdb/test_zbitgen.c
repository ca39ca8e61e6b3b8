/* SPDX-License-Identifier: Zlib */
/* test_zbitgen: the zero-aware builder's every entry, histogram and radius against a breadth-first
 * search of the test's own over (placement, blank region) states, on one thread and two. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbprog.h"
#include "gen/pdb/twobit.h"
#include "gen/pdb/zbitgen.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/pdb/zidx.h"
#include "tests/unit/testutil.h"

/* ---- the reference: a state is the cells of the pattern tiles as base-n digits and the smallest
 * cell of the blank's region; its own flood fill and queue ---- */

struct test_zbitgen_ref {
	const struct board *b;
	int k;
	uint8_t tiles[PDB_MAX_CELLS], goalcell[PDB_MAX_CELLS];
	uint64_t size;   /* n^k * n keys */
	int8_t *dist;    /* by key; -1 unreached (or not a state) */
	uint64_t states; /* reached */
	uint64_t hist[TABLE_HIST_MAX];
	int radius;
};

/* The cells reachable from c without entering occ, by a depth-first walk. */
static uint32_t ref_region(const struct board *b, uint32_t occ, int c)
{
	int stack[32], top = 0;
	uint32_t r = 1u << c;
	stack[top++] = c;
	while (top) {
		int x = stack[--top];
		for (int d = 0; d < BOARD_NDIRS; d++) {
			int y = b->nbr[x][d];
			if (y >= 0 && !(occ >> y & 1u) && !(r >> y & 1u)) {
				r |= 1u << y;
				stack[top++] = y;
			}
		}
	}
	return r;
}

static uint64_t ref_key(const struct test_zbitgen_ref *r, const uint8_t *cells, uint32_t region)
{
	uint64_t key = 0;
	for (int i = r->k - 1; i >= 0; i--)
		key = key * (uint64_t)r->b->n + cells[i];
	return key * (uint64_t)r->b->n + (uint64_t)__builtin_ctz(region);
}

/* Key -> cells, their mask, and the region's smallest cell. */
static int ref_unkey(const struct test_zbitgen_ref *r, uint64_t key, uint8_t *cells, uint32_t *occ)
{
	uint64_t n = (uint64_t)r->b->n;
	int c = (int)(key % n);
	key /= n;
	*occ = 0;
	for (int i = 0; i < r->k; i++, key /= n) {
		cells[i] = (uint8_t)(key % n);
		*occ |= 1u << cells[i];
	}
	return c;
}

/* Distances from the goal state, a move taking a pattern tile onto a cell of the blank's region. */
static void ref_bfs(struct test_zbitgen_ref *r, const struct board *b, const struct board_state *goal, uint32_t mask)
{
	memset(r, 0, sizeof *r);
	r->b = b;
	r->k = pdb_pattern_tiles(mask, b->n, r->tiles);
	r->size = (uint64_t)b->n;
	for (int i = 0; i < r->k; i++)
		r->size *= (uint64_t)b->n;
	r->dist = malloc(r->size);
	uint32_t *queue = malloc(r->size * sizeof *queue);
	ck_assert(r->dist && queue && r->size < UINT32_MAX);
	memset(r->dist, 0xff, r->size);
	uint32_t occ = 0, head = 0, tail = 0;
	for (int i = 0; i < r->k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == r->tiles[i])
				r->goalcell[i] = (uint8_t)c, occ |= 1u << c;
	queue[tail++] = (uint32_t)ref_key(r, r->goalcell, ref_region(b, occ, board_blank(b, goal)));
	r->dist[queue[0]] = 0;
	while (head < tail) {
		uint8_t cells[PDB_MAX_CELLS];
		uint64_t key = queue[head++];
		int d = r->dist[key];
		int blank = ref_unkey(r, key, cells, &occ);
		uint32_t reg = ref_region(b, occ, blank);
		r->hist[d]++;
		r->radius = d;
		for (int i = 0; i < r->k; i++)
			for (int dir = 0; dir < BOARD_NDIRS; dir++) {
				int t = cells[i], c = b->nbr[t][dir];
				if (c < 0 || !(reg >> c & 1u))
					continue;
				cells[i] = (uint8_t)c;
				uint64_t nk = ref_key(r, cells, ref_region(b, occ ^ (1u << t) ^ (1u << c), t));
				cells[i] = (uint8_t)t;
				if (r->dist[nk] < 0) {
					r->dist[nk] = (int8_t)(d + 1);
					queue[tail++] = (uint32_t)nk;
				}
			}
	}
	r->states = tail;
	free(queue);
}

/* ---- the cases: 3x3, 2x4, 4x4 of 3 to 5 tiles, 3x5, 5x5 of 3 and 4 tiles ---- */

static const struct {
	int rows, cols, blank;
	uint32_t mask;
} cases[] = {
	{ 3, 3, 0, 0x0e },   { 3, 3, 4, 0x1a2 }, { 2, 4, 0, 0x0e },    { 2, 4, 7, 0x3e },      { 4, 4, 0, 0x0e },
	{ 4, 4, 0, 0x1e },   { 4, 4, 5, 0xc6 },  { 4, 4, 0, 0x3e },    { 4, 4, 15, 0xe300 },   { 3, 5, 0, 0xce },
	{ 3, 5, 7, 0x3c00 }, { 5, 5, 0, 0x0e },  { 5, 5, 12, 0x2110 }, { 5, 5, 0, 0x1860000 },
};

/* The pattern's Manhattan sum for cells[]. */
static int ref_md(const struct test_zbitgen_ref *r, const uint8_t *cells)
{
	int md = 0;
	for (int i = 0; i < r->k; i++)
		md += board_taxicab(r->b, cells[i], r->goalcell[i]);
	return md;
}

START_TEST(every_entry_is_the_bfs_distance)
{
	struct board b;
	struct board_state g;
	struct slidetab_error err;
	board_init(&b, cases[_i].rows, cases[_i].cols);
	board_goal(&b, cases[_i].blank, &g);
	struct test_zbitgen_ref r;
	ref_bfs(&r, &b, &g, cases[_i].mask);
	struct table_meta m;
	uint8_t *packed;
	ck_assert_msg(zbitgen_build(&b, &g, cases[_i].mask, 2, &m, &packed, &err) == SLIDETAB_OK, "%s", err.msg);
	struct pdb_zidx z;
	ck_assert_msg(pdb_zidx_init(&z, &b, r.k, &err) == SLIDETAB_OK, "%s", err.msg);
	ck_assert_uint_eq(m.entries, z.entries);
	ck_assert_uint_eq(r.states, z.entries); /* two tiles outside the pattern: every state reached */
	ck_assert_int_eq(m.entry, TABLE_ENTRY_ZBIT);
	ck_assert_int_eq(m.ranking, TABLE_RANK_ZPDB);
	ck_assert_int_eq(m.entry_bits, 1);
	ck_assert_uint_eq(m.radius, (unsigned)r.radius);
	for (int d = 0; d < TABLE_HIST_MAX; d++)
		quiet_assert_uint(m.hist[d], ==, r.hist[d]);
	uint8_t *seen = calloc((size_t)z.entries, 1);
	for (uint64_t key = 0; key < r.size; key++) {
		if (r.dist[key] < 0)
			continue;
		uint8_t cells[PDB_MAX_CELLS];
		uint32_t occ;
		int c = ref_unkey(&r, key, cells, &occ);
		uint64_t e = pdb_zidx_index(&z, cells, occ, (unsigned)c);
		quiet_assert_uint(e, <, z.entries);
		quiet_assert_msg(!seen[e], "entry %llu twice", (unsigned long long)e);
		seen[e] = 1;
		unsigned want = (unsigned)((r.dist[key] - ref_md(&r, cells)) / 2) & 1u;
		quiet_assert_uint(packed[e >> 3] >> (e & 7) & 1u, ==, want);
	}
	{ /* the same bytes on one thread */
		struct table_meta m2;
		uint8_t *p2;
		ck_assert_msg(zbitgen_build(&b, &g, cases[_i].mask, 1, &m2, &p2, &err) == SLIDETAB_OK, "%s", err.msg);
		ck_assert_int_eq(memcmp(p2, packed, (size_t)table_packed_bytes(m.entries, 1)), 0);
		ck_assert_int_eq(memcmp(&m2, &m, sizeof m), 0);
		free(p2);
	}
	free(seen);
	free(packed);
	pdb_zidx_free(&z);
	free(r.dist);
}
END_TEST

/* Patterns the builder refuses: no room for two tiles outside it, the blank, none. */
/* ---- the progress gauge (pdbprog), on a binary heap of states: r's children 2r+1 and 2r+2, its
 * parent (r-1)/2, so state r is at depth floor(log2(r+1)) and depths 0..d hold 2^(d+1)-1 ---- */

#define HEAP_STATES 100000u /* chunks of the two-bit search: more than one */

static int gauge_wrong;

static void heap_expand(void *ctx, struct twobit_worker *wk, uint64_t r)
{
	(void)ctx;
	int d = 0;
	while ((r + 1) >> (d + 1))
		d++;
	uint64_t upto = ((uint64_t)2 << d) - 1; /* reached when the search expands depth d */
	if (upto > HEAP_STATES)
		upto = HEAP_STATES;
	if (pdbprog_fraction() != (double)(uint32_t)((double)upto / HEAP_STATES * 1e6) / 1e6)
		gauge_wrong++;
	if (r > 0)
		twobit_push(wk, (r - 1) / 2);
	for (uint64_t c = 2 * r + 1; c <= 2 * r + 2 && c < HEAP_STATES; c++)
		twobit_push(wk, c);
}

START_TEST(the_gauge_follows_the_search)
{
	struct twobit t;
	struct twobit_worker w = { 0 };
	struct table_meta m;
	struct slidetab_error err;
	uint64_t reached = 0;
	memset(&m, 0, sizeof m);
	ck_assert_int_eq(twobit_init(&t, HEAP_STATES, 0, "test", &err), SLIDETAB_OK);
	w.t = &t;
	gauge_wrong = 0;
	ck_assert_int_eq(twobit_run(&t, &w, 1, heap_expand, NULL, &m, &reached, "test", &err), SLIDETAB_OK);
	ck_assert_uint_eq(reached, HEAP_STATES);
	ck_assert_uint_eq(m.radius, 16); /* 2^16 - 1 < 100000 <= 2^17 - 1 */
	ck_assert_int_eq(gauge_wrong, 0);
	ck_assert(pdbprog_fraction() == 1.0); /* every state reached, the table not yet taken */
	twobit_free(&t);
	ck_assert(pdbprog_fraction() == 0.0); /* no pattern being built */
}
END_TEST

START_TEST(refuses_what_it_cannot_build)
{
	struct board b;
	struct board_state g;
	struct slidetab_error err;
	struct table_meta m;
	uint8_t *packed = (uint8_t *)&m;
	board_init(&b, 3, 3);
	board_goal(&b, 0, &g);
	ck_assert_int_eq(zbitgen_build(&b, &g, 0xfe, 1, &m, &packed, &err), SLIDETAB_EINVAL); /* 7 of 8 tiles */
	ck_assert_ptr_null(packed);
	ck_assert_ptr_nonnull(strstr(err.msg, "two tiles outside"));
	ck_assert_int_eq(zbitgen_build(&b, &g, 0x1, 1, &m, &packed, &err), SLIDETAB_EINVAL); /* the blank */
	ck_assert_int_eq(zbitgen_build(&b, &g, 0, 1, &m, &packed, &err), SLIDETAB_EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("zbitgen");
	TCase *tc = testutil_case(s, "zbitgen", NULL, NULL);
	tcase_add_loop_test(tc, every_entry_is_the_bfs_distance, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, refuses_what_it_cannot_build);
	tcase_add_test(tc, the_gauge_follows_the_search);
	return testutil_run(s, NULL);
}
