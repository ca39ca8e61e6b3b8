/* SPDX-License-Identifier: Zlib */
/* bfs: the parallel, 2-bit-per-state reverse breadth-first search over every reachable state.
 *
 * Each state has two bits: 0 = unseen, 3 = done, and 1 and 2 swap the meanings "frontier" and
 * "next" from one depth to the next (frontier = 1 + d % 2). At depth d the workers scan for
 * frontier entries, give every unseen neighbour the "next" value with an OR, and OR the expanded
 * entries up to done. Neighbours of a frontier state are at depth d-1 (done) or d+1 (unseen or
 * next), never d: the graph is bipartite, so ORing "next" into any neighbour is safe. Layer d is
 * counted when it is scanned as the frontier (the pairs holding the frontier value then), so the
 * counts are exact for any thread count and no OR needs its old value.
 *
 * Thread k owns the chunks c with c % threads == k: it alone scans them and writes their words,
 * so every OR is a plain load and store; a mark for another owner's state waits in gen/bfsx's
 * queue until that owner drains it between its chunks, or after the layer.
 *
 * A word of 32 pairs moves its frontier's horizontal neighbours (index +-1) with shifts and
 * per-phase masks in the same store that marks the frontier done; vertical moves go through
 * gen/bfsseq (the seq kept from one rank to the next, the new rank from a table over the mask of
 * the crossed tiles larger than the moving one) and a prefetch ring. */
#include "gen/exact/bfs.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "gen/exact/bfsact.h"
#include "gen/exact/bfsbits.h"
#include "gen/exact/bfsmd.h"
#include "gen/exact/bfsprog.h"
#include "gen/exact/bfsseq.h"
#include "gen/exact/bfsx.h"
#include "libslidetab/base/bigmem.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/rank.h"

#define CHUNK_SHIFT  16
#define CHUNK_STATES BFS_CHUNK_STATES              /* = 1 << CHUNK_SHIFT */
#define BLOCK_STATES (UINT64_C(1) << BFSACT_SHIFT) /* the unit of the frontier flags, a chunk's 1/16 */
#define PAIRS        UINT64_C(0x5555555555555555)

struct shared {
	const struct board *b;
	const struct bfs_options *opt;
	struct rank_ctx rk;
	uint8_t md[BOARD_MAX_CELLS][BOARD_MAX_CELLS]; /* md[tile][cell]: taxicab distance to its goal cell */
	_Atomic uint64_t *bits;                       /* the states held: bits[w] holds states 32 (wlo + w) .. */
	uint8_t *entries;                             /* entries[j - lo], or NULL */
	uint8_t *packed; /* MOD4 entries 1 bit a state (gen/bfsbits.h) of a whole search, or NULL */
	uint64_t count;
	uint64_t lo, own, wlo;        /* the states held: [lo, lo + own), wlo = lo / 32 (gen: all of them) */
	uint8_t deg[BOARD_MAX_CELLS]; /* moves of the blank from each cell (counted for a part) */
	unsigned depth;
	uint64_t chunks;
	struct bfsseq sq;
	uint8_t par[BOARD_MAX_CELLS];    /* seq parity of each blank cell */
	int8_t vert[BOARD_MAX_CELLS][2]; /* the blank's vertical moves, nvert[b] of them: a count */
	uint8_t nvert[BOARD_MAX_CELLS];  /* rather than a -1 to test (two rows: always 1, no branch) */
	uint64_t canl[BOARD_MAX_CELLS], canr[BOARD_MAX_CELLS]; /* per phase: pairs that can move left, right */
	uint8_t blank_at[BOARD_MAX_CELLS][32], goff[BOARD_MAX_CELLS][32]; /* per phase and pair: blank, group offset */
	uint8_t pnext[BOARD_MAX_CELLS], gstep[BOARD_MAX_CELLS]; /* the next word's phase, groups it advances */
	struct bfsact act;                                      /* the chunks holding frontier states */
	_Atomic uint64_t found, chunks_done;
	int owners, opow2; /* threads owning chunks (c % owners), and whether owners is a power of 2 */
	struct bfsx x;     /* marks for another owner's states */
	_Atomic unsigned entries_or;
	uint64_t so_far; /* states in the layers before this one */
	struct bfsprog prog;
};

uint64_t bfs_memory_needed(const struct board *b, int count_only, uint32_t entry)
{
	uint64_t states = rank_states(b->n), words = (states + 31) / 32;
	return words * 8 + (count_only ? 0 : entry == TABLE_ENTRY_MOD4 ? words * 4 : states);
}

/* Marks state j with value v (the "next" value of layer d) when unreached, and its chunk active.
 * Only j's owner thread touches its word during a layer (gen/bfsx.h), so this is a plain
 * load-OR-store. The OR's old value is not needed (the layer is counted when it is scanned as
 * the frontier). A neighbour of the frontier is done (3), next or unseen, never frontier (the
 * graph is bipartite), and ORing "next" leaves the first two as they are: in the dense layers,
 * whose chunks are all flagged anyway, the OR goes unconditionally, without a test whose branch
 * mispredicts half the time (measured: 9% less search CPU on 3x4). */
static inline __attribute__((always_inline)) void mark(const struct shared *s, uint64_t j, uint64_t v)
{
	_Atomic uint64_t *w = &s->bits[j >> 5];
	unsigned sh = (unsigned)(j & 31) * 2;
	uint64_t old = atomic_load_explicit(w, memory_order_relaxed);
	if (s->act.track) {
		if ((old >> sh) & 3)
			return;
		bfsact_mark(&s->act, s->depth, j);
	}
	atomic_store_explicit(w, old | v << sh, memory_order_relaxed);
}

/* The thread that owns state j (held index): its chunk's number modulo the owners. */
static inline __attribute__((always_inline)) int owner_of(const struct shared *s, uint64_t j)
{
	uint64_t c = j >> CHUNK_SHIFT;
	return (int)(s->opow2 ? c & (uint64_t)(s->owners - 1) : c % (uint64_t)s->owners);
}

/* Far neighbour updates wait in a small ring after a prefetch of their word, so the cache
 * misses of many of them overlap instead of stalling one after another. */
#define RING 16
struct ring {
	uint64_t idx[RING];
	unsigned head, count;
};

static inline __attribute__((always_inline)) void ring_push(const struct shared *s, struct ring *r, uint64_t j,
							    uint64_t v)
{
	__builtin_prefetch((const void *)&s->bits[j >> 5], 1, 0);
	if (r->count == RING) {
		mark(s, r->idx[r->head], v);
		r->idx[r->head] = j;
		r->head = (r->head + 1) % RING;
	} else {
		r->idx[(r->head + r->count++) % RING] = j;
	}
}

static inline void ring_flush(const struct shared *s, struct ring *r, uint64_t v)
{
	for (; r->count; r->count--, r->head = (r->head + 1) % RING)
		mark(s, r->idx[r->head], v);
}

/* The seam of the distributed search and of the owners: state j (a global index) is handed to
 * the process that holds it when this one does not (never for one process); else queued for its
 * owner thread when another thread owns it, or when it is far (r not NULL) and there are several
 * threads; else marked here, through the prefetch ring r or at once. With several threads every
 * far mark is queued, the own ones too: a branch on the owner of a far mark mispredicts half the
 * time, and the drain applies a block with prefetches ahead (measured on 3x4 at -j2: search 4.34
 * s -> 3.93 s; with one thread the ring stays faster, 6.13 s against 6.60 s). */
static inline __attribute__((always_inline)) void mark_at(struct shared *s, int me, struct ring *r,
							  struct bfs_remote *rm, uint64_t j, uint64_t v)
{
	uint64_t k = j - s->lo;
	if (k >= s->own) {
		rm->j[rm->n++] = j;
		return;
	}
	int u = owner_of(s, k);
	if (r && s->owners > 1) /* tested on its own, first: written as one condition, it measured slower */
		bfsx_push(&s->x, me, u, k);
	else if (u != me)
		bfsx_push(&s->x, me, u, k);
	else if (r)
		ring_push(s, r, k, v);
	else
		mark(s, k, v);
}

/* The byte stored for a state at distance d by a search for entries of kind `kind`: MDRES ones
 * keep d, made residues after the search (gen/bfsmd.h); MOD4 entries go to s->packed a word at
 * a time when the search packs them. */
static inline unsigned encode(uint32_t kind, unsigned d)
{
	switch (kind) {
	case TABLE_ENTRY_PLAIN: return d;
	case TABLE_ENTRY_MOD4: return (d >> 1) & 1;
	default: return d >> 1;
	}
}

/* The horizontal moves of a whole word of frontier pairs `hit` (word wi, phase p): the in-word
 * targets are ORed into the word x (its value, read by the caller) together with the
 * frontier's move to done; the two that cross into the neighbouring words go one by one.
 * Returns the in-word targets (their block is the scanner's, flagged by the caller). */
static inline __attribute__((always_inline)) uint64_t horizontal_word(struct shared *s, int me, uint64_t wi, unsigned p,
								      uint64_t x, uint64_t hit, uint64_t nxt,
								      struct bfs_remote *rm)
{
	uint64_t l = hit & s->canl[p], r = hit & s->canr[p];
	uint64_t tgt = (l >> 2) | (r << 2);
	atomic_store_explicit(&s->bits[wi - s->wlo], x | hit * 3 | tgt * nxt, memory_order_relaxed);
	if (l & 1)
		mark_at(s, me, NULL, rm, wi * 32 - 1, nxt);
	if (r >> 62)
		mark_at(s, me, NULL, rm, wi * 32 + 32, nxt);
	return tgt;
}

/* Expands every frontier state in [lo, hi), one flag block or its start (lo a multiple of 32; rm:
 * the remote marks of a part, else NULL); returns how many there were (the size of layer d,
 * counted here rather than when marked). kind: the byte entries' encoding, 0 for none; a
 * constant in each copy expand_range makes. Hot loop, measured: horizontal moves a word at a
 * time, the seq unranked once per seq rank, vertical moves re-ranked by gen/bfsseq's table. */
static inline __attribute__((always_inline)) uint64_t expand_body(struct shared *s, int me, uint64_t lo, uint64_t hi,
								  struct bfs_remote *rm, uint32_t kind)
{
	const uint64_t n = (uint64_t)s->b->n;
	const unsigned d = s->depth;
	const uint64_t nxt = 2 - (d & 1), pat = (1 + (d & 1)) * PAIRS; /* every pair = frontier */
	struct bfsseq_cur cur;
	uint64_t found = 0, inword = 0;
	unsigned eor = 0;
	struct ring ring = { .count = 0 };
	bfsseq_cur_init(&cur);
	unsigned p = (unsigned)(lo % n);
	uint64_t g0 = lo / n;

	for (uint64_t wi = lo >> 5; wi < (hi + 31) >> 5; g0 += s->gstep[p], p = s->pnext[p], wi++) {
		uint64_t w = atomic_load_explicit(&s->bits[wi - s->wlo], memory_order_relaxed), x = w ^ pat;
		uint64_t hit = ~(x | (x >> 1)) & PAIRS;
		if (!hit)
			continue;
		found += (uint64_t)__builtin_popcountll(hit);
		inword |= horizontal_word(s, me, wi, p, w, hit, nxt, rm);
		if (s->packed && (d & 2)) /* MOD4 entry (d >> 1) & 1: the bits start at 0 */
			bfsbits_set_word(s->packed, wi, hit);
		while (hit) {
			unsigned o = (unsigned)__builtin_ctzll(hit) / 2;
			hit &= hit - 1;
			int blank = s->blank_at[p][o];
			uint64_t r = g0 + s->goff[p][o];
			if (rm)
				rm->updates += s->deg[blank];
			if (r != cur.h)
				bfsseq_goto(&s->sq, r, s->par[blank], &cur);
			else
				bfsseq_set_parity(&s->sq, &cur, s->par[blank]);
			if (kind) {
				unsigned e = encode(kind, d);
				s->entries[r * n + (uint64_t)blank - s->lo] = (uint8_t)e;
				eor |= e;
			}
			for (int k = 0; k < s->nvert[blank]; k++) {
				int to = s->vert[blank][k];
				uint64_t h = bfsseq_vertical(&s->sq, &cur, r, blank, to);
				mark_at(s, me, &ring, rm, h * n + (uint64_t)to, nxt);
			}
		}
	}
	ring_flush(s, &ring, nxt);
	if (eor)
		atomic_fetch_or_explicit(&s->entries_or, eor, memory_order_relaxed);
	if (inword) /* some may have been seen already: a spurious flag costs one scan */
		bfsact_mark(&s->act, d, lo - s->lo);
	return found;
}

/* expand_body with the entry encoding a constant: no per-state switch. */
static uint64_t expand_range(struct shared *s, int me, uint64_t lo, uint64_t hi, struct bfs_remote *rm)
{
	if (!s->entries)
		return expand_body(s, me, lo, hi, rm, 0);
	switch (s->opt->entry) {
	case TABLE_ENTRY_PLAIN: /* and MDRES: the distance, made a residue after the search */
	case TABLE_ENTRY_MDRES: return expand_body(s, me, lo, hi, rm, TABLE_ENTRY_PLAIN);
	case TABLE_ENTRY_MOD4: return expand_body(s, me, lo, hi, rm, TABLE_ENTRY_MOD4);
	default: return expand_body(s, me, lo, hi, rm, TABLE_ENTRY_HALF);
	}
}

/* Per-phase and per-cell tables of the hot loop (phase = a word's first state index mod n). */
static void tables_init(struct shared *s)
{
	const int n = s->b->n, cols = s->b->cols;
	for (int b = 0; b < n; b++) {
		s->par[b] = (uint8_t)rank_seq_parity(&s->rk, b);
		s->nvert[b] = 0;
		if (b - cols >= 0)
			s->vert[b][s->nvert[b]++] = (int8_t)(b - cols);
		if (b + cols < n)
			s->vert[b][s->nvert[b]++] = (int8_t)(b + cols);
		s->deg[b] = (uint8_t)((b - cols >= 0) + (b + cols < n) + (b % cols > 0) + (b % cols < cols - 1));
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

/* The n own chunks c0 + k step of a layer, the k-th one's remote marks into rm[k]. */
struct expand_job {
	struct shared *s;
	uint64_t c0, step, n;
	struct bfs_remote *rm;
};

/* bfsx_drain's callback: the queued marks of the owner draining, each word prefetched 16 marks
 * ahead so that their cache misses overlap. */
static void apply_queued(void *ctx, const uint64_t *j, size_t n)
{
	struct shared *s = ctx;
	uint64_t nxt = 2 - (s->depth & 1);
	for (size_t i = 0; i < n; i++) {
		if (i + 16 < n)
			__builtin_prefetch((const void *)&s->bits[j[i + 16] >> 5], 1, 0);
		mark(s, j[i], nxt);
	}
}

/* Adds an owner's found states and scanned chunks to the layer's; worker 0 draws the live line. */
static void flush_counts(struct shared *s, int worker, uint64_t *f, uint64_t *done)
{
	uint64_t found = atomic_fetch_add_explicit(&s->found, *f, memory_order_relaxed) + *f;
	uint64_t chunks = atomic_fetch_add_explicit(&s->chunks_done, *done, memory_order_relaxed) + *done;
	*f = *done = 0;
	if (worker == 0)
		bfsprog_live(&s->prog, s->depth, s->so_far + found, chunks, s->chunks);
}

/* Owner `me`'s chunks of the layer (pool_run index me), its inbox drained between them; worker 0
 * also draws the live progress line. */
static void run_owner(void *ctx, size_t i, int worker)
{
	struct expand_job *job = ctx;
	struct shared *s = job->s;
	const int me = (int)i;
	const uint64_t end = s->lo + s->own;
	uint64_t f = 0, done = 0;  /* not yet added to s->found and s->chunks_done */
	uint64_t k = 0, kstep = 1; /* owner c % owners expands chunk c */
	if (job->step == 1) {      /* every owners-th chunk, from me's first */
		k = ((uint64_t)me + s->owners - job->c0 % s->owners) % s->owners;
		kstep = (uint64_t)s->owners;
	}
	for (; k < job->n; k += kstep) {
		uint64_t c = job->c0 + k * job->step;
		if (kstep == 1 && c % (uint64_t)s->owners != (uint64_t)me)
			continue;
		uint64_t lo = s->lo + c * CHUNK_STATES, hi = lo + CHUNK_STATES;
		struct bfs_remote *rm = job->rm ? &job->rm[k] : NULL;
		if (rm)
			rm->n = rm->updates = 0;
		uint64_t got = 0;
		for (uint64_t b = lo; b < hi && b < end; b += BLOCK_STATES) /* the flagged blocks of the chunk */
			if (bfsact_take(&s->act, s->depth, (b - s->lo) >> BFSACT_SHIFT))
				got += expand_range(s, me, b, b + BLOCK_STATES < end ? b + BLOCK_STATES : end, rm);
		f += got;
		done++;
		if (bfsx_pending(&s->x, me))
			bfsx_drain(&s->x, me, apply_queued, s);
		if (got || done == 256) /* the shared counters once in 256 of the sparse layers' idle chunks */
			flush_counts(s, worker, &f, &done);
	}
	flush_counts(s, worker, &f, &done);
	bfsx_post_all(&s->x, me);
}

/* What the owners queued for owner i after it finished its chunks. */
static void drain_owner(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct shared *s = ctx;
	bfsx_drain(&s->x, (int)i, apply_queued, s);
}

uint64_t bfs_layer_chunks(const struct bfs_layer *L)
{
	return ((const struct shared *)(const void *)L)->chunks;
}

unsigned bfs_layer_depth(const struct bfs_layer *L)
{
	return ((const struct shared *)(const void *)L)->depth;
}

uint64_t bfs_expand(struct bfs_layer *L, uint64_t c0, uint64_t step, uint64_t n, struct bfs_remote *rm)
{
	struct shared *s = (struct shared *)(void *)L;
	uint64_t before = atomic_load(&s->found);
	struct expand_job job = { s, c0, step, n, rm };
	if (n > 0) {
		pool_run(s->opt->threads, (size_t)s->owners, run_owner, &job);
		int pending = 0;
		for (int u = 0; u < s->owners; u++)
			pending += bfsx_pending(&s->x, u);
		if (pending)
			pool_run(s->opt->threads, (size_t)s->owners, drain_owner, s);
	}
	return atomic_load(&s->found) - before;
}

void bfs_mark_own(struct bfs_layer *L, const uint64_t *j, size_t n)
{
	struct shared *s = (struct shared *)(void *)L;
	uint64_t nxt = 2 - (s->depth & 1);
	for (size_t i = 0; i < n; i++) { /* each word prefetched 16 marks ahead, as apply_queued */
		if (i + 16 < n)
			__builtin_prefetch((const void *)&s->bits[(j[i + 16] - s->lo) >> 5], 1, 0);
		mark(s, j[i] - s->lo, nxt);
	}
}

/* Layer d of one process: every chunk on the pool. */
static int layer_local(void *ctx, struct bfs_layer *L, uint64_t *found, struct slidetab_error *err)
{
	(void)ctx;
	(void)err;
	*found = bfs_expand(L, 0, 1, bfs_layer_chunks(L), NULL);
	return SLIDETAB_OK;
}

/* The layers from the goal (or from a checkpoint) until one is empty, with a checkpoint after each. */
static int run_layers(struct shared *s, const struct board_state *goal, struct bfs_result *res,
		      struct slidetab_error *err)
{
	const struct bfs_options *opt = s->opt;
	const struct bfs_part local = { 0, s->count, NULL, layer_local, NULL, 0, 1 },
			      *part = opt->part ? opt->part : &local;
	struct bfs_snapshot snap = { s->lo, s->lo + s->own, (uint64_t *)(void *)s->bits, s->entries, res->hist, 0 };
	int resumed = 0, rc = SLIDETAB_OK;
	if (opt->ckpt && (rc = opt->ckpt->resume(opt->ckpt->ctx, &snap, &resumed, err)) != SLIDETAB_OK)
		return rc;
	uint64_t goal_j = rank_state(&s->rk, goal), total = 0;
	if (!resumed && goal_j - s->lo < s->own)
		mark(s, goal_j - s->lo, 1);
	if (resumed && s->entries) { /* the done states' entries came from the checkpoint; others are unset */
		unsigned eor = 0;
		for (uint64_t i = 0; i < s->own; i++)
			if (((atomic_load_explicit(&s->bits[i >> 5], memory_order_relaxed) >> (i & 31) * 2) & 3) == 3)
				eor |= s->entries[i];
		atomic_store(&s->entries_or, eor);
	}
	bfsact_all(&s->act, snap.depth); /* the first layer (goal or checkpoint) scans all */
	for (unsigned d = 0; d < snap.depth; d++)
		total += res->hist[d];
	res->radius = snap.depth ? snap.depth - 1 : 0;
	bfsprog_start(&s->prog, opt->log, opt->live, s->count);
	for (unsigned d = snap.depth; d < TABLE_HIST_MAX; d++) {
		/* Layer d is counted as it is expanded: the frontier pairs the scan finds. */
		s->depth = d;
		s->so_far = total;
		atomic_store(&s->found, 0);
		atomic_store(&s->chunks_done, 0);
		uint64_t found = 0;
		bfsact_layer_start(&s->act, d ? res->hist[d - 1] : 0, s->count);
		if ((rc = part->layer(part->ctx, (struct bfs_layer *)(void *)s, &found, err)) != SLIDETAB_OK)
			return rc;
		if (atomic_load(&s->x.failed))
			return err_set(err, SLIDETAB_ENOMEM, "out of memory for the marks between threads (layer %u)",
				       d);
		bfsact_layer_end(&s->act, d);
		if (found == 0)
			break;
		res->hist[d] = found;
		res->radius = d;
		total += found;
		bfsprog_layer(&s->prog, d, found, total);
		snap.depth = d + 1;
		if (opt->ckpt && (rc = opt->ckpt->save(opt->ckpt->ctx, &snap, err)) != SLIDETAB_OK)
			return rc;
	}
	res->seconds = clock_now() - s->prog.t0;
	res->states = total;
	if (total != s->count)
		return err_set(err, SLIDETAB_EFORMAT, "search reached %llu states, expected %llu",
			       (unsigned long long)total, (unsigned long long)s->count);
	return SLIDETAB_OK;
}

int bfs_run(const struct board *b, const struct board_state *goal, const struct bfs_options *opt,
	    struct bfs_result *res, struct slidetab_error *err)
{
	memset(res, 0, sizeof *res);
	struct shared *s = calloc(1, sizeof *s);
	if (!s)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
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
	bfsseq_init(&s->sq, &s->rk, NULL);
	tables_init(s);
	s->lo = opt->part ? opt->part->lo : 0;
	s->own = opt->part ? opt->part->hi - opt->part->lo : s->count;
	s->wlo = s->lo / 32;
	uint64_t words = (s->own + 31) / 32;
	struct bigmem bits;
	bigmem_alloc(&bits, (words ? words : 1) * sizeof *s->bits); /* huge pages: fewer TLB misses on far updates */
	s->bits = (_Atomic uint64_t *)(void *)bits.p;
	if (!opt->count_only && opt->entry == TABLE_ENTRY_MOD4 && !opt->part && !opt->ckpt)
		s->packed = calloc(words ? words : 1, 4);
	else if (!opt->count_only) /* not on huge pages: measured slower (their first touch cost more) */
		s->entries = malloc(s->own ? s->own : 1);
	s->chunks = (s->own + CHUNK_STATES - 1) / CHUNK_STATES;
	s->owners = opt->threads > 1 ? opt->threads : 1;
	s->opow2 = (s->owners & (s->owners - 1)) == 0;
	int xok = bfsx_init(&s->x, s->owners) == 0;
	if (!s->bits || (!opt->count_only && !s->entries && !s->packed) ||
	    bfsact_init(&s->act, (s->own + BLOCK_STATES - 1) / BLOCK_STATES) != 0 || !xok) {
		unsigned long long need = words * 8 + (opt->count_only ? 0 : s->packed ? words * 4 : s->own);
		bfsx_free(&s->x);
		bfsact_free(&s->act);
		bigmem_free(&bits);
		free(s->entries);
		free(s->packed);
		free(s);
		return err_set(err, SLIDETAB_ENOMEM, "out of memory for the search (%llu bytes)", need);
	}
	res->working_bytes = words * 8;
	int rc = run_layers(s, goal, res, err);
	if (rc == SLIDETAB_OK && s->entries && opt->entry == TABLE_ENTRY_MDRES) {
		long eor = bfsmd_convert(&s->rk, (const uint8_t(*)[BOARD_MAX_CELLS])s->md, s->entries, s->lo, s->own,
					 opt->threads);
		if (eor < 0)
			rc = err_set(err, SLIDETAB_ENOMEM, "out of memory for the entries' conversion");
		atomic_store(&s->entries_or, (unsigned)(eor < 0 ? 0 : eor));
		res->seconds = clock_now() - s->prog.t0; /* the residues are part of the search's time */
	}
	res->entries = s->entries;
	res->packed = s->packed;
	res->entries_or = atomic_load(&s->entries_or);
	bfsx_free(&s->x);
	bfsact_free(&s->act);
	bigmem_free(&bits);
	free(s);
	if (rc != SLIDETAB_OK)
		bfs_result_free(res);
	return rc;
}

void bfs_result_free(struct bfs_result *res)
{
	free(res->entries);
	free(res->packed);
	res->entries = res->packed = NULL;
}
