/* pdbfind: finds and loads the strongest pattern-database set present for a board and blank class. */
#include "pdbfind.h"

#include <sys/stat.h>

#include "board.h"

/* Fills paths[] with the preset's files in dir; returns how many exist, or -1. */
static int preset_files(const char *preset, const char *dir, int rows, int cols, int blank_cell,
			char paths[PDB_PRESET_MAX][TABNAME_MAX], int *count)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset(preset, masks), present = 0;
	if (n < 0)
		return -1;
	for (int k = 0; k < n; k++) {
		struct stat st;
		if (tabname_pdb(paths[k], TABNAME_MAX, dir, rows, cols, blank_cell, masks[k], NULL) != SLIDETAB_OK)
			return -1;
		present += stat(paths[k], &st) == 0;
	}
	*count = n;
	return present;
}

int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 struct slidetab_error *err)
{
	static const char *const order[] = { "78", "663", "555" }; /* strongest heuristic first */
	struct board b;
	if (rows != 4 || cols != 4 || board_init(&b, rows, cols) != 0)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "%dx%d: boards of more than 12 cells are answered only on 4x4, from pattern databases", rows,
			       cols);
	int cls = board_blank_class(&b, blank_cell);
	for (int d = 0; d < path->count; d++)
		for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
			char paths[PDB_PRESET_MAX][TABNAME_MAX];
			const char *ptrs[PDB_PRESET_MAX];
			int n = 0;
			if (preset_files(order[i], path->dir[d], rows, cols, blank_cell, paths, &n) != n || n == 0)
				continue;
			for (int k = 0; k < n; k++)
				ptrs[k] = paths[k];
			int rc = pdb_set_load(set, ptrs, n, n, err);
			if (rc != SLIDETAB_OK)
				return err_prefix(err, "refusing pattern databases %s in %s", order[i], path->dir[d]);
			return SLIDETAB_OK;
		}
	char where[TABNAME_MAX * 2];
	tabname_describe(path, where, sizeof where);
	return err_set(err, SLIDETAB_ENOTABLE,
		       "no pattern databases for 4x4 with the blank in the class of cell %d in %s; build them with "
		       "`gen --board 4x4 --blank %d --pdb 78 --dir %s` (555 and 663 are smaller and slower)",
		       cls, where, cls, path->dir[0]);
}
