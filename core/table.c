/* table: the one checksummed container every slidetab table is stored in (exact tables and PDBs). */
#include "table.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "board.h"
#include "pool.h"

/* On-disk layout (all integers little-endian). See docs/FORMAT.md. */
enum {
	H_MAGIC = 0, H_VERSION = 8, H_BOM = 12, H_HSIZE = 16, H_KIND = 20, H_ROWS = 24, H_COLS = 25,
	H_CELLS = 26, H_BITS = 27, H_RANKING = 28, H_ENTRY = 32, H_PAYLOAD = 36, H_ENTRIES = 40,
	H_RADIUS = 48, H_PATTERN = 52, H_GOAL = 56, H_GEN = 88, H_HISTLEN = 120, H_BLOCKENT = 124,
	H_BLOCKS = 128, H_INDEXOFF = 136, H_INDEXSIZE = 144, H_PAYOFF = 152, H_PAYSIZE = 160,
	H_INDEXCRC = 168, H_HIST = 176, H_CRC = TABLE_HEADER_SIZE - 4
};
#define TABLE_MAGIC "SLIDETAB"
#define TABLE_BOM 0x01020304u
#define INDEX_ENTRY 16 /* u64 offset in payload, u32 stored size, u32 CRC of stored bytes */
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


static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static uint32_t crc(const uint8_t *p, uint64_t n)
{
	uLong c = crc32(0L, Z_NULL, 0);
	while (n > 0) {
		uInt k = n > UINT_MAX / 2 ? UINT_MAX / 2 : (uInt)n;
		c = crc32(c, p, k);
		p += k;
		n -= k;
	}
	return (uint32_t)c;
}

const char *table_entry_name(uint32_t e)
{
	switch (e) {
	case TABLE_ENTRY_PLAIN: return "plain (d)";
	case TABLE_ENTRY_HALF: return "half (d>>1; parity from the blank)";
	case TABLE_ENTRY_MDRES: return "mdres ((d - manhattan)/2)";
	case TABLE_ENTRY_MOD4: return "compact (d mod 4 high bit; walk to recover d)";
	}
	return "unknown";
}

const char *table_payload_name(uint32_t p)
{
	return p == TABLE_PAYLOAD_RAW ? "raw" : p == TABLE_PAYLOAD_ZLIB ? "zlib blocks" : "unknown";
}

const char *table_kind_name(uint32_t k)
{
	return k == TABLE_KIND_EXACT ? "exact distances" : k == TABLE_KIND_PDB ? "additive PDB" : "unknown";
}

/* Entries a table of this shape must have: n!/2 for exact tables, n!/(n-k)! for a k-tile PDB. */
static uint64_t expected_entries(const struct table_meta *m)
{
	uint64_t e = 1;
	if (m->kind == TABLE_KIND_EXACT) {
		for (int i = 3; i <= m->cells; i++)
			e *= (uint64_t)i;
		return e;
	}
	int k = __builtin_popcount(m->pattern);
	for (int i = 0; i < k; i++) {
		e *= (uint64_t)(m->cells - i);
		if (e > MAX_ENTRIES)
			return 0;
	}
	return e;
}

static uint32_t default_block_entries(unsigned bits)
{
	return (uint32_t)(DEFAULT_BLOCK_BYTES * 8 / bits) & ~63u;
}

/* Checks the fields every table must satisfy; used by both the writer and the reader. */
static int meta_check(const struct table_meta *m, struct slidetab_error *err)
{
	if (m->rows < 2 || m->cols < 2 || m->rows * m->cols > BOARD_MAX_CELLS || m->cells != m->rows * m->cols)
		return err_set(err, SLIDETAB_EFORMAT, "board %ux%u with %u cells is not valid", m->rows, m->cols,
			    m->cells);
	if (m->kind != TABLE_KIND_EXACT && m->kind != TABLE_KIND_PDB)
		return err_set(err, SLIDETAB_EFORMAT, "unknown table kind %" PRIu32, m->kind);
	if (m->ranking != (m->kind == TABLE_KIND_EXACT ? TABLE_RANK_SEQ_BLANK : TABLE_RANK_PDB))
		return err_set(err, SLIDETAB_EFORMAT, "ranking %" PRIu32 " does not fit the table kind", m->ranking);
	if (m->entry < TABLE_ENTRY_PLAIN || m->entry > TABLE_ENTRY_MOD4)
		return err_set(err, SLIDETAB_EFORMAT, "unknown entry encoding %" PRIu32, m->entry);
	if (m->payload != TABLE_PAYLOAD_RAW && m->payload != TABLE_PAYLOAD_ZLIB)
		return err_set(err, SLIDETAB_EFORMAT, "unknown payload encoding %" PRIu32, m->payload);
	if (m->entry_bits < 1 || m->entry_bits > 8)
		return err_set(err, SLIDETAB_EFORMAT, "entry width %u bits is not in 1..8", m->entry_bits);
	if (m->kind == TABLE_KIND_EXACT && m->cells > 20)
		return err_set(err, SLIDETAB_EFORMAT, "an exact table of %u cells has too many entries to index", m->cells);
	if (m->block_entries == 0 || m->block_entries % 64 || m->block_entries > MAX_BLOCK_BYTES * 8 / m->entry_bits)
		return err_set(err, SLIDETAB_EFORMAT, "block of %" PRIu32 " entries is not a multiple of 64 up to %u bytes",
			    m->block_entries, MAX_BLOCK_BYTES);
	uint32_t seen = 0;
	for (int c = 0; c < m->cells; c++) {
		if (m->goal[c] >= m->cells || (seen >> m->goal[c] & 1))
			return err_set(err, SLIDETAB_EFORMAT, "goal is not a permutation of 0..%u", m->cells - 1);
		seen |= 1u << m->goal[c];
	}
	if (m->kind == TABLE_KIND_PDB &&
	    (m->pattern == 0 || (m->pattern & 1) || (m->pattern >> m->cells) != 0))
		return err_set(err, SLIDETAB_EFORMAT, "pattern 0x%" PRIx32 " is not a set of tiles", m->pattern);
	if (m->kind == TABLE_KIND_EXACT && m->pattern != 0)
		return err_set(err, SLIDETAB_EFORMAT, "exact table with a pattern");
	uint64_t want = expected_entries(m);
	if (m->entries != want)
		return err_set(err, SLIDETAB_EFORMAT, "%" PRIu64 " entries, but a %ux%u %s has %" PRIu64,
			    m->entries, m->rows, m->cols, table_kind_name(m->kind), want);
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
	if (sum != m->entries || m->hist[m->radius] == 0)
		return err_set(err, SLIDETAB_EFORMAT, "histogram (%" PRIu64 " states) does not match %" PRIu64
			    " entries and radius %" PRIu32, sum, m->entries, m->radius);
	if (memchr(m->generator, 0, sizeof m->generator) == NULL)
		return err_set(err, SLIDETAB_EFORMAT, "generator name is not terminated");
	return SLIDETAB_OK;
}

static void header_encode(const struct table_meta *m, uint64_t blocks, uint64_t payload_off,
			  uint64_t payload_size, uint32_t index_crc, uint8_t *h)
{
	memset(h, 0, TABLE_HEADER_SIZE);
	memcpy(h + H_MAGIC, TABLE_MAGIC, 8);
	put32(h + H_VERSION, TABLE_FORMAT_VERSION);
	put32(h + H_BOM, TABLE_BOM);
	put32(h + H_HSIZE, TABLE_HEADER_SIZE);
	put32(h + H_KIND, m->kind);
	h[H_ROWS] = m->rows;
	h[H_COLS] = m->cols;
	h[H_CELLS] = m->cells;
	h[H_BITS] = m->entry_bits;
	put32(h + H_RANKING, m->ranking);
	put32(h + H_ENTRY, m->entry);
	put32(h + H_PAYLOAD, m->payload);
	put64(h + H_ENTRIES, m->entries);
	put32(h + H_RADIUS, m->radius);
	put32(h + H_PATTERN, m->pattern);
	memcpy(h + H_GOAL, m->goal, TABLE_GOAL_MAX);
	memcpy(h + H_GEN, m->generator, sizeof m->generator);
	put32(h + H_HISTLEN, m->radius + 1);
	put32(h + H_BLOCKENT, m->block_entries);
	put64(h + H_BLOCKS, blocks);
	put64(h + H_INDEXOFF, TABLE_HEADER_SIZE);
	put64(h + H_INDEXSIZE, blocks * INDEX_ENTRY);
	put64(h + H_PAYOFF, payload_off);
	put64(h + H_PAYSIZE, payload_size);
	put32(h + H_INDEXCRC, index_crc);
	for (uint32_t d = 0; d <= m->radius; d++)
		put64(h + H_HIST + 8 * d, m->hist[d]);
	put32(h + H_CRC, crc(h, H_CRC));
}

/* ---- writing ---- */

struct out {
	int fd;
	const char *path;
	uint64_t written;
};

static int out_write(struct out *o, const void *buf, uint64_t n, struct slidetab_error *err)
{
	const uint8_t *p = buf;
	while (n > 0) {
		ssize_t k = write(o->fd, p, n > (1u << 30) ? (1u << 30) : (size_t)n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return err_set(err, SLIDETAB_EIO, "writing %s: %s", o->path, k < 0 ? strerror(errno) : "short write");
		p += k;
		n -= (uint64_t)k;
		o->written += (uint64_t)k;
	}
	return SLIDETAB_OK;
}

/* Opens an unnamed file in the folder of path (O_TMPFILE), so that an interrupted writer leaves
 * nothing behind; falls back to a named temporary file. *tmpname is set in the fallback case. */
static int open_temp(const char *path, char **tmpname, struct slidetab_error *err)
{
	char *dir = strdup(path);
	if (!dir)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory"), -1;
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	const char *d = slash ? dir : ".";
	int fd = open(d, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	*tmpname = NULL;
	if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
		size_t len = strlen(path) + 16;
		*tmpname = malloc(len);
		if (*tmpname) {
			snprintf(*tmpname, len, "%s.tmpXXXXXX", path);
			fd = mkstemp(*tmpname);
			if (fd < 0) {
				free(*tmpname);
				*tmpname = NULL;
			}
		}
	}
	if (fd < 0)
		err_set(err, SLIDETAB_EIO, "creating a temporary file in %s: %s", d, strerror(errno));
	free(dir);
	return fd;
}

/* Gives the finished temporary file its final name, replacing any old table atomically. */
static int publish(int fd, const char *tmpname, const char *path, struct slidetab_error *err)
{
	if (tmpname)
		return rename(tmpname, path) == 0 ? SLIDETAB_OK
						  : err_set(err, SLIDETAB_EIO, "renaming to %s: %s", path, strerror(errno));
	char proc[64], *link = malloc(strlen(path) + 32);
	if (!link)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	int rc = SLIDETAB_EIO;
	for (int attempt = 0; attempt < 100 && rc != SLIDETAB_OK; attempt++) {
		snprintf(link, strlen(path) + 32, "%s.tmp%d.%d", path, (int)getpid(), attempt);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, link, AT_SYMLINK_FOLLOW) != 0) {
			if (errno == EEXIST)
				continue;
			err_set(err, SLIDETAB_EIO, "linking %s: %s", link, strerror(errno));
			break;
		}
		if (rename(link, path) != 0) {
			err_set(err, SLIDETAB_EIO, "renaming to %s: %s", path, strerror(errno));
			unlink(link);
			break;
		}
		rc = SLIDETAB_OK;
	}
	free(link);
	return rc;
}

/* Deflates blocks [next..blocks) shared between threads; each block is independent. */
struct zjob {
	const struct table_meta *m;
	const uint8_t *packed;
	uint64_t packed_bytes, bb, blocks;
	int level;
	uint8_t **zblocks;
	uLongf *zsize;
	_Atomic int failed;
};

static void deflate_block(void *ctx, size_t b, int worker)
{
	struct zjob *j = ctx;
	(void)worker;
	if (atomic_load(&j->failed))
		return;
	uLong bound = compressBound((uLong)j->bb);
	uint64_t start = b * j->bb, len = j->packed_bytes - start < j->bb ? j->packed_bytes - start : j->bb;
	uint8_t *z = malloc(bound);
	uLongf zlen = bound;
	if (!z || compress2(z, &zlen, j->packed + start, (uLong)len, j->level) != Z_OK) {
		free(z);
		atomic_store(&j->failed, 1);
		return;
	}
	j->zblocks[b] = z;
	j->zsize[b] = zlen;
}

static int write_body(struct out *o, const struct table_meta *m, const uint8_t *packed, int level, int threads,
		      struct slidetab_error *err)
{
	uint64_t packed_bytes = table_packed_bytes(m->entries, m->entry_bits);
	uint64_t bb = (uint64_t)m->block_entries * m->entry_bits / 8;
	uint64_t blocks = (m->entries + m->block_entries - 1) / m->block_entries;
	uint8_t *index = calloc(blocks, INDEX_ENTRY);
	int zlib = m->payload == TABLE_PAYLOAD_ZLIB;
	struct zjob job = { .m = m, .packed = packed, .packed_bytes = packed_bytes, .bb = bb, .blocks = blocks,
			    .level = level };
	if (zlib) {
		job.zblocks = calloc(blocks, sizeof *job.zblocks);
		job.zsize = calloc(blocks, sizeof *job.zsize);
	}
	uint8_t header[TABLE_HEADER_SIZE];
	int rc = SLIDETAB_ENOMEM;
	if (!index || (zlib && (!job.zblocks || !job.zsize))) {
		err_set(err, rc, "out of memory");
		goto done;
	}
	if (zlib) {
		/* Blocks are deflated in parallel; the bytes do not depend on the thread count. */
		pool_run(threads < 1 ? pool_cpus() : threads, blocks, deflate_block, &job);
		if (atomic_load(&job.failed)) {
			err_set(err, rc, "out of memory while deflating");
			goto done;
		}
	}
	uint64_t off = 0;
	for (uint64_t b = 0; b < blocks; b++) {
		uint64_t start = b * bb, len = packed_bytes - start < bb ? packed_bytes - start : bb;
		uint64_t size = zlib ? job.zsize[b] : len;
		const uint8_t *stored = zlib ? job.zblocks[b] : packed + start;
		put64(index + b * INDEX_ENTRY, off);
		put32(index + b * INDEX_ENTRY + 8, (uint32_t)size);
		put32(index + b * INDEX_ENTRY + 12, crc(stored, size));
		off += size;
	}
	uint64_t index_end = TABLE_HEADER_SIZE + blocks * INDEX_ENTRY;
	uint64_t payload_off = (index_end + 4095) & ~(uint64_t)4095; /* page-aligned for mmap */
	header_encode(m, blocks, payload_off, off, crc(index, blocks * INDEX_ENTRY), header);
	static const uint8_t zeros[4096];
	if ((rc = out_write(o, header, TABLE_HEADER_SIZE, err)) ||
	    (rc = out_write(o, index, blocks * INDEX_ENTRY, err)) ||
	    (rc = out_write(o, zeros, payload_off - index_end, err)))
		goto done;
	if (!zlib)
		rc = out_write(o, packed, packed_bytes, err);
	else
		for (uint64_t b = 0; b < blocks && rc == SLIDETAB_OK; b++)
			rc = out_write(o, job.zblocks[b], job.zsize[b], err);
done:
	if (job.zblocks)
		for (uint64_t b = 0; b < blocks; b++)
			free(job.zblocks[b]);
	free(job.zblocks);
	free(job.zsize);
	free(index);
	return rc;
}

int table_write(const char *path, const struct table_meta *meta, const uint8_t *packed, int level,
		uint64_t *bytes_written, struct slidetab_error *err)
{
	return table_write_mt(path, meta, packed, level, 0, bytes_written, err);
}

int table_write_mt(const char *path, const struct table_meta *meta, const uint8_t *packed, int level, int threads,
		   uint64_t *bytes_written, struct slidetab_error *err)
{
	struct table_meta m = *meta;
	if (m.block_entries == 0)
		m.block_entries = default_block_entries(m.entry_bits ? m.entry_bits : 8);
	int rc = meta_check(&m, err);
	if (rc)
		return rc;
	struct out o = { -1, path, 0 };
	char *tmpname = NULL;
	struct stat st;
	/* A device or pipe (e.g. /dev/full) is written in place: it cannot be renamed over. */
	int direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
	o.fd = direct ? open(path, O_WRONLY | O_CLOEXEC) : open_temp(path, &tmpname, err);
	if (o.fd < 0)
		return direct ? err_set(err, SLIDETAB_EIO, "opening %s: %s", path, strerror(errno)) : SLIDETAB_EIO;
	rc = write_body(&o, &m, packed, level, threads, err);
	if (rc == SLIDETAB_OK && !direct && fsync(o.fd) != 0)
		rc = err_set(err, SLIDETAB_EIO, "syncing %s: %s", path, strerror(errno));
	if (rc == SLIDETAB_OK && !direct)
		rc = publish(o.fd, tmpname, path, err);
	if (close(o.fd) != 0 && rc == SLIDETAB_OK)
		rc = err_set(err, SLIDETAB_EIO, "closing %s: %s", path, strerror(errno));
	if (rc != SLIDETAB_OK && tmpname)
		unlink(tmpname);
	free(tmpname);
	if (bytes_written)
		*bytes_written = o.written;
	return rc;
}

/* ---- reading ---- */

static int header_decode(const uint8_t *h, uint64_t file_size, struct table *t, struct slidetab_error *err)
{
	struct table_meta *m = &t->meta;
	if (memcmp(h + H_MAGIC, TABLE_MAGIC, 8) != 0)
		return err_set(err, SLIDETAB_EFORMAT, "not a slidetab table (bad magic)");
	uint32_t version = get32(h + H_VERSION);
	if (version != TABLE_FORMAT_VERSION)
		return err_set(err, SLIDETAB_EFORMAT, "table format version %" PRIu32 " is not supported (this program reads version %d)",
			    version, TABLE_FORMAT_VERSION);
	if (get32(h + H_BOM) != TABLE_BOM || get32(h + H_HSIZE) != TABLE_HEADER_SIZE)
		return err_set(err, SLIDETAB_EFORMAT, "unexpected byte order mark or header size");
	if (get32(h + H_CRC) != crc(h, H_CRC))
		return err_set(err, SLIDETAB_EFORMAT, "header checksum mismatch (the header is damaged)");
	memset(m, 0, sizeof *m);
	m->kind = get32(h + H_KIND);
	m->rows = h[H_ROWS];
	m->cols = h[H_COLS];
	m->cells = h[H_CELLS];
	m->entry_bits = h[H_BITS];
	m->ranking = get32(h + H_RANKING);
	m->entry = get32(h + H_ENTRY);
	m->payload = get32(h + H_PAYLOAD);
	m->entries = get64(h + H_ENTRIES);
	m->radius = get32(h + H_RADIUS);
	m->pattern = get32(h + H_PATTERN);
	memcpy(m->goal, h + H_GOAL, TABLE_GOAL_MAX);
	memcpy(m->generator, h + H_GEN, sizeof m->generator);
	m->block_entries = get32(h + H_BLOCKENT);
	if (m->radius >= TABLE_HIST_MAX || get32(h + H_HISTLEN) != m->radius + 1)
		return err_set(err, SLIDETAB_EFORMAT, "histogram length does not match the radius");
	for (uint32_t d = 0; d <= m->radius; d++)
		m->hist[d] = get64(h + H_HIST + 8 * d);
	int rc = meta_check(m, err);
	if (rc)
		return rc;
	t->blocks = get64(h + H_BLOCKS);
	t->block_bytes = (uint64_t)m->block_entries * m->entry_bits / 8;
	t->packed_bytes = table_packed_bytes(m->entries, m->entry_bits);
	t->payload_off = get64(h + H_PAYOFF);
	t->payload_size = get64(h + H_PAYSIZE);
	uint64_t index_off = get64(h + H_INDEXOFF), index_size = get64(h + H_INDEXSIZE);
	if (t->blocks != (m->entries + m->block_entries - 1) / m->block_entries ||
	    index_off != TABLE_HEADER_SIZE || index_size != t->blocks * INDEX_ENTRY ||
	    t->payload_off < index_off + index_size || t->payload_off > file_size ||
	    t->payload_size != file_size - t->payload_off)
		return err_set(err, SLIDETAB_EFORMAT,
			    "sizes do not add up (file %" PRIu64 " bytes, payload %" PRIu64 " at %" PRIu64
			    ", %" PRIu64 " blocks): truncated or damaged",
			    file_size, t->payload_size, t->payload_off, t->blocks);
	if (m->payload == TABLE_PAYLOAD_RAW && t->payload_size != t->packed_bytes)
		return err_set(err, SLIDETAB_EFORMAT, "raw payload is %" PRIu64 " bytes, expected %" PRIu64,
			    t->payload_size, t->packed_bytes);
	t->index = t->map + index_off;
	if (get32(h + H_INDEXCRC) != crc(t->index, index_size))
		return err_set(err, SLIDETAB_EFORMAT, "block index checksum mismatch (the index is damaged)");
	/* Blocks must tile the payload exactly, in order, each no larger than deflate can make it. */
	uint64_t off = 0;
	for (uint64_t b = 0; b < t->blocks; b++) {
		const uint8_t *e = t->index + b * INDEX_ENTRY;
		uint64_t len = t->packed_bytes - b * t->block_bytes;
		if (len > t->block_bytes)
			len = t->block_bytes;
		uint64_t size = get32(e + 8);
		int ok = get64(e) == off && size > 0 &&
			 (m->payload == TABLE_PAYLOAD_RAW ? size == len : size <= compressBound((uLong)len));
		if (!ok)
			return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " has a bad offset or size", b);
		off += size;
	}
	if (off != t->payload_size)
		return err_set(err, SLIDETAB_EFORMAT, "blocks do not fill the payload");
	return SLIDETAB_OK;
}

/* Decodes and checks a table held in map[0..size); takes over t (freed on failure). */
static int table_init(struct table **out, struct table *t, unsigned flags, struct slidetab_error *err)
{
	int rc = header_decode(t->map, t->size, t, err);
	if (rc == SLIDETAB_OK) {
		t->fast.bits = t->meta.entry_bits;
		t->checked = calloc(t->blocks, 1);
		if (!t->checked)
			rc = err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	if (rc == SLIDETAB_OK && (flags & TABLE_PRELOAD))
		rc = table_check_all(t, err);
	if (rc != SLIDETAB_OK) {
		table_close(t);
		return rc;
	}
	*out = t;
	return SLIDETAB_OK;
}

static struct table *table_new(const uint8_t *map, uint64_t size, int mapped, const char *name)
{
	struct table *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	snprintf(t->name, sizeof t->name, "%s", name);
	t->map = map;
	t->size = size;
	t->mapped = mapped;
	pthread_mutex_init(&t->lock, NULL);
	return t;
}

int table_open_buffer(struct table **out, const void *bytes, size_t len, unsigned flags, struct slidetab_error *err)
{
	*out = NULL;
	if (!bytes)
		return err_set(err, SLIDETAB_EINVAL, "no table bytes (NULL pointer)");
	if (len < TABLE_HEADER_SIZE)
		return err_set(err, SLIDETAB_EFORMAT, "table buffer of %zu bytes: a header alone is %d", len,
			       TABLE_HEADER_SIZE);
	struct table *t = table_new(bytes, len, 0, "table buffer");
	if (!t)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	return table_init(out, t, flags, err);
}

int table_open(struct table **out, const char *path, unsigned flags, struct slidetab_error *err)
{
	*out = NULL;
	/* O_NONBLOCK: a FIFO under a table's name must not hang the reader (it is refused below). */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return err_set(err, SLIDETAB_EIO, "opening %s: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return err_set(err, SLIDETAB_EIO, "%s is not a regular file", path);
	}
	if ((uint64_t)st.st_size < TABLE_HEADER_SIZE) {
		close(fd);
		return err_set(err, SLIDETAB_EFORMAT, "%s: %s (%lld bytes, a header alone is %d)", path,
			    st.st_size ? "truncated table" : "empty file", (long long)st.st_size, TABLE_HEADER_SIZE);
	}
	uint64_t size = (uint64_t)st.st_size;
	void *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return err_set(err, SLIDETAB_EIO, "mapping %s: %s", path, strerror(errno));
	struct table *t = table_new(map, size, 1, path);
	if (!t) {
		munmap(map, size);
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	int rc = table_init(out, t, flags, err);
	if (rc != SLIDETAB_OK)
		err_prefix(err, "%s", path);
	return rc;
}

void table_close(struct table *t)
{
	if (!t)
		return;
	if (t->map && t->mapped)
		munmap((void *)t->map, t->size);
	pthread_mutex_destroy(&t->lock);
	free(t->checked);
	free(t->full);
	free(t->cache);
	free(t);
}

const struct table_meta *table_get_meta(const struct table *t)
{
	return &t->meta;
}
uint64_t table_file_bytes(const struct table *t)
{
	return t->size;
}
uint64_t table_payload_bytes(const struct table *t)
{
	return t->payload_size;
}
const uint8_t *table_packed(const struct table *t)
{
	return t->fast.packed;
}

/* Checks block b's CRC and, for zlib, inflates it into dst (its exact packed length). */
static int load_block(struct table *t, uint64_t b, uint8_t *dst, struct slidetab_error *err)
{
	const uint8_t *e = t->index + b * INDEX_ENTRY;
	const uint8_t *stored = t->map + t->payload_off + get64(e);
	uint32_t size = get32(e + 8);
	if (crc(stored, size) != get32(e + 12))
		return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " checksum mismatch (the payload is damaged)", b);
	if (t->meta.payload == TABLE_PAYLOAD_RAW)
		return SLIDETAB_OK;
	uint64_t len = t->packed_bytes - b * t->block_bytes;
	if (len > t->block_bytes)
		len = t->block_bytes;
	uLongf got = (uLongf)len;
	uLong src_len = size;
	int zr = uncompress2(dst, &got, stored, &src_len);
	if (zr != Z_OK || got != len || src_len != size)
		return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " does not inflate to %" PRIu64 " bytes", b, len);
	return SLIDETAB_OK;
}

/* Checks (and for zlib inflates) blocks on every core; keeps the failure of the lowest failing block. */
struct cjob {
	struct table *t;
	uint8_t *full;
	_Atomic int failed;
	pthread_mutex_t lock;
	struct slidetab_error err; /* the failure of the lowest failing block, so messages do not depend on timing */
	uint64_t bad_block;
	int rc;
};

static void check_block(void *ctx, size_t b, int worker)
{
	struct cjob *j = ctx;
	struct table *t = j->t;
	(void)worker;
	if (atomic_load(&j->failed) || (t->meta.payload == TABLE_PAYLOAD_RAW && t->checked[b]))
		return;
	struct slidetab_error e;
	int rc = load_block(t, b, j->full ? j->full + b * t->block_bytes : NULL, &e);
	if (rc == SLIDETAB_OK) {
		t->checked[b] = 1;
		return;
	}
	pthread_mutex_lock(&j->lock);
	if (!atomic_load(&j->failed) || b < j->bad_block) {
		j->err = e;
		j->rc = rc;
		j->bad_block = b;
	}
	atomic_store(&j->failed, 1);
	pthread_mutex_unlock(&j->lock);
}

int table_check_all(struct table *t, struct slidetab_error *err)
{
	if (t->fast.packed) /* already checked whole */
		return SLIDETAB_OK;
	struct cjob job = { .t = t };
	if (t->meta.payload == TABLE_PAYLOAD_ZLIB && !t->full) {
		job.full = malloc(t->packed_bytes ? t->packed_bytes : 1);
		if (!job.full)
			return err_set(err, SLIDETAB_ENOMEM, "out of memory for %" PRIu64 " bytes", t->packed_bytes);
	}
	/* Blocks are independent: check and inflate them on every core (a thread per 4 blocks at most). */
	pthread_mutex_init(&job.lock, NULL);
	int threads = pool_cpus();
	if ((uint64_t)threads > t->blocks / 4 + 1)
		threads = (int)(t->blocks / 4 + 1);
	pool_run(threads, t->blocks, check_block, &job);
	pthread_mutex_destroy(&job.lock);
	if (atomic_load(&job.failed)) {
		free(job.full);
		if (err)
			*err = job.err;
		return job.rc;
	}
	if (job.full)
		t->full = job.full;
	t->fast.packed = t->meta.payload == TABLE_PAYLOAD_RAW ? t->map + t->payload_off : t->full;
	return SLIDETAB_OK;
}

/* The slow path with t->lock held: check (raw) or inflate into the cache (zlib) entry i's block. */
static int lookup_locked(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err)
{
	uint64_t b = i / t->meta.block_entries, within = i % t->meta.block_entries;
	const uint8_t *block;
	if (t->meta.payload == TABLE_PAYLOAD_RAW) {
		if (!t->checked[b]) {
			int rc = load_block(t, b, NULL, err);
			if (rc)
				return rc;
			t->checked[b] = 1;
		}
		block = t->map + t->payload_off + b * t->block_bytes;
	} else {
		if (!t->cache) {
			t->cache = malloc(CACHE_SLOTS * t->block_bytes);
			if (!t->cache)
				return err_set(err, SLIDETAB_ENOMEM, "out of memory");
			for (int s = 0; s < CACHE_SLOTS; s++)
				t->cache_id[s] = UINT64_MAX;
		}
		unsigned slot = (unsigned)(b % CACHE_SLOTS);
		uint8_t *dst = t->cache + slot * t->block_bytes;
		if (t->cache_id[slot] != b) {
			t->cache_id[slot] = UINT64_MAX;
			int rc = load_block(t, b, dst, err);
			if (rc)
				return rc;
			t->cache_id[slot] = b;
		}
		block = dst;
	}
	*value = table_packed_get(block, within, t->meta.entry_bits);
	return SLIDETAB_OK;
}

int table_lookup_slow(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err)
{
	if (i >= t->meta.entries)
		return err_set(err, SLIDETAB_EFORMAT, "entry %" PRIu64 " out of range", i);
	pthread_mutex_lock(&t->lock);
	int rc = lookup_locked(t, i, value, err);
	pthread_mutex_unlock(&t->lock);
	if (rc != SLIDETAB_OK)
		err_prefix(err, "%s", t->name);
	return rc;
}
