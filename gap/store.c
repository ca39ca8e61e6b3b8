/* SPDX-License-Identifier: Zlib */
/* store: the Gap search's memory, all counted against one cap: stored nodes, their hash index, the open list. */
#include "gap/store.h"

#include <stdlib.h>
#include <string.h>

/* Allocates bytes (zeroed when zero is set) within the cap. */
static void *store_alloc(struct gap_store *s, size_t bytes, int zero)
{
	void *p;

	if (bytes > s->limit || s->used > s->limit - bytes) {
		s->over = 1;
		return NULL;
	}
	p = zero ? calloc(1, bytes) : malloc(bytes);
	if (!p) {
		s->nomem = 1;
		return NULL;
	}
	s->used += bytes;
	if (s->used > s->peak)
		s->peak = s->used;
	return p;
}

static void store_release(struct gap_store *s, void *p, size_t bytes)
{
	if (p) {
		free(p);
		s->used -= bytes;
	}
}

/*
 * Grows an array of old_cap elements to new_cap, zeroing the new part (old and new both live while
 * copying, as counted). Returns the new array (the old one is freed), or NULL (the old one kept).
 */
static void *store_grow(struct gap_store *s, void *arr, size_t elem, size_t old_cap, size_t new_cap)
{
	void *p = store_alloc(s, elem * new_cap, 1);

	if (!p)
		return NULL;
	if (arr)
		memcpy(p, arr, elem * old_cap);
	store_release(s, arr, elem * old_cap);
	return p;
}

int gap_store_init(struct gap_store *s, size_t limit, int base_f)
{
	memset(s, 0, sizeof *s);
	s->limit = limit;
	s->free_entry = GAP_NIL;
	s->base_f = base_f;
	s->isize = 1024;
	s->index = store_alloc(s, sizeof *s->index * s->isize, 1);
	return s->index ? 0 : -1;
}

void gap_store_free(struct gap_store *s)
{
	store_release(s, s->open, sizeof *s->open * s->nopen);
	store_release(s, s->pool, sizeof *s->pool * s->pool_cap);
	for (size_t c = 0; c < s->nchunks; c++)
		store_release(s, s->chunks[c], sizeof(struct gap_node) * GAP_CHUNK_NODES);
	store_release(s, s->chunks, sizeof *s->chunks * s->chunk_cap);
	store_release(s, s->index, sizeof *s->index * s->isize);
}

static uint64_t key_hash(const struct gap_key *k)
{
	uint64_t lo = (uint64_t)k->w[1] << 32 | k->w[0], hi = (uint64_t)k->w[3] << 32 | k->w[2];
	uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;

	return h ^ (h >> 29);
}

static int key_eq(const struct gap_key *a, const struct gap_key *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

/* Index slot of key (with that hash): the one holding it, or the empty one where it would go. */
static size_t index_slot(const struct gap_store *s, const struct gap_key *key, uint64_t hash)
{
	size_t mask = s->isize - 1, i = (size_t)hash & mask;
	uint32_t tag = (uint32_t)(hash >> 32);

	for (; s->index[i]; i = (i + 1) & mask)
		if ((uint32_t)(s->index[i] >> 32) == tag &&
		    key_eq(&gap_node_at(s, (uint32_t)s->index[i] - 1)->key, key))
			break;
	return i;
}

static int index_grow(struct gap_store *s)
{
	size_t old_size = s->isize;
	uint64_t *old = s->index;

	s->index = store_alloc(s, sizeof *s->index * old_size * 2, 1);
	if (!s->index) {
		s->index = old;
		return -1;
	}
	s->isize = old_size * 2;
	for (size_t i = 0; i < old_size; i++) {
		if (old[i]) {
			const struct gap_key *key = &gap_node_at(s, (uint32_t)old[i] - 1)->key;
			s->index[index_slot(s, key, key_hash(key))] = old[i];
		}
	}
	store_release(s, old, sizeof *old * old_size);
	return 0;
}

/* Appends a node (not yet in the index). Returns its index or GAP_NIL. */
static uint32_t node_new(struct gap_store *s, const struct gap_key *key, uint32_t parent, int g, int h)
{
	struct gap_node *n;

	if (s->count >= (size_t)GAP_NIL - 1) {
		s->over = 1;
		return GAP_NIL;
	}
	if (s->count % GAP_CHUNK_NODES == 0) {
		size_t c = s->count / GAP_CHUNK_NODES;
		if (c == s->chunk_cap) {
			struct gap_node **chunks = store_grow(s, s->chunks, sizeof *chunks, s->chunk_cap, 2 * c + 8);
			if (!chunks)
				return GAP_NIL;
			s->chunks = chunks;
			s->chunk_cap = 2 * c + 8;
		}
		s->chunks[c] = store_alloc(s, sizeof(struct gap_node) * GAP_CHUNK_NODES, 0);
		if (!s->chunks[c])
			return GAP_NIL;
		s->nchunks = c + 1;
	}
	n = gap_node_at(s, (uint32_t)s->count);
	n->key = *key;
	n->parent = parent;
	n->g = (uint16_t)g;
	n->h = (uint8_t)h;
	n->closed = 0;
	return (uint32_t)s->count++;
}

/* Makes room for bucket b in the open list. Returns 0 or -1. */
static int open_reserve(struct gap_store *s, size_t b)
{
	size_t n = s->nopen ? s->nopen : GAP_H_BUCKETS * 4, old = s->nopen;
	uint32_t *open;

	if (b < s->nopen)
		return 0;
	while (n <= b)
		n *= 2;
	if (!(open = store_grow(s, s->open, sizeof *open, s->nopen, n)))
		return -1;
	s->open = open;
	s->nopen = n;
	for (size_t i = old; i < n; i++)
		s->open[i] = GAP_NIL;
	return 0;
}

/* A free open-list entry, or GAP_NIL. */
static uint32_t entry_new(struct gap_store *s)
{
	uint32_t e = s->free_entry;

	if (e != GAP_NIL) {
		s->free_entry = s->pool[e].next;
		return e;
	}
	if (s->npool == s->pool_cap) {
		size_t cap = s->pool_cap ? 2 * s->pool_cap : 256;
		struct gap_entry *pool;
		if (cap >= GAP_NIL || !(pool = store_grow(s, s->pool, sizeof *pool, s->pool_cap, cap))) {
			s->over |= cap >= GAP_NIL;
			return GAP_NIL;
		}
		s->pool = pool;
		s->pool_cap = cap;
	}
	return (uint32_t)s->npool++;
}

static int open_push(struct gap_store *s, uint32_t idx, int g, int h)
{
	size_t b = gap_bucket_of(s, g, h);
	uint32_t e;

	if (open_reserve(s, b) < 0 || (e = entry_new(s)) == GAP_NIL)
		return -1;
	s->pool[e].node = idx;
	s->pool[e].next = s->open[b];
	s->open[b] = e;
	if (b < s->cur)
		s->cur = b;
	return 0;
}

uint32_t gap_store_pop(struct gap_store *s, size_t *bucket)
{
	for (; s->cur < s->nopen; s->cur++) {
		uint32_t e = s->open[s->cur];
		if (e != GAP_NIL) {
			*bucket = s->cur;
			s->open[s->cur] = s->pool[e].next;
			s->pool[e].next = s->free_entry;
			s->free_entry = e;
			return s->pool[e].node;
		}
	}
	return GAP_NIL;
}

int gap_store_visit(struct gap_store *s, const struct gap_key *key, uint32_t parent, int g, int h, uint32_t movable)
{
	uint64_t hash = key_hash(key);
	size_t slot;
	uint32_t idx;

	if ((s->count + 1) * 10 > s->isize * 7 && index_grow(s) < 0)
		return -1;
	slot = index_slot(s, key, hash);
	if (s->index[slot]) {
		struct gap_node *n = gap_node_at(s, (idx = (uint32_t)s->index[slot] - 1));
		n->movable &= movable; /* both bounds hold */
		if (g >= n->g)
			return 0;
		n->g = (uint16_t)g; /* only an inconsistent bound can get here */
		n->parent = parent;
		n->closed = 0;
		return open_push(s, idx, g, h);
	}
	idx = node_new(s, key, parent, g, h);
	if (idx == GAP_NIL)
		return -1;
	gap_node_at(s, idx)->movable = movable;
	s->index[slot] = (hash >> 32 << 32) | (idx + 1);
	return open_push(s, idx, g, h);
}
