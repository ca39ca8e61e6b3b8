/* plan: how a batch of puzzles is spread over threads, for slidetab_distances and common/batch.c. */
#ifndef SLIDETAB_PLAN_H
#define SLIDETAB_PLAN_H

#include <stddef.h>

#include "slidetab.h"

/* slidetab_batch_plan for a batch of n puzzles on `threads` threads: *searched and *per_search as
 * it says, except that a searched batch of fewer puzzles than it would answer at a time shares the
 * threads among them (plan_threads). The batch then answers threads / *per_search at a time. */
int plan_batch(slidetab *db, int rows, int cols, unsigned threads, size_t n, int *searched, unsigned *per_search,
	       struct slidetab_error *err);

/* The threads each search of a batch of n searched puzzles uses on `threads` threads: the plan's
 * per_search, or, when the batch holds fewer puzzles than it would answer at a time, the threads
 * shared among them (one 4x4 puzzle: every thread inside its search). */
unsigned plan_threads(unsigned threads, unsigned per_search, size_t n);

#endif
