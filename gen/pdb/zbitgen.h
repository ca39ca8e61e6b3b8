/* SPDX-License-Identifier: Zlib */
/* zbitgen: builds a zero-aware pattern database (TABLE_ENTRY_ZBIT) by a 2-bit breadth-first search
 * over its index. */
#ifndef SLIDETAB_ZBITGEN_H
#define SLIDETAB_ZBITGEN_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/format.h"

/*
 * The zero-aware PDB of the tiles in pattern_mask (bit t = tile t; never bit 0) for goal on board
 * b (libslidetab/pdb/zidx.h): breadth-first from the goal over the states (placement of the
 * pattern tiles, region of the blank), a region being a connected set of cells without pattern
 * tiles (the blank moves inside it for free), each pattern-tile move costing 1. A state is an
 * entry of the zero-aware index, and its entry is ((d - md) / 2) & 1 for its depth d and the
 * placement's pattern Manhattan sum md.
 *
 * The search keeps 2 bits an entry (gen/pdb/twobit.h) beside the 1-bit output: 3/8 byte an entry
 * (zbitgen_bytes: 98 MB for a 6-tile pattern of 5x5, 537 MB for an 8-tile one of 4x4). Patterns
 * of at most n - 3 tiles.
 *
 * On success *meta_out describes the table (TABLE_KIND_PDB, TABLE_RANK_ZPDB, TABLE_ENTRY_ZBIT,
 * 1-bit entries, a raw payload; the histogram counts states, block_entries 0 for the caller to
 * set) and *packed_out is a malloc'd array of table_packed_bytes(entries, 1) bytes. The output does
 * not depend on `threads`. Returns a SLIDETAB_* status with a message in err.
 */
/* The bytes zbitgen_build works in for a k-tile pattern of board b: twobit_bytes of the entries
 * (3/8 byte each), the index's records, and the moves of every class; UINT64_MAX when there is no
 * such pattern or index. */
uint64_t zbitgen_bytes(const struct board *b, int k);

int zbitgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		  struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err);

#endif
