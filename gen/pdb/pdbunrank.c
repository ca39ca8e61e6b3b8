/* SPDX-License-Identifier: Zlib */
/* pdbunrank: the cells of a placement rank, digit by digit (the weights of pdb_ranker_init). */
#include "gen/pdb/pdbunrank.h"

void pdbunrank_cells(const struct pdb_ranker *r, uint64_t rank, uint8_t *cells)
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
