/* SPDX-License-Identifier: Zlib */
/* idabatch: many IDA* searches spread over the one worker pool, one puzzle a worker at a time. */
#include "common/idabatch.h"

#include <stdio.h>
#include <string.h>

#include "libslidetab/base/pool.h"

struct batch {
	const struct pdb_set *set;
	const struct board_state *starts, *goals, *goal;
	int max_depth;
	struct ida_result *res;
};

static void batch_one(void *ctx, size_t i, int worker)
{
	struct batch *bt = ctx;
	(void)worker;
	const struct board_state *g = bt->goals ? &bt->goals[i] : bt->goal;
	struct ida_result *r = &bt->res[i];
	struct slidetab_error e;
	if (ida_solve(bt->set, &bt->starts[i], g, bt->max_depth, r, &e) != SLIDETAB_OK) {
		memset(r, 0, sizeof *r);
		r->status = IDA_ERROR;
		r->length = -1;
		snprintf(r->err, sizeof r->err, "%s", e.msg);
	}
}

int ida_solve_batch(const struct pdb_set *set, size_t count, const struct board_state *starts,
		    const struct board_state *goals, const struct board_state *goal, int max_depth, int threads,
		    struct ida_result *res)
{
	struct batch bt = { .set = set,
			    .starts = starts,
			    .goals = goals,
			    .goal = goal ? goal : &set->goal,
			    .max_depth = max_depth,
			    .res = res };
	pool_run(threads, count, batch_one, &bt);
	return SLIDETAB_OK;
}
