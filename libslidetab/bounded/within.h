/* SPDX-License-Identifier: Zlib */
/* within: weighted IDA* over a pattern-database set: a path proven at most W times the optimum. */
#ifndef SLIDETAB_WITHIN_H
#define SLIDETAB_WITHIN_H

#include <stddef.h>

#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"

#define WITHIN_MAX_LENGTH 1000 /* longest path the search builds */

/*
 * Weighted IDA* (f = g + W h, with the set's admissible h maximised over its reflection): each
 * iteration searches depth-first below the threshold, the next threshold is the least f that went
 * over. Every node of an optimal path has f <= W (g + h) <= W C*, so every threshold tried stays
 * <= W C* until one finds a path, whose length g = f <= threshold <= W C*. W is taken to 1/1000
 * below (w1000 = floor(1000 W), 1000 <= w1000), so the bound holds for the W given.
 *
 * start and goal are states of a rows x cols board that the set answers through a board symmetry
 * (frame_find); otherwise SLIDETAB_ENOTABLE. The path (malloc'd, NUL-terminated, in the caller's
 * letters) and its length; *h0 gets the heuristic of the start (a lower bound on the optimum).
 * max_len 0: WITHIN_MAX_LENGTH; a longer path is SLIDETAB_ELIMIT. SLIDETAB_OK, SLIDETAB_UNSOLVABLE,
 * SLIDETAB_ENOTABLE, SLIDETAB_EFORMAT (a damaged block), SLIDETAB_ELIMIT or SLIDETAB_ENOMEM.
 */
int within_solve(const struct pdb_set *set, int rows, int cols, const struct board_state *start,
		 const struct board_state *goal, unsigned w1000, unsigned max_len, char **moves, size_t *length,
		 unsigned *h0, struct slidetab_error *err);

#endif
