/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#ifndef SLIDETAB_PDBCMD_H
#define SLIDETAB_PDBCMD_H

#include <stddef.h>
#include <stdint.h>

#include "../core/board.h"

/* Parses "1,2,3" into a tile mask for an n-cell board; returns 0 or -1. */
int pdbcmd_parse_pattern(const char *list, int n, uint32_t *mask);

/* Builds the PDB of each mask and writes it to out (one mask) or to DIR/RxC-bB-pdb-MASK.tbl.
 * Prints a summary line per table on stdout. Returns gen's exit status. */
int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, int threads, int level);

/* Checks a PDB file: header and CRCs, then pdbgen_verify. Returns 0 OK, 1 violation, 2 unreadable,
 * 3 out of memory; msg says why. Returns -1 when the file is not a PDB (verify it as exact). */
int pdbcmd_verify(const char *path, int threads, char *msg, size_t msglen);

#endif
