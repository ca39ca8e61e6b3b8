/* SPDX-License-Identifier: Zlib */
/* batch: answers a batch of puzzles through libslidetab, spread over threads as the library plans. */
#ifndef SLIDETAB_BATCH_H
#define SLIDETAB_BATCH_H

#include <stddef.h>

#include "slidetab.h"

/* Calls fn(ctx, i, worker) for every i in [0, n) on up to `threads` threads, given per_search of
 * slidetab_batch_plan for the batch's board on those threads: each search on
 * slidetab_batch_threads(threads, per_search, n) threads (slidetab_set_threads on db), the rest
 * answering other puzzles at the same time. Returns a SLIDETAB_* status (a bad thread count). */
int batch_run(slidetab *db, int threads, unsigned per_search, size_t n, void (*fn)(void *ctx, size_t i, int worker),
	      void *ctx, struct slidetab_error *err);

#endif
