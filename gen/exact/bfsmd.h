/* SPDX-License-Identifier: Zlib */
/* bfsmd: the Manhattan-residue entries ((d - md) / 2) from the distances the search stored, in
 * one pass over the states after the search. */
#ifndef SLIDETAB_BFSMD_H
#define SLIDETAB_BFSMD_H

#include <stdint.h>

#include "libslidetab/model/rank.h"

/* Turns entries[k] = d of state lo + k (k < count) into (d - md) / 2 in place, md the state's
 * Manhattan distance by md[tile][cell], on up to `threads` threads. Returns the OR of the new
 * entries (its top bit is the largest's), or -1 when out of memory (entries unchanged). The
 * search keeps the distance rather than the residue because the residue needs Manhattan sums
 * kept with its seq cursor at every step of every layer; here each seq is stepped to once. */
long bfsmd_convert(const struct rank_ctx *rk, const uint8_t (*md)[BOARD_MAX_CELLS], uint8_t *entries, uint64_t lo,
		   uint64_t count, int threads);

#endif
