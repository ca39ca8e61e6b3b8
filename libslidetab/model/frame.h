/* SPDX-License-Identifier: Zlib */
/* frame: maps a user's board and goal onto a table's board and goal (symmetry, transpose, renaming).
 *
 * A table answers for its own goal on its own board. A user's RxC board maps onto the table's
 * board through a board symmetry, after transposing when the table is CxR; the map must carry the
 * user goal's blank onto the table goal's blank. Renaming the tiles then makes the mapped goal
 * equal to the table's goal. Distances are preserved, and a move's direction maps with the cells,
 * so a path found in the table's frame is told back in the user's letters. */
#ifndef SLIDETAB_FRAME_H
#define SLIDETAB_FRAME_H

#include "libslidetab/model/board.h"

struct frame {
	int8_t cell[BOARD_MAX_CELLS];    /* user cell -> table cell */
	int8_t dir[BOARD_NDIRS];         /* user direction -> table direction */
	uint8_t rename[BOARD_MAX_CELLS]; /* user tile -> table tile */
};

/* Finds a frame from the user's rows x cols board with goal ug onto the table board tb with goal
 * tg (tb is rows x cols or cols x rows). Returns 0, or -1 when no symmetry carries ug's blank
 * onto tg's blank. */
int frame_find(int rows, int cols, const struct board_state *ug, const struct board *tb, const struct board_state *tg,
	       struct frame *f);

/* The user's state s in the table's frame. */
static inline void frame_map(const struct frame *f, int n, const struct board_state *s, struct board_state *out)
{
	for (int c = 0; c < n; c++)
		out->t[f->cell[c]] = f->rename[s->t[c]];
}

#endif
