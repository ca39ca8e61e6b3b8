/* SPDX-License-Identifier: Zlib */
/* pdbgen: builds and verifies one pattern database by exhaustive reverse BFS; the presets. */
#ifndef SLIDETAB_PDBGEN_H
#define SLIDETAB_PDBGEN_H

#include <stddef.h>
#include <stdint.h>

#include "common/table_write.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/read.h"

/*
 * Builds the PDB of the tiles in pattern_mask (bit t = tile t; never bit 0) for goal on board b,
 * as defined in libslidetab/pdb/pdb.h: breadth-first from the goal over states (placement of the pattern
 * tiles, region of the blank), a region being a connected set of cells without pattern tiles
 * (the blank moves inside it for free); each pattern-tile move costs 1. The entry of a placement
 * is the least depth over its regions. Working set: one word per placement (32 bits when at
 * most 8 cells are free of pattern tiles, else 64; at most 16 free cells), i.e. 2.1 GB for an
 * 8-tile pattern of 4x4 and 461 MB for a 7-tile one, plus the packed output.
 *
 * On success *meta_out describes the table (TABLE_KIND_PDB, TABLE_RANK_PDB, TABLE_ENTRY_MDRES,
 * TABLE_PAYLOAD_ZLIB, histogram, radius) and *packed_out is a malloc'd array of
 * table_packed_bytes(entries, entry_bits) bytes, ready for table_write. The output does not
 * depend on `threads` (workers; < 1 means 1). Returns 0, or -1 with a message in err.
 */
int pdbgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		 struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err);

/* pdbgen_build with the entry encoding: TABLE_ENTRY_MDRES (the above), or TABLE_ENTRY_ZBIT: the
 * zero-aware PDB, built by zbitgen_build (gen/pdb/zbitgen.h). */
int pdbgen_build_enc(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int entry,
		     int threads, struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err);

/*
 * Checks a PDB against what its definition implies (h = entry value, md = pattern Manhattan sum):
 *  - header: PDB kind/ranking, entry PLAIN or MDRES, entries = n!/(n-k)!, goal valid;
 *  - the goal placement has h = 0 and it is the only one (hist[0] = 1);
 *  - every reachable placement has h >= md and h = md (mod 2);
 *  - every reachable placement with h > 0 has a neighbour (one pattern tile moved one step into a
 *    cell without pattern tile) with a smaller h (its BFS parent);
 *  - when the placement's pattern-free cells form one region (the blank can be next to every
 *    movable tile), every neighbour is reachable and has h' <= h + 1. (With several regions the
 *    blank may be unable to reach the cell cheaply, so no such bound holds.)
 *  - the histogram and radius in the header equal a recount, and unreachable entries (all ones)
 *    appear only when at most one non-pattern tile exists.
 * Returns 0 when all hold, -1 with the first violation in err. Multi-threaded like the build.
 */
int pdbgen_verify(const struct board *b, const struct table_meta *meta, const uint8_t *packed, int threads,
		  struct slidetab_error *err);

/* The 4x4 and 5x5 presets live in libslidetab/pdb/preset.c (pdb_preset), shared with query; these names
 * remain for the build. */
#define PDBGEN_PRESET_MAX PDB_PRESET_MAX
static inline int pdbgen_preset(const char *name, uint32_t masks[PDBGEN_PRESET_MAX])
{
	return pdb_preset(name, masks);
}

#endif
