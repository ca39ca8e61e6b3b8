/* SPDX-License-Identifier: Zlib */
/* unrank: the inverse of the library's rank (libslidetab/model/rank.h): the state of an index, for gen's
 * searches and its check of a table. */
#ifndef SLIDETAB_GEN_UNRANK_H
#define SLIDETAB_GEN_UNRANK_H

#include <stdint.h>

#include "libslidetab/model/rank.h"

/* Fills seq (m tiles) from a half rank and the required parity (PDEP where r->bmi2). */
void unrank_seq(const struct rank_ctx *r, uint64_t h, int parity, uint8_t *seq);

/* State of an index < count. */
void unrank_state(const struct rank_ctx *r, uint64_t index, struct board_state *s);

#endif
