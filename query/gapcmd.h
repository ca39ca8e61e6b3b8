/* SPDX-License-Identifier: Zlib */
/* gapcmd: query's Gap mode (AOJ 1245): each input file through the Gap driver (gap/). */
#ifndef SLIDETAB_QUERY_GAPCMD_H
#define SLIDETAB_QUERY_GAPCMD_H

/* Solves every layout of each file (none: stdin), answers on stdout, every problem on stderr.
 * Returns the worst enum run_outcome: RUN_BADINPUT for bad input, RUN_NOTABLE when a file cannot
 * be read or the output or memory failed. */
int gapcmd_run(int path, int show, int nfiles, char **files);

#endif
