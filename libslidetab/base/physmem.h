/* SPDX-License-Identifier: Zlib */
/* physmem: the memory a search or a generator may plan to use here (physical memory, within RLIMIT_AS). */
#ifndef SLIDETAB_PHYSMEM_H
#define SLIDETAB_PHYSMEM_H

#include <stdint.h>

/* Bytes of physical memory, or the address-space limit (ulimit -v) when lower; UINT64_MAX when the
 * system does not say. */
uint64_t physmem_allowed(void);

#endif
