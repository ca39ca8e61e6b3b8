/* SPDX-License-Identifier: Zlib */
/* layout: the Gap cards and layouts (AOJ 1245 / POJ 2046): validity, the contest deal, moves, printing. */
#include "gap/layout.h"

#include <string.h>

int gap_card_valid(int number)
{
	return number >= 11 && number <= 47 && number % 10 >= 1 && number % 10 <= 7;
}

void gap_goal(struct gap_layout *out)
{
	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_COLS - 1; c++)
			out->cell[r][c] = (unsigned char)((r + 1) * 10 + c + 1);
		out->cell[r][GAP_COLS - 1] = GAP_EMPTY;
	}
}

int gap_is_goal(const struct gap_layout *l)
{
	struct gap_layout g;

	gap_goal(&g);
	return memcmp(&g, l, sizeof g) == 0;
}

int gap_layout_check(const struct gap_layout *l, struct slidetab_error *err)
{
	int seen[48] = { 0 }, gaps = 0;

	for (int r = 0; r < GAP_ROWS; r++) {
		if (l->cell[r][0] != (r + 1) * 10 + 1)
			return err_set(err, SLIDETAB_EINVAL, "row %d column 1 must hold %d", r + 1, (r + 1) * 10 + 1);
		for (int c = 1; c < GAP_COLS; c++) {
			int v = l->cell[r][c];
			if (v == GAP_EMPTY)
				gaps++;
			else if (!gap_card_valid(v))
				return err_set(err, SLIDETAB_EINVAL, "row %d column %d: card %d does not exist", r + 1,
					       c + 1, v);
			else if (v % 10 == 1)
				return err_set(err, SLIDETAB_EINVAL, "row %d column %d: ace %d must be in column 1",
					       r + 1, c + 1, v);
			else if (seen[v]++)
				return err_set(err, SLIDETAB_EINVAL, "card %d appears twice", v);
		}
	}
	if (gaps != GAP_ROWS)
		return err_set(err, SLIDETAB_EINVAL, "%d gaps, expected %d", gaps, GAP_ROWS);
	return SLIDETAB_OK;
}

int gap_deal(const int dealt[GAP_ROWS * GAP_DEAL_COLS], struct gap_layout *out, struct slidetab_error *err)
{
	int seen[48] = { 0 };

	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_DEAL_COLS; c++) {
			int v = dealt[GAP_DEAL_COLS * r + c];
			if (!gap_card_valid(v))
				return err_set(err, SLIDETAB_EINVAL, "card %d does not exist", v);
			if (seen[v]++)
				return err_set(err, SLIDETAB_EINVAL, "card %d appears twice", v);
			out->cell[r][c + 1] = (unsigned char)(v % 10 == 1 ? GAP_EMPTY : v);
		}
		out->cell[r][0] = (unsigned char)((r + 1) * 10 + 1);
	}
	return SLIDETAB_OK;
}

void gap_apply_move(struct gap_layout *l, const struct gap_move *m)
{
	l->cell[m->from_row - 1][m->from_col - 1] = GAP_EMPTY;
	l->cell[m->row - 1][m->col - 1] = m->card;
}

void gap_print_layout(FILE *out, const struct gap_layout *l)
{
	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_COLS; c++) {
			if (c)
				fputc(' ', out);
			if (l->cell[r][c] == GAP_EMPTY)
				fputs("..", out);
			else
				fprintf(out, "%d", l->cell[r][c]);
		}
		fputc('\n', out);
	}
}
