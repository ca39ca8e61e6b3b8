/* fifteen: answers boards too large for exact tables (the 15 puzzle) by IDA* over a PDB set. */
#include "fifteen.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int fifteen_load(struct fifteen *f, const char *dir, int rows, int cols, int threads, char *msg, size_t msglen)
{
	static const char *const order[] = { "78", "663", "555" }; /* strongest heuristic first */
	if (f->set)
		return 0;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		uint32_t masks[PDB_PRESET_MAX];
		char paths[PDB_PRESET_MAX][1024];
		const char *ptrs[PDB_PRESET_MAX];
		int n = pdb_preset(order[i], masks), present = 0;
		for (int k = 0; k < n; k++) {
			struct stat st;
			pdb_preset_path(paths[k], sizeof paths[k], dir, rows, cols, 0, masks[k]);
			ptrs[k] = paths[k];
			present += stat(paths[k], &st) == 0;
		}
		if (present < n)
			continue;
		char err[512];
		if (pdb_set_load(&f->set, ptrs, n, threads, err, sizeof err) != 0) {
			snprintf(msg, msglen, "refusing PDB set %s in %s: %s", order[i], dir, err);
			f->set = NULL;
			return 3;
		}
		snprintf(f->preset, sizeof f->preset, "%s", order[i]);
		return 0;
	}
	snprintf(msg, msglen,
		 "no pattern databases for %dx%d in %s; build them with `make tables-15` or "
		 "`gen --board %dx%d --blank 0 --pdb 78 --dir %s` (555 and 663 are smaller and slower)",
		 rows, cols, dir, rows, cols, dir);
	return 2;
}

void fifteen_free(struct fifteen *f)
{
	if (f->set)
		pdb_set_free(f->set);
	f->set = NULL;
}
