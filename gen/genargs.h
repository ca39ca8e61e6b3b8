/* SPDX-License-Identifier: Zlib */
/* genargs: the command line of gen and gen-mpi (one parser, one set of option names). */
#ifndef SLIDETAB_GENARGS_H
#define SLIDETAB_GENARGS_H

#include <stdint.h>
#include <stdio.h>

#include "libslidetab/model/board.h"

struct gen_args {
	int rows, cols, blank, threads, level, count_only, quiet, block_entries;
	const char *goal_text, *out, *verify, *pattern, *pdb, *dir;
	int compress;       /* 0 raw, 1 zlib, 2 compact */
	int compress_given; /* --compress was on the command line */
	uint32_t entry;
	const char *checkpoint; /* --checkpoint DIR (--resume DIR sets it too) */
	const char *c_array;    /* --c-array NAME: -o FILE is C source (gen/carray.h) */
	int resume;
	int list_files;  /* --list-files: print the files this command would write, one a line, and stop */
	uint64_t memory; /* --memory BYTES: the budget of --pdb auto (0: PDBAUTO_DEFAULT_MEMORY) */
};

/* Parses argv into a (defaults first). Returns 0 to run, 1 to stop with success (--help, --version
 * printed), -1 after a usage message on stderr. prog names the program in messages. */
int genargs_parse(int argc, char **argv, struct gen_args *a, const char *prog, void (*usage)(FILE *f));

/* The goal the arguments name on board b; -1 after a message. */
int genargs_goal(const struct gen_args *a, const struct board *b, struct board_state *goal);

#endif
