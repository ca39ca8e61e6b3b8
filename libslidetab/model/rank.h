/* SPDX-License-Identifier: Zlib */
/* rank: a perfect hash of the states reachable from a goal onto [0, n!/2) (its inverse: gen/exact/unrank.h).
 *
 * Ordering: index = half_rank(seq) * n + blank, where seq lists the tiles cell by cell with the
 * blank skipped. A horizontal move leaves seq unchanged, so it moves the index by exactly +-1:
 * half of all neighbour updates in the BFS touch the same 64-bit word or the next one. A vertical
 * move rotates C entries of seq; the rank changes only in the digits from the blank's row on, so
 * moves near the bottom of the board stay near in memory too. Reachable states of one blank cell
 * have one seq parity (C odd: the same for all cells; C even: it flips with the blank's row),
 * and a lexicographic rank taken over the first m-2 of the m tiles (the last two follow from the
 * parity) numbers exactly those (m!/2 of them) without gaps. */
#ifndef SLIDETAB_RANK_H
#define SLIDETAB_RANK_H

#include <stdint.h>

#include "libslidetab/model/board.h"

#define RANK_MAX_CELLS 20 /* (n-1)!/2 * n must fit in 64 bits */

struct rank_ctx {
	int n, cols, m;             /* cells, columns, tiles (m = n - 1) */
	int parity0;                /* seq parity required with the blank in row 0 */
	uint64_t w[RANK_MAX_CELLS]; /* w[i] = (m-1-i)!/2, weight of digit i, for i < m-2 */
	uint64_t seqs;              /* m!/2 */
	uint64_t count;             /* n!/2 reachable states */
	int bmi2;                   /* the CPU has PDEP: unranking (gen/exact/unrank.c) uses it */
};

/* n!/2: the number of states of an n-cell board that can reach a given goal (n <= 20). */
static inline uint64_t rank_states(int n)
{
	uint64_t states = 1;
	for (int i = 3; i <= n; i++)
		states *= (uint64_t)i;
	return states;
}

/* Prepares ranking for the states that can reach `goal`. Returns 0, or -1 when n > 20. */
int rank_init(struct rank_ctx *r, const struct board *b, const struct board_state *goal);

/* Seq parity required for states with the blank at `blank`. */
static inline int rank_seq_parity(const struct rank_ctx *r, int blank)
{
	return r->parity0 ^ ((r->cols & 1) ? 0 : (blank / r->cols) & 1);
}

/* Half rank of a sequence of the m tiles 1..m (any values 1..m, each once). */
static inline uint64_t rank_seq(const struct rank_ctx *r, const uint8_t *seq)
{
	uint32_t seen = 0;
	uint64_t h = 0;
	for (int i = 0; i < r->m - 2; i++) {
		uint32_t below = (1u << seq[i]) - 1;
		/* digit = tiles smaller than seq[i] that are still unused */
		unsigned d = (unsigned)(seq[i] - 1 - __builtin_popcount(seen & below));
		h += d * r->w[i];
		seen |= 1u << seq[i];
	}
	return h;
}

/* Partial sums of a seq's rank digits, so that a vertical move re-ranks only the digits it changes. */
struct rank_prefix {
	int upto; /* h[0..upto] and seen[0..upto] are valid */
	uint64_t h[RANK_MAX_CELLS + 1];
	uint32_t seen[RANK_MAX_CELLS + 1];
};

/* Starts the prefix sums of a new seq; they are filled on demand by rank_after_vertical. */
static inline void rank_prefix_init(struct rank_prefix *p)
{
	p->upto = 0;
	p->h[0] = 0;
	p->seen[0] = 0;
}

static inline void rank_prefix_extend(const struct rank_ctx *r, const uint8_t *seq, struct rank_prefix *p, int to)
{
	for (int k = p->upto; k < to; k++) {
		unsigned d = (unsigned)(seq[k] - 1 - __builtin_popcount(p->seen[k] & ((1u << seq[k]) - 1)));
		p->h[k + 1] = p->h[k] + d * r->w[k];
		p->seen[k + 1] = p->seen[k] | 1u << seq[k];
	}
	if (to > p->upto)
		p->upto = to;
}

/* Applies to seq the blank's vertical move from cell `blank` to cell `to`: the tile at `to`
 * jumps over the cols-1 tiles between them. */
static inline void rank_seq_vertical(uint8_t *seq, int blank, int to)
{
	if (to < blank) { /* up: the tile at seq[to] moves to seq[blank-1] */
		uint8_t t = seq[to];
		for (int k = to; k < blank - 1; k++)
			seq[k] = seq[k + 1];
		seq[blank - 1] = t;
	} else { /* down: the tile at seq[to-1] moves to seq[blank] */
		uint8_t t = seq[to - 1];
		for (int k = to - 1; k > blank; k--)
			seq[k] = seq[k - 1];
		seq[blank] = t;
	}
}

/* Seq rank after the vertical move blank -> to, given seq and its prefix sums (O(n - row)). */
static inline uint64_t rank_after_vertical(const struct rank_ctx *r, const uint8_t *seq, struct rank_prefix *p,
					   int blank, int to)
{
	uint8_t tmp[RANK_MAX_CELLS];
	int first = to < blank ? to : blank; /* digits before this are unchanged */
	if (first > r->m - 2)
		first = r->m - 2;
	rank_prefix_extend(r, seq, p, first);
	for (int k = first; k < r->m; k++)
		tmp[k] = seq[k];
	rank_seq_vertical(tmp, blank, to);
	uint64_t h = p->h[first];
	uint32_t seen = p->seen[first];
	for (int k = first; k < r->m - 2; k++) {
		h += (uint64_t)(tmp[k] - 1 - __builtin_popcount(seen & ((1u << tmp[k]) - 1))) * r->w[k];
		seen |= 1u << tmp[k];
	}
	return h;
}

/* Index of a reachable state (the caller guarantees it is reachable). */
uint64_t rank_state(const struct rank_ctx *r, const struct board_state *s);

/* Seq of a state (tiles cell by cell, blank skipped); returns the blank cell. */
static inline int rank_state_seq(const struct rank_ctx *r, const struct board_state *s, uint8_t *seq)
{
	int blank = -1, k = 0;
	for (int c = 0; c < r->n; c++) {
		if (s->t[c])
			seq[k++] = s->t[c];
		else
			blank = c;
	}
	return blank;
}

#endif
