/* SPDX-License-Identifier: Zlib */
/* pdb/rank (pdb_rank_): placement ranking of pattern tiles (TABLE_RANK_PDB, see pdb.h) and pattern masks. */
#include "libslidetab/pdb/pdb.h"

int pdb_ranker_init(struct pdb_ranker *r, int n, int k)
{
	if (n < 2 || n > PDB_MAX_CELLS || k < 1 || k >= n)
		return -1;
	r->n = n;
	r->k = k;
	uint64_t w = 1;
	for (int i = k - 1; i >= 0; i--) {
		r->w[i] = w;
		w *= (uint64_t)(n - i);
		if (w >= (uint64_t)1 << 40)
			return -1;
	}
	r->count = w;
	return 0;
}

int pdb_pattern_tiles(uint32_t mask, int n, uint8_t *tiles)
{
	if (mask & 1u)
		return -1;
	if (n < 32 && (mask >> n) != 0)
		return -1;
	int k = 0;
	for (int t = 1; t < n && t < 32; t++)
		if (mask >> t & 1u)
			tiles[k++] = (uint8_t)t;
	return k;
}
