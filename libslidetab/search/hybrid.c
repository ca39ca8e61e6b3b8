/* SPDX-License-Identifier: Zlib */
/* hybrid: A*+IDA*'s A* phase: A* stores the states nearest the start within a memory budget, then
 * IDA* runs below its frontier (par.c). */
#include "libslidetab/search/dfs.h"

#include <stdint.h>
#include <stdlib.h>

#include "libslidetab/search/astar.h"

/*
 * A*+IDA* (Bu & Korf, "A*+IDA*: A Simple Hybrid Search Algorithm", IJCAI 2019). Before an
 * iteration expected to be large, A* from the start stores states in (f, g) order, once each with
 * its smallest g and smallest prefix of that g (astar.h), until its share of the memory budget is
 * full; IDA* then runs below each frontier node at each bound, without duplicate checks. The
 * transpositions near the start that IDA* would expand again in every iteration are expanded once.
 *
 * The smallest path survives: let P be the smallest optimal path and s its first state A* did not
 * close. Its predecessor on P is closed, with g and prefix final, so s holds P's prefix up to s
 * (a smaller prefix of the same g would give a smaller optimal path), and the machine passes it. A
 * path through a frontier node whose prefix comes first in letter order is smaller than every path
 * through a later one, so searching the frontier in prefix order, the first solution at the last
 * bound is P.
 *
 * A length alone (any path) needs no letter order, and the search ends at the first solution, so
 * the order decides its last iteration's cost: the solutions lie below a handful of the frontier's
 * 10^4 to 10^5 nodes. The first iteration goes in increasing (f, h) (Bu & Korf's: the likeliest
 * first); each later one in increasing order of the least h a node's subtree reached in the one
 * before (ties in the order before), the subtrees that came nearest the goal within the last bound
 * first. ida.c starts A* an iteration early for a length, so that the large iteration is a later
 * one. On the eight of Korf & Felner's ten easiest 5x5 lines whose last iteration came after
 * another below the frontier, that iteration took 20 M nodes up to its first solution in this
 * order, 1.2 G in (f, h) order (docs/pdb.md).
 */
/* An iteration expected to generate IDA_ASTAR_NODES nodes (about a second) starts A* (a length: the
 * iteration before it, ida.c), which then stores a node for every IDA_ASTAR_SHARE nodes that
 * iteration is expected to generate, within the budget: an A* node costs about 25 IDA* nodes (it is
 * set up from its packed state), and on Korf & Felner's lines 38, 40, 25 and 32 shares of 64 to 256
 * gave the fewest nodes and 4 or 16 no fewer at 10 times the A* (docs/pdb.md). */
#define IDA_ASTAR_NODES ((uint64_t)1 << 24)
#define IDA_ASTAR_SHARE 256
#define IDA_ASTAR_MIN   ((size_t)1 << 12) /* fewer nodes than this: plain IDA* */

/* The A* phase of one search. */
struct hybrid {
	struct astar *a;
	size_t cap;
	uint32_t node;       /* the node being expanded */
	int g, status;       /* its depth; the last astar_add's answer */
	int8_t letter_of[4]; /* [set direction]: the caller's letter */
};

/* x's patterns' values, side by side, as A* stores them (x->sides * npat bytes). */
static void hybrid_values(const struct search *x, uint8_t *hv)
{
	for (int sd = 0, k = 0; sd < x->sides; sd++)
		for (int p = 0; p < x->set->npat; p++)
			hv[k++] = (uint8_t)x->side[sd].ps[p].h;
}

/* x->emit of an A* expansion: the child x holds becomes a node; FULL or BROKEN stops the rest. */
static void hybrid_emit(struct search *x, int g, int st)
{
	(void)g, (void)st;
	struct hybrid *r = x->emit_ctx;
	uint8_t hv[IDA_SIDES * PDB_MAX_PATTERNS];
	uint32_t child;
	hybrid_values(x, hv);
	r->status = astar_add(r->a, x->s, r->node, r->letter_of[x->path[0]], r->g + 1, root_h(x), hv, &child);
	if (r->status == ASTAR_FULL || r->status == ASTAR_BROKEN)
		x->cut = 0;
}

/* Expands node r->node on search ex (set up like root): its children become nodes. 1 when one is
 * the goal (it is then stored, and the node opened again: the children after it were not made). */
static int hybrid_expand(struct search *ex, const struct search *root, struct hybrid *r)
{
	struct board_state s;
	uint8_t h[IDA_SIDES][PDB_MAX_PATTERNS];
	const uint8_t *hv;
	int hroot;
	astar_node(r->a, r->node, s.t, &r->g, &hroot, &hv);
	for (int sd = 0, k = 0; sd < root->sides; sd++)
		for (int p = 0; p < root->set->npat; p++)
			h[sd][p] = hv[k++];
	search_init(ex, root->set, &s, (const uint8_t(*)[PDB_MAX_PATTERNS])h);
	set_order(ex, root->order, root->fsm);
	ex->checked = root->checked;
	ex->emit = hybrid_emit;
	ex->emit_ctx = r;
	ex->cut = 1;
	ex->bound = ex->next_bound = 1 << 29;
	r->status = ASTAR_KEPT;
	if (ex->failed || !dfs(ex, 0, 0))
		return 0;
	uint8_t zero[IDA_SIDES * PDB_MAX_PATTERNS] = { 0 };
	uint32_t goal;
	r->status = astar_add(r->a, root->set->goal.t, r->node, r->letter_of[ex->path[0]], r->g + 1, 0, zero, &goal);
	astar_reopen(r->a, r->node);
	return 1;
}

/* A* from x's state until r->cap nodes or the goal. 0, 1 when the heuristic proved not
 * consistent (nothing A* found can be used), -1 when a damaged block or the deadline stopped it. */
static int hybrid_fill(struct search *x, struct search *ex, struct hybrid *r)
{
	uint8_t hv[IDA_SIDES * PDB_MAX_PATTERNS];
	hybrid_values(x, hv);
	if (astar_add(r->a, x->s, UINT32_MAX, 0, 0, root_h(x), hv, &r->node) != ASTAR_NEW)
		return 1;
	for (size_t pops = 1; astar_count(r->a) + BOARD_NDIRS <= r->cap; pops++) {
		if (astar_pop(r->a, &r->node) != 0)
			break;
		int found = hybrid_expand(ex, x, r);
		x->nodes += ex->nodes;
		if (ex->failed) {
			x->failed = 1, x->err = ex->err;
			return -1;
		}
		if (r->status == ASTAR_BROKEN)
			return 1;
		if (found || r->status == ASTAR_FULL) {
			astar_reopen(r->a, r->node);
			break;
		}
		if ((pops & 4095) == 0 && x->tick_at != UINT64_MAX)
			progress_tick(x, 0, 0);
		if (x->timed_out)
			return -1;
	}
	return 0;
}

/* IDA* below r's frontier at x->bound and up. 1 found (x's path), 0 not within rq->max_depth, -1
 * out of memory. */
static int hybrid_iterate(struct search *x, struct par *P, struct hybrid *r, const struct ida_request *rq)
{
	long n = astar_frontier(r->a, !rq->any_path);
	if (n < 0)
		return -1;
	P->astar = r->a;
	P->nitems = (size_t)n;
	int fmin = astar_frontier_fmin(r->a), found = 0;
	if (fmin > x->bound)
		x->bound = fmin;
	for (int first = 1; x->bound <= rq->max_depth && !x->failed && !x->timed_out; first = 0) {
		x->next_bound = 1 << 30;
		if (x->tick_at != UINT64_MAX) /* a hook or a deadline */
			progress_tick(x, 1, 0);
		if (x->timed_out)
			break;
		if (!first && rq->any_path) { /* a length: the order the last iteration learned */
			astar_frontier_learned(r->a);
			x->learned++;
		}
		found = par_run(x, P, rq->threads);
		if (found || x->failed || x->timed_out || x->next_bound >= (1 << 30))
			break;
		x->bound = x->next_bound;
	}
	if (found) { /* the worker's path holds the moves below the node; A* holds its prefix */
		uint32_t node;
		int f, st;
		uint8_t pre[IDA_MAX_DEPTH + 1];
		astar_entry(r->a, P->best_item, &node, &f, &st);
		int g = astar_prefix(r->a, node, pre);
		for (int i = 0; i < g; i++)
			x->path[i] = (uint8_t)x->order[pre[i]];
	}
	P->astar = NULL;
	P->nitems = 0;
	return found;
}

/* 1 when the set's heuristic is consistent (a move lowers it by at most 1), as A*'s order needs:
 * every pattern zero-aware or stepped (pbit). A 4-bit placement entry is the least over the
 * blank's cells, and a move can lower it by 3 (the least may lie in a region the blank is not in). */
static int hybrid_consistent(const struct pdb_set *set)
{
	for (int p = 0; p < set->npat; p++)
		if (!set->pat[p].zero && !set->pat[p].step)
			return 0;
	return 1;
}

int hybrid_due(const struct ida_request *rq, uint64_t expect)
{
	return rq->memory > 0 &&
	       (rq->astar == IDA_ASTAR_NOW || (rq->astar == IDA_ASTAR_AUTO && expect >= IDA_ASTAR_NODES));
}

int hybrid_search(struct search *x, struct par *P, const struct ida_request *rq, uint64_t expect)
{
	int hbytes = x->sides * x->set->npat;
	struct hybrid r = { .cap = rq->memory / ASTAR_NODE_BYTES(hbytes) };
	if (!hybrid_consistent(x->set))
		return 2;
	size_t least = IDA_ASTAR_MIN;
	if (rq->astar == IDA_ASTAR_NOW) /* the whole budget, any size that holds a node and its children */
		least = 1 + BOARD_NDIRS;
	else if (expect / IDA_ASTAR_SHARE < r.cap)
		r.cap = (size_t)(expect / IDA_ASTAR_SHARE);
	for (int d = 0; d < BOARD_NDIRS; d++)
		r.letter_of[x->order[d]] = (int8_t)d;
	while (r.cap >= least && !(r.a = astar_new(r.cap, x->n, hbytes, x->fsm)))
		r.cap /= 2; /* the memory is refused: a smaller frontier */
	struct search *ex = r.a ? malloc(sizeof *ex) : NULL;
	int rc = ex ? hybrid_fill(x, ex, &r) : 1;
	x->stored = ex ? astar_count(r.a) : 0; /* A* ran, whatever came of it */
	free(ex);
	if (rc == 0)
		rc = hybrid_iterate(x, P, &r, rq);
	else
		rc = rc > 0 ? 2 : 0;
	astar_free(r.a);
	return rc;
}
