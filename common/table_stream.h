/* SPDX-License-Identifier: Zlib */
/* table_stream (tblstream_): the programs' view of an open table (libslidetab/table/read.h): its sizes
 * (query --info) and its blocks one at a time, in bounded memory (gen --verify of a table larger than
 * memory would allow whole). */
#ifndef SLIDETAB_COMMON_TABLE_STREAM_H
#define SLIDETAB_COMMON_TABLE_STREAM_H

#include <stdint.h>

#include "libslidetab/table/read.h"

/* Bytes of the whole file and of the stored payload. */
uint64_t tblstream_file_bytes(const struct table *t);
uint64_t tblstream_payload_bytes(const struct table *t);

/* The packed bytes of a full block (table_blocks(t) blocks in all). */
uint64_t tblstream_block_bytes(const struct table *t);

/* Block b checked by CRC and copied (raw) or inflated (zlib) into dst, which has room for
 * tblstream_block_bytes(t); *len gets its length. The pages a mapped raw block was read from are
 * released afterwards. */
int tblstream_read_block(struct table *t, uint64_t b, uint8_t *dst, uint64_t *len, struct slidetab_error *err);

#endif
