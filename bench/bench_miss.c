/* SPDX-License-Identifier: Zlib */
/* bench_miss: what a call for a missing table costs on a handle that remembers the miss (looks for
 * it again at most once a second), against a lookup in a present table and against looking for the
 * file on every call (one stat per folder of the search path, what the handle does when it looks again).
 *
 * bench_miss DIR: DIR holds 3x3-b0.tbl and no 3x3-b1.tbl. The three are timed in turns, five rounds,
 * in one run; prints each one's ns per call (the median round) and the ratios. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "slidetab.h"

#define CALLS  200000
#define ROUNDS 5

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: bench_miss DIR (DIR holds 3x3-b0.tbl, not 3x3-b1.tbl)\n");
		return 2;
	}
	slidetab *db;
	struct slidetab_error err;
	if (slidetab_open(&db, argv[1], &err) != SLIDETAB_OK) {
		fprintf(stderr, "bench_miss: %s\n", err.msg);
		return 1;
	}
	/* a start 2 moves from each goal: the corner goal (present) and the edge goal (missing) */
	unsigned char start[9] = { 1, 2, 3, 4, 5, 0, 7, 8, 6 }, edge_s[9] = { 1, 2, 5, 3, 4, 0, 6, 7, 8 },
		      edge_g[9] = { 1, 0, 2, 3, 4, 5, 6, 7, 8 };
	char path[1100];
	snprintf(path, sizeof path, "%s/3x3-b1.tbl", argv[1]);
	double t[3][ROUNDS];
	unsigned d, sum = 0;
	int bad = 0;
	for (int r = 0; r < ROUNDS; r++) {
		double t0 = now();
		for (int i = 0; i < CALLS; i++)
			bad |= slidetab_distance(db, 3, 3, start, NULL, &d, NULL) != SLIDETAB_OK || d != 1, sum += d;
		double t1 = now();
		for (int i = 0; i < CALLS; i++)
			bad |= slidetab_distance(db, 3, 3, edge_s, edge_g, &d, NULL) != SLIDETAB_ENOTABLE;
		double t2 = now();
		struct stat st;
		for (int i = 0; i < CALLS; i++)
			bad |= stat(path, &st) == 0;
		double t3 = now();
		t[0][r] = (t1 - t0) / CALLS * 1e9, t[1][r] = (t2 - t1) / CALLS * 1e9, t[2][r] = (t3 - t2) / CALLS * 1e9;
	}
	slidetab_close(db);
	if (bad) {
		fprintf(stderr, "bench_miss: a call did not answer as expected (sum %u)\n", sum);
		return 1;
	}
	for (int k = 0; k < 3; k++)
		qsort(t[k], ROUNDS, sizeof t[k][0], cmp);
	double hit = t[0][ROUNDS / 2], miss = t[1][ROUNDS / 2], look = t[2][ROUNDS / 2];
	printf("%-34s %9s\n", "call", "ns/call");
	printf("%-34s %9.1f\n", "present table (3x3 corner goal)", hit);
	printf("%-34s %9.1f\n", "missing table, miss remembered", miss);
	printf("%-34s %9.1f\n", "one stat() of the missing name", look);
	printf("# remembered miss / present lookup: %.2f; one stat / remembered miss: %.2f\n", miss / hit, look / miss);
	return 0;
}
