/* SPDX-License-Identifier: Zlib */
/* zidx: the zero-aware index of a pattern database: (cells of the pattern tiles, blank's class) -> entry. */
#ifndef SLIDETAB_PDB_ZIDX_H
#define SLIDETAB_PDB_ZIDX_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"

/*
 * Zero-aware ranking (TABLE_RANK_ZPDB, see docs/pdb.md and docs/FORMAT.md).
 *
 * A map is the set of cells the k pattern tiles occupy; maps are numbered in colex order
 * (mr = sum_j C(c_j, j+1) over the occupied cells c_0 < c_1 < ...). The cells without pattern
 * tiles fall into regions (connected through free cells); the blank moves freely inside its
 * region. The classes of a map are its regions, numbered in the order of their smallest cells
 * (merging regions would make the index smaller but the heuristic far weaker: docs/pdb.md).
 * The permutation rank pr of a placement is the Lehmer rank (over k!) of the
 * sequence pos_i = number of occupied cells below the cell of pattern tile i. The entry of
 * (placement, class q) is
 *
 *   index = pr * nclasses + cum[mr] + q,   cum[mr] = classes of the maps before mr,
 *
 * so a PDB of this ranking has k! * nclasses entries. The permutation is the major part: a move
 * that crosses no other pattern tile keeps pr, so the entries of one search's nodes share pages
 * and cache lines (3.3x fewer 1 KiB blocks for Korf's line 82 than with the class major, as
 * ranking 3, which gen wrote before 69a37fc, had it; docs/pdb.md). A map's cum and labels are kept
 * together in its record (struct pdb_zmap).
 */

#define PDB_ZIDX_MAX_MAPS 2000000u /* C(n, k) at most this (a record of 32 bytes a map) */

/* A map's record: cum[mr] and the class within the map of each free cell (0xff under a pattern
 * tile), together in 32 bytes (aligned), so that a lookup touches one cache line. */
struct pdb_zmap {
	uint32_t cum;
	uint8_t lab[28];
};

/* A map's short record (8 bytes), used when nearly every map has one or two regions (95% of the
 * 177,100 maps of 6 tiles on 5x5, whose records then take 1.4 MB, not 5.7, and stay in a
 * second-level cache; only 55% of 7 tiles on 4x4, where the test below would mispredict): cum[mr],
 * and either the cells of the map's second region (a cell's class is its bit) or PDB_ZMAP_BIG | i,
 * the map's full record being map[i]. */
#define PDB_ZMAP_BIG 0x80000000u
struct pdb_zmap8 {
	uint32_t cum;
	uint32_t aux;
};

struct pdb_zidx {
	int n, k;
	uint32_t nmaps, nclasses;
	uint64_t kfact, entries;
	uint32_t binom[26][26]; /* binom[c][j] = C(c, j) */
	uint64_t pw[25];        /* pw[i] = (k-1-i)! */
	struct pdb_zmap *map;   /* [nmaps]; with map8, the records of the maps of three regions or more */
	struct pdb_zmap8 *map8; /* [nmaps] short records, or NULL */
	uint32_t *cmask;        /* [nclasses]: the cells of each class */
	int borrowed;           /* the tables belong to another index (pdb_zidx_share) */
};

/* Sets up the index of k-tile patterns on board b (1 <= k <= n - 2). SLIDETAB_OK, or an error
 * status with a message (too many maps or entries, out of memory). */
int pdb_zidx_init(struct pdb_zidx *z, const struct board *b, int k, struct slidetab_error *err);
/* z becomes a copy of src that borrows its tables (the index depends on the board and k alone):
 * valid while src is; freeing z frees nothing. */
void pdb_zidx_share(struct pdb_zidx *z, const struct pdb_zidx *src);
void pdb_zidx_free(struct pdb_zidx *z);

/* The colex number of the map occ (k bits set, below n). */
static inline uint32_t pdb_zidx_map(const struct pdb_zidx *z, uint32_t occ)
{
	uint32_t r = 0;
	for (int j = 1; occ; j++) {
		r += z->binom[__builtin_ctz(occ)][j];
		occ &= occ - 1;
	}
	return r;
}

/* The permutation rank of cells[0..k) (distinct, exactly the cells of occ). */
static inline uint64_t pdb_zidx_perm(const struct pdb_zidx *z, const uint8_t *cells, uint32_t occ)
{
	uint32_t used = 0;
	uint64_t r = 0;
	for (int i = 0; i < z->k; i++) {
		unsigned pos = (unsigned)__builtin_popcount(occ & ((1u << cells[i]) - 1));
		r += (pos - (unsigned)__builtin_popcount(used & ((1u << pos) - 1))) * z->pw[i];
		used |= 1u << pos;
	}
	return r;
}

/* The map and permutation ranks after pattern tile i moves from cell `from` to `to`, from the
 * current ones (mr, pr) of the map occ: betw holds the cells between the two (by number), at[c] the
 * index of the pattern tile at cell c. O(tiles passed over). The tiles passed over swap their order
 * with the moved one: among the map's sorted cells the moved one changes its place by as many and
 * each passed one by one, and in the permutation (digit i counts the later tiles on lower cells)
 * each swap moves one digit. */
static inline void pdb_zidx_step(const struct pdb_zidx *z, uint32_t occ, uint32_t betw, const int8_t *at, int i,
				 unsigned from, unsigned to, uint32_t mr, uint64_t pr, uint32_t *mr_out,
				 uint64_t *pr_out)
{
	unsigned jf = (unsigned)__builtin_popcount(occ & ((1u << from) - 1)) + 1; /* from's place, 1-based */
	uint32_t passed = occ & betw;
	unsigned m = (unsigned)__builtin_popcount(passed);
	if (to < from) { /* the passed tiles, at places jf - m .. jf - 1, each go one up */
		mr = mr - z->binom[from][jf] + z->binom[to][jf - m];
		for (unsigned j = jf - m; passed; passed &= passed - 1, j++) {
			unsigned b = (unsigned)__builtin_ctz(passed);
			int t = at[b];
			mr += z->binom[b][j + 1] - z->binom[b][j];
			pr = t > i ? pr - z->pw[i] : pr + z->pw[t];
		}
	} else { /* the passed tiles, at places jf + 1 .. jf + m, each go one down */
		mr = mr - z->binom[from][jf] + z->binom[to][jf + m];
		for (unsigned j = jf + 1; passed; passed &= passed - 1, j++) {
			unsigned b = (unsigned)__builtin_ctz(passed);
			int t = at[b];
			mr += z->binom[b][j - 1] - z->binom[b][j];
			pr = t > i ? pr + z->pw[i] : pr - z->pw[t];
		}
	}
	*mr_out = mr;
	*pr_out = pr;
}

/* The class number (within the whole table) of the free cell `blank` of map number mr. */
static inline uint32_t pdb_zidx_class_at(const struct pdb_zidx *z, uint32_t mr, unsigned blank)
{
	if (z->map8) {
		const struct pdb_zmap8 *m = &z->map8[mr];
		return m->cum +
		       (m->aux < PDB_ZMAP_BIG ? m->aux >> blank & 1u : z->map[m->aux - PDB_ZMAP_BIG].lab[blank]);
	}
	const struct pdb_zmap *m = &z->map[mr];
	return m->cum + m->lab[blank];
}

/* Starts fetching map mr's record into the cache. */
static inline void pdb_zidx_prefetch(const struct pdb_zidx *z, uint32_t mr)
{
	if (z->map8)
		__builtin_prefetch(&z->map8[mr]);
	else
		__builtin_prefetch(&z->map[mr]);
}

/* The class number (within the whole table) of the free cell `blank` of map occ. */
static inline uint32_t pdb_zidx_class(const struct pdb_zidx *z, uint32_t occ, unsigned blank)
{
	return pdb_zidx_class_at(z, pdb_zidx_map(z, occ), blank);
}

/* The cells of the class of free cell `blank` in map occ. */
static inline uint32_t pdb_zidx_class_cells(const struct pdb_zidx *z, uint32_t occ, unsigned blank)
{
	return z->cmask[pdb_zidx_class(z, occ, blank)];
}

/* The entry of class q (a region of some map) and permutation rank pr. */
static inline uint64_t pdb_zidx_entry(const struct pdb_zidx *z, uint32_t q, uint64_t pr)
{
	return pr * z->nclasses + q;
}

/* The entry of placement cells[] (occupying occ) with the blank at free cell `blank`. */
static inline uint64_t pdb_zidx_index(const struct pdb_zidx *z, const uint8_t *cells, uint32_t occ, unsigned blank)
{
	return pdb_zidx_entry(z, pdb_zidx_class(z, occ, blank), pdb_zidx_perm(z, cells, occ));
}

#endif
