/* SPDX-License-Identifier: Zlib */
/* table_stream (tblstream_): the programs' view of an open table: its sizes and its blocks one at a time. */
#include "common/table_stream.h"

#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libslidetab/table/table.h"

uint64_t tblstream_file_bytes(const struct table *t)
{
	return t->size;
}

uint64_t tblstream_payload_bytes(const struct table *t)
{
	return t->lay.payload_size;
}

uint64_t tblstream_block_bytes(const struct table *t)
{
	return t->lay.block_bytes;
}

int tblstream_read_block(struct table *t, uint64_t b, uint8_t *dst, uint64_t *len, struct slidetab_error *err)
{
	if (b >= t->lay.blocks)
		return err_set(err, SLIDETAB_EINVAL, "%s: block %" PRIu64 " out of range", t->name, b);
	*len = t->lay.packed_bytes - b * t->lay.block_bytes < t->lay.block_bytes
		       ? t->lay.packed_bytes - b * t->lay.block_bytes
		       : t->lay.block_bytes;
	int rc = table_load_block(t, b, dst, err);
	if (rc != SLIDETAB_OK) {
		err_prefix(err, "%s", t->name);
		return rc;
	}
	if (t->meta.payload != TABLE_PAYLOAD_RAW)
		return SLIDETAB_OK;
	const uint8_t *src = t->map + t->lay.payload_off + b * t->lay.block_bytes;
	memcpy(dst, src, *len);
	if (t->mapped) { /* the whole pages inside the block: read once, not kept */
		uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo = ((uintptr_t)src + page - 1) & ~(page - 1);
		uintptr_t hi = ((uintptr_t)src + *len) & ~(page - 1);
		if (hi > lo)
			madvise((void *)lo, hi - lo, MADV_DONTNEED);
	}
	return SLIDETAB_OK;
}
