/* SPDX-License-Identifier: Zlib */
/* memprobe: this machine's memory limits on T threads: sequential read bandwidth and random 64-byte read-modify-writes a second. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/bigmem.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/base/pool.h"

/* One probe over a buffer of `bytes`: each of the pool's workers takes 1/threads of it. */
struct probe {
	struct bigmem mem; /* on huge pages, as the search's working set */
	uint64_t *buf;
	uint64_t words, per; /* words in all, words a worker */
	uint64_t ops;        /* random: updates a worker */
	int threads;
	uint64_t sink[POOL_MAX_THREADS * 8]; /* a sum a worker, 64 bytes apart, so that no read is dropped */
};

/* Sequential: worker i reads its share of the buffer once, 8 words a line. */
static void seq_read(void *ctx, size_t i, int worker)
{
	struct probe *p = ctx;
	const uint64_t *w = p->buf + i * p->per;
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	for (uint64_t k = 0; k + 4 <= p->per; k += 4) {
		s0 += w[k], s1 += w[k + 1], s2 += w[k + 2], s3 += w[k + 3];
	}
	p->sink[worker * 8] += s0 + s1 + s2 + s3;
}

/* Random: worker i increments one word in each of p->ops lines chosen by xorshift over the whole
 * buffer (independent addresses, so the core keeps several misses in flight, as the search does). */
static void rand_rmw(void *ctx, size_t i, int worker)
{
	struct probe *p = ctx;
	uint64_t x = 0x9e3779b97f4a7c15u * (i + 1), lines = p->words / 8;
	for (uint64_t k = 0; k < p->ops; k++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		p->buf[(x % lines) * 8]++;
	}
	p->sink[worker * 8] += x;
}

static double timed(struct probe *p, void (*fn)(void *, size_t, int))
{
	double t0 = clock_now();
	pool_run(p->threads, (size_t)p->threads, fn, p);
	return clock_now() - t0;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 2;
	if (threads < 1 || threads > POOL_MAX_THREADS || argc < 3) {
		fprintf(stderr, "usage: memprobe THREADS MIB...  (each MIB: one buffer of that size)\n");
		return 2;
	}
	printf("%-9s %8s %16s %22s\n", "buffer", "threads", "seq_read_GB/s", "random_64B_M/s");
	for (int a = 2; a < argc; a++) {
		uint64_t bytes = (uint64_t)atoi(argv[a]) << 20;
		struct probe *p = calloc(1, sizeof *p);
		if (!p || bytes < 4096 || bigmem_alloc(&p->mem, bytes) != 0) {
			fprintf(stderr, "memprobe: cannot allocate %s MiB\n", argv[a]);
			return 1;
		}
		p->buf = (uint64_t *)(void *)p->mem.p;
		memset(p->buf, 1, bytes); /* every page present before the clock starts */
		p->words = bytes / 8;
		p->per = p->words / (uint64_t)threads;
		p->threads = threads;
		double best = 1e30;
		for (int r = 0; r < 5; r++) { /* the fastest of 5 passes: the machine is shared */
			double t = timed(p, seq_read);
			best = t < best ? t : best;
		}
		double seq = (double)bytes / best / 1e9;
		p->ops = 4000000;
		best = 1e30;
		for (int r = 0; r < 3; r++) {
			double t = timed(p, rand_rmw);
			best = t < best ? t : best;
		}
		printf("%6s MiB %8d %16.2f %22.1f\n", argv[a], threads, seq, (double)p->ops * threads / best / 1e6);
		bigmem_free(&p->mem);
		free(p);
	}
	return 0;
}
