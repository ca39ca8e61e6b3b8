/* tblint: what the table header codec, writer and reader share (internal to core; not in table.h). */
#ifndef SLIDETAB_TBLINT_H
#define SLIDETAB_TBLINT_H

#include <pthread.h>
#include <stdint.h>

#include "table.h"

/* On-disk layout of the 4096-byte header: the byte offset of each field (all integers
 * little-endian; the histogram holds radius + 1 u64 counts; the last 4 bytes are the CRC-32 of
 * everything before them). See docs/FORMAT.md. */
enum {
	H_MAGIC = 0, H_VERSION = 8, H_BOM = 12, H_HSIZE = 16, H_KIND = 20, H_ROWS = 24, H_COLS = 25,
	H_CELLS = 26, H_BITS = 27, H_RANKING = 28, H_ENTRY = 32, H_PAYLOAD = 36, H_ENTRIES = 40,
	H_RADIUS = 48, H_PATTERN = 52, H_GOAL = 56, H_GEN = 88, H_HISTLEN = 120, H_BLOCKENT = 124,
	H_BLOCKS = 128, H_INDEXOFF = 136, H_INDEXSIZE = 144, H_PAYOFF = 152, H_PAYSIZE = 160,
	H_INDEXCRC = 168, H_HIST = 176, H_CRC = TABLE_HEADER_SIZE - 4
};

#define TABLE_MAGIC "SLIDETAB"
#define TABLE_BOM 0x01020304u
/* On-disk block index entry (after the header, one per block, little-endian): u64 offset of the
 * block in the payload, u32 stored size, u32 CRC-32 of the stored bytes. */
#define INDEX_ENTRY 16
#define CACHE_SLOTS 64
#define DEFAULT_BLOCK_BYTES 32768
#define MAX_ENTRIES (UINT64_C(1) << 40)
#define MAX_BLOCK_BYTES (1u << 20) /* a block never inflates to more than this */

struct table {
	struct table_fast fast; /* must stay first: see table_fast_view() */
	struct table_meta meta;
	const uint8_t *map; /* whole file */
	uint64_t size;
	uint64_t blocks, block_bytes, packed_bytes;
	uint64_t payload_off, payload_size;
	const uint8_t *index;
	uint8_t *checked; /* raw: one flag per block, set once its CRC passed */
	uint8_t *full;    /* preloaded packed array (zlib) */
	uint8_t *cache;   /* zlib: CACHE_SLOTS inflated blocks */
	uint64_t cache_id[CACHE_SLOTS];
	int mapped;           /* 1: map is our mmap of a file; 0: the caller's buffer */
	char name[256];       /* the file's path (or "table buffer"), for messages */
	pthread_mutex_t lock; /* guards checked[], cache and cache_id in the slow path */
};

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
void tbl_header_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_off,
		       uint64_t payload_size, uint32_t index_crc, uint8_t *h);

/* Decodes and checks the header and block index of the file map[0..file_size) into t. */
int tbl_header_decode(const uint8_t *h, uint64_t file_size, struct table *t, struct slidetab_error *err);

#endif
