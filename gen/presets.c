/* SPDX-License-Identifier: Zlib */
/* presets: the names of the pattern-database presets of a board, for gen --help and its messages. */
#include "gen/presets.h"

#include <string.h>

#include "libslidetab/pdb/pdb.h"

const char *presets_names(int cells, char *buf, size_t size)
{
	size_t at = 0;
	const char *name;
	int rows, cols;
	if (!buf || size == 0)
		return NULL;
	buf[0] = '\0';
	for (int i = 0; pdb_preset_at(i, &name, &rows, &cols) == 0; i++) {
		if (rows * cols != cells)
			continue;
		const char *sep = at ? ", " : "";
		size_t need = strlen(sep) + strlen(name);
		if (at + need >= size)
			break;
		memcpy(buf + at, sep, strlen(sep));
		memcpy(buf + at + strlen(sep), name, strlen(name) + 1);
		at += need;
	}
	return at ? buf : NULL;
}
