/* SPDX-License-Identifier: Zlib */
/* bfsx: the marks one search thread makes for states another thread owns, queued in blocks.
 *
 * The search gives each of its threads the chunks c with c % owners == its number, and only the
 * owner reads or writes a chunk's 2-bit words during a layer, so every mark is a plain
 * load-OR-store, never a locked instruction (a locked OR waits for the store buffer to drain and
 * stalls on its cache miss; measured: a third of the hot loop's time). A mark for a state of
 * another owner is appended to a block for that owner; a full block is posted to the owner's
 * inbox, which the owner drains between its chunks. Nothing here blocks: a thread the system
 * refused only makes the inboxes longer until the layer's final drain. */
#ifndef SLIDETAB_BFSX_H
#define SLIDETAB_BFSX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define BFSX_BLOCK 8192 /* marks a block: 64 KiB */

struct bfsx_block {
	struct bfsx_block *next;
	size_t n;
	uint64_t j[BFSX_BLOCK];
};

struct bfsx_inbox {
	pthread_mutex_t mu;
	struct bfsx_block *head; /* posted blocks, any order */
	_Atomic int any;         /* head is not NULL: lets the owner look without the lock */
	char pad[64];            /* one inbox a cache line or more: owners poll their own */
};

struct bfsx {
	int owners;
	struct bfsx_inbox *in;   /* [owners] */
	struct bfsx_block **out; /* [producer * owners + consumer]: the block being filled, or NULL */
	pthread_mutex_t free_mu;
	struct bfsx_block *free; /* drained blocks, for reuse */
	_Atomic int failed;      /* a block could not be allocated: marks were lost, the layer must fail */
};

/* Returns 0, or -1 when out of memory (owners >= 1; with one owner nothing is ever queued). */
int bfsx_init(struct bfsx *x, int owners);
void bfsx_free(struct bfsx *x);

/* Posts producer p's block for consumer u (full, or none yet) and gives p an empty one; -1 (and
 * x->failed) when none can be had. */
int bfsx_post(struct bfsx *x, int p, int u);

/* Posts every non-empty block producer p holds (at the end of its share of a layer). */
void bfsx_post_all(struct bfsx *x, int p);

/* Queues state j (an index the owner u understands) from producer p. */
static inline void bfsx_push(struct bfsx *x, int p, int u, uint64_t j)
{
	struct bfsx_block **b = &x->out[p * x->owners + u];
	if ((!*b || (*b)->n == BFSX_BLOCK) && bfsx_post(x, p, u) != 0)
		return;
	(*b)->j[(*b)->n++] = j;
}

/* Calls apply(ctx, j, n) on every block posted to owner u so far, then recycles them. */
void bfsx_drain(struct bfsx *x, int u, void (*apply)(void *ctx, const uint64_t *j, size_t n), void *ctx);

/* Whether owner u's inbox holds a block (a cheap look before bfsx_drain). */
static inline int bfsx_pending(struct bfsx *x, int u)
{
	return atomic_load_explicit(&x->in[u].any, memory_order_acquire);
}

#endif
