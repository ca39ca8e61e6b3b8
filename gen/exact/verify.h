/* SPDX-License-Identifier: Zlib */
/* verify: a complete check of an exact table against the definition of BFS distance. */
#ifndef SLIDETAB_VERIFY_H
#define SLIDETAB_VERIFY_H

#include <stddef.h>

#include "libslidetab/base/err.h"

/* Checks header and every CRC, then: exactly one state at distance 0 and it is the goal; every
 * state's neighbours differ from it by exactly one; every other state has a neighbour one closer;
 * the stored histogram equals a recount. Compact (mod 4) tables are checked against a fresh
 * search. Returns SLIDETAB_OK when all holds; SLIDETAB_EFORMAT on the first violation or a
 * damaged file, SLIDETAB_EIO when the file cannot be read, SLIDETAB_ENOMEM (message in err). */
int verify_table(const char *path, int threads, struct slidetab_error *err);

#endif
