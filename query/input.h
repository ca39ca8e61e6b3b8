/* input: streams puzzles out of the text formats users bring, with exact error positions. */
#ifndef SLIDETAB_INPUT_H
#define SLIDETAB_INPUT_H

#include <stdio.h>

#include "../core/board.h"

#define INPUT_MAX_LINE 4096 /* longer lines are an error, skipped without buffering them */

struct input {
	FILE *f;
	const char *name;
	char buf[65536];
	char copy[INPUT_MAX_LINE + 1];
	size_t pos, len;
	int eof;
	long line; /* number of the last line read */
	/* board, once known */
	int rows, cols, n;
	int pairs;       /* 1: a start and a goal per answer */
	int rows_seen;   /* rows of a multi-line puzzle read so far */
	long first_line; /* line where the puzzle being assembled started */
	int bad;         /* the puzzle being assembled already had an error */
	struct board_state acc;
	char err_pending[512];
};

enum input_status {
	INPUT_PUZZLE = 0, /* a puzzle is complete (in *s; with pairs also *g) */
	INPUT_ERROR = 1,  /* a bad puzzle: message in msg; print `error` for it */
	INPUT_EOF = 2,
	INPUT_FATAL = 3, /* cannot go on (e.g. the board cannot be told): message in msg */
};

/* Sets up a reader; rows = cols = 0 lets the first whole puzzle line decide the board. */
void input_init(struct input *in, FILE *f, const char *name, int rows, int cols, int pairs);

/* Reads one raw line (without its end); returns its length, -1 at end of input, or -2 for an
 * overlong line (the rest of it is skipped). */
long input_line(struct input *in, char **line);

/* Reads the next puzzle. With pairs, *g gets the goal. msg gets a message for ERROR/FATAL. */
int input_next(struct input *in, struct board_state *s, struct board_state *g, char *msg, size_t msglen);

/* The board a count of tokens on one line implies (4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3,
 * 10 -> 2x5, 16 -> 4x4); 12 is ambiguous (3x4 or 2x6). Returns 0, or -1 (unknown), -2 (ambiguous). */
int input_board_for(int tokens, int *rows, int *cols);

#endif
