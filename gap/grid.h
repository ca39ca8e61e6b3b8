/* SPDX-License-Identifier: Zlib */
/* grid: the solver's working grid: internal cell and card numbers, the 120-bit state key, one move. */
#ifndef SLIDETAB_GAP_GRID_H
#define SLIDETAB_GAP_GRID_H

#include <stdint.h>
#include <string.h>

#include "gap/layout.h"

/*
 * Internal numbering. The aces never move (no card precedes them), so only columns 2..8 matter.
 * Cell c = 8 * row + i is row `row` (0-based), column i + 2, for i = 0..6; numbers with
 * c % 8 == 7 are no cell, which keeps the rows apart in bit masks. The 24 movable cards (values
 * 2..7) are k = 8 * (suit - 1) + (value - 2), so card k's home is cell k, the card left of cell c
 * is in cell c - 1 (the row's ace when c % 8 == 0, whose successor is card c), and the goal's gaps
 * are the cells with c % 8 == 6.
 */
enum {
	GAP_NSLOTS = 32,  /* cell and card numbers are below this */
	GAP_LAST_COL = 6, /* c % 8 of column 8 */
	GAP_SEVEN = 5,    /* k % 8 of a value-7 card */
	GAP_NO_CARD = -1
};

#define GAP_CARDS 0x3F3F3F3Fu /* bit k set for every card k */

struct gap_grid {
	signed char at[GAP_NSLOTS];  /* card in each cell, GAP_NO_CARD for a gap (and for non-cells) */
	signed char pos[GAP_NSLOTS]; /* cell of each card */
	uint32_t gaps;               /* bit c set when cell c is a gap */
	uint32_t misplaced;          /* bit k set when card k is not home */
};

/* The key packs the cell (5 bits) of each card: word s holds suit s + 1, values 2..7 upwards. */
struct gap_key {
	uint32_t w[GAP_ROWS];
};

/* The helpers below run in the search's inner loops: static inline, so that every file of the
 * solver gets them inlined. */

static inline uint32_t gap_bit(int i)
{
	return (uint32_t)1 << i;
}

/* The lowest set bit of a non-zero set (a GCC/Clang builtin; the one non-standard piece). */
static inline int gap_lowest(uint32_t set)
{
	return __builtin_ctz(set);
}

static inline void gap_key_set(struct gap_key *key, int k, int cell)
{
	uint32_t *w = &key->w[k / 8];
	int shift = k % 8 * 5;

	*w = (*w & ~((uint32_t)31 << shift)) | ((uint32_t)cell << shift);
}

static inline int gap_key_get(const struct gap_key *key, int k)
{
	return (int)((key->w[k / 8] >> (k % 8 * 5)) & 31);
}

/* The cell card k moves into (right of its predecessor), or -1 when that is off the board. */
static inline int gap_destination(const struct gap_grid *g, int k)
{
	int p;

	if (k % 8 == 0)
		return k; /* right of the ace */
	p = g->pos[k - 1];
	return p % 8 == GAP_LAST_COL ? -1 : p + 1;
}

/* Moves card k into the gap `to`. */
static inline void gap_grid_move(struct gap_grid *g, int k, int to)
{
	int from = g->pos[k];

	g->at[from] = GAP_NO_CARD;
	g->gaps ^= gap_bit(from) | gap_bit(to);
	g->at[to] = (signed char)k;
	g->pos[k] = (signed char)to;
	g->misplaced = (g->misplaced & ~gap_bit(k)) | (to != k ? gap_bit(k) : 0);
}

/* The grid a key stands for (once per expanded node). */
static inline void gap_grid_from_key(struct gap_grid *g, const struct gap_key *key)
{
	uint32_t used = 0, mis = 0;

	memset(g->at, GAP_NO_CARD, sizeof g->at); /* pos[] of non-cards is never read */
	for (int suit = 0; suit < GAP_ROWS; suit++) {
		uint32_t w = key->w[suit];
		int k = 8 * suit;
		for (int i = 0; i < 6; i++, k++, w >>= 5) {
			int cell = (int)(w & 31);
			g->pos[k] = (signed char)cell;
			g->at[cell] = (signed char)k;
			used |= gap_bit(cell);
			mis |= (uint32_t)(cell != k) << k;
		}
	}
	g->gaps = (GAP_CARDS | GAP_CARDS << 1) & ~used;
	g->misplaced = mis;
}

/* The grid of a valid layout (see gap_layout_check). */
void gap_grid_from_layout(struct gap_grid *g, const struct gap_layout *l);

/* The key of a grid. */
struct gap_key gap_grid_key(const struct gap_grid *g);

/* The move from parent to child (keys one move apart): the one card whose cell differs. */
struct gap_move gap_move_between(const struct gap_key *parent, const struct gap_key *child);

#endif
