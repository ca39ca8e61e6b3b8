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

/* A preset of which a folder holds some files but not all (a build interrupted, a file deleted):
 * the messages name the files it lacks. */
struct find_partial {
	int have;                      /* its files present, each counted once; 0: none seen */
	int d, ci;                     /* the folder, in the search path, and the candidate (stronger first) */
	char name[16];                 /* the preset */
	int rows, cols, blank_cell;    /* the board its files are named for */
	int n, nmiss;                  /* its distinct files, and how many of them are missing */
	uint32_t mask[PDB_PRESET_MAX]; /* the patterns of its distinct files, the missing ones first */
};

/* Fills paths[] with the files of masks[0..n-1] in dir, and *seen with which of them exist; 1
 * when every one exists. */
static int survey(const uint32_t *masks, int n, const char *dir, int rows, int cols, int blank_cell,
		  char paths[PDB_PRESET_MAX][TABNAME_MAX], struct find_partial *seen)
{
	uint32_t here[PDB_PRESET_MAX];
	int nhere = 0;
	seen->have = seen->n = seen->nmiss = 0;
	for (int k = 0; k < n; k++) {
		struct stat st;
		if (tabname_pdb(paths[k], TABNAME_MAX, dir, rows, cols, blank_cell, masks[k], NULL) != SLIDETAB_OK)
			return 0;
		int again = 0; /* 771x2 names {1..7} twice */
		for (int i = 0; i < k; i++)
			again |= masks[i] == masks[k];
		if (again)
			continue;
		seen->n++;
		if (stat(paths[k], &st) == 0)
			here[nhere++] = masks[k];
		else
			seen->mask[seen->nmiss++] = masks[k];
	}
	memcpy(seen->mask + seen->nmiss, here, (size_t)nhere * sizeof here[0]);
	seen->have = nhere;
	seen->rows = rows, seen->cols = cols, seen->blank_cell = blank_cell;
	return seen->nmiss == 0;
}

/* Whether every file p holds is one of masks[0..n-1] (the set that answers shares them: 78 and
 * 771x2 share {1..7}), so that p is no set left half-built. */
static int partial_covered(const struct find_partial *p, const uint32_t *masks, int n)
{
	for (int i = p->nmiss; i < p->n; i++) {
		int in = 0;
		for (int k = 0; k < n; k++)
			in |= masks[k] == p->mask[i];
		if (!in)
			return 0;
	}
	return 1;
}

/* "the NAME set PLACE lacks A, B and C" for p (place: " in DIR", " there" or ""); short: "lacks A
 * and 2 more". */
static void partial_note(const struct find_partial *p, const char *place, int short_list, char *buf, size_t len)
{
	size_t k = (size_t)snprintf(buf, len, "the %s set%s lacks ", p->name, place);
	for (int i = 0; i < p->nmiss && k < len; i++) {
		char file[64];
		tabname_pdb(file, sizeof file, NULL, p->rows, p->cols, p->blank_cell, p->mask[i], NULL);
		if (short_list && i == 1) {
			snprintf(buf + k, len - k, " and %d more", p->nmiss - 1);
			return;
		}
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i == 0 ? "" : i == p->nmiss - 1 ? " and " : ", ", file);
	}
}

/* The one-line notice that the set `name` in folder d stands in for a stronger one: the half-built
 * preset p (when p->have), else the missing boards[bi].order[0]. */
static void fallback_notice(int bi, int cls, const char *name, const struct tabname_path *path, int d,
			    const struct find_partial *p, char *notice, size_t len)
{
	const char *best = p->have ? p->name : boards[bi].order[0];
	int r = boards[bi].rows, c = boards[bi].cols;
	char advice[96], place[TABNAME_MAX + 8], half[256];
	const char *slowly = boards[bi].make ? "far more slowly" : "more slowly";
	if (cls == 0 && boards[bi].make && !strcmp(best, boards[bi].order[0]))
		snprintf(advice, sizeof advice, "with `make %s`", boards[bi].make);
	else
		snprintf(advice, sizeof advice, "there with `%s --board %dx%d --blank %d --pdb %s`", tabname_gen(), r,
			 c, cls, best);
	if (!p->have) {
		snprintf(notice, len,
			 "%dx%d: no %s pattern databases, answering from the %s set in %s, %s; build %s %s", r, c, best,
			 name, path->dir[d], slowly, best, advice);
		return;
	}
	/* whole; then the folders by their role; then the first missing file alone; then no advice */
	for (int level = 0; level < 4; level++) {
		snprintf(place, sizeof place, "%s%s", p->d == d ? " there" : " in ",
			 p->d == d ? "" : tabname_shown(path, p->d, level > 0));
		partial_note(p, place, level >= 2, half, sizeof half);
		int n = snprintf(notice, len, "%dx%d: answering from the %s set in %s, %s; %s%s%s", r, c, name,
				 tabname_shown(path, d, level > 0), slowly, half, level < 3 ? ": build it " : "",
				 level < 3 ? advice : "");
		if (n >= 0 && (size_t)n < len)
			return;
	}
}

/* Loads the first candidate set of rows x cols (goal blank at blank_cell) whose every file is in
 * one folder: SLIDETAB_OK, SLIDETAB_ENOTABLE when there is none (err untouched), or the status
 * of a damaged file. *partial gets the preset half there that most files of, before the set loaded. */
static int load_first(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		      struct pdbfind_files *files, struct find_partial *partial, char *notice, size_t notice_len,
		      struct slidetab_error *err)
{
	struct board b;
	board_init(&b, rows, cols);
	int cls = board_blank_class(&b, blank_cell), bi = board_index(rows, cols);
	for (int d = 0; d < path->count; d++)
		for (int ci = 0;; ci++) {
			char name[16], paths[PDB_PRESET_MAX][TABNAME_MAX];
			uint32_t masks[PDB_PRESET_MAX];
			struct find_partial seen;
			int n = candidate(ci, rows, cols, cls, name, masks);
			if (n < 0)
				break;
			if (n == 0)
				continue;
			if (!survey(masks, n, path->dir[d], rows, cols, blank_cell, paths, &seen)) {
				if (bi >= 0 && ci < FIND_ORDER && seen.have > partial->have) { /* presets alone */
					*partial = seen, partial->d = d, partial->ci = ci;
					snprintf(partial->name, sizeof partial->name, "%s", name);
				}
				continue;
			}
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
			if (partial->have && (partial->ci >= ci || partial_covered(partial, masks, n)))
				partial->have = 0; /* as strong as the set that answers, or all its files in it */
			if (bi >= 0 && notice_len && (partial->have || (ci > 0 && boards[bi].make)))
				fallback_notice(bi, cls, name, path, d, partial, notice, notice_len);
			return SLIDETAB_OK;
		}
	return SLIDETAB_ENOTABLE;
}

/* The message when no set answers: where it looked, the files a half-built preset lacks, and the
 * gen command that builds the set that builds fastest. */
static int missing_set(const struct tabname_path *path, int rows, int cols, int cls, const struct find_partial *p,
		       struct slidetab_error *err)
{
	int bi = board_index(rows, cols);
	char what[96], args[96], note[sizeof err->msg];
	snprintf(what, sizeof what, "%spattern databases for %dx%d with the blank in the class of cell %d",
		 p->have ? "other " : "", rows, cols, cls);
	snprintf(args, sizeof args, "--board %dx%d --blank %d --pdb %s", rows, cols, cls,
		 bi >= 0 ? boards[bi].quick : "auto");
	const char *build = bi >= 0        ? boards[bi].quick_set
			    : rows != cols ? "a set (the transposed board's answer too)"
					   : "a set";
	/* the note on the half-built set whole (its folder named when the search has several), then
	 * its folder by its role, then its first missing file alone, then its folder left out */
	for (int level = 0;; level++) {
		char place[TABNAME_MAX + 8] = "";
		if (path->count > 1 && level < 3)
			snprintf(place, sizeof place, " in %s", tabname_shown(path, p->d, level > 0));
		if (p->have)
			partial_note(p, place, level >= 2, note, sizeof note);
		int rc = tabname_missing(path, SLIDETAB_ENOTABLE, p->have ? note : NULL, what, build, args, err);
		if (!p->have || level == 3 || !err || strlen(err->msg) < sizeof err->msg - 1)
			return rc;
	}
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
	struct find_partial partial = { 0 };
	int rc = load_first(path, rows, cols, blank_cell, set, files, &partial, notice, notice_len, err);
	if (rc == SLIDETAB_ENOTABLE && rows != cols) /* the transposed board's sets answer too */
		rc = load_first(path, cols, rows, (blank_cell % cols) * rows + blank_cell / cols, set, files, &partial,
				NULL, 0, err);
	if (rc != SLIDETAB_ENOTABLE)
		return rc;
	return missing_set(path, rows, cols, board_blank_class(&b, blank_cell), &partial, err);
}
