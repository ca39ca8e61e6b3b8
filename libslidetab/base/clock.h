/* clock: the one clock every module reads: wall seconds (monotonic) and the process's CPU seconds. */
#ifndef SLIDETAB_CLOCK_H
#define SLIDETAB_CLOCK_H

/* Seconds on a monotonic clock (only differences mean anything). */
double clock_now(void);

/* CPU seconds the whole process (every thread) has used: beside wall time it shows what other
 * load on the machine took away. */
double clock_cpu(void);

#endif
