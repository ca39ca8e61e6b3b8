/* SPDX-License-Identifier: Zlib */
/* cli: the options every program reads the same way (integers, byte sizes, reals, threads, --board), one
 * message each. */
#ifndef SLIDETAB_CLI_H
#define SLIDETAB_CLI_H

#include <stdint.h>

/* Each returns 0, or prints "PROG: OPTION TEXT: what is wrong" on stderr and returns -1. */

/* An integer option in [min, max]. */
int cli_int(const char *prog, const char *option, const char *text, long min, long max, int *out);

/* A number of bytes in [min, max]: digits, then K, M or G for KiB, MiB or GiB (gen, query and
 * bench24's --memory). */
int cli_bytes(const char *prog, const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* A real number in [min, max] (strtod's forms; not NaN); the message says "expected " and what. */
int cli_real(const char *prog, const char *option, const char *text, double min, double max, const char *what,
	     double *out);

/* -j: a thread count the worker pool takes. */
int cli_threads(const char *prog, const char *text, int *threads);

/* The default of -j: the cores this process may run on. */
int cli_cpus(void);

/* Parses "RxC" (e.g. "3x4") under BOARD_RULE, or under BOARD_ANY_RULE; 0, or -1 with no message. */
int cli_board_spec(const char *spec, int *rows, int *cols);
int cli_board_any_spec(const char *spec, int *rows, int *cols);

/* --board RxC under the one board-size rule (BOARD_RULE). */
int cli_board(const char *prog, const char *text, int *rows, int *cols);

/* --board RxC of any size the input formats take (BOARD_ANY_RULE): query. */
int cli_board_any(const char *prog, const char *text, int *rows, int *cols);

#endif
