/* table: the one checksummed container every slidetab table is stored in (exact tables and PDBs). */
#ifndef SLIDETAB_TABLE_H
#define SLIDETAB_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define TABLE_FORMAT_VERSION 1
#define TABLE_HEADER_SIZE 4096
#define TABLE_HIST_MAX 256
#define TABLE_GOAL_MAX 32

enum table_kind { TABLE_KIND_EXACT = 1, TABLE_KIND_PDB = 2 };

/* How the index of an entry is computed from a state. */
enum table_ranking {
	TABLE_RANK_SEQ_BLANK = 1, /* exact: rank_state(): half-permutation rank of the tiles * n + blank cell */
	TABLE_RANK_PDB = 2,       /* PDB: pdb placement rank of the pattern tiles' cells */
};

/* What an entry holds; d is the exact distance (or PDB value) of the state. */
enum table_entry {
	TABLE_ENTRY_PLAIN = 1, /* e = d */
	TABLE_ENTRY_HALF = 2,  /* e = d >> 1; the low bit is the parity of the blank's taxicab distance to the goal blank */
	TABLE_ENTRY_MDRES = 3, /* e = (d - md) / 2, md = Manhattan distance to the goal (PDB: of the pattern tiles) */
	TABLE_ENTRY_MOD4 = 4,  /* e = (d >> 1) & 1: d mod 4 with the low bit from parity; recovered by walking */
};

enum table_payload {
	TABLE_PAYLOAD_RAW = 1,  /* packed entries, memory-mappable, CRC per block */
	TABLE_PAYLOAD_ZLIB = 2, /* each block of packed entries deflated on its own, with an offset index */
};

/* Everything the header says about a table, in host form. */
struct table_meta {
	uint32_t kind;    /* enum table_kind */
	uint32_t ranking; /* enum table_ranking */
	uint32_t entry;   /* enum table_entry */
	uint32_t payload; /* enum table_payload */
	uint8_t rows, cols, cells;
	uint8_t entry_bits;           /* 1..8, entries packed LSB first */
	uint8_t goal[TABLE_GOAL_MAX]; /* tile at each goal cell, 0 = blank */
	uint32_t pattern;             /* PDB: bit t set for each pattern tile t; 0 for exact tables */
	uint64_t entries;
	uint32_t radius;                /* largest d */
	uint64_t hist[TABLE_HIST_MAX];  /* states per value of d, for d <= radius */
	uint32_t block_entries;         /* entries per block (a multiple of 64) */
	char generator[32];             /* NUL-terminated generator version */
};


/* Bytes needed for n entries of the given width. */
static inline uint64_t table_packed_bytes(uint64_t n, unsigned bits)
{
	return (n * bits + 7) / 8;
}

/* Reads entry i from a packed array of `bits`-wide entries. */
static inline unsigned table_packed_get(const uint8_t *p, uint64_t i, unsigned bits)
{
	uint64_t bit = i * bits;
	unsigned sh = (unsigned)(bit & 7), v = p[bit >> 3] >> sh;
	if (sh + bits > 8)
		v |= (unsigned)p[(bit >> 3) + 1] << (8 - sh);
	return v & ((1u << bits) - 1);
}

/* Writes entry i (not thread-safe within a byte). */
static inline void table_packed_set(uint8_t *p, uint64_t i, unsigned bits, unsigned v)
{
	uint64_t bit = i * bits;
	unsigned sh = (unsigned)(bit & 7);
	unsigned mask = ((1u << bits) - 1) << sh;
	uint8_t *q = p + (bit >> 3);
	q[0] = (uint8_t)((q[0] & ~mask) | ((v << sh) & mask));
	if (sh + bits > 8) {
		unsigned m2 = mask >> 8;
		q[1] = (uint8_t)((q[1] & ~m2) | ((v << sh) >> 8 & m2));
	}
}

/* Writes a table: meta plus table_packed_bytes(entries, entry_bits) bytes of packed entries.
 * Goes through a temporary file in the same folder, fsync and rename, so `path` either keeps
 * its old content or gets the complete new table. level: zlib level for TABLE_PAYLOAD_ZLIB.
 * meta->block_entries of 0 picks a default. Returns a SLIDETAB_* status. */
int table_write(const char *path, const struct table_meta *meta, const uint8_t *packed, int level,
		uint64_t *bytes_written, struct slidetab_error *err);

/* For a signal handler: removes the named temporary file that the write in progress would leave
 * (only file systems without O_TMPFILE need one; an unnamed file vanishes with the process).
 * Async-signal-safe. The caller's handler then ends the process. */
void table_write_abandon(void);

/* The same, deflating on `threads` threads (table_write: every core). */
int table_write_mt(const char *path, const struct table_meta *meta, const uint8_t *packed, int level, int threads,
		   uint64_t *bytes_written, struct slidetab_error *err);

/* Writing a table whose blocks are made in parts (gen-mpi: each process deflates its own blocks).
 * table_blocks_make stores blocks [first, first + count) of a table described by meta from
 * `packed`, the packed bytes starting at block first (raw: kept by pointer; zlib: deflated on
 * `threads` threads); size[] and crc[] are what the block index holds. table_write_stored then
 * writes the whole table atomically like table_write, from the index of every block (size[],
 * crc[]) and a payload callback that emits the stored blocks in order through table_emit. */
struct table_blocks {
	uint64_t first, count;
	uint32_t *size, *crc;
	uint8_t **z;        /* zlib: each block's deflated bytes; NULL for raw */
	const uint8_t *raw; /* raw: the packed bytes of these blocks */
};
struct table_sink;
typedef int (*table_payload_fn)(void *ctx, struct table_sink *sink, struct slidetab_error *err);

uint32_t table_block_entries(const struct table_meta *meta); /* entries per block (default filled in) */
uint64_t table_block_count(const struct table_meta *meta);
int table_blocks_make(const struct table_meta *meta, const uint8_t *packed, uint64_t first, uint64_t count, int level,
		      int threads, struct table_blocks *t, struct slidetab_error *err);
const uint8_t *table_blocks_data(const struct table_blocks *t, uint64_t b); /* block first + b */
void table_blocks_free(struct table_blocks *t);
int table_emit(struct table_sink *sink, const void *p, uint64_t n, struct slidetab_error *err);
int table_write_stored(const char *path, const struct table_meta *meta, const uint32_t *size, const uint32_t *crc,
		       table_payload_fn payload, void *ctx, uint64_t *bytes_written, struct slidetab_error *err);

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
const struct table_meta *table_get_meta(const struct table *t);

/* Bytes of the whole file, of the stored payload, and of the packed entries. */
uint64_t table_file_bytes(const struct table *t);
uint64_t table_payload_bytes(const struct table *t);

/* The whole packed array when it is in memory and fully checked (raw after table_check_all,
 * or TABLE_PRELOAD), else NULL. */
const uint8_t *table_packed(const struct table *t);

/* Slow path of table_lookup: loads and checks the block holding entry i. */
int table_lookup_slow(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err);

/* Entry i (i < entries). Returns a SLIDETAB_* status; a damaged block is refused. */
static inline int table_lookup(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err);

/* Streaming a table block by block in bounded memory (gen --verify of a table larger than memory
 * would allow whole): the number of blocks, the packed bytes of a full block, and block b checked
 * by CRC and copied (raw) or inflated (zlib) into dst, which has room for table_block_bytes(t);
 * *len gets its length. The pages a mapped raw block was read from are released afterwards. */
uint64_t table_blocks(const struct table *t);
uint64_t table_block_bytes(const struct table *t);
int table_read_block(struct table *t, uint64_t b, uint8_t *dst, uint64_t *len, struct slidetab_error *err);

/* Checks the CRC of every block (and that each inflates to its exact size). */
int table_check_all(struct table *t, struct slidetab_error *err);

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

/* Names for --info. */
const char *table_entry_name(uint32_t entry);
const char *table_payload_name(uint32_t payload);
const char *table_kind_name(uint32_t kind);

#endif
