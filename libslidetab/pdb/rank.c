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

void pdb_unrank(const struct pdb_ranker *r, uint64_t rank, uint8_t *cells)
{
	uint32_t used = 0;
	for (int i = 0; i < r->k; i++) {
		unsigned d = (unsigned)(rank / r->w[i]);
		rank -= (uint64_t)d * r->w[i];
		/* the d-th cell (from 0) not yet used */
		uint32_t freem = ~used;
		for (unsigned j = 0; j < d; j++)
			freem &= freem - 1;
		unsigned c = (unsigned)__builtin_ctz(freem);
		cells[i] = (uint8_t)c;
		used |= 1u << c;
	}
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
