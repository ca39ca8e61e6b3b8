/* SPDX-License-Identifier: Zlib */
/* pool: the one way work is spread over threads: each worker claims the next index until none are left. */
#include "libslidetab/base/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

struct pool_job {
	void (*fn)(void *ctx, size_t i, int worker);
	void *ctx;
	size_t count;
	_Atomic size_t next;
};

struct pool_worker {
	struct pool_job *job;
	int id;
};

static void *pool_loop(void *arg)
{
	struct pool_worker *w = arg;
	struct pool_job *j = w->job;
	for (;;) {
		size_t i = atomic_fetch_add(&j->next, 1);
		if (i >= j->count)
			return NULL;
		j->fn(j->ctx, i, w->id);
	}
}

int pool_run(int threads, size_t count, void (*fn)(void *ctx, size_t i, int worker), void *ctx)
{
	struct pool_job job = { .fn = fn, .ctx = ctx, .count = count };
	atomic_init(&job.next, 0);
	if (threads < 1)
		threads = 1;
	if (threads > POOL_MAX_THREADS)
		threads = POOL_MAX_THREADS;
	if ((size_t)threads > count)
		threads = count > 0 ? (int)count : 1;
	pthread_t tid[POOL_MAX_THREADS];
	struct pool_worker ws[POOL_MAX_THREADS];
	int started = 1;
	for (; started < threads; started++) {
		ws[started] = (struct pool_worker){ &job, started };
		if (pthread_create(&tid[started], NULL, pool_loop, &ws[started]) != 0)
			break;
	}
	ws[0] = (struct pool_worker){ &job, 0 };
	pool_loop(&ws[0]);
	for (int i = 1; i < started; i++)
		pthread_join(tid[i], NULL);
	return started;
}

int pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n;
}
