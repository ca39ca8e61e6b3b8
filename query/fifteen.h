/* fifteen: answers boards too large for exact tables (the 15 puzzle) by IDA* over a PDB set. */
#ifndef SLIDETAB_FIFTEEN_H
#define SLIDETAB_FIFTEEN_H

#include <stddef.h>

#include "../core/board.h"
#include "../core/pdb.h"
#include "ida.h"

struct fifteen {
	struct pdb_set *set; /* NULL until loaded */
	char preset[8];      /* which preset was found */
};

/* Loads the best PDB set present in dir for rows x cols with the blank at cell 0: 78, else 663,
 * else 555. Returns 0, 2 (none there: msg names the gen command) or 3 (a damaged file). */
int fifteen_load(struct fifteen *f, const char *dir, int rows, int cols, int threads, char *msg, size_t msglen);
void fifteen_free(struct fifteen *f);

#endif
