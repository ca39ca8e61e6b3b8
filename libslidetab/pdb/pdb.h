/* SPDX-License-Identifier: Zlib */
/* pdb: partial-permutation ranking and loaded sets of additive disjoint pattern databases. */
#ifndef SLIDETAB_PDB_H
#define SLIDETAB_PDB_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "libslidetab/base/bigmem.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/zidx.h"
#include "libslidetab/table/read.h"

/*
 * Placement ranking (TABLE_RANK_PDB).
 *
 * A pattern is a set of k tiles p_0 < p_1 < ... < p_{k-1} (never the blank). A placement lists
 * the cell of each pattern tile, c_i = cell of p_i, all distinct, on a board of n cells. Its rank
 * is its position in the lexicographic order of the sequences (c_0, ..., c_{k-1}):
 *
 *   digit_i = c_i - #{ j < i : c_j < c_i }          (0 <= digit_i < n - i)
 *   rank    = sum_i digit_i * W_i,  W_i = (n-i-1)! / (n-k)!
 *
 * so ranks run over 0 .. n!/(n-k)! - 1. rank() is O(k) (a popcount per tile).
 *
 * PDB value of a placement P: the least number of pattern-tile moves that bring P to the goal
 * placement, where the blank may travel for free through cells that hold no pattern tile
 * (non-pattern tiles are indistinct and their moves cost 0), minimised over the blank's position.
 * Every counted move changes the pattern's Manhattan sum by exactly 1, so value = md + 2e with
 * e >= 0 (TABLE_ENTRY_MDRES stores e). The all-ones entry (2^entry_bits - 1) marks a placement
 * that cannot be reached at all (only when at most one non-pattern tile exists, e.g. the
 * all-tiles pattern of 3x3); then the histogram sums to fewer than `entries`.
 */

#define PDB_MAX_CELLS    BOARD_MAX_CELLS
#define PDB_MAX_PATTERNS 16
#define PDB_MAX_PARTS    2 /* partitions of a set, maxed */

struct pdb_ranker {
	int n, k;
	uint64_t count;            /* n! / (n-k)! */
	uint64_t w[PDB_MAX_CELLS]; /* W_i */
};

/* Sets up ranking of k-tile placements on n cells (1 <= k < n <= 25, count < 2^40). 0 or -1. */
int pdb_ranker_init(struct pdb_ranker *r, int n, int k);

/* One instruction with -mpopcnt (the Makefile's default on x86-64). */
static inline unsigned pdb_popcount32(uint32_t x)
{
	return (unsigned)__builtin_popcount(x);
}

/* Rank of the placement cells[0..k-1] (cells distinct, < n). */
static inline uint64_t pdb_rank(const struct pdb_ranker *r, const uint8_t *cells)
{
	uint32_t used = 0;
	uint64_t rank = 0;
	for (int i = 0; i < r->k; i++) {
		unsigned c = cells[i];
		unsigned d = c - pdb_popcount32(used & ((1u << c) - 1));
		used |= 1u << c;
		rank += d * r->w[i];
	}
	return rank;
}

/* The rank of a placement of rank `rank` after its tile i moves from cell `from` to cell `to` (which
 * no pattern tile holds): between = the placement's cells strictly between from and to (by
 * number), at[c] = the index of the tile at cell c. Digit i moves by to - from less the earlier
 * tiles passed over, and each later tile passed over changes its own digit by one. */
static inline uint64_t pdb_rank_step(const struct pdb_ranker *r, uint64_t rank, const int8_t *at, uint32_t between,
				     int i, unsigned from, unsigned to)
{
	int64_t wi = (int64_t)r->w[i];
	int64_t delta = ((int64_t)to - (int64_t)from) * wi;
	int64_t sign = to > from ? 1 : -1;
	while (between) {
		int j = at[__builtin_ctz(between)];
		between &= between - 1;
		delta += sign * (j < i ? -wi : (int64_t)r->w[j]);
	}
	return (uint64_t)((int64_t)rank + delta);
}

/* Tiles of a pattern mask in increasing order; returns k, or -1 when the mask holds tile 0 or a
 * tile >= n. */
int pdb_pattern_tiles(uint32_t mask, int n, uint8_t *tiles);

/* One pattern database in lookup form. */
struct pdb_one {
	uint32_t pattern;
	int k;
	uint8_t tiles[PDB_MAX_CELLS];    /* pattern tiles, increasing */
	uint8_t goalcell[PDB_MAX_CELLS]; /* goal cell of tiles[i] */
	struct pdb_ranker rk;
	const uint8_t *data; /* entries: 4 bits each (nibble), one byte each, or 1 bit each (zero) */
	int nibble;          /* 1: 4-bit entries, low nibble first */
	int mdres;           /* 1: value = md + 2*e; 0: value = e */
	unsigned sentinel;   /* entry meaning "unreachable" (compared before decoding) */
	uint32_t radius;
	struct bigmem owned; /* the entries' memory, freed with the set (unless mapped) */
	/* Zero-aware 1-bit entries (TABLE_ENTRY_ZBIT): indexed by zidx (placement, blank's class);
	 * the value moves by exactly 1 a move of a pattern tile, so a child's value is its parent's
	 * plus or minus one, the entry's bit telling which (pdb_one_zstep); a value from scratch is
	 * a walk to the goal (pdb_set_value). */
	int zero;
	/* 1-bit entries, zero-aware or placement (TABLE_ENTRY_PBIT: indexed by the placement rank,
	 * the value that of the placement graph where a pattern tile steps onto any cell no other
	 * pattern tile holds): stepped from the parent's value, as zero-aware ones. */
	int step;
	struct pdb_zidx z;
	uint64_t zgoal; /* 1-bit entries: the goal's entry (value 0) */
	/* Mapped in place (a raw payload): data points into the open table; ok[b] is set once block
	 * b passed its CRC (pdb_one_ready); NULL: every block is checked. */
	struct table *tab;
	_Atomic unsigned char *ok;
	unsigned block_shift; /* entries per block = 1 << block_shift */
	char name[160];       /* the file, for messages */
};

/* PDBs built for one goal in up to PDB_MAX_PARTS partitions (each of disjoint patterns, the
 * patterns added in order: one that overlaps the current partition starts the next), with the
 * main-diagonal reflection when it applies. The heuristic is the largest of the partitions' sums
 * (and of their reflections'). */
struct pdb_set {
	struct board b;
	struct board_state goal;
	int goal_blank;
	int npat, npart;
	struct pdb_one pat[PDB_MAX_PATTERNS];
	int8_t part[PDB_MAX_PATTERNS];                 /* partition of pattern q */
	int8_t tile_pat[PDB_MAX_PARTS][PDB_MAX_CELLS]; /* [partition][t]: pattern holding tile t, -1 */
	int8_t tile_idx[PDB_MAX_PARTS][PDB_MAX_CELLS]; /* index of t in that pattern's tiles[] */
	/* Reflection in the main diagonal: the reflected state r of s has r[refl_cell[c]] =
	 * refl_tile[s[c]]; d(r, goal) = d(s, goal). Set when the board is square and the goal's
	 * blank lies on the main diagonal. */
	int reflect;
	uint8_t refl_cell[PDB_MAX_CELLS];
	uint8_t refl_tile[PDB_MAX_CELLS];
	uint8_t dist[PDB_MAX_CELLS][PDB_MAX_CELLS];  /* taxicab distance between cells */
	uint32_t betw[PDB_MAX_CELLS][PDB_MAX_CELLS]; /* cells strictly between two cells (by number) */
};

/* Value returned for an unreachable placement (larger than any real distance). */
#define PDB_UNREACHABLE 1000

/* 1 when entry i may be read: its block has passed its CRC (or the entries are in memory). */
static inline int pdb_one_ready(const struct pdb_one *p, uint64_t i)
{
	return !p->ok || atomic_load_explicit(&p->ok[i >> p->block_shift], memory_order_acquire);
}

/* Checks the CRC of the block of entry i the first time (any thread); SLIDETAB_OK, or
 * SLIDETAB_EFORMAT with a message naming the file and block (every later call fails too). */
int pdb_one_check(const struct pdb_one *p, uint64_t i, struct slidetab_error *err);
/* Checks every block of the set's patterns not yet checked (pdb_one_check): SLIDETAB_OK when all
 * have passed, so that lookups may skip pdb_one_ready (about 3% of a long search's time), or the
 * first damaged block's error. */
int pdb_set_verify(const struct pdb_set *set, struct slidetab_error *err);

/* 1-bit entries (zero-aware or placement): the value of a child from its parent's value v, the
 * child's pattern Manhattan sum md and its entry bit (v - 1 or v + 1: the one whose (value - md) / 2
 * has that low bit). */
static inline int pdb_one_zstep(int v, int md, unsigned bit)
{
	return ((((unsigned)(v - 1 - md)) >> 1) & 1u) == bit ? v - 1 : v + 1;
}

/* 1-bit entries (zero-aware or placement): entry i's bit. */
static inline unsigned pdb_one_bit(const struct pdb_one *p, uint64_t i)
{
	return (unsigned)(p->data[i >> 3] >> (i & 7)) & 1u;
}

/* Value of entry i of pattern p, whose pattern Manhattan sum is md (used by MDRES tables). */
static inline int pdb_one_entry(const struct pdb_one *p, uint64_t i, int md)
{
	unsigned e = p->nibble ? (p->data[i >> 1] >> ((i & 1) * 4)) & 15u : p->data[i];
	if (e == p->sentinel)
		return PDB_UNREACHABLE;
	return p->mdres ? md + 2 * (int)e : (int)e;
}

/* Starts fetching entry i into the cache. */
static inline void pdb_one_prefetch(const struct pdb_one *p, uint64_t i)
{
	__builtin_prefetch(p->data + (p->step ? i >> 3 : p->nibble ? i >> 1 : i));
}

/* An empty set for board b and goal (the goal must be a valid state of b). */
int pdb_set_new(struct pdb_set **out, const struct board *b, const struct board_state *goal,
		struct slidetab_error *err);

/* Adds one PDB given its table header and packed entries (TABLE_KIND_PDB, TABLE_RANK_PDB or
 * TABLE_RANK_ZPDB, entry PLAIN, MDRES, ZBIT or PBIT, same board and goal as the set, pattern
 * disjoint from those of the current partition, or else starting the next partition: then no
 * earlier pattern may have its tiles). tab NULL: the entries are copied into the set's own
 * (huge-page) memory and stay the caller's; tab not NULL: `packed` is the raw payload of the open
 * table tab, read in place, and the set owns tab (also on failure).
 * Returns SLIDETAB_OK, or SLIDETAB_EFORMAT (or SLIDETAB_ENOMEM) with a message. */
int pdb_set_add(struct pdb_set *set, const struct table_meta *meta, const uint8_t *packed, struct table *tab,
		struct slidetab_error *err);

/* Loads the PDB table files paths[0..npaths-1] (one goal; partitions as pdb_set_add) into a new set.
 * Files are read with `threads` workers (at most one per file). Returns SLIDETAB_OK, or a SLIDETAB_*
 * error with a message (SLIDETAB_EFORMAT for a file that is not such a table or is damaged). When
 * masks is not NULL, masks[i] is the tile set paths[i] is named for: a file that holds another is
 * refused naming it. Without masks too, a file whose board or goal differs from the one most files
 * of the set share is the one blamed. */
int pdb_set_load_masks(struct pdb_set **out, const char *const *paths, const uint32_t *masks, int npaths, int threads,
		       struct slidetab_error *err);

void pdb_set_free(struct pdb_set *set);

/* The value of pattern q of the set for the placement cells[] with the blank at cell `blank`,
 * from any encoding: a lookup (blocks checked first) or, for 1-bit entries, the walk to the goal
 * through neighbours one closer (at most radius steps of at most 4k lookups). SLIDETAB_OK with *value, or
 * SLIDETAB_EFORMAT for a damaged block or entries that do not lead to the goal. */
int pdb_set_value(const struct pdb_set *set, int q, const uint8_t *cells, unsigned blank, int *value,
		  struct slidetab_error *err);

/* The named partitions of the tiles for the blank-first goal of 4x4 and 5x5, listed once in
 * pdb/preset.c (their tiles, and why each: docs/pdb.md). pdb_preset_find fills masks (bit t = tile
 * t) with the patterns of preset `name` when it is one of a board of `cells` cells (0: any) or, when
 * rows > 0, of the rows x cols board (a 2x8 board has none of 4x4's), and returns how many, or -1
 * for an unknown name. */
#define PDB_PRESET_MAX 8
int pdb_preset_find(const char *name, int cells, int rows, int cols, uint32_t masks[PDB_PRESET_MAX]);

/* The i-th preset (i from 0): its name and board; 0, or -1 past the last. */
int pdb_preset_at(int i, const char **name, int *rows, int *cols);

/* Preset `name` of any board, of a board of `cells` cells, of the rows x cols board. */
static inline int pdb_preset(const char *name, uint32_t masks[PDB_PRESET_MAX])
{
	return pdb_preset_find(name, 0, 0, 0, masks);
}
static inline int pdb_preset_for(const char *name, int cells, uint32_t masks[PDB_PRESET_MAX])
{
	return pdb_preset_find(name, cells, 0, 0, masks);
}
static inline int pdb_preset_board(const char *name, int rows, int cols, uint32_t masks[PDB_PRESET_MAX])
{
	return rows > 0 && cols > 0 ? pdb_preset_find(name, 0, rows, cols, masks) : -1;
}

/*
 * The automatic partition (gen --pdb auto, docs/pdb.md) of rows x cols for the blank class cls:
 * the cells of the class's goal (tiles 1..n-1 in order, blank at cell cls) walked column by
 * column, top to bottom, on a board at least as wide as tall (row by row, left to right, on a
 * taller one), the blank skipped, cut into consecutive blocks of k tiles (the last block takes
 * what is left). The masks name tiles of that goal. Returns how many patterns (at most
 * PDB_PRESET_MAX), or -1 when there is no such partition (k < 1, k > PDB_AUTO_MAX_K, k >= n - 1,
 * more than PDB_PRESET_MAX blocks, or a pattern of 2^40 placements or more).
 */
#define PDB_AUTO_MAX_K 12
int pdb_auto(int rows, int cols, int cls, int k, uint32_t masks[PDB_PRESET_MAX]);

#endif
