/* SPDX-License-Identifier: Zlib */
/* pdbunrank: the inverse of the library's placement ranking (pdb_rank, libslidetab/pdb/pdb.h): the
 * cells of a rank, for gen's check of a pattern database and the tests. */
#ifndef SLIDETAB_PDBUNRANK_H
#define SLIDETAB_PDBUNRANK_H

#include <stdint.h>

#include "libslidetab/pdb/pdb.h"

/* The cells of the pattern's k tiles whose placement has this rank (< r->count) into cells[k]. */
void pdbunrank_cells(const struct pdb_ranker *r, uint64_t rank, uint8_t *cells);

#endif
