/* SPDX-License-Identifier: Zlib */
/* read: the table reader: open a file (mmap) or a buffer, check blocks before use, look entries up. */
#ifndef SLIDETAB_TABLE_READ_H
#define SLIDETAB_TABLE_READ_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/table/format.h"

struct table;

enum table_open_flags {
	TABLE_PRELOAD = 1, /* check every CRC and hold the whole packed array in memory */
};

/* Opens and checks a table's header and index. Payload blocks are checked by CRC before
 * their first use (all at once with TABLE_PRELOAD). Returns a SLIDETAB_* status. */
int table_open(struct table **out, const char *path, unsigned flags, struct slidetab_error *err);
/* The same for a table held in memory: bytes[0..len) must outlive the table (a raw payload is
 * read in place). SLIDETAB_EINVAL for a NULL pointer, SLIDETAB_EFORMAT for anything damaged. */
int table_open_buffer(struct table **out, const void *bytes, size_t len, unsigned flags, struct slidetab_error *err);

/* Lookups (table_lookup) may run on many threads at once; table_open, table_check_all and
 * table_close may not run concurrently with anything else on the same table. */
void table_close(struct table *t);
/* A mapped file that a search reads all over (a pattern database used in place): asks for large
 * page-cache pieces (MADV_HUGEPAGE), so a file not yet cached is read in pieces of up to 2 MB that
 * every process then maps with few faults (docs/pdb.md). Advice only: no effect on a buffer, on a
 * file already cached, or where the kernel has no such pages. */
void table_advise_scattered(struct table *t);
const struct table_meta *table_get_meta(const struct table *t);

/* Its sizes and its blocks one at a time: common/table_stream.h. */

/* The whole packed array when it is in memory and fully checked (raw after table_check_all,
 * or TABLE_PRELOAD), else NULL. */
const uint8_t *table_packed(const struct table *t);

/* Slow path of table_lookup: loads and checks the block holding entry i. */
int table_lookup_slow(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err);

/* Entry i (i < entries). Returns a SLIDETAB_* status; a damaged block is refused. */
static inline int table_lookup(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err);

/* The number of blocks. */
uint64_t table_blocks(const struct table *t);

/* Checks the CRC of every block (and that each inflates to its exact size). */
int table_check_all(struct table *t, struct slidetab_error *err);

/* A raw payload read in place: its packed bytes in the mapping (or the caller's buffer), each
 * block to be checked with table_check_block before its first use; NULL for a zlib payload. */
const uint8_t *table_raw_payload(const struct table *t);

/* Checks block b's CRC once (later calls return at once; thread-safe). A damaged block is
 * SLIDETAB_EFORMAT, every time it is asked for. */
int table_check_block(struct table *t, uint64_t b, struct slidetab_error *err);

/* Fast path: table_lookup reads the packed array directly once it is fully checked. A struct
 * table begins with this view (table.c keeps it first), so the hot path is inline. */
struct table_fast {
	const uint8_t *packed;
	unsigned bits;
};
static inline const struct table_fast *table_fast_view(const struct table *t)
{
	return (const struct table_fast *)(const void *)t;
}

static inline int table_lookup(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err)
{
	const struct table_fast *f = table_fast_view(t);
	if (f->packed) {
		*value = table_packed_get(f->packed, i, f->bits);
		return SLIDETAB_OK;
	}
	return table_lookup_slow(t, i, value, err);
}

#endif
