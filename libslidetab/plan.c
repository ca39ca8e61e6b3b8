/* plan: how a batch of puzzles is spread over threads (slidetab_batch_plan, then the batch's size). */
#include "libslidetab/plan.h"

int plan_batch(slidetab *db, int rows, int cols, unsigned threads, size_t n, int *searched, unsigned *per_search,
	       struct slidetab_error *err)
{
	int rc = slidetab_batch_plan(db, rows, cols, threads, searched, per_search, err);
	if (rc == SLIDETAB_OK && *searched)
		*per_search = plan_threads(threads, *per_search, n);
	return rc;
}

unsigned plan_threads(unsigned threads, unsigned per_search, size_t n)
{
	if (n == 0 || per_search == 0 || n >= threads / per_search)
		return per_search;
	return threads / (unsigned)n;
}
