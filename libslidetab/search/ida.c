/* SPDX-License-Identifier: Zlib */
/* ida: IDA* over sliding-tile states for one request: its frame, its iterations (plain, split over
 * threads, or A*+IDA*) and its answer. */
#include "libslidetab/search/ida.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/search/dfs.h"
#include "libslidetab/search/idaframe.h"
#include "libslidetab/search/idafsm.h"

/* An iteration expected to generate this many nodes (about a second) first checks the whole set
 * (pdb_set_verify: 16-26 ms for the 92 MB 6-6-6-6 set, read in place). */
#define IDA_VERIFY_NODES ((uint64_t)1 << 24)

/* The iterations of IDA* from the set-up search x for request rq (its max_depth and threads in
 * range) on rq->threads workers (one: all on this thread), switching to A*+IDA* when rq asks for it
 * (at most once). The first solution in letter order wins, so the path is the same for every thread
 * count and budget. 1 when a path of at most rq->max_depth was found, 0 not, -1 out of memory. */
static int iterate(struct search *x, const struct ida_request *rq)
{
	struct par P = { .set = x->set, .root = x };
	if (!(P.w = calloc((size_t)rq->threads, sizeof *P.w)))
		return -1;
	int h0 = root_h(x), found = 0;
	x->par = &P;
	if (is_goal(x)) {
		x->found_len = 0;
		found = 1;
	}
	uint64_t last = 0, growth = 8; /* the last iteration's nodes (0: none yet) and its growth */
	int hybrid_tried = 0, verify_tried = 0;
	for (x->bound = h0; !found && x->bound <= rq->max_depth && !x->failed && !x->timed_out;) {
		if (x->tick_at != UINT64_MAX) /* a hook or a deadline */
			progress_tick(x, 1, 0);
		if (x->timed_out)
			break;
		uint64_t before = x->nodes, expect = last * growth;
		/* a length alone: A* an iteration early, sized for the one after, so that the iteration
		 * expected to be large already goes in the order learned below the frontier (hybrid.c) */
		uint64_t ahead = rq->any_path ? expect * growth : expect;
		int hybrid_now = !hybrid_tried && hybrid_due(rq, ahead);
		/* a long search reads its whole set anyway: every block checked once here, so that
		 * lookups skip the test (a damaged block: they go on testing, and meet it if they need it) */
		if (!verify_tried && (hybrid_now || expect >= IDA_VERIFY_NODES)) {
			verify_tried = 1;
			x->checked = pdb_set_verify(x->set, NULL) != SLIDETAB_OK;
		}
		if (hybrid_now) {
			int rc = hybrid_search(x, &P, rq, ahead);
			hybrid_tried = 1;
			if (rc != 2) {
				found = rc;
				break;
			}
		}
		found = par_iterate(x, &P, rq->threads, expect);
		uint64_t made = x->nodes - before;
		if (last)
			growth = made / last < 2 ? 2 : made / last > 16 ? 16 : made / last;
		last = made;
		if (found || x->failed || x->next_bound >= (1 << 30))
			break;
		x->bound = x->next_bound;
	}
	x->par = NULL;
	free(P.items);
	free(P.w);
	return found;
}

/* Checks rq and maps its start into the set's frame (ms, inv_dir). SLIDETAB_OK, with res->status
 * IDA_UNSOLVABLE when there is nothing to search. */
static int request_frame(const struct ida_request *rq, struct board_state *ms, int8_t inv_dir[4],
			 struct ida_result *res, struct slidetab_error *err)
{
	const struct pdb_set *set = rq->set;
	const struct board *b = &set->b;
	const struct board_state *start = rq->start, *goal = rq->goal;
	int rows = rq->rows ? rq->rows : b->rows, cols = rq->rows ? rq->cols : b->cols;
	int tr = rows != b->rows || cols != b->cols;
	if (tr && (rows != b->cols || cols != b->rows))
		return err_set(err, SLIDETAB_EINVAL, "a %dx%d set does not answer %dx%d", b->rows, b->cols, rows, cols);
	if (!goal && tr)
		return err_set(err, SLIDETAB_EINVAL, "a %dx%d start needs its goal (the set is %dx%d)", rows, cols,
			       b->rows, b->cols);
	if (!goal)
		goal = &set->goal;
	if (!board_valid(b, start))
		return err_set(err, SLIDETAB_EFORMAT, "the start is not a valid %dx%d position", rows, cols);
	if (!board_valid(b, goal))
		return err_set(err, SLIDETAB_EFORMAT, "the goal is not a valid %dx%d position", rows, cols);
	if (rq->timeout < 0 || rq->timeout != rq->timeout)
		return err_set(err, SLIDETAB_EINVAL, "a timeout of %g s", rq->timeout);
	int rc = ida_map_goal(set, tr, start, goal, ms, inv_dir, err);
	if (rc == SLIDETAB_OK && !board_solvable(b, ms, &set->goal)) /* the frame keeps distances, so solvability */
		res->status = IDA_UNSOLVABLE;
	return rc;
}

/* The answer of search x into res (the path in the caller's letters). */
static int request_answer(const struct search *x, int found, const int8_t inv_dir[4], struct ida_result *res,
			  struct slidetab_error *err)
{
	if (x->failed) {
		memset(res, 0, sizeof *res);
		if (err)
			*err = x->err;
		return SLIDETAB_EFORMAT;
	}
	res->nodes = x->nodes;
	res->stored = x->stored;
	res->learned = x->learned;
	res->verified = !x->checked;
	if (x->timed_out && found <= 0)
		return err_set(err, SLIDETAB_ETIMEOUT, "no answer within %.3g s (bound %d, %llu nodes)",
			       x->deadline - x->t_start, x->bound, (unsigned long long)x->nodes);
	if (found > 0) {
		res->status = IDA_SOLVED;
		res->length = x->found_len;
		for (int i = 0; i < x->found_len; i++)
			res->path[i] = board_dir_char((enum board_dir)inv_dir[x->path[i]], 0);
		res->path[x->found_len] = 0;
	} else {
		res->status = IDA_NOT_WITHIN;
		res->length = -1;
	}
	return found < 0 ? err_set(err, SLIDETAB_ENOMEM, "out of memory") : SLIDETAB_OK;
}

int ida_search(const struct ida_request *rq, struct ida_result *res, struct slidetab_error *err)
{
	memset(res, 0, sizeof *res);
	struct board_state ms;
	int8_t inv_dir[4];
	int rc = request_frame(rq, &ms, inv_dir, res, err);
	if (rc != SLIDETAB_OK || res->status == IDA_UNSOLVABLE)
		return rc;
	struct ida_request in = *rq; /* in range */
	if (in.max_depth <= 0 || in.max_depth > IDA_MAX_DEPTH)
		in.max_depth = IDA_MAX_DEPTH;
	if (in.threads < 1)
		in.threads = 1;
	const struct idafsm *fsm = idafsm_get();
	struct search *x = fsm ? malloc(sizeof *x) : NULL;
	if (!x)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	search_init(x, rq->set, &ms, NULL);
	int8_t order[BOARD_NDIRS];
	for (int d = 0; d < BOARD_NDIRS; d++)
		order[inv_dir[d]] = (int8_t)d;
	set_order(x, order, fsm->next);
	x->t_start = clock_now();
	if (rq->hook && rq->hook->fn) {
		x->hook = rq->hook;
		x->t0 = x->t_start;
		x->tick_at = IDA_TICK_NODES;
	}
	if (rq->timeout > 0) {
		x->deadline = x->t_start + rq->timeout;
		x->tick_at = IDA_TICK_NODES;
	}
	int found = iterate(x, &in);
	if (x->hook)
		progress_tick(x, 1, 1);
	rc = request_answer(x, found, inv_dir, res, err);
	free(x);
	return rc;
}
