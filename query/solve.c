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

static int table_exists(const struct solve_ctx *ctx, int rows, int cols, int cls)
{
	char path[600];
	struct stat st;
	snprintf(path, sizeof path, "%s/%dx%d-b%d.tbl", ctx->dir, rows, cols, cls);
	return stat(path, &st) == 0;
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
			/* Small raw tables are checked whole once; then lookups read the map directly. */
			if (t->x.meta->payload == TABLE_PAYLOAD_RAW && table_payload_bytes(t->x.t) <= (64u << 20) &&
			    table_check_all(t->x.t, &err) != TABLE_OK) {
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
static int find_frame(const struct solve_ctx *ctx, int rows, int cols, int gb, struct frame *f, int *cls_out)
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

int solve_one(struct solve_ctx *ctx, int rows, int cols, const struct board_state *s, const struct board_state *g,
	      int want_path, struct solve_answer *a, char *msg, size_t msglen)
{
	struct board bu;
	board_init(&bu, rows, cols);
	a->path[0] = '\0';
	a->dist = 0;
	a->solvable = board_solvable(&bu, s, g);
	if (!a->solvable)
		return SOLVE_OK;
	struct frame f;
	int cls = 0, status;
	int gb = board_blank(&bu, g);
	if (find_frame(ctx, rows, cols, gb, &f, &cls) != 0) {
		/* Name the table the user's own orientation would use. */
		cls = board_blank_class(&bu, gb);
		f.rows = rows, f.cols = cols;
	}
	struct solve_table *t = solve_table_for(ctx, f.rows, f.cols, cls, &status, msg, msglen);
	if (!t)
		return status;
	struct exact *x = &t->x;
	/* Map the cells, then rename tiles so the mapped goal becomes the table's goal. */
	struct board_state s1, g1, s2;
	uint8_t rename[BOARD_MAX_CELLS];
	memset(&s1, 0, sizeof s1);
	memset(&g1, 0, sizeof g1);
	memset(&s2, 0, sizeof s2);
	for (int c = 0; c < bu.n; c++) {
		s1.t[f.cell[c]] = s->t[c];
		g1.t[f.cell[c]] = g->t[c];
	}
	for (int c = 0; c < bu.n; c++)
		rename[g1.t[c]] = x->goal.t[c];
	for (int c = 0; c < bu.n; c++)
		s2.t[c] = rename[s1.t[c]];
	struct table_err err;
	if (exact_distance(x, &s2, &a->dist, &err) != TABLE_OK) {
		snprintf(msg, msglen, "refusing table: %s", err.msg);
		return SOLVE_BAD_TABLE;
	}
	if (!want_path)
		return SOLVE_OK;
	if (a->dist > SOLVE_MAX_PATH) {
		snprintf(msg, msglen, "path longer than %d moves", SOLVE_MAX_PATH);
		return SOLVE_BAD_TABLE;
	}
	/* Greedy in the user's letter order: the first letter leading one closer gives the
	 * lexicographically smallest of the shortest paths. */
	int blank = board_blank(&x->b, &s2);
	unsigned v;
	if (exact_value(x, &s2, &v, &err) != TABLE_OK) {
		snprintf(msg, msglen, "refusing table: %s", err.msg);
		return SOLVE_BAD_TABLE;
	}
	int mod4 = x->meta->entry == TABLE_ENTRY_MOD4;
	for (unsigned step = 0; step < a->dist; step++) {
		int moved = 0;
		for (int ud = 0; ud < BOARD_NDIRS && !moved; ud++) {
			struct board_state nb = s2;
			int nbl = blank;
			unsigned nv;
			if (board_move(&x->b, &nb, &nbl, (enum board_dir)f.dir[ud]) != 0)
				continue;
			if (exact_value(x, &nb, &nv, &err) != TABLE_OK) {
				snprintf(msg, msglen, "refusing table: %s", err.msg);
				return SOLVE_BAD_TABLE;
			}
			if (nv == (mod4 ? ((v + 3) & 3) : v - 1)) {
				s2 = nb, blank = nbl, v = nv, moved = 1;
				a->path[step] = board_dir_char((enum board_dir)ud, 0);
			}
		}
		if (!moved) {
			snprintf(msg, msglen, "refusing table: no neighbour one move closer (the table is inconsistent)");
			return SOLVE_BAD_TABLE;
		}
		a->path[step + 1] = '\0';
	}
	return SOLVE_OK;
}
