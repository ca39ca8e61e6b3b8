/* SPDX-License-Identifier: Zlib */
/* cputime: the CPU seconds the whole process has used, for the programs' and benchmarks' reports. */
#include "common/cputime.h"

#include <time.h>

double cputime_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
