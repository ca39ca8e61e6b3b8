/* ida: IDA* over sliding-tile states with incremental additive-PDB heuristics and reflection. */
#include "libslidetab/search/ida.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/search/astar.h"
#include "libslidetab/search/idaframe.h"
#include "libslidetab/search/idafsm.h"

#define IDA_SPLIT_MAX 24 /* deepest frontier of a parallel search */
/* Frontier nodes per thread of a large parallel iteration, at most. Subtree sizes vary by orders
 * of magnitude: with 256, one node could hold most of an iteration while the other thread idled. */
#define IDA_ITEMS_PER_THREAD 8192
/* An iteration expected to generate fewer nodes than this runs on the calling thread alone (4x4:
 * milliseconds); larger ones are split into about one frontier node for every IDA_NODES_PER_ITEM
 * expected nodes (at least 16 a thread), so that setting a node up (search_init) stays a small part
 * of its work. The expected count is the last iteration's times its growth over the one before. */
#define IDA_SERIAL_NODES   ((uint64_t)1 << 14)
#define IDA_NODES_PER_ITEM 2048

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
	int bound, next_bound, found_len;
	int8_t order[BOARD_NDIRS]; /* order[k]: the set's direction with the caller's letter k (d l r u) */
	const int16_t (*fsm)[4];   /* idafsm's next[][], over the caller's letters */
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

/* Setting a frontier node's search up costs about as much as generating this many nodes (its sides
 * are copied and ranked): a worker counts it towards its next look at the clock. */
#define IDA_ITEM_COST 32

/* Called every IDA_TICK_NODES nodes of a thread when a hook or a deadline is set (and at each new
 * bound with force = 1): gives up once the deadline has passed. A worker of a parallel search adds its nodes to the iteration's count, gives its node up when an
 * earlier one has a solution, and (worker 0 only) reports for the whole search. */
static void progress_tick(struct search *x, int force, int done)
{
	x->tick_at = x->nodes + IDA_TICK_NODES;
	struct search *r = x;
	uint64_t nodes = x->nodes;
	struct par *P = x->par;
	if (x->deadline > 0 && !done && clock_now() > x->deadline) {
		x->timed_out = 1;
		x->cut = 0;
		if (P)
			atomic_store(&P->timed_out, 1);
	}
	if (P && x != P->root) {
		if (atomic_load_explicit(&P->best, memory_order_relaxed) < x->item || atomic_load(&P->timed_out))
			x->cut = 0; /* an earlier frontier node holds a solution, or time is up: give this one up */
		uint64_t add = x->nodes - x->ticked;
		x->ticked = x->nodes;
		nodes = P->root->nodes + atomic_fetch_add_explicit(&P->live, add, memory_order_relaxed) + add;
		if (x->worker != 0)
			return;
		r = P->root;
	}
	if (!r->hook)
		return;
	double t = clock_now() - r->t0;
	if (t < r->hook->after || (!force && !done && t - r->last_report < r->hook->every) || (done && !r->reported))
		return;
	r->last_report = t;
	r->reported = 1;
	r->hook->fn(r->hook->ctx, (unsigned)r->bound, (unsigned long long)nodes, t, done);
}

static int is_goal(const struct search *x)
{
	return memcmp(x->s, x->set->goal.t, (size_t)x->n) == 0;
}

/* Sets the child order (order[k]: the set's direction with the caller's letter k) and the machine
 * of skipped strings. A board symmetry maps the caller's frame onto the set's, and the machine is
 * the same in every frame, so it runs on the caller's letters. */
static void set_order(struct search *x, const int8_t order[BOARD_NDIRS], const int16_t (*fsm)[4])
{
	memcpy(x->order, order, sizeof x->order);
	x->fsm = fsm;
}

/* The placement rank of pattern state ps after its tile i moves from `from` to `to`. */
static inline uint64_t child_rank(const struct pdb_set *set, const struct pstate *ps, int i, unsigned from, unsigned to)
{
	return pdb_rank_step(&ps->one->rk, ps->rank, ps->at, ps->occ & set->betw[from][to], i, from, to);
}

/* Moves tile i of pattern state ps from `from` to `to` with the new rank. */
static inline void move_tile(struct pstate *ps, int i, unsigned from, unsigned to, uint64_t rank)
{
	ps->cells[i] = (uint8_t)to;
	ps->rank = rank;
	ps->occ ^= 1u << from | 1u << to;
	ps->at[to] = (int8_t)i;
	ps->at[from] = -1;
}

/* dfs reached x->cut: hands the node to x->emit when a frontier is being collected; returns 0. */
static int cut_here(struct search *x, int g, int st)
{
	if (x->emit && g == x->cut && !x->failed)
		x->emit(x, g, st);
	return 0;
}

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

/* One side of a child of the node being expanded: the moved tile's pattern on that side (NULL: none),
 * its index and cells, the pattern's Manhattan part, the entry (placement rank, or zero-aware index),
 * the pattern's value and the side's sum. While the child is applied, dfs keeps the parent's values
 * here instead (apply and undo swap them). */
struct cside {
	struct pstate *ps;
	int i, md, nv, nh;
	uint8_t from, to;
	uint32_t zmr; /* zero-aware: the child's map and permutation ranks */
	uint64_t zpr;
	uint64_t e;
};

/* A child of the node being expanded: the move and its sides. */
struct child {
	int dir, nb, tile, st;
	struct cside sd[IDA_SIDES];
};

/* Side sd of child c, first half: the moved tile's pattern and cells, and its rank after the move
 * (a placement rank: the entry, prefetched; zero-aware: the map and permutation ranks, the map's
 * record prefetched for child_entry). */
static inline void child_locate(struct search *x, struct child *c, int sd, int zero)
{
	const struct pdb_set *set = x->set;
	struct side *S = &x->side[sd];
	struct cside *cs = &c->sd[sd];
	int p = S->pat[c->tile];
	if (!zero && p < 0) {
		cs->ps = NULL;
		return;
	}
	struct pstate *ps = &S->ps[p];
	const struct pdb_one *one = ps->one;
	int i = S->idx[c->tile];
	unsigned from = ps->cells[i], to = S->cmap[x->blank];
	const uint8_t *dg = set->dist[one->goalcell[i]]; /* taxicab: dist[a][b] = dist[b][a] */
	cs->ps = ps;
	cs->i = i;
	cs->from = (uint8_t)from;
	cs->to = (uint8_t)to;
	cs->md = ps->md - dg[from] + dg[to];
	if (!zero && !one->zero) {
		cs->e = child_rank(set, ps, i, from, to);
		pdb_one_prefetch(one, cs->e);
		return;
	}
	/* zero-aware: the entry of the moved placement with the blank where the tile was */
	pdb_zidx_step(&one->z, ps->occ, set->betw[from][to], ps->at, i, from, to, ps->zmr, ps->zpr, &cs->zmr, &cs->zpr);
	pdb_zidx_prefetch(&one->z, cs->zmr);
}

/* Side sd of child c, second half (zero-aware patterns): the entry from the map's record, prefetched. */
static inline void child_entry(struct child *c, int sd, int zero)
{
	struct cside *cs = &c->sd[sd];
	if (!zero && (!cs->ps || !cs->ps->one->zero))
		return;
	const struct pdb_one *one = cs->ps->one;
	cs->e = pdb_zidx_entry(&one->z, pdb_zidx_class_at(&one->z, cs->zmr, cs->from), cs->zpr);
	pdb_one_prefetch(one, cs->e);
}

/* Side sd of the children keep[0..n): ranked, their entries prefetched (all of them before any is
 * read, so that the cache misses overlap). */
static inline void children_side(struct search *x, struct child *cd, const int *keep, int n, int sd, int zero)
{
	for (int k = 0; k < n; k++)
		child_locate(x, &cd[keep[k]], sd, zero);
	for (int k = 0; k < n; k++)
		child_entry(&cd[keep[k]], sd, zero);
}

/* A damaged block under entry e of pattern p: the search stops (x->cut = 0 unwinds dfs) with the
 * message; the child is pruned. */
static int damaged(struct search *x, const struct pdb_one *one, uint64_t e)
{
	if (pdb_one_check(one, e, &x->err) == SLIDETAB_OK)
		return 0;
	x->failed = 1;
	x->cut = 0;
	return 1;
}

/* The heuristic of side sd of child c from its prefetched entry. */
static inline int child_h(struct search *x, struct child *c, int sd, int zero)
{
	struct cside *cs = &c->sd[sd];
	int hsum = x->side[sd].hsum;
	if (!zero && !cs->ps)
		return cs->nh = hsum;
	const struct pdb_one *one = cs->ps->one;
	if (!pdb_one_ready(one, cs->e) && damaged(x, one, cs->e))
		return cs->nh = PDB_UNREACHABLE;
	if (zero || one->step)
		cs->nv = pdb_one_zstep(cs->ps->h, cs->md, pdb_one_bit(one, cs->e));
	else
		cs->nv = pdb_one_entry(one, cs->e, cs->md);
	return cs->nh = hsum - cs->ps->h + cs->nv;
}

/* Keeps the children in keep[0..n) whose side sd does not prune them; returns how many. */
static inline int prune_side(struct search *x, struct child *cd, int *keep, int n, int g, int sd, int zero)
{
	int nk = 0;
	for (int k = 0; k < n; k++) {
		int f = g + 1 + child_h(x, &cd[keep[k]], sd, zero);
		if (f > x->bound) {
			if (f < x->next_bound)
				x->next_bound = f;
		} else {
			keep[nk++] = keep[k];
		}
	}
	return nk;
}

#define SWAP(T, a, b)                                                                                                  \
	do {                                                                                                           \
		T swap_ = (a);                                                                                         \
		(a) = (b);                                                                                             \
		(b) = swap_;                                                                                           \
	} while (0)

/* Applies child c (every side evaluated) to x; c keeps x's old values. Returns its heuristic. */
static inline int child_apply(struct search *x, struct child *c, int zero)
{
	int hmax = 0;
	for (int sd = 0; sd < x->sides; sd++) {
		struct cside *cs = &c->sd[sd];
		if (cs->nh > hmax)
			hmax = cs->nh;
		SWAP(int, x->side[sd].hsum, cs->nh);
		struct pstate *ps = cs->ps;
		if (!zero && !ps)
			continue;
		SWAP(int, ps->h, cs->nv);
		SWAP(int, ps->md, cs->md);
		SWAP(uint32_t, ps->zmr, cs->zmr);
		SWAP(uint64_t, ps->zpr, cs->zpr);
		uint64_t rank = ps->rank;
		move_tile(ps, cs->i, cs->from, cs->to, cs->e);
		cs->e = rank;
	}
	x->s[x->blank] = (uint8_t)c->tile;
	x->s[c->nb] = 0;
	x->blank = c->nb;
	return hmax;
}

/* Undoes child_apply(x, c), the child reached from cell `blank`. */
static inline void child_undo(struct search *x, struct child *c, int blank, int zero)
{
	x->blank = blank;
	x->s[c->nb] = (uint8_t)c->tile;
	x->s[blank] = 0;
	for (int sd = 0; sd < x->sides; sd++) {
		struct cside *cs = &c->sd[sd];
		x->side[sd].hsum = cs->nh;
		struct pstate *ps = cs->ps;
		if (!zero && !ps)
			continue;
		ps->h = cs->nv;
		ps->md = cs->md;
		ps->zmr = cs->zmr;
		ps->zpr = cs->zpr;
		move_tile(ps, cs->i, cs->to, cs->from, cs->e);
	}
}

static int dfs_any(struct search *x, int g, int st);
static int dfs_zero(struct search *x, int g, int st);

/* hot loop, measured */
/* Depth-first search below the current node at depth g; 1 when the goal was reached. The direct
 * entries of all children are ranked and prefetched first, so their cache misses overlap; the
 * reflected ones only for the children the direct side does not prune (f keeps the parity of the
 * bound either way, so the next bound is the same). zero: every pattern is zero-aware (a constant
 * in each of the two copies below, so that its tests fold away). */
static inline __attribute__((always_inline)) int dfs_body(struct search *x, int g, int st, int zero)
{
	if (g >= x->cut)
		return cut_here(x, g, st);
	const struct pdb_set *set = x->set;
	struct child cd[BOARD_NDIRS];
	int keep[BOARD_NDIRS], nk = 0;
	/* Children in the caller's letter order: the first solution of the last iteration is then the
	 * lexicographically smallest optimal path. */
	for (int k = 0; k < BOARD_NDIRS; k++) {
		int dir = x->order[k], next = x->fsm[st][k];
		if (next < 0) /* a skipped string (idafsm.h): never straight back, for one */
			continue;
		int nb = set->b.nbr[x->blank][dir];
		if (nb < 0)
			continue;
		struct child *c = &cd[nk];
		c->dir = dir;
		c->st = next;
		c->nb = nb;
		c->tile = x->s[nb]; /* moves from nb into the blank's cell */
		keep[nk] = nk;
		nk++;
	}
	children_side(x, cd, keep, nk, 0, zero);
	x->nodes += (uint64_t)nk;
	if (x->nodes >= x->tick_at)
		progress_tick(x, 0, 0);
	nk = prune_side(x, cd, keep, nk, g, 0, zero);
	for (int sd = 1; sd < x->sides && nk > 0; sd++) {
		children_side(x, cd, keep, nk, sd, zero);
		nk = prune_side(x, cd, keep, nk, g, sd, zero);
	}
	int blank = x->blank;
	for (int k = 0; k < nk; k++) {
		struct child *c = &cd[keep[k]];
		int hmax = child_apply(x, c, zero);
		x->path[g] = (uint8_t)c->dir;
		if (hmax == 0 && is_goal(x)) {
			x->found_len = g + 1;
			return 1;
		}
		if (zero ? dfs_zero(x, g + 1, c->st) : dfs_any(x, g + 1, c->st))
			return 1;
		child_undo(x, c, blank, zero);
	}
	return 0;
}

static int dfs_any(struct search *x, int g, int st)
{
	return dfs_body(x, g, st, 0);
}

static int dfs_zero(struct search *x, int g, int st)
{
	return dfs_body(x, g, st, 1);
}

/* dfs_body for x's set. */
static int dfs(struct search *x, int g, int st)
{
	return x->zero ? dfs_zero(x, g, st) : dfs_any(x, g, st);
}

/* Sets up side sd of x (partition part, reflected when r) for x's state: its tiles' images, cells
 * and ranks; the patterns' values are h[sd] (a frontier node's) or computed. */
static void side_init(struct search *x, int sd, int part, int r, const uint8_t (*h)[PDB_MAX_PATTERNS])
{
	const struct pdb_set *set = x->set;
	struct side *S = &x->side[sd];
	S->part = part;
	memset(S->pat, -1, sizeof S->pat);
	memset(S->idx, -1, sizeof S->idx);
	for (int t = 1; t < x->n; t++) {
		int rt = r ? set->refl_tile[t] : t;
		S->pat[t] = set->tile_pat[part][rt];
		S->idx[t] = set->tile_idx[part][rt];
	}
	for (int c = 0; c < x->n; c++)
		S->cmap[c] = r ? set->refl_cell[c] : (uint8_t)c;
	for (int c = 0; c < x->n; c++)
		if (x->s[c] && S->pat[x->s[c]] >= 0)
			S->ps[S->pat[x->s[c]]].cells[S->idx[x->s[c]]] = S->cmap[c];
	S->hsum = 0;
	for (int p = 0; p < set->npat; p++) {
		struct pstate *ps = &S->ps[p];
		const struct pdb_one *one = ps->one = &set->pat[p];
		ps->md = ps->h = 0;
		ps->occ = ps->zmr = 0;
		ps->zpr = ps->rank = 0;
		if (set->part[p] != part)
			continue;
		for (int i = 0; i < one->k; i++)
			ps->md += set->dist[ps->cells[i]][one->goalcell[i]];
		if (h)
			ps->h = h[sd][p];
		else if (!x->failed &&
			 pdb_set_value(set, p, ps->cells, S->cmap[x->blank], &ps->h, &x->err) != SLIDETAB_OK) {
			x->failed = 1;
			x->cut = 0;
		}
		S->hsum += ps->h;
		ps->rank = pdb_rank(&one->rk, ps->cells);
		memset(ps->at, -1, sizeof ps->at);
		for (int i = 0; i < one->k; i++) {
			ps->occ |= 1u << ps->cells[i];
			ps->at[ps->cells[i]] = (int8_t)i;
		}
		if (one->zero) {
			ps->zmr = pdb_zidx_map(&one->z, ps->occ);
			ps->zpr = pdb_zidx_perm(&one->z, ps->cells, ps->occ);
		}
	}
}

/* Sets up the sides of state s (distance to set->goal); x->failed when a block its values need is
 * damaged. */
static void search_init(struct search *x, const struct pdb_set *set, const struct board_state *s,
			const uint8_t (*h)[PDB_MAX_PATTERNS])
{
	memset(x, 0, offsetof(struct search, side));
	x->cut = IDA_MAX_DEPTH + 2;
	x->tick_at = UINT64_MAX;
	x->set = set;
	x->n = set->b.n;
	memcpy(x->s, s->t, (size_t)x->n);
	x->blank = board_blank(&set->b, s);
	x->zero = 1;
	for (int p = 0; p < set->npat; p++)
		x->zero &= set->pat[p].zero;
	for (int part = 0; part < set->npart; part++)
		for (int t = 1; t < x->n; t++)
			x->zero &= set->tile_pat[part][t] >= 0;
	for (int part = 0; part < set->npart; part++)
		for (int r = 0; r <= set->reflect; r++) {
			int sd = x->sides++;
			side_init(x, sd, part, r, h);
		}
}

int ida_solve(const struct pdb_set *set, const struct board_state *start, const struct board_state *goal, int max_depth,
	      struct ida_result *res, struct slidetab_error *err)
{
	struct ida_request rq = { .set = set, .start = start, .goal = goal, .max_depth = max_depth, .threads = 1 };
	return ida_search(&rq, res, err);
}

/* The heuristic of x's state: its largest side. */
static int root_h(const struct search *x)
{
	int h = 0;
	for (int sd = 0; sd < x->sides; sd++)
		if (x->side[sd].hsum > h)
			h = x->side[sd].hsum;
	return h;
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
	int found = 0;
	if (x->failed || x->timed_out)
		found = 0;
	else if (root_h(x) == 0 && is_goal(x))
		found = 1, x->found_len = g; /* an A* frontier node may be the goal */
	else
		found = dfs(x, g, st);
	if (x->failed && !atomic_exchange(&P->damaged, 1))
		P->dmg = x->err; /* the first worker to meet damage; the others stop at once */
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
static int par_run(struct search *x, struct par *P, int threads)
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
 * bound is P. A length alone (any) needs no order: the frontier goes in increasing (f, h), the
 * likeliest first, and the search ends at the first solution.
 */
/* An iteration expected to generate IDA_ASTAR_NODES nodes (about a second) starts A*, which then
 * stores a node for every IDA_ASTAR_SHARE nodes expected, within the budget: an A* node costs about
 * 25 IDA* nodes (it is set up from its packed state), and on Korf & Felner's lines 38, 40, 25 and 32
 * shares of 64 to 256 gave the fewest nodes and 4 or 16 no fewer at 10 times the A* (docs/pdb.md). */
#define IDA_ASTAR_NODES ((uint64_t)1 << 24)
#define IDA_ASTAR_SHARE 256
#define IDA_ASTAR_MIN   ((size_t)1 << 12) /* fewer nodes than this: plain IDA* */

/* The A* phase of one search. */
struct astar_run {
	struct astar *a;
	size_t cap;
	uint32_t node;       /* the node being expanded */
	int g, status;       /* its depth; the last astar_add's answer */
	int8_t letter_of[4]; /* [set direction]: the caller's letter */
};

/* x's patterns' values, side by side, as A* stores them (x->sides * npat bytes). */
static void astar_values(const struct search *x, uint8_t *hv)
{
	for (int sd = 0, k = 0; sd < x->sides; sd++)
		for (int p = 0; p < x->set->npat; p++)
			hv[k++] = (uint8_t)x->side[sd].ps[p].h;
}

/* x->emit of an A* expansion: the child x holds becomes a node; FULL or BROKEN stops the rest. */
static void astar_emit(struct search *x, int g, int st)
{
	(void)g, (void)st;
	struct astar_run *r = x->emit_ctx;
	uint8_t hv[IDA_SIDES * PDB_MAX_PATTERNS];
	uint32_t child;
	astar_values(x, hv);
	r->status = astar_add(r->a, x->s, r->node, r->letter_of[x->path[0]], r->g + 1, root_h(x), hv, &child);
	if (r->status == ASTAR_FULL || r->status == ASTAR_BROKEN)
		x->cut = 0;
}

/* Expands node r->node on search ex (set up like root): its children become nodes. 1 when one is
 * the goal (it is then stored, and the node opened again: the children after it were not made). */
static int astar_expand(struct search *ex, const struct search *root, struct astar_run *r)
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
	ex->emit = astar_emit;
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
static int astar_fill(struct search *x, struct search *ex, struct astar_run *r)
{
	uint8_t hv[IDA_SIDES * PDB_MAX_PATTERNS];
	astar_values(x, hv);
	if (astar_add(r->a, x->s, UINT32_MAX, 0, 0, root_h(x), hv, &r->node) != ASTAR_NEW)
		return 1;
	for (size_t pops = 1; astar_count(r->a) + BOARD_NDIRS <= r->cap; pops++) {
		if (astar_pop(r->a, &r->node) != 0)
			break;
		int found = astar_expand(ex, x, r);
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

/* IDA* below r's frontier at x->bound and up. 1 found (x's path), 0 not within max_depth, -1 out
 * of memory. */
static int astar_iterate(struct search *x, struct par *P, struct astar_run *r, int max_depth, int threads, int any)
{
	long n = astar_frontier(r->a, !any);
	if (n < 0)
		return -1;
	P->astar = r->a;
	P->nitems = (size_t)n;
	int fmin = astar_frontier_fmin(r->a), found = 0;
	if (fmin > x->bound)
		x->bound = fmin;
	while (x->bound <= max_depth && !x->failed && !x->timed_out) {
		x->next_bound = 1 << 30;
		if (x->tick_at != UINT64_MAX) /* a hook or a deadline */
			progress_tick(x, 1, 0);
		if (x->timed_out)
			break;
		found = par_run(x, P, threads);
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
static int consistent(const struct pdb_set *set)
{
	for (int p = 0; p < set->npat; p++)
		if (!set->pat[p].zero && !set->pat[p].step)
			return 0;
	return 1;
}

/* A*+IDA* from x at x->bound with memory bytes, for an iteration expected to generate `expect`
 * nodes: 1 found, 0 not within max_depth, -1 out of memory, 2 not run (too little memory for it,
 * or an inconsistent heuristic: plain IDA* goes on). */
static int astar_search(struct search *x, struct par *P, int max_depth, int threads, size_t memory, uint64_t expect,
			int any)
{
	int hbytes = x->sides * x->set->npat;
	struct astar_run r = { .cap = memory / ASTAR_NODE_BYTES(hbytes) };
	if (!consistent(x->set))
		return 2;
	size_t least = IDA_ASTAR_MIN;
	if (expect == UINT64_MAX) /* astar_now */
		least = 1 + BOARD_NDIRS;
	else if (expect / IDA_ASTAR_SHARE < r.cap)
		r.cap = (size_t)(expect / IDA_ASTAR_SHARE);
	for (int d = 0; d < BOARD_NDIRS; d++)
		r.letter_of[x->order[d]] = (int8_t)d;
	while (r.cap >= least && !(r.a = astar_new(r.cap, x->n, hbytes, x->fsm)))
		r.cap /= 2; /* the memory is refused: a smaller frontier */
	struct search *ex = r.a ? malloc(sizeof *ex) : NULL;
	int rc = ex ? astar_fill(x, ex, &r) : 1;
	x->stored = ex ? astar_count(r.a) : 0; /* A* ran, whatever came of it */
	free(ex);
	if (rc == 0)
		rc = astar_iterate(x, P, &r, max_depth, threads, any);
	else
		rc = rc > 0 ? 2 : 0;
	astar_free(r.a);
	return rc;
}

/* The iterations of IDA* from the set-up search x on `threads` workers (one: all on this thread),
 * switching to A*+IDA* before a large iteration when memory is not 0. The first solution in letter
 * order wins, so the path is the same for every thread count and budget. 1 when a path of at most
 * max_depth was found, 0 not, -1 out of memory. */
static int iterate(struct search *x, int max_depth, int threads, size_t memory, int any, int now)
{
	struct par P = { .set = x->set, .root = x };
	if (!(P.w = calloc((size_t)threads, sizeof *P.w)))
		return -1;
	int h0 = root_h(x), found = 0;
	x->par = &P;
	if (is_goal(x)) {
		x->found_len = 0;
		found = 1;
	}
	uint64_t last = 0, growth = 8; /* the last iteration's nodes (0: none yet) and its growth */
	for (x->bound = h0; !found && x->bound <= max_depth && !x->failed && !x->timed_out;) {
		if (x->tick_at != UINT64_MAX) /* a hook or a deadline */
			progress_tick(x, 1, 0);
		if (x->timed_out)
			break;
		uint64_t before = x->nodes, expect = last * growth;
		if (memory && (now || expect >= IDA_ASTAR_NODES)) {
			int rc = astar_search(x, &P, max_depth, threads, memory, now ? UINT64_MAX : expect, any);
			memory = 0; /* once a search */
			if (rc != 2) {
				found = rc;
				break;
			}
		}
		if (threads == 1 || expect < IDA_SERIAL_NODES) { /* the first iteration too: a small part of a search */
			x->next_bound = 1 << 30;
			found = dfs(x, 0, 0);
		} else {
			uint64_t want = expect / IDA_NODES_PER_ITEM, lo = (uint64_t)threads * 16,
				 hi = (uint64_t)threads * IDA_ITEMS_PER_THREAD;
			P.want = (size_t)(want < lo ? lo : want > hi ? hi : want);
			found = par_round(x, &P, threads);
		}
		uint64_t now = x->nodes - before;
		if (last)
			growth = now / last < 2 ? 2 : now / last > 16 ? 16 : now / last;
		last = now;
		if (found || x->failed || x->next_bound >= (1 << 30))
			break;
		x->bound = x->next_bound;
	}
	x->par = NULL;
	free(P.items);
	free(P.w);
	return found;
}

/* Checks rq and maps its start into the set's frame (ms, inv_dir). SLIDETAB_OK, with res->status
 * IDA_UNSOLVABLE when there is nothing to search. */
static int request_frame(const struct ida_request *rq, struct board_state *ms, int8_t inv_dir[4],
			 struct ida_result *res, struct slidetab_error *err)
{
	const struct pdb_set *set = rq->set;
	const struct board *b = &set->b;
	const struct board_state *start = rq->start, *goal = rq->goal;
	int rows = rq->rows ? rq->rows : b->rows, cols = rq->rows ? rq->cols : b->cols;
	int tr = rows != b->rows || cols != b->cols;
	if (tr && (rows != b->cols || cols != b->rows))
		return err_set(err, SLIDETAB_EINVAL, "a %dx%d set does not answer %dx%d", b->rows, b->cols, rows, cols);
	if (!goal && tr)
		return err_set(err, SLIDETAB_EINVAL, "a %dx%d start needs its goal (the set is %dx%d)", rows, cols,
			       b->rows, b->cols);
	if (!goal)
		goal = &set->goal;
	if (!board_valid(b, start))
		return err_set(err, SLIDETAB_EFORMAT, "the start is not a valid %dx%d position", rows, cols);
	if (!board_valid(b, goal))
		return err_set(err, SLIDETAB_EFORMAT, "the goal is not a valid %dx%d position", rows, cols);
	if (rq->timeout < 0 || rq->timeout != rq->timeout)
		return err_set(err, SLIDETAB_EINVAL, "a timeout of %g s", rq->timeout);
	int rc = ida_map_goal(set, tr, start, goal, ms, inv_dir, err);
	if (rc == SLIDETAB_OK && !board_solvable(b, ms, &set->goal)) /* the frame keeps distances, so solvability */
		res->status = IDA_UNSOLVABLE;
	return rc;
}

/* The answer of search x into res (the path in the caller's letters). */
static int request_answer(const struct search *x, int found, const int8_t inv_dir[4], struct ida_result *res,
			  struct slidetab_error *err)
{
	if (x->failed) {
		memset(res, 0, sizeof *res);
		if (err)
			*err = x->err;
		return SLIDETAB_EFORMAT;
	}
	res->nodes = x->nodes;
	res->stored = x->stored;
	if (x->timed_out && found <= 0)
		return err_set(err, SLIDETAB_ETIMEOUT, "no answer within %.3g s (bound %d, %llu nodes)",
			       x->deadline - x->t_start, x->bound, (unsigned long long)x->nodes);
	if (found > 0) {
		res->status = IDA_SOLVED;
		res->length = x->found_len;
		for (int i = 0; i < x->found_len; i++)
			res->path[i] = board_dir_char((enum board_dir)inv_dir[x->path[i]], 0);
		res->path[x->found_len] = 0;
	} else {
		res->status = IDA_NOT_WITHIN;
		res->length = -1;
	}
	return found < 0 ? err_set(err, SLIDETAB_ENOMEM, "out of memory") : SLIDETAB_OK;
}

int ida_search(const struct ida_request *rq, struct ida_result *res, struct slidetab_error *err)
{
	memset(res, 0, sizeof *res);
	struct board_state ms;
	int8_t inv_dir[4];
	int rc = request_frame(rq, &ms, inv_dir, res, err);
	if (rc != SLIDETAB_OK || res->status == IDA_UNSOLVABLE)
		return rc;
	int max_depth = rq->max_depth <= 0 || rq->max_depth > IDA_MAX_DEPTH ? IDA_MAX_DEPTH : rq->max_depth;
	const struct idafsm *fsm = idafsm_get();
	struct search *x = fsm ? malloc(sizeof *x) : NULL;
	if (!x)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	search_init(x, rq->set, &ms, NULL);
	int8_t order[BOARD_NDIRS];
	for (int d = 0; d < BOARD_NDIRS; d++)
		order[inv_dir[d]] = (int8_t)d;
	set_order(x, order, fsm->next);
	x->t_start = clock_now();
	if (rq->hook && rq->hook->fn) {
		x->hook = rq->hook;
		x->t0 = x->t_start;
		x->tick_at = IDA_TICK_NODES;
	}
	if (rq->timeout > 0) {
		x->deadline = x->t_start + rq->timeout;
		x->tick_at = IDA_TICK_NODES;
	}
	int found = iterate(x, max_depth, rq->threads > 1 ? rq->threads : 1, rq->memory, rq->any_path, rq->astar_now);
	if (x->hook)
		progress_tick(x, 1, 1);
	rc = request_answer(x, found, inv_dir, res, err);
	free(x);
	return rc;
}
