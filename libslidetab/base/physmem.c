/* SPDX-License-Identifier: Zlib */
/* physmem: the memory a program may plan to use on this machine (physical memory, within RLIMIT_AS). */
#include "libslidetab/base/physmem.h"

#include <sys/resource.h>
#include <unistd.h>

uint64_t physmem_allowed(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	uint64_t mem = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < mem)
		mem = (uint64_t)rl.rlim_cur;
	return mem;
}
