/* SPDX-License-Identifier: Zlib */
/* table_header (tblhdr_): the table header encoder, the writer's half of libslidetab/table/header.h's codec. */
#ifndef SLIDETAB_COMMON_TABLE_HEADER_H
#define SLIDETAB_COMMON_TABLE_HEADER_H

#include <stdint.h>

#include "libslidetab/table/format.h"

/* A little-endian u64 at p. */
void tblhdr_put64(uint8_t *p, uint64_t v);

/* Entries per block by default for `bits`-wide entries. */
uint32_t tblhdr_block_entries(unsigned bits);

/* The header of a table of `blocks` blocks whose payload (payload_size bytes) starts at payload_off. */
void tblhdr_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_off, uint64_t payload_size,
		   uint32_t index_crc, uint8_t *h);

/* The bytes of the small header (format version 2) of a table whose payload of payload_size
 * bytes is one block with this CRC, written into h[0..TABLE_SMALL_MAX); 0 (nothing written) when
 * the table does not qualify (more than one block, or its histogram or name too long). */
unsigned tblhdr_small_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_size, uint32_t crc,
			     uint8_t *h);

/* The payload's name, for gen's summary and query --info: "raw", "zlib blocks" or "unknown". */
const char *tblhdr_payload_name(uint32_t payload);

#endif
