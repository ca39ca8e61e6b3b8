/* bfs: the parallel, 2-bit-per-state reverse breadth-first search over every reachable state.
 *
 * Each state has two bits: 0 = unseen, 3 = done, and 1 and 2 swap the meanings "frontier" and
 * "next" from one depth to the next (frontier = 1 + d % 2). At depth d the workers scan for
 * frontier entries, give every unseen neighbour the "next" value with an atomic OR, and then
 * OR the expanded entries up to done. Only 00 -> next changes a pair that another thread may
 * touch, so whichever thread flips it counts it, and the counts are exact for any thread count.
 * Neighbours of a frontier state are at depth d-1 (done) or d+1 (unseen or next), never d: the
 * graph is bipartite. */
#include "bfs.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/bigmem.h"
#include "../core/pool.h"
#include "../core/rank.h"

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
	_Atomic uint64_t found;
	int live;
	double t0, last;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

uint64_t bfs_memory_needed(const struct board *b, int count_only)
{
	uint64_t states = rank_states(b->n);
	return (states + 31) / 32 * 8 + (count_only ? 0 : states);
}

/* Marks state j with value v when unreached; returns 1 when this call reached it. */
static inline int mark(_Atomic uint64_t *bits, uint64_t j, uint64_t v)
{
	_Atomic uint64_t *w = &bits[j >> 5];
	unsigned sh = (unsigned)(j & 31) * 2;
	if ((atomic_load_explicit(w, memory_order_relaxed) >> sh) & 3)
		return 0;
	uint64_t old = atomic_fetch_or_explicit(w, v << sh, memory_order_relaxed);
	return ((old >> sh) & 3) == 0;
}

/* Far neighbour updates wait in a small ring after a prefetch of their word, so the cache
 * misses of many of them overlap instead of stalling one after another. */
#define RING 16
struct ring {
	uint64_t idx[RING];
	unsigned head, count;
};

static inline uint64_t ring_push(_Atomic uint64_t *bits, struct ring *r, uint64_t j, uint64_t v)
{
	__builtin_prefetch((const void *)&bits[j >> 5], 1, 0);
	uint64_t found = 0;
	if (r->count == RING) {
		found = (uint64_t)mark(bits, r->idx[r->head], v);
		r->idx[r->head] = j;
		r->head = (r->head + 1) % RING;
	} else {
		r->idx[(r->head + r->count++) % RING] = j;
	}
	return found;
}

static inline uint64_t ring_flush(_Atomic uint64_t *bits, struct ring *r, uint64_t v)
{
	uint64_t found = 0;
	for (; r->count; r->count--, r->head = (r->head + 1) % RING)
		found += (uint64_t)mark(bits, r->idx[r->head], v);
	return found;
}

/* The entry stored for a state at distance d. */
static unsigned encode(const struct shared *s, unsigned d, const uint8_t *seq, int blank)
{
	switch (s->opt->entry) {
	case TABLE_ENTRY_PLAIN: return d;
	case TABLE_ENTRY_MOD4: return (d >> 1) & 1;
	case TABLE_ENTRY_MDRES: {
		unsigned md = 0;
		for (int k = 0; k < blank; k++)
			md += s->md[seq[k]][k];
		for (int k = blank; k < s->rk.m; k++)
			md += s->md[seq[k]][k + 1];
		return (d - md) / 2;
	}
	default: return d >> 1;
	}
}

/* Expands every frontier state in [lo, hi); returns how many new states it reached. */
static uint64_t expand_range(struct shared *s, uint64_t lo, uint64_t hi)
{
	const struct board *b = s->b;
	const int n = b->n, cols = b->cols;
	const unsigned d = s->depth;
	const uint64_t cur = 1 + (d & 1), nxt = 2 - (d & 1);
	const uint64_t pat = cur * PAIRS; /* every pair = cur */
	uint8_t seq[BOARD_MAX_CELLS];
	struct rank_prefix pre = { .upto = 0 };
	uint64_t have_seq = UINT64_MAX, found = 0;
	struct ring ring = { .count = 0 };

	for (uint64_t wi = lo >> 5; wi < (hi + 31) >> 5; wi++) {
		uint64_t w = atomic_load_explicit(&s->bits[wi], memory_order_relaxed);
		uint64_t x = w ^ pat;
		uint64_t hit = ~(x | (x >> 1)) & PAIRS;
		if (hit)
			atomic_fetch_or_explicit(&s->bits[wi], hit * 3, memory_order_relaxed); /* -> done */
		while (hit) {
			unsigned bit = (unsigned)__builtin_ctzll(hit);
			hit &= hit - 1;
			uint64_t i = (wi << 5) + bit / 2;
			if (i >= s->count)
				break;
			uint64_t r = i / (uint64_t)n;
			int blank = (int)(i - r * (uint64_t)n);
			int par = rank_seq_parity(&s->rk, blank);
			if (r * 2 + (uint64_t)par != have_seq) {
				/* Unrank once per (seq rank, parity): consecutive states share it. Keep the
				 * rank's prefix sums so a vertical move re-ranks only the changed digits. */
				rank_unseq(&s->rk, r, par, seq);
				rank_prefix_init(&pre);
				have_seq = r * 2 + (uint64_t)par;
			}
			if (s->entries)
				s->entries[i] = (uint8_t)encode(s, d, seq, blank);
			int col = blank % cols;
			if (col > 0)
				found += (uint64_t)mark(s->bits, i - 1, nxt);
			if (col < cols - 1)
				found += (uint64_t)mark(s->bits, i + 1, nxt);
			/* Vertical moves: re-rank from the first digit they change. */
			for (int up = 0; up < 2; up++) {
				int to = up ? blank - cols : blank + cols;
				if (to < 0 || to >= n)
					continue;
				uint64_t h = rank_after_vertical(&s->rk, seq, &pre, blank, to);
				found += ring_push(s->bits, &ring, h * (uint64_t)n + (uint64_t)to, nxt);
			}
		}
	}
	return found + ring_flush(s->bits, &ring, nxt);
}

/* One chunk of the current depth (pool_run index c); worker 0 also draws the live progress line. */
static void run_chunk(void *ctx, size_t c, int worker)
{
	struct shared *s = ctx;
	uint64_t lo = (uint64_t)c * CHUNK_STATES, hi = lo + CHUNK_STATES;
	atomic_fetch_add_explicit(&s->found, expand_range(s, lo, hi < s->count ? hi : s->count),
				  memory_order_relaxed);
	if (worker == 0 && s->live && now() - s->last > 0.5) {
		s->last = now();
		fprintf(stderr, "\rdepth %u: %5.1f%% scanned, %.1f s", s->depth, 100.0 * (double)c / (double)s->chunks,
			s->last - s->t0);
	}
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
	s->live = opt->live;
	s->t0 = s->last = now();
	mark(s->bits, rank_state(&s->rk, goal), 1);
	res->hist[0] = 1;
	uint64_t total = 1;
	for (unsigned d = 0;; d++) {
		s->depth = d;
		atomic_store(&s->found, 0);
		pool_run(opt->threads, s->chunks, run_chunk, s);
		uint64_t found = atomic_load(&s->found);
		double el = now() - s->t0;
		if (opt->live)
			fprintf(stderr, "\r\033[K");
		if (opt->log)
			fprintf(opt->log, "depth %3u: %15llu states, %8.2f s, %.3g states/s\n", d,
				(unsigned long long)res->hist[d], el, (double)total / (el > 0 ? el : 1e-9));
		if (found == 0 || d + 1 >= TABLE_HIST_MAX) {
			res->radius = d;
			break;
		}
		res->hist[d + 1] = found;
		total += found;
	}
	res->seconds = now() - s->t0;
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
