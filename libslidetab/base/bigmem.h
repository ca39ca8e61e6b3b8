/* SPDX-License-Identifier: Zlib */
/* bigmem: the one allocator of large zeroed buffers (transparent huge pages when large). */
#ifndef SLIDETAB_BIGMEM_H
#define SLIDETAB_BIGMEM_H

#include <stddef.h>
#include <stdint.h>

/* A zeroed buffer of at least `bytes` bytes at p. From BIGMEM_HUGE bytes on it is anonymous
 * memory aligned to 2 MB and advised for transparent huge pages (fewer TLB misses on random
 * access to a large working set; pages are only committed when touched), else calloc. */
struct bigmem {
	uint8_t *p;
	void *base; /* the mapping, NULL when p came from calloc */
	size_t len;
};

#define BIGMEM_HUGE ((uint64_t)8 << 20)

/* 0, or -1 when the memory is refused (m is then empty, safe to bigmem_free). */
int bigmem_alloc(struct bigmem *m, uint64_t bytes);

/* Frees m (an empty or already freed m is fine) and empties it. */
void bigmem_free(struct bigmem *m);

#endif
