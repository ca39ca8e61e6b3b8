/* SPDX-License-Identifier: Zlib */
/* layout: the Gap cards and layouts (AOJ 1245 / POJ 2046): validity, the contest deal, moves, printing. */
#ifndef SLIDETAB_GAP_LAYOUT_H
#define SLIDETAB_GAP_LAYOUT_H

#include <stdio.h>

#include "libslidetab/base/err.h"

#define GAP_ROWS      4
#define GAP_COLS      8
#define GAP_DEAL_COLS 7 /* the input deals 7 cards per row into columns 2..8 */
#define GAP_EMPTY     0 /* a gap in gap_layout.cell */

/*
 * A layout. cell[r][c] (0-based) holds a card 11..47 (tens digit = suit 1..4, units = value 1..7)
 * or GAP_EMPTY. Printed rows and columns are 1-based: row r+1, column c+1. A layout given to
 * gap_solve has the aces in column 1 (cell[r][0] == 10 * (r + 1) + 1), every card exactly once and
 * four gaps.
 */
struct gap_layout {
	unsigned char cell[GAP_ROWS][GAP_COLS];
};

/* One move, all coordinates 1-based: `card` leaves (from_row, from_col) and fills the gap at (row, col). */
struct gap_move {
	unsigned char card, from_row, from_col, row, col;
};

/* The goal layout: row r holds r1..r7 in columns 1..7, the gap in column 8. */
void gap_goal(struct gap_layout *out);

/* 1 when l is the goal layout. */
int gap_is_goal(const struct gap_layout *l);

/* 1 when `number` is one of the 28 cards 11..17, 21..27, 31..37, 41..47. */
int gap_card_valid(int number);

/* Checks that l can be solved from (see struct gap_layout): SLIDETAB_OK, or SLIDETAB_EINVAL with
 * err saying what is wrong ("card 13 appears twice"). */
int gap_layout_check(const struct gap_layout *l, struct slidetab_error *err);

/*
 * Builds a start layout from a deal of 28 cards, row by row: dealt[7 * r + c] goes to row r + 1,
 * column c + 2; then the four aces move to column 1 of their own rows, leaving gaps. Returns
 * SLIDETAB_OK, or SLIDETAB_EINVAL with err when the deal is not the 28 cards once each.
 */
int gap_deal(const int dealt[GAP_ROWS * GAP_DEAL_COLS], struct gap_layout *out, struct slidetab_error *err);

/* Plays move m on l (m comes from a solution of l, so it is legal). */
void gap_apply_move(struct gap_layout *l, const struct gap_move *m);

/* Prints l as 4 lines of 8 cells separated by spaces, gaps as "..". A write error stays on the
 * stream (ferror) for the caller to check. */
void gap_print_layout(FILE *out, const struct gap_layout *l);

#endif
