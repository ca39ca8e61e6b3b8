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
#define UNSEEN      3u /* the 2-bit state of a placement not reached yet; else its depth mod 3 */
#define RING        32 /* children in flight: their words prefetched, not yet looked at */
#define PER_WORD    32 /* 2-bit states in a 64-bit word */
#define FIELD_LOW   UINT64_C(0x5555555555555555)

/* A unit of work is PDBGEN_CHUNK placements (a multiple of 8): the worker of a chunk alone writes
 * its output bytes, so they need no atomics. */
struct search {
	struct geo g;
	struct pdb_ranker rk;
	int k, depth; /* depth: the parents' in this round */
	uint8_t goalcell[PDB_MAX_CELLS];
	uint64_t count, nchunks;
	uint64_t *st;      /* the 2-bit states, 32 a word, low bits first */
	uint8_t *out;      /* the entries, ((d - md) / 2) & 1 a bit */
	uint8_t *done;     /* a bit a placement: expanded (its 2-bit state matches again every third round) */
	uint8_t *flag[2];  /* per chunk: holds a placement of the parents' / children's depth */
	struct bigmem mst; /* st's memory */
};

struct worker {
	struct search *s;
	uint64_t found; /* placements first reached in this round */
	uint64_t ring[RING];
	unsigned head, tail;
};

/* A child whose word was prefetched: marked at depth + 1 when not seen yet (one atomic AND turns
 * UNSEEN into the new depth's value; a racing worker writes the same value and counts nothing). */
static void visit(struct worker *wk, uint64_t r)
{
	struct search *s = wk->s;
	_Atomic uint64_t *w = (_Atomic uint64_t *)&s->st[r / PER_WORD];
	unsigned sh = (unsigned)(r % PER_WORD) * 2;
	if ((atomic_load_explicit(w, memory_order_relaxed) >> sh & 3u) != UNSEEN)
		return;
	uint64_t nv = (uint64_t)(s->depth + 1) % 3;
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

/* Parent r at the round's depth: its entry, then every placement one step away. */
static void expand_parent(struct worker *wk, uint64_t r)
{
	const struct search *s = wk->s;
	uint8_t cells[PDB_MAX_CELLS];
	if (s->done[r >> 3] >> (r & 7) & 1)
		return;
	s->done[r >> 3] |= (uint8_t)(1u << (r & 7)); /* the chunk's worker alone writes these bytes */
	pdb_unrank(&s->rk, r, cells);
	uint32_t occ = 0;
	int md = 0;
	for (int i = 0; i < s->k; i++) {
		occ |= 1u << cells[i];
		md += s->g.dist[cells[i]][s->goalcell[i]];
	}
	if (((unsigned)(s->depth - md) >> 1) & 1u)
		s->out[r >> 3] |= (uint8_t)(1u << (r & 7));
	for (int i = 0; i < s->k; i++) {
		unsigned t = cells[i];
		uint32_t cand = s->g.adj[t] & ~occ;
		while (cand) {
			cells[i] = (uint8_t)__builtin_ctz(cand);
			cand &= cand - 1;
			push(wk, pdb_rank(&s->rk, cells));
		}
		cells[i] = (uint8_t)t;
	}
}

/* One chunk of a round: every placement of the parents' depth in it is expanded. */
static void round_chunk(void *ctx, size_t chunk, int worker)
{
	struct worker *wk = (struct worker *)ctx + worker;
	struct search *s = wk->s;
	if (!s->flag[0][chunk])
		return;
	uint64_t want = (uint64_t)(s->depth % 3) * FIELD_LOW;
	uint64_t lo = (uint64_t)chunk << PDBGEN_CHUNK_SHIFT, hi = lo + PDBGEN_CHUNK;
	if (hi > s->count)
		hi = s->count;
	for (uint64_t wi = lo / PER_WORD; wi * PER_WORD < hi; wi++) {
		uint64_t x = __atomic_load_n(&s->st[wi], __ATOMIC_RELAXED) ^ want;
		uint64_t hit = ~(x | x >> 1) & FIELD_LOW; /* the low bit of each field equal to want */
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

/* The search's memory and its start: every state UNSEEN but the goal placement's (depth 0). */
static int setup(struct search *s, const struct board *b, const struct board_state *goal, const uint8_t *tiles,
		 int k, struct slidetab_error *err)
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
	    !(s->done = calloc((size_t)table_packed_bytes(s->count, 1) + 1, 1)) ||
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
	s->st[g / PER_WORD] &= ~((uint64_t)UNSEEN << (g % PER_WORD * 2));
	s->flag[0][g >> PDBGEN_CHUNK_SHIFT] = 1;
	return SLIDETAB_OK;
}

static void fill_meta(struct table_meta *m, const struct board *b, const struct board_state *goal, uint32_t pattern,
		      uint64_t entries)
{
	m->kind = TABLE_KIND_PDB;
	m->ranking = TABLE_RANK_PDB;
	m->entry = TABLE_ENTRY_PBIT;
	m->payload = TABLE_PAYLOAD_RAW;
	m->entry_bits = 1;
	m->rows = (uint8_t)b->rows;
	m->cols = (uint8_t)b->cols;
	m->cells = (uint8_t)b->n;
	memcpy(m->goal, goal->t, (size_t)b->n);
	m->pattern = pattern;
	m->entries = entries;
	m->block_entries = 0;
	snprintf(m->generator, sizeof m->generator, "%s", GEN_VERSION);
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
			fill_meta(meta_out, b, goal, pattern_mask, s->count);
			*packed_out = s->out;
			s->out = NULL;
		}
	}
	if (s) {
		bigmem_free(&s->mst);
		free(s->out);
		free(s->done);
		free(s->flag[0]);
		free(s->flag[1]);
	}
	free(s);
	free(ws);
	return rc;
}
