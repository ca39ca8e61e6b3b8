/* SPDX-License-Identifier: Zlib */
/* randpuz: prints random solvable puzzles (goal blank last), one per line, for benchmarks. */
#include <stdio.h>
#include <stdlib.h>

#include "common/cli.h"
#include "libslidetab/model/board.h"

/* Usage: randpuz RxC COUNT [SEED [first]]: solvable for the goal blank last (or blank first). */
int main(int argc, char **argv)
{
	int rows, cols;
	if (argc < 3 || cli_board_spec(argv[1], &rows, &cols) != 0) {
		fprintf(stderr, "usage: randpuz RxC COUNT [SEED]\n");
		return 2;
	}
	long count = atol(argv[2]);
	unsigned long long x = argc > 3 ? strtoull(argv[3], NULL, 10) | 1 : 88172645463325252ull;
	struct board b;
	struct board_state g, s;
	board_init(&b, rows, cols);
	board_goal(&b, argc > 4 && argv[4][0] == 'f' ? 0 : b.n - 1, &g);
	for (long k = 0; k < count; k++) {
		s = g;
		for (int c = b.n - 1; c > 0; c--) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			int j = (int)(x % (unsigned long long)(c + 1));
			uint8_t t = s.t[c];
			s.t[c] = s.t[j], s.t[j] = t;
		}
		if (!board_solvable(&b, &s, &g)) { /* swap two tiles (not the blank) to fix parity */
			int a = s.t[0] ? 0 : 2, c = s.t[1] ? 1 : 2;
			if (a == c)
				c = 3;
			uint8_t t = s.t[a];
			s.t[a] = s.t[c], s.t[c] = t;
		}
		for (int c = 0; c < b.n; c++)
			printf("%d%c", s.t[c], c + 1 < b.n ? ' ' : '\n');
	}
	return 0;
}
