/* SPDX-License-Identifier: Zlib */
/* pdbauto: gen's side of `--pdb auto`: the names (auto, autoK), the generator's bytes for a pattern,
 * and the largest k whose automatic partition (libslidetab/pdb/auto.c) fits the memory budget. */
#ifndef SLIDETAB_GEN_PDBAUTO_H
#define SLIDETAB_GEN_PDBAUTO_H

#include <stdint.h>

/* Bytes the generator works in for one k-tile pattern of a rows x cols board with entries `entry`
 * (TABLE_ENTRY_*): for zbit and pbit the builders' own figures (zbitgen_bytes, pbitgen_bytes: 3/8
 * byte an entry), for the byte entries n!/(n-k)! placements of 4, 8 or 16 bytes (at most 8, 16 or
 * more cells free of pattern tiles; gen/pdb/pdbgen.c). UINT64_MAX when there is no such pattern,
 * or gen does not build it (byte entries of 2^32 placements or more). */
uint64_t pdbauto_bytes(int rows, int cols, int k, uint32_t entry);

/* The largest k whose automatic partition of rows x cols exists and whose pattern of k tiles
 * (pdbauto_bytes) fits in budget bytes; -1 when none does. */
int pdbauto_choose(int rows, int cols, uint32_t entry, uint64_t budget);

/* "auto" (*k = 0: chosen by the memory budget) or "autoK", K in 1..PDB_AUTO_MAX_K without a
 * leading zero; 0, or -1 when name is neither. */
int pdbauto_name(const char *name, int *k);

/* The memory budget of gen --pdb auto without --memory: 512 MiB. */
#define PDBAUTO_DEFAULT_MEMORY ((uint64_t)512 << 20)

#endif
