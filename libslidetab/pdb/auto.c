/* pdb/auto (pdb_auto_): the partition of `--pdb auto`: blocks of whole columns (rows on tall boards) of at most k tiles. */
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

uint64_t pdb_auto_bytes(int n, int k)
{
	struct pdb_ranker r;
	if (pdb_ranker_init(&r, n, k) != 0)
		return UINT64_MAX;
	if (r.count >= (uint64_t)1 << 32)
		return UINT64_MAX; /* the generator ranks a pattern's placements in 32 bits: none it can build */
	int free_cells = n - k;    /* the generator's word per placement (gen/pdb/pdbgen.c) */
	return r.count * (free_cells > 16 ? 16u : free_cells > 8 ? 8u : 4u);
}

int pdb_auto_choose(int rows, int cols, uint64_t budget)
{
	uint32_t masks[PDB_PRESET_MAX];
	for (int k = PDB_AUTO_MAX_K; k >= 1; k--) {
		uint64_t need = pdb_auto_bytes(rows * cols, k); /* UINT64_MAX: none gen builds, whatever the budget */
		if (pdb_auto(rows, cols, 0, k, masks) > 0 && need != UINT64_MAX && need <= budget)
			return k;
	}
	return -1;
}

int pdb_auto_name(const char *name, int *k)
{
	if (!name || strncmp(name, "auto", 4) != 0)
		return -1;
	const char *p = name + 4;
	if (!*p) {
		*k = 0;
		return 0;
	}
	int v = 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || v > PDB_AUTO_MAX_K)
			return -1;
		v = v * 10 + (*p - '0');
	}
	if (v < 1 || v > PDB_AUTO_MAX_K || name[4] == '0')
		return -1;
	*k = v;
	return 0;
}
