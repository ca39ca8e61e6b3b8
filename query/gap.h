/* gap: the Gap card puzzle (AOJ 1245 / POJ 2046): layouts, contest-input parser, optimal solver, driver. */
#ifndef SLIDETAB_GAP_H
#define SLIDETAB_GAP_H

#include <stddef.h>
#include <stdio.h>

#define GAP_ROWS 4
#define GAP_COLS 8
#define GAP_DEAL_COLS 7 /* the input deals 7 cards per row into columns 2..8 */
#define GAP_EMPTY 0     /* a gap in gap_layout.cell */
#define GAP_MAX_LAYOUTS 1000000L
#define GAP_DEFAULT_MEM_LIMIT ((size_t)256 << 20) /* 256 MiB of search structures per layout */

/*
 * A layout. cell[r][c] (0-based) holds a card 11..47 (tens digit = suit 1..4, units = value 1..7)
 * or GAP_EMPTY. Printed rows and columns are 1-based: row r+1, column c+1. A layout given to
 * gap_solve has the aces in column 1 (cell[r][0] == 10 * (r + 1) + 1), every card exactly once and
 * four gaps.
 */
struct gap_layout {
	unsigned char cell[GAP_ROWS][GAP_COLS];
};

/* One move, all coordinates 1-based: `card` leaves (from_row, from_col) and fills the gap at (row, col). */
struct gap_move {
	unsigned char card, from_row, from_col, row, col;
};

struct gap_options {
	int path;         /* after each count line print the moves: "<n>: 12@r1c3 45@r2c7 ..." */
	int show;         /* after each count (and path) line print the layouts along the solution */
	size_t mem_limit; /* cap on the bytes of one search's structures; 0 = GAP_DEFAULT_MEM_LIMIT */
};

enum gap_status {
	GAP_SOLVED = 0,     /* res->moves is the minimum number of moves */
	GAP_IMPOSSIBLE,     /* the goal cannot be reached; res->moves == -1 */
	GAP_OVER_LIMIT,     /* the search needed more than the memory cap */
	GAP_NO_MEMORY,      /* malloc failed below the cap */
	GAP_BAD_LAYOUT      /* start is not a valid layout (see gap_layout_check) */
};

struct gap_result {
	int moves;                  /* minimum number of moves, -1 when impossible or on error */
	enum gap_status status;
	int proved_dead;            /* impossibility was proved at the start, without search */
	unsigned long long expanded; /* states expanded */
	unsigned long long dead;     /* states found dead when about to be expanded */
	unsigned long long generated; /* successors generated (before duplicate detection) */
	size_t states;              /* distinct states stored */
	size_t peak_bytes;          /* peak bytes of the search structures */
	struct gap_move *path;      /* the moves when asked for and solved (malloc'd), else NULL */
	size_t path_len;
};

/* Where and what a parse error is: an input line number (1-based) and a message without it. */
struct gap_diag {
	long line;
	char text[200];
};

/* The goal layout: row r holds r1..r7 in columns 1..7, the gap in column 8. */
void gap_goal(struct gap_layout *out);

/* 1 when l is the goal layout. */
int gap_is_goal(const struct gap_layout *l);

/* 1 when `number` is one of the 28 cards 11..17, 21..27, 31..37, 41..47. */
int gap_card_valid(int number);

/* Checks that l can be solved from (see struct gap_layout). Returns 0, or -1 with a message in msg. */
int gap_layout_check(const struct gap_layout *l, char *msg, size_t msgsz);

/*
 * Builds a start layout from a deal of 28 cards, row by row: dealt[7 * r + c] goes to row r + 1,
 * column c + 2; then the four aces move to column 1 of their own rows, leaving gaps. Returns 0,
 * or -1 with a message when the deal is not the 28 cards once each.
 */
int gap_deal(const int dealt[GAP_ROWS * GAP_DEAL_COLS], struct gap_layout *out, char *msg, size_t msgsz);

/* Prints l as 4 lines of 8 cells separated by spaces, gaps as "..". */
void gap_print_layout(FILE *out, const struct gap_layout *l);

/*
 * Finds the minimum number of moves from start to the goal: A* with an admissible lower bound,
 * a partial-order reduction that keeps distances exact and a test for dead layouts (docs/gap.md).
 * opt may be NULL (defaults); the move list is recorded when opt->path or opt->show. Returns
 * res->moves (>= 0, or -1 when impossible or on error: see res->status). Free with gap_result_free.
 */
int gap_solve(const struct gap_layout *start, const struct gap_options *opt, struct gap_result *res);

void gap_result_free(struct gap_result *res);

/* The contest-input reader: a count line, then layouts of 4 lines of 7 cards separated by blank lines. */
struct gap_reader;

struct gap_reader *gap_reader_new(FILE *in); /* NULL when out of memory */
void gap_reader_free(struct gap_reader *rd);

/* Reads the count line. Returns 1 (count set), 0 on empty input, -1 when the line is bad (d set). */
int gap_parse_count(struct gap_reader *rd, long *count, struct gap_diag *d);

/*
 * Reads the next layout (its deal, aces then moved to column 1). Returns 1 with d->line = its first
 * line, 0 at the end of the input (d->line = the last line), or -1 when the layout is bad: its lines
 * are consumed and d says where and why.
 */
int gap_parse_layout(struct gap_reader *rd, struct gap_layout *out, struct gap_diag *d);

/*
 * Reads a whole contest input from in and prints one answer line per layout on out: the minimum
 * number of moves, -1 when the goal cannot be reached, or "error" when the layout is bad or its
 * search hit the memory cap. With opt->path each answer line is followed by a path line: "<n>:"
 * then the moves in order, each "<card>@r<row>c<col>" naming the gap (1-based) the card fills,
 * e.g. "2: 17@r1c7 27@r2c7"; "0:" for the goal itself and "-1: none". With opt->show the layouts
 * from the start to the goal follow, each after a blank line: 4 lines of 8 cells, gaps as "..".
 * Problems go to err as "gap: <in_name>: line L (layout K): ..." and make the result 1 (else 0);
 * the other layouts are still answered. Empty input prints nothing. opt may be NULL.
 */
int gap_run(FILE *in, const char *in_name, FILE *out, FILE *err, const struct gap_options *opt);

#endif
