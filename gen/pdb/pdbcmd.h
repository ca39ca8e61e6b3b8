/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#ifndef SLIDETAB_PDBCMD_H
#define SLIDETAB_PDBCMD_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/model/board.h"
#include "libslidetab/base/err.h"

/* Parses "1,2,3" into a tile mask for an n-cell board; returns 0 or -1. */
int pdbcmd_parse_pattern(const char *list, int n, uint32_t *mask);

#define PDBCMD_PATH_MAX 1024

/* The file of each pattern of a set: out when one pattern is built to it, else the one naming rule
 * in dir (what pdbcmd_build writes; `gen --list-files` prints them). */
int pdbcmd_paths(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, char (*paths)[PDBCMD_PATH_MAX], struct slidetab_error *err);

/* Builds the PDB of each mask and writes it to out (one mask) or to DIR/RxC-bB-pdb-MASK.tbl.
 * Prints a summary line per table on stdout. Returns a SLIDETAB_* status. */
int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, int threads, int level, struct slidetab_error *err);

/* Checks a PDB file: header and CRCs, then pdbgen_verify. *is_pdb is 0 (and nothing is checked
 * beyond the header) when the file is an exact table. Returns SLIDETAB_OK, SLIDETAB_EFORMAT for
 * a violation or damage, SLIDETAB_EIO when unreadable, SLIDETAB_ENOMEM. */
int pdbcmd_verify(const char *path, int threads, int *is_pdb, struct slidetab_error *err);

#endif
