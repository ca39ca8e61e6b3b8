/* SPDX-License-Identifier: Zlib */
/* pdb/auto (pdb_auto): the partition of `--pdb auto`: blocks of whole columns (rows on tall boards) of at
 * most k tiles (gen/pdbauto.c chooses k and reads the names). */
#include "libslidetab/pdb/pdb.h"

#include <string.h>

int pdb_auto(int rows, int cols, int cls, int k, uint32_t masks[PDB_PRESET_MAX])
{
	struct board b;
	if (board_init(&b, rows, cols) != 0 || cls < 0 || cls >= b.n || k < 1 || k > PDB_AUTO_MAX_K || k >= b.n - 1)
		return -1;
	struct pdb_ranker r;
	if (pdb_ranker_init(&r, b.n, k) != 0)
		return -1;
	int count = (b.n - 1 + k - 1) / k;
	if (count > PDB_PRESET_MAX)
		return -1;
	struct board_state g;
	board_goal(&b, cls, &g);
	int wide = cols >= rows, taken = 0;
	memset(masks, 0, sizeof *masks * PDB_PRESET_MAX);
	for (int i = 0; i < b.n; i++) {
		/* column by column (top to bottom) on wide boards, row by row on tall ones */
		int cell = wide ? (i % rows) * cols + i / rows : i;
		if (g.t[cell] == 0)
			continue;
		masks[taken / k] |= 1u << g.t[cell];
		taken++;
	}
	return count;
}
