/* SPDX-License-Identifier: Zlib */
/* board: geometry of an RxC sliding-tile board, states, moves, parsing and the solvability rule. */
#include "libslidetab/model/board.h"

#include <stdlib.h>
#include <string.h>

int board_init(struct board *b, int rows, int cols)
{
	/* Each side is bounded before the product is formed, so no rows * cols overflows. */
	if (rows < 2 || cols < 2 || rows > BOARD_MAX_SIDE || cols > BOARD_MAX_SIDE || rows * cols > BOARD_MAX_CELLS)
		return -1;
	b->rows = rows;
	b->cols = cols;
	b->n = rows * cols;
	for (int c = 0; c < BOARD_MAX_CELLS; c++)
		for (int d = 0; d < BOARD_NDIRS; d++)
			b->nbr[c][d] = -1;
	for (int c = 0; c < b->n; c++) {
		int r = c / cols, k = c % cols;
		b->nbr[c][BOARD_D] = (int8_t)(r + 1 < rows ? c + cols : -1);
		b->nbr[c][BOARD_U] = (int8_t)(r > 0 ? c - cols : -1);
		b->nbr[c][BOARD_L] = (int8_t)(k > 0 ? c - 1 : -1);
		b->nbr[c][BOARD_R] = (int8_t)(k + 1 < cols ? c + 1 : -1);
	}
	return 0;
}

/* "RxC" with R, C >= 2 and R*C <= max. */
void board_goal(const struct board *b, int blank, struct board_state *g)
{
	memset(g, 0, sizeof *g);
	int t = 1;
	for (int c = 0; c < b->n; c++)
		g->t[c] = (uint8_t)(c == blank ? 0 : t++);
}

int board_blank(const struct board *b, const struct board_state *s)
{
	for (int c = 0; c < b->n; c++)
		if (s->t[c] == 0)
			return c;
	return -1;
}

int board_valid(const struct board *b, const struct board_state *s)
{
	uint32_t seen = 0;
	for (int c = 0; c < b->n; c++) {
		if (s->t[c] >= b->n || (seen >> s->t[c] & 1))
			return 0;
		seen |= 1u << s->t[c];
	}
	return 1;
}

/* The parity of s as a permutation, and the blank's cell, in one pass. */
static int parity_blank(const struct board *b, const struct board_state *s, int *blank)
{
	uint32_t seen = 0;
	unsigned inversions = 0;
	for (int c = 0; c < b->n; c++) {
		unsigned t = s->t[c];
		inversions += (unsigned)__builtin_popcount(seen >> t); /* larger tiles seen before */
		seen |= 1u << t;
		if (t == 0)
			*blank = c;
	}
	return (int)(inversions & 1);
}

int board_solvable(const struct board *b, const struct board_state *s, const struct board_state *g)
{
	int bs = 0, bg = 0, ps = parity_blank(b, s, &bs), pg = parity_blank(b, g, &bg);
	return (ps ^ pg) == (board_taxicab(b, bs, bg) & 1);
}

int board_move(const struct board *b, struct board_state *s, int *blank, enum board_dir dir)
{
	int to = b->nbr[*blank][dir];
	if (to < 0)
		return -1;
	s->t[*blank] = s->t[to];
	s->t[to] = 0;
	*blank = to;
	return 0;
}

char board_dir_char(enum board_dir d, int upper)
{
	static const char lower[] = SLIDETAB_MOVES, up[] = "DLRU";
	return (upper ? up : lower)[d];
}

/* Builds the symmetry that maps (r, c) to (fr ? R-1-r : r, fc ? C-1-c : c), transposed when tr. */
static void make_sym(const struct board *b, int fr, int fc, int tr, struct board_sym *s)
{
	for (int c = 0; c < b->n; c++) {
		int r = c / b->cols, k = c % b->cols;
		if (fr)
			r = b->rows - 1 - r;
		if (fc)
			k = b->cols - 1 - k;
		s->cell[c] = (int8_t)(tr ? k * b->cols + r : r * b->cols + k);
	}
	/* A direction's image: where the neighbour of a cell with all four neighbours goes. Derive it
	 * from cell images so that every symmetry is handled the same way. */
	for (int d = 0; d < BOARD_NDIRS; d++) {
		for (int c = 0; c < b->n; c++) {
			int to = b->nbr[c][d];
			if (to < 0)
				continue;
			int ic = s->cell[c], it = s->cell[to];
			for (int e = 0; e < BOARD_NDIRS; e++)
				if (b->nbr[ic][e] == it)
					s->dir[d] = (int8_t)e;
			break;
		}
	}
}

int board_symmetries(const struct board *b, struct board_sym syms[8])
{
	int count = 0;
	for (int tr = 0; tr <= (b->rows == b->cols); tr++)
		for (int fr = 0; fr <= 1; fr++)
			for (int fc = 0; fc <= 1; fc++)
				make_sym(b, fr, fc, tr, &syms[count++]);
	return count;
}

int board_blank_class(const struct board *b, int cell)
{
	/* The images of cell under the symmetries of make_sym, without building them (a hot path of
	 * the library: every goal it has not seen on this thread). */
	int rows = b->rows, cols = b->cols, best = cell;
	for (int f = 0; f < 4; f++) {
		int r = cell / cols, k = cell % cols;
		if (f & 1)
			r = rows - 1 - r;
		if (f & 2)
			k = cols - 1 - k;
		int img = r * cols + k, timg = k * cols + r;
		if (img < best)
			best = img;
		if (rows == cols && timg < best)
			best = timg;
	}
	return best;
}
