/* solve: answers a (start, goal) pair on any board from the tables, through symmetry and relabelling.
 *
 * A table is built for "tiles in order, blank at cell K" where K names a class of blank cells
 * under the board's symmetries. For a user's goal with its blank at cell b, a symmetry (and, for
 * an RxC board answered from a CxR table, the transpose) maps b to K; renaming the tiles then
 * maps the mapped goal onto the table's goal. Both maps preserve distances, and a move's letter
 * maps along with the cells, so paths are found in the table's frame and told in the user's. */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef SLIDETAB_DATADIR
#define SLIDETAB_DATADIR "/usr/local/share/slidetab/tables"
#endif

void solve_init(struct solve_ctx *ctx, const char *dir, unsigned flags)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->flags = flags;
	const char *env = getenv("SLIDETAB_TABLES");
	struct stat st;
	if (!dir && env && *env)
		dir = env;
	if (!dir && stat(SLIDETAB_DATADIR, &st) == 0 && S_ISDIR(st.st_mode))
		dir = SLIDETAB_DATADIR;
	snprintf(ctx->dir, sizeof ctx->dir, "%s", dir ? dir : "tables");
}

void solve_free(struct solve_ctx *ctx)
{
	for (int i = 0; i < ctx->ntables; i++)
		if (ctx->tables[i].status == SOLVE_OK)
			exact_close(&ctx->tables[i].x);
	ctx->ntables = 0;
}

/* Whether a table file is there; remembered, so a batch asks the file system once. */
static int table_exists(struct solve_ctx *ctx, int rows, int cols, int cls)
{
	for (int i = 0; i < ctx->nknown; i++)
		if (ctx->known[i].rows == rows && ctx->known[i].cols == cols && ctx->known[i].cls == cls)
			return ctx->known[i].exists;
	char path[600];
	struct stat st;
	snprintf(path, sizeof path, "%s/%dx%d-b%d.tbl", ctx->dir, rows, cols, cls);
	int exists = stat(path, &st) == 0;
	if (ctx->nknown < SOLVE_MAX_TABLES) {
		struct solve_known k = { rows, cols, cls, exists };
		ctx->known[ctx->nknown++] = k;
	}
	return exists;
}

struct solve_table *solve_table_for(struct solve_ctx *ctx, int rows, int cols, int cls, int *status, char *msg,
				    size_t msglen)
{
	struct solve_table *t = NULL;
	for (int i = 0; i < ctx->ntables && !t; i++)
		if (ctx->tables[i].rows == rows && ctx->tables[i].cols == cols && ctx->tables[i].cls == cls)
			t = &ctx->tables[i];
	if (!t) {
		if (ctx->ntables == SOLVE_MAX_TABLES) {
			*status = SOLVE_NO_TABLE;
			snprintf(msg, msglen, "too many tables open");
			return NULL;
		}
		t = &ctx->tables[ctx->ntables++];
		t->rows = rows, t->cols = cols, t->cls = cls;
		char path[600];
		snprintf(path, sizeof path, "%s/%dx%d-b%d.tbl", ctx->dir, rows, cols, cls);
		struct table_err err;
		struct stat st;
		if (stat(path, &st) != 0) {
			t->status = SOLVE_NO_TABLE;
			snprintf(t->msg, sizeof t->msg,
				 "no table %s for %dx%d with the blank in the class of cell %d; build it with `make %s` or "
				 "`gen --board %dx%d --blank %d -o %s`",
				 path, rows, cols, cls, rows * cols <= 10 ? "tables" : "tables-large", rows, cols, cls, path);
		} else if (exact_open(&t->x, path, ctx->flags, &err) != TABLE_OK) {
			t->status = SOLVE_BAD_TABLE;
			snprintf(t->msg, sizeof t->msg, "refusing table: %s", err.msg);
		} else if (t->x.meta->rows != rows || t->x.meta->cols != cols ||
			   board_blank(&t->x.b, &t->x.goal) != cls) {
			t->status = SOLVE_BAD_TABLE;
			snprintf(t->msg, sizeof t->msg, "refusing table %s: its header describes another board or goal", path);
			exact_close(&t->x);
		} else {
			t->status = SOLVE_OK;
			/* Small tables are checked (and inflated) whole once; then lookups index the packed
			 * array directly. Large ones load and check only the blocks they use. */
			uint64_t packed = table_packed_bytes(t->x.meta->entries, t->x.meta->entry_bits);
			if (packed <= SOLVE_SMALL_TABLE && table_check_all(t->x.t, &err) != TABLE_OK) {
				t->status = SOLVE_BAD_TABLE;
				snprintf(t->msg, sizeof t->msg, "refusing table: %s", err.msg);
				exact_close(&t->x);
			}
		}
	}
	*status = t->status;
	if (t->status != SOLVE_OK) {
		snprintf(msg, msglen, "%s", t->msg);
		return NULL;
	}
	return t;
}

/* A map from the user's board into a table's board: cells and move directions. */
struct frame {
	int rows, cols; /* the table's board */
	int8_t cell[BOARD_MAX_CELLS];
	int8_t dir[BOARD_NDIRS];
};

/* Finds the table board and map for a goal with its blank at gb; returns 0 or -1 (no table file). */
static int find_frame(struct solve_ctx *ctx, int rows, int cols, int gb, struct frame *f, int *cls_out)
{
	for (int o = 0; o < (rows == cols ? 1 : 2); o++) {
		struct board bt;
		int tr = o ? cols : rows, tc = o ? rows : cols;
		board_init(&bt, tr, tc);
		int8_t tcell[BOARD_MAX_CELLS] = { 0 }, tdir[BOARD_NDIRS] = { BOARD_D, BOARD_L, BOARD_R, BOARD_U };
		for (int c = 0; c < rows * cols; c++)
			tcell[c] = (int8_t)(o ? (c % cols) * rows + c / cols : c);
		if (o) { /* transpose: the blank's row steps become column steps */
			tdir[BOARD_D] = BOARD_R, tdir[BOARD_U] = BOARD_L, tdir[BOARD_L] = BOARD_U, tdir[BOARD_R] = BOARD_D;
		}
		int cls = board_blank_class(&bt, tcell[gb]);
		if (!table_exists(ctx, tr, tc, cls))
			continue;
		struct board_sym syms[8];
		int ns = board_symmetries(&bt, syms);
		for (int i = 0; i < ns; i++) {
			if (syms[i].cell[tcell[gb]] != cls)
				continue;
			f->rows = tr, f->cols = tc;
			for (int c = 0; c < rows * cols; c++)
				f->cell[c] = syms[i].cell[tcell[c]];
			for (int d = 0; d < BOARD_NDIRS; d++)
				f->dir[d] = syms[i].dir[tdir[d]];
			*cls_out = cls;
			return 0;
		}
	}
	return -1;
}

/* Works out the table, cell map and tile renaming for goal g. Returns a solve_status. */
static int prepare(struct solve_ctx *ctx, const struct board *bu, const struct board_state *g, char *msg,
		   size_t msglen)
{
	struct solve_prepared *p = &ctx->prep;
	struct frame f;
	int cls = 0, status;
	p->valid = 0;
	int gb = board_blank(bu, g);
	if (find_frame(ctx, bu->rows, bu->cols, gb, &f, &cls) != 0) {
		/* Name the table the user's own orientation would use. */
		cls = board_blank_class(bu, gb);
		f.rows = bu->rows, f.cols = bu->cols;
	}
	p->table = solve_table_for(ctx, f.rows, f.cols, cls, &status, msg, msglen);
	if (!p->table)
		return status;
	struct board_state g1;
	for (int c = 0; c < bu->n; c++)
		g1.t[f.cell[c]] = g->t[c];
	for (int c = 0; c < bu->n; c++)
		p->rename[g1.t[c]] = p->table->x.goal.t[c];
	memcpy(p->cell, f.cell, sizeof p->cell);
	memcpy(p->dir, f.dir, sizeof p->dir);
	p->rows = bu->rows, p->cols = bu->cols, p->goal = *g;
	p->valid = 1;
	return SOLVE_OK;
}

static int refuse(struct table_err *err, char *msg, size_t msglen)
{
	snprintf(msg, msglen, "refusing table: %s", err->msg);
	return SOLVE_BAD_TABLE;
}

/* Greedy in the user's letter order: the first letter leading one move closer gives the
 * lexicographically smallest of the shortest paths. Each step updates the index and the
 * Manhattan or parity part incrementally; a horizontal move changes the index by one. */
static int walk(struct exact *x, const int8_t *dir_map, struct board_state s, unsigned dist, char *path, char *msg,
		size_t msglen)
{
	struct table_err err;
	const struct board *b = &x->b;
	const struct rank_ctx *rk = &x->rk;
	uint8_t seq[BOARD_MAX_CELLS];
	struct rank_prefix pre;
	int blank = rank_state_seq(rk, &s, seq), mod4 = x->meta->entry == TABLE_ENTRY_MOD4;
	uint64_t idx = rank_seq(rk, seq) * (uint64_t)b->n + (uint64_t)blank;
	unsigned base = mod4 ? x->par[blank] : exact_base(x, &s, blank), e;
	if (table_lookup(x->t, idx, &e, &err) != TABLE_OK)
		return refuse(&err, msg, msglen);
	unsigned v = x->meta->entry == TABLE_ENTRY_PLAIN ? e : 2 * e + base;
	int back = -1; /* the move that undoes the last one leads one farther: never tried */
	for (unsigned step = 0; step < dist; step++) {
		int moved = 0;
		rank_prefix_init(&pre);
		for (int ud = 0; ud < BOARD_NDIRS && !moved; ud++) {
			int td = dir_map[ud], to = b->nbr[blank][td];
			if (to < 0 || td == back)
				continue;
			int tile = s.t[to], vertical = td == BOARD_U || td == BOARD_D;
			unsigned nbase = x->meta->entry == TABLE_ENTRY_MDRES ? base - x->md[tile][to] + x->md[tile][blank]
									     : x->par[to];
			if (x->meta->entry == TABLE_ENTRY_MDRES && nbase > v - 1)
				continue; /* the Manhattan distance alone puts it farther than v - 1 */
			uint64_t nidx = idx + (uint64_t)(to - blank); /* horizontal: seq unchanged */
			if (vertical) {
				nidx = rank_after_vertical(rk, seq, &pre, blank, to) * (uint64_t)b->n + (uint64_t)to;
			}
			if (table_lookup(x->t, nidx, &e, &err) != TABLE_OK)
				return refuse(&err, msg, msglen);
			unsigned nv = x->meta->entry == TABLE_ENTRY_PLAIN ? e : 2 * e + nbase;
			if (nv != (mod4 ? ((v + 3) & 3) : v - 1))
				continue;
			if (vertical)
				rank_seq_vertical(seq, blank, to);
			s.t[blank] = (uint8_t)tile, s.t[to] = 0;
			blank = to, idx = nidx, base = nbase, v = nv, moved = 1;
			back = BOARD_NDIRS - 1 - td; /* d<->u, l<->r */
			path[step] = board_dir_char((enum board_dir)ud, 0);
		}
		if (!moved) {
			snprintf(msg, msglen, "refusing table: no neighbour one move closer (the table is inconsistent)");
			return SOLVE_BAD_TABLE;
		}
	}
	path[dist] = '\0';
	return SOLVE_OK;
}

int solve_one(struct solve_ctx *ctx, int rows, int cols, const struct board_state *s, const struct board_state *g,
	      int want_path, struct solve_answer *a, char *msg, size_t msglen)
{
	if (ctx->board.rows != rows || ctx->board.cols != cols)
		board_init(&ctx->board, rows, cols);
	const struct board *bu = &ctx->board;
	a->path[0] = '\0';
	a->dist = 0;
	a->solvable = board_solvable(bu, s, g);
	if (!a->solvable)
		return SOLVE_OK;
	struct solve_prepared *p = &ctx->prep;
	if (!p->valid || p->rows != rows || p->cols != cols || memcmp(p->goal.t, g->t, (size_t)bu->n) != 0) {
		int st = prepare(ctx, bu, g, msg, msglen);
		if (st != SOLVE_OK)
			return st;
	}
	struct exact *x = &p->table->x;
	/* Map the cells, and rename tiles so the mapped goal becomes the table's goal. */
	struct board_state s2;
	memset(&s2, 0, sizeof s2);
	for (int c = 0; c < bu->n; c++)
		s2.t[p->cell[c]] = p->rename[s->t[c]];
	struct table_err err;
	if (exact_distance(x, &s2, &a->dist, &err) != TABLE_OK)
		return refuse(&err, msg, msglen);
	if (!want_path)
		return SOLVE_OK;
	if (a->dist > SOLVE_MAX_PATH) {
		snprintf(msg, msglen, "path longer than %d moves", SOLVE_MAX_PATH);
		return SOLVE_BAD_TABLE;
	}
	return walk(x, p->dir, s2, a->dist, a->path, msg, msglen);
}
