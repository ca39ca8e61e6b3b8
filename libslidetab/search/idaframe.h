/* SPDX-License-Identifier: Zlib */
/* idaframe: the caller's goal mapped onto a pattern-database set's own goal (used by ida.c). */
#ifndef SLIDETAB_IDAFRAME_H
#define SLIDETAB_IDAFRAME_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/pdb/pdb.h"

/* Finds a symmetry taking goal's blank (after the transpose of the caller's board when tr) onto the
 * set's goal blank: fills mstart (start in the set's frame and tile names) and inv_dir[set
 * direction] = the caller's direction. SLIDETAB_OK, or SLIDETAB_ENOTABLE with a message naming
 * the gen command that builds a set for the goal's blank class. */
int ida_map_goal(const struct pdb_set *set, int tr, const struct board_state *start, const struct board_state *goal,
		 struct board_state *mstart, int8_t inv_dir[4], struct slidetab_error *err);

#endif
