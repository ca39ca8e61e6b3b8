/* SPDX-License-Identifier: Zlib */
/* pbitgen: builds a 1-bit placement pattern database (TABLE_ENTRY_PBIT) by breadth-first search
 * over the placements of the pattern's tiles alone. */
#ifndef SLIDETAB_PBITGEN_H
#define SLIDETAB_PBITGEN_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/format.h"

/*
 * The PDB of the tiles in pattern_mask (bit t = tile t; never bit 0) for goal on board b, as
 * libslidetab/pdb/pdb.h defines TABLE_ENTRY_PBIT: the value of a placement is the least number of
 * steps, each moving one pattern tile onto an adjacent cell no other pattern tile holds, that
 * bring it to the goal placement (the blank and the other tiles abstracted away). The graph is
 * bipartite, so a real move changes the value by exactly 1 and one bit an entry,
 * ((d - md) / 2) & 1, tells a child's value from its parent's.
 *
 * The search keeps 2 bits a placement (unseen, expanded, or one of two depths) beside the output:
 * n!/(n-k)! * 3/8 bytes (195 MB for an 8-tile pattern of 4x4). Patterns of at most n - 2 tiles
 * (two free cells reach every placement; the count is checked).
 *
 * On success *meta_out describes the table (TABLE_KIND_PDB, TABLE_RANK_PDB, TABLE_ENTRY_PBIT,
 * 1-bit entries, a raw payload, histogram and radius; block_entries 0 for the caller to set) and
 * *packed_out is a malloc'd array of table_packed_bytes(entries, 1) bytes. The output does not
 * depend on `threads`. Returns a SLIDETAB_* status with a message in err.
 */
/* The bytes pbitgen_build works in for a k-tile pattern of an n-cell board: twobit_bytes of the
 * placements (3/8 byte each); UINT64_MAX when there is no such pattern. */
uint64_t pbitgen_bytes(int n, int k);

int pbitgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		  struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err);

#endif
