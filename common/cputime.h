/* SPDX-License-Identifier: Zlib */
/* cputime: the CPU seconds the whole process has used, for the programs' and benchmarks' reports. */
#ifndef SLIDETAB_CPUTIME_H
#define SLIDETAB_CPUTIME_H

/* CPU seconds the whole process (every thread) has used: beside wall time (clock_now) it shows what
 * other load on the machine took away. */
double cputime_now(void);

#endif
