/* SPDX-License-Identifier: Zlib */
/* pbitgen: builds a 1-bit placement pattern database by breadth-first search, 2 bits a placement. */
#include "gen/pdb/pbitgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbgeo.h"
#include "gen/pdb/twobit.h"
#include "libslidetab/pdb/pdb.h"

#define GEN_VERSION "slidetab-pbitgen 1"

struct pbitgen_search {
	struct twobit t; /* the states are the placements */
	struct pdbgeo g;
	struct pdb_ranker rk;
	int k;
	uint8_t goalcell[PDB_MAX_CELLS];
};

/* The placement of the scan's last parent, kept as the scan walks the ranks of a chunk upwards:
 * its digits (pdb.h), cells and the cells of the tiles before each, so that the next parent
 * recomputes only the cells whose digits changed (mostly the last: no division). */
struct odometer {
	uint64_t rank;
	int valid;
	uint8_t dig[PDB_MAX_CELLS], cells[PDB_MAX_CELLS];
	uint32_t before[PDB_MAX_CELLS + 1]; /* before[i]: the cells of tiles 0..i-1 */
	char pad[64];                       /* the next worker's on other cache lines: each is written a parent */
};

/* The odometer moved to rank r (from a smaller rank by carries, else from scratch). */
static void odo_seek(const struct pbitgen_search *s, struct odometer *o, uint64_t r)
{
	int k = s->k, i = k;
	if (!o->valid || r < o->rank) {
		uint64_t rest = r;
		for (i = 0; i < k; i++) {
			o->dig[i] = (uint8_t)(rest / s->rk.w[i]);
			rest %= s->rk.w[i];
		}
		i = 0;
		o->before[0] = 0;
		o->valid = 1;
	} else
		for (uint64_t carry = r - o->rank; carry;) {
			i--;
			uint64_t v = o->dig[i] + carry, radix = (uint64_t)(s->rk.n - i);
			o->dig[i] = (uint8_t)(v < radix ? v : v % radix);
			carry = v < radix ? 0 : v / radix;
		}
	for (; i < k; i++) {
		uint32_t freem = s->g.full & ~o->before[i];
		for (unsigned d = o->dig[i]; d; d--)
			freem &= freem - 1;
		o->cells[i] = (uint8_t)__builtin_ctz(freem);
		o->before[i + 1] = o->before[i] | 1u << o->cells[i];
	}
	o->rank = r;
}

/* Parent r at the round's depth: its entry, then every placement one step away. */
static void expand_parent(void *ctx, struct twobit_worker *wk, uint64_t r)
{
	const struct pbitgen_search *s = ctx;
	struct odometer *odo = wk->scratch;
	odo_seek(s, odo, r);
	const uint8_t *cells = odo->cells;
	uint32_t occ = odo->before[s->k];
	int8_t at[32];
	int md = 0;
	for (int i = 0; i < s->k; i++) {
		at[cells[i]] = (int8_t)i;
		md += s->g.dist[cells[i]][s->goalcell[i]];
	}
	twobit_entry(&s->t, r, md);
	for (int i = 0; i < s->k; i++) {
		unsigned t = cells[i];
		for (uint32_t cand = s->g.adj[t] & ~occ; cand; cand &= cand - 1) {
			unsigned c = (unsigned)__builtin_ctz(cand);
			twobit_push(wk, pdb_rank_step(&s->rk, r, at, occ & s->g.betw[t][c], i, t, c));
		}
	}
}

/* The ranking, the goal's cells, and the search from the goal placement. */
static int setup(struct pbitgen_search *s, const struct board *b, const struct board_state *goal, const uint8_t *tiles,
		 int k, struct slidetab_error *err)
{
	pdbgeo_init(&s->g, b);
	if (pdb_ranker_init(&s->rk, b->n, k) != 0)
		return err_set(err, SLIDETAB_EINVAL, "pbitgen: %d tiles on %d cells cannot be ranked", k, b->n);
	s->k = k;
	uint8_t cells[PDB_MAX_CELLS];
	for (int c = 0; c < b->n; c++)
		for (int i = 0; i < k; i++)
			if (goal->t[c] == tiles[i])
				cells[i] = s->goalcell[i] = (uint8_t)c;
	return twobit_init(&s->t, s->rk.count, pdb_rank(&s->rk, cells), "pbitgen", err);
}

uint64_t pbitgen_bytes(int n, int k)
{
	struct pdb_ranker r;
	if (k < 1 || k > n - 2 || pdb_ranker_init(&r, n, k) != 0)
		return UINT64_MAX;
	return twobit_bytes(r.count);
}

int pbitgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		  struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc = pdbgeo_begin(b, goal, pattern_mask, b->n - 2,
				 "pbitgen: a 1-bit placement PDB needs two cells free of pattern tiles", tiles, &k,
				 meta_out, packed_out, err);
	if (rc != SLIDETAB_OK)
		return rc;
	threads = pdbgeo_threads(threads);
	struct pbitgen_search *s = calloc(1, sizeof *s);
	struct odometer *odo = calloc((size_t)threads, sizeof *odo);
	struct twobit_worker *ws = s && odo ? twobit_workers(&s->t, threads, odo, sizeof *odo) : NULL;
	uint64_t reached = 0;
	if (!s || !ws || !odo)
		rc = err_set(err, SLIDETAB_ENOMEM, "pbitgen: out of memory");
	else if ((rc = setup(s, b, goal, tiles, k, err)) == SLIDETAB_OK) {
		rc = twobit_run(&s->t, ws, threads, expand_parent, s, meta_out, &reached, "pbitgen", err);
		if (rc == SLIDETAB_OK && reached != s->t.count)
			rc = err_set(err, SLIDETAB_EINVAL, "pbitgen: %llu of %llu placements reachable",
				     (unsigned long long)reached, (unsigned long long)s->t.count);
		if (rc == SLIDETAB_OK) {
			pdbgeo_meta(meta_out, b, goal, pattern_mask, s->t.count, GEN_VERSION);
			twobit_take(&s->t, meta_out, TABLE_ENTRY_PBIT, TABLE_RANK_PDB, packed_out);
		}
	}
	if (s)
		twobit_free(&s->t);
	free(s);
	free(ws);
	free(odo);
	return rc;
}
