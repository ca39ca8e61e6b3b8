/* SPDX-License-Identifier: Zlib */
/* testpdb: pattern-database sets in the tests: one built in memory from packed entries, and its
 * heuristic computed pattern by pattern through pdb_set_value, as the tests check the search's
 * incremental values against it. */
#ifndef SLIDETAB_TESTPDB_H
#define SLIDETAB_TESTPDB_H

#include <stdlib.h>
#include <string.h>

#include "libslidetab/pdb/pdb.h"

/* Adds a PDB built in memory (packed entries malloc'd, e.g. by pdbgen_build) to set, copying its
 * entries, and frees `packed`: pdb_set_add's status. */
static inline int testpdb_add(struct pdb_set *set, const struct table_meta *m, uint8_t *packed,
			      struct slidetab_error *err)
{
	int rc = pdb_set_add(set, m, packed, NULL, err);
	free(packed);
	return rc;
}

/* The reflected state (only when set->reflect). */
static inline void testpdb_reflect(const struct pdb_set *set, const struct board_state *s, struct board_state *r)
{
	memset(r, 0, sizeof *r);
	for (int c = 0; c < set->b.n; c++)
		r->t[set->refl_cell[c]] = set->refl_tile[s->t[c]];
}

/* Sum of the PDB values of s (distance to set->goal) over the patterns of partition `part`: no
 * reflection. A damaged block gives PDB_UNREACHABLE. */
static inline int testpdb_sum(const struct pdb_set *set, int part, const struct board_state *s)
{
	uint8_t pos[PDB_MAX_CELLS];
	for (int c = 0; c < set->b.n; c++)
		pos[s->t[c]] = (uint8_t)c;
	int h = 0;
	for (int q = 0; q < set->npat; q++) {
		const struct pdb_one *p = &set->pat[q];
		uint8_t cells[PDB_MAX_CELLS];
		if (set->part[q] != part)
			continue;
		for (int i = 0; i < p->k; i++)
			cells[i] = pos[p->tiles[i]];
		int v;
		struct slidetab_error err;
		if (pdb_set_value(set, q, cells, pos[0], &v, &err) != SLIDETAB_OK || v >= PDB_UNREACHABLE)
			return PDB_UNREACHABLE;
		h += v;
	}
	return h;
}

/* The heuristic: the largest testpdb_sum of s over the partitions, and of its reflection when
 * set->reflect. s must be a valid state that can reach the goal. */
static inline int testpdb_h(const struct pdb_set *set, const struct board_state *s)
{
	struct board_state r;
	if (set->reflect)
		testpdb_reflect(set, s, &r);
	int h = 0;
	for (int part = 0; part < set->npart; part++) {
		int h1 = testpdb_sum(set, part, s), h2 = set->reflect ? testpdb_sum(set, part, &r) : 0;
		if (h1 > h)
			h = h1;
		if (h2 > h)
			h = h2;
	}
	return h;
}

#endif
