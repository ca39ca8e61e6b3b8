/* clock: the one clock every module reads: wall seconds (monotonic) and the process's CPU seconds. */
#include "libslidetab/base/clock.h"

#include <time.h>

static double seconds(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double clock_now(void)
{
	return seconds(CLOCK_MONOTONIC);
}

double clock_cpu(void)
{
	return seconds(CLOCK_PROCESS_CPUTIME_ID);
}
