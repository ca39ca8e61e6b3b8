/* SPDX-License-Identifier: Zlib */
/* refbfs: the tests' independent reference: a plain BFS over whole states in a hash map (no
 * ranking, no tables), against which tables, the library and the CLI are compared. */
#ifndef SLIDETAB_REFBFS_H
#define SLIDETAB_REFBFS_H

#include <stdint.h>
#include <stdlib.h>

#include "libslidetab/model/board.h"

/* Open-addressing map from a packed state (4 bits a cell) to its distance. */
struct dmap {
	uint64_t *keys;
	int16_t *vals;
	uint64_t mask;
};

static inline uint64_t pack(const struct board *b, const struct board_state *s)
{
	uint64_t k = 0;
	for (int c = 0; c < b->n; c++)
		k = k << 4 | s->t[c];
	return k + 1; /* 0 marks an empty slot */
}

static inline int16_t *slot(struct dmap *m, uint64_t key)
{
	uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20;
	for (;; h++) {
		uint64_t i = h & m->mask;
		if (m->keys[i] == key || m->keys[i] == 0) {
			m->keys[i] = key;
			return &m->vals[i];
		}
	}
}

static inline int dist_of(struct dmap *m, const struct board *b, const struct board_state *s)
{
	return *slot(m, pack(b, s));
}

static inline void plain_bfs(const struct board *b, const struct board_state *goal, struct dmap *m)
{
	uint64_t states = 1;
	for (int i = 3; i <= b->n; i++)
		states *= (uint64_t)i;
	uint64_t cap = 1;
	while (cap < states * 2)
		cap <<= 1;
	m->keys = calloc(cap, sizeof *m->keys);
	m->vals = malloc(cap * sizeof *m->vals);
	m->mask = cap - 1;
	struct board_state *q = malloc(states * sizeof *q);
	uint64_t head = 0, tail = 0;
	q[tail++] = *goal;
	*slot(m, pack(b, goal)) = 0;
	while (head < tail) {
		struct board_state s = q[head++];
		int d = dist_of(m, b, &s), blank = board_blank(b, &s);
		for (int dir = 0; dir < BOARD_NDIRS; dir++) {
			struct board_state t = s;
			int bl = blank;
			if (board_move(b, &t, &bl, (enum board_dir)dir))
				continue;
			uint64_t key = pack(b, &t);
			uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20;
			for (;; h++) {
				uint64_t i = h & m->mask;
				if (m->keys[i] == key)
					break;
				if (m->keys[i] == 0) {
					m->keys[i] = key;
					m->vals[i] = (int16_t)(d + 1);
					q[tail++] = t;
					break;
				}
			}
		}
	}
	free(q);
}

static inline void dmap_free(struct dmap *m)
{
	free(m->keys);
	free(m->vals);
}

#endif
