/* SPDX-License-Identifier: Zlib */
/* plan: how a batch of puzzles is spread over threads, for slidetab_distances. */
#ifndef SLIDETAB_PLAN_H
#define SLIDETAB_PLAN_H

#include <stddef.h>

#include "slidetab.h"

/* slidetab_batch_plan for a batch of n puzzles on `threads` threads: *searched and *per_search as
 * it says, except that a searched batch of fewer puzzles than it would answer at a time shares the
 * threads among them (slidetab_batch_threads). The batch then answers threads / *per_search at a time. */
int plan_batch(slidetab *db, int rows, int cols, unsigned threads, size_t n, int *searched, unsigned *per_search,
	       struct slidetab_error *err);

#endif
