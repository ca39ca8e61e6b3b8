/* SPDX-License-Identifier: Zlib */
/* format: the table container's constants, its on-disk header layout and the packed entry arrays
 * (the vocabulary every reader and writer of a table shares; see docs/FORMAT.md). */
#ifndef SLIDETAB_TABLE_FORMAT_H
#define SLIDETAB_TABLE_FORMAT_H

#include <stdint.h>

#define TABLE_FORMAT_VERSION 1 /* the full header: any table */
#define TABLE_FORMAT_SMALL   2 /* the small header: a table of one block (layout below) */
#define TABLE_HEADER_SIZE    4096
#define TABLE_SMALL_MAX      256  /* a small header is at most this many bytes (the payload follows it) */
#define TABLE_MIN_BYTES      20   /* magic, version, byte-order mark, header size: what tells the version */
#define TABLE_PAGE           4096 /* the payload starts on a multiple of this (zeros pad the index up to it) */
#define TABLE_HIST_MAX       256
#define TABLE_GOAL_MAX       32

enum table_kind { TABLE_KIND_EXACT = 1, TABLE_KIND_PDB = 2 };

/* How the index of an entry is computed from a state. */
enum table_ranking {
	TABLE_RANK_SEQ_BLANK = 1,  /* exact: rank_state(): half-permutation rank of the tiles * n + blank cell */
	TABLE_RANK_PDB = 2,        /* PDB: pdb placement rank of the pattern tiles' cells */
	TABLE_RANK_ZPDB_CLASS = 3, /* PDB: zero-aware, class-major (gen before 69a37fc): refused, rebuild the table */
	TABLE_RANK_ZPDB = 4,       /* PDB: zero-aware rank of (placement, blank's class), pr major: pdb/zidx.h */
};

/* What an entry holds; d is the exact distance (or PDB value) of the state. */
enum table_entry {
	TABLE_ENTRY_PLAIN = 1, /* e = d */
	TABLE_ENTRY_HALF =
		2, /* e = d >> 1; the low bit is the parity of the blank's taxicab distance to the goal blank */
	TABLE_ENTRY_MDRES = 3, /* e = (d - md) / 2, md = Manhattan distance to the goal (PDB: of the pattern tiles) */
	TABLE_ENTRY_MOD4 = 4,  /* e = (d >> 1) & 1: d mod 4 with the low bit from parity; recovered by walking */
	TABLE_ENTRY_ZBIT = 5,  /* zero-aware PDB, 1 bit: e = ((d - md) / 2) & 1; d moves by exactly 1 a counted move */
	TABLE_ENTRY_PBIT = 6,  /* placement PDB (blank abstracted away), 1 bit: e = ((d - md) / 2) & 1, as ZBIT */
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
	uint32_t radius;               /* largest d */
	uint64_t hist[TABLE_HIST_MAX]; /* states per value of d, for d <= radius */
	uint32_t block_entries;        /* entries per block (a multiple of 64) */
	char generator[32];            /* NUL-terminated generator version */
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

/* On-disk layout of the 4096-byte header: the byte offset of each field (all integers
 * little-endian; the histogram holds radius + 1 u64 counts; the last 4 bytes are the CRC-32 of
 * everything before them). See docs/FORMAT.md. */
enum {
	H_MAGIC = 0,
	H_VERSION = 8,
	H_BOM = 12,
	H_HSIZE = 16,
	H_KIND = 20,
	H_ROWS = 24,
	H_COLS = 25,
	H_CELLS = 26,
	H_BITS = 27,
	H_RANKING = 28,
	H_ENTRY = 32,
	H_PAYLOAD = 36,
	H_ENTRIES = 40,
	H_RADIUS = 48,
	H_PATTERN = 52,
	H_GOAL = 56,
	H_GEN = 88,
	H_HISTLEN = 120,
	H_BLOCKENT = 124,
	H_BLOCKS = 128,
	H_INDEXOFF = 136,
	H_INDEXSIZE = 144,
	H_PAYOFF = 152,
	H_PAYSIZE = 160,
	H_INDEXCRC = 168,
	H_HIST = 176,
	H_CRC = TABLE_HEADER_SIZE - 4
};

/* On-disk layout of the small header (format version 2), written instead of the full header and
 * block index for a table whose payload is one block when it fits in TABLE_SMALL_MAX bytes. Its
 * size S is a multiple of 8 and the payload (the one block, raw or deflated) starts at S; all
 * integers little-endian; see docs/FORMAT.md. Offsets 0-19 are the full header's (magic,
 * version, byte-order mark, size). Then u8 fields, u32 fields, the generator name (S_GEN_LEN
 * bytes, NUL-terminated), the goal (cells bytes), the histogram (radius + 1 u32 counts), zeros up
 * to S - 4 and the CRC-32 of bytes 0..S-5 at S - 4. */
enum {
	S_KIND = 20, /* u8 each: kind, rows, cols, cells, entry bits, ranking, entry, payload encodings */
	S_ROWS = 21,
	S_COLS = 22,
	S_CELLS = 23,
	S_BITS = 24,
	S_RANKING = 25,
	S_ENTRY = 26,
	S_PAYLOAD = 27,
	S_ENTRIES = 28,  /* u32 */
	S_PATTERN = 32,  /* u32 */
	S_BLOCKENT = 36, /* u32: entries per block (at least the entries: one block) */
	S_PAYSIZE = 40,  /* u32: stored bytes of the block (S + this = file size) */
	S_PAYCRC = 44,   /* u32: CRC-32 of the stored block */
	S_RADIUS = 48,   /* u32 */
	S_GEN = 52,
	S_GEN_LEN = 24,
	S_GOAL = S_GEN + S_GEN_LEN /* then the histogram at S_GOAL + cells */
};

#define TABLE_MAGIC "SLIDETAB"
#define TABLE_BOM   0x01020304u
/* On-disk block index entry (after the header, one per block, little-endian): u64 offset of the
 * block in the payload, u32 stored size, u32 CRC-32 of the stored bytes. */
#define INDEX_ENTRY         16
#define DEFAULT_BLOCK_BYTES 32768
#define MAX_ENTRIES         (UINT64_C(1) << 40)
#define MAX_BLOCK_BYTES     (1u << 20) /* a block never inflates to more than this */

/* The enums' names, for messages and --info (header.c; the payload's: common/table_header.h). */
const char *table_entry_name(uint32_t entry);
const char *table_kind_name(uint32_t kind);

#endif
