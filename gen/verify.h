/* verify: a complete check of an exact table against the definition of BFS distance. */
#ifndef SLIDETAB_VERIFY_H
#define SLIDETAB_VERIFY_H

#include <stddef.h>

/* Checks header and every CRC, then: exactly one state at distance 0 and it is the goal; every
 * state's neighbours differ from it by exactly one; every other state has a neighbour one closer;
 * the stored histogram equals a recount. Compact (mod 4) tables are checked against a fresh
 * search. Returns 0 when all holds, 1 on the first violation or a damaged file (described in
 * msg), 2 when the file cannot be read at all, 3 when memory runs out. */
int verify_table(const char *path, int threads, char *msg, size_t msglen);

#endif
