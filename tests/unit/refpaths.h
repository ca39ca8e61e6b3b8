/* SPDX-License-Identifier: Zlib */
/* refpaths: the tests' independent optimal solver: a Manhattan-distance IDA* in letter order that
 * counts every optimal path, so the smallest is known (short positions of up to 25 cells). */
#ifndef SLIDETAB_REFPATHS_H
#define SLIDETAB_REFPATHS_H

#include <stdlib.h>
#include <string.h>

#define REFPATHS_MAX_CELLS 25
#define REFPATHS_MAX_LEN   80

struct refpaths {
	int rows, cols, n;
	int where[REFPATHS_MAX_CELLS]; /* [tile]: its goal cell */
	unsigned char s[REFPATHS_MAX_CELLS];
	char path[REFPATHS_MAX_LEN + 1], best[REFPATHS_MAX_LEN + 1];
	long found; /* optimal paths found in the last iteration */
};

/* The blank's neighbour of cell in direction d (d l r u), or -1. */
static inline int refpaths_step(const struct refpaths *x, int cell, int d)
{
	int r = cell / x->cols, c = cell % x->cols;
	switch (d) {
	case 0: return r + 1 < x->rows ? cell + x->cols : -1;
	case 1: return c > 0 ? cell - 1 : -1;
	case 2: return c + 1 < x->cols ? cell + 1 : -1;
	default: return r > 0 ? cell - x->cols : -1;
	}
}

static inline int refpaths_manhattan(const struct refpaths *x)
{
	int h = 0;
	for (int c = 0; c < x->n; c++)
		if (x->s[c]) {
			int w = x->where[x->s[c]];
			h += abs(c / x->cols - w / x->cols) + abs(c % x->cols - w % x->cols);
		}
	return h;
}

/* Depth-first in letter order below depth g with the blank at b; counts every path to the goal of
 * exactly `bound` moves and keeps the first (the smallest). */
static inline void refpaths_dfs(struct refpaths *x, int g, int b, int bound, int back)
{
	int h = refpaths_manhattan(x);
	if (h == 0) {
		if (g == bound && x->found++ == 0) {
			memcpy(x->best, x->path, (size_t)g);
			x->best[g] = '\0';
		}
		return;
	}
	if (g + h > bound)
		return;
	for (int d = 0; d < 4; d++) {
		int to = refpaths_step(x, b, d);
		if (to < 0 || d == back)
			continue;
		x->s[b] = x->s[to], x->s[to] = 0;
		x->path[g] = "dlru"[d];
		refpaths_dfs(x, g + 1, to, bound, 3 - d);
		x->s[to] = x->s[b], x->s[b] = 0;
	}
}

/* The optimal length from start to goal (rows x cols, solvable), the smallest optimal path into
 * best[REFPATHS_MAX_LEN + 1] and how many optimal paths there are; -1 for a board of more than
 * REFPATHS_MAX_CELLS cells. */
static inline int refpaths_solve(int rows, int cols, const unsigned char *start, const unsigned char *goal, char *best,
				 long *count)
{
	struct refpaths x = { .rows = rows, .cols = cols, .n = rows * cols };
	int b = 0;
	if (x.n < 1 || x.n > REFPATHS_MAX_CELLS)
		return -1;
	for (int c = 0; c < x.n; c++)
		x.where[goal[c]] = c;
	memcpy(x.s, start, (size_t)x.n);
	for (int c = 0; c < x.n; c++)
		if (!start[c])
			b = c;
	for (int bound = refpaths_manhattan(&x);; bound += 2) {
		refpaths_dfs(&x, 0, b, bound, -1);
		if (x.found) {
			strcpy(best, x.best);
			*count = x.found;
			return bound;
		}
	}
}

#endif
