/* SPDX-License-Identifier: Zlib */
/* header (tbl_): the table header codec: encode/decode, CRC, field checks, names for --info. */
#include "libslidetab/table/header.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>
#include <zlib.h>

#include "libslidetab/base/crc32.h"
#include "libslidetab/model/board.h"
#include "libslidetab/model/rank.h"

/* A table's radius stays below TABLE_HIST_MAX (tbl_meta_check), so no path read from it is longer
 * than slidetab.h promises. */
_Static_assert(TABLE_HIST_MAX - 1 <= SLIDETAB_MAX_PATH, "a table radius beyond SLIDETAB_MAX_PATH");

void tbl_put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
uint32_t tbl_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
uint64_t tbl_get64(const uint8_t *p)
{
	return (uint64_t)tbl_get32(p) | (uint64_t)tbl_get32(p + 4) << 32;
}

uint32_t tbl_crc(const uint8_t *p, uint64_t n)
{
	uint32_t c = 0;
	while (n > 0) { /* size_t may be narrower than the table */
		size_t k = n > SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)n;
		c = crc32_update(c, p, k);
		p += k;
		n -= k;
	}
	return c;
}

const char *table_entry_name(uint32_t e)
{
	switch (e) {
	case TABLE_ENTRY_PLAIN: return "plain (d)";
	case TABLE_ENTRY_HALF: return "half (d>>1; parity from the blank)";
	case TABLE_ENTRY_MDRES: return "mdres ((d - manhattan)/2)";
	case TABLE_ENTRY_MOD4: return "compact (d mod 4 high bit; walk to recover d)";
	case TABLE_ENTRY_ZBIT: return "zero-aware 1-bit PDB (((d - manhattan)/2) & 1; walk to recover d)";
	case TABLE_ENTRY_PBIT: return "placement 1-bit PDB (((d - manhattan)/2) & 1; walk to recover d)";
	}
	return "unknown";
}

const char *table_kind_name(uint32_t k)
{
	return k == TABLE_KIND_EXACT ? "exact distances" : k == TABLE_KIND_PDB ? "additive PDB" : "unknown";
}

/* Entries a table of this shape must have: n!/2 for exact tables, n!/(n-k)! for a k-tile PDB. */
static uint64_t expected_entries(const struct table_meta *m)
{
	uint64_t e = 1;
	if (m->kind == TABLE_KIND_EXACT)
		return rank_states(m->cells);
	if (m->ranking == TABLE_RANK_ZPDB) /* counted by pdb/zidx.c; the PDB reader checks it */
		return m->entries <= MAX_ENTRIES ? m->entries : 0;
	int k = __builtin_popcount(m->pattern);
	for (int i = 0; i < k; i++) {
		e *= (uint64_t)(m->cells - i);
		if (e > MAX_ENTRIES)
			return 0;
	}
	return e;
}

/* Checks the fields every table must satisfy; used by both the writer and the reader. */
int tbl_meta_check(const struct table_meta *m, struct slidetab_error *err)
{
	if (m->rows < 2 || m->cols < 2 || m->rows * m->cols > BOARD_MAX_CELLS || m->cells != m->rows * m->cols)
		return err_set(err, SLIDETAB_EFORMAT, "board %ux%u with %u cells is not valid", m->rows, m->cols,
			       m->cells);
	if (m->kind != TABLE_KIND_EXACT && m->kind != TABLE_KIND_PDB)
		return err_set(err, SLIDETAB_EFORMAT, "unknown table kind %" PRIu32, m->kind);
	if (m->kind == TABLE_KIND_PDB && m->ranking == TABLE_RANK_ZPDB_CLASS)
		return err_set(err, SLIDETAB_EFORMAT,
			       "ranking 3 (an earlier zero-aware order) is not read: rebuild it with gen");
	int zpdb = m->kind == TABLE_KIND_PDB && m->ranking == TABLE_RANK_ZPDB;
	if (m->ranking != (m->kind == TABLE_KIND_EXACT ? TABLE_RANK_SEQ_BLANK : TABLE_RANK_PDB) && !zpdb)
		return err_set(err, SLIDETAB_EFORMAT, "ranking %" PRIu32 " does not fit the table kind", m->ranking);
	if (m->entry < TABLE_ENTRY_PLAIN || m->entry > TABLE_ENTRY_PBIT)
		return err_set(err, SLIDETAB_EFORMAT, "unknown entry encoding %" PRIu32, m->entry);
	int pbit = m->entry == TABLE_ENTRY_PBIT;
	if (zpdb != (m->entry == TABLE_ENTRY_ZBIT) || ((zpdb || pbit) && m->entry_bits != 1) ||
	    (pbit && m->kind != TABLE_KIND_PDB))
		return err_set(err, SLIDETAB_EFORMAT,
			       "entry encoding %" PRIu32 " does not fit ranking %" PRIu32 " with %u-bit entries",
			       m->entry, m->ranking, m->entry_bits);
	if (m->payload != TABLE_PAYLOAD_RAW && m->payload != TABLE_PAYLOAD_ZLIB)
		return err_set(err, SLIDETAB_EFORMAT, "unknown payload encoding %" PRIu32, m->payload);
	if (m->entry_bits < 1 || m->entry_bits > 8)
		return err_set(err, SLIDETAB_EFORMAT, "entry width %u bits is not in 1..8", m->entry_bits);
	if (m->kind == TABLE_KIND_EXACT && m->cells > 20)
		return err_set(err, SLIDETAB_EFORMAT, "an exact table of %u cells has too many entries to index",
			       m->cells);
	if (m->block_entries == 0 || m->block_entries % 64 || m->block_entries > MAX_BLOCK_BYTES * 8 / m->entry_bits)
		return err_set(err, SLIDETAB_EFORMAT,
			       "a block of %" PRIu32
			       " entries: blocks hold a multiple of 64 entries, at most %u of %u bits",
			       m->block_entries, MAX_BLOCK_BYTES * 8 / m->entry_bits / 64 * 64, m->entry_bits);
	uint32_t seen = 0;
	for (int c = 0; c < m->cells; c++) {
		if (m->goal[c] >= m->cells || (seen >> m->goal[c] & 1))
			return err_set(err, SLIDETAB_EFORMAT, "goal is not a permutation of 0..%u", m->cells - 1);
		seen |= 1u << m->goal[c];
	}
	if (m->kind == TABLE_KIND_PDB && (m->pattern == 0 || (m->pattern & 1) || (m->pattern >> m->cells) != 0))
		return err_set(err, SLIDETAB_EFORMAT, "pattern 0x%" PRIx32 " is not a set of tiles", m->pattern);
	if (m->kind == TABLE_KIND_EXACT && m->pattern != 0)
		return err_set(err, SLIDETAB_EFORMAT, "exact table with a pattern");
	uint64_t want = expected_entries(m);
	if (m->entries != want)
		return err_set(err, SLIDETAB_EFORMAT, "%" PRIu64 " entries, but a %ux%u %s has %" PRIu64, m->entries,
			       m->rows, m->cols, table_kind_name(m->kind), want);
	if (m->radius >= TABLE_HIST_MAX)
		return err_set(err, SLIDETAB_EFORMAT, "radius %" PRIu32 " too large", m->radius);
	uint64_t sum = 0;
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++) {
		if (d > m->radius && m->hist[d])
			return err_set(err, SLIDETAB_EFORMAT, "histogram has states beyond the radius");
		if (m->hist[d] > m->entries || sum + m->hist[d] > m->entries)
			return err_set(err, SLIDETAB_EFORMAT, "histogram counts more states than entries");
		sum += m->hist[d];
	}
	/* A PDB may hold unreachable placements (the all-ones entry, see libslidetab/pdb/pdb.h): fewer counted. */
	if ((m->kind == TABLE_KIND_PDB ? sum == 0 : sum != m->entries) || m->hist[m->radius] == 0)
		return err_set(err, SLIDETAB_EFORMAT,
			       "histogram (%" PRIu64 " state%s) does not match %" PRIu64 " entries and radius %" PRIu32,
			       sum, sum == 1 ? "" : "s", m->entries, m->radius);
	if (memchr(m->generator, 0, sizeof m->generator) == NULL)
		return err_set(err, SLIDETAB_EFORMAT, "generator name is not terminated");
	return SLIDETAB_OK;
}

/* The full header (version 1) and its block index. */
static int decode_full(const uint8_t *map, uint64_t file_size, struct table_meta *m, struct table_layout *t,
		       struct slidetab_error *err)
{
	const uint8_t *h = map;
	if (tbl_get32(h + H_HSIZE) != TABLE_HEADER_SIZE)
		return err_set(err, SLIDETAB_EFORMAT, "unexpected byte order mark or header size");
	if (file_size < TABLE_HEADER_SIZE)
		return err_set(err, SLIDETAB_EFORMAT,
			       "truncated table (%" PRIu64 " bytes, a version 1 header alone is %d)", file_size,
			       TABLE_HEADER_SIZE);
	if (tbl_get32(h + H_CRC) != tbl_crc(h, H_CRC))
		return err_set(err, SLIDETAB_EFORMAT, "header checksum mismatch (the header is damaged)");
	memset(m, 0, sizeof *m);
	m->kind = tbl_get32(h + H_KIND);
	m->rows = h[H_ROWS];
	m->cols = h[H_COLS];
	m->cells = h[H_CELLS];
	m->entry_bits = h[H_BITS];
	m->ranking = tbl_get32(h + H_RANKING);
	m->entry = tbl_get32(h + H_ENTRY);
	m->payload = tbl_get32(h + H_PAYLOAD);
	m->entries = tbl_get64(h + H_ENTRIES);
	m->radius = tbl_get32(h + H_RADIUS);
	m->pattern = tbl_get32(h + H_PATTERN);
	memcpy(m->goal, h + H_GOAL, TABLE_GOAL_MAX);
	memcpy(m->generator, h + H_GEN, sizeof m->generator);
	m->block_entries = tbl_get32(h + H_BLOCKENT);
	if (m->radius >= TABLE_HIST_MAX || tbl_get32(h + H_HISTLEN) != m->radius + 1)
		return err_set(err, SLIDETAB_EFORMAT, "histogram length does not match the radius");
	for (uint32_t d = 0; d <= m->radius; d++)
		m->hist[d] = tbl_get64(h + H_HIST + 8 * d);
	int rc = tbl_meta_check(m, err);
	if (rc)
		return rc;
	t->blocks = tbl_get64(h + H_BLOCKS);
	t->block_bytes = (uint64_t)m->block_entries * m->entry_bits / 8;
	t->packed_bytes = table_packed_bytes(m->entries, m->entry_bits);
	t->payload_off = tbl_get64(h + H_PAYOFF);
	t->payload_size = tbl_get64(h + H_PAYSIZE);
	uint64_t index_off = tbl_get64(h + H_INDEXOFF), index_size = tbl_get64(h + H_INDEXSIZE);
	if (t->blocks != (m->entries + m->block_entries - 1) / m->block_entries || index_off != TABLE_HEADER_SIZE ||
	    index_size != t->blocks * INDEX_ENTRY || t->payload_off < index_off + index_size ||
	    t->payload_off > file_size || t->payload_size != file_size - t->payload_off)
		return err_set(err, SLIDETAB_EFORMAT,
			       "sizes do not add up (file %" PRIu64 " bytes, payload %" PRIu64 " at %" PRIu64
			       ", %" PRIu64 " blocks): truncated or damaged",
			       file_size, t->payload_size, t->payload_off, t->blocks);
	/* The payload starts at the first page boundary after the index; the bytes between are zeros. */
	uint64_t index_end = index_off + index_size, pad_end = (index_end + TABLE_PAGE - 1) / TABLE_PAGE * TABLE_PAGE;
	if (t->payload_off != pad_end)
		return err_set(err, SLIDETAB_EFORMAT,
			       "payload at offset %" PRIu64 ", not at %" PRIu64
			       " (the first multiple of %d after the index)",
			       t->payload_off, pad_end, TABLE_PAGE);
	for (uint64_t o = index_end; o < pad_end; o++)
		if (map[o] != 0)
			return err_set(err, SLIDETAB_EFORMAT,
				       "padding byte at offset %" PRIu64
				       " (between the block index and the payload) is 0x%02x, not zero: damaged",
				       o, map[o]);
	if (m->payload == TABLE_PAYLOAD_RAW && t->payload_size != t->packed_bytes)
		return err_set(err, SLIDETAB_EFORMAT, "raw payload is %" PRIu64 " bytes, expected %" PRIu64,
			       t->payload_size, t->packed_bytes);
	t->index = map + index_off;
	if (tbl_get32(h + H_INDEXCRC) != tbl_crc(t->index, index_size))
		return err_set(err, SLIDETAB_EFORMAT, "block index checksum mismatch (the index is damaged)");
	/* Blocks must tile the payload exactly, in order, each no larger than deflate can make it. */
	uint64_t off = 0;
	for (uint64_t b = 0; b < t->blocks; b++) {
		const uint8_t *e = t->index + b * INDEX_ENTRY;
		uint64_t len = t->packed_bytes - b * t->block_bytes;
		if (len > t->block_bytes)
			len = t->block_bytes;
		uint64_t size = tbl_get32(e + 8);
		int ok = tbl_get64(e) == off && size > 0 &&
			 (m->payload == TABLE_PAYLOAD_RAW ? size == len : size <= compressBound((uLong)len));
		if (!ok)
			return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " has a bad offset or size", b);
		off += size;
	}
	if (off != t->payload_size)
		return err_set(err, SLIDETAB_EFORMAT, "blocks do not fill the payload");
	return SLIDETAB_OK;
}

unsigned tbl_small_size(const struct table_meta *m)
{
	return (S_GOAL + m->cells + 4 * (m->radius + 1) + 4 + 7) & ~7u;
}

/* The small header (version 2): its fields into m, its one block into t (docs/FORMAT.md). */
static int decode_small(const uint8_t *h, uint64_t file_size, struct table_meta *m, struct table_layout *t,
			struct slidetab_error *err)
{
	uint32_t size = tbl_get32(h + H_HSIZE);
	if (size > TABLE_SMALL_MAX || size % 8 || size < S_GOAL + 4 || size > file_size)
		return err_set(err, SLIDETAB_EFORMAT,
			       "small header of %" PRIu32 " bytes in a file of %" PRIu64
			       " (at most %d, a multiple of 8): truncated or damaged",
			       size, file_size, TABLE_SMALL_MAX);
	if (tbl_get32(h + size - 4) != tbl_crc(h, size - 4))
		return err_set(err, SLIDETAB_EFORMAT, "header checksum mismatch (the header is damaged)");
	memset(m, 0, sizeof *m);
	m->kind = h[S_KIND], m->rows = h[S_ROWS], m->cols = h[S_COLS], m->cells = h[S_CELLS];
	m->entry_bits = h[S_BITS], m->ranking = h[S_RANKING], m->entry = h[S_ENTRY], m->payload = h[S_PAYLOAD];
	m->entries = tbl_get32(h + S_ENTRIES);
	m->pattern = tbl_get32(h + S_PATTERN);
	m->block_entries = tbl_get32(h + S_BLOCKENT);
	m->radius = tbl_get32(h + S_RADIUS);
	memcpy(m->generator, h + S_GEN, S_GEN_LEN);
	if (memchr(h + S_GEN, 0, S_GEN_LEN) == NULL)
		return err_set(err, SLIDETAB_EFORMAT, "generator name is not terminated");
	if (m->cells > TABLE_GOAL_MAX || m->radius >= TABLE_HIST_MAX || tbl_small_size(m) != size)
		return err_set(err, SLIDETAB_EFORMAT,
			       "small header of %" PRIu32 " bytes does not fit its %u cells and radius %" PRIu32, size,
			       m->cells, m->radius);
	memcpy(m->goal, h + S_GOAL, m->cells);
	for (uint32_t d = 0; d <= m->radius; d++)
		m->hist[d] = tbl_get32(h + S_GOAL + m->cells + 4 * d);
	for (uint32_t o = S_GOAL + m->cells + 4 * (m->radius + 1); o < size - 4; o++)
		if (h[o] != 0)
			return err_set(err, SLIDETAB_EFORMAT, "small header byte %" PRIu32 " is not zero", o);
	int rc = tbl_meta_check(m, err);
	if (rc)
		return rc;
	t->blocks = 1;
	t->block_bytes = (uint64_t)m->block_entries * m->entry_bits / 8;
	t->packed_bytes = table_packed_bytes(m->entries, m->entry_bits);
	t->payload_off = size;
	t->payload_size = tbl_get32(h + S_PAYSIZE);
	if (m->entries > m->block_entries || t->payload_size != file_size - size || t->payload_size == 0 ||
	    (m->payload == TABLE_PAYLOAD_RAW ? t->payload_size != t->packed_bytes
					     : t->payload_size > compressBound((uLong)t->packed_bytes)))
		return err_set(err, SLIDETAB_EFORMAT,
			       "sizes do not add up (file %" PRIu64 " bytes, one block of %" PRIu64 " at %" PRIu64
			       " for %" PRIu64 " entries): truncated or damaged",
			       file_size, t->payload_size, t->payload_off, m->entries);
	memset(t->one_index, 0, INDEX_ENTRY);
	tbl_put32(t->one_index + 8, (uint32_t)t->payload_size);
	memcpy(t->one_index + 12, h + S_PAYCRC, 4);
	t->index = t->one_index;
	return SLIDETAB_OK;
}

int tbl_header_decode(const uint8_t *map, uint64_t file_size, struct table_meta *m, struct table_layout *t,
		      struct slidetab_error *err)
{
	if (file_size < TABLE_MIN_BYTES)
		return err_set(err, SLIDETAB_EFORMAT, "truncated table (%" PRIu64 " bytes)", file_size);
	if (memcmp(map + H_MAGIC, TABLE_MAGIC, 8) != 0)
		return err_set(err, SLIDETAB_EFORMAT, "not a slidetab table (bad magic)");
	uint32_t version = tbl_get32(map + H_VERSION);
	if (version != TABLE_FORMAT_VERSION && version != TABLE_FORMAT_SMALL)
		return err_set(err, SLIDETAB_EFORMAT,
			       "table format version %" PRIu32
			       " is not supported (this program reads versions %d and %d)",
			       version, TABLE_FORMAT_VERSION, TABLE_FORMAT_SMALL);
	if (tbl_get32(map + H_BOM) != TABLE_BOM)
		return err_set(err, SLIDETAB_EFORMAT, "unexpected byte order mark or header size");
	return version == TABLE_FORMAT_SMALL ? decode_small(map, file_size, m, t, err)
					     : decode_full(map, file_size, m, t, err);
}
