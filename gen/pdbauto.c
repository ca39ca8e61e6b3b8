/* SPDX-License-Identifier: Zlib */
/* pdbauto: gen's side of `--pdb auto`: the names (auto, autoK), the generator's bytes for a pattern,
 * and the largest k whose automatic partition (libslidetab/pdb/auto.c) fits the memory budget. */
#include "gen/pdbauto.h"

#include <string.h>

#include "gen/pdb/pbitgen.h"
#include "gen/pdb/zbitgen.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/format.h"

uint64_t pdbauto_bytes(int rows, int cols, int k, uint32_t entry)
{
	struct board b;
	if (board_init(&b, rows, cols) != 0)
		return UINT64_MAX;
	if (entry == TABLE_ENTRY_ZBIT)
		return zbitgen_bytes(&b, k);
	if (entry == TABLE_ENTRY_PBIT)
		return pbitgen_bytes(b.n, k);
	struct pdb_ranker r;
	if (pdb_ranker_init(&r, b.n, k) != 0)
		return UINT64_MAX;
	if (r.count >= (uint64_t)1 << 32)
		return UINT64_MAX; /* the generator ranks a pattern's placements in 32 bits: none it can build */
	int free_cells = b.n - k;  /* the generator's word per placement (gen/pdb/pdbgen.c) */
	return r.count * (free_cells > 16 ? 16u : free_cells > 8 ? 8u : 4u);
}

int pdbauto_choose(int rows, int cols, uint32_t entry, uint64_t budget)
{
	uint32_t masks[PDB_PRESET_MAX];
	for (int k = PDB_AUTO_MAX_K; k >= 1; k--) {
		if (pdb_auto(rows, cols, 0, k, masks) <= 0)
			continue;
		uint64_t need = pdbauto_bytes(rows, cols, k, entry); /* UINT64_MAX: none gen builds */
		if (need != UINT64_MAX && need <= budget)
			return k;
	}
	return -1;
}

int pdbauto_name(const char *name, int *k)
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
