/* SPDX-License-Identifier: Zlib */
/* clock: the one clock every module reads: wall seconds (monotonic, also coarse and cheap). */
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

double clock_coarse(void)
{
#ifdef CLOCK_MONOTONIC_COARSE
	return seconds(CLOCK_MONOTONIC_COARSE);
#else
	return seconds(CLOCK_MONOTONIC);
#endif
}
