/* SPDX-License-Identifier: Zlib */
/* twobit: the breadth-first search of the 1-bit pattern databases, 2 bits a state (Korf's two-bit BFS). */
#ifndef SLIDETAB_TWOBIT_H
#define SLIDETAB_TWOBIT_H

#include <stddef.h>
#include <stdint.h>

#include "gen/pdb/pdbgeo.h"
#include "libslidetab/base/bigmem.h"
#include "libslidetab/table/format.h"

/*
 * The states of a search are numbered 0..count-1 (a table's entries: placements for pbit,
 * (placement, blank region) for zbit). Each has 2 bits: UNSEEN, DONE (expanded), or reached at the
 * depth of the parents or of the children of the round (TWOBIT_MARK(d) alternates between 1 and 2),
 * 32 a 64-bit word, low bits first. A round scans the chunks (PDBGEN_CHUNK states) that hold a
 * parent, turns each parent DONE and hands it to the builder's expand, which sets the parent's
 * output bit ((d - md) / 2) & 1 (twobit_entry) and pushes its children (twobit_push); a child
 * still UNSEEN becomes TWOBIT_MARK(d + 1) (one atomic AND; a racing worker writes the same value
 * and counts nothing). The output is written as each depth closes, in the bytes of the chunk
 * being scanned, which its worker alone writes; so the bytes do not depend on the thread count.
 *
 * Memory: count / 4 bytes of states plus count / 8 of output, and a byte a chunk twice.
 */

#define TWOBIT_UNSEEN    3u
#define TWOBIT_DONE      0u
#define TWOBIT_MARK(d)   (1u + (unsigned)(d) % 2u)
#define TWOBIT_RING      32 /* children in flight: their words prefetched, not yet looked at */
#define TWOBIT_PER_WORD  32 /* 2-bit states in a 64-bit word */
#define TWOBIT_FIELD_LOW UINT64_C(0x5555555555555555)

struct twobit {
	uint64_t count, nchunks;
	int depth;        /* the parents' in this round */
	uint64_t *st;     /* the 2-bit states */
	uint8_t *out;     /* the entries, malloc'd (handed to the caller at the end) */
	uint8_t *flag[2]; /* per chunk: holds a state of the parents' / children's depth */
	struct bigmem mst, mflag[2];
};

struct twobit_worker {
	struct twobit *t;
	void *scratch;  /* the builder's per-worker state */
	uint64_t found; /* states first reached in this round */
	uint64_t ring[TWOBIT_RING];
	unsigned head, tail;
	char pad[64]; /* the next worker's fields on other cache lines: each is written a child */
};

/* threads workers of t, worker i's scratch at scratch + i * size (calloc'd; NULL when out of
 * memory; the caller frees it). */
struct twobit_worker *twobit_workers(struct twobit *t, int threads, void *scratch, size_t size);

/* Expands parent r (a state of depth t->depth) on worker wk. */
typedef void twobit_expand_fn(void *ctx, struct twobit_worker *wk, uint64_t r);

/* The bytes twobit_init takes for count states (the builder adds its own). */
uint64_t twobit_bytes(uint64_t count);

/* The memory of count states, every state UNSEEN but the goal's (depth 0), output zeroed.
 * SLIDETAB_OK or SLIDETAB_ENOMEM (a message naming who in err). */
int twobit_init(struct twobit *t, uint64_t count, uint64_t goal, const char *who, struct slidetab_error *err);
void twobit_free(struct twobit *t);

/* Rounds from the goal until one reaches nothing new on `threads` workers (ws[threads], each
 * with t and scratch set): m->hist, m->radius; *reached the states reached. SLIDETAB_OK, or
 * SLIDETAB_EFORMAT past TABLE_HIST_MAX depths. */
int twobit_run(struct twobit *t, struct twobit_worker *ws, int threads, twobit_expand_fn *expand, void *ctx,
	       struct table_meta *m, uint64_t *reached, const char *who, struct slidetab_error *err);

/* The finished table: entry and ranking as given, 1-bit entries in a raw payload, the output
 * handed to *packed (the caller's to free); m's other fields are pdbgeo_meta's and twobit_run's. */
void twobit_take(struct twobit *t, struct table_meta *m, uint32_t entry, uint32_t ranking, uint8_t **packed);

/* A child whose word was prefetched: marked at depth + 1 when not seen yet. */
static inline void twobit_visit(struct twobit_worker *wk, uint64_t r)
{
	struct twobit *t = wk->t;
	uint64_t *w = &t->st[r / TWOBIT_PER_WORD];
	unsigned sh = (unsigned)(r % TWOBIT_PER_WORD) * 2;
	if ((__atomic_load_n(w, __ATOMIC_RELAXED) >> sh & 3u) != TWOBIT_UNSEEN)
		return;
	uint64_t nv = TWOBIT_MARK(t->depth + 1);
	uint64_t old = __atomic_fetch_and(w, ~((TWOBIT_UNSEEN ^ nv) << sh), __ATOMIC_RELAXED);
	if ((old >> sh & 3u) != TWOBIT_UNSEEN)
		return;
	wk->found++;
	uint8_t *f = &t->flag[1][r >> PDBGEN_CHUNK_SHIFT];
	if (!__atomic_load_n(f, __ATOMIC_RELAXED)) /* no store when set: no line ping-pong */
		__atomic_store_n(f, 1, __ATOMIC_RELAXED);
}

/* Child r of the parent being expanded: prefetched now, looked at TWOBIT_RING children later. */
static inline void twobit_push(struct twobit_worker *wk, uint64_t r)
{
	__builtin_prefetch(&wk->t->st[r / TWOBIT_PER_WORD], 1);
	if (wk->tail - wk->head == TWOBIT_RING)
		twobit_visit(wk, wk->ring[wk->head++ % TWOBIT_RING]);
	wk->ring[wk->tail++ % TWOBIT_RING] = r;
}

/* The output bit of parent r, whose pattern Manhattan sum is md: ((d - md) / 2) & 1 (zeroed
 * entries: only ones are written; the chunk's worker alone writes its bytes). */
static inline void twobit_entry(const struct twobit *t, uint64_t r, int md)
{
	if (((unsigned)(t->depth - md) >> 1) & 1u)
		t->out[r >> 3] |= (uint8_t)(1u << (r & 7));
}

#endif
