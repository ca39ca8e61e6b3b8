/* SPDX-License-Identifier: Zlib */
/* output: how query prints answers and errors: plain lines, --path, --show, --json, --style hdu3567. */
#ifndef SLIDETAB_OUTPUT_H
#define SLIDETAB_OUTPUT_H

#include <stdio.h>

#include <stdint.h>

struct output_opts {
	int path, upper, show, json, hdu, hint;
	int bounded; /* --fast or --within: answers are a length and a lower bound (LENGTH >= BOUND) */
	const char *unsolvable_word;
	unsigned max_depth;
};

/* One puzzle's answer: status is SLIDETAB_OK, SLIDETAB_UNSOLVABLE or SLIDETAB_ELIMIT. */
struct output_answer {
	int status;
	unsigned dist;
	const char *path; /* the blank's moves, lower case, when asked for */
	unsigned moves;   /* --hint: every optimal first move (slidetab_hint's bits) */
	unsigned lower;   /* --fast, --within: the proven lower bound (dist is the path's length) */
};

/* Prints the answer of start s for goal g (line: the puzzle's first input line; case_no: its
 * number in the input, for hdu3567). */
void output_answer(FILE *out, const struct output_opts *o, int rows, int cols, const uint8_t *s, const uint8_t *g,
		   const struct output_answer *a, long line, long case_no);

/* Prints the line of a puzzle that got no answer; msg says why (also sent to stderr by the caller). */
void output_error(FILE *out, const struct output_opts *o, long line, long case_no, const char *msg);

#endif
