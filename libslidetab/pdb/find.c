/* pdbfind: finds and loads the strongest pattern-database set present for a board and blank class. */
#include "libslidetab/pdb/find.h"

#include <sys/stat.h>

#include "libslidetab/model/board.h"

/* Fills paths[] with the preset's files in dir; returns how many exist, or -1. */
static int preset_files(const char *preset, const char *dir, int rows, int cols, int blank_cell,
			char paths[PDB_PRESET_MAX][TABNAME_MAX], int *count)
{
	uint32_t masks[PDB_PRESET_MAX];
	int n = pdb_preset_for(preset, rows * cols, masks), present = 0;
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

/* The presets query looks for on each board, strongest heuristic first, and the one to build. */
static const struct {
	int rows, cols;
	const char *order[3];
	const char *others;
} boards[] = {
	{ 4, 4, { "78", "663", "555" }, "555 and 663 are smaller and slower" },
	{ 5, 5, { "6666", "444444", NULL }, "444444 builds in a second but searches far more slowly" },
};

int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 struct slidetab_error *err)
{
	struct board b;
	int bi = -1;
	for (int i = 0; i < (int)(sizeof boards / sizeof boards[0]); i++)
		if (boards[i].rows == rows && boards[i].cols == cols)
			bi = i;
	if (bi < 0 || board_init(&b, rows, cols) != 0)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "%dx%d: boards of more than 12 cells are answered only on 4x4 and 5x5, from pattern databases",
			       rows, cols);
	int cls = board_blank_class(&b, blank_cell);
	for (int d = 0; d < path->count; d++)
		for (int i = 0; i < 3 && boards[bi].order[i]; i++) {
			const char *name = boards[bi].order[i];
			char paths[PDB_PRESET_MAX][TABNAME_MAX];
			const char *ptrs[PDB_PRESET_MAX];
			int n = 0;
			if (preset_files(name, path->dir[d], rows, cols, blank_cell, paths, &n) != n || n == 0)
				continue;
			for (int k = 0; k < n; k++)
				ptrs[k] = paths[k];
			int rc = pdb_set_load(set, ptrs, n, n, err);
			if (rc != SLIDETAB_OK)
				return err_prefix(err, "refusing pattern databases %s in %s", name, path->dir[d]);
			return SLIDETAB_OK;
		}
	char where[TABNAME_MAX * 2];
	tabname_describe(path, where, sizeof where);
	return err_set(err, SLIDETAB_ENOTABLE,
		       "no pattern databases for %dx%d with the blank in the class of cell %d in %s; build them with "
		       "`%s --board %dx%d --blank %d --pdb %s --dir %s` (%s)",
		       rows, cols, cls, where, tabname_gen(), rows, cols, cls, boards[bi].order[0], path->dir[0], boards[bi].others);
}
