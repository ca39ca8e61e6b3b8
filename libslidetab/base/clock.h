/* SPDX-License-Identifier: Zlib */
/* clock: the one clock every module reads: wall seconds (monotonic, also coarse and cheap); the
 * process's CPU seconds are the programs' (common/cputime.h). */
#ifndef SLIDETAB_CLOCK_H
#define SLIDETAB_CLOCK_H

/* Seconds on a monotonic clock (only differences mean anything). */
double clock_now(void);

/* The same clock read cheaply, to a few milliseconds (where the system has a coarse clock), for
 * checks made on every call. */
double clock_coarse(void);

#endif
