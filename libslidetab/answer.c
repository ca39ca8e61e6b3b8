/* SPDX-License-Identifier: Zlib */
/* answer: slidetab_distance and slidetab_path, and the internal interface of answer.h (batch.c, hint.c):
 * a board checked, then looked up in its exact table or searched by IDA* over its set. */
#include <stdlib.h>
#include <string.h>

#include "libslidetab/answer.h"
#include "libslidetab/base/err.h"
#include "libslidetab/handle.h"
#include "libslidetab/table/exact.h"
#include "slidetab.h"

static _Thread_local struct {
	int valid, rows, cols;
	struct board b;
} tls_board;

int handle_geometry(int rows, int cols, const struct board **b, struct slidetab_error *err)
{
	if (!tls_board.valid || tls_board.rows != rows || tls_board.cols != cols) {
		tls_board.valid = 0;
		if (board_init(&tls_board.b, rows, cols) != 0 && rows >= 2 && cols >= 2 &&
		    rows <= BOARD_ANY_MAX_CELLS && cols <= BOARD_ANY_MAX_CELLS && rows * cols <= BOARD_ANY_MAX_CELLS)
			return err_set(err, SLIDETAB_EINVAL,
				       "%dx%d: optimal answers cover boards up to %d cells; slidetab_solve_bounded "
				       "(query --fast, any board, or --within W) answers it",
				       rows, cols, BOARD_MAX_CELLS);
		if (board_init(&tls_board.b, rows, cols) != 0)
			return err_set(err, SLIDETAB_EINVAL, "%dx%d is not a board (" BOARD_RULE ")", rows, cols);
		tls_board.valid = 1, tls_board.rows = rows, tls_board.cols = cols;
	}
	*b = &tls_board.b;
	return SLIDETAB_OK;
}

/* Checks a board's tiles and fills the state. */
static int read_board(const struct board *b, const unsigned char *tiles, const char *what, struct board_state *s,
		      struct slidetab_error *err)
{
	if (!tiles)
		return err_set(err, SLIDETAB_EINVAL, "no %s (NULL)", what);
	memset(s, 0, sizeof *s);
	memcpy(s->t, tiles, (size_t)b->n);
	if (!board_valid(b, s))
		return err_set(err, SLIDETAB_EINVAL, "the %s is not a %dx%d board: it must hold 0..%d once each", what,
			       b->rows, b->cols, b->n - 1);
	return SLIDETAB_OK;
}

/* From an exact table: a lookup, then (for a path) a greedy walk in the user's letter order. */
static int answer_exact(slidetab *db, const struct board *b, const struct board_state *s, const struct board_state *g,
			unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	const struct lib_prep *p;
	int rc = lookup_prepare(db, b, g, &p, err);
	if (rc != SLIDETAB_OK)
		return rc;
	struct tcache_slot *t = p->table; /* pinned by prepare */
	struct exact *x = &t->x;
	struct board_state ts;
	memset(&ts, 0, sizeof ts);
	frame_map(&p->f, b->n, s, &ts);
	rc = exact_distance(x, &ts, dist, err);
	if (rc == SLIDETAB_OK && path && *dist >= cap)
		rc = err_set(err, SLIDETAB_EINVAL, "the path has %u moves: it needs %u bytes, the buffer has %zu",
			     *dist, *dist + 1, cap);
	else if (rc == SLIDETAB_OK && path)
		rc = exact_path(x, p->f.dir, &ts, *dist, path, err);
	tcache_unpin(t);
	return rc;
}

/* By IDA* over a pattern-database set: at most max_depth moves (0: no limit), `threads` threads. */
static int search_set(slidetab *db, const struct pdb_set *set, const struct board *b, const struct board_state *s,
		      const struct board_state *g, unsigned max_depth, unsigned threads, unsigned *dist, char *path,
		      size_t cap, struct slidetab_error *err)
{
	int rc;
	struct ida_result *res = malloc(sizeof *res);
	if (!res)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	pthread_mutex_lock(&db->lock);
	struct ida_hook hook = db->progress;
	pthread_mutex_unlock(&db->lock);
	struct ida_request rq = { .set = set,
				  .rows = b->rows,
				  .cols = b->cols,
				  .start = s,
				  .goal = g,
				  .max_depth = (int)max_depth,
				  .threads = (int)threads,
				  .hook = &hook,
				  .memory = atomic_load(&db->memory),
				  /* A*+IDA* for a distance alone: for the smallest path it costs more than it
				   * saves (bench-24, docs/pdb.md) */
				  .astar = path ? IDA_ASTAR_OFF : IDA_ASTAR_AUTO,
				  .any_path = path == NULL,
				  .timeout = (double)atomic_load(&db->timeout_us) / 1e6 };
	rc = ida_search(&rq, res, err);
	if (rc == SLIDETAB_OK && res->status == IDA_NOT_WITHIN)
		rc = err_set(err, SLIDETAB_ELIMIT, "no solution within %u moves", max_depth);
	else if (rc == SLIDETAB_OK && res->status == IDA_UNSOLVABLE)
		rc = err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	if (rc == SLIDETAB_OK) {
		*dist = (unsigned)res->length;
		if (path && *dist >= cap)
			rc = err_set(err, SLIDETAB_EINVAL,
				     "the path has %u moves: it needs %u bytes, the buffer has %zu", *dist, *dist + 1,
				     cap);
		else if (path)
			memcpy(path, res->path, *dist + 1);
	}
	free(res);
	return rc;
}

/* By IDA* over the pattern databases of the goal's blank class. */
static int answer_search(slidetab *db, const struct board *b, const struct board_state *s, const struct board_state *g,
			 unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	struct pdb_set *set = NULL;
	int rc = lookup_set(db, b, board_blank(b, g), &set, err);
	if (rc != SLIDETAB_OK)
		return rc;
	return search_set(db, set, b, s, g, atomic_load(&db->max_depth), atomic_load(&db->threads), dist, path, cap,
			  err);
}

/* Answers one puzzle: its distance, and the path when path is not NULL (room for cap bytes). */
static int answer(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		  unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	const struct board *b;
	struct board_state s, g;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	int rc = handle_geometry(rows, cols, &b, err);
	if (rc == SLIDETAB_OK)
		rc = read_board(b, start, "start", &s, err);
	if (rc == SLIDETAB_OK && goal)
		rc = read_board(b, goal, "goal", &g, err);
	else if (rc == SLIDETAB_OK)
		board_goal(b, b->n - 1, &g);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!board_solvable(b, &s, &g))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal (the parities differ)");
	if (!tabname_is_exact(b->rows, b->cols)) /* searched (IDA*), not looked up */
		return answer_search(db, b, &s, &g, dist, path, cap, err);
	return answer_exact(db, b, &s, &g, dist, path, cap, err);
}

int slidetab_distance(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		      unsigned *dist, struct slidetab_error *err)
{
	if (!dist)
		return err_set(err, SLIDETAB_EINVAL, "no place for the distance (NULL)");
	return answer(db, rows, cols, start, goal, dist, NULL, 0, err);
}

int slidetab_path(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal, char *moves,
		  size_t cap, struct slidetab_error *err)
{
	unsigned dist;
	if (!moves || cap == 0)
		return err_set(err, SLIDETAB_EINVAL, "no room for the moves");
	moves[0] = '\0';
	return answer(db, rows, cols, start, goal, &dist, moves, cap, err);
}

/* The internal interface of libslidetab/answer.h (batch.c, hint.c). */
int answer_goal(slidetab *db, int rows, int cols, const unsigned char *goal, struct answer_goal *ag,
		struct slidetab_error *err)
{
	const struct board *b;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	int rc = handle_geometry(rows, cols, &b, err);
	if (rc != SLIDETAB_OK)
		return rc;
	memset(ag, 0, sizeof *ag);
	ag->b = *b;
	if (goal && (rc = read_board(b, goal, "goal", &ag->g, err)) != SLIDETAB_OK)
		return rc;
	if (!goal)
		board_goal(b, b->n - 1, &ag->g);
	ag->searched = !tabname_is_exact(rows, cols);
	ag->threads = atomic_load(&db->threads);
	ag->max_depth = atomic_load(&db->max_depth);
	return SLIDETAB_OK;
}

int answer_open(slidetab *db, struct answer_goal *ag, struct slidetab_error *err)
{
	if (ag->searched)
		return lookup_set(db, &ag->b, board_blank(&ag->b, &ag->g), &ag->set, err);
	const struct lib_prep *p;
	int rc = lookup_prepare(db, &ag->b, &ag->g, &p, err); /* pins the table */
	if (rc == SLIDETAB_OK) {
		ag->x = &p->table->x;
		ag->f = p->f;
		ag->pin = p->table;
	}
	return rc;
}

void answer_close(struct answer_goal *ag)
{
	if (ag->pin)
		tcache_unpin(ag->pin);
	ag->pin = NULL;
}

int answer_start(const struct answer_goal *ag, const unsigned char *tiles, const char *what, struct board_state *s,
		 struct slidetab_error *err)
{
	return read_board(&ag->b, tiles, what, s, err);
}

int answer_set_search(slidetab *db, const struct answer_goal *ag, const struct board_state *s, unsigned max_depth,
		      unsigned threads, unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	return search_set(db, ag->set, &ag->b, s, &ag->g, max_depth, threads, dist, path, cap, err);
}
