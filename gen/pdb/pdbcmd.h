/* SPDX-License-Identifier: Zlib */
/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#ifndef SLIDETAB_PDBCMD_H
#define SLIDETAB_PDBCMD_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"

/* Parses "1,2,3" into a tile mask for an n-cell board; returns 0 or -1. */
int pdbcmd_parse_pattern(const char *list, int n, uint32_t *mask);

/* Bytes of a block of a raw (mapped) pattern database unless --block-entries says otherwise. */
#define PDBCMD_MAPPED_BLOCK_BYTES 1024u

/* How gen writes pattern databases. */
struct pdbcmd_opts {
	const char *out, *dir;  /* out: the file of a single mask; else DIR/RxC-bB-pdb-MASK.tbl */
	int threads, level;     /* level: zlib level */
	uint32_t entry;         /* TABLE_ENTRY_MDRES or TABLE_ENTRY_ZBIT (always a raw payload) */
	int raw;                /* mdres: a raw payload (mapped by readers) instead of zlib blocks */
	uint32_t block_entries; /* 0: the default (zlib: 32 KiB blocks; raw: PDBCMD_MAPPED_BLOCK_BYTES) */
};

#define PDBCMD_PATH_MAX 1024

/* The file of each pattern of a set: out when one pattern is built to it, else the one naming rule
 * in dir (what pdbcmd_build writes; `gen --list-files` prints them). */
int pdbcmd_paths(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, char (*paths)[PDBCMD_PATH_MAX], struct slidetab_error *err);

/* Builds the PDB of each mask and writes it. Prints a summary line per table on stdout. Returns a
 * SLIDETAB_* status. */
int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const struct pdbcmd_opts *o, struct slidetab_error *err);

/* Checks a PDB file: header and CRCs, then pdbgen_verify. *is_pdb is 0 (and nothing is checked
 * beyond the header) when the file is an exact table. Returns SLIDETAB_OK, SLIDETAB_EFORMAT for
 * a violation or damage, SLIDETAB_EIO when unreadable, SLIDETAB_ENOMEM. */
int pdbcmd_verify(const char *path, int threads, int *is_pdb, struct slidetab_error *err);

#endif
