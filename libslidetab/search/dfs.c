/* SPDX-License-Identifier: Zlib */
/* dfs: IDA*'s depth-first search below one node, with incremental additive-PDB heuristics and
 * reflection, and the clock and progress it looks at. */
#include "libslidetab/search/dfs.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "libslidetab/base/clock.h"

/* The hot loop's functions, always inlined, so that `zero` and `checked` are constants in each copy
 * of dfs_body and their tests fold away. gcc 12 at -O2 kept children_side and child_locate out of
 * line with `zero` an argument: 9% more instructions a node (docs/pdb.md, issue 51). */
#define HOT static inline __attribute__((always_inline))

/* Called every IDA_TICK_NODES nodes of a thread when a hook or a deadline is set (and at each new
 * bound with force = 1): gives up once the deadline has passed. A worker of a parallel search adds
 * its nodes to the iteration's count, gives its node up when an earlier one has a solution, and
 * (worker 0 only) reports for the whole search. */
void progress_tick(struct search *x, int force, int done)
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

int is_goal(const struct search *x)
{
	return memcmp(x->s, x->set->goal.t, (size_t)x->n) == 0;
}

/* Sets the child order (order[k]: the set's direction with the caller's letter k) and the machine
 * of skipped strings. A board symmetry maps the caller's frame onto the set's, and the machine is
 * the same in every frame, so it runs on the caller's letters. */
void set_order(struct search *x, const int8_t order[BOARD_NDIRS], const int32_t (*fsm)[4])
{
	memcpy(x->order, order, sizeof x->order);
	x->fsm = fsm;
}

/* The placement rank of pattern state ps after its tile i moves from `from` to `to`. */
HOT uint64_t child_rank(const struct pdb_set *set, const struct pstate *ps, int i, unsigned from, unsigned to)
{
	return pdb_rank_step(&ps->one->rk, ps->rank, ps->at, ps->occ & set->betw[from][to], i, from, to);
}

/* Moves tile i of pattern state ps from `from` to `to` with the new rank. */
HOT void move_tile(struct pstate *ps, int i, unsigned from, unsigned to, uint64_t rank)
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

/* One side of a child of the node being expanded: the moved tile's pattern on that side (NULL: none),
 * its index and cells, the pattern's Manhattan part, the entry (placement rank, or zero-aware index),
 * the pattern's value and the side's sum. While the child is applied, dfs keeps the parent's values
 * here instead (apply and undo swap them). */
struct cside {
	struct pstate *ps;
	int i, md, nv, nh;
	unsigned from, to; /* not bytes: a byte store may alias anything, and gcc then reloads */
	uint32_t zmr;      /* zero-aware: the child's map and permutation ranks */
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
HOT void child_locate(struct search *x, struct child *c, int sd, int zero)
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
	cs->from = from;
	cs->to = to;
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
HOT void child_entry(struct child *c, int sd, int zero)
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
HOT void children_side(struct search *x, struct child *cd, const int *keep, int n, int sd, int zero)
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

/* The heuristic of side sd of child c from its prefetched entry (checked: its block's CRC first). */
HOT int child_h(struct search *x, struct child *c, int sd, int zero, int checked)
{
	struct cside *cs = &c->sd[sd];
	int hsum = x->side[sd].hsum;
	if (!zero && !cs->ps)
		return cs->nh = hsum;
	const struct pdb_one *one = cs->ps->one;
	if (checked && !pdb_one_ready(one, cs->e) && damaged(x, one, cs->e))
		return cs->nh = PDB_UNREACHABLE;
	if (zero || one->step)
		cs->nv = pdb_one_zstep(cs->ps->h, cs->md, pdb_one_bit(one, cs->e));
	else
		cs->nv = pdb_one_entry(one, cs->e, cs->md);
	return cs->nh = hsum - cs->ps->h + cs->nv;
}

/* Keeps the children in keep[0..n) whose side sd does not prune them; returns how many. */
HOT int prune_side(struct search *x, struct child *cd, int *keep, int n, int g, int sd, int zero, int checked)
{
	int nk = 0;
	for (int k = 0; k < n; k++) {
		int f = g + 1 + child_h(x, &cd[keep[k]], sd, zero, checked);
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
HOT int child_apply(struct search *x, struct child *c, int zero)
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
HOT void child_undo(struct search *x, struct child *c, int blank, int zero)
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
static int dfs_zero_verified(struct search *x, int g, int st);

/* The copy of dfs_body for zero and checked (a set that is not zero-aware is always checked). */
HOT int dfs_copy(struct search *x, int g, int st, int zero, int checked)
{
	return !zero ? dfs_any(x, g, st) : checked ? dfs_zero(x, g, st) : dfs_zero_verified(x, g, st);
}

/* hot loop, measured */
/* Depth-first search below the current node at depth g; 1 when the goal was reached. The direct
 * entries of all children are ranked and prefetched first, so their cache misses overlap; the
 * reflected ones only for the children the direct side does not prune (f keeps the parity of the
 * bound either way, so the next bound is the same). zero: every pattern is zero-aware; checked: a
 * lookup checks its block first (the set not yet verified whole). Both are constants in each of
 * the three copies below (dfs_copy), so their tests fold away. */
HOT int dfs_body(struct search *x, int g, int st, int zero, int checked)
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
		__builtin_prefetch(x->fsm[next]); /* the child's row, read when it is expanded */
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
	nk = prune_side(x, cd, keep, nk, g, 0, zero, checked);
	for (int sd = 1; sd < x->sides && nk > 0; sd++) {
		children_side(x, cd, keep, nk, sd, zero);
		nk = prune_side(x, cd, keep, nk, g, sd, zero, checked);
	}
	int blank = x->blank;
	for (int k = 0; k < nk; k++) {
		struct child *c = &cd[keep[k]];
		int hmax = child_apply(x, c, zero);
		x->path[g] = (uint8_t)c->dir;
		if (hmax < x->minh)
			x->minh = hmax;
		if (hmax == 0 && is_goal(x)) {
			x->found_len = g + 1;
			return 1;
		}
		if (dfs_copy(x, g + 1, c->st, zero, checked))
			return 1;
		child_undo(x, c, blank, zero);
	}
	return 0;
}

static int dfs_any(struct search *x, int g, int st)
{
	return dfs_body(x, g, st, 0, 1);
}

static int dfs_zero(struct search *x, int g, int st)
{
	return dfs_body(x, g, st, 1, 1);
}

static int dfs_zero_verified(struct search *x, int g, int st)
{
	return dfs_body(x, g, st, 1, 0);
}

/* dfs_body for x's set. */
int dfs(struct search *x, int g, int st)
{
	return dfs_copy(x, g, st, x->zero, x->checked);
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
void search_init(struct search *x, const struct pdb_set *set, const struct board_state *s,
		 const uint8_t (*h)[PDB_MAX_PATTERNS])
{
	memset(x, 0, offsetof(struct search, side));
	x->cut = IDA_MAX_DEPTH + 2;
	x->tick_at = UINT64_MAX;
	x->checked = 1;
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

/* The heuristic of x's state: its largest side. */
int root_h(const struct search *x)
{
	int h = 0;
	for (int sd = 0; sd < x->sides; sd++)
		if (x->side[sd].hsum > h)
			h = x->side[sd].hsum;
	return h;
}
