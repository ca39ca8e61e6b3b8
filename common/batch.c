/* SPDX-License-Identifier: Zlib */
/* batch: answers a batch of puzzles through libslidetab, spread over threads as the library plans. */
#include "common/batch.h"

#include "libslidetab/base/pool.h"

int batch_run(slidetab *db, int threads, unsigned per_search, size_t n, void (*fn)(void *ctx, size_t i, int worker),
	      void *ctx, struct slidetab_error *err)
{
	unsigned per = slidetab_batch_threads(threads > 0 ? (unsigned)threads : 0, per_search, n);
	int rc = slidetab_set_threads(db, per, err);
	if (rc == SLIDETAB_OK)
		pool_run(threads / (int)per, n, fn, ctx);
	return rc;
}
