/* pdb/find (pdbfind_): finds and loads the strongest pattern-database set present for a board and blank class. */
#ifndef SLIDETAB_PDBFIND_H
#define SLIDETAB_PDBFIND_H

#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"

/* Loads the strongest preset set (4x4: 78, else 663, else 555; 5x5: 6666, else 444444) whose
 * every file is in one folder of the search path, for rows x cols with the goal's blank in the
 * class of blank_cell. Returns
 * SLIDETAB_OK with *set (and, when a weaker set stands in for a much stronger one that is missing,
 * a one-line notice naming the make target or gen command that builds it in notice[notice_len];
 * else notice is ""), SLIDETAB_ENOTABLE (message: where it looked and the gen command that
 * builds a set), SLIDETAB_EINVAL (no presets for this board), or the status of a damaged file. */
int pdbfind_load(const struct tabname_path *path, int rows, int cols, int blank_cell, struct pdb_set **set,
		 char *notice, size_t notice_len, struct slidetab_error *err);

#endif
