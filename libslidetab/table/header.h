/* SPDX-License-Identifier: Zlib */
/* header: the table header decoder: the header and block index, CRC, field checks, names for --info
 * (what the reader and the writer share; the layout is in format.h, the encoder the writer's own:
 * common/table_header.h). */
#ifndef SLIDETAB_TABLE_HEADER_H
#define SLIDETAB_TABLE_HEADER_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/table/format.h"

/* Little-endian integers. */
void tbl_put32(uint8_t *p, uint32_t v);
uint32_t tbl_get32(const uint8_t *p);
uint64_t tbl_get64(const uint8_t *p);

/* CRC-32 (zlib) of n bytes, any n. */
uint32_t tbl_crc(const uint8_t *p, uint64_t n);

/* Checks the fields every table must satisfy; used by both the writer and the reader. */
int tbl_meta_check(const struct table_meta *m, struct slidetab_error *err);

/* The size of a small header (format version 2) for m: its fields, goal and histogram, rounded up
 * to 8 bytes. */
unsigned tbl_small_size(const struct table_meta *m);

/* Where a table's parts lie in its file, as its header and block index say. */
struct table_layout {
	uint64_t blocks, block_bytes, packed_bytes; /* block count, packed bytes of a full block, of all entries */
	uint64_t payload_off, payload_size;         /* the payload's offset and size in the file */
	const uint8_t *index;                       /* the block index: inside the file, or one_index */
	uint8_t one_index[INDEX_ENTRY];             /* a small header's one block, as an index entry */
};

/* Decodes and checks the header (either version) and block index of the file map[0..file_size)
 * into m and lay (lay->index may point into lay: lay must not move while it is used). */
int tbl_header_decode(const uint8_t *map, uint64_t file_size, struct table_meta *m, struct table_layout *lay,
		      struct slidetab_error *err);

#endif
