/* pdbpreset: the named 4x4 partitions of the 15 puzzle's tiles into disjoint patterns. */
#include "pdb.h"

#include <string.h>

static uint32_t tiles_mask(const int *t)
{
	uint32_t m = 0;
	for (; *t; t++)
		m |= 1u << *t;
	return m;
}

int pdb_preset(const char *name, uint32_t masks[PDB_PRESET_MAX])
{
	/* zero-terminated tile lists, zero-terminated list of patterns */
	static const struct {
		const char *name;
		int tiles[PDB_PRESET_MAX][10];
	} presets[] = {
		{"555", {{1, 4, 5, 8, 12, 0}, {2, 3, 6, 7, 11, 0}, {9, 10, 13, 14, 15, 0}}},
		{"663", {{1, 4, 5, 8, 9, 12, 0}, {2, 3, 6, 7, 10, 11, 0}, {13, 14, 15, 0}}},
		{"78", {{1, 2, 3, 4, 5, 6, 7, 0}, {8, 9, 10, 11, 12, 13, 14, 15, 0}}},
		{"555sym", {{1, 2, 3, 6, 7, 0}, {4, 8, 9, 12, 13, 0}, {5, 10, 11, 14, 15, 0}}},
		{"663sym", {{1, 2, 3, 4, 8, 12, 0}, {5, 6, 7, 9, 10, 13, 0}, {11, 14, 15, 0}}},
		{"78sym", {{1, 2, 3, 4, 5, 8, 12, 0}, {6, 7, 9, 10, 11, 13, 14, 15, 0}}},
	};
	if (!name)
		return -1;
	for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
		if (strcmp(name, presets[i].name) != 0)
			continue;
		int n = 0;
		while (n < PDB_PRESET_MAX && presets[i].tiles[n][0])
			masks[n] = tiles_mask(presets[i].tiles[n]), n++;
		return n;
	}
	return -1;
}
