/* SPDX-License-Identifier: Zlib */
/* pdb/find (pdbfind_): finds and loads the strongest pattern-database set present for a board and blank class. */
#ifndef SLIDETAB_PDBFIND_H
#define SLIDETAB_PDBFIND_H

#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"

/* The files of the set pdbfind_load loaded (or refused), so that a caller can tell when they change. */
struct pdbfind_files {
	int n;
	char path[PDB_PRESET_MAX][TABNAME_MAX];
};

/* Loads the strongest set whose every file is in one folder of the search path, for rows x cols
 * with the goal's blank in the class of blank_cell: on 4x4 the presets 78, else 663, else 555; on
 * 5x5 6666, else 444444; then on every board of up to 25 cells the automatic partitions
 * (pdb_auto), auto12 down to auto1; and when the board is not square and none is there, the same
 * for its transpose (cols x rows, the blank's cell transposed): then set->b is that board (ida
 * answers through it, ida_search). Returns SLIDETAB_OK with *set (and, when a weaker set stands
 * in for a much stronger one that is missing, or when a folder searched before holds some files
 * of a stronger preset but not all, a one-line notice naming the files it lacks and the make
 * target or gen command that builds it in notice[notice_len]; else notice is ""),
 * SLIDETAB_ENOTABLE (message: the files a preset half there lacks, where it looked and the gen
 * command that builds the set that builds fastest, tabname_missing; or a board beyond 25 cells),
 * SLIDETAB_EINVAL (no such cell), or the status of a damaged file. files (unless NULL) gets the
 * paths of the set loaded or refused (n = 0 for none). */
int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 struct pdbfind_files *files, char *notice, size_t notice_len, struct slidetab_error *err);

#endif
