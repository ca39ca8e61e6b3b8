/* SPDX-License-Identifier: Zlib */
/* frame: maps a user's board and goal onto a table's board and goal (symmetry, transpose, renaming). */
#include "libslidetab/model/frame.h"

#include <string.h>

int frame_find(int rows, int cols, const struct board_state *ug, const struct board *tb, const struct board_state *tg,
	       struct frame *f)
{
	int n = rows * cols, transpose = tb->rows != rows;
	if (tb->n != n || (transpose && (tb->rows != cols || tb->cols != rows)))
		return -1;
	int8_t tcell[BOARD_MAX_CELLS], tdir[BOARD_NDIRS] = { BOARD_D, BOARD_L, BOARD_R, BOARD_U };
	for (int c = 0; c < n; c++)
		tcell[c] = (int8_t)(transpose ? (c % cols) * rows + c / cols : c);
	if (transpose) /* the blank's row steps become column steps */
		tdir[BOARD_D] = BOARD_R, tdir[BOARD_U] = BOARD_L, tdir[BOARD_L] = BOARD_U, tdir[BOARD_R] = BOARD_D;
	int ub = -1, tbk = board_blank(tb, tg);
	for (int c = 0; c < n; c++)
		if (ug->t[c] == 0)
			ub = c;
	struct board_sym syms[8];
	int ns = board_symmetries(tb, syms);
	for (int i = 0; i < ns; i++) {
		if (ub < 0 || syms[i].cell[tcell[ub]] != tbk)
			continue;
		for (int c = 0; c < n; c++)
			f->cell[c] = syms[i].cell[tcell[c]];
		for (int d = 0; d < BOARD_NDIRS; d++)
			f->dir[d] = syms[i].dir[tdir[d]];
		for (int c = 0; c < n; c++)
			f->rename[ug->t[c]] = tg->t[f->cell[c]];
		return 0;
	}
	return -1;
}
