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
 *   index = (cum[mr] + q) * k! + pr,   cum[mr] = classes of the maps before mr,
 *
 * so a PDB of this ranking has k! * cum[C(n,k)] entries.
 */

#define PDB_ZIDX_MAX_MAPS 2000000u /* C(n, k) at most this (lab takes n bytes a map) */

struct pdb_zidx {
	int n, k;
	uint32_t nmaps, nclasses;
	uint64_t kfact, entries;
	uint32_t binom[26][26]; /* binom[c][j] = C(c, j) */
	uint64_t pw[25];        /* pw[i] = (k-1-i)! */
	uint32_t *cum;          /* [nmaps + 1] */
	uint8_t *lab;           /* [nmaps * n]: class of each free cell, 0xff under a pattern tile */
	uint32_t *cmask;        /* [nclasses]: the cells of each class */
};

/* Sets up the index of k-tile patterns on board b (1 <= k <= n - 2). SLIDETAB_OK, or an error
 * status with a message (too many maps or entries, out of memory). */
int pdb_zidx_init(struct pdb_zidx *z, const struct board *b, int k, struct slidetab_error *err);
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

/* The class number (within the whole table) of the free cell `blank` of map occ. */
static inline uint32_t pdb_zidx_class(const struct pdb_zidx *z, uint32_t occ, unsigned blank)
{
	uint32_t mr = pdb_zidx_map(z, occ);
	return z->cum[mr] + z->lab[(uint64_t)mr * (unsigned)z->n + blank];
}

/* The cells of the class of free cell `blank` in map occ. */
static inline uint32_t pdb_zidx_class_cells(const struct pdb_zidx *z, uint32_t occ, unsigned blank)
{
	return z->cmask[pdb_zidx_class(z, occ, blank)];
}

/* The entry of placement cells[] (occupying occ) with the blank at free cell `blank`. */
static inline uint64_t pdb_zidx_index(const struct pdb_zidx *z, const uint8_t *cells, uint32_t occ, unsigned blank)
{
	return (uint64_t)pdb_zidx_class(z, occ, blank) * z->kfact + pdb_zidx_perm(z, cells, occ);
}

#endif
