/* SPDX-License-Identifier: Zlib */
/* search: the optimal Gap solver: A* over the reduced move graph, with a memory cap (docs/gap.md). */
#include "gap/search.h"

#include <stdlib.h>
#include <string.h>

#include "gap/grid.h"
#include "gap/prune.h"
#include "gap/store.h"

enum { MAX_G = 65535 }; /* gap_node.g is 16 bits */

/* Generates the successors of node idx that the partial-order reduction keeps. Returns 0, or -1
 * when memory runs out. */
static int expand(struct gap_store *s, uint32_t idx, struct gap_result *res)
{
	struct gap_node n = *gap_node_at(s, idx);
	struct gap_grid g;
	struct gap_reach r;

	if (n.g >= MAX_G) {
		s->over = 1;
		return -1;
	}
	gap_grid_from_key(&g, &n.key);
	if (n.g % 2 == 0) {
		if (gap_reach_compute(&g, &r, n.movable)) {
			res->dead++;
			return 0;
		}
	} else {
		gap_reach_inherit(&g, &r, n.movable);
	}
	res->expanded++;
	for (uint32_t m = gap_reduced_moves(&g, &r); m; m &= m - 1) {
		int k = gap_lowest(m), to = gap_destination(&g, k);
		struct gap_key child = n.key;
		if (to < 0)
			continue; /* cannot happen: k can move */
		gap_key_set(&child, k, to);
		res->generated++;
		if (gap_store_visit(s, &child, idx, n.g + 1, gap_bound_after(&g, n.h, k, to), r.movable) < 0)
			return -1;
	}
	return 0;
}

/* Records the moves from the start to node idx in res. Returns 0, or -1 when out of memory. */
static int record_path(const struct gap_store *s, uint32_t idx, struct gap_result *res)
{
	size_t len = gap_node_at(s, idx)->g;
	struct gap_move *path = malloc(sizeof *path * (len ? len : 1));

	if (!path)
		return -1;
	for (size_t i = len; i-- > 0;) {
		const struct gap_node *child = gap_node_at(s, idx), *parent = gap_node_at(s, child->parent);
		path[i] = gap_move_between(&parent->key, &child->key);
		idx = child->parent;
	}
	res->path = path;
	res->path_len = len;
	return 0;
}

/*
 * A* from a valid start over the reduced move graph, with duplicate detection on the 120-bit key.
 * Nodes are expanded in order of f = g + h, ties to the smaller h; since the bound is admissible
 * but not consistent, a node reached again with a smaller g is reopened. The first goal popped
 * (h == 0 exactly at the goal) is optimal. An empty open list means the goal is out of reach: the
 * reachable part of the (finite) state space has been exhausted, minus the dead layouts. Sets
 * res->moves; returns SLIDETAB_OK, SLIDETAB_UNSOLVABLE, SLIDETAB_ELIMIT or SLIDETAB_ENOMEM.
 */
static int search_run(struct gap_store *s, size_t limit, const struct gap_grid *start, int want_path,
		      struct gap_result *res)
{
	struct gap_key key = gap_grid_key(start);
	int h = gap_lower_bound(start);
	struct gap_reach r;
	uint32_t idx;
	size_t bucket;

	if (h == 0) { /* already the goal */
		res->moves = 0;
		return SLIDETAB_OK;
	}
	if (gap_reach_compute(start, &r, GAP_CARDS)) {
		res->proved_dead = 1;
		return SLIDETAB_UNSOLVABLE;
	}
	if (gap_store_init(s, limit, h) < 0 || gap_store_visit(s, &key, GAP_NIL, 0, h, r.movable) < 0)
		goto out_of_memory;
	while ((idx = gap_store_pop(s, &bucket)) != GAP_NIL) {
		struct gap_node *n = gap_node_at(s, idx);
		if (n->closed || gap_bucket_of(s, n->g, n->h) != bucket)
			continue; /* stale entry */
		if (n->h == 0) {
			if (want_path && record_path(s, idx, res) < 0)
				return SLIDETAB_ENOMEM;
			res->moves = n->g;
			return SLIDETAB_OK;
		}
		n->closed = 1;
		if (expand(s, idx, res) < 0)
			goto out_of_memory;
	}
	return SLIDETAB_UNSOLVABLE;
out_of_memory:
	return s->nomem ? SLIDETAB_ENOMEM : SLIDETAB_ELIMIT;
}

void gap_result_free(struct gap_result *res)
{
	free(res->path);
	res->path = NULL;
	res->path_len = 0;
}

int gap_solve(const struct gap_layout *start, const struct gap_options *opt, struct gap_result *res,
	      struct slidetab_error *err)
{
	size_t limit = opt && opt->mem_limit ? opt->mem_limit : GAP_DEFAULT_MEM_LIMIT;
	struct gap_store s;
	struct gap_grid g;
	int st;

	memset(res, 0, sizeof *res);
	res->moves = -1;
	if ((st = gap_layout_check(start, err)) != SLIDETAB_OK)
		return st;
	memset(&s, 0, sizeof s);
	gap_grid_from_layout(&g, start);
	st = search_run(&s, limit, &g, opt && (opt->path || opt->show), res);
	res->states = s.count;
	res->peak_bytes = s.peak;
	gap_store_free(&s);
	if (st == SLIDETAB_UNSOLVABLE)
		return err_set(err, st, "the goal cannot be reached");
	if (st == SLIDETAB_ELIMIT)
		return err_set(err, st, "search stopped: memory cap of %zu bytes reached (%zu states stored)", limit,
			       res->states);
	if (st == SLIDETAB_ENOMEM)
		return err_set(err, st, "out of memory");
	return SLIDETAB_OK;
}
