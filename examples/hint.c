/* SPDX-License-Identifier: Zlib */
/* hint: the distance of a puzzle and its next best move, from the installed tables.
 * Usage: hint RxC TILE...   (row-major, 0 or x = the blank; the goal: tiles in order, blank last)
 * Example: hint 3x3 8 1 3 4 5 6 7 2 0  prints  14 moves, next: u
 * Tables: $SLIDETAB_TABLES, ~/.local/share/slidetab/tables, the installed folder, ./tables (slidetab(3)). */
#include <slidetab.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	int rows = 0, cols = 0;
	unsigned char start[25];
	char moves[256], *end;
	struct slidetab_error err;
	slidetab *db = NULL;
	if (argc < 2 || sscanf(argv[1], "%dx%d", &rows, &cols) != 2 || rows < 1 || cols < 1 || rows * cols > 25 ||
	    argc != 2 + rows * cols) {
		fprintf(stderr, "usage: hint RxC TILE...   (e.g. hint 3x3 8 1 3 4 5 6 7 2 0; 0 or x = the blank)\n");
		return 2;
	}
	for (int i = 0; i < rows * cols; i++) {
		long v = strtol(argv[2 + i], &end, 10);
		int blank = !strcmp(argv[2 + i], "x");
		start[i] = (unsigned char)(blank ? 0 : (end > argv[2 + i] && !*end && v >= 0 && v < 25) ? v : 255);
	}
	int rc = slidetab_open(&db, NULL, &err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_path(db, rows, cols, start, NULL, moves, sizeof moves, &err);
	slidetab_close(db);
	if (rc == SLIDETAB_UNSOLVABLE)
		return puts("unsolvable") == EOF;
	if (rc != SLIDETAB_OK) {
		fprintf(stderr, "hint: %s: %s\n", slidetab_strerror(rc), err.msg);
		return 1;
	}
	if (!moves[0])
		return puts("solved") == EOF;
	return printf("%zu moves, next: %c\n", strlen(moves), moves[0]) < 0;
}
