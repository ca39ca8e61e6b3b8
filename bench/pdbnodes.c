/* pdbnodes: IDA* over any set of 4x4 PDB files on puzzles of a file (goal 0 1 .. 15): length, nodes and time a line,
 * to compare sets by measurement. */
#include <stdio.h>
#include <stdlib.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"

/* usage: pdbnodes PUZZLES FIRST LAST FILE...: lines FIRST..LAST (1-based) of PUZZLES, 16 tiles and a
 * length each */
int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: pdbnodes PUZZLES FIRST LAST PDBFILE...\n");
		return 2;
	}
	struct slidetab_error err;
	struct pdb_set *set;
	if (pdb_set_load(&set, (const char *const *)argv + 4, argc - 4, 1, &err) != 0) {
		fprintf(stderr, "pdbnodes: %s\n", err.msg);
		return 1;
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
		if (ida_solve(set, &s, &goal, 0, &r, &err) != 0) {
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
