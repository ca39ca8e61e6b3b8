/* SPDX-License-Identifier: Zlib */
/* run: answers every puzzle of an input stream through libslidetab, in input order, one line each. */
#include "query/run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/batch.h"
#include "common/input.h"

#define RUN_BATCH            256
#define RUN_MAX_PATH         SLIDETAB_MAX_PATH
#define RUN_MAX_BOUNDED_PATH (1 << 20) /* --fast paths: 16x16 ~10^4 moves, 2x128 ~5*10^4 */

/* One puzzle on its way from the input to the output. */
struct run_item {
	struct input_tiles s, g;
	long line, case_no;
	int status;           /* SLIDETAB_* of the answer, or SLIDETAB_EINVAL for bad input */
	int bad_goal;         /* SLIDETAB_EINVAL because --goal does not fit the puzzle's board */
	unsigned dist, moves; /* moves: --hint */
	unsigned lower;       /* --fast, --within: the lower bound */
	char path[RUN_MAX_PATH + 1];
	char *long_path; /* --fast, --within: the path (malloc'd; freed once printed) */
	char msg[256];
};

struct run_batch {
	int count, rows, cols;
	unsigned per_search; /* slidetab_batch_plan's for the board on r->threads */
	struct run_item items[RUN_BATCH];
};

int run_init(struct run *r)
{
	r->batch = calloc(1, sizeof *r->batch);
	return r->batch ? 0 : -1;
}

void run_free(struct run *r)
{
	free(r->batch);
	r->batch = NULL;
}

static void worse(struct run *r, int outcome)
{
	if (outcome > r->outcome)
		r->outcome = outcome;
}

/* Answers one item through the library (any thread). */
static void solve_item(const struct run *r, int rows, int cols, struct run_item *it)
{
	struct slidetab_error err;
	int want_path = r->out->path || r->out->show || r->out->hdu;
	it->path[0] = '\0';
	it->long_path = NULL;
	if (r->out->bounded) {
		size_t cap = RUN_MAX_BOUNDED_PATH;
		it->long_path = malloc(cap);
		it->status = it->long_path ? slidetab_solve_bounded(r->db, rows, cols, it->s.t, it->g.t, r->within,
								    it->long_path, cap, &it->dist, &it->lower, &err)
					   : err_set(&err, SLIDETAB_ENOMEM, "out of memory for the path");
	} else if (r->out->hint) {
		it->status = slidetab_hint(r->db, rows, cols, it->s.t, it->g.t, &it->dist, &it->moves, &err);
	} else if (want_path) {
		it->status = slidetab_path(r->db, rows, cols, it->s.t, it->g.t, it->path, sizeof it->path, &err);
		it->dist = (unsigned)strlen(it->path);
	} else {
		it->status = slidetab_distance(r->db, rows, cols, it->s.t, it->g.t, &it->dist, &err);
	}
	if (it->status != SLIDETAB_OK)
		snprintf(it->msg, sizeof it->msg, "%s", err.msg);
}

/* 1 when s reaches the corner goal with the blank first (first) or last: the permutation that
 * takes s to that goal and the blank's taxicab distance to its cell have the same parity. */
static int corner_solvable(const uint8_t *s, int rows, int cols, int first)
{
	int n = rows * cols, odd = 0, blank = 0;
	uint8_t seen[256] = { 0 };
	for (int i = 0; i < n; i++) {
		int len = 0;
		for (int j = i; !seen[j]; j = first ? s[j] : (s[j] + n - 1) % n) /* tile t's goal cell */
			seen[j] = 1, len++;
		odd ^= len > 0 && len % 2 == 0; /* a cycle of even length is an odd permutation */
		if (s[i] == 0)
			blank = i;
	}
	int gb = first ? 0 : n - 1, dist = abs(blank / cols - gb / cols) + abs(blank % cols - gb % cols);
	return odd == dist % 2;
}

/* Counts an answer for run_finish. */
static void count_answer(struct run *r, int rows, int cols, const struct run_item *it)
{
	const char *t = r->goal_text;
	int first = t && !strcmp(t, "first");
	if (r->pairs || r->out->hdu || (t && !first && strcmp(t, "last") != 0))
		return; /* not a corner goal of --goal */
	r->answered++;
	if (it->status == SLIDETAB_UNSOLVABLE) {
		r->unsolvable++;
		r->other_corner += corner_solvable(it->s.t, rows, cols, !first);
	}
}

void run_finish(const struct run *r)
{
	const char *t = r->goal_text;
	int first = t && !strcmp(t, "first");
	if (r->answered > 0 && r->unsolvable == r->answered && r->other_corner == r->answered)
		fprintf(stderr,
			"query: %s unsolvable for the goal with the blank %s, and each would be solvable with the "
			"blank %s: give --goal %s (AOJ 0121's goal is the blank first)\n",
			r->answered == 1 ? "the puzzle is" : "every puzzle is", first ? "first" : "last",
			first ? "last" : "first", first ? "last" : "first");
}

/* Prints one item: its answer, or `error` with its message on stderr (a table's message once). */
static void emit(struct run *r, const char *name, int rows, int cols, struct run_item *it)
{
	const struct output_opts *o = r->out;
	if (it->status == SLIDETAB_OK || it->status == SLIDETAB_UNSOLVABLE || it->status == SLIDETAB_ELIMIT) {
		struct output_answer a = { it->status, it->dist, it->long_path ? it->long_path : it->path, it->moves,
					   it->lower };
		output_answer(stdout, o, rows, cols, it->s.t, it->g.t, &a, it->line, it->case_no);
		if (!o->bounded)
			count_answer(r, rows, cols, it);
		free(it->long_path);
		it->long_path = NULL;
		return;
	}
	free(it->long_path);
	it->long_path = NULL;
	int once = it->bad_goal || it->status != SLIDETAB_EINVAL; /* a table's or --goal's message */
	if (!once)
		fprintf(stderr, "query: %s: %s\n", name, it->msg);
	else if (strcmp(r->last_msg, it->msg) != 0) {
		fprintf(stderr, "query: %s\n", it->msg);
		snprintf(r->last_msg, sizeof r->last_msg, "%s", it->msg);
	}
	output_error(stdout, o, it->line, it->case_no, it->msg);
	worse(r, it->bad_goal                      ? RUN_USAGE
		 : it->status == SLIDETAB_EINVAL   ? RUN_BADINPUT
		 : it->status == SLIDETAB_EFORMAT  ? RUN_BADTABLE
		 : it->status == SLIDETAB_ETIMEOUT ? RUN_TIMEOUT
						   : RUN_NOTABLE);
}

struct batch_ctx {
	const struct run *r;
	struct run_batch *q;
};

static void batch_one(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct batch_ctx *c = ctx;
	struct run_item *it = &c->q->items[i];
	if (it->status == SLIDETAB_OK) /* bad input keeps its SLIDETAB_EINVAL */
		solve_item(c->r, c->q->rows, c->q->cols, it);
}

/* Solves the waiting searched puzzles on r->threads threads, as the library plans them (5x5: one
 * puzzle at a time with every thread inside its search; 4x4: several puzzles at once, or fewer
 * puzzles than threads sharing them), and prints them in input order. */
static void flush_batch(struct run *r, const char *name)
{
	struct run_batch *q = r->batch;
	if (q->count == 0)
		return;
	struct batch_ctx c = { r, q };
	batch_run(r->db, r->threads, q->per_search, (size_t)q->count, batch_one, &c, NULL);
	for (int i = 0; i < q->count; i++)
		emit(r, name, q->rows, q->cols, &q->items[i]);
	q->count = 0;
}

/* The board being read. */
struct geom {
	int rows, cols, n;
};

/* Takes one read puzzle (or bad input) to the output, now or through the batch. */
static void take(struct run *r, const char *name, const struct geom *b, struct run_item *it, int searched,
		 unsigned per_search)
{
	struct run_batch *q = r->batch;
	it->long_path = NULL;
	if (!searched) {
		flush_batch(r, name);
		if (it->status == SLIDETAB_OK)
			solve_item(r, b->rows, b->cols, it);
		emit(r, name, b->rows, b->cols, it);
		return;
	}
	if (q->count > 0 && (q->rows != b->rows || q->cols != b->cols))
		flush_batch(r, name);
	q->rows = b->rows, q->cols = b->cols, q->per_search = per_search;
	q->items[q->count++] = *it;
	if (q->count == RUN_BATCH)
		flush_batch(r, name);
}

/* The goal of --goal (last, first, or a board) for board b. */
static int make_goal(const struct run *r, const struct geom *b, struct input_tiles *g, struct slidetab_error *err)
{
	const char *t = r->goal_text;
	memset(g, 0, sizeof *g);
	int first = t && !strcmp(t, "first");
	if (!t || !strcmp(t, "last") || first)
		for (int c = 0; c < b->n; c++)
			g->t[c] = (uint8_t)(first ? c : (c + 1) % b->n);
	else
		return input_parse_goal(t, b->rows, b->cols, g, err);
	return SLIDETAB_OK;
}

void run_stream(struct run *r, FILE *f, const char *name)
{
	struct input *in = malloc(sizeof *in);
	if (!in) {
		fprintf(stderr, "query: out of memory\n");
		worse(r, RUN_NOTABLE);
		return;
	}
	input_init(in, f, name, r->rows, r->cols, r->pairs || r->out->hdu);
	struct geom b = { 0 };
	struct input_tiles goal;
	int have_goal = 0, goal_rc = SLIDETAB_OK, searched = 1; /* searched: as the library plans board b */
	unsigned per_search = 1;
	struct slidetab_error err, goal_err;
	long announced = 0;
	if (r->out->hdu && input_read_count(in, &announced, &err) != SLIDETAB_OK) {
		fprintf(stderr, "query: %s: %s\n", name, err.msg);
		worse(r, RUN_BADINPUT);
	}
	for (;;) {
		struct run_item it;
		it.status = SLIDETAB_OK, it.bad_goal = 0;
		int got = input_next(in, &it.s, &it.g, &err);
		if (got == INPUT_EOF)
			break;
		it.line = in->result_line, it.case_no = ++r->cases;
		if (got == INPUT_ERROR) {
			it.status = SLIDETAB_EINVAL;
			snprintf(it.msg, sizeof it.msg, "%s", err.msg);
		} else if (b.n != in->n || b.rows != in->rows) {
			b.rows = in->rows, b.cols = in->cols, b.n = in->n;
			have_goal = 0;
			searched = 1;
			if (slidetab_batch_plan(r->db, b.rows, b.cols, (unsigned)r->threads, &searched, &per_search,
						NULL) != SLIDETAB_OK ||
			    r->out->bounded)
				searched = 0; /* answered one by one, as they come */
		}
		if (got == INPUT_PUZZLE && !(r->pairs || r->out->hdu)) {
			if (!have_goal) /* once a board: a --goal that does not fit it is every puzzle's error */
				goal_rc = make_goal(r, &b, &goal, &goal_err);
			have_goal = 1;
			it.g = goal;
			if (goal_rc != SLIDETAB_OK) {
				it.status = SLIDETAB_EINVAL, it.bad_goal = 1;
				snprintf(it.msg, sizeof it.msg, "%s", goal_err.msg);
			}
		}
		take(r, name, &b, &it, searched, per_search);
	}
	flush_batch(r, name);
	if (r->out->hdu && input_check_count(in, &err) != SLIDETAB_OK) {
		fprintf(stderr, "query: %s: %s\n", name, err.msg);
		worse(r, RUN_BADINPUT);
	}
	free(in);
}

FILE *run_open_input(const char *path)
{
	if (!strcmp(path, "-"))
		return stdin;
	FILE *f = fopen(path, "r");
	struct stat st;
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		f = NULL;
	}
	if (!f)
		fprintf(stderr, "query: %s: %s\n", path, strerror(errno));
	return f;
}
