/* batch: answers a batch of puzzles through libslidetab, spread over threads as the library plans. */
#include "common/batch.h"

#include "libslidetab/base/pool.h"
#include "libslidetab/plan.h"

int batch_run(slidetab *db, int rows, int cols, int threads, size_t n, void (*fn)(void *ctx, size_t i, int worker),
	      void *ctx, struct slidetab_error *err)
{
	int searched;
	unsigned per_search;
	int rc = plan_batch(db, rows, cols, threads > 0 ? (unsigned)threads : 0, n, &searched, &per_search, err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_threads(db, per_search, err);
	if (rc == SLIDETAB_OK)
		pool_run(threads / (int)per_search, n, fn, ctx);
	return rc;
}
