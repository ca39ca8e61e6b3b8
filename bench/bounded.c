/* SPDX-License-Identifier: Zlib */
/* bounded: times slidetab_solve_bounded per puzzle through one handle (tables loaded once), for make bench-bounded. */
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

/* Usage: bounded TABLES ROWS COLS W LIMIT [-v] < puzzles (one a line, rows*cols tiles; goal blank last).
 * The tables are preloaded (SLIDETAB_PRELOAD) by answering the goal first, untimed.
 * Prints the answered count, mean and worst seconds, and how many lengths are <= W x bound; a
 * puzzle over LIMIT moves (slidetab_set_max_depth, 0: none) counts as not answered. */
int main(int argc, char **argv)
{
	int verbose = argc == 7 && !strcmp(argv[6], "-v");
	if (argc != 6 && !verbose) {
		fprintf(stderr, "usage: bounded TABLES ROWS COLS W MAXDEPTH [-v] < puzzles\n");
		return 2;
	}
	int rows = atoi(argv[2]), cols = atoi(argv[3]), n = rows * cols;
	double w = atof(argv[4]);
	slidetab *db;
	struct slidetab_error err;
	static char moves[1 << 20];
	unsigned char s[256];
	unsigned len, lb;
	for (int c = 0; c < n; c++) /* the goal: answering it loads the tables (untimed) */
		s[c] = (unsigned char)((c + 1) % n);
	if (slidetab_open_flags(&db, argv[1], SLIDETAB_PRELOAD, &err) != SLIDETAB_OK ||
	    slidetab_set_max_depth(db, (unsigned)atoi(argv[5]), &err) != SLIDETAB_OK ||
	    slidetab_solve_bounded(db, rows, cols, s, NULL, w, moves, sizeof moves, &len, &lb, &err) != SLIDETAB_OK) {
		fprintf(stderr, "bounded: %s\n", err.msg);
		return 2;
	}
	int count = 0, answered = 0, within = 0, failed = 0;
	double total = 0, worst = 0;
	for (;;) {
		int k = 0, v;
		while (k < n && scanf("%d", &v) == 1)
			s[k++] = (unsigned char)v;
		if (k < n)
			break;
		count++;
		double t0 = now();
		int rc = slidetab_solve_bounded(db, rows, cols, s, NULL, w, moves, sizeof moves, &len, &lb, &err);
		double t = now() - t0;
		if (verbose)
			fprintf(stderr, "%d: status %d, %u >= %u, %.1f ms\n", count, rc, len, lb, t * 1e3);
		if (rc != SLIDETAB_OK) {
			failed++;
			continue;
		}
		answered++, total += t;
		worst = t > worst ? t : worst;
		within += w == 0 || len <= w * lb + 1e-9;
	}
	printf("  %d of %d answered (%d not: over the depth limit or unsolvable), mean %.1f ms, worst %.1f ms",
	       answered, count, failed, answered ? total / answered * 1e3 : 0.0, worst * 1e3);
	if (w > 0)
		printf("; length <= %g x bound: %d of %d", w, within, answered);
	printf("\n");
	slidetab_close(db);
	return 0;
}
