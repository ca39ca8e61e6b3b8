/* SPDX-License-Identifier: Zlib */
/* exact: distances from an exact table, for states written in the table's own frame (its goal). */
#ifndef SLIDETAB_EXACT_H
#define SLIDETAB_EXACT_H

#include "libslidetab/model/board.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/table/read.h"

struct exact {
	struct table *t;
	const struct table_meta *meta;
	struct board b;
	struct rank_ctx rk;
	struct board_state goal;
	int goal_blank;
	uint64_t goal_index;
	int8_t goal_cell[BOARD_MAX_CELLS];            /* goal cell of each tile */
	uint8_t md[BOARD_MAX_CELLS][BOARD_MAX_CELLS]; /* md[tile][cell]: taxicab distance to its goal cell */
	uint8_t par[BOARD_MAX_CELLS]; /* parity of the blank's distance from each cell to the goal blank */
};

/* Opens an exact-distance table (flags as for table_open). Returns a table_status. */
int exact_open(struct exact *x, const char *path, unsigned flags, struct slidetab_error *err);
/* The same for a table held in memory (see table_open_buffer). */
int exact_open_buffer(struct exact *x, const void *bytes, size_t len, unsigned flags, struct slidetab_error *err);
void exact_close(struct exact *x);

/* The part of d the table does not store: d = 2 * entry + exact_base(...) (not for MOD4). */
static inline unsigned exact_base(const struct exact *x, const struct board_state *s, int blank)
{
	if (x->meta->entry == TABLE_ENTRY_MDRES) {
		unsigned md = 0;
		for (int c = 0; c < x->b.n; c++)
			md += x->md[s->t[c]][c];
		return md;
	}
	return x->par[blank];
}

/* Decodes entry e of state s (blank at `blank`) into a distance; MOD4 gives d mod 4. */
static inline unsigned exact_decode(const struct exact *x, unsigned e, const struct board_state *s, int blank)
{
	switch (x->meta->entry) {
	case TABLE_ENTRY_PLAIN: return e;
	case TABLE_ENTRY_MOD4: return 2 * e + x->par[blank];
	default: return 2 * e + exact_base(x, s, blank);
	}
}

/* Exact distance of a state that can reach the table's goal. MOD4 tables walk to the goal. */
int exact_distance(struct exact *x, const struct board_state *s, unsigned *d, struct slidetab_error *err);

/* Stored value of state s decoded (for MOD4: d mod 4). */
int exact_value(struct exact *x, const struct board_state *s, unsigned *v, struct slidetab_error *err);

/* The lexicographically smallest optimal path of s (distance dist, in the table's frame) into
 * path[dist + 1]: greedy in the caller's letter order, dir_map[user direction] = table direction,
 * letters told in the caller's directions. Each step updates the index and the stored part's
 * base incrementally (a horizontal move changes the index by one). */
int exact_path(struct exact *x, const int8_t *dir_map, const struct board_state *s, unsigned dist, char *path,
	       struct slidetab_error *err);

#endif
