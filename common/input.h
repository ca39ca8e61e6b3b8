/* SPDX-License-Identifier: Zlib */
/* input: streams puzzles out of the text formats users bring, with exact error positions. */
#ifndef SLIDETAB_INPUT_H
#define SLIDETAB_INPUT_H

#include <stdio.h>

#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"

#define INPUT_MAX_LINE   4096 /* a line's tokens end within it; past it only spaces and a comment */
#define INPUT_MAX_TOKENS (2 * BOARD_ANY_MAX_CELLS)

/* A board as read: the tile at each cell, row by row (0 = blank), any board of BOARD_ANY_RULE. */
struct input_tiles {
	uint8_t t[BOARD_ANY_MAX_CELLS];
};

struct input {
	FILE *f; /* NULL: the text is mem[0..memlen) */
	const char *mem;
	size_t memlen;
	const char *name;
	char buf[65536];
	char copy[INPUT_MAX_LINE + 1];
	size_t pos, len;
	int eof;
	int cr;           /* the last line ended with CR: a LF right after it is part of that line end */
	long line;        /* number of the last line read */
	long cur_len;     /* its length (-2: overlong) */
	int replay;       /* the next input_line returns the last line again */
	int seen_content; /* a line with tokens has been read */
	/* board, once known */
	int rows, cols, n;
	int pairs;       /* 1: a start and a goal per answer */
	int three_rows;  /* 3x3 because a line of three tokens came first (no --board): 1 until its first
			  * puzzle is read (a line of other than three tokens undoes it), then 2 */
	int rows_seen;   /* rows of a multi-line puzzle read so far */
	long first_line; /* line where the puzzle being assembled started */
	int bad;         /* the puzzle being assembled already has an error (in pend) */
	struct slidetab_error pend;
	unsigned val[INPUT_MAX_TOKENS]; /* the values of the puzzle being read, with where each came from */
	long vline[INPUT_MAX_TOKENS];
	int vcol[INPUT_MAX_TOKENS];
	long board_line;  /* first line of the last board read */
	long result_line; /* first line of the last puzzle or error input_next returned */
	long results;     /* puzzles and errors input_next has returned */
	long announced;   /* input_read_count: the number of cases announced, else -1 */
	long count_line;  /* the line that announced it */
};

enum input_status {
	INPUT_PUZZLE = 0, /* a puzzle is complete (in *s; with pairs also *g) */
	INPUT_ERROR = 1,  /* a bad puzzle or line: message in err; print `error` for it */
	INPUT_EOF = 2,
};

/* Sets up a reader; rows = cols = 0 lets the first whole puzzle line decide the board. */
void input_init(struct input *in, FILE *f, const char *name, int rows, int cols, int pairs);

/* Reads one raw line (without its end: LF, CRLF or CR); returns its length, -1 at end of input,
 * or -2 for an overlong line (the rest of it is skipped). Past INPUT_MAX_LINE characters, spaces,
 * tabs, commas and a comment are dropped unbuffered (the line is its first INPUT_MAX_LINE); any
 * other character there makes it overlong. A UTF-8 byte-order mark starting the first line is
 * dropped. The line may hold NUL bytes (its length says where it ends). */
long input_line(struct input *in, char **line);

/* Reads the next puzzle. With pairs, *g gets the goal. err gets the message (starting "line N:")
 * for INPUT_ERROR. Each line belongs to exactly one puzzle or error, in order: a line whose token
 * count names no board (without --board) is an error of its own, and the next line may decide. */
int input_next(struct input *in, struct input_tiles *s, struct input_tiles *g, struct slidetab_error *err);

/* The one board a line of `tokens` tokens is (with pairs, a start alone or a start and goal):
 * SLIDETAB_OK with *rows, *cols, or SLIDETAB_EINVAL with a message when no board or more than
 * one board fits (saying which --board to give). */
int input_board_for(int tokens, int pairs, int *rows, int *cols, struct slidetab_error *err);

/* Parses a goal given as text (one line of N tokens, compact, or rows) for a rows x cols board,
 * through the same grammar. SLIDETAB_OK, or SLIDETAB_EINVAL with a message ("--goal: no tiles"). */
int input_parse_goal(const char *text, int rows, int cols, struct input_tiles *g, struct slidetab_error *err);

/* Reads the case-count line that starts some contest inputs (HDU 3567): the first line with
 * tokens must be one number. SLIDETAB_OK (at end of input: *count = 0 and nothing to check), or
 * SLIDETAB_EINVAL naming the line. */
int input_read_count(struct input *in, long *count, struct slidetab_error *err);

/* At the end of input: SLIDETAB_OK when no count was announced or it equals the puzzles and
 * errors read, else SLIDETAB_EINVAL saying both numbers. */
int input_check_count(const struct input *in, struct slidetab_error *err);

#endif
