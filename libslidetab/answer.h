/* SPDX-License-Identifier: Zlib */
/* answer: answer.c's interface (it defines every function here) for the handle's other entry points
 * (batch.c, bounded.c, hint.c, plan.c): the geometry of a board, a checked goal and what answers it.
 *
 * They never see the handle's fields (libslidetab/handle.h); these calls check arguments as its entry
 * points do, open tables and pattern-database sets on first use, and hand back pointers that stay
 * valid until answer_close (a table) or slidetab_close (a set). */
#ifndef SLIDETAB_ANSWER_H
#define SLIDETAB_ANSWER_H

#include <stddef.h>

#include "libslidetab/model/board.h"
#include "libslidetab/model/frame.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/exact.h"
#include "slidetab.h"

/* One goal on one board and what answers it. */
struct answer_goal {
	struct board b;       /* the caller's rows x cols */
	struct board_state g; /* the goal (NULL given: tiles in order, blank last) */
	int searched;         /* 1: IDA* over set; 0: looked up in x through f */
	struct exact *x;      /* exact boards: the table, */
	struct frame f;       /* and the map of the caller's frame onto it */
	struct pdb_set *set;  /* searched boards (4x4, 5x5) */
	unsigned threads;     /* slidetab_set_threads */
	unsigned max_depth;   /* slidetab_set_max_depth (0: none) */
	void *pin;            /* the table answer_open pinned against eviction (answer_close releases it) */
};

/* The geometry of rows x cols, worked out once per thread and board. */
int handle_geometry(int rows, int cols, const struct board **b, struct slidetab_error *err);

/* Checks db, the board size and the goal and fills ag's board, goal, searched, threads and
 * max_depth (no table is opened yet). */
int answer_goal(slidetab *db, int rows, int cols, const unsigned char *goal, struct answer_goal *ag,
		struct slidetab_error *err);

/* Finds what answers ag's goal (its table and frame, or its pattern-database set), opening it on
 * first use; the table stays open (pinned: never evicted) until answer_close. */
int answer_open(slidetab *db, struct answer_goal *ag, struct slidetab_error *err);

/* Releases what a successful answer_open holds. */
void answer_close(struct answer_goal *ag);

/* Reads and checks a board of ag's size; `what` names it in the message ("start"). */
int answer_start(const struct answer_goal *ag, const unsigned char *tiles, const char *what, struct board_state *s,
		 struct slidetab_error *err);

/* The optimal answer of s by IDA* over ag's set: at most max_depth moves (0: no limit, else
 * SLIDETAB_ELIMIT), `threads` threads in the search; the path too when path is not NULL. */
int answer_set_search(slidetab *db, const struct answer_goal *ag, const struct board_state *s, unsigned max_depth,
		      unsigned threads, unsigned *dist, char *path, size_t cap, struct slidetab_error *err);

#endif
