/* pdb/find (pdbfind_): finds and loads the strongest pattern-database set present for a board and blank class. */
#include "libslidetab/pdb/find.h"

#include <stdio.h>
#include <sys/stat.h>

#include "libslidetab/model/board.h"

/* Fills paths[] and masks[] with the preset's files in dir; returns how many exist, or -1. */
static int preset_files(const char *preset, const char *dir, int rows, int cols, int blank_cell,
			char paths[PDB_PRESET_MAX][TABNAME_MAX], uint32_t masks[PDB_PRESET_MAX], int *count)
{
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
	const char *make; /* the make target that builds order[0] for class 0, when a fallback is worth a notice */
} boards[] = {
	{ 4, 4, { "78", "663", "555" }, "555 and 663 are smaller and slower", NULL },
	{ 5, 5, { "6666", "444444", NULL }, "444444 builds in a second but searches far more slowly", "tables-24" },
};

/* The one-line notice that the set `name` in dir stands in for the stronger boards[bi].order[0]. */
static void fallback_notice(int bi, int cls, const char *name, const char *dir, char *notice, size_t len)
{
	const char *best = boards[bi].order[0];
	int r = boards[bi].rows, c = boards[bi].cols;
	if (cls == 0)
		snprintf(notice, len,
			 "%dx%d: no %s pattern databases, answering from the %s set in %s, far more slowly; build %s "
			 "with `make %s`",
			 r, c, best, name, dir, best, boards[bi].make);
	else
		snprintf(notice, len,
			 "%dx%d: no %s pattern databases, answering from the %s set in %s, far more slowly; build %s "
			 "with `%s --board %dx%d --blank %d --pdb %s --dir %s`",
			 r, c, best, name, dir, best, tabname_gen(), r, c, cls, best, dir);
}

int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 char *notice, size_t notice_len, struct slidetab_error *err)
{
	if (notice_len)
		notice[0] = '\0';
	struct board b;
	int bi = -1;
	for (int i = 0; i < (int)(sizeof boards / sizeof boards[0]); i++)
		if (boards[i].rows == rows && boards[i].cols == cols)
			bi = i;
	if (bi < 0 || board_init(&b, rows, cols) != 0)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "%dx%d: beyond " TABNAME_EXACT_RULE
			       ", only 4x4 and 5x5 are answered, from pattern databases",
			       rows, cols);
	int cls = board_blank_class(&b, blank_cell);
	for (int d = 0; d < path->count; d++)
		for (int i = 0; i < 3 && boards[bi].order[i]; i++) {
			const char *name = boards[bi].order[i];
			char paths[PDB_PRESET_MAX][TABNAME_MAX];
			const char *ptrs[PDB_PRESET_MAX];
			uint32_t masks[PDB_PRESET_MAX];
			int n = 0;
			if (preset_files(name, path->dir[d], rows, cols, blank_cell, paths, masks, &n) != n || n == 0)
				continue;
			for (int k = 0; k < n; k++)
				ptrs[k] = paths[k];
			int rc = pdb_set_load_masks(set, ptrs, masks, n, n, err);
			if (rc != SLIDETAB_OK)
				return err_prefix(err, "refusing pattern databases %s in %s", name, path->dir[d]);
			if (i > 0 && boards[bi].make && notice_len)
				fallback_notice(bi, cls, name, path->dir[d], notice, notice_len);
			return SLIDETAB_OK;
		}
	char where[TABNAME_MAX * 2];
	tabname_describe(path, where, sizeof where);
	return err_set(err, SLIDETAB_ENOTABLE,
		       "no pattern databases for %dx%d with the blank in the class of cell %d in %s; build them with "
		       "`%s --board %dx%d --blank %d --pdb %s --dir %s` (%s)",
		       rows, cols, cls, where, tabname_gen(), rows, cols, cls, boards[bi].order[0], path->dir[0],
		       boards[bi].others);
}
