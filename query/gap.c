/* gap: the Gap card puzzle (AOJ 1245 / POJ 2046): layouts, contest-input parser, optimal A* solver, driver. */
#define _POSIX_C_SOURCE 200809L
#include "gap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Internal numbering. The aces never move (no card precedes them), so only columns 2..8 matter.
 * Cell c = 8 * row + i is row `row` (0-based), column i + 2, for i = 0..6; numbers with
 * c % 8 == 7 are no cell, which keeps the rows apart in bit masks. The 24 movable cards (values
 * 2..7) are k = 8 * (suit - 1) + (value - 2), so card k's home is cell k, the card left of cell c
 * is in cell c - 1 (the row's ace when c % 8 == 0, whose successor is card c), and the goal's gaps
 * are the cells with c % 8 == 6.
 */
enum {
	NSLOTS = 32,    /* cell and card numbers are below this */
	LAST_COL = 6,   /* c % 8 of column 8 */
	SEVEN = 5,      /* k % 8 of a value-7 card */
	NO_CARD = -1,
	H_BUCKETS = 48, /* open-list sub-buckets per f value, by h (h <= 24 + 4 * 5) */
	CHUNK_NODES = 256,
	MAX_G = 65535
};

#define CARDS 0x3F3F3F3Fu /* bit k set for every card k */
#define NIL UINT32_MAX

static uint32_t bit(int i)
{
	return (uint32_t)1 << i;
}

/* The lowest set bit of a non-zero set (a GCC/Clang builtin; the one non-standard piece). */
static int lowest(uint32_t set)
{
	return __builtin_ctz(set);
}

static int count_bits(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static int card_number(int k)
{
	return (k / 8 + 1) * 10 + k % 8 + 2;
}

/* Card index of a card number, or NO_CARD for aces and non-cards. */
static int card_index(int number)
{
	int suit = number / 10, value = number % 10;

	if (suit < 1 || suit > 4 || value < 2 || value > 7)
		return NO_CARD;
	return (suit - 1) * 8 + value - 2;
}

/* ------------------------------------------------------------------------------------------ */
/* Layouts                                                                                     */

int gap_card_valid(int number)
{
	return number >= 11 && number <= 47 && number % 10 >= 1 && number % 10 <= 7;
}

void gap_goal(struct gap_layout *out)
{
	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_COLS - 1; c++)
			out->cell[r][c] = (unsigned char)((r + 1) * 10 + c + 1);
		out->cell[r][GAP_COLS - 1] = GAP_EMPTY;
	}
}

int gap_is_goal(const struct gap_layout *l)
{
	struct gap_layout g;

	gap_goal(&g);
	return memcmp(&g, l, sizeof g) == 0;
}

int gap_layout_check(const struct gap_layout *l, char *msg, size_t msgsz)
{
	int seen[48] = { 0 }, gaps = 0;

	for (int r = 0; r < GAP_ROWS; r++) {
		if (l->cell[r][0] != (r + 1) * 10 + 1) {
			snprintf(msg, msgsz, "row %d column 1 must hold %d", r + 1, (r + 1) * 10 + 1);
			return -1;
		}
		for (int c = 1; c < GAP_COLS; c++) {
			int v = l->cell[r][c];
			if (v == GAP_EMPTY) {
				gaps++;
			} else if (!gap_card_valid(v)) {
				snprintf(msg, msgsz, "row %d column %d: card %d does not exist", r + 1, c + 1, v);
				return -1;
			} else if (v % 10 == 1) {
				snprintf(msg, msgsz, "row %d column %d: ace %d must be in column 1", r + 1, c + 1, v);
				return -1;
			} else if (seen[v]++) {
				snprintf(msg, msgsz, "card %d appears twice", v);
				return -1;
			}
		}
	}
	if (gaps != GAP_ROWS) {
		snprintf(msg, msgsz, "%d gaps, expected %d", gaps, GAP_ROWS);
		return -1;
	}
	return 0;
}

int gap_deal(const int dealt[GAP_ROWS * GAP_DEAL_COLS], struct gap_layout *out, char *msg, size_t msgsz)
{
	int seen[48] = { 0 };

	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_DEAL_COLS; c++) {
			int v = dealt[GAP_DEAL_COLS * r + c];
			if (!gap_card_valid(v)) {
				snprintf(msg, msgsz, "card %d does not exist", v);
				return -1;
			}
			if (seen[v]++) {
				snprintf(msg, msgsz, "card %d appears twice", v);
				return -1;
			}
			out->cell[r][c + 1] = (unsigned char)(v % 10 == 1 ? GAP_EMPTY : v);
		}
		out->cell[r][0] = (unsigned char)((r + 1) * 10 + 1);
	}
	return 0;
}

void gap_print_layout(FILE *out, const struct gap_layout *l)
{
	for (int r = 0; r < GAP_ROWS; r++) {
		for (int c = 0; c < GAP_COLS; c++) {
			if (c)
				fputc(' ', out);
			if (l->cell[r][c] == GAP_EMPTY)
				fputs("..", out);
			else
				fprintf(out, "%d", l->cell[r][c]);
		}
		fputc('\n', out);
	}
}

/* ------------------------------------------------------------------------------------------ */
/* Working board and the 120-bit state key                                                     */

struct board {
	signed char at[NSLOTS];  /* card in each cell, NO_CARD for a gap (and for non-cells) */
	signed char pos[NSLOTS]; /* cell of each card */
	uint32_t gaps;           /* bit c set when cell c is a gap */
	uint32_t misplaced;      /* bit k set when card k is not home */
};

/* The key packs the cell (5 bits) of each card: word s holds suit s + 1, values 2..7 upwards. */
struct key {
	uint32_t w[GAP_ROWS];
};

static void key_set(struct key *key, int k, int cell)
{
	uint32_t *w = &key->w[k / 8];
	int shift = k % 8 * 5;

	*w = (*w & ~((uint32_t)31 << shift)) | ((uint32_t)cell << shift);
}

static int key_get(const struct key *key, int k)
{
	return (int)((key->w[k / 8] >> (k % 8 * 5)) & 31);
}

static struct key board_key(const struct board *b)
{
	struct key key = { { 0, 0, 0, 0 } };

	for (uint32_t m = CARDS; m; m &= m - 1)
		key_set(&key, lowest(m), b->pos[lowest(m)]);
	return key;
}

static void board_clear(struct board *b)
{
	memset(b->at, NO_CARD, sizeof b->at);
	memset(b->pos, NO_CARD, sizeof b->pos);
	b->gaps = CARDS | CARDS << 1; /* every cell */
	b->misplaced = 0;
}

static void board_place(struct board *b, int k, int cell)
{
	b->pos[k] = (signed char)cell;
	b->at[cell] = (signed char)k;
	b->gaps &= ~bit(cell);
	b->misplaced |= cell != k ? bit(k) : 0;
}

static void board_from_key(struct board *b, const struct key *key)
{
	uint32_t used = 0, mis = 0;

	memset(b->at, NO_CARD, sizeof b->at); /* pos[] of non-cards is never read */
	for (int suit = 0; suit < GAP_ROWS; suit++) {
		uint32_t w = key->w[suit];
		int k = 8 * suit;
		for (int i = 0; i < 6; i++, k++, w >>= 5) {
			int cell = (int)(w & 31);
			b->pos[k] = (signed char)cell;
			b->at[cell] = (signed char)k;
			used |= bit(cell);
			mis |= (uint32_t)(cell != k) << k;
		}
	}
	b->gaps = (CARDS | CARDS << 1) & ~used;
	b->misplaced = mis;
}

static void board_from_layout(struct board *b, const struct gap_layout *l)
{
	board_clear(b);
	for (int row = 0; row < GAP_ROWS; row++)
		for (int i = 0; i < GAP_COLS - 1; i++) {
			int k = card_index(l->cell[row][i + 1]);
			if (k != NO_CARD)
				board_place(b, k, 8 * row + i);
		}
}

/* The card that may fill gap cell q, or NO_CARD (left neighbour is a gap or a value-7 card). */
static int mover_for(const struct board *b, int q)
{
	int left;

	if (q % 8 == 0)
		return q;
	left = b->at[q - 1];
	if (left == NO_CARD || left % 8 == SEVEN)
		return NO_CARD;
	return left + 1;
}

/* The cell card k moves into (right of its predecessor), or -1 when that is off the board. */
static int destination(const struct board *b, int k)
{
	int p;

	if (k % 8 == 0)
		return k; /* right of the ace */
	p = b->pos[k - 1];
	return p % 8 == LAST_COL ? -1 : p + 1;
}

static void board_move(struct board *b, int k, int to)
{
	int from = b->pos[k];

	b->at[from] = NO_CARD;
	b->gaps ^= bit(from) | bit(to);
	b->at[to] = (signed char)k;
	b->pos[k] = (signed char)to;
	b->misplaced = (b->misplaced & ~bit(k)) | (to != k ? bit(k) : 0);
}

/* Cards that can move now: for each gap, the successor of its left neighbour. */
static uint32_t enabled_cards(const struct board *b)
{
	uint32_t en = 0;

	for (uint32_t g = b->gaps; g; g &= g - 1) {
		int k = mover_for(b, lowest(g));
		if (k != NO_CARD)
			en |= bit(k);
	}
	return en;
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
struct reach {
	uint32_t gap;     /* cells that may ever be a gap */
	uint32_t movable; /* cards that may ever move */
};

/* The number of possible gaps right after cell c, up to the row's end. */
static int run_after(uint32_t gap, int c)
{
	return lowest(~gap >> (c + 1)); /* never 0: the non-cell bits are never gaps */
}

/* Card k of value `value`: may move if a lower card reaches it; then pass on its own reach. */
static inline int reach_card(const signed char *pos, uint32_t *gap, uint32_t *movable, int best, int k, int value)
{
	int here;

	if (best >= value) {
		*movable |= bit(k);
		*gap |= bit(pos[k]);
	}
	here = value + run_after(*gap, pos[k]);
	return here > best ? here : best;
}

/* One sweep over the suit whose 2 is card k. */
static void reach_suit(const signed char *pos, uint32_t *gap, uint32_t *movable, int k)
{
	int best;

	if ((~*movable >> k & 0x3F) == 0)
		return; /* every card of the suit is known to move: nothing to add */
	best = 1 + lowest(~*gap >> k); /* the highest value sent next to a card */

	best = reach_card(pos, gap, movable, best, k, 2);
	best = reach_card(pos, gap, movable, best, k + 1, 3);
	best = reach_card(pos, gap, movable, best, k + 2, 4);
	best = reach_card(pos, gap, movable, best, k + 3, 5);
	best = reach_card(pos, gap, movable, best, k + 4, 6);
	reach_card(pos, gap, movable, best, k + 5, 7);
}

/*
 * Fills r for layout b. Returns 0, or -1 when the layout is provably dead. `bound` contains every
 * card that may move (the parent's set: a child's sets are within its parent's, since each rule
 * applied for the child applies for the parent), so reaching it ends the sweeps early.
 */
static int reach_compute(const struct board *b, struct reach *r, uint32_t bound)
{
	uint32_t gap = b->gaps, movable = 0, before;

	do { /* sweep the suits until a sweep adds nothing */
		before = gap;
		for (int k = 0; k < NSLOTS; k += 8)
			reach_suit(b->pos, &gap, &movable, k);
	} while (gap != before && movable != bound);
	r->gap = gap;
	r->movable = movable;
	return (b->misplaced & ~movable) ? -1 : 0;
}

/*
 * The parent's sets, moved onto layout b: they contain b's own (see reach_compute), which is all
 * the partial-order reduction needs. Used on every other level to halve the cost of the analysis;
 * a dead layout then shows one level later.
 */
static void reach_inherit(const struct board *b, struct reach *r, uint32_t movable)
{
	r->movable = movable;
	r->gap = b->gaps;
	for (uint32_t m = movable; m; m &= m - 1)
		r->gap |= bit(b->pos[lowest(m)]);
}

/* ------------------------------------------------------------------------------------------ */
/* Partial-order reduction                                                                     */

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
static uint32_t stubborn_set(const struct board *b, const struct reach *r, uint32_t enabled, int seed, int limit)
{
	uint32_t set = 0, work = bit(seed);

	while (work) {
		int c = lowest(work), p = b->pos[c], to;
		uint32_t deps = 0;
		work &= work - 1;
		set |= bit(c);
		if (enabled & bit(c)) {
			if (--limit == 0)
				break; /* no smaller than the best set so far */
			if (c % 8 != 0)
				deps |= bit(c - 1);
			if (c % 8 != SEVEN && (r->gap & bit(p + 1)))
				deps |= bit(c + 1);
		} else {
			if ((to = destination(b, c)) >= 0)
				deps |= bit(b->at[to]); /* a card: c would be enabled if it were a gap */
			if (c % 8 != 0)
				deps |= bit(c - 1); /* its predecessor moving might put a gap after it */
		}
		work |= deps & r->movable & ~set;
	}
	return set & enabled;
}

/* The moves to explore: the enabled cards of the smallest stubborn set found. */
static uint32_t reduced_moves(const struct board *b, const struct reach *r)
{
	uint32_t enabled = enabled_cards(b), best = enabled;
	int best_n = count_bits(enabled);

	for (uint32_t e = enabled; e && best_n > 1; e &= e - 1) {
		uint32_t moves = stubborn_set(b, r, enabled, lowest(e), best_n);
		int n = count_bits(moves);
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
static int twice_in_suit(const struct board *b, int suit)
{
	uint32_t mis = b->misplaced;
	int n = 0;

	for (uint32_t m = mis & (0x3Fu << (8 * suit)); m; m &= m - 1) {
		int c = lowest(m), p = b->pos[c];
		if (p < c && p / 8 == suit && ((bit(c) - bit(p)) & ~mis) == 0)
			n++;
	}
	return n;
}

static int lower_bound(const struct board *b)
{
	int n = count_bits(b->misplaced);

	for (int suit = 0; suit < GAP_ROWS; suit++)
		n += twice_in_suit(b, suit);
	return n;
}

/* ------------------------------------------------------------------------------------------ */
/* Search structures, all counted against the memory cap                                       */

/* A stored state: 28 bytes. */
struct node {
	struct key key;   /* the layout */
	uint32_t parent;  /* node it was best reached from, NIL for the start */
	uint32_t movable; /* cards that may move, as found for the parent: contains this node's */
	uint16_t g;       /* moves from the start */
	uint8_t h;        /* lower bound on the moves left */
	uint8_t closed;   /* expanded */
};

/* An open-list entry: a node, and the next entry of the same bucket (a stack). */
struct entry {
	uint32_t node, next;
};

struct search {
	size_t limit, used, peak; /* bytes: the cap, in use now, most in use at once */
	int over, nomem;          /* the cap was hit / malloc failed */
	struct node **chunks;     /* nodes, CHUNK_NODES per chunk (chunks never move) */
	size_t nchunks, chunk_cap;
	size_t count;           /* nodes stored */
	uint64_t *table;        /* open addressing: hash high half << 32 | node index + 1; 0 = empty */
	size_t tsize;
	uint32_t *open;         /* first entry of bucket (f - base_f) * H_BUCKETS + h, or NIL */
	size_t nopen, cur;      /* buckets, and the first that may be non-empty */
	struct entry *pool;     /* open-list entries; popped ones are chained from free_entry */
	size_t npool, pool_cap;
	uint32_t free_entry;
	int base_f;             /* the start's bound; smaller f values are raised to it */
};

/* Allocates bytes (zeroed when zero is set) within the cap. */
static void *s_alloc(struct search *s, size_t bytes, int zero)
{
	void *p;

	if (bytes > s->limit || s->used > s->limit - bytes) {
		s->over = 1;
		return NULL;
	}
	p = zero ? calloc(1, bytes) : malloc(bytes);
	if (!p) {
		s->nomem = 1;
		return NULL;
	}
	s->used += bytes;
	if (s->used > s->peak)
		s->peak = s->used;
	return p;
}

static void s_free(struct search *s, void *p, size_t bytes)
{
	if (p) {
		free(p);
		s->used -= bytes;
	}
}

/*
 * Grows an array of old_cap elements to new_cap, zeroing the new part (old and new both live while
 * copying, as counted). Returns the new array (the old one is freed), or NULL (the old one kept).
 */
static void *s_grow(struct search *s, void *arr, size_t elem, size_t old_cap, size_t new_cap)
{
	void *p = s_alloc(s, elem * new_cap, 1);

	if (!p)
		return NULL;
	if (arr)
		memcpy(p, arr, elem * old_cap);
	s_free(s, arr, elem * old_cap);
	return p;
}

static struct node *node_at(const struct search *s, uint32_t idx)
{
	return &s->chunks[idx / CHUNK_NODES][idx % CHUNK_NODES];
}

static uint64_t key_hash(const struct key *k)
{
	uint64_t lo = (uint64_t)k->w[1] << 32 | k->w[0], hi = (uint64_t)k->w[3] << 32 | k->w[2];
	uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;

	return h ^ (h >> 29);
}

static int key_eq(const struct key *a, const struct key *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

/* Slot of key (with that hash) in the table: the one holding it, or the empty one where it would go. */
static size_t table_slot(const struct search *s, const struct key *key, uint64_t hash)
{
	size_t mask = s->tsize - 1, i = (size_t)hash & mask;
	uint32_t tag = (uint32_t)(hash >> 32);

	for (; s->table[i]; i = (i + 1) & mask)
		if ((uint32_t)(s->table[i] >> 32) == tag && key_eq(&node_at(s, (uint32_t)s->table[i] - 1)->key, key))
			break;
	return i;
}

static int table_grow(struct search *s)
{
	size_t old_size = s->tsize;
	uint64_t *old = s->table;

	s->table = s_alloc(s, sizeof *s->table * old_size * 2, 1);
	if (!s->table) {
		s->table = old;
		return -1;
	}
	s->tsize = old_size * 2;
	for (size_t i = 0; i < old_size; i++) {
		if (old[i]) {
			const struct key *key = &node_at(s, (uint32_t)old[i] - 1)->key;
			s->table[table_slot(s, key, key_hash(key))] = old[i];
		}
	}
	s_free(s, old, sizeof *old * old_size);
	return 0;
}

/* Appends a node (not yet in the table). Returns its index or NIL. */
static uint32_t node_new(struct search *s, const struct key *key, uint32_t parent, int g, int h)
{
	struct node *n;

	if (s->count >= (size_t)NIL - 1)
		return s->over = 1, NIL;
	if (s->count % CHUNK_NODES == 0) {
		size_t c = s->count / CHUNK_NODES;
		if (c == s->chunk_cap) {
			struct node **chunks = s_grow(s, s->chunks, sizeof *chunks, s->chunk_cap, 2 * c + 8);
			if (!chunks)
				return NIL;
			s->chunks = chunks;
			s->chunk_cap = 2 * c + 8;
		}
		s->chunks[c] = s_alloc(s, sizeof(struct node) * CHUNK_NODES, 0);
		if (!s->chunks[c])
			return NIL;
		s->nchunks = c + 1;
	}
	n = node_at(s, (uint32_t)s->count);
	n->key = *key;
	n->parent = parent;
	n->g = (uint16_t)g;
	n->h = (uint8_t)h;
	n->closed = 0;
	return (uint32_t)s->count++;
}

/*
 * Open-list bucket of a node: by f = g + h, then h. An f below the start's bound (possible because
 * the bound is not consistent) is raised to it, which keeps every node of an optimal path at or
 * below the optimal cost, so the first goal popped is still optimal.
 */
static size_t bucket_of(const struct search *s, int g, int h)
{
	int f = g + h;

	return (size_t)(f > s->base_f ? f - s->base_f : 0) * H_BUCKETS + (size_t)h;
}

static int open_push(struct search *s, uint32_t idx, int g, int h)
{
	size_t b = bucket_of(s, g, h);
	uint32_t e;

	if (b >= s->nopen) {
		size_t n = s->nopen ? s->nopen : H_BUCKETS * 4, old = s->nopen;
		uint32_t *open;
		while (n <= b)
			n *= 2;
		if (!(open = s_grow(s, s->open, sizeof *open, s->nopen, n)))
			return -1;
		s->open = open;
		s->nopen = n;
		for (size_t i = old; i < n; i++)
			s->open[i] = NIL;
	}
	if (s->free_entry != NIL) {
		e = s->free_entry;
		s->free_entry = s->pool[e].next;
	} else {
		if (s->npool == s->pool_cap) {
			size_t cap = s->pool_cap ? 2 * s->pool_cap : 256;
			struct entry *pool;
			if (cap >= NIL || !(pool = s_grow(s, s->pool, sizeof *pool, s->pool_cap, cap)))
				return s->over |= cap >= NIL, -1;
			s->pool = pool;
			s->pool_cap = cap;
		}
		e = (uint32_t)s->npool++;
	}
	s->pool[e].node = idx;
	s->pool[e].next = s->open[b];
	s->open[b] = e;
	if (b < s->cur)
		s->cur = b;
	return 0;
}

/* Pops a node with the least f (then least h), or returns NIL when the open list is empty. */
static uint32_t open_pop(struct search *s, size_t *bucket)
{
	for (; s->cur < s->nopen; s->cur++) {
		uint32_t e = s->open[s->cur];
		if (e != NIL) {
			*bucket = s->cur;
			s->open[s->cur] = s->pool[e].next;
			s->pool[e].next = s->free_entry;
			s->free_entry = e;
			return s->pool[e].node;
		}
	}
	return NIL;
}

static void search_free(struct search *s)
{
	s_free(s, s->open, sizeof *s->open * s->nopen);
	s_free(s, s->pool, sizeof *s->pool * s->pool_cap);
	for (size_t c = 0; c < s->nchunks; c++)
		s_free(s, s->chunks[c], sizeof(struct node) * CHUNK_NODES);
	s_free(s, s->chunks, sizeof *s->chunks * s->chunk_cap);
	s_free(s, s->table, sizeof *s->table * s->tsize);
}

/* Records (or improves) a state reached with g moves. Returns -1 when memory runs out. */
static int visit(struct search *s, const struct key *key, uint32_t parent, int g, int h, uint32_t movable)
{
	uint64_t hash = key_hash(key);
	size_t slot;
	uint32_t idx;

	if ((s->count + 1) * 10 > s->tsize * 7 && table_grow(s) < 0)
		return -1;
	slot = table_slot(s, key, hash);
	if (s->table[slot]) {
		struct node *n = node_at(s, (idx = (uint32_t)s->table[slot] - 1));
		n->movable &= movable; /* both bounds hold */
		if (g >= n->g)
			return 0;
		n->g = (uint16_t)g; /* only an inconsistent bound can get here */
		n->parent = parent;
		n->closed = 0;
		return open_push(s, idx, g, h);
	}
	idx = node_new(s, key, parent, g, h);
	if (idx == NIL)
		return -1;
	node_at(s, idx)->movable = movable;
	s->table[slot] = (hash >> 32 << 32) | (idx + 1);
	return open_push(s, idx, g, h);
}

/* Generates the successors of node idx that the partial-order reduction keeps. */
static int expand(struct search *s, uint32_t idx, struct gap_result *res)
{
	struct node n = *node_at(s, idx);
	struct board b;
	struct reach r;

	if (n.g >= MAX_G)
		return s->over = 1, -1;
	board_from_key(&b, &n.key);
	if (n.g % 2 == 0) {
		if (reach_compute(&b, &r, n.movable) < 0) {
			res->dead++;
			return 0;
		}
	} else {
		reach_inherit(&b, &r, n.movable);
	}
	res->expanded++;
	for (uint32_t m = reduced_moves(&b, &r); m; m &= m - 1) {
		int k = lowest(m), from = b.pos[k], to = destination(&b, k), child_h;
		struct key child = n.key;
		if (to < 0)
			continue; /* cannot happen: k can move */
		/* only k's suit changes: its misplaced card (k itself) and its twice-moving cards */
		child_h = n.h - (from != k) + (to != k) - twice_in_suit(&b, k / 8);
		board_move(&b, k, to);
		child_h += twice_in_suit(&b, k / 8);
		board_move(&b, k, from);
		key_set(&child, k, to);
		res->generated++;
		if (visit(s, &child, idx, n.g + 1, child_h, r.movable) < 0)
			return -1;
	}
	return 0;
}

/* The move from parent to child: the one card whose cell differs. */
static struct gap_move move_between(const struct key *parent, const struct key *child)
{
	struct gap_move mv = { 0, 0, 0, 0, 0 };

	for (uint32_t m = CARDS; m; m &= m - 1) {
		int k = lowest(m), from = key_get(parent, k), to = key_get(child, k);
		if (from != to) {
			mv.card = (unsigned char)card_number(k);
			mv.from_row = (unsigned char)(from / 8 + 1);
			mv.from_col = (unsigned char)(from % 8 + 2);
			mv.row = (unsigned char)(to / 8 + 1);
			mv.col = (unsigned char)(to % 8 + 2);
		}
	}
	return mv;
}

static int record_path(struct search *s, uint32_t idx, struct gap_result *res)
{
	size_t len = node_at(s, idx)->g;
	struct gap_move *path = malloc(sizeof *path * (len ? len : 1));

	if (!path)
		return -1;
	for (size_t i = len; i-- > 0;) {
		const struct node *child = node_at(s, idx), *parent = node_at(s, child->parent);
		path[i] = move_between(&parent->key, &child->key);
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
 * res->moves and res->status.
 */
static void search_run(struct search *s, const struct board *start, int want_path, struct gap_result *res)
{
	struct key key = board_key(start);
	int h = lower_bound(start);
	struct reach r;
	uint32_t idx;
	size_t bucket;

	if (h == 0) { /* already the goal */
		res->moves = 0;
		res->status = GAP_SOLVED;
		return;
	}
	res->status = GAP_IMPOSSIBLE;
	if (reach_compute(start, &r, CARDS) < 0) {
		res->proved_dead = 1;
		return;
	}
	s->base_f = h;
	s->tsize = 1024;
	s->table = s_alloc(s, sizeof *s->table * s->tsize, 1);
	if (!s->table || visit(s, &key, NIL, 0, h, r.movable) < 0)
		goto out_of_memory;
	while ((idx = open_pop(s, &bucket)) != NIL) {
		struct node *n = node_at(s, idx);
		if (n->closed || bucket_of(s, n->g, n->h) != bucket)
			continue; /* stale entry */
		if (n->h == 0) {
			res->moves = n->g;
			res->status = GAP_SOLVED;
			if (want_path && record_path(s, idx, res) < 0)
				s->nomem = 1;
			break;
		}
		n->closed = 1;
		if (expand(s, idx, res) < 0)
			goto out_of_memory;
	}
	if (!s->nomem)
		return;
out_of_memory:
	res->moves = -1;
	res->status = s->nomem ? GAP_NO_MEMORY : GAP_OVER_LIMIT;
}

void gap_result_free(struct gap_result *res)
{
	free(res->path);
	res->path = NULL;
	res->path_len = 0;
}

int gap_solve(const struct gap_layout *start, const struct gap_options *opt, struct gap_result *res)
{
	struct search s;
	struct board b;
	char msg[120];

	memset(res, 0, sizeof *res);
	res->moves = -1;
	if (gap_layout_check(start, msg, sizeof msg) < 0) {
		res->status = GAP_BAD_LAYOUT;
		return -1;
	}
	memset(&s, 0, sizeof s);
	s.limit = opt && opt->mem_limit ? opt->mem_limit : GAP_DEFAULT_MEM_LIMIT;
	s.free_entry = NIL;
	board_from_layout(&b, start);
	search_run(&s, &b, opt && (opt->path || opt->show), res);
	res->states = s.count;
	res->peak_bytes = s.peak;
	search_free(&s);
	return res->moves;
}

/* ------------------------------------------------------------------------------------------ */
/* Contest-input reader                                                                        */

struct row {
	char *text;
	long line;
};

struct gap_reader {
	FILE *in;
	long line;          /* number of the last line read */
	char *buf;
	size_t bufcap;
	struct row *rows;   /* the current block: consecutive non-blank lines */
	size_t nrows, rowcap, next;
	int failed;         /* out of memory */
};

struct gap_reader *gap_reader_new(FILE *in)
{
	struct gap_reader *rd = calloc(1, sizeof *rd);

	if (rd)
		rd->in = in;
	return rd;
}

static void clear_block(struct gap_reader *rd)
{
	for (size_t i = 0; i < rd->nrows; i++)
		free(rd->rows[i].text);
	rd->nrows = rd->next = 0;
}

void gap_reader_free(struct gap_reader *rd)
{
	if (!rd)
		return;
	clear_block(rd);
	free(rd->rows);
	free(rd->buf);
	free(rd);
}

static int is_sep(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

static int is_blank(const char *s)
{
	while (is_sep((unsigned char)*s))
		s++;
	return *s == '\0' || *s == '\n';
}

/* Reads one line into rd->buf (newline kept). Returns 0, or -1 at the end of the input. */
static int read_line(struct gap_reader *rd)
{
	if (getline(&rd->buf, &rd->bufcap, rd->in) < 0)
		return -1;
	rd->line++;
	return 0;
}

/* Splits s in place into at most max tokens; returns the number of tokens found (may exceed max). */
static int tokenize(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		while (is_sep((unsigned char)*s))
			s++;
		if (*s == '\0' || *s == '\n')
			return n;
		if (n < max)
			tok[n] = s;
		n++;
		while (*s && *s != '\n' && !is_sep((unsigned char)*s))
			s++;
		if (*s) {
			int at_end = *s == '\n';
			*s++ = '\0';
			if (at_end)
				return n;
		}
	}
}

/* Parses a decimal integer token (optional sign). Returns 0, or -1 when it is not a number. */
static int parse_number(const char *tok, long *value)
{
	const char *p = tok;
	int neg = 0;
	long v = 0;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (*p == '\0')
		return -1;
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		if (v < 100000000L)
			v = v * 10 + (*p - '0'); /* large values saturate: only "too big" matters */
	}
	*value = neg ? -v : v;
	return 0;
}

int gap_parse_count(struct gap_reader *rd, long *count, struct gap_diag *d)
{
	char *tok[2];
	int n;

	do {
		if (read_line(rd) < 0)
			return 0;
	} while (is_blank(rd->buf));
	d->line = rd->line;
	n = tokenize(rd->buf, tok, 2);
	if (n != 1 || parse_number(tok[0], count) < 0 || *count < 0 || *count > GAP_MAX_LAYOUTS) {
		snprintf(d->text, sizeof d->text,
		         "expected the number of layouts (0..%ld) alone on the line", GAP_MAX_LAYOUTS);
		return -1;
	}
	return 1;
}

/* Reads the next block of non-blank lines. Returns 0, or -1 at the end of the input. */
static int load_block(struct gap_reader *rd)
{
	clear_block(rd);
	do {
		if (read_line(rd) < 0)
			return -1;
	} while (is_blank(rd->buf));
	do {
		if (rd->nrows == rd->rowcap) {
			size_t cap = rd->rowcap ? rd->rowcap * 2 : 8;
			struct row *rows = realloc(rd->rows, sizeof *rows * cap);
			if (!rows)
				return rd->failed = 1, -1;
			rd->rows = rows;
			rd->rowcap = cap;
		}
		rd->rows[rd->nrows].text = strdup(rd->buf);
		if (!rd->rows[rd->nrows].text)
			return rd->failed = 1, -1;
		rd->rows[rd->nrows++].line = rd->line;
	} while (read_line(rd) == 0 && !is_blank(rd->buf));
	return 0;
}

static int fail(struct gap_diag *d, long line, const char *what)
{
	d->line = line;
	snprintf(d->text, sizeof d->text, "%s", what);
	return -1;
}

/* Parses one row of 7 cards. Returns 0, or -1 with d set (bad token or count). */
static int parse_row(const struct row *row, int cards[GAP_DEAL_COLS], struct gap_diag *d)
{
	char *tok[GAP_DEAL_COLS + 1];
	int n = tokenize(row->text, tok, GAP_DEAL_COLS + 1);

	d->line = row->line;
	for (int i = 0; i < n && i < GAP_DEAL_COLS + 1; i++) {
		long v;
		if (parse_number(tok[i], &v) < 0) {
			snprintf(d->text, sizeof d->text, "'%.20s%s' is not a number", tok[i],
			         strlen(tok[i]) > 20 ? "..." : "");
			return -1;
		}
		if (!gap_card_valid((int)(v < 0 || v > 99 ? 0 : v))) {
			snprintf(d->text, sizeof d->text, "card %.20s does not exist", tok[i]);
			return -1;
		}
		if (i < GAP_DEAL_COLS)
			cards[i] = (int)v;
	}
	if (n != GAP_DEAL_COLS) {
		snprintf(d->text, sizeof d->text, "expected %d cards on the line, found %d", GAP_DEAL_COLS, n);
		return -1;
	}
	return 0;
}

/* Writes the cards never seen as "36, 45 and 47". Returns how many there are. */
static int list_missing(const long seen[48], char *buf, size_t size)
{
	int n = 0, len = 0, i = 0;

	for (int v = 11; v <= 47; v++)
		n += gap_card_valid(v) && !seen[v];
	for (int v = 11; v <= 47 && len >= 0 && (size_t)len < size; v++)
		if (gap_card_valid(v) && !seen[v])
			len += snprintf(buf + len, size - (size_t)len, "%s%d", i++ == 0 ? "" : i == n ? " and " : ", ", v);
	return n;
}

/*
 * Checks that a deal of 4 rows holds every card once. The first card seen twice is named with both
 * lines, together with the cards missing (a repeated card always means a missing one).
 */
static int check_deal(const struct row *rows, const int *dealt, struct gap_diag *d)
{
	long seen[48] = { 0 }, first = 0, again = 0;
	int twice = 0, n;
	char list[100];

	for (int r = 0; r < GAP_ROWS; r++)
		for (int c = 0; c < GAP_DEAL_COLS; c++) {
			int v = dealt[GAP_DEAL_COLS * r + c];
			if (seen[v] && !twice) {
				twice = v;
				first = seen[v];
				again = rows[r].line;
			}
			if (!seen[v])
				seen[v] = rows[r].line;
		}
	if (!twice)
		return 0;
	d->line = again;
	n = list_missing(seen, list, sizeof list);
	if (first == again)
		snprintf(d->text, sizeof d->text, "card %d appears twice on the line; card%s %s %s missing", twice,
		         n > 1 ? "s" : "", list, n > 1 ? "are" : "is");
	else
		snprintf(d->text, sizeof d->text, "card %d appears twice (lines %ld and %ld); card%s %s %s missing",
		         twice, first, again, n > 1 ? "s" : "", list, n > 1 ? "are" : "is");
	return -1;
}

int gap_parse_layout(struct gap_reader *rd, struct gap_layout *out, struct gap_diag *d)
{
	int dealt[GAP_ROWS * GAP_DEAL_COLS];
	const struct row *rows;
	char msg[120];

	if (rd->next >= rd->nrows && load_block(rd) < 0) {
		d->line = rd->line;
		if (rd->failed)
			return fail(d, rd->line, "out of memory while reading");
		return 0;
	}
	if (rd->nrows % GAP_ROWS) { /* a layout's lines, then a blank line: this group is one bad layout */
		size_t n = rd->nrows;
		d->line = rd->rows[n > GAP_ROWS ? GAP_ROWS : n - 1].line;
		if (n == 1)
			snprintf(d->text, sizeof d->text, "expected %d lines of %d cards, found 1 line", GAP_ROWS,
			         GAP_DEAL_COLS);
		else
			snprintf(d->text, sizeof d->text, "expected %d lines of %d cards, found %zu lines (%ld-%ld)",
			         GAP_ROWS, GAP_DEAL_COLS, n, rd->rows[0].line, rd->rows[n - 1].line);
		rd->next = rd->nrows;
		return -1;
	}
	rows = rd->rows + rd->next;
	rd->next += GAP_ROWS;
	for (int r = 0; r < GAP_ROWS; r++)
		if (parse_row(&rows[r], dealt + GAP_DEAL_COLS * r, d) < 0)
			return -1;
	if (check_deal(rows, dealt, d) < 0)
		return -1;
	if (gap_deal(dealt, out, msg, sizeof msg) < 0)
		return fail(d, rows[GAP_ROWS - 1].line, msg);
	d->line = rows[0].line;
	return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Driver                                                                                      */

struct run {
	FILE *out, *err;
	const char *name;
	const struct gap_options *opt;
	int status;
};

static void report(struct run *run, long line, long layout, const char *text)
{
	fprintf(run->err, "gap: %s", run->name);
	if (line > 0)
		fprintf(run->err, ": line %ld", line);
	if (layout > 0)
		fprintf(run->err, " (layout %ld)", layout);
	fprintf(run->err, ": %s\n", text);
	run->status = 1;
}

static void print_path(FILE *out, const struct gap_result *res)
{
	fprintf(out, "%d:", res->moves);
	if (res->moves < 0)
		fputs(" none", out);
	for (size_t i = 0; i < res->path_len; i++)
		fprintf(out, " %d@r%dc%d", res->path[i].card, res->path[i].row, res->path[i].col);
	fputc('\n', out);
}

static void print_layouts(FILE *out, const struct gap_layout *start, const struct gap_result *res)
{
	struct gap_layout l = *start;

	fputc('\n', out);
	gap_print_layout(out, &l);
	for (size_t i = 0; i < res->path_len; i++) {
		const struct gap_move *m = &res->path[i];
		l.cell[m->from_row - 1][m->from_col - 1] = GAP_EMPTY;
		l.cell[m->row - 1][m->col - 1] = m->card;
		fputc('\n', out);
		gap_print_layout(out, &l);
	}
}

static void answer(struct run *run, const struct gap_layout *start, long line, long layout)
{
	struct gap_result res;
	char text[200];

	gap_solve(start, run->opt, &res);
	if (res.status == GAP_OVER_LIMIT || res.status == GAP_NO_MEMORY || res.status == GAP_BAD_LAYOUT) {
		if (res.status == GAP_OVER_LIMIT)
			snprintf(text, sizeof text, "search stopped: memory cap of %zu bytes reached (%zu states stored)",
			         run->opt->mem_limit ? run->opt->mem_limit : GAP_DEFAULT_MEM_LIMIT, res.states);
		else
			snprintf(text, sizeof text, res.status == GAP_NO_MEMORY ? "out of memory" : "invalid layout");
		report(run, line, layout, text);
		fputs("error\n", run->out);
	} else {
		fprintf(run->out, "%d\n", res.moves);
		if (run->opt->path)
			print_path(run->out, &res);
		if (run->opt->show)
			print_layouts(run->out, start, &res);
	}
	gap_result_free(&res);
}

/* After the announced layouts: anything but blank lines is an error. */
static void check_trailing(struct run *run, struct gap_reader *rd, long count)
{
	struct gap_layout l;
	struct gap_diag d;
	char text[120];

	if (gap_parse_layout(rd, &l, &d) == 0)
		return;
	snprintf(text, sizeof text, "unexpected input after the %ld announced layout%s", count,
	         count == 1 ? "" : "s");
	report(run, d.line, count + 1, text);
	fputs("error\n", run->out);
}

static void report_missing_layouts(struct run *run, long line, long first, long count)
{
	char text[160];

	if (first == count)
		snprintf(text, sizeof text, "layout missing: the input ends after %ld of %ld announced layouts",
		         first - 1, count);
	else
		snprintf(text, sizeof text, "layouts %ld-%ld missing: the input ends after %ld of %ld announced layouts",
		         first, count, first - 1, count);
	report(run, line, first, text);
	for (long k = first; k <= count; k++)
		fputs("error\n", run->out);
}

int gap_run(FILE *in, const char *in_name, FILE *out, FILE *err, const struct gap_options *opt)
{
	static const struct gap_options defaults = { 0, 0, 0 };
	struct run run = { out, err, in_name ? in_name : "stdin", opt ? opt : &defaults, 0 };
	struct gap_reader *rd = gap_reader_new(in);
	struct gap_diag d;
	long count = -1;
	int r;

	if (!rd) {
		report(&run, 0, 0, "out of memory");
		return 1;
	}
	r = gap_parse_count(rd, &count, &d);
	if (r < 0) {
		report(&run, d.line, 0, d.text); /* answer whatever layouts follow */
		count = -1;
	}
	for (long k = 1; r != 0 && (count < 0 || k <= count); k++) {
		struct gap_layout l;
		int got = gap_parse_layout(rd, &l, &d);
		if (got == 0) {
			if (count >= 0)
				report_missing_layouts(&run, d.line, k, count);
			break;
		}
		if (got < 0) {
			report(&run, d.line, k, d.text);
			fputs("error\n", out);
			continue;
		}
		answer(&run, &l, d.line, k);
	}
	if (r > 0 && count >= 0)
		check_trailing(&run, rd, count);
	gap_reader_free(rd);
	return run.status;
}
