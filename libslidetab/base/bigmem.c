/* SPDX-License-Identifier: Zlib */
/* bigmem: the one allocator of large zeroed buffers (transparent huge pages when large). */
#include "libslidetab/base/bigmem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_ALIGN ((size_t)2 << 20)

int bigmem_alloc(struct bigmem *m, uint64_t bytes)
{
	memset(m, 0, sizeof *m);
	if (bytes == 0)
		bytes = 1;
	if (bytes > (uint64_t)SIZE_MAX / 2)
		return -1;
	if (bytes < BIGMEM_HUGE) {
		m->p = calloc((size_t)bytes, 1);
		return m->p ? 0 : -1;
	}
	size_t len = (size_t)bytes + HUGE_ALIGN;
	void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED)
		return -1;
	uintptr_t a = ((uintptr_t)base + HUGE_ALIGN - 1) & ~(uintptr_t)(HUGE_ALIGN - 1);
	madvise((void *)a, (size_t)bytes, MADV_HUGEPAGE);
	m->base = base;
	m->len = len;
	m->p = (uint8_t *)a;
	return 0;
}

void bigmem_free(struct bigmem *m)
{
	if (m->base)
		munmap(m->base, m->len);
	else
		free(m->p);
	memset(m, 0, sizeof *m);
}
