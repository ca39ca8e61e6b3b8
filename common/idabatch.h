/* SPDX-License-Identifier: Zlib */
/* idabatch: many IDA* searches spread over the one worker pool (bench15 and the tests; not in the .so). */
#ifndef SLIDETAB_IDABATCH_H
#define SLIDETAB_IDABATCH_H

#include <stddef.h>

#include "libslidetab/search/ida.h"

/*
 * Solves count puzzles with `threads` workers (each worker takes the next unsolved puzzle);
 * res[i] answers starts[i] -> goals[i] (goals NULL: every puzzle uses *goal, or the set's goal
 * when goal is NULL too). Per-puzzle errors are reported as IDA_ERROR in res[i].err. Returns
 * SLIDETAB_OK.
 */
int ida_solve_batch(const struct pdb_set *set, size_t count, const struct board_state *starts,
		    const struct board_state *goals, const struct board_state *goal, int max_depth, int threads,
		    struct ida_result *res);

#endif
