/* batch: answers a batch of puzzles through libslidetab, spread over threads as the library plans. */
#ifndef SLIDETAB_BATCH_H
#define SLIDETAB_BATCH_H

#include <stddef.h>

#include "slidetab.h"

/* Calls fn(ctx, i, worker) for every i in [0, n) on up to `threads` threads as slidetab_batch_plan
 * says for rows x cols: each search on its planned threads (slidetab_set_threads on db), the rest
 * answering other puzzles at the same time. Returns a SLIDETAB_* status (a bad board or count). */
int batch_run(slidetab *db, int rows, int cols, int threads, size_t n, void (*fn)(void *ctx, size_t i, int worker),
	      void *ctx, struct slidetab_error *err);

#endif
