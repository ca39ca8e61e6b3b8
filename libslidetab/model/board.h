/* SPDX-License-Identifier: Zlib */
/* board: geometry of an RxC sliding-tile board, states, moves, parsing and the solvability rule. */
#ifndef SLIDETAB_BOARD_H
#define SLIDETAB_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "slidetab.h"

#define BOARD_MAX_CELLS SLIDETAB_MAX_CELLS /* up to 5x5 in the data model */
#define BOARD_STR_(x)   #x
#define BOARD_STR(x)    BOARD_STR_(x)
/* The board-size rule that board_init and cli_board_spec (common/cli.h) apply, as every message states it. */
#define BOARD_RULE     "RxC with R, C >= 2 and R*C <= " BOARD_STR(BOARD_MAX_CELLS)
#define BOARD_MAX_SIDE 12 /* 2x12 has 24 cells */
/* Any board: what bounded answers (slidetab_solve_bounded) and the input formats take; tiles still
 * fit an unsigned char. The optimal machinery and struct board stay at BOARD_MAX_CELLS. */
#define BOARD_ANY_MAX_CELLS SLIDETAB_BOUNDED_MAX_CELLS
#define BOARD_ANY_RULE      "RxC with R, C >= 2 and R*C <= " BOARD_STR(BOARD_ANY_MAX_CELLS)

/* Directions the blank travels, in the order used for lexicographic paths: d < l < r < u. */
enum board_dir { BOARD_D = 0, BOARD_L = 1, BOARD_R = 2, BOARD_U = 3, BOARD_NDIRS = 4 };

struct board {
	int rows, cols, n;
	/* nbr[c][dir]: cell the blank reaches from c moving dir, or -1 off the board. */
	int8_t nbr[BOARD_MAX_CELLS][BOARD_NDIRS];
};

/* A state lists the tile at each cell (0 = blank), row by row. */
struct board_state {
	uint8_t t[BOARD_MAX_CELLS];
};

/* Sets up geometry for rows x cols (BOARD_RULE). Returns 0 or -1. */
int board_init(struct board *b, int rows, int cols);

/* The default goal: tiles 1..n-1 in order, blank at cell `blank`. */
void board_goal(const struct board *b, int blank, struct board_state *g);

/* Cell of the blank, or -1 when the state has none. */
int board_blank(const struct board *b, const struct board_state *s);

/* 1 when s holds every tile 0..n-1 exactly once. */
int board_valid(const struct board *b, const struct board_state *s);

/* Taxicab distance between two cells. */
static inline int board_taxicab(const struct board *b, int c1, int c2)
{
	int dr = c1 / b->cols - c2 / b->cols, dc = c1 % b->cols - c2 % b->cols;
	return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/* 1 when s can reach g: the permutation parity equals the parity of the blank's taxicab distance. */
int board_solvable(const struct board *b, const struct board_state *s, const struct board_state *g);

/* Applies a blank move in place; returns 0, or -1 when the move leaves the board. */
int board_move(const struct board *b, struct board_state *s, int *blank, enum board_dir dir);

/* Move letters: "dlru"; upper case when upper is set. */
char board_dir_char(enum board_dir d, int upper);

/* Symmetries of the board: cell maps that preserve adjacency (4 on a rectangle, 8 on a square). */
struct board_sym {
	int8_t cell[BOARD_MAX_CELLS]; /* image of each cell */
	int8_t dir[BOARD_NDIRS];      /* image of each move direction */
};
/* Fills syms (at most 8) and returns how many. */
int board_symmetries(const struct board *b, struct board_sym syms[8]);

/* Smallest cell in the orbit of `cell` under the board's symmetries (the blank class's name). */
int board_blank_class(const struct board *b, int cell);

#endif
