/* physmem: the memory a program may plan to use on this machine (physical memory, within RLIMIT_AS). */
#ifndef SLIDETAB_PHYSMEM_H
#define SLIDETAB_PHYSMEM_H

#include <stdint.h>

/* Bytes of physical memory, or the address-space limit (ulimit -v) when lower; UINT64_MAX when the
 * system does not say. */
uint64_t physmem_allowed(void);

#endif
