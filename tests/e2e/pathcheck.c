/* SPDX-License-Identifier: Zlib */
/* pathcheck: accepts any shortest path: same length as the published answer, legal, ending at the goal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "libslidetab/model/board.h"

/* Usage: pathcheck RxC INPUT EXPECTED ACTUAL [first] (one puzzle per input line; the goal has the
 * blank last, or first with "first"). */
int main(int argc, char **argv)
{
	int rows, cols;
	if (argc < 5 || argc > 6 || cli_board_spec(argv[1], &rows, &cols) != 0) {
		fprintf(stderr, "usage: pathcheck RxC INPUT EXPECTED ACTUAL [first]\n");
		return 2;
	}
	FILE *in = fopen(argv[2], "r"), *ex = fopen(argv[3], "r"), *ac = fopen(argv[4], "r");
	if (!in || !ex || !ac) {
		fprintf(stderr, "pathcheck: cannot open the files\n");
		return 2;
	}
	struct board b;
	struct board_state goal;
	board_init(&b, rows, cols);
	board_goal(&b, argc == 6 && !strcmp(argv[5], "first") ? 0 : b.n - 1, &goal);
	char line[4096], want[4096], got[4096];
	int lineno = 0, bad = 0;
	while (fgets(line, sizeof line, in)) {
		lineno++;
		if (!fgets(want, sizeof want, ex) || !fgets(got, sizeof got, ac)) {
			fprintf(stderr, "pathcheck: line %d: missing answer\n", lineno);
			return 1;
		}
		want[strcspn(want, "\r\n")] = got[strcspn(got, "\r\n")] = '\0';
		if (!strcmp(want, "unsolvable") || !strcmp(got, "unsolvable")) {
			if (strcmp(want, got)) {
				fprintf(stderr, "pathcheck: line %d: expected %s, got %s\n", lineno, want, got);
				bad = 1;
			}
			continue;
		}
		struct board_state s;
		memset(&s, 0, sizeof s);
		int k = 0;
		for (char *t = strtok(line, " \t\r\n"); t && k < b.n; t = strtok(NULL, " \t\r\n"))
			s.t[k++] = (uint8_t)(strchr("xX_.", t[0]) ? 0 : atoi(t));
		int blank = board_blank(&b, &s), legal = k == b.n;
		for (const char *p = got; *p && legal; p++) {
			const char *d = strchr("dlru", *p);
			legal = d && board_move(&b, &s, &blank, (enum board_dir)(d - "dlru")) == 0;
		}
		if (!legal || strlen(got) != strlen(want) || memcmp(s.t, goal.t, (size_t)b.n)) {
			fprintf(stderr, "pathcheck: line %d: '%s' is not a shortest solution (published: '%s')\n",
				lineno, got, want);
			bad = 1;
		}
	}
	return bad;
}
