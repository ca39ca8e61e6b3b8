/* SPDX-License-Identifier: Zlib */
/* table_write (tblw_): the atomic table writer (temporary file, fsync, publish) and the parallel deflate of blocks. */
#ifndef SLIDETAB_TABLE_WRITE_H
#define SLIDETAB_TABLE_WRITE_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/table/format.h"

/* The default deflate levels (level 0): libdeflate's 4 makes 3x4 tables smaller than zlib's 9 at
 * about a fifth of its time (the levels measured in docs/FORMAT.md); zlib's 9 is the 0.4.0 writer. */
#define TABLE_LIBDEFLATE_LEVEL 4
#define TABLE_ZLIB_LEVEL       9

/* Writes a table: meta plus table_packed_bytes(entries, entry_bits) bytes of packed entries.
 * Goes through a temporary file in the same folder, fsync and rename, so `path` either keeps
 * its old content or gets the complete new table, and leaves it out of the page cache. level:
 * the deflate level for TABLE_PAYLOAD_ZLIB, 1..12 (libdeflate's scale; zlib, where the build has
 * no libdeflate, stops at 9), 0 for the encoder's default (TABLE_LIBDEFLATE_LEVEL, or
 * TABLE_ZLIB_LEVEL). Every block is a zlib stream either way. meta->block_entries of 0 picks a
 * default. Returns a SLIDETAB_* status. */
int tblw_write(const char *path, const struct table_meta *meta, const uint8_t *packed, int level,
	       uint64_t *bytes_written, struct slidetab_error *err);

/* Whether a table can be written at path, to check before the work that makes it: a folder there
 * is refused, a device or pipe must be writable, else a temporary file is created in path's folder
 * as tblw_write would and removed. SLIDETAB_EIO with a message naming path or its folder. */
int tblw_write_check(const char *path, struct slidetab_error *err);

/* For a signal handler: removes the named temporary file that the write in progress would leave
 * (only file systems without O_TMPFILE need one; an unnamed file vanishes with the process).
 * Async-signal-safe. The caller's handler then ends the process. */
void tblw_write_abandon(void);

/* The same, deflating on `threads` threads (tblw_write: every core). */
int tblw_write_mt(const char *path, const struct table_meta *meta, const uint8_t *packed, int level, int threads,
		  uint64_t *bytes_written, struct slidetab_error *err);

/* The same for a zlib table whose packed bytes are made block by block, on the worker that deflates
 * them (no copy of the whole packed table is held): pack(ctx, b, buf, len) fills buf with the len
 * packed bytes of block b (len is the block's bytes; less for the table's last block); it is
 * called once per block, from any worker, concurrently. SLIDETAB_EINVAL for a raw payload. */
typedef void (*tblw_pack_fn)(void *ctx, uint64_t block, uint8_t *buf, uint64_t len);
int tblw_write_packer(const char *path, const struct table_meta *meta, tblw_pack_fn pack, void *ctx, int level,
		      int threads, uint64_t *bytes_written, struct slidetab_error *err);

/* Writing a table whose blocks are made in parts (gen-mpi: each process deflates its own blocks).
 * tblw_blocks_make stores blocks [first, first + count) of a table described by meta from
 * `packed`, the packed bytes starting at block first (raw: kept by pointer; zlib: deflated on
 * `threads` threads); size[] and crc[] are what the block index holds. tblw_write_stored then
 * writes the whole table atomically like tblw_write, from the index of every block (size[],
 * crc[]) and a payload callback that emits the stored blocks in order through tblw_emit. */
struct tblw_blocks {
	uint64_t first, count;
	uint32_t *size, *crc;
	uint8_t **z;        /* zlib: each block's deflated bytes; NULL for raw */
	const uint8_t *raw; /* raw: the packed bytes of these blocks */
};
struct tblw_sink;
typedef int (*table_payload_fn)(void *ctx, struct tblw_sink *sink, struct slidetab_error *err);

uint32_t tblw_block_entries(const struct table_meta *meta); /* entries per block (default filled in) */
/* Packs the n entries e[0..n) of `bits` (1..8) each, LSB first (table_packed_set's layout), into
 * out (whole bytes through a 64-bit accumulator, no read-modify-write): a block's packed bytes. */
void tblw_pack_entries(const uint8_t *e, uint64_t n, unsigned bits, uint8_t *out);
uint64_t tblw_block_count(const struct table_meta *meta);
int tblw_blocks_make(const struct table_meta *meta, const uint8_t *packed, uint64_t first, uint64_t count, int level,
		     int threads, struct tblw_blocks *t, struct slidetab_error *err);
/* The same for zlib blocks packed by pack (as tblw_write_packer: block b is first + k) on the
 * worker that deflates them. SLIDETAB_EINVAL for a raw payload. */
int tblw_blocks_make_packer(const struct table_meta *meta, tblw_pack_fn pack, void *ctx, uint64_t first, uint64_t count,
			    int level, int threads, struct tblw_blocks *t, struct slidetab_error *err);
const uint8_t *tblw_blocks_data(const struct tblw_blocks *t, uint64_t b); /* block first + b */
void tblw_blocks_free(struct tblw_blocks *t);
int tblw_emit(struct tblw_sink *sink, const void *p, uint64_t n, struct slidetab_error *err);
int tblw_write_stored(const char *path, const struct table_meta *meta, const uint32_t *size, const uint32_t *crc,
		      table_payload_fn payload, void *ctx, uint64_t *bytes_written, struct slidetab_error *err);

#endif
