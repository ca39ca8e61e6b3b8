/* SPDX-License-Identifier: Zlib */
/* bfsact: which blocks of 4,096 states hold frontier states, so a layer scans only those.
 *
 * Two flag arrays, one byte per block, swap roles by depth parity: during layer d the workers
 * read (and clear, each the block it scans) flags[d & 1], and any mark that turns an unseen state
 * into "next" sets its block's byte in flags[(d + 1) & 1]. A block no mark reached in layer d has
 * no frontier in layer d + 1, so the sparse early and late layers skip almost the whole array.
 * Blocks are smaller than the search's chunks: in 2x7's layers of a few million states nearly
 * every 65,536-state chunk holds one, and scanning whole chunks read the whole 10.9 GB array
 * (measured: about 1 s a layer for 15 layers at each end). */
#ifndef SLIDETAB_BFSACT_H
#define SLIDETAB_BFSACT_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#define BFSACT_SHIFT 12 /* log2 of the states of a block */

struct bfsact {
	_Atomic uint8_t *flag[2];
	uint64_t blocks;
	int track; /* 0 in dense layers: marks set no flags, every block is flagged at the layer's end */
};

/* Returns 0, or -1 when out of memory. */
static inline int bfsact_init(struct bfsact *a, uint64_t blocks)
{
	a->flag[0] = calloc(blocks ? blocks : 1, 2);
	a->flag[1] = a->flag[0] ? a->flag[0] + (blocks ? blocks : 1) : NULL;
	a->blocks = blocks;
	a->track = 1;
	return a->flag[0] ? 0 : -1;
}

/* Before layer d, whose frontier grew out of a layer of `prev` states: a layer of more than
 * 1/64 of the states reaches nearly every block, so its marks skip the flag (a test and a branch
 * each) and every block is flagged at its end (bfsact_layer_end). A flag too many only costs the
 * scan of a block, so the guess needs no care. */
static inline void bfsact_layer_start(struct bfsact *a, uint64_t prev, uint64_t states)
{
	a->track = prev < states / 64;
}

static inline void bfsact_layer_end(struct bfsact *a, unsigned d)
{
	if (a->track)
		return;
	for (uint64_t c = 0; c < a->blocks; c++)
		atomic_store_explicit(&a->flag[(d + 1) & 1][c], 1, memory_order_relaxed);
}

static inline void bfsact_free(struct bfsact *a)
{
	free((void *)a->flag[0]);
}

/* Notes that state j joined the next layer of layer d (test first: most bytes are already set,
 * and a store to a shared line that holds them would bounce between cores). */
static inline void bfsact_mark(const struct bfsact *a, unsigned d, uint64_t j)
{
	if (!a->track)
		return;
	_Atomic uint8_t *f = &a->flag[(d + 1) & 1][j >> BFSACT_SHIFT];
	if (!atomic_load_explicit(f, memory_order_relaxed))
		atomic_store_explicit(f, 1, memory_order_relaxed);
}

/* Flags every block for layer d (a layer whose frontier is not known from marks). */
static inline void bfsact_all(const struct bfsact *a, unsigned d)
{
	for (uint64_t c = 0; c < a->blocks; c++)
		atomic_store_explicit(&a->flag[d & 1][c], 1, memory_order_relaxed);
}

/* Whether block c holds frontier states of layer d; clears the flag (only c's scanner does). */
static inline int bfsact_take(const struct bfsact *a, unsigned d, uint64_t c)
{
	_Atomic uint8_t *f = &a->flag[d & 1][c];
	if (!atomic_load_explicit(f, memory_order_relaxed))
		return 0;
	atomic_store_explicit(f, 0, memory_order_relaxed);
	return 1;
}

#endif
