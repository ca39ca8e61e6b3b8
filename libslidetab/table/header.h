/* header: the table header codec: encode and decode the header and block index, CRC, field checks,
 * names for --info (what the reader and the writer share; the layout is in format.h). */
#ifndef SLIDETAB_TABLE_HEADER_H
#define SLIDETAB_TABLE_HEADER_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/table/format.h"

/* Little-endian integers. */
void tbl_put32(uint8_t *p, uint32_t v);
void tbl_put64(uint8_t *p, uint64_t v);
uint32_t tbl_get32(const uint8_t *p);
uint64_t tbl_get64(const uint8_t *p);

/* CRC-32 (zlib) of n bytes, any n. */
uint32_t tbl_crc(const uint8_t *p, uint64_t n);

/* Entries per block by default for `bits`-wide entries. */
uint32_t tbl_default_block_entries(unsigned bits);

/* Checks the fields every table must satisfy; used by both the writer and the reader. */
int tbl_meta_check(const struct table_meta *m, struct slidetab_error *err);

/* The header of a table of `blocks` blocks whose payload (payload_size bytes) starts at payload_off. */
void tbl_header_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_off, uint64_t payload_size,
		       uint32_t index_crc, uint8_t *h);

/* The bytes of the small header (format version 2) of a table whose payload of payload_size
 * bytes is one block with this CRC, written into h[0..TABLE_SMALL_MAX); 0 (nothing written) when
 * the table does not qualify (more than one block, or its histogram or name too long). */
unsigned tbl_small_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_size, uint32_t crc, uint8_t *h);

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
