/* SPDX-License-Identifier: Zlib */
/* ida: optimal solver (IDA*) with an additive PDB heuristic maximised over the diagonal reflection. */
#ifndef SLIDETAB_IDA_H
#define SLIDETAB_IDA_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"

#define IDA_MAX_DEPTH 250 /* largest max_depth (4x4 needs at most 80); at most SLIDETAB_MAX_PATH */
_Static_assert(IDA_MAX_DEPTH <= SLIDETAB_MAX_PATH, "slidetab.h promises paths of at most SLIDETAB_MAX_PATH moves");

enum ida_status {
	IDA_SOLVED = 0,     /* length, path and nodes are set */
	IDA_UNSOLVABLE = 1, /* the start cannot reach the goal (detected before any search) */
	IDA_NOT_WITHIN = 2, /* no solution of at most max_depth moves ("not solvable within D") */
	IDA_ERROR = 3,      /* batch only: see err */
};

struct ida_result {
	int status;                   /* enum ida_status */
	int length;                   /* optimal number of moves */
	uint64_t nodes;               /* nodes generated (children made, pruned ones included) */
	size_t stored;                /* nodes A*+IDA*'s A* stored, whether or not they were used (0: it did not run) */
	int learned;                  /* A*+IDA*'s iterations in the order learned from the one before */
	int verified;                 /* the whole set passed its check first (pdb_set_verify; long searches) */
	char path[IDA_MAX_DEPTH + 1]; /* an optimal move string: the blank's moves, "dlru" */
	char err[256];                /* batch: the message when status is IDA_ERROR */
};

/* Each thread of a search looks at the clock at least every IDA_TICK_NODES nodes it generates (a
 * frontier node's set-up counts as a few), and A* every 4,096 expansions: a search gives up within
 * about this many nodes a thread after its deadline (milliseconds; slidetab.h states it). */
#define IDA_TICK_NODES ((uint64_t)1 << 18)
_Static_assert(IDA_TICK_NODES == 262144, "slidetab.h and the man pages state the slack as 262,144 nodes");

/* Progress of a long search: fn(ctx, bound, nodes, seconds, done) is called from the searching
 * thread once the search has run for `after` seconds, then about every `every` seconds and at
 * each new bound, and a last time with done = 1 when such a search ends. */
struct ida_hook {
	void (*fn)(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done);
	void *ctx;
	double after, every;
};

/* One search: start -> goal with set's PDBs on a rows x cols board, the set's own (rows = cols =
 * 0 means that too) or its transpose (cols x rows; then goal may not be NULL, and the set's goal
 * blank class must be the transposed goal blank's). goal NULL: the set's goal. The goal may differ
 * from the set's goal when a board symmetry maps its blank onto the set's goal blank (any tile
 * order): with the blank-first 4x4 set every goal with the blank in a corner; other goals are
 * refused with a message naming the gen command that builds a set for them. max_depth <= 0 means
 * IDA_MAX_DEPTH. threads > 1: each IDA* iteration is split at a shallow depth and the frontier
 * nodes are shared out (the path is the same as with one thread). hook: progress (NULL: none).
 * memory: bytes A*+IDA* may store states in before a large iteration (0: plain IDA*; the path is
 * the same for every budget). any_path: the length is all the caller needs, so res->path is an
 * optimal path, not necessarily the smallest (the last iteration ends sooner). timeout: seconds
 * after which the search gives up with SLIDETAB_ETIMEOUT (0: never). astar: when A*+IDA* runs
 * (enum ida_astar). */
enum ida_astar {
	IDA_ASTAR_AUTO = 0, /* before an iteration expected to be large, when the budget holds enough nodes */
	IDA_ASTAR_NOW = 1,  /* at once with the whole budget (any of at least 5 nodes' bytes): tests, benchmarks */
	IDA_ASTAR_OFF = 2,  /* never: plain IDA* whatever the budget */
};
struct ida_request {
	const struct pdb_set *set;
	int rows, cols;
	const struct board_state *start, *goal;
	int max_depth, threads;
	const struct ida_hook *hook;
	size_t memory;
	int any_path;
	int astar; /* enum ida_astar */
	double timeout;
};

/* Answers rq: SLIDETAB_OK with res filled (SOLVED, UNSOLVABLE or NOT_WITHIN; the path in the caller's
 * letters, the smallest in d < l < r < u of the optimal ones), or a SLIDETAB_* error with a message
 * (invalid input, an unsupported goal, a damaged block of a mapped set, no memory). */
int ida_search(const struct ida_request *rq, struct ida_result *res, struct slidetab_error *err);

#endif
