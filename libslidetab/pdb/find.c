/* SPDX-License-Identifier: Zlib */
/* pdb/find (pdbfind_): finds and loads the strongest pattern-database set present for a board and blank class. */
#include "libslidetab/pdb/find.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/model/board.h"

/* The presets query looks for on each board, strongest heuristic first, and the one to build;
 * after them (and on every other board) the automatic partitions, most tiles a pattern first. */
#define FIND_ORDER 4 /* presets a board tries before the automatic partitions */
static const struct {
	int rows, cols;
	const char *order[FIND_ORDER];
	const char *make; /* the make target that builds order[0] for class 0, when a fallback is worth a notice */
	const char *quick,
		*quick_set; /* the set that builds fastest, advised when none is there, and with its figures */
} boards[] = {
	/* 5-5-5: 0.9 s, 0.2 MB (docs/BENCHMARKS.md, make bench-15); 4-4-4-4-4-4: 84 KB on disk */
	{ 4, 4, { "78", "771x2", "663", "555" }, NULL, "555", "the 555 set (0.2 MB, a second)" },
	{ 5, 5, { "6666", "444444", NULL }, "tables-24", "444444", "the 444444 set (0.1 MB, a second)" },
};
#define NBOARDS ((int)(sizeof boards / sizeof boards[0]))

static int board_index(int rows, int cols)
{
	for (int i = 0; i < NBOARDS; i++)
		if (boards[i].rows == rows && boards[i].cols == cols)
			return i;
	return -1;
}

/* Candidate ci of rows x cols for class cls: its name and masks; the count, 0 for a candidate
 * that does not exist, or -1 past the last. */
static int candidate(int ci, int rows, int cols, int cls, char name[16], uint32_t masks[PDB_PRESET_MAX])
{
	int bi = board_index(rows, cols);
	if (bi >= 0 && ci < FIND_ORDER) {
		const char *p = boards[bi].order[ci];
		snprintf(name, 16, "%s", p ? p : "");
		return p ? pdb_preset_board(p, rows, cols, masks) : 0;
	}
	int k = PDB_AUTO_MAX_K - (ci - FIND_ORDER);
	if (k < 1)
		return -1;
	snprintf(name, 16, "auto%d", k);
	int n = pdb_auto(rows, cols, cls, k, masks);
	return n < 0 ? 0 : n;
}

/* Fills paths[] with the files of masks[0..n-1] in dir; 1 when every one exists. */
static int all_present(const uint32_t *masks, int n, const char *dir, int rows, int cols, int blank_cell,
		       char paths[PDB_PRESET_MAX][TABNAME_MAX])
{
	for (int k = 0; k < n; k++) {
		struct stat st;
		if (tabname_pdb(paths[k], TABNAME_MAX, dir, rows, cols, blank_cell, masks[k], NULL) != SLIDETAB_OK ||
		    stat(paths[k], &st) != 0)
			return 0;
	}
	return 1;
}

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
			 "there with `%s --board %dx%d --blank %d --pdb %s`",
			 r, c, best, name, dir, best, tabname_gen(), r, c, cls, best);
}

/* Loads the first candidate set of rows x cols (goal blank at blank_cell) whose every file is in
 * one folder: SLIDETAB_OK, SLIDETAB_ENOTABLE when there is none (err untouched), or the status
 * of a damaged file. */
static int load_first(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		      struct pdbfind_files *files, char *notice, size_t notice_len, struct slidetab_error *err)
{
	struct board b;
	board_init(&b, rows, cols);
	int cls = board_blank_class(&b, blank_cell), bi = board_index(rows, cols);
	for (int d = 0; d < path->count; d++)
		for (int ci = 0;; ci++) {
			char name[16], paths[PDB_PRESET_MAX][TABNAME_MAX];
			uint32_t masks[PDB_PRESET_MAX];
			int n = candidate(ci, rows, cols, cls, name, masks);
			if (n < 0)
				break;
			if (n == 0 || !all_present(masks, n, path->dir[d], rows, cols, blank_cell, paths))
				continue;
			const char *ptrs[PDB_PRESET_MAX];
			for (int k = 0; k < n; k++)
				ptrs[k] = paths[k];
			if (files) {
				files->n = n;
				memcpy(files->path, paths, sizeof paths);
			}
			int rc = pdb_set_load_masks(set, ptrs, masks, n, n, err);
			if (rc != SLIDETAB_OK)
				return err_prefix(err, "refusing pattern databases %s in %s", name, path->dir[d]);
			if (bi >= 0 && ci > 0 && boards[bi].make && notice_len)
				fallback_notice(bi, cls, name, path->dir[d], notice, notice_len);
			return SLIDETAB_OK;
		}
	return SLIDETAB_ENOTABLE;
}

int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 struct pdbfind_files *files, char *notice, size_t notice_len, struct slidetab_error *err)
{
	if (notice_len)
		notice[0] = '\0';
	if (files)
		files->n = 0;
	struct board b;
	if (rows * cols > PDB_MAX_CELLS || board_init(&b, rows, cols) != 0)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "%dx%d: beyond " TABNAME_EXACT_RULE ", optimal answers come from pattern databases, "
			       "for boards of up to %d cells",
			       rows, cols, PDB_MAX_CELLS);
	if (blank_cell < 0 || blank_cell >= b.n)
		return err_set(err, SLIDETAB_EINVAL, "no cell %d on a %dx%d board", blank_cell, rows, cols);
	int rc = load_first(path, rows, cols, blank_cell, set, files, notice, notice_len, err);
	if (rc == SLIDETAB_ENOTABLE && rows != cols) /* the transposed board's sets answer too */
		rc = load_first(path, cols, rows, (blank_cell % cols) * rows + blank_cell / cols, set, files, NULL, 0,
				err);
	if (rc != SLIDETAB_ENOTABLE)
		return rc;
	int cls = board_blank_class(&b, blank_cell), bi = board_index(rows, cols);
	char what[96], args[96];
	snprintf(what, sizeof what, "pattern databases for %dx%d with the blank in the class of cell %d", rows, cols,
		 cls);
	snprintf(args, sizeof args, "--board %dx%d --blank %d --pdb %s", rows, cols, cls,
		 bi >= 0 ? boards[bi].quick : "auto");
	return tabname_missing(path, SLIDETAB_ENOTABLE, what,
			       bi >= 0        ? boards[bi].quick_set
			       : rows != cols ? "a set (the transposed board's answer too)"
					      : "a set",
			       args, err);
}
