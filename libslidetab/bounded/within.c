/* SPDX-License-Identifier: Zlib */
/* within: weighted IDA* over a pattern-database set: a path proven at most W times the optimum. */
#include "libslidetab/bounded/within.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/model/frame.h"
#include "libslidetab/search/idafsm.h"

#define WITHIN_SIDES (2 * PDB_MAX_PARTS)

/* One weighted search, in the set's frame. A side looks the state up in one partition of the set,
 * as it is or (when the set has the diagonal reflection) reflected; each side keeps its patterns'
 * cells and values, so a move looks up only the moved tile's pattern. h is the largest side's sum. */
struct wsearch {
	const struct pdb_set *set;
	struct board_state s;
	int blank, sides;
	int8_t spart[WITHIN_SIDES], srefl[WITHIN_SIDES]; /* each side's partition, and whether it reflects */
	uint8_t cells[WITHIN_SIDES][PDB_MAX_PATTERNS][PDB_MAX_CELLS];
	int hv[WITHIN_SIDES][PDB_MAX_PATTERNS], hsum[WITHIN_SIDES];
	uint64_t w1000, bound, next; /* f in thousandths of a move: 1000 g + w1000 h */
	const int32_t (*fsm)[4];     /* idafsm: move strings never followed (a shorter or smaller one exists) */
	int max_len, found, damaged;
	struct slidetab_error err;
	uint8_t *path;
};

/* A child: its move, and per side the moved tile's pattern (-1: none) and its new value. */
struct wchild {
	int dir, h, st, p[WITHIN_SIDES], v[WITHIN_SIDES];
};

/* The side's image of a tile and of a cell. */
static int side_tile(const struct wsearch *x, int sd, int t)
{
	return x->srefl[sd] ? x->set->refl_tile[t] : t;
}

static int side_cell(const struct wsearch *x, int sd, int c)
{
	return x->srefl[sd] ? x->set->refl_cell[c] : c;
}

static int max_of(const int *v, int n)
{
	int m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] > m ? v[i] : m;
	return m;
}

static int wh(const struct wsearch *x)
{
	return max_of(x->hsum, x->sides);
}

/* The pattern of side sd that holds tile t (in the side's own labels), -1 for none. */
static int side_pat(const struct wsearch *x, int sd, int t)
{
	return x->set->tile_pat[x->spart[sd]][t];
}

/* Moves the blank d (it must stay on the board): the tile at the blank's new cell `to` moves to its
 * old cell `from`; the tile's cell is updated in its pattern on each side. */
static void wmove(struct wsearch *x, int d, int *tile, int *from, int *to)
{
	*from = x->blank;
	board_move(&x->set->b, &x->s, &x->blank, (enum board_dir)d);
	*to = x->blank;
	*tile = x->s.t[*from];
	for (int sd = 0; sd < x->sides; sd++) {
		int t = side_tile(x, sd, *tile), p = side_pat(x, sd, t);
		if (p >= 0)
			x->cells[sd][p][x->set->tile_idx[x->spart[sd]][t]] = (uint8_t)side_cell(x, sd, *from);
	}
}

/* The child of move d: the moved tile's patterns' new values, and its h. The state is left as it was. */
static int wchild_eval(struct wsearch *x, int d, struct wchild *c)
{
	int tile, from, to;
	if (x->set->b.nbr[x->blank][d] < 0)
		return -1;
	wmove(x, d, &tile, &from, &to);
	c->dir = d;
	int hs[WITHIN_SIDES];
	memcpy(hs, x->hsum, sizeof hs);
	for (int sd = 0; sd < x->sides; sd++) {
		int t = side_tile(x, sd, tile), p = side_pat(x, sd, t);
		c->p[sd] = p;
		if (p < 0)
			continue;
		if (pdb_set_value(x->set, p, x->cells[sd][p], (unsigned)side_cell(x, sd, x->blank), &c->v[sd],
				  &x->err) != SLIDETAB_OK ||
		    c->v[sd] >= PDB_UNREACHABLE)
			x->damaged = 1;
		hs[sd] += c->v[sd] - x->hv[sd][p];
	}
	c->h = max_of(hs, x->sides);
	int back;
	wmove(x, 3 - d, &back, &from, &to);
	return 0;
}

/* Applies child c (sign 1) or takes it back (sign -1, with the parent's values in old). */
static void wapply(struct wsearch *x, const struct wchild *c, const int old[WITHIN_SIDES])
{
	int tile, from, to;
	for (int sd = 0; sd < x->sides; sd++) {
		if (c->p[sd] < 0)
			continue;
		int v = old ? old[sd] : c->v[sd];
		x->hsum[sd] += v - x->hv[sd][c->p[sd]];
		x->hv[sd][c->p[sd]] = v;
	}
	wmove(x, old ? 3 - c->dir : c->dir, &tile, &from, &to);
}

/* Depth-first below x->bound from depth g, st the machine's state after the path so far. Skipping the
 * machine's strings keeps the smallest optimal path (idafsm.h), all of whose nodes have f <= W C*. */
static int wdfs(struct wsearch *x, int g, int st)
{
	int h = wh(x);
	uint64_t f = 1000u * (uint64_t)g + x->w1000 * (uint64_t)h;
	if (f > x->bound) {
		if (f < x->next)
			x->next = f;
		return 0;
	}
	if (h == 0 && memcmp(x->s.t, x->set->goal.t, (size_t)x->set->b.n) == 0) {
		x->found = g;
		return 1;
	}
	if (g >= x->max_len)
		return 0;
	struct wchild ch[BOARD_NDIRS];
	int k = 0;
	for (int d = 0; d < BOARD_NDIRS; d++)
		if (x->fsm[st][d] >= 0 && wchild_eval(x, d, &ch[k]) == 0)
			ch[k++].st = x->fsm[st][d];
	if (x->damaged)
		return 1;
	for (int i = 1; i < k; i++) /* the most promising child first (ties: d l r u) */
		for (int j = i; j > 0 && ch[j].h < ch[j - 1].h; j--) {
			struct wchild t = ch[j];
			ch[j] = ch[j - 1], ch[j - 1] = t;
		}
	for (int i = 0; i < k; i++) {
		int old[WITHIN_SIDES] = { 0 };
		for (int sd = 0; sd < x->sides; sd++)
			old[sd] = ch[i].p[sd] >= 0 ? x->hv[sd][ch[i].p[sd]] : 0;
		wapply(x, &ch[i], NULL);
		x->path[g] = (uint8_t)ch[i].dir;
		int stop = wdfs(x, g + 1, ch[i].st);
		wapply(x, &ch[i], old);
		if (stop)
			return 1;
	}
	return 0;
}

/* Sets up the sides' pattern cells and values for x->s. */
static void winit(struct wsearch *x)
{
	const struct pdb_set *set = x->set;
	x->sides = 0;
	for (int part = 0; part < set->npart; part++)
		for (int r = 0; r <= (set->reflect ? 1 : 0); r++) {
			x->spart[x->sides] = (int8_t)part;
			x->srefl[x->sides++] = (int8_t)r;
		}
	for (int sd = 0; sd < x->sides; sd++) {
		for (int c = 0; c < set->b.n; c++) {
			int t = side_tile(x, sd, x->s.t[c]), p = t ? side_pat(x, sd, t) : -1;
			if (p >= 0)
				x->cells[sd][p][set->tile_idx[x->spart[sd]][t]] = (uint8_t)side_cell(x, sd, c);
		}
		x->hsum[sd] = 0;
		for (int p = 0; p < set->npat; p++) {
			if (set->part[p] != x->spart[sd])
				continue;
			if (pdb_set_value(set, p, x->cells[sd][p], (unsigned)side_cell(x, sd, x->blank), &x->hv[sd][p],
					  &x->err) != SLIDETAB_OK ||
			    x->hv[sd][p] >= PDB_UNREACHABLE)
				x->damaged = 1;
			x->hsum[sd] += x->hv[sd][p];
		}
	}
}

int within_solve(const struct pdb_set *set, int rows, int cols, const struct board_state *start,
		 const struct board_state *goal, unsigned w1000, unsigned max_len, char **moves, size_t *length,
		 unsigned *h0, struct slidetab_error *err)
{
	*moves = NULL, *length = 0, *h0 = 0;
	struct frame fr;
	if (frame_find(rows, cols, goal, &set->b, &set->goal, &fr) != 0)
		return err_set(err, SLIDETAB_ENOTABLE, "no pattern-database set answers this %dx%d goal", rows, cols);
	struct wsearch x = { .set = set, .w1000 = w1000 < 1000 ? 1000 : w1000 };
	frame_map(&fr, set->b.n, start, &x.s);
	if (!board_solvable(&set->b, &x.s, &set->goal))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	x.blank = board_blank(&set->b, &x.s);
	const struct idafsm *fsm = idafsm_get();
	if (!fsm)
		return err_set(err, SLIDETAB_ENOMEM, "within: out of memory for the move machine");
	x.fsm = fsm->next;
	x.max_len = (int)(max_len ? max_len : WITHIN_MAX_LENGTH);
	x.path = malloc((size_t)x.max_len + 1);
	char *out = malloc((size_t)x.max_len + 1);
	if (!x.path || !out) {
		free(x.path), free(out);
		return err_set(err, SLIDETAB_ENOMEM, "within: out of memory");
	}
	winit(&x);
	int h = wh(&x);
	*h0 = x.damaged ? 0 : (unsigned)h;
	x.found = -1;
	for (x.bound = x.w1000 * (uint64_t)h; x.found < 0 && !x.damaged;) {
		x.next = UINT64_MAX;
		wdfs(&x, 0, 0);
		if (x.found >= 0 || x.damaged || x.next == UINT64_MAX)
			break;
		x.bound = x.next;
	}
	int rc = SLIDETAB_OK;
	if (x.damaged && x.err.msg[0])
		rc = err_set(err, SLIDETAB_EFORMAT, "%s", x.err.msg);
	else if (x.damaged)
		rc = err_set(err, SLIDETAB_EFORMAT, "within: the %dx%d pattern databases give no value (damaged)",
			     set->b.rows, set->b.cols);
	else if (x.found < 0)
		rc = err_set(err, SLIDETAB_ELIMIT, "within: no path of at most %d moves", x.max_len);
	if (rc != SLIDETAB_OK) {
		free(x.path), free(out);
		return rc;
	}
	int8_t back[BOARD_NDIRS]; /* the set's direction -> the caller's letter */
	for (int d = 0; d < BOARD_NDIRS; d++)
		back[fr.dir[d]] = (int8_t)d;
	for (int i = 0; i < x.found; i++)
		out[i] = board_dir_char((enum board_dir)back[x.path[i]], 0);
	out[x.found] = '\0';
	free(x.path);
	*moves = out, *length = (size_t)x.found;
	return SLIDETAB_OK;
}
