/* SPDX-License-Identifier: Zlib */
/* fast: a constructive solver for any RxC board of up to 256 cells: a valid path in milliseconds, not optimal. */
#ifndef SLIDETAB_FAST_H
#define SLIDETAB_FAST_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/base/err.h"

#define FAST_MAX_CELLS SLIDETAB_BOUNDED_MAX_CELLS

/* Checks that tiles[0..rows*cols) hold each of 0..rows*cols-1 once; `what` names the board in
 * the message ("start"). SLIDETAB_OK or SLIDETAB_EINVAL. */
int fast_check_tiles(int rows, int cols, const uint8_t *tiles, const char *what, struct slidetab_error *err);

/* 1 when start can reach goal: the parity of the permutation taking start to goal equals the
 * parity of the blank's taxicab distance (the rule of every board width). Both must be valid. */
int fast_solvable(int rows, int cols, const uint8_t *start, const uint8_t *goal);

/* A lower bound on the moves from start to goal: Manhattan distance plus linear conflicts (two
 * moves for each tile that must leave its goal row or column to let others pass: the line's tiles
 * less its longest run in goal order), raised by one when its parity differs from the blank's
 * taxicab distance (every path between two states has that parity). */
unsigned fast_lower_bound(int rows, int cols, const uint8_t *start, const uint8_t *goal);

/* A path (the blank's moves, "dlru") from start to goal on rows x cols (2 <= rows, cols; rows*cols
 * <= 256): the top row or left column of the unsolved part placed tile by tile (the larger side
 * first) until 2x2, 2x3 or 3x2 cells are left, which a breadth-first search finishes; a move
 * followed by its inverse is dropped. Any goal: its blank is first walked to the corner, and that
 * walk reversed ends the path. *moves (malloc'd, NUL-terminated, the caller frees) and *length.
 * SLIDETAB_OK, SLIDETAB_UNSOLVABLE, SLIDETAB_EINVAL (a bad board) or SLIDETAB_ENOMEM. */
int fast_solve(int rows, int cols, const uint8_t *start, const uint8_t *goal, char **moves, size_t *length,
	       struct slidetab_error *err);

#endif
