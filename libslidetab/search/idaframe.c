/* SPDX-License-Identifier: Zlib */
/* idaframe: the caller's goal mapped onto a pattern-database set's own goal (symmetries, the
 * transpose, tile renaming), or the message naming the gen command that builds a set for it. */
#include "libslidetab/search/idaframe.h"

#include <stdio.h>
#include <string.h>

#include "libslidetab/table/name.h"

/* The caller's frame: its board is the set's (tr = 0) or the set's transposed (tr = 1: the
 * caller's cell r * cols + c is the set's cell c * rows + r, its d, l, r, u the set's r, u, d, l). */
static int frame_cell(const struct board *b, int tr, int c)
{
	return tr ? (c % b->rows) * b->cols + c / b->rows : c;
}

static const int8_t transposed_dir[BOARD_NDIRS] = { BOARD_R, BOARD_U, BOARD_D, BOARD_L };

/* Finds a symmetry taking goal's blank (after the transpose when tr) onto the set's goal blank;
 * fills the mapped start and inv_dir[set direction] = caller direction. */
int ida_map_goal(const struct pdb_set *set, int tr, const struct board_state *start, const struct board_state *goal,
		 struct board_state *mstart, int8_t inv_dir[4], struct slidetab_error *err)
{
	const struct board *b = &set->b;
	struct board_sym syms[8];
	int ns = board_symmetries(b, syms);
	int gb = board_blank(b, goal);
	for (int k = 0; k < ns; k++) {
		const struct board_sym *y = &syms[k];
		if (y->cell[frame_cell(b, tr, gb)] != set->goal_blank)
			continue;
		uint8_t sigma[PDB_MAX_CELLS];
		for (int c = 0; c < b->n; c++)
			sigma[goal->t[c]] = set->goal.t[y->cell[frame_cell(b, tr, c)]];
		memset(mstart, 0, sizeof *mstart);
		for (int c = 0; c < b->n; c++)
			mstart->t[y->cell[frame_cell(b, tr, c)]] = sigma[start->t[c]];
		for (int d = 0; d < BOARD_NDIRS; d++)
			inv_dir[y->dir[tr ? transposed_dir[d] : d]] = (int8_t)d;
		return 0;
	}
	if (tr)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "no pattern databases for a %dx%d goal with the blank at cell %d: the loaded %dx%d set "
			       "answers another class",
			       b->cols, b->rows, gb, b->rows, b->cols);
	int cls = board_blank_class(b, gb);
	char cmd[160];
	if (b->rows == b->cols && b->n >= 16) {
		snprintf(cmd, sizeof cmd, "%s --board %dx%d --pdb %s --blank %d", tabname_gen(), b->rows, b->cols,
			 b->n == 16 ? "78" : "6666", cls);
	} else if (!tabname_is_exact(b->rows, b->cols)) {
		snprintf(cmd, sizeof cmd, "%s --board %dx%d --pdb auto --blank %d", tabname_gen(), b->rows, b->cols,
			 cls);
	} else {
		/* small boards: the all-tiles pattern is the exact table */
		int len = snprintf(cmd, sizeof cmd, "%s --board %dx%d --pattern 1", tabname_gen(), b->rows, b->cols);
		for (int t = 2; t < b->n && len > 0 && (size_t)len < sizeof cmd; t++)
			len += snprintf(cmd + len, sizeof cmd - (size_t)len, ",%d", t);
		if (len > 0 && (size_t)len < sizeof cmd)
			snprintf(cmd + len, sizeof cmd - (size_t)len, " --blank %d", cls);
	}
	return err_set(err, SLIDETAB_ENOTABLE,
		       "no pattern databases for a %dx%d goal with the blank at cell %d: the loaded set "
		       "answers goals whose blank a board symmetry takes to cell %d. Build a set for this "
		       "goal's blank class (%d) with: %s",
		       b->rows, b->cols, gb, set->goal_blank, cls, cmd);
}
