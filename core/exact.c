/* exact: distances from an exact table, for states written in the table's own frame (its goal). */
#include "exact.h"

#include <stdio.h>
#include <string.h>

int exact_open(struct exact *x, const char *path, unsigned flags, struct table_err *err)
{
	memset(x, 0, sizeof *x);
	int rc = table_open(&x->t, path, flags, err);
	if (rc)
		return rc;
	x->meta = table_get_meta(x->t);
	if (x->meta->kind != TABLE_KIND_EXACT) {
		snprintf(err->msg, sizeof err->msg, "%s: not an exact-distance table", path);
		exact_close(x);
		return TABLE_EFORMAT;
	}
	board_init(&x->b, x->meta->rows, x->meta->cols);
	memcpy(x->goal.t, x->meta->goal, (size_t)x->b.n);
	if (rank_init(&x->rk, &x->b, &x->goal) != 0) {
		snprintf(err->msg, sizeof err->msg, "%s: board too large to rank", path);
		exact_close(x);
		return TABLE_EFORMAT;
	}
	x->goal_blank = board_blank(&x->b, &x->goal);
	x->goal_index = rank_state(&x->rk, &x->goal);
	for (int c = 0; c < x->b.n; c++)
		x->goal_cell[x->goal.t[c]] = (int8_t)c;
	for (int t = 1; t < x->b.n; t++) /* md[0][*] stays 0: the blank does not count */
		for (int c = 0; c < x->b.n; c++)
			x->md[t][c] = (uint8_t)board_taxicab(&x->b, c, x->goal_cell[t]);
	for (int c = 0; c < x->b.n; c++)
		x->par[c] = (uint8_t)(board_taxicab(&x->b, c, x->goal_blank) & 1);
	return TABLE_OK;
}

void exact_close(struct exact *x)
{
	table_close(x->t);
	x->t = NULL;
}

int exact_value(struct exact *x, const struct board_state *s, unsigned *v, struct table_err *err)
{
	unsigned e;
	int rc = table_lookup(x->t, rank_state(&x->rk, s), &e, err);
	if (rc == TABLE_OK)
		*v = exact_decode(x, e, s, board_blank(&x->b, s));
	return rc;
}

int exact_distance(struct exact *x, const struct board_state *s, unsigned *d, struct table_err *err)
{
	if (x->meta->entry != TABLE_ENTRY_MOD4)
		return exact_value(x, s, d, err);
	/* d mod 4 of a neighbour is d-1 or d+1, which differ mod 4: follow d-1 to the goal. */
	struct board_state cur = *s;
	int blank = board_blank(&x->b, &cur);
	unsigned v, steps = 0;
	int rc = exact_value(x, &cur, &v, err);
	while (rc == TABLE_OK && rank_state(&x->rk, &cur) != x->goal_index) {
		int moved = 0;
		for (int dir = 0; dir < BOARD_NDIRS && !moved && rc == TABLE_OK; dir++) {
			struct board_state nb = cur;
			int nbl = blank;
			unsigned nv;
			if (board_move(&x->b, &nb, &nbl, (enum board_dir)dir) != 0)
				continue;
			rc = exact_value(x, &nb, &nv, err);
			if (rc == TABLE_OK && nv == ((v + 3) & 3)) {
				cur = nb, blank = nbl, v = nv, moved = 1;
			}
		}
		if (rc == TABLE_OK && (!moved || ++steps > x->meta->radius)) {
			snprintf(err->msg, sizeof err->msg, "compact table is inconsistent (no way down to the goal)");
			rc = TABLE_EFORMAT;
		}
	}
	if (rc == TABLE_OK)
		*d = steps;
	return rc;
}
