/* SPDX-License-Identifier: Zlib */
/* testida: IDA* without a request, one puzzle on one thread (testida_solve) or many over the worker
 * pool, one puzzle a worker at a time (testida_batch), for the tests and the benchmarks. */
#ifndef SLIDETAB_TESTIDA_H
#define SLIDETAB_TESTIDA_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "libslidetab/base/pool.h"
#include "libslidetab/search/ida.h"

/* ida_search of start -> goal (NULL: the set's goal) on the set's own board, one thread, no hook,
 * no deadline, plain IDA* (max_depth <= 0: IDA_MAX_DEPTH). */
static inline int testida_solve(const struct pdb_set *set, const struct board_state *start,
				const struct board_state *goal, int max_depth, struct ida_result *res,
				struct slidetab_error *err)
{
	struct ida_request rq = { .set = set, .start = start, .goal = goal, .max_depth = max_depth, .threads = 1 };
	return ida_search(&rq, res, err);
}

struct testida_batch {
	const struct pdb_set *set;
	const struct board_state *starts, *goals, *goal;
	int max_depth;
	struct ida_result *res;
};

static inline void testida_batch_one(void *ctx, size_t i, int worker)
{
	struct testida_batch *bt = ctx;
	(void)worker;
	const struct board_state *g = bt->goals ? &bt->goals[i] : bt->goal;
	struct ida_result *r = &bt->res[i];
	struct slidetab_error e;
	if (testida_solve(bt->set, &bt->starts[i], g, bt->max_depth, r, &e) != SLIDETAB_OK) {
		memset(r, 0, sizeof *r);
		r->status = IDA_ERROR;
		r->length = -1;
		snprintf(r->err, sizeof r->err, "%s", e.msg);
	}
}

/* Solves count puzzles with `threads` workers (each worker takes the next unsolved puzzle);
 * res[i] answers starts[i] -> goals[i] (goals NULL: every puzzle uses *goal, or the set's goal
 * when goal is NULL too). A puzzle's error is IDA_ERROR in res[i], its message in res[i].err. */
static inline void testida_batch(const struct pdb_set *set, size_t count, const struct board_state *starts,
				 const struct board_state *goals, const struct board_state *goal, int max_depth,
				 int threads, struct ida_result *res)
{
	struct testida_batch bt = { .set = set,
				    .starts = starts,
				    .goals = goals,
				    .goal = goal ? goal : &set->goal,
				    .max_depth = max_depth,
				    .res = res };
	pool_run(threads, count, testida_batch_one, &bt);
}

#endif
