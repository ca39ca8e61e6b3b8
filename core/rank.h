/* rank: a perfect hash of the states reachable from a goal onto [0, n!/2), and its inverse.
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

#include "board.h"

#define RANK_MAX_CELLS 20 /* (n-1)!/2 * n must fit in 64 bits */

struct rank_ctx {
	int n, cols, m;       /* cells, columns, tiles (m = n - 1) */
	int parity0;          /* seq parity required with the blank in row 0 */
	uint64_t w[RANK_MAX_CELLS]; /* w[i] = (m-1-i)!/2, weight of digit i, for i < m-2 */
	uint64_t seqs;        /* m!/2 */
	uint64_t count;       /* n!/2 reachable states */
};

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

/* Fills seq (m tiles) from a half rank and the required parity. */
void rank_unseq(const struct rank_ctx *r, uint64_t h, int parity, uint8_t *seq);

/* Index of a reachable state (the caller guarantees it is reachable). */
uint64_t rank_state(const struct rank_ctx *r, const struct board_state *s);

/* State of an index < count. */
void rank_unrank(const struct rank_ctx *r, uint64_t index, struct board_state *s);

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
