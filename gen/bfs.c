/* bfs: the parallel, 2-bit-per-state reverse breadth-first search over every reachable state.
 *
 * Each state has two bits: 0 = unseen, 3 = done, and 1 and 2 swap the meanings "frontier" and
 * "next" from one depth to the next (frontier = 1 + d % 2). At depth d the workers scan for
 * frontier entries, give every unseen neighbour the "next" value with an atomic OR, and OR the
 * expanded entries up to done. Neighbours of a frontier state are at depth d-1 (done) or d+1
 * (unseen or next), never d: the graph is bipartite, so ORing "next" into any neighbour is safe
 * and only 00 -> next changes a pair that another thread may touch. Layer d is counted when it is
 * scanned as the frontier (the pairs holding the frontier value then), so the counts are exact
 * for any thread count and no OR needs its old value.
 *
 * A word of 32 pairs moves its frontier's horizontal neighbours (index +-1) with shifts and
 * per-phase masks in the same atomic OR that marks the frontier done; vertical moves go through
 * gen/bfsseq (the seq kept from one rank to the next, the new rank as a delta over the cols
 * digits the move changes) and a prefetch ring. */
#include "bfs.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../core/bigmem.h"
#include "../core/pool.h"
#include "../core/rank.h"
#include "bfsprog.h"
#include "bfsseq.h"

#define CHUNK_STATES (1u << 16) /* work unit: a multiple of 64 states */
#define PAIRS UINT64_C(0x5555555555555555)

struct shared {
	const struct board *b;
	const struct bfs_options *opt;
	struct rank_ctx rk;
	uint8_t md[BOARD_MAX_CELLS][BOARD_MAX_CELLS]; /* md[tile][cell]: taxicab distance to its goal cell */
	_Atomic uint64_t *bits;
	uint8_t *entries;
	uint64_t count;
	unsigned depth;
	uint64_t chunks;
	struct bfsseq sq;
	uint8_t par[BOARD_MAX_CELLS];        /* seq parity of each blank cell */
	int8_t vert[BOARD_MAX_CELLS][2];     /* the blank's vertical moves (cell, or -1) */
	uint64_t canl[BOARD_MAX_CELLS], canr[BOARD_MAX_CELLS]; /* per phase: pairs that can move left, right */
	uint8_t blank_at[BOARD_MAX_CELLS][32], goff[BOARD_MAX_CELLS][32]; /* per phase and pair: blank, group offset */
	uint8_t pnext[BOARD_MAX_CELLS], gstep[BOARD_MAX_CELLS]; /* the next word's phase, groups it advances */
	_Atomic uint64_t found, chunks_done;
	uint64_t so_far; /* states in the layers before this one */
	struct bfsprog prog;
};

uint64_t bfs_memory_needed(const struct board *b, int count_only)
{
	uint64_t states = rank_states(b->n);
	return (states + 31) / 32 * 8 + (count_only ? 0 : states);
}

/* Marks state j with value v when unreached. The OR's old value is not needed (the layer is
 * counted when it is scanned as the frontier), so it compiles to a plain locked OR. */
static inline void mark(_Atomic uint64_t *bits, uint64_t j, uint64_t v)
{
	_Atomic uint64_t *w = &bits[j >> 5];
	unsigned sh = (unsigned)(j & 31) * 2;
	if ((atomic_load_explicit(w, memory_order_relaxed) >> sh) & 3)
		return;
	atomic_fetch_or_explicit(w, v << sh, memory_order_relaxed);
}

/* Far neighbour updates wait in a small ring after a prefetch of their word, so the cache
 * misses of many of them overlap instead of stalling one after another. */
#define RING 16
struct ring {
	uint64_t idx[RING];
	unsigned head, count;
};

static inline void ring_push(_Atomic uint64_t *bits, struct ring *r, uint64_t j, uint64_t v)
{
	__builtin_prefetch((const void *)&bits[j >> 5], 1, 0);
	if (r->count == RING) {
		mark(bits, r->idx[r->head], v);
		r->idx[r->head] = j;
		r->head = (r->head + 1) % RING;
	} else {
		r->idx[(r->head + r->count++) % RING] = j;
	}
}

static inline void ring_flush(_Atomic uint64_t *bits, struct ring *r, uint64_t v)
{
	for (; r->count; r->count--, r->head = (r->head + 1) % RING)
		mark(bits, r->idx[r->head], v);
}

/* The entry stored for a state at distance d. */
static unsigned encode(const struct shared *s, unsigned d, const struct bfsseq_cur *c, int blank)
{
	switch (s->opt->entry) {
	case TABLE_ENTRY_PLAIN: return d;
	case TABLE_ENTRY_MOD4: return (d >> 1) & 1;
	case TABLE_ENTRY_MDRES: {
		return (d - bfsseq_md(&s->sq, c, blank)) / 2;
	}
	default: return d >> 1;
	}
}

/* The horizontal moves of a whole word of frontier pairs `hit` (word wi, phase p): the in-word
 * targets are ORed together with the frontier's move to done in one atomic; the two that cross
 * into the neighbouring words go one by one. */
static inline void horizontal_word(struct shared *s, uint64_t wi, unsigned p, uint64_t hit, uint64_t nxt)
{
	uint64_t l = hit & s->canl[p], r = hit & s->canr[p];
	uint64_t tgt = (l >> 2) | (r << 2);
	atomic_fetch_or_explicit(&s->bits[wi], hit * 3 | tgt * nxt, memory_order_relaxed);
	if (l & 1)
		mark(s->bits, wi * 32 - 1, nxt);
	if (r >> 62)
		mark(s->bits, wi * 32 + 32, nxt);
}

/* Expands every frontier state in [lo, hi) (lo a multiple of 32); returns how many there were
 * (the size of layer d, counted here rather than when marked). Hot loop, measured: horizontal moves a word at a time, the seq unranked once per seq
 * rank, vertical moves re-ranked by a delta over the digits they change. */
static uint64_t expand_range(struct shared *s, uint64_t lo, uint64_t hi)
{
	const uint64_t n = (uint64_t)s->b->n;
	const unsigned d = s->depth;
	const uint64_t nxt = 2 - (d & 1), pat = (1 + (d & 1)) * PAIRS; /* every pair = frontier */
	struct bfsseq_cur cur;
	uint64_t found = 0;
	struct ring ring = { .count = 0 };
	bfsseq_cur_init(&cur);
	unsigned p = (unsigned)(lo % n);
	uint64_t g0 = lo / n;

	for (uint64_t wi = lo >> 5; wi < (hi + 31) >> 5; g0 += s->gstep[p], p = s->pnext[p], wi++) {
		uint64_t x = atomic_load_explicit(&s->bits[wi], memory_order_relaxed) ^ pat;
		uint64_t hit = ~(x | (x >> 1)) & PAIRS;
		if (!hit)
			continue;
		found += (uint64_t)__builtin_popcountll(hit);
		horizontal_word(s, wi, p, hit, nxt);
		while (hit) {
			unsigned o = (unsigned)__builtin_ctzll(hit) / 2;
			hit &= hit - 1;
			int blank = s->blank_at[p][o];
			uint64_t r = g0 + s->goff[p][o];
			if (r != cur.h)
				bfsseq_goto(&s->sq, r, s->par[blank], &cur);
			else
				bfsseq_set_parity(&s->sq, &cur, s->par[blank]);
			if (s->entries)
				s->entries[r * n + (uint64_t)blank] = (uint8_t)encode(s, d, &cur, blank);
			for (int k = 0; k < 2; k++) {
				int to = s->vert[blank][k];
				if (to < 0)
					continue;
				uint64_t h = bfsseq_vertical(&s->sq, &cur, r, blank, to);
				ring_push(s->bits, &ring, h * n + (uint64_t)to, nxt);
			}
		}
	}
	ring_flush(s->bits, &ring, nxt);
	return found;
}

/* Per-phase and per-cell tables of the hot loop (phase = a word's first state index mod n). */
static void tables_init(struct shared *s)
{
	const int n = s->b->n, cols = s->b->cols;
	for (int b = 0; b < n; b++) {
		s->par[b] = (uint8_t)rank_seq_parity(&s->rk, b);
		s->vert[b][0] = (int8_t)(b - cols >= 0 ? b - cols : -1);
		s->vert[b][1] = (int8_t)(b + cols < n ? b + cols : -1);
	}
	for (int p = 0; p < n; p++) {
		s->canl[p] = s->canr[p] = 0;
		for (int o = 0; o < 32; o++) {
			int b = (p + o) % n, col = b % cols;
			s->blank_at[p][o] = (uint8_t)b;
			s->goff[p][o] = (uint8_t)((p + o) / n);
			if (col > 0)
				s->canl[p] |= UINT64_C(1) << (2 * o);
			if (col < cols - 1)
				s->canr[p] |= UINT64_C(1) << (2 * o);
		}
		s->pnext[p] = (uint8_t)((p + 32) % n);
		s->gstep[p] = (uint8_t)((p + 32) / n);
	}
}

/* One chunk of the current layer (pool_run index c); worker 0 also draws the live progress line. */
static void run_chunk(void *ctx, size_t c, int worker)
{
	struct shared *s = ctx;
	uint64_t lo = (uint64_t)c * CHUNK_STATES, hi = lo + CHUNK_STATES;
	uint64_t f = expand_range(s, lo, hi < s->count ? hi : s->count);
	uint64_t found = atomic_fetch_add_explicit(&s->found, f, memory_order_relaxed) + f;
	uint64_t done = atomic_fetch_add_explicit(&s->chunks_done, 1, memory_order_relaxed) + 1;
	if (worker == 0)
		bfsprog_live(&s->prog, s->depth, s->so_far + found, done, s->chunks);
}

int bfs_run(const struct board *b, const struct board_state *goal, const struct bfs_options *opt,
	    struct bfs_result *res, struct slidetab_error *err)
{
	struct shared *s = calloc(1, sizeof *s);
	if (!s) {
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	memset(res, 0, sizeof *res);
	s->b = b;
	s->opt = opt;
	if (rank_init(&s->rk, b, goal) != 0) {
		free(s);
		return err_set(err, SLIDETAB_EINVAL, "board of %d cells is too large to rank", b->n);
	}
	s->count = s->rk.count;
	for (int c = 0; c < b->n; c++)
		for (int t = 0; t < b->n; t++)
			s->md[goal->t[c]][t] = (uint8_t)board_taxicab(b, c, t);
	bfsseq_init(&s->sq, &s->rk, !opt->count_only && opt->entry == TABLE_ENTRY_MDRES ? s->md : NULL);
	tables_init(s);
	uint64_t words = (s->count + 31) / 32, expect = s->count;
	struct bigmem bits;
	bigmem_alloc(&bits, words * sizeof *s->bits); /* huge pages: fewer TLB misses on far updates */
	s->bits = (_Atomic uint64_t *)(void *)bits.p;
	if (!opt->count_only)
		s->entries = malloc(s->count);
	if (!s->bits || (!opt->count_only && !s->entries)) {
		bigmem_free(&bits);
		free(s->entries);
		free(s);
		return err_set(err, SLIDETAB_ENOMEM, "out of memory for the search (%llu bytes)",
			       (unsigned long long)bfs_memory_needed(b, opt->count_only));
	}
	res->working_bytes = words * 8;
	s->chunks = (s->count + CHUNK_STATES - 1) / CHUNK_STATES;
	bfsprog_start(&s->prog, opt->log, opt->live, expect);
	mark(s->bits, rank_state(&s->rk, goal), 1);
	uint64_t total = 0;
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++) {
		/* Layer d is counted as it is expanded: the frontier pairs the scan finds. */
		s->depth = d;
		s->so_far = total;
		atomic_store(&s->found, 0);
		atomic_store(&s->chunks_done, 0);
		pool_run(opt->threads, s->chunks, run_chunk, s);
		uint64_t found = atomic_load(&s->found);
		if (found == 0)
			break;
		res->hist[d] = found;
		res->radius = d;
		total += found;
		bfsprog_layer(&s->prog, d, found, total);
	}
	res->seconds = bfsprog_now() - s->prog.t0;
	res->states = total;
	res->entries = s->entries;
	bigmem_free(&bits);
	int ok = total == expect;
	free(s);
	if (!ok) {
		free(res->entries);
		res->entries = NULL;
		return err_set(err, SLIDETAB_EFORMAT, "search reached %llu states, expected %llu",
			       (unsigned long long)total, (unsigned long long)expect);
	}
	return SLIDETAB_OK;
}
