/* SPDX-License-Identifier: Zlib */
/* store: the Gap search's memory, all counted against one cap: stored nodes, their hash index, the open list. */
#ifndef SLIDETAB_GAP_STORE_H
#define SLIDETAB_GAP_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "gap/grid.h"

enum {
	GAP_H_BUCKETS = 48,   /* open-list sub-buckets per f value, by h (h <= 24 + 4 * 5) */
	GAP_CHUNK_NODES = 256 /* nodes per chunk */
};

#define GAP_NIL UINT32_MAX /* no node, no entry */

/* A stored state: 28 bytes. */
struct gap_node {
	struct gap_key key; /* the layout */
	uint32_t parent;    /* node it was best reached from, GAP_NIL for the start */
	uint32_t movable;   /* cards that may move, as found for the parent: contains this node's */
	uint16_t g;         /* moves from the start */
	uint8_t h;          /* lower bound on the moves left */
	uint8_t closed;     /* expanded */
};

/* An open-list entry: a node, and the next entry of the same bucket (a stack). */
struct gap_entry {
	uint32_t node, next;
};

struct gap_store {
	size_t limit, used, peak; /* bytes: the cap, in use now, most in use at once */
	int over, nomem;          /* the cap was hit / malloc failed */
	struct gap_node **chunks; /* nodes, GAP_CHUNK_NODES per chunk (chunks never move) */
	size_t nchunks, chunk_cap;
	size_t count;    /* nodes stored */
	uint64_t *index; /* open addressing: hash high half << 32 | node index + 1; 0 = empty */
	size_t isize;
	uint32_t *open;         /* first entry of bucket (f - base_f) * GAP_H_BUCKETS + h, or GAP_NIL */
	size_t nopen, cur;      /* buckets, and the first that may be non-empty */
	struct gap_entry *pool; /* open-list entries; popped ones are chained from free_entry */
	size_t npool, pool_cap;
	uint32_t free_entry;
	int base_f; /* the start's bound; smaller f values are raised to it */
};

/* An empty store with a cap of `limit` bytes whose open list starts at f = base_f. Returns 0, or
 * -1 when even the first index does not fit (s->over or s->nomem says which). */
int gap_store_init(struct gap_store *s, size_t limit, int base_f);

/* Frees everything (peak and count stay readable). */
void gap_store_free(struct gap_store *s);

static inline struct gap_node *gap_node_at(const struct gap_store *s, uint32_t idx)
{
	return &s->chunks[idx / GAP_CHUNK_NODES][idx % GAP_CHUNK_NODES];
}

/*
 * Open-list bucket of a node: by f = g + h, then h. An f below the start's bound (possible because
 * the bound is not consistent) is raised to it, which keeps every node of an optimal path at or
 * below the optimal cost, so the first goal popped is still optimal.
 */
static inline size_t gap_bucket_of(const struct gap_store *s, int g, int h)
{
	int f = g + h;

	return (size_t)(f > s->base_f ? f - s->base_f : 0) * GAP_H_BUCKETS + (size_t)h;
}

/* Records (or improves) a state reached with g moves and puts it on the open list. Returns 0, or
 * -1 when memory runs out (s->over or s->nomem). */
int gap_store_visit(struct gap_store *s, const struct gap_key *key, uint32_t parent, int g, int h, uint32_t movable);

/* Pops a node with the least f (then least h) and its bucket, or returns GAP_NIL when the open
 * list is empty. The entry may be stale: the node may be closed or in another bucket by now. */
uint32_t gap_store_pop(struct gap_store *s, size_t *bucket);

#endif
