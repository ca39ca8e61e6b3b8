/* SPDX-License-Identifier: Zlib */
/* pdb/preset (pdb_preset_): the named partitions of the 15 and 24 puzzles' tiles into disjoint patterns, by board. */
#include "libslidetab/pdb/pdb.h"

#include <string.h>

static uint32_t tiles_mask(const int *t)
{
	uint32_t m = 0;
	for (; *t; t++)
		m |= 1u << *t;
	return m;
}

/* zero-terminated tile lists, zero-terminated list of patterns */
static const struct {
	const char *name;
	int rows, cols;
	int tiles[PDB_PRESET_MAX][10];
} presets[] = {
	{ "555", 4, 4, { { 1, 4, 5, 8, 12, 0 }, { 2, 3, 6, 7, 11, 0 }, { 9, 10, 13, 14, 15, 0 } } },
	{ "663", 4, 4, { { 1, 4, 5, 8, 9, 12, 0 }, { 2, 3, 6, 7, 10, 11, 0 }, { 13, 14, 15, 0 } } },
	{ "78", 4, 4, { { 1, 2, 3, 4, 5, 6, 7, 0 }, { 8, 9, 10, 11, 12, 13, 14, 15, 0 } } },
	/* two 7-7-1 partitions sharing {1..7}, maxed (53 MB zero-aware; docs/pdb.md) */
	{ "771x2",
	  4,
	  4,
	  { { 1, 2, 3, 4, 5, 6, 7, 0 },
	    { 8, 9, 10, 11, 12, 13, 14, 0 },
	    { 15, 0 },
	    { 9, 10, 11, 12, 13, 14, 15, 0 },
	    { 8, 0 },
	    { 1, 2, 3, 4, 5, 6, 7, 0 } } },
	{ "555sym", 4, 4, { { 1, 2, 3, 6, 7, 0 }, { 4, 8, 9, 12, 13, 0 }, { 5, 10, 11, 14, 15, 0 } } },
	{ "663sym", 4, 4, { { 1, 2, 3, 4, 8, 12, 0 }, { 5, 6, 7, 9, 10, 13, 0 }, { 11, 14, 15, 0 } } },
	{ "78sym", 4, 4, { { 1, 2, 3, 4, 5, 8, 12, 0 }, { 6, 7, 9, 10, 11, 13, 14, 15, 0 } } },
	/* Korf & Felner (AI 134, 2002): not closed under the diagonal reflection (docs/pdb.md) */
	{ "6666",
	  5,
	  5,
	  { { 1, 2, 5, 6, 7, 12, 0 },
	    { 3, 4, 8, 9, 13, 14, 0 },
	    { 10, 11, 15, 16, 20, 21, 0 },
	    { 17, 18, 19, 22, 23, 24, 0 } } },
	/* Korf & Felner's partition maxed with the transpose of Clausecker's (clausecker/24puzzle
	 * catalogues/clausecker-t.cat), which shares two of its patterns; zero-aware (docs/pdb.md) */
	{ "6666x2",
	  5,
	  5,
	  { { 1, 2, 5, 6, 7, 12, 0 },
	    { 3, 4, 8, 9, 13, 14, 0 },
	    { 10, 11, 15, 16, 20, 21, 0 },
	    { 17, 18, 19, 22, 23, 24, 0 },
	    { 1, 2, 5, 6, 7, 10, 0 },
	    { 11, 12, 15, 16, 20, 21, 0 },
	    { 3, 4, 8, 9, 13, 14, 0 },
	    { 17, 18, 19, 22, 23, 24, 0 } } },
	/* small, for tests; closed under the diagonal reflection */
	{ "444444",
	  5,
	  5,
	  { { 1, 2, 3, 4, 0 },
	    { 5, 10, 15, 20, 0 },
	    { 7, 8, 9, 14, 0 },
	    { 11, 16, 21, 22, 0 },
	    { 6, 12, 18, 24, 0 },
	    { 13, 17, 19, 23, 0 } } },
};

int pdb_preset_at(int i, const char **name, int *rows, int *cols)
{
	if (i < 0 || (size_t)i >= sizeof presets / sizeof presets[0])
		return -1;
	*name = presets[i].name;
	*rows = presets[i].rows;
	*cols = presets[i].cols;
	return 0;
}

int pdb_preset_find(const char *name, int cells, int rows, int cols, uint32_t masks[PDB_PRESET_MAX])
{
	const char *nm;
	int r, c;
	if (!name)
		return -1;
	for (int i = 0; pdb_preset_at(i, &nm, &r, &c) == 0; i++) {
		if (strcmp(name, nm) != 0 || (cells && cells != r * c) || (rows && (rows != r || cols != c)))
			continue;
		int n = 0;
		while (n < PDB_PRESET_MAX && presets[i].tiles[n][0])
			masks[n] = tiles_mask(presets[i].tiles[n]), n++;
		return n;
	}
	return -1;
}
