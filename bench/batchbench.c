/* SPDX-License-Identifier: Zlib */
/* batchbench: slidetab_distances against one slidetab_distance call a start, and slidetab_hint (starts on stdin). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slidetab.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* This thread's CPU time (the machine may be shared: wall time then counts other work too). */
static double cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Reads whitespace-separated boards of n tiles until EOF; returns how many. */
static size_t read_starts(int n, unsigned char **out)
{
	size_t cap = 1 << 16, count = 0;
	unsigned char *s = malloc(cap * (size_t)n);
	int v, k = 0;
	while (s && scanf("%d", &v) == 1) {
		if (count == cap && !(s = realloc(s, (cap *= 2) * (size_t)n)))
			break;
		s[count * (size_t)n + (size_t)k] = (unsigned char)v;
		if (++k == n)
			k = 0, count++;
	}
	*out = s;
	return s ? count : 0;
}

/* Usage: batchbench TABLES RxC THREADS < starts: prints one line a measure, best of three runs. */
int main(int argc, char **argv)
{
	int rows, cols;
	if (argc != 4 || sscanf(argv[2], "%dx%d", &rows, &cols) != 2) {
		fprintf(stderr, "usage: batchbench TABLES RxC THREADS < starts\n");
		return 2;
	}
	int n = rows * cols;
	unsigned char *s;
	size_t count = read_starts(n, &s);
	unsigned *d = malloc(count * sizeof *d), one, moves;
	slidetab *db;
	struct slidetab_error err;
	if (!count || !d || slidetab_open(&db, argv[1], &err) != SLIDETAB_OK ||
	    slidetab_set_threads(db, (unsigned)atoi(argv[3]), &err) != SLIDETAB_OK) {
		fprintf(stderr, "batchbench: %s\n", count && d ? err.msg : "no starts, or out of memory");
		return 1;
	}
	double best[3] = { 1e9, 1e9, 1e9 }, best_cpu = 1e9;
	size_t wrong = 0, hints = count < 100000 ? count : 100000;
	for (int run = 0; run < 3; run++) {
		double t0 = now(), c0 = cpu();
		if (slidetab_distances(db, rows, cols, count, s, NULL, d, &err) != SLIDETAB_OK) {
			fprintf(stderr, "batchbench: %s\n", err.msg);
			return 1;
		}
		double t1 = now(), c1 = cpu();
		best_cpu = c1 - c0 < best_cpu ? c1 - c0 : best_cpu;
		for (size_t i = 0; i < count; i++) {
			int rc = slidetab_distance(db, rows, cols, s + i * (size_t)n, NULL, &one, NULL);
			wrong += d[i] != (rc == SLIDETAB_OK ? one : SLIDETAB_NO_DISTANCE);
		}
		double t2 = now();
		for (size_t i = 0; i < hints; i++)
			wrong += slidetab_hint(db, rows, cols, s + i * (size_t)n, NULL, &one, &moves, NULL) ==
					 SLIDETAB_OK &&
				 one != d[i];
		double t3 = now(), t[3] = { t1 - t0, t2 - t1, t3 - t2 };
		for (int k = 0; k < 3; k++)
			best[k] = t[k] < best[k] ? t[k] : best[k];
	}
	printf("slidetab_distances, %s threads: %8.2f M boards/s (%zu boards in %.4f s)\n", argv[3],
	       (double)count / best[0] / 1e6, count, best[0]);
	printf("slidetab_distances, this thread's CPU time: %8.2f M boards/s (%.4f s; 1 thread only)\n",
	       (double)count / best_cpu / 1e6, best_cpu);
	printf("slidetab_distance, one call a board: %8.2f M boards/s (%.1f ns a call)\n",
	       (double)count / best[1] / 1e6, best[1] / (double)count * 1e9);
	printf("slidetab_hint, one call a board:     %8.3f us a call (%zu calls)\n", best[2] / (double)hints * 1e6,
	       hints);
	printf("ratio batch / one call a board:      %8.2fx\n", best[1] / best[0]);
	slidetab_close(db);
	free(s);
	free(d);
	if (wrong)
		printf("FAIL: %zu answers differ between the calls\n", wrong);
	return wrong ? 1 : 0;
}
