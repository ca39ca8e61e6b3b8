/* SPDX-License-Identifier: Zlib */
/* search: the optimal Gap solver: A* over the reduced move graph, with a memory cap (docs/gap.md). */
#ifndef SLIDETAB_GAP_SEARCH_H
#define SLIDETAB_GAP_SEARCH_H

#include <stddef.h>

#include "gap/layout.h"

#define GAP_DEFAULT_MEM_LIMIT ((size_t)256 << 20) /* 256 MiB of search structures per layout */

struct gap_options {
	int path;         /* after each count line print the moves: "<n>: 12@r1c3 45@r2c7 ..." */
	int show;         /* after each count (and path) line print the layouts along the solution */
	size_t mem_limit; /* cap on the bytes of one search's structures; 0 = GAP_DEFAULT_MEM_LIMIT */
};

struct gap_result {
	int moves;                    /* minimum number of moves; -1 when unsolvable or on error */
	int proved_dead;              /* impossibility was proved at the start, without search */
	unsigned long long expanded;  /* states expanded */
	unsigned long long dead;      /* states found dead when about to be expanded */
	unsigned long long generated; /* successors generated (before duplicate detection) */
	size_t states;                /* distinct states stored */
	size_t peak_bytes;            /* peak bytes of the search structures */
	struct gap_move *path;        /* the moves when asked for and solved (malloc'd), else NULL */
	size_t path_len;
};

/*
 * Finds the minimum number of moves from start to the goal: A* with an admissible lower bound,
 * a partial-order reduction that keeps distances exact and a test for dead layouts (docs/gap.md).
 * opt may be NULL (defaults); the move list is recorded when opt->path or opt->show. Returns
 * SLIDETAB_OK (res->moves is the minimum), SLIDETAB_UNSOLVABLE (the goal cannot be reached),
 * SLIDETAB_EINVAL (start is not a valid layout: see gap_layout_check), SLIDETAB_ELIMIT (the
 * search needed more than the memory cap) or SLIDETAB_ENOMEM; err says which. res is always
 * filled (its counters too); free it with gap_result_free.
 */
int gap_solve(const struct gap_layout *start, const struct gap_options *opt, struct gap_result *res,
	      struct slidetab_error *err);

void gap_result_free(struct gap_result *res);

#endif
