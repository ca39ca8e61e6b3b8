/* SPDX-License-Identifier: Zlib */
/* testboard: independent references over boards that only the tests need (the library keeps what it answers with). */
#ifndef SLIDETAB_TESTBOARD_H
#define SLIDETAB_TESTBOARD_H

#include <stdint.h>

#include "libslidetab/model/board.h"

/* Parity (0 even, 1 odd) of the permutation that takes arrangement a to arrangement b. */
static inline int board_perm_parity(const struct board *bd, const struct board_state *a, const struct board_state *b)
{
	/* Cycle decomposition of the map cell -> cell taking a's tile placement to b's. */
	int where_b[BOARD_MAX_CELLS], to[BOARD_MAX_CELLS];
	uint32_t done = 0;
	int parity = 0;
	for (int c = 0; c < bd->n; c++)
		where_b[b->t[c]] = c;
	for (int c = 0; c < bd->n; c++)
		to[c] = where_b[a->t[c]];
	for (int c = 0; c < bd->n; c++) {
		if (done >> c & 1)
			continue;
		int len = 0;
		for (int x = c; !(done >> x & 1); x = to[x]) {
			done |= 1u << x;
			len++;
		}
		parity ^= (len - 1) & 1;
	}
	return parity;
}

/* Sum over the tiles (not the blank) of the taxicab distance from their cell in s to their cell in g. */
static inline int board_manhattan(const struct board *b, const struct board_state *s, const struct board_state *g)
{
	int where[BOARD_MAX_CELLS], sum = 0;
	for (int c = 0; c < b->n; c++)
		where[g->t[c]] = c;
	for (int c = 0; c < b->n; c++)
		if (s->t[c])
			sum += board_taxicab(b, c, where[s->t[c]]);
	return sum;
}

#endif
