/* SPDX-License-Identifier: Zlib */
/* par: one IDA* iteration split over threads: the nodes at a shallow depth (or A*'s frontier)
 * shared out, the first solution in letter order kept. */
#include "libslidetab/search/dfs.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/pool.h"
#include "libslidetab/search/astar.h"

/* Frontier nodes per thread of a large parallel iteration, at most. Subtree sizes vary by orders
 * of magnitude: with 256, one node could hold most of an iteration while the other thread idled. */
#define IDA_ITEMS_PER_THREAD 8192
/* An iteration expected to generate fewer nodes than this runs on the calling thread alone (4x4:
 * milliseconds); larger ones are split into about one frontier node for every IDA_NODES_PER_ITEM
 * expected nodes (at least 16 a thread), so that setting a node up (search_init) stays a small part
 * of its work. The expected count is the last iteration's times its growth over the one before. */
#define IDA_SERIAL_NODES   ((uint64_t)1 << 14)
#define IDA_NODES_PER_ITEM 2048

/* Setting a frontier node's search up costs about as much as generating this many nodes (its sides
 * are copied and ranked): a worker counts it towards its next look at the clock. */
#define IDA_ITEM_COST 32

/* x->emit of a parallel iteration: the node becomes an item of x->par. */
static void par_push(struct search *x, int g, int st)
{
	struct par *P = x->par;
	if (P->nitems == P->cap) {
		size_t cap = P->cap ? 2 * P->cap : 4096;
		struct item *it = realloc(P->items, cap * sizeof *it);
		if (!it) {
			P->failed = 1;
			x->cut = 0;
			return;
		}
		P->items = it, P->cap = cap;
	}
	struct item *it = &P->items[P->nitems++];
	memcpy(it->s, x->s, sizeof it->s);
	it->g = (uint8_t)g;
	it->st = st;
	for (int sd = 0; sd < x->sides; sd++)
		for (int p = 0; p < x->set->npat; p++)
			it->h[sd][p] = (uint8_t)x->side[sd].ps[p].h;
	memcpy(it->path, x->path, (size_t)g);
}

/* Sets up x for the search of frontier node i of P at P->root's bound: 1, or 0 when the node lies
 * beyond the bound (its f then lowers w->next_bound). *g and *st: its depth and machine state. */
static int par_load(struct par *P, size_t i, struct par_worker *w, int *g, int *st)
{
	struct search *x = &w->x;
	struct board_state s;
	uint8_t h[IDA_SIDES][PDB_MAX_PATTERNS];
	const uint8_t *path = NULL;
	if (P->astar) {
		uint32_t node;
		int f, hroot;
		const uint8_t *hv;
		astar_entry(P->astar, i, &node, &f, st);
		if (f > P->root->bound) {
			if (f < w->next_bound)
				w->next_bound = f;
			return 0;
		}
		astar_node(P->astar, node, s.t, g, &hroot, &hv);
		for (int sd = 0, k = 0; sd < P->root->sides; sd++)
			for (int p = 0; p < P->set->npat; p++)
				h[sd][p] = hv[k++];
	} else {
		const struct item *it = &P->items[i];
		memcpy(s.t, it->s, sizeof it->s);
		memcpy(h, it->h, sizeof h);
		*g = it->g, *st = it->st;
		path = it->path;
	}
	search_init(x, P->set, &s, (const uint8_t(*)[PDB_MAX_PATTERNS])h);
	set_order(x, P->root->order, P->root->fsm);
	x->checked = P->root->checked;
	if (path)
		memcpy(x->path, path, (size_t)*g);
	return 1;
}

/* Frontier node i (pool_run index) on its worker's search, unless an earlier one has a solution. */
static void par_item(void *ctx, size_t i, int worker)
{
	struct par *P = ctx;
	struct par_worker *w = &P->w[worker];
	if (atomic_load(&P->best) < i || atomic_load(&P->damaged) || atomic_load(&P->timed_out))
		return;
	struct search *x = &w->x;
	int g, st;
	if (!par_load(P, i, w, &g, &st))
		return;
	x->bound = P->root->bound;
	x->next_bound = 1 << 30;
	x->par = P;
	x->item = i;
	x->worker = worker;
	x->deadline = P->root->deadline;
	/* the worker's count runs on across its nodes (an item holds about IDA_NODES_PER_ITEM nodes, far
	 * fewer than a tick), so that it looks at the clock every IDA_TICK_NODES nodes */
	w->unlooked += IDA_ITEM_COST;
	x->tick_at = w->unlooked < IDA_TICK_NODES ? IDA_TICK_NODES - w->unlooked : 0;
	if (x->tick_at == 0)
		progress_tick(x, 0, 0);
	x->minh = root_h(x);
	int found = 0;
	if (x->failed || x->timed_out)
		found = 0;
	else if (root_h(x) == 0 && is_goal(x))
		found = 1, x->found_len = g; /* an A* frontier node may be the goal */
	else
		found = dfs(x, g, st);
	if (x->failed && !atomic_exchange(&P->damaged, 1))
		P->dmg = x->err; /* the first worker to meet damage; the others stop at once */
	if (P->astar && !found)
		astar_learn(P->astar, i, x->minh);
	w->nodes += x->nodes;
	w->unlooked = x->nodes + IDA_TICK_NODES - x->tick_at;
	atomic_fetch_add_explicit(&P->live, x->nodes - x->ticked, memory_order_relaxed);
	if (x->next_bound < w->next_bound)
		w->next_bound = x->next_bound;
	if (!found || i >= w->found_item)
		return;
	w->found_item = i;
	w->found_len = x->found_len;
	memcpy(w->path, x->path, (size_t)x->found_len);
	size_t b = atomic_load(&P->best);
	while (i < b && !atomic_compare_exchange_weak(&P->best, &b, i))
		;
}

/* The frontier of the iteration at x->bound: the nodes at depth `split` within the bound, in
 * letter order. 1 when a solution lies above it, 0, or -1 out of memory. */
static int par_collect(struct search *x, struct par *P, int split)
{
	P->nitems = 0;
	x->emit = par_push;
	x->cut = split;
	x->next_bound = 1 << 30;
	int found = dfs(x, 0, 0);
	x->emit = NULL;
	x->cut = IDA_MAX_DEPTH + 2;
	return P->failed ? -1 : found;
}

/* The frontier's P->nitems nodes at x->bound, each on one of `threads` workers; the first in
 * order with a solution gives x its path. 1 found, 0 not. */
int par_run(struct search *x, struct par *P, int threads)
{
	atomic_store(&P->best, SIZE_MAX);
	atomic_store(&P->live, 0);
	for (int k = 0; k < threads; k++) {
		P->w[k].next_bound = 1 << 30;
		P->w[k].found_item = SIZE_MAX;
	}
	pool_run(threads, P->nitems, par_item, P);
	if (atomic_load(&P->damaged)) {
		x->failed = 1;
		x->err = P->dmg;
		return 0;
	}
	x->timed_out |= atomic_load(&P->timed_out);
	size_t best = atomic_load(&P->best);
	for (int k = 0; k < threads; k++) {
		struct par_worker *w = &P->w[k];
		x->nodes += w->nodes;
		w->nodes = 0;
		if (w->next_bound < x->next_bound)
			x->next_bound = w->next_bound;
		if (best != SIZE_MAX && w->found_item == best) {
			x->found_len = w->found_len;
			memcpy(x->path, w->path, (size_t)w->found_len);
		}
	}
	P->best_item = best;
	return best != SIZE_MAX;
}

/* One iteration at x->bound on `threads` workers: a frontier deep enough to give each worker
 * many nodes, then its nodes, each on one worker. 1 found, 0 not, -1 out of memory. */
static int par_round(struct search *x, struct par *P, int threads)
{
	int found;
	for (int split = P->split ? P->split : 8;; split += 2) {
		found = par_collect(x, P, split);
		P->split = split;
		if (found || x->failed || P->nitems >= P->want || split + 2 > IDA_SPLIT_MAX || split + 2 >= x->bound)
			break;
	}
	if (found || x->failed || x->timed_out)
		return found;
	return par_run(x, P, threads);
}

int par_iterate(struct search *x, struct par *P, int threads, uint64_t expect)
{
	if (threads == 1 || expect < IDA_SERIAL_NODES) { /* the first iteration too: a small part of a search */
		x->next_bound = 1 << 30;
		return dfs(x, 0, 0);
	}
	uint64_t want = expect / IDA_NODES_PER_ITEM, lo = (uint64_t)threads * 16,
		 hi = (uint64_t)threads * IDA_ITEMS_PER_THREAD;
	P->want = (size_t)(want < lo ? lo : want > hi ? hi : want);
	return par_round(x, P, threads);
}
