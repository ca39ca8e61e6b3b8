/* SPDX-License-Identifier: Zlib */
/* pool: the one way work is spread over threads: each worker claims the next index until none are left. */
#ifndef SLIDETAB_POOL_H
#define SLIDETAB_POOL_H

#include <stddef.h>

#define POOL_MAX_THREADS 256

/* Calls fn(ctx, i, worker) once for every i in [0, count), on at most `threads` threads (the
 * caller's own thread is worker 0), and returns when all calls have returned. Work is claimed one
 * index at a time, so an index may stand for a chunk. When the system refuses a thread, fewer
 * run: slower, still complete. Returns the number of workers that ran. */
int pool_run(int threads, size_t count, void (*fn)(void *ctx, size_t i, int worker), void *ctx);

/* The number of online processors (at least 1). */
int pool_cpus(void);

#endif
