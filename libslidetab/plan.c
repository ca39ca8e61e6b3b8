/* SPDX-License-Identifier: Zlib */
/* plan: how a batch of puzzles is spread over threads: slidetab_batch_plan, then the batch's size. */
#include "libslidetab/plan.h"

#include "libslidetab/answer.h"
#include "libslidetab/base/err.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/handle.h"

/* Boards of at least this many cells are searched with every thread inside one search (5x5: seconds to
 * minutes a puzzle); smaller searched boards (4x4: milliseconds) answer several puzzles at once. */
#define API_INNER_CELLS 25

int slidetab_batch_plan(slidetab *db, int rows, int cols, unsigned threads, int *searched, unsigned *per_search,
			struct slidetab_error *err)
{
	const struct board *b;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (!searched || !per_search)
		return err_set(err, SLIDETAB_EINVAL, "no place for the plan (NULL)");
	if (threads < 1 || threads > POOL_MAX_THREADS)
		return err_set(err, SLIDETAB_EINVAL, "%u threads: give 1 to %d", threads, POOL_MAX_THREADS);
	int rc = handle_geometry(rows, cols, &b, err);
	if (rc != SLIDETAB_OK)
		return rc;
	*searched = !tabname_is_exact(rows, cols);
	*per_search = *searched && b->n >= API_INNER_CELLS ? threads : 1;
	return SLIDETAB_OK;
}

int plan_batch(slidetab *db, int rows, int cols, unsigned threads, size_t n, int *searched, unsigned *per_search,
	       struct slidetab_error *err)
{
	int rc = slidetab_batch_plan(db, rows, cols, threads, searched, per_search, err);
	if (rc == SLIDETAB_OK && *searched)
		*per_search = slidetab_batch_threads(threads, *per_search, n);
	return rc;
}
