/* SPDX-License-Identifier: Zlib */
/* run: answers every puzzle of an input stream through libslidetab, in input order, one line each. */
#ifndef SLIDETAB_RUN_H
#define SLIDETAB_RUN_H

#include <stdio.h>

#include "query/output.h"
#include "slidetab.h"

/* What went wrong in a run, worst last: query's exit status follows the worst (query/main.c). */
/* From the least to the worst. RUN_TIMEOUT: a search gave up at --timeout. */
enum run_outcome { RUN_OK = 0, RUN_BADINPUT, RUN_TIMEOUT, RUN_USAGE, RUN_NOTABLE, RUN_BADTABLE };

struct run {
	slidetab *db;
	const struct output_opts *out;
	int rows, cols, pairs, threads;
	const char *goal_text;
	double within;           /* slidetab_solve_bounded's within when out->bounded: 0 --fast, else --within W */
	long cases;              /* puzzles so far, over every input */
	int outcome;             /* enum run_outcome: the worst so far */
	char last_msg[256];      /* the last table message printed (each is printed once) */
	long answered;           /* puzzles answered (a distance or unsolvable), over every input */
	long unsolvable;         /* of them unsolvable, and of those solvable for the other corner goal: */
	long other_corner;       /* the blank first for --goal last (the default), last for --goal first */
	struct run_batch *batch; /* searched puzzles (4x4) waiting to be solved together */
};

/* Sets up a run (allocates the batch); 0 or -1 when out of memory. */
int run_init(struct run *r);
void run_free(struct run *r);

/* Answers every puzzle in f, each with one output line: a line no board fits, or a puzzle whose
 * board --goal does not fit, gets `error` (messages on stderr; r->outcome says how bad). */
void run_stream(struct run *r, FILE *f, const char *name);

/* Ends a run: when every puzzle answered was unsolvable for --goal last (or first) and each would be
 * solvable for the other corner goal, says so once on stderr (AOJ 0121's goal is the blank first). */
void run_finish(const struct run *r);

/* Opens an input file ("-": stdin); NULL with a message for a missing file or a folder. */
FILE *run_open_input(const char *path);

#endif
