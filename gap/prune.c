/* SPDX-License-Identifier: Zlib */
/* prune: what keeps the Gap search small and exact: dead layouts, partial-order reduction, the lower bound. */
#include "gap/prune.h"

static int count_ones(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* ------------------------------------------------------------------------------------------ */
/* What can still happen: dead layouts                                                         */

/*
 * An over-approximation of every future of a layout, ignoring timing. Rules: card k may move into
 * a cell that may be a gap and lies right of a cell its predecessor may occupy (right of the ace
 * for a 2); a card that may move may leave its cell, which may then be a gap. The least sets
 * closed under these rules are sound: by induction on the moves of any real play, every card
 * stays within its possible cells and every gap within the possible gaps.
 *
 * Unfolding the rules: card k (value v) may reach a cell y other than its own iff a lower card of
 * its suit (value w; the ace has w = 1) lies v - w cells left of y in the same row, with the cells
 * after it up to y all possible gaps. So with run(c) = the number of possible gaps right after
 * cell c, k may move iff some lower card of its suit has w + run(its cell) >= v, and the possible
 * gaps are the gaps plus the cells of the cards that may move. Both sets only grow: sweep the
 * suits until a sweep adds nothing. A run is one bit scan, as the non-cell bit ends each row.
 *
 * Every misplaced card must move, so a misplaced card that may never move proves the layout dead.
 * (Conversely, when all of them may move, every home is a possible gap and the test passes.)
 */

/* The number of possible gaps right after cell c, up to the row's end. */
static int run_after(uint32_t gap, int c)
{
	return gap_lowest(~gap >> (c + 1)); /* never 0: the non-cell bits are never gaps */
}

/* Card k of value `value`: may move if a lower card reaches it; then pass on its own reach. */
static inline int reach_card(const signed char *pos, uint32_t *gap, uint32_t *movable, int best, int k, int value)
{
	int here;

	if (best >= value) {
		*movable |= gap_bit(k);
		*gap |= gap_bit(pos[k]);
	}
	here = value + run_after(*gap, pos[k]);
	return here > best ? here : best;
}

/* One sweep over the suit whose 2 is card k. */
static void reach_suit(const signed char *pos, uint32_t *gap, uint32_t *movable, int k)
{
	int best;

	if ((~*movable >> k & 0x3F) == 0)
		return;                    /* every card of the suit is known to move: nothing to add */
	best = 1 + gap_lowest(~*gap >> k); /* the highest value sent next to a card */

	best = reach_card(pos, gap, movable, best, k, 2);
	best = reach_card(pos, gap, movable, best, k + 1, 3);
	best = reach_card(pos, gap, movable, best, k + 2, 4);
	best = reach_card(pos, gap, movable, best, k + 3, 5);
	best = reach_card(pos, gap, movable, best, k + 4, 6);
	reach_card(pos, gap, movable, best, k + 5, 7);
}

/* `bound` works because a child's sets are within its parent's: each rule applied for the child
 * applies for the parent. */
int gap_reach_compute(const struct gap_grid *g, struct gap_reach *r, uint32_t bound)
{
	uint32_t gap = g->gaps, movable = 0, before;

	do { /* sweep the suits until a sweep adds nothing */
		before = gap;
		for (int k = 0; k < GAP_NSLOTS; k += 8)
			reach_suit(g->pos, &gap, &movable, k);
	} while (gap != before && movable != bound);
	r->gap = gap;
	r->movable = movable;
	return (g->misplaced & ~movable) != 0;
}

/* Used on every other level of the search; a dead layout then shows one level later. */
void gap_reach_inherit(const struct gap_grid *g, struct gap_reach *r, uint32_t movable)
{
	r->movable = movable;
	r->gap = g->gaps;
	for (uint32_t m = movable; m; m &= m - 1)
		r->gap |= gap_bit(g->pos[gap_lowest(m)]);
}

/* ------------------------------------------------------------------------------------------ */
/* Partial-order reduction                                                                     */

/* The card that may fill gap cell q, or GAP_NO_CARD (left neighbour is a gap or a value-7 card). */
static int mover_for(const struct gap_grid *g, int q)
{
	int left;

	if (q % 8 == 0)
		return q;
	left = g->at[q - 1];
	if (left == GAP_NO_CARD || left % 8 == GAP_SEVEN)
		return GAP_NO_CARD;
	return left + 1;
}

/* Cards that can move now: for each gap, the successor of its left neighbour. */
static uint32_t enabled_cards(const struct gap_grid *g)
{
	uint32_t en = 0;

	for (uint32_t q = g->gaps; q; q &= q - 1) {
		int k = mover_for(g, gap_lowest(q));
		if (k != GAP_NO_CARD)
			en |= gap_bit(k);
	}
	return en;
}

/*
 * A stubborn set (Valmari) containing card `seed`, over the transitions "card c moves into the
 * cell right of its predecessor". Closure rules, leaving out cards that may never move:
 * - c can move now: its predecessor moving would redirect c, and c leaving cell p would stop
 *   c + 1 from moving into p + 1, so both join (c + 1 only if p + 1 may ever be a gap);
 * - c cannot move now: what could enable it joins: the card in the cell right of its
 *   predecessor, and the predecessor itself.
 * Then any play avoiding the set commutes with each card of the set that can move now, and each
 * of those stays able to move. So every dead end (a layout without moves, like the goal, where
 * every gap follows a 7) reachable at all is reachable by a path of the same length that starts
 * with such a card: exploring only those keeps every distance to the goal exact.
 */
static uint32_t stubborn_set(const struct gap_grid *g, const struct gap_reach *r, uint32_t enabled, int seed, int limit)
{
	uint32_t set = 0, work = gap_bit(seed);

	while (work) {
		int c = gap_lowest(work), p = g->pos[c], to;
		uint32_t deps = 0;
		work &= work - 1;
		set |= gap_bit(c);
		if (enabled & gap_bit(c)) {
			if (--limit == 0)
				break; /* no smaller than the best set so far */
			if (c % 8 != 0)
				deps |= gap_bit(c - 1);
			if (c % 8 != GAP_SEVEN && (r->gap & gap_bit(p + 1)))
				deps |= gap_bit(c + 1);
		} else {
			if ((to = gap_destination(g, c)) >= 0)
				deps |= gap_bit(g->at[to]); /* a card: c would be enabled if it were a gap */
			if (c % 8 != 0)
				deps |= gap_bit(c - 1); /* its predecessor moving might put a gap after it */
		}
		work |= deps & r->movable & ~set;
	}
	return set & enabled;
}

uint32_t gap_reduced_moves(const struct gap_grid *g, const struct gap_reach *r)
{
	uint32_t enabled = enabled_cards(g), best = enabled;
	int best_n = count_ones(enabled);

	for (uint32_t e = enabled; e && best_n > 1; e &= e - 1) {
		uint32_t moves = stubborn_set(g, r, enabled, gap_lowest(e), best_n);
		int n = count_ones(moves);
		if (n < best_n) {
			best = moves;
			best_n = n;
		}
	}
	return best;
}

/* ------------------------------------------------------------------------------------------ */
/* Lower bound                                                                                 */

/*
 * Every misplaced card moves at least once. Card c moves at least twice when it sits in the home
 * of a lower card d of its own suit and d .. c - 1 are all misplaced: c must leave before d
 * arrives, d before d + 1, ..., c - 1 before c may arrive home (each needs its predecessor home),
 * so c's first move happens while c - 1 is not home and cannot take c home.
 */
static int twice_in_suit(const struct gap_grid *g, int suit)
{
	uint32_t mis = g->misplaced;
	int n = 0;

	for (uint32_t m = mis & (0x3Fu << (8 * suit)); m; m &= m - 1) {
		int c = gap_lowest(m), p = g->pos[c];
		if (p < c && p / 8 == suit && ((gap_bit(c) - gap_bit(p)) & ~mis) == 0)
			n++;
	}
	return n;
}

int gap_lower_bound(const struct gap_grid *g)
{
	int n = count_ones(g->misplaced);

	for (int suit = 0; suit < GAP_ROWS; suit++)
		n += twice_in_suit(g, suit);
	return n;
}

int gap_bound_after(struct gap_grid *g, int h, int k, int to)
{
	int from = g->pos[k];

	/* only k's suit changes: its misplaced card (k itself) and its twice-moving cards */
	h += -(from != k) + (to != k) - twice_in_suit(g, k / 8);
	gap_grid_move(g, k, to);
	h += twice_in_suit(g, k / 8);
	gap_grid_move(g, k, from);
	return h;
}
