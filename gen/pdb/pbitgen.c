/* pbitgen: builds a 1-bit placement pattern database by breadth-first search, 2 bits a placement. */
#include "gen/pdb/pbitgen.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbgeo.h"
#include "libslidetab/base/bigmem.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/pdb/pdb.h"

#define GEN_VERSION "slidetab-pbitgen 1"
/* The 2-bit state of a placement: not reached yet, expanded, or reached at the depth of the
 * parents or of the children of a round (MARK(d), which alternates between 1 and 2). */
#define UNSEEN    3u
#define DONE      0u
#define MARK(d)   (1u + (unsigned)(d) % 2u)
#define RING      32 /* children in flight: their words prefetched, not yet looked at */
#define PER_WORD  32 /* 2-bit states in a 64-bit word */
#define FIELD_LOW UINT64_C(0x5555555555555555)

/* A unit of work is PDBGEN_CHUNK placements (a multiple of 8): the worker of a chunk alone writes
 * its output bytes, so they need no atomics. */
struct search {
	struct geo g;
	struct pdb_ranker rk;
	int k, depth; /* depth: the parents' in this round */
	uint8_t goalcell[PDB_MAX_CELLS];
	uint64_t count, nchunks;
	uint64_t *st;      /* the 2-bit states, 32 a word, low bits first (UNSEEN, DONE, MARK) */
	uint8_t *out;      /* the entries, ((d - md) / 2) & 1 a bit */
	uint8_t *flag[2];  /* per chunk: holds a placement of the parents' / children's depth */
	struct bigmem mst; /* st's memory */
};

/* The placement of the scan's last parent, kept as the scan walks the ranks of a chunk upwards:
 * its digits (pdb.h), cells and the cells of the tiles before each, so that the next parent
 * recomputes only the cells whose digits changed (mostly the last: no division). */
struct odometer {
	uint64_t rank;
	int valid;
	uint8_t dig[PDB_MAX_CELLS], cells[PDB_MAX_CELLS];
	uint32_t before[PDB_MAX_CELLS + 1]; /* before[i]: the cells of tiles 0..i-1 */
};

struct worker {
	struct search *s;
	struct odometer odo;
	uint64_t found; /* placements first reached in this round */
	uint64_t ring[RING];
	unsigned head, tail;
};

/* A child whose word was prefetched: marked at depth + 1 when not seen yet (one atomic AND turns
 * UNSEEN into MARK(depth + 1); a racing worker writes the same value and counts nothing). A child
 * is never a parent of the round (the graph is bipartite), so its state is UNSEEN, DONE or MARK(depth + 1). */
static void visit(struct worker *wk, uint64_t r)
{
	struct search *s = wk->s;
	_Atomic uint64_t *w = (_Atomic uint64_t *)&s->st[r / PER_WORD];
	unsigned sh = (unsigned)(r % PER_WORD) * 2;
	if ((atomic_load_explicit(w, memory_order_relaxed) >> sh & 3u) != UNSEEN)
		return;
	uint64_t nv = MARK(s->depth + 1);
	uint64_t old = atomic_fetch_and_explicit(w, ~((UNSEEN ^ nv) << sh), memory_order_relaxed);
	if ((old >> sh & 3u) != UNSEEN)
		return;
	wk->found++;
	uint8_t *f = &s->flag[1][r >> PDBGEN_CHUNK_SHIFT];
	if (!__atomic_load_n(f, __ATOMIC_RELAXED)) /* no store when set: no line ping-pong */
		__atomic_store_n(f, 1, __ATOMIC_RELAXED);
}

static void push(struct worker *wk, uint64_t r)
{
	__builtin_prefetch(&wk->s->st[r / PER_WORD], 1);
	if (wk->tail - wk->head == RING)
		visit(wk, wk->ring[wk->head++ % RING]);
	wk->ring[wk->tail++ % RING] = r;
}

/* The odometer moved to rank r (from a smaller rank by carries, else from scratch). */
static void odo_seek(const struct search *s, struct odometer *o, uint64_t r)
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
static void expand_parent(struct worker *wk, uint64_t r)
{
	const struct search *s = wk->s;
	odo_seek(s, &wk->odo, r);
	const uint8_t *cells = wk->odo.cells;
	uint32_t occ = wk->odo.before[s->k];
	int8_t at[32];
	int md = 0;
	for (int i = 0; i < s->k; i++) {
		at[cells[i]] = (int8_t)i;
		md += s->g.dist[cells[i]][s->goalcell[i]];
	}
	if (((unsigned)(s->depth - md) >> 1) & 1u)
		s->out[r >> 3] |= (uint8_t)(1u << (r & 7));
	for (int i = 0; i < s->k; i++) {
		unsigned t = cells[i];
		for (uint32_t cand = s->g.adj[t] & ~occ; cand; cand &= cand - 1) {
			unsigned c = (unsigned)__builtin_ctz(cand);
			push(wk, pdb_rank_step(&s->rk, r, at, occ & s->g.betw[t][c], i, t, c));
		}
	}
}

/* One chunk of a round: every placement of the parents' depth in it is expanded and becomes DONE
 * (one atomic AND a word: other workers may be marking children in it). */
static void round_chunk(void *ctx, size_t chunk, int worker)
{
	struct worker *wk = (struct worker *)ctx + worker;
	struct search *s = wk->s;
	if (!s->flag[0][chunk])
		return;
	wk->odo.valid = 0;
	uint64_t want = (uint64_t)MARK(s->depth) * FIELD_LOW;
	uint64_t lo = (uint64_t)chunk << PDBGEN_CHUNK_SHIFT, hi = lo + PDBGEN_CHUNK;
	if (hi > s->count)
		hi = s->count;
	for (uint64_t wi = lo / PER_WORD; wi * PER_WORD < hi; wi++) {
		uint64_t x = __atomic_load_n(&s->st[wi], __ATOMIC_RELAXED) ^ want;
		uint64_t hit = ~(x | x >> 1) & FIELD_LOW; /* the low bit of each field equal to want */
		if (hit)
			__atomic_fetch_and(&s->st[wi], ~(hit * 3), __ATOMIC_RELAXED);
		while (hit) {
			expand_parent(wk, wi * PER_WORD + (unsigned)__builtin_ctzll(hit) / 2);
			hit &= hit - 1;
		}
	}
	while (wk->head != wk->tail)
		visit(wk, wk->ring[wk->head++ % RING]);
}

/* Rounds from the goal until one reaches nothing new: the histogram, the radius, and every entry. */
static int run_rounds(struct search *s, struct worker *ws, int threads, struct table_meta *m,
		      struct slidetab_error *err)
{
	uint64_t reached = 1;
	m->hist[0] = 1;
	for (s->depth = 0;; s->depth++) {
		for (int i = 0; i < threads; i++)
			ws[i].found = 0;
		pool_run(threads, (size_t)s->nchunks, round_chunk, ws);
		uint64_t found = 0;
		for (int i = 0; i < threads; i++)
			found += ws[i].found;
		if (!found)
			break;
		if (s->depth + 1 >= TABLE_HIST_MAX)
			return err_set(err, SLIDETAB_EFORMAT, "pbitgen: depth beyond %d", TABLE_HIST_MAX - 1);
		m->hist[s->depth + 1] = found;
		m->radius = (uint32_t)s->depth + 1;
		reached += found;
		uint8_t *t = s->flag[0];
		s->flag[0] = s->flag[1];
		s->flag[1] = t;
		memset(s->flag[1], 0, (size_t)s->nchunks);
	}
	if (reached != s->count)
		return err_set(err, SLIDETAB_EINVAL, "pbitgen: %llu of %llu placements reachable",
			       (unsigned long long)reached, (unsigned long long)s->count);
	return SLIDETAB_OK;
}

/* The search's memory and its start: every state UNSEEN but the goal placement's (MARK(0)). */
static int setup(struct search *s, const struct board *b, const struct board_state *goal, const uint8_t *tiles, int k,
		 struct slidetab_error *err)
{
	pdbgeo_init(&s->g, b);
	if (pdb_ranker_init(&s->rk, b->n, k) != 0)
		return err_set(err, SLIDETAB_EINVAL, "pbitgen: %d tiles on %d cells cannot be ranked", k, b->n);
	s->k = k;
	s->count = s->rk.count;
	s->nchunks = (s->count + PDBGEN_CHUNK - 1) >> PDBGEN_CHUNK_SHIFT;
	uint64_t words = (s->count + PER_WORD - 1) / PER_WORD;
	if (bigmem_alloc(&s->mst, words * 8) != 0 ||
	    !(s->out = calloc((size_t)table_packed_bytes(s->count, 1) + 1, 1)) ||
	    !(s->flag[0] = calloc((size_t)s->nchunks, 1)) || !(s->flag[1] = calloc((size_t)s->nchunks, 1)))
		return err_set(err, SLIDETAB_ENOMEM, "pbitgen: out of memory for %llu placements",
			       (unsigned long long)s->count);
	s->st = (uint64_t *)s->mst.p;
	memset(s->st, 0xff, (size_t)words * 8);
	uint8_t cells[PDB_MAX_CELLS];
	for (int c = 0; c < b->n; c++)
		for (int i = 0; i < k; i++)
			if (goal->t[c] == tiles[i])
				cells[i] = s->goalcell[i] = (uint8_t)c;
	uint64_t g = pdb_rank(&s->rk, cells);
	s->st[g / PER_WORD] &= ~((uint64_t)(UNSEEN ^ MARK(0)) << (g % PER_WORD * 2));
	s->flag[0][g >> PDBGEN_CHUNK_SHIFT] = 1;
	return SLIDETAB_OK;
}

int pbitgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		  struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	*packed_out = NULL;
	memset(meta_out, 0, sizeof *meta_out);
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc = pdbgeo_check_args(b, goal, pattern_mask, tiles, &k, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (k > b->n - 2)
		return err_set(err, SLIDETAB_EINVAL,
			       "pbitgen: a 1-bit placement PDB needs two cells free of pattern tiles");
	threads = pdbgeo_threads(threads);
	struct search *s = calloc(1, sizeof *s);
	struct worker *ws = calloc((size_t)threads, sizeof *ws);
	if (!s || !ws)
		rc = err_set(err, SLIDETAB_ENOMEM, "pbitgen: out of memory");
	else if ((rc = setup(s, b, goal, tiles, k, err)) == SLIDETAB_OK) {
		for (int i = 0; i < threads; i++)
			ws[i].s = s;
		if ((rc = run_rounds(s, ws, threads, meta_out, err)) == SLIDETAB_OK) {
			pdbgeo_meta(meta_out, b, goal, pattern_mask, s->count, GEN_VERSION);
			meta_out->entry = TABLE_ENTRY_PBIT;
			meta_out->payload = TABLE_PAYLOAD_RAW;
			meta_out->entry_bits = 1;
			*packed_out = s->out;
			s->out = NULL;
		}
	}
	if (s) {
		bigmem_free(&s->mst);
		free(s->out);
		free(s->flag[0]);
		free(s->flag[1]);
	}
	free(s);
	free(ws);
	return rc;
}
