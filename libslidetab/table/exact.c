/* SPDX-License-Identifier: Zlib */
/* exact: distances from an exact table, for states written in the table's own frame (its goal). */
#include "libslidetab/table/exact.h"

#include <stdio.h>
#include <string.h>

/* Sets up the decoding state of an open table (x->t); closes it on failure. */
static int exact_init(struct exact *x, const char *name, struct slidetab_error *err)
{
	x->meta = table_get_meta(x->t);
	if (x->meta->kind != TABLE_KIND_EXACT) {
		exact_close(x);
		return err_set(err, SLIDETAB_EFORMAT, "%s: not an exact-distance table", name);
	}
	board_init(&x->b, x->meta->rows, x->meta->cols);
	memcpy(x->goal.t, x->meta->goal, (size_t)x->b.n);
	if (rank_init(&x->rk, &x->b, &x->goal) != 0) {
		exact_close(x);
		return err_set(err, SLIDETAB_EFORMAT, "%s: board too large to rank", name);
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
	return SLIDETAB_OK;
}

int exact_open(struct exact *x, const char *path, unsigned flags, struct slidetab_error *err)
{
	memset(x, 0, sizeof *x);
	int rc = table_open(&x->t, path, flags, err);
	return rc != SLIDETAB_OK ? rc : exact_init(x, path, err);
}

int exact_open_buffer(struct exact *x, const void *bytes, size_t len, unsigned flags, struct slidetab_error *err)
{
	memset(x, 0, sizeof *x);
	int rc = table_open_buffer(&x->t, bytes, len, flags, err);
	return rc != SLIDETAB_OK ? rc : exact_init(x, "table buffer", err);
}

void exact_close(struct exact *x)
{
	table_close(x->t);
	x->t = NULL;
}

int exact_value(struct exact *x, const struct board_state *s, unsigned *v, struct slidetab_error *err)
{
	unsigned e;
	int rc = table_lookup(x->t, rank_state(&x->rk, s), &e, err);
	if (rc == SLIDETAB_OK)
		*v = exact_decode(x, e, s, board_blank(&x->b, s));
	return rc;
}

int exact_distance(struct exact *x, const struct board_state *s, unsigned *d, struct slidetab_error *err)
{
	if (x->meta->entry != TABLE_ENTRY_MOD4)
		return exact_value(x, s, d, err);
	/* d mod 4 of a neighbour is d-1 or d+1, which differ mod 4: follow d-1 to the goal. */
	struct board_state cur = *s;
	int blank = board_blank(&x->b, &cur);
	unsigned v, steps = 0;
	int rc = exact_value(x, &cur, &v, err);
	while (rc == SLIDETAB_OK && rank_state(&x->rk, &cur) != x->goal_index) {
		int moved = 0;
		for (int dir = 0; dir < BOARD_NDIRS && !moved && rc == SLIDETAB_OK; dir++) {
			struct board_state nb = cur;
			int nbl = blank;
			unsigned nv;
			if (board_move(&x->b, &nb, &nbl, (enum board_dir)dir) != 0)
				continue;
			rc = exact_value(x, &nb, &nv, err);
			if (rc == SLIDETAB_OK && nv == ((v + 3) & 3)) {
				cur = nb, blank = nbl, v = nv, moved = 1;
			}
		}
		if (rc == SLIDETAB_OK && (!moved || ++steps > x->meta->radius))
			rc = err_set(err, SLIDETAB_EFORMAT, "compact table is inconsistent (no way down to the goal)");
	}
	if (rc == SLIDETAB_OK)
		*d = steps;
	return rc;
}

/* One step of a path walk: the state, its index and the stored part's base. */
struct walk {
	struct board_state s;
	uint8_t seq[BOARD_MAX_CELLS];
	struct rank_prefix pre;
	int blank;
	uint64_t idx;
	unsigned base, v;
};

/* The neighbour of w reached by moving the blank in table direction td, when it is one move
 * closer to the goal (w->v - 1, or for compact tables (v + 3) mod 4): fills *nidx, *nbase, *nv
 * and returns 1; 0 when it is not closer; a status < 0 never (errors come back in *rc). */
static int closer(struct exact *x, struct walk *w, int td, uint64_t *nidx, unsigned *nbase, unsigned *nv, int *rc,
		  struct slidetab_error *err)
{
	const struct board *b = &x->b;
	int to = b->nbr[w->blank][td], tile = w->s.t[to];
	uint32_t entry = x->meta->entry;
	*nbase = entry == TABLE_ENTRY_MDRES ? w->base - x->md[tile][to] + x->md[tile][w->blank] : x->par[to];
	if (entry == TABLE_ENTRY_MDRES && *nbase > w->v - 1)
		return 0;                           /* the Manhattan distance alone puts it farther than v - 1 */
	*nidx = w->idx + (uint64_t)(to - w->blank); /* horizontal: seq unchanged */
	if (td == BOARD_U || td == BOARD_D)
		*nidx = rank_after_vertical(&x->rk, w->seq, &w->pre, w->blank, to) * (uint64_t)b->n + (uint64_t)to;
	unsigned e;
	*rc = table_lookup(x->t, *nidx, &e, err);
	if (*rc != SLIDETAB_OK)
		return 0;
	*nv = entry == TABLE_ENTRY_PLAIN ? e : 2 * e + *nbase;
	return *nv == (entry == TABLE_ENTRY_MOD4 ? ((w->v + 3) & 3) : w->v - 1);
}

int exact_path(struct exact *x, const int8_t *dir_map, const struct board_state *s, unsigned dist, char *path,
	       struct slidetab_error *err)
{
	const struct board *b = &x->b;
	struct walk w = { .s = *s };
	int mod4 = x->meta->entry == TABLE_ENTRY_MOD4, rc = SLIDETAB_OK;
	w.blank = rank_state_seq(&x->rk, &w.s, w.seq);
	w.idx = rank_seq(&x->rk, w.seq) * (uint64_t)b->n + (uint64_t)w.blank;
	w.base = mod4 ? x->par[w.blank] : exact_base(x, &w.s, w.blank);
	unsigned e;
	if ((rc = table_lookup(x->t, w.idx, &e, err)) != SLIDETAB_OK)
		return rc;
	w.v = x->meta->entry == TABLE_ENTRY_PLAIN ? e : 2 * e + w.base;
	int back = -1; /* the move that undoes the last one leads one farther: never tried */
	for (unsigned step = 0; step < dist; step++) {
		int moved = 0;
		rank_prefix_init(&w.pre);
		for (int ud = 0; ud < BOARD_NDIRS && !moved; ud++) {
			int td = dir_map[ud], to = b->nbr[w.blank][td];
			uint64_t nidx;
			unsigned nbase, nv;
			if (to < 0 || td == back || !closer(x, &w, td, &nidx, &nbase, &nv, &rc, err)) {
				if (rc != SLIDETAB_OK)
					return rc;
				continue;
			}
			if (td == BOARD_U || td == BOARD_D)
				rank_seq_vertical(w.seq, w.blank, to);
			w.s.t[w.blank] = w.s.t[to], w.s.t[to] = 0;
			w.blank = to, w.idx = nidx, w.base = nbase, w.v = nv, moved = 1;
			back = BOARD_NDIRS - 1 - td; /* d<->u, l<->r */
			path[step] = board_dir_char((enum board_dir)ud, 0);
		}
		if (!moved)
			return err_set(err, SLIDETAB_EFORMAT,
				       "no neighbour one move closer: the table is inconsistent");
	}
	path[dist] = '\0';
	return SLIDETAB_OK;
}
