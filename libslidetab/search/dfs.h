/* SPDX-License-Identifier: Zlib */
/* dfs: the search state IDA* shares between its jobs: dfs.c (the serial search below a node),
 * par.c (an iteration split over threads), hybrid.c (A*+IDA*'s A* phase) and ida.c (a request
 * from start to answer). Private to search/. */
#ifndef SLIDETAB_DFS_H
#define SLIDETAB_DFS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "libslidetab/search/ida.h"

#define IDA_SPLIT_MAX 24 /* deepest frontier of a parallel search */
/* Sides: per partition of the set, the state looked up as it is and (when the set reflects) its
 * reflection; the heuristic is the largest side's sum. */
#define IDA_SIDES (2 * PDB_MAX_PARTS)

/* One pattern as one side sees it: its tiles' cells (in the side's frame) and the values dfs keeps
 * up to date move by move, together, so that a lookup or a move touches one place. */
struct pstate {
	const struct pdb_one *one;
	uint64_t rank;                /* placement rank (4- and 8-bit entries) */
	uint64_t zpr;                 /* zero-aware: permutation rank (zidx.h) */
	uint32_t zmr;                 /* zero-aware: map rank */
	uint32_t occ;                 /* its cells */
	int md, h;                    /* its Manhattan sum and value */
	uint8_t cells[PDB_MAX_CELLS]; /* cell of each pattern tile */
	int8_t at[PDB_MAX_CELLS];     /* index of the pattern tile at each cell, -1 */
};

/* One side: a partition looked up in the state as it is (cmap the identity) or in its reflection. */
struct side {
	int part, hsum;                     /* its partition, and the sum of its patterns' values */
	int8_t pat[PDB_MAX_CELLS];          /* [tile]: pattern holding the tile's image, -1 */
	int8_t idx[PDB_MAX_CELLS];          /* [tile]: its index in that pattern */
	uint8_t cmap[PDB_MAX_CELLS];        /* [cell]: the cell's image */
	struct pstate ps[PDB_MAX_PATTERNS]; /* the partition's patterns (by set index) */
};

/* Sides [0, sides) are in use, side 0 the direct one of partition 0. */
struct search {
	const struct pdb_set *set;
	int n, sides;
	uint8_t s[PDB_MAX_CELLS]; /* tile at each cell */
	int blank;
	/* Every pattern is zero-aware and every partition holds every tile: dfs_zero, in which the
	 * tests of the encoding and of a tile outside the side's patterns fold away. */
	int zero;
	/* A lookup checks its block's CRC first (pdb_one_ready); 0 once pdb_set_verify passed (ida.c),
	 * which a frontier node's search takes from the root's. */
	int checked;
	int bound, next_bound, found_len;
	int8_t order[BOARD_NDIRS]; /* order[k]: the set's direction with the caller's letter k (d l r u) */
	const int32_t (*fsm)[4];   /* idafsm's next[][], over the caller's letters */
	uint64_t nodes;
	uint64_t tick_at; /* nodes at which to look at the clock (UINT64_MAX: no hook) */
	const struct ida_hook *hook;
	double t0, last_report;
	int reported;
	int cut;         /* dfs goes no deeper: the frontier's depth, 0 to give up, else beyond any */
	struct par *par; /* the search of one start on several threads (NULL: one thread) */
	size_t item;     /* the frontier node this search expands */
	int worker;      /* its pool worker; worker 0 reports progress */
	uint64_t ticked; /* nodes of this search already added to par->live */
	int failed;      /* a damaged block of a mapped PDB: err says which; the search gives up */
	int timed_out;   /* the request's deadline passed: the search gives up */
	double deadline; /* clock_now() time to give up at (0: none) */
	double t_start;  /* clock_now() when the search began */
	size_t stored;   /* the nodes A* stored (0: A* did not run) */
	int minh;        /* the least heuristic of a node this search entered (A*+IDA*'s learned order) */
	int learned;     /* A*+IDA*'s iterations in that order */
	/* Called at each node of depth cut (a frontier being collected); emit_ctx is its own. */
	void (*emit)(struct search *x, int g, int st);
	void *emit_ctx;
	struct slidetab_error err;
	/* search_init clears the fields above; these it sets up itself (a frontier node's search
	 * starts often, and the sides are 6 KB). */
	struct side side[IDA_SIDES];
	uint8_t path[IDA_MAX_DEPTH + 1];
};

/* One frontier node of a parallel iteration: a state at depth g, reached by path[0..g). */
struct item {
	uint8_t s[PDB_MAX_CELLS];
	uint8_t g;
	int32_t st;                             /* the machine's state after path */
	uint8_t h[IDA_SIDES][PDB_MAX_PATTERNS]; /* the patterns' values (zero-aware ones cost a walk from scratch) */
	uint8_t path[IDA_SPLIT_MAX];
};

struct par {
	const struct pdb_set *set;
	struct astar *astar;   /* the frontier is A*'s (astar_entry), not items */
	struct search *root;   /* its hook, clock and report state serve the whole search */
	_Atomic uint64_t live; /* nodes the workers have ticked in this iteration so far */
	struct item *items;
	size_t nitems, cap;
	int failed;
	_Atomic int damaged; /* a worker met a damaged block (its message in dmg) */
	_Atomic int timed_out;
	struct slidetab_error dmg;
	_Atomic size_t best; /* the first item (in letter order) below which a solution lies */
	size_t want;         /* frontier nodes wanted in this iteration */
	size_t best_item;    /* after par_run: the node that gave the path (SIZE_MAX: none) */
	int split;           /* the last iteration's frontier depth (0: none yet) */
	struct par_worker {
		struct search x;
		int next_bound, found_len;
		size_t found_item;
		uint64_t nodes;
		uint64_t unlooked; /* nodes (and item costs) since it last looked at the clock, over items */
		uint8_t path[IDA_MAX_DEPTH + 1];
	} * w;
};

/* dfs.c */

/* Sets up the sides of state s (distance to set->goal) in x, whose other fields it clears; the
 * patterns' values are h[side][pattern] (a frontier node's) or, h NULL, looked up (x->failed when a
 * block they need is damaged). */
void search_init(struct search *x, const struct pdb_set *set, const struct board_state *s,
		 const uint8_t (*h)[PDB_MAX_PATTERNS]);
/* Sets the child order (order[k]: the set's direction with the caller's letter k) and the machine
 * of skipped strings. */
void set_order(struct search *x, const int8_t order[BOARD_NDIRS], const int32_t (*fsm)[4]);
/* Depth-first search below x's state at depth g in machine state st, within x->bound: 1 when the
 * goal was reached (x->path[0..found_len)), 0 not (x->next_bound then the least f beyond). */
int dfs(struct search *x, int g, int st);
/* 1 when x's state is the set's goal. */
int is_goal(const struct search *x);
/* The heuristic of x's state: its largest side. */
int root_h(const struct search *x);
/* A look at the clock and the progress hook (see dfs.c); force: at a new bound, done: at the end. */
void progress_tick(struct search *x, int force, int done);

/* par.c */

/* One iteration at x->bound on `threads` workers, expected to generate `expect` nodes (0: not
 * known): on this thread when small, else split into frontier nodes. 1 found, 0 not, -1 out of
 * memory. */
int par_iterate(struct search *x, struct par *P, int threads, uint64_t expect);
/* The frontier's P->nitems nodes at x->bound, each on one of `threads` workers; the first in order
 * with a solution gives x its path. 1 found, 0 not. */
int par_run(struct search *x, struct par *P, int threads);

/* hybrid.c */

/* 1 when request rq starts A*+IDA* before an iteration expected to generate `expect` nodes: with a
 * budget, at once (IDA_ASTAR_NOW) or before a large iteration (IDA_ASTAR_AUTO). */
int hybrid_due(const struct ida_request *rq, uint64_t expect);
/* A*+IDA* from x at x->bound for request rq (its max_depth and threads in range), A*'s store sized
 * for an iteration expected to generate `expect` nodes (a length: the one after x->bound's): 1
 * found, 0 not within rq->max_depth, -1 out of memory, 2 not run (too little memory, or an
 * inconsistent heuristic: plain IDA* goes on). */
int hybrid_search(struct search *x, struct par *P, const struct ida_request *rq, uint64_t expect);

#endif
