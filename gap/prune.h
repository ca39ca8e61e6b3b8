/* SPDX-License-Identifier: Zlib */
/* prune: what keeps the Gap search small and exact: dead layouts, partial-order reduction, the lower bound. */
#ifndef SLIDETAB_GAP_PRUNE_H
#define SLIDETAB_GAP_PRUNE_H

#include <stdint.h>

#include "gap/grid.h"

/* What may still happen to a layout, ignoring timing (see prune.c). */
struct gap_reach {
	uint32_t gap;     /* cells that may ever be a gap */
	uint32_t movable; /* cards that may ever move */
};

/*
 * Fills r for grid g. Returns 1 when the layout is provably dead (a misplaced card can never
 * move), else 0. `bound` contains every card that may move (the parent's set, or GAP_CARDS):
 * reaching it ends the analysis early.
 */
int gap_reach_compute(const struct gap_grid *g, struct gap_reach *r, uint32_t bound);

/* The parent's sets (its movable cards), moved onto grid g: a superset of g's own, which is all
 * gap_reduced_moves needs, for half the cost of gap_reach_compute. */
void gap_reach_inherit(const struct gap_grid *g, struct gap_reach *r, uint32_t movable);

/* The cards whose moves the search explores from g: the enabled cards of the smallest stubborn
 * set found. Every distance to the goal stays exact. */
uint32_t gap_reduced_moves(const struct gap_grid *g, const struct gap_reach *r);

/* An admissible lower bound on the moves from g to the goal; 0 exactly at the goal. */
int gap_lower_bound(const struct gap_grid *g);

/* The lower bound after card k moves to cell `to`, given h = the bound of g now. g is moved and
 * restored: only k's suit is recounted. */
int gap_bound_after(struct gap_grid *g, int h, int k, int to);

#endif
