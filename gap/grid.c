/* SPDX-License-Identifier: Zlib */
/* grid: the solver's working grid: internal cell and card numbers, the 120-bit state key, one move. */
#include "gap/grid.h"

#include <string.h>

/* The card number (12..47) of card k. */
static int card_number(int k)
{
	return (k / 8 + 1) * 10 + k % 8 + 2;
}

/* Card index of a card number, or GAP_NO_CARD for aces and non-cards. */
static int card_index(int number)
{
	int suit = number / 10, value = number % 10;

	if (suit < 1 || suit > 4 || value < 2 || value > 7)
		return GAP_NO_CARD;
	return (suit - 1) * 8 + value - 2;
}

static void grid_clear(struct gap_grid *g)
{
	memset(g->at, GAP_NO_CARD, sizeof g->at);
	memset(g->pos, GAP_NO_CARD, sizeof g->pos);
	g->gaps = GAP_CARDS | GAP_CARDS << 1; /* every cell */
	g->misplaced = 0;
}

static void grid_place(struct gap_grid *g, int k, int cell)
{
	g->pos[k] = (signed char)cell;
	g->at[cell] = (signed char)k;
	g->gaps &= ~gap_bit(cell);
	g->misplaced |= cell != k ? gap_bit(k) : 0;
}

void gap_grid_from_layout(struct gap_grid *g, const struct gap_layout *l)
{
	grid_clear(g);
	for (int row = 0; row < GAP_ROWS; row++)
		for (int i = 0; i < GAP_COLS - 1; i++) {
			int k = card_index(l->cell[row][i + 1]);
			if (k != GAP_NO_CARD)
				grid_place(g, k, 8 * row + i);
		}
}

struct gap_key gap_grid_key(const struct gap_grid *g)
{
	struct gap_key key = { { 0, 0, 0, 0 } };

	for (uint32_t m = GAP_CARDS; m; m &= m - 1)
		gap_key_set(&key, gap_lowest(m), g->pos[gap_lowest(m)]);
	return key;
}

struct gap_move gap_move_between(const struct gap_key *parent, const struct gap_key *child)
{
	struct gap_move mv = { 0, 0, 0, 0, 0 };

	for (uint32_t m = GAP_CARDS; m; m &= m - 1) {
		int k = gap_lowest(m), from = gap_key_get(parent, k), to = gap_key_get(child, k);
		if (from != to) {
			mv.card = (unsigned char)card_number(k);
			mv.from_row = (unsigned char)(from / 8 + 1);
			mv.from_col = (unsigned char)(from % 8 + 2);
			mv.row = (unsigned char)(to / 8 + 1);
			mv.col = (unsigned char)(to % 8 + 2);
		}
	}
	return mv;
}
