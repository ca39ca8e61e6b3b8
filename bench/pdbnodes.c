/* SPDX-License-Identifier: Zlib */
/* pdbnodes: IDA* over any set of 4x4 PDB files on puzzles of a file (goal 0 1 .. 15): length, nodes and time a line;
 * or (--jumps) the value changes along random moves: to compare sets and encodings by measurement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "tests/unit/testida.h"

/* --jumps: how far a pattern's value moves along one blank move, on a random walk of `moves` moves
 * from the set's goal (min-over-regions vs zero-aware sets): the histogram of value changes
 * decides which encodings can follow the search. 0, or 1 on a damaged table. */
static int jumps(struct pdb_set *set, long moves)
{
	struct slidetab_error err;
	long hist[2][21] = { { 0 } }; /* [zero-aware][change + 10] */
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
		int tile = s.t[to], q = set->tile_pat[0][tile];
		int v[2];
		for (int k = 0; k < 2 && q >= 0; k++) {
			const struct pdb_one *p = &set->pat[q];
			uint8_t cells[PDB_MAX_CELLS];
			for (int c = 0; c < set->b.n; c++)
				if (set->tile_pat[0][s.t[c]] == q)
					cells[set->tile_idx[0][s.t[c]]] = (uint8_t)c;
			if (pdb_set_value(set, q, cells, (unsigned)blank, &v[k], &err) != 0) {
				fprintf(stderr, "pdbnodes: %s\n", err.msg);
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
	return 0;
}

/* usage: pdbnodes PUZZLES FIRST LAST FILE...: lines FIRST..LAST (1-based) of PUZZLES, 16 tiles and a
 * length each; pdbnodes --jumps MOVES FILE...: the value changes along MOVES random moves */
int main(int argc, char **argv)
{
	int jump = argc >= 4 && !strcmp(argv[1], "--jumps");
	if (argc < 5 && !jump) {
		fprintf(stderr, "usage: pdbnodes PUZZLES FIRST LAST PDBFILE... | pdbnodes --jumps MOVES PDBFILE...\n");
		return 2;
	}
	struct slidetab_error err;
	struct pdb_set *set;
	int skip = jump ? 3 : 4;
	if (pdb_set_load_masks(&set, (const char *const *)argv + skip, NULL, argc - skip, 1, &err) != 0) {
		fprintf(stderr, "pdbnodes: %s\n", err.msg);
		return 1;
	}
	if (jump) {
		int rc = jumps(set, atol(argv[2]));
		pdb_set_free(set);
		return rc;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	int first = atoi(argv[2]), last = atoi(argv[3]), line = 0, bad = 0;
	struct board_state goal = { { 0 } }, s = { { 0 } };
	for (int i = 0; i < 16; i++)
		goal.t[i] = (uint8_t)i;
	double all = 0;
	unsigned long long nodes = 0;
	int t[17];
	while (fscanf(f, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &t[0], &t[1], &t[2], &t[3], &t[4], &t[5],
		      &t[6], &t[7], &t[8], &t[9], &t[10], &t[11], &t[12], &t[13], &t[14], &t[15], &t[16]) == 17) {
		if (++line < first || line > last)
			continue;
		for (int i = 0; i < 16; i++)
			s.t[i] = (uint8_t)t[i];
		struct ida_result r;
		double t0 = clock_now();
		if (testida_solve(set, &s, &goal, 0, &r, &err) != 0) {
			fprintf(stderr, "pdbnodes: line %d: %s\n", line, err.msg);
			return 1;
		}
		double dt = clock_now() - t0;
		all += dt, nodes += r.nodes;
		bad += r.length != t[16];
		printf("%d %d %llu %.4f%s\n", line, r.length, (unsigned long long)r.nodes, dt,
		       r.length != t[16] ? " WRONG" : "");
	}
	printf("# lines %d..%d: %llu nodes, %.3f s, %d wrong\n", first, last, nodes, all, bad);
	fclose(f);
	pdb_set_free(set);
	return bad ? 1 : 0;
}
