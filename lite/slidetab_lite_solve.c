/* SPDX-License-Identifier: Zlib */
/* slidetab_lite_solve: the freestanding solver (slidetab_lite_solve.h): the set's checks, placement and
 * zero-aware ranks, 1-bit decoding and IDA* on an explicit stack. */
#include "slidetab_lite_solve.h"

void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

/* The header values of a 1-bit pattern database (docs/FORMAT.md): placement or zero-aware. */
enum { KIND_PDB = 2, RANK_PDB = 2, RANK_ZPDB = 4, ENTRY_ZBIT = 5, ENTRY_PBIT = 6, PAYLOAD_RAW = 1, NONE = 0xff };
#define CELLS    SLIDETAB_LITE_PDB_MAX_CELLS
#define PATTERNS SLIDETAB_LITE_PDB_MAX_PATTERNS
#define TILES    SLIDETAB_LITE_PDB_MAX_TILES
#define DEPTH    SLIDETAB_LITE_SOLVE_MAX_DEPTH
#define FAR      0x7fff /* above any bound */

/* The cells connected to the cells of r through the free cells freem (docs/FORMAT.md's regions):
 * r grows by its four shifts at once, no step leaving its row, until it stops. */
static uint32_t region(const struct slidetab_lite_pdb *p, uint32_t freem, uint32_t r)
{
	for (uint32_t prev = 0; r != prev;) {
		prev = r;
		r |= (prev >> 1 & p->not_last) | (prev << 1 & p->not_first) | prev >> p->cols | prev << p->cols;
		r &= freem;
	}
	return r;
}

/* The regions of the free cells freem (below 2^n) numbered by their smallest cells: cell c's
 * number, or with c = CELLS how many there are. */
static unsigned region_no(const struct slidetab_lite_pdb *p, uint32_t freem, unsigned c)
{
	unsigned m = 0;
	for (uint32_t left = freem; left; m++) {
		uint32_t r = region(p, freem, left & (~left + 1));
		if (r >> c & 1)
			return m;
		left &= ~r;
	}
	return m;
}

/* Zero-aware pattern q of k tiles: its maps' cumulated regions (zcum, shared with an earlier
 * pattern of as many tiles), colex order being the maps' order as numbers. */
static int zmaps_init(struct slidetab_lite_pdb *p, int q, int k)
{
	for (int e = 0; e < q; e++)
		if (p->zregions[e] && p->k[e] == k) {
			p->zmap[q] = p->zmap[e], p->zregions[q] = p->zregions[e];
			return SLIDETAB_LITE_OK;
		}
	uint32_t all = (1u << p->n) - 1, cum = 0, slot = p->zused;
	if (p->binom[p->n][k] > SLIDETAB_LITE_PDB_ZMAPS - slot)
		return SLIDETAB_LITE_EFORMAT; /* more maps than the handle holds */
	for (uint32_t occ = 0; occ <= all; occ++) {
		unsigned pop = 0;
		for (uint32_t m = occ; m; m &= m - 1)
			pop++;
		if (pop != (unsigned)k)
			continue;
		p->zcum[slot++] = (uint16_t)cum;
		cum += region_no(p, all & ~occ, CELLS);
		if (cum > 0xffff)
			return SLIDETAB_LITE_EFORMAT;
	}
	p->zmap[q] = p->zused, p->zused = (uint16_t)slot, p->zregions[q] = cum;
	return SLIDETAB_LITE_OK;
}

/* Pattern q's tiles (mask: bit t for tile t), their goal cells and rank weights, against the
 * file's entry count. Every tile in at most one pattern. */
static int pattern_init(struct slidetab_lite_pdb *p, int q, uint32_t mask, uint32_t entries, int zero)
{
	int n = p->n, k = 0;
	if ((mask & 1) || (mask >> n) != 0)
		return SLIDETAB_LITE_EFORMAT;
	for (int t = 1; t < n; t++) {
		if (!(mask >> t & 1))
			continue;
		if (k == TILES || p->tile_pat[t] != NONE)
			return SLIDETAB_LITE_EFORMAT; /* too large, or overlapping an earlier pattern */
		p->tile_pat[t] = (uint8_t)(q << 4 | k);
		p->tile_goal[q][k++] = p->goal_cell[t];
	}
	if (k < 1 || k > n - 2 - zero)
		return SLIDETAB_LITE_EFORMAT;
	p->k[q] = (uint8_t)k;
	p->w[q][k - 1] = 1; /* placement: W_i = (n-i-1)! / (n-k)!; zero-aware: (k-1-i)! */
	for (int i = k - 2; i >= 0; i--)
		p->w[q][i] = p->w[q][i + 1] * (uint32_t)(zero ? k - 1 - i : n - i - 1);
	if (zero && zmaps_init(p, q, k) != SLIDETAB_LITE_OK)
		return SLIDETAB_LITE_EFORMAT;
	uint32_t count = zero ? p->w[q][0] * (uint32_t)k * p->zregions[q] : p->w[q][0] * (uint32_t)n;
	return count == entries ? SLIDETAB_LITE_OK : SLIDETAB_LITE_EFORMAT;
}

/* The board's tables: cells' rows and columns, the edge masks, the binomials. */
static void board_init(struct slidetab_lite_pdb *p, const struct slidetab_lite_hdr *x)
{
	p->rows = (uint8_t)x->rows, p->cols = (uint8_t)x->cols, p->n = (uint8_t)x->n;
	p->not_first = p->not_last = (uint16_t)((1u << p->n) - 1);
	for (int r = 0, c = 0; r < p->rows; r++) {
		p->not_first &= (uint16_t) ~(1u << r * p->cols);
		p->not_last &= (uint16_t) ~(1u << (r * p->cols + p->cols - 1));
		for (int k = 0; k < p->cols; k++, c++)
			p->row[c] = (uint8_t)r, p->col[c] = (uint8_t)k;
	}
	for (int c = 0; c <= CELLS; c++)
		for (int j = 0; j <= TILES; j++)
			p->binom[c][j] = (uint16_t)(j == 0   ? 1
						    : c == 0 ? 0
							     : p->binom[c - 1][j - 1] + p->binom[c - 1][j]);
	for (int c = 0; c < p->n; c++) {
		p->goal[c] = x->goal[c];
		p->goal_cell[x->goal[c]] = (uint8_t)c;
	}
}

/* File q of the set, its container already checked: a 1-bit PDB of the set's board and goal. */
static int file_init(struct slidetab_lite_pdb *p, int q, const struct slidetab_lite_hdr *x)
{
	int n = x->n, zero = x->enc == ENTRY_ZBIT;
	if (x->kind != KIND_PDB || x->ranking != (zero ? RANK_ZPDB : RANK_PDB) || (!zero && x->enc != ENTRY_PBIT) ||
	    x->bits != 1 || x->payload != PAYLOAD_RAW || x->rows < 2 || x->cols < 2 || n != x->rows * x->cols ||
	    n > CELLS || !slidetab_lite_is_perm(x->goal, n))
		return SLIDETAB_LITE_EFORMAT;
	if (q == 0)
		board_init(p, x);
	else if (x->rows != p->rows || x->cols != p->cols || memcmp(x->goal, p->goal, (size_t)n) != 0)
		return SLIDETAB_LITE_EFORMAT;
	p->bits[q] = x->payload_at;
	p->radius[q] = (uint8_t)x->radius; /* below 256: the container's rule */
	return pattern_init(p, q, x->pattern, x->entries, zero);
}

/* The main diagonal's transpose of cell c (square boards). */
static unsigned transpose(const struct slidetab_lite_pdb *p, unsigned c)
{
	return p->col[c] * (unsigned)p->cols + p->row[c];
}

int slidetab_lite_pdb_open(struct slidetab_lite_pdb *p, const void *const files[], const size_t lens[], int nfiles)
{
	if (!p)
		return SLIDETAB_LITE_EINVAL;
	memset(p, 0, sizeof *p);
	if (!files || !lens || nfiles < 1 || nfiles > PATTERNS)
		return SLIDETAB_LITE_EINVAL;
	for (int q = 0; q < nfiles; q++)
		if (!files[q])
			return SLIDETAB_LITE_EINVAL;
	memset(p->tile_pat, NONE, sizeof p->tile_pat);
	for (int q = 0; q < nfiles; q++) {
		struct slidetab_lite_hdr x;
		int rc = slidetab_lite_container(files[q], lens[q], &x);
		if (rc == SLIDETAB_LITE_OK)
			rc = file_init(p, q, &x);
		if (rc != SLIDETAB_LITE_OK) {
			memset(p, 0, sizeof *p);
			return rc;
		}
	}
	p->npat = (uint8_t)nfiles;
	/* the reflection in the main diagonal keeps the goal when its blank is on it (pdb_set_new) */
	unsigned gb = p->goal_cell[0];
	if (p->rows == p->cols && transpose(p, gb) == gb) {
		p->reflect = 1;
		for (unsigned c = 0; c < p->n; c++)
			p->refl_tile[p->goal[c]] = p->goal[transpose(p, c)];
	}
	return SLIDETAB_LITE_OK;
}

/* The cell the blank reaches from c by letter k (d, l, r, u), or -1 off the board. */
static int step(const struct slidetab_lite_pdb *p, int c, int k)
{
	int r = p->row[c], col = p->col[c];
	return k == 0   ? (r + 1 < p->rows ? c + p->cols : -1)
	       : k == 1 ? (col > 0 ? c - 1 : -1)
	       : k == 2 ? (col + 1 < p->cols ? c + 1 : -1)
			: (r > 0 ? c - p->cols : -1);
}

static int taxicab(const struct slidetab_lite_pdb *p, unsigned a, unsigned b)
{
	int dr = p->row[a] - p->row[b], dc = p->col[a] - p->col[b];
	return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/* The number of bits set in x (below 2^16). */
static unsigned bits16(uint32_t x)
{
	x = x - (x >> 1 & 0x5555u);
	x = (x & 0x3333u) + (x >> 2 & 0x3333u);
	x = (x + (x >> 4)) & 0x0f0fu;
	return (x + (x >> 8)) & 0x1fu;
}

/* Pattern q's entry bit for its placement cells[] with tile i moved to `to` (i < 0: none), the
 * blank then at `blank`. Placement: the rank of pdb.h (digit_j = c_j less the earlier cells below
 * it, times W_j). Zero-aware (docs/FORMAT.md): pr * regions + cum[map] + the blank's region, pr
 * the Lehmer rank of the tiles' places among the map's cells (place_j: the map's cells below c_j;
 * digit_j = place_j less the earlier places below it), the map's colex number the sum of
 * C(c_j, place_j + 1). */
static unsigned entry_bit(const struct slidetab_lite_pdb *p, int q, const uint8_t *cells, int i, unsigned to,
			  unsigned blank)
{
	uint32_t used = 0, occ = 0, rank = 0, mr = 0;
	int k = p->k[q], zero = p->zregions[q] != 0;
	for (int j = 0; j < k && zero; j++)
		occ |= 1u << (j == i ? to : cells[j]);
	for (int j = 0; j < k; j++) {
		unsigned c = j == i ? to : cells[j], d;
		if (zero) {
			unsigned place = bits16(occ & ((1u << c) - 1));
			mr += p->binom[c][place + 1];
			d = place - bits16(used & ((1u << place) - 1));
			used |= 1u << place;
		} else {
			d = c - bits16(used & ((1u << c) - 1));
			used |= 1u << c;
		}
		rank += d * p->w[q][j];
	}
	if (zero)
		rank = rank * p->zregions[q] + p->zcum[p->zmap[q] + mr] +
		       region_no(p, ((1u << p->n) - 1) & ~occ, blank);
	return (unsigned)(p->bits[q][rank >> 3] >> (rank & 7)) & 1u;
}

/* A neighbour's value from its placement's value v: v - 1 or v + 1, the one whose (value - md) / 2
 * has the neighbour's bit as its low bit (md: the neighbour's Manhattan sum). */
static int zstep(int v, int md, unsigned bit)
{
	return ((((unsigned)(v - 1 - md)) >> 1) & 1u) == bit ? v - 1 : v + 1;
}

/* Pattern q's value for the placement cells[] (Manhattan sum md) with the blank at `blank` from
 * scratch: the steps of a walk to the goal's entry through neighbours one closer (a pattern tile
 * onto a free cell, zero-aware: of the blank's region), at most the file's radius, the goal's
 * entry 0 mod 4. */
static int walk_value(const struct slidetab_lite_pdb *p, int q, const uint8_t *cells0, int md, unsigned blank,
		      uint8_t *value)
{
	uint8_t c[TILES];
	uint32_t occ = 0, all = (1u << p->n) - 1;
	int k = p->k[q];
	memcpy(c, cells0, (size_t)k);
	for (int i = 0; i < k; i++)
		occ |= 1u << c[i];
	unsigned bit = entry_bit(p, q, c, -1, 0, blank);
	for (unsigned steps = 0;; steps++) {
		uint32_t M = p->zregions[q] ? region(p, all & ~occ, 1u << blank) : all & ~occ;
		if (md == 0 && (M >> p->goal_cell[0] & 1)) {
			*value = (uint8_t)steps;
			return bit == 0 ? SLIDETAB_LITE_OK : SLIDETAB_LITE_EFORMAT; /* the goal's value is 0 */
		}
		int moved = 0;
		for (int i = 0; i < k && !moved && steps < p->radius[q]; i++)
			for (int dir = 0; dir < 4 && !moved; dir++) {
				int to = step(p, c[i], dir), gc = p->tile_goal[q][i];
				if (to < 0 || !(M >> to & 1))
					continue;
				int nmd = md - taxicab(p, (unsigned)gc, c[i]) + taxicab(p, (unsigned)gc, (unsigned)to);
				unsigned nbit = entry_bit(p, q, c, i, (unsigned)to, c[i]);
				if ((nmd < md) != (nbit == bit)) /* closer: md down, the same bit; md up, the other */
					continue;
				occ ^= 1u << c[i] | 1u << to;
				blank = c[i], c[i] = (uint8_t)to, md = nmd, bit = nbit, moved = 1;
			}
		if (!moved)
			return SLIDETAB_LITE_EFORMAT; /* no closer neighbour, or farther than the radius */
	}
}

/* One side of the search: the state looked up through a frame (a board symmetry, the tiles renamed
 * onto the set's goal, and for side 1 the diagonal reflection too). */
struct lite_side {
	uint8_t cmap[CELLS]; /* [user cell]: the looked-up cell */
	uint8_t pat[CELLS];  /* [user tile]: pattern << 4 | index of its image, NONE */
	uint8_t cells[PATTERNS][TILES];
	uint8_t md[PATTERNS], h[PATTERNS];
	int hsum;
};

/* A node on the stack: the machine's state, the next letter to try, and the values its move replaced. */
struct lite_node {
	int16_t st;
	uint8_t next, oh[2], omd[2];
};

struct lite_search {
	const struct slidetab_lite_pdb *p;
	uint8_t s[CELLS], g[CELLS];                  /* the caller's start (then the node) and goal */
	int blank, sides, bound, next_bound, maxlen; /* maxlen: the longest path searched */
	unsigned long nodes, budget;
	struct lite_side side[2];
	struct lite_node fr[DEPTH + 1];
	uint8_t path[DEPTH];
};

/* Parity of the arrangement read as a permutation, and the blank's cell. */
static unsigned parity(int n, const uint8_t *s, int *blank)
{
	unsigned inv = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] == 0)
			*blank = i;
		for (int j = i + 1; j < n; j++)
			inv += s[j] < s[i];
	}
	return inv & 1;
}

/* Side sd through the frame cmap, tmap (user cell and tile onto the set's); its patterns' values
 * from scratch. */
static int side_init(struct lite_search *x, int sd, const uint8_t *cmap, const uint8_t *tmap)
{
	const struct slidetab_lite_pdb *p = x->p;
	struct lite_side *S = &x->side[sd];
	for (int c = 0; c < p->n; c++) {
		S->cmap[c] = cmap[c];
		S->pat[c] = p->tile_pat[tmap[c]];
	}
	for (int c = 0; c < p->n; c++)
		if (S->pat[x->s[c]] != NONE)
			S->cells[S->pat[x->s[c]] >> 4][S->pat[x->s[c]] & 15] = cmap[c];
	S->hsum = 0;
	for (int q = 0; q < p->npat; q++) {
		int md = 0;
		for (int i = 0; i < p->k[q]; i++)
			md += taxicab(p, S->cells[q][i], p->tile_goal[q][i]);
		S->md[q] = (uint8_t)md;
		if (walk_value(p, q, S->cells[q], md, cmap[x->blank], &S->h[q]) != SLIDETAB_LITE_OK)
			return SLIDETAB_LITE_EFORMAT;
		S->hsum += S->h[q];
	}
	return SLIDETAB_LITE_OK;
}

/* The frame of the caller's goal: a board symmetry (bit 0 flips the rows, bit 1 the columns, bit 2
 * transposes) taking its blank onto the set's goal blank, the tiles renamed so that the goals are
 * equal; then the sides. */
static int frame_init(struct lite_search *x)
{
	const struct slidetab_lite_pdb *p = x->p;
	uint8_t cmap[CELLS], tmap[CELLS];
	int gb = 0, R = p->rows, C = p->cols;
	parity(p->n, x->g, &gb);
	for (int sym = 0; sym < (R == C ? 8 : 4); sym++) {
		for (int c = 0; c < p->n; c++) {
			int r = sym & 1 ? R - 1 - p->row[c] : p->row[c], k = sym & 2 ? C - 1 - p->col[c] : p->col[c];
			cmap[c] = (uint8_t)(sym & 4 ? k * C + r : r * C + k);
		}
		if (cmap[gb] != p->goal_cell[0])
			continue;
		for (int c = 0; c < p->n; c++)
			tmap[x->g[c]] = p->goal[cmap[c]];
		x->sides = 1 + p->reflect;
		if (side_init(x, 0, cmap, tmap) != SLIDETAB_LITE_OK)
			return SLIDETAB_LITE_EFORMAT;
		if (!p->reflect)
			return SLIDETAB_LITE_OK;
		for (int c = 0; c < p->n; c++) {
			cmap[c] = (uint8_t)transpose(p, cmap[c]);
			tmap[c] = p->refl_tile[tmap[c]];
		}
		return side_init(x, 1, cmap, tmap);
	}
	return SLIDETAB_LITE_ENOTABLE;
}

/* Side sd's sum after `tile` moves from cell nb into the blank's; *nv and *nmd its pattern's new
 * value and Manhattan sum. */
static int child_h(const struct lite_search *x, int sd, int tile, int nb, uint8_t *nv, uint8_t *nmd)
{
	const struct slidetab_lite_pdb *p = x->p;
	const struct lite_side *S = &x->side[sd];
	int pi = S->pat[tile];
	if (pi == NONE)
		return S->hsum;
	int q = pi >> 4, i = pi & 15;
	unsigned gc = p->tile_goal[q][i], to = S->cmap[x->blank];
	int md = S->md[q] - taxicab(p, gc, S->cmap[nb]) + taxicab(p, gc, to);
	int v = zstep(S->h[q], md, entry_bit(p, q, S->cells[q], i, to, S->cmap[nb]));
	*nv = (uint8_t)v, *nmd = (uint8_t)md;
	return S->hsum - S->h[q] + v;
}

/* Moves `tile` from nb into the blank's cell, its patterns' values and Manhattan sums becoming
 * nv[side] and nmd[side]; keep (not NULL) gets the values they replace. */
static void move_tile(struct lite_search *x, int tile, int nb, const uint8_t *nv, const uint8_t *nmd,
		      struct lite_node *keep)
{
	for (int sd = 0; sd < x->sides; sd++) {
		struct lite_side *S = &x->side[sd];
		int pi = S->pat[tile];
		if (pi == NONE)
			continue;
		int q = pi >> 4;
		if (keep)
			keep->oh[sd] = S->h[q], keep->omd[sd] = S->md[q];
		S->hsum += nv[sd] - S->h[q];
		S->h[q] = nv[sd], S->md[q] = nmd[sd];
		S->cells[q][pi & 15] = S->cmap[x->blank];
	}
	x->s[x->blank] = (uint8_t)tile;
	x->s[nb] = 0;
	x->blank = nb;
}

/* Takes back the move into node g (letter path[g - 1]): the tile goes back with the values its
 * stack node kept. */
static void undo(struct lite_search *x, int g)
{
	int from = step(x->p, x->blank, 3 - x->path[g - 1]);
	move_tile(x, x->s[from], from, x->fr[g].oh, x->fr[g].omd, NULL);
}

/* Counts the children of the stack node F (every letter the machine and the board allow, as
 * the library counts them); 0, or SLIDETAB_LITE_EBUDGET when they pass the budget. */
static int expand(struct lite_search *x, const struct lite_node *F)
{
	unsigned long kids = 0;
	for (int k = 0; k < 4; k++)
		kids += slidetab_lite_fsm[F->st][k] >= 0 && step(x->p, x->blank, k) >= 0;
	if (x->budget && kids > x->budget - x->nodes)
		return SLIDETAB_LITE_EBUDGET;
	x->nodes += kids;
	return 0;
}

/* One iteration of IDA* at x->bound, children in letter order: the first path found is the
 * smallest optimal one. Its length (> 0), 0 for none, or -SLIDETAB_LITE_EBUDGET. */
static int iteration(struct lite_search *x)
{
	int g = 0;
	x->fr[0].st = 0, x->fr[0].next = 0;
	for (;;) {
		struct lite_node *F = &x->fr[g];
		if (F->next == 0 && expand(x, F) != 0)
			return -SLIDETAB_LITE_EBUDGET;
		if (F->next == 4) {
			if (g == 0)
				return 0;
			undo(x, g--);
			continue;
		}
		int k = F->next++, st = slidetab_lite_fsm[F->st][k], nb = step(x->p, x->blank, k);
		if (st < 0 || nb < 0)
			continue;
		uint8_t nv[2], nmd[2];
		int tile = x->s[nb], hmax = 0, f = 0, sd = 0;
		for (; sd < x->sides; sd++) { /* a side that prunes spares the other's lookup */
			int h = child_h(x, sd, tile, nb, &nv[sd], &nmd[sd]);
			if ((f = g + 1 + h) > x->bound)
				break;
			hmax = h > hmax ? h : hmax;
		}
		if (sd < x->sides) {
			x->next_bound = f < x->next_bound ? f : x->next_bound;
			continue;
		}
		move_tile(x, tile, nb, nv, nmd, &x->fr[g + 1]);
		x->path[g++] = (uint8_t)k;
		if (hmax == 0 && memcmp(x->s, x->g, x->p->n) == 0)
			return g;
		x->fr[g].st = (int16_t)st, x->fr[g].next = 0;
	}
}

/* IDA* from the set-up search: the optimal length, or a status as a negative number. */
static int ida(struct lite_search *x)
{
	x->bound = x->side[0].hsum > x->side[x->sides - 1].hsum ? x->side[0].hsum : x->side[x->sides - 1].hsum;
	if (memcmp(x->s, x->g, x->p->n) == 0)
		return 0;
	for (;;) {
		if (x->bound > x->maxlen)
			return -SLIDETAB_LITE_ENOPATH; /* every path within maxlen searched: none */
		if (x->bound > DEPTH)
			return -SLIDETAB_LITE_EINVAL; /* longer than the stack holds (never on 4x4) */
		x->next_bound = FAR;
		int len = iteration(x);
		if (len != 0)
			return len;
		if (x->next_bound == FAR)
			return -SLIDETAB_LITE_EFORMAT; /* nothing left: values that do not reach the goal */
		x->bound = x->next_bound;
	}
}

int slidetab_lite_solve_within(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			       unsigned maxlen, unsigned long budget, unsigned *dist, char *moves, size_t cap,
			       unsigned long *nodes)
{
	struct lite_search x;
	if (!p || p->n == 0 || !start || !dist || (moves && cap == 0))
		return SLIDETAB_LITE_EINVAL;
	x.p = p, x.nodes = 0, x.budget = budget, x.maxlen = maxlen < FAR ? (int)maxlen : FAR;
	for (int c = 0; c < p->n; c++)
		x.s[c] = start[c], x.g[c] = goal ? goal[c] : (uint8_t)(c + 1 < p->n ? c + 1 : 0);
	if (!slidetab_lite_is_perm(x.s, p->n) || !slidetab_lite_is_perm(x.g, p->n))
		return SLIDETAB_LITE_EINVAL;
	int sb = 0, gb = 0;
	if ((parity(p->n, x.s, &sb) ^ parity(p->n, x.g, &gb)) != ((unsigned)taxicab(p, (unsigned)sb, (unsigned)gb) & 1))
		return SLIDETAB_LITE_UNSOLVABLE;
	x.blank = sb;
	int rc = frame_init(&x), len = rc == SLIDETAB_LITE_OK ? ida(&x) : -rc;
	if (nodes)
		*nodes = x.nodes;
	if (len < 0)
		return -len;
	if (moves && (size_t)len >= cap)
		return SLIDETAB_LITE_EINVAL;
	*dist = (unsigned)len;
	for (int i = 0; moves && i <= len; i++)
		moves[i] = i < len ? "dlru"[x.path[i]] : '\0';
	return SLIDETAB_LITE_OK;
}

int slidetab_lite_solve_nodes(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			      unsigned long budget, unsigned *dist, char *moves, size_t cap, unsigned long *nodes)
{
	return slidetab_lite_solve_within(p, start, goal, FAR, budget, dist, moves, cap, nodes);
}

int slidetab_lite_solve(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			unsigned long budget, unsigned *dist, char *moves, size_t cap)
{
	return slidetab_lite_solve_within(p, start, goal, FAR, budget, dist, moves, cap, NULL);
}
