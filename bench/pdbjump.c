/* pdbjump: how far a pattern's value moves along one blank move (min-over-regions vs zero-aware sets), on random
 * walks: the histogram of value changes decides which encodings can follow the search. */
#include <stdio.h>
#include <stdlib.h>

#include "libslidetab/pdb/pdb.h"

/* usage: pdbjump MOVES PDBFILE...: random 4x4 walks from the set's goal, MOVES moves in all */
int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: pdbjump MOVES PDBFILE...\n");
		return 2;
	}
	struct slidetab_error err;
	struct pdb_set *set;
	if (pdb_set_load(&set, (const char *const *)argv + 2, argc - 2, 1, &err) != 0) {
		fprintf(stderr, "pdbjump: %s\n", err.msg);
		return 1;
	}
	long moves = atol(argv[1]), hist[2][21] = { { 0 } }; /* [zero-aware][change + 10] */
	struct board_state s = set->goal;
	int blank = set->goal_blank;
	uint64_t r = 88172645463325252u;
	for (long m = 0; m < moves; m++) {
		int d, to;
		do {
			r ^= r << 13, r ^= r >> 7, r ^= r << 17;
			d = (int)(r % BOARD_NDIRS);
			to = set->b.nbr[blank][d];
		} while (to < 0);
		int tile = s.t[to], q = set->tile_pat[tile];
		int v[2];
		for (int k = 0; k < 2 && q >= 0; k++) {
			const struct pdb_one *p = &set->pat[q];
			uint8_t cells[PDB_MAX_CELLS];
			for (int c = 0; c < set->b.n; c++)
				if (set->tile_pat[s.t[c]] == q)
					cells[set->tile_idx[s.t[c]]] = (uint8_t)c;
			if (pdb_set_value(set, q, cells, (unsigned)blank, &v[k], &err) != 0) {
				fprintf(stderr, "pdbjump: %s\n", err.msg);
				return 1;
			}
			if (k == 0) {
				s.t[blank] = (uint8_t)tile, s.t[to] = 0, blank = to;
			} else {
				int dv = v[1] - v[0];
				hist[p->zero][dv < -10 ? 0 : dv > 10 ? 20 : dv + 10]++;
			}
		}
		if (q < 0)
			s.t[blank] = (uint8_t)tile, s.t[to] = 0, blank = to;
	}
	for (int z = 0; z < 2; z++)
		for (int i = 0; i < 21; i++)
			if (hist[z][i])
				printf("%s change %+d: %ld moves\n", z ? "zero-aware" : "min over regions", i - 10,
				       hist[z][i]);
	pdb_set_free(set);
	return 0;
}
