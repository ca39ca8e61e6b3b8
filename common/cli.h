/* cli: the options every program reads the same way (integers, threads, --board), one message each. */
#ifndef SLIDETAB_CLI_H
#define SLIDETAB_CLI_H

/* Each returns 0, or prints "PROG: OPTION TEXT: what is wrong" on stderr and returns -1. */

/* An integer option in [min, max]. */
int cli_int(const char *prog, const char *option, const char *text, long min, long max, int *out);

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
