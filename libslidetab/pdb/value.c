/* SPDX-License-Identifier: Zlib */
/* value: a pattern's value for a placement from any entry encoding (1-bit ones by a walk to the goal),
 * and the heuristic of a state: the sums over a set's partitions and their reflections. */
#include "libslidetab/pdb/pdb.h"

#include <inttypes.h>

/* Entry i's bit, its block checked first. */
static int zbit(const struct pdb_one *p, uint64_t i, unsigned *bit, struct slidetab_error *err)
{
	int rc = pdb_one_check(p, i, err);
	*bit = rc == SLIDETAB_OK ? pdb_one_bit(p, i) : 0;
	return rc;
}

/* 1-bit entries: the index of the placement cells[] (occupying occ) with the blank at `blank`, and
 * the cells its tiles may step onto: the blank's class (zero-aware) or every cell no pattern tile
 * holds (placement). */
static uint64_t walk_index(const struct pdb_one *p, const uint8_t *cells, uint32_t occ, unsigned blank)
{
	return p->zero ? pdb_zidx_index(&p->z, cells, occ, blank) : pdb_rank(&p->rk, cells);
}

static uint32_t walk_cells(const struct pdb_set *set, const struct pdb_one *p, uint32_t occ, unsigned blank)
{
	return p->zero ? pdb_zidx_class_cells(&p->z, occ, blank) : ((1u << set->b.n) - 1) & ~occ;
}

/* The value of 1-bit entries: v mod 4 is md + 2 * bit; a neighbour (a pattern tile moved onto a
 * cell walk_cells allows) is at v - 1 or v + 1, which differ mod 4, so stepping to one at v - 1
 * mod 4 until the goal's entry counts v. */
static int walk_value(const struct pdb_set *set, const struct pdb_one *p, const uint8_t *start, unsigned blank,
		      int *value, struct slidetab_error *err)
{
	uint8_t cells[PDB_MAX_CELLS];
	uint32_t occ = 0;
	int md = 0;
	for (int i = 0; i < p->k; i++) {
		cells[i] = start[i];
		occ |= 1u << cells[i];
		md += set->dist[cells[i]][p->goalcell[i]];
	}
	uint64_t idx = walk_index(p, cells, occ, blank);
	unsigned bit;
	int rc = zbit(p, idx, &bit, err), steps = 0, vm = (md + 2 * (int)bit) & 3;
	while (rc == SLIDETAB_OK && idx != p->zgoal) {
		uint32_t M = walk_cells(set, p, occ, blank);
		int found = 0;
		for (int i = 0; i < p->k && !found && rc == SLIDETAB_OK; i++)
			for (int d = 0; d < BOARD_NDIRS && !found && rc == SLIDETAB_OK; d++) {
				int t = cells[i], c = set->b.nbr[t][d];
				if (c < 0 || !(M >> c & 1u))
					continue;
				cells[i] = (uint8_t)c;
				uint32_t nocc = occ ^ (1u << t | 1u << c);
				uint64_t nidx = walk_index(p, cells, nocc, (unsigned)t);
				int nmd = md - set->dist[t][p->goalcell[i]] + set->dist[c][p->goalcell[i]];
				rc = zbit(p, nidx, &bit, err);
				if (((nmd + 2 * (int)bit) & 3) == ((vm + 3) & 3)) {
					found = 1;
					occ = nocc, blank = (unsigned)t, md = nmd, idx = nidx;
				} else
					cells[i] = (uint8_t)t;
			}
		if (rc == SLIDETAB_OK && (!found || ++steps > (int)p->radius))
			rc = err_set(err, SLIDETAB_EFORMAT,
				     "pattern database %s: entry %" PRIu64 " does not lead to the goal "
				     "(the table is damaged)",
				     p->name, idx);
		vm = (vm + 3) & 3;
	}
	if (rc == SLIDETAB_OK && vm != 0)
		rc = err_set(err, SLIDETAB_EFORMAT,
			     "pattern database %s: the goal's entry is not 0 (the table is damaged)", p->name);
	*value = steps;
	return rc;
}

int pdb_set_value(const struct pdb_set *set, int q, const uint8_t *cells, unsigned blank, int *value,
		  struct slidetab_error *err)
{
	const struct pdb_one *p = &set->pat[q];
	if (p->step)
		return walk_value(set, p, cells, blank, value, err);
	int md = 0;
	for (int i = 0; i < p->k; i++)
		md += set->dist[cells[i]][p->goalcell[i]];
	uint64_t i = pdb_rank(&p->rk, cells);
	int rc = pdb_one_check(p, i, err);
	*value = rc == SLIDETAB_OK ? pdb_one_entry(p, i, md) : PDB_UNREACHABLE;
	return rc;
}
