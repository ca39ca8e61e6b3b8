/* SPDX-License-Identifier: Zlib */
/* table_header (tblhdr_): the table header encoder, the writer's half of libslidetab/table/header.h's codec. */
#include "common/table_header.h"

#include <string.h>

#include "libslidetab/table/header.h"

void tblhdr_put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t tblhdr_block_entries(unsigned bits)
{
	return (uint32_t)(DEFAULT_BLOCK_BYTES * 8 / bits) & ~63u;
}

void tblhdr_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_off, uint64_t payload_size,
		   uint32_t index_crc, uint8_t *h)
{
	memset(h, 0, TABLE_HEADER_SIZE);
	memcpy(h + H_MAGIC, TABLE_MAGIC, 8);
	tbl_put32(h + H_VERSION, TABLE_FORMAT_VERSION);
	tbl_put32(h + H_BOM, TABLE_BOM);
	tbl_put32(h + H_HSIZE, TABLE_HEADER_SIZE);
	tbl_put32(h + H_KIND, m->kind);
	h[H_ROWS] = m->rows;
	h[H_COLS] = m->cols;
	h[H_CELLS] = m->cells;
	h[H_BITS] = m->entry_bits;
	tbl_put32(h + H_RANKING, m->ranking);
	tbl_put32(h + H_ENTRY, m->entry);
	tbl_put32(h + H_PAYLOAD, m->payload);
	tblhdr_put64(h + H_ENTRIES, m->entries);
	tbl_put32(h + H_RADIUS, m->radius);
	tbl_put32(h + H_PATTERN, m->pattern);
	memcpy(h + H_GOAL, m->goal, TABLE_GOAL_MAX);
	memcpy(h + H_GEN, m->generator, sizeof m->generator);
	tbl_put32(h + H_HISTLEN, m->radius + 1);
	tbl_put32(h + H_BLOCKENT, m->block_entries);
	tblhdr_put64(h + H_BLOCKS, blocks);
	tblhdr_put64(h + H_INDEXOFF, TABLE_HEADER_SIZE);
	tblhdr_put64(h + H_INDEXSIZE, blocks * INDEX_ENTRY);
	tblhdr_put64(h + H_PAYOFF, payload_off);
	tblhdr_put64(h + H_PAYSIZE, payload_size);
	tbl_put32(h + H_INDEXCRC, index_crc);
	for (uint32_t d = 0; d <= m->radius; d++)
		tblhdr_put64(h + H_HIST + 8 * d, m->hist[d]);
	tbl_put32(h + H_CRC, tbl_crc(h, H_CRC));
}

unsigned tblhdr_small_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_size, uint32_t crc,
			     uint8_t *h)
{
	unsigned size = tbl_small_size(m);
	if (blocks != 1 || m->radius >= TABLE_HIST_MAX || size > TABLE_SMALL_MAX ||
	    strnlen(m->generator, sizeof m->generator) >= S_GEN_LEN || payload_size > UINT32_MAX ||
	    m->entries > UINT32_MAX)
		return 0;
	memset(h, 0, size);
	memcpy(h + H_MAGIC, TABLE_MAGIC, 8);
	tbl_put32(h + H_VERSION, TABLE_FORMAT_SMALL);
	tbl_put32(h + H_BOM, TABLE_BOM);
	tbl_put32(h + H_HSIZE, size);
	const uint8_t bytes[8] = { (uint8_t)m->kind,  m->rows,
				   m->cols,           m->cells,
				   m->entry_bits,     (uint8_t)m->ranking,
				   (uint8_t)m->entry, (uint8_t)m->payload };
	memcpy(h + S_KIND, bytes, 8);
	tbl_put32(h + S_ENTRIES, (uint32_t)m->entries);
	tbl_put32(h + S_PATTERN, m->pattern);
	tbl_put32(h + S_BLOCKENT, m->block_entries);
	tbl_put32(h + S_PAYSIZE, (uint32_t)payload_size);
	tbl_put32(h + S_PAYCRC, crc);
	tbl_put32(h + S_RADIUS, m->radius);
	memcpy(h + S_GEN, m->generator, strlen(m->generator));
	memcpy(h + S_GOAL, m->goal, m->cells);
	for (uint32_t d = 0; d <= m->radius; d++)
		tbl_put32(h + S_GOAL + m->cells + 4 * d, (uint32_t)m->hist[d]);
	tbl_put32(h + size - 4, tbl_crc(h, size - 4));
	return size;
}

const char *tblhdr_payload_name(uint32_t p)
{
	return p == TABLE_PAYLOAD_RAW ? "raw" : p == TABLE_PAYLOAD_ZLIB ? "zlib blocks" : "unknown";
}
