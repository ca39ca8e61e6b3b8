/* SPDX-License-Identifier: Zlib */
/* table_write (tblw_): the atomic table writer (temporary file, fsync, publish) and the parallel deflate of blocks. */
#include "common/table_write.h"
#include "common/table_header.h"
#include "libslidetab/table/header.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#ifdef SLIDETAB_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include "libslidetab/base/num.h"
#include "libslidetab/base/pool.h"

struct out {
	int fd;
	const char *path;
	uint64_t written;
	long delay_ms; /* test hook: a pause after each 64 KiB (makes a write slow enough to interrupt) */
};

struct tblw_sink {
	struct out *out;
};

/* The name of a named temporary file (or link) that a write in progress would leave behind, for
 * tblw_write_abandon in a signal handler; empty when there is none. One write at a time. */
static char pending[4096];
static volatile sig_atomic_t pending_set;

static void pending_name(const char *name)
{
	pending_set = 0;
	if (name && strlen(name) < sizeof pending) {
		strcpy(pending, name);
		pending_set = 1;
	}
}

void tblw_write_abandon(void)
{
	if (pending_set)
		unlink(pending); /* async-signal-safe */
}

/* Test hooks, read from the environment (docs/hardening.md): $SLIDETAB_TEST_WRITE_DELAY_MS
 * slows the writing down; $SLIDETAB_TEST_NO_TMPFILE takes the path of file systems without
 * O_TMPFILE. Neither changes a byte of what is written. $SLIDETAB_TEST_FULL_HEADER=1 writes a
 * table of one block with the full header (version 1) as before the small header, so that tests
 * can check readers on both. */
static long test_hook(const char *name)
{
	const char *v = getenv(name);
	long n = 0;
	if (v && *v && num_parse_long(v, 0, 100000, &n, NULL) != SLIDETAB_OK)
		n = 0;
	return n;
}

static int out_write(struct out *o, const void *buf, uint64_t n, struct slidetab_error *err)
{
	const uint8_t *p = buf;
	while (n > 0) {
		size_t most = o->delay_ms ? 65536 : 1u << 30;
		ssize_t k = write(o->fd, p, n > most ? most : (size_t)n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return err_set(err, SLIDETAB_EIO, "writing %s: %s", o->path,
				       k < 0 ? strerror(errno) : "short write");
		p += k;
		n -= (uint64_t)k;
		o->written += (uint64_t)k;
		if (o->delay_ms) {
			struct timespec ts = { o->delay_ms / 1000, (o->delay_ms % 1000) * 1000000L };
			nanosleep(&ts, NULL);
		}
	}
	return SLIDETAB_OK;
}

/* Opens an unnamed file in the folder of path (O_TMPFILE), so that an interrupted writer leaves
 * nothing behind; falls back to a named temporary file. *tmpname is set in the fallback case. */
static int open_temp(const char *path, char **tmpname, struct slidetab_error *err)
{
	char *dir = strdup(path);
	if (!dir) {
		err_set(err, SLIDETAB_ENOMEM, "out of memory");
		return -1;
	}
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	const char *d = slash ? dir : ".";
	int fd = test_hook("SLIDETAB_TEST_NO_TMPFILE") ? (errno = EOPNOTSUPP, -1)
						       : open(d, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	*tmpname = NULL;
	if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
		size_t len = strlen(path) + 16;
		*tmpname = malloc(len);
		if (*tmpname) {
			snprintf(*tmpname, len, "%s.tmpXXXXXX", path);
			fd = mkstemp(*tmpname);
			if (fd >= 0)
				pending_name(*tmpname);
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

int tblw_write_check(const char *path, struct slidetab_error *err)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return err_set(err, SLIDETAB_EIO, "cannot write the table %s: it is a folder", path);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) /* a device or pipe is written in place */
		return access(path, W_OK) == 0
			       ? SLIDETAB_OK
			       : err_set(err, SLIDETAB_EIO, "cannot write the table %s: %s", path, strerror(errno));
	char *tmpname;
	int fd = open_temp(path, &tmpname, err);
	if (fd < 0)
		return err_prefix(err, "cannot write the table %s", path);
	close(fd);
	if (tmpname)
		unlink(tmpname);
	pending_name(NULL);
	free(tmpname);
	return SLIDETAB_OK;
}

/* Gives the finished temporary file its final name, replacing any old table atomically. */
static int publish(int fd, const char *tmpname, const char *path, struct slidetab_error *err)
{
	if (tmpname)
		return rename(tmpname, path) == 0
			       ? SLIDETAB_OK
			       : err_set(err, SLIDETAB_EIO, "renaming to %s: %s", path, strerror(errno));
	char proc[64], *link = malloc(strlen(path) + 32);
	if (!link)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	int rc = SLIDETAB_EIO;
	for (int attempt = 0; attempt < 100 && rc != SLIDETAB_OK; attempt++) {
		snprintf(link, strlen(path) + 32, "%s.tmp%d.%d", path, (int)getpid(), attempt);
		pending_name(link);
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

/* Deflates the blocks (pool_run index = block number relative to the part); each is independent
 * and a complete zlib stream (RFC 1950), whichever encoder made it, so any zlib inflate reads it.
 * The encoder is libdeflate where the build found it (SLIDETAB_HAVE_LIBDEFLATE; about 5 times
 * zlib's speed at level 9 and smaller: docs/FORMAT.md), else zlib. $SLIDETAB_TEST_ZLIB_DEFLATE
 * (a test hook) takes zlib's encoder anyway, the writer of 0.4.0: its bytes. Each worker keeps one
 * compressor, made on its first block (zlib: a stream reset between blocks, the same bytes as a
 * fresh compress2()). The bytes depend on the encoder and level, never on the thread count. */
struct zjob {
	const uint8_t *packed; /* the part's packed bytes, from its first block on (NULL: pack gives them) */
	tblw_pack_fn pack;     /* else each block's packed bytes, made into buf[worker] just before it deflates */
	void *pack_ctx;
	uint8_t *buf[POOL_MAX_THREADS];  /* per worker: a block's packed bytes (pack) */
	uint8_t *zbuf[POOL_MAX_THREADS]; /* per worker: a block's deflated bytes, before their copy */
	uint64_t first, packed_bytes, bb;
	int level, zlib; /* zlib: use zlib's encoder (no libdeflate in the build, or the test hook) */
	struct tblw_blocks *out;
	z_stream *zs[POOL_MAX_THREADS]; /* zlib: per worker */
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	struct libdeflate_compressor *ld[POOL_MAX_THREADS]; /* libdeflate: per worker */
#endif
	_Atomic int failed;
};

static z_stream *worker_stream(struct zjob *j, int worker)
{
	if (j->zs[worker])
		return deflateReset(j->zs[worker]) == Z_OK ? j->zs[worker] : NULL;
	z_stream *z = calloc(1, sizeof *z);
	if (z && deflateInit(z, j->level) != Z_OK) {
		free(z);
		z = NULL;
	}
	return j->zs[worker] = z;
}

static void zjob_end(struct zjob *j)
{
	for (int w = 0; w < POOL_MAX_THREADS; w++) {
		free(j->buf[w]);
		free(j->zbuf[w]);
		if (j->zs[w]) {
			deflateEnd(j->zs[w]);
			free(j->zs[w]);
		}
#ifdef SLIDETAB_HAVE_LIBDEFLATE
		if (j->ld[w])
			libdeflate_free_compressor(j->ld[w]);
#endif
	}
}

/* Deflates len bytes at in into the worker's scratch buffer with zlib's encoder; the stored size,
 * or 0 on failure. */
static uint64_t zlib_block(struct zjob *j, int worker, const uint8_t *in, uint64_t len)
{
	z_stream *zs = worker_stream(j, worker);
	uLong room = compressBound((uLong)j->bb);
	if (!zs || (!j->zbuf[worker] && !(j->zbuf[worker] = malloc(room))))
		return 0;
	zs->next_in = (Bytef *)(uintptr_t)in;
	zs->avail_in = (uInt)len;
	zs->next_out = j->zbuf[worker];
	zs->avail_out = (uInt)room;
	return deflate(zs, Z_FINISH) == Z_STREAM_END ? (uint64_t)zs->total_out : 0;
}

/* The same with libdeflate's encoder (zlib's where the build has none). */
static uint64_t libdeflate_block(struct zjob *j, int worker, const uint8_t *in, uint64_t len)
{
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	if (!j->ld[worker] && !(j->ld[worker] = libdeflate_alloc_compressor(j->level)))
		return 0;
	size_t room = libdeflate_zlib_compress_bound(j->ld[worker], (size_t)j->bb); /* its own bound: above zlib's */
	if (!j->zbuf[worker] && !(j->zbuf[worker] = malloc(room)))
		return 0;
	return libdeflate_zlib_compress(j->ld[worker], in, (size_t)len, j->zbuf[worker], room);
#else
	return zlib_block(j, worker, in, len);
#endif
}

/* Block b: packed (by j->pack into the worker's buffer when the bytes are not given), deflated into
 * the worker's scratch buffer, kept in a copy of its exact size with its CRC. */
static void deflate_block(void *ctx, size_t b, int worker)
{
	struct zjob *j = ctx;
	if (atomic_load(&j->failed))
		return;
	uint64_t start = b * j->bb, len = j->packed_bytes - start < j->bb ? j->packed_bytes - start : j->bb;
	const uint8_t *in = j->packed ? j->packed + start : NULL;
	if (!in && (j->buf[worker] || (j->buf[worker] = malloc(j->bb)))) {
		j->pack(j->pack_ctx, j->first + b, j->buf[worker], len);
		in = j->buf[worker];
	}
	uint64_t zlen = !in ? 0 : j->zlib ? zlib_block(j, worker, in, len) : libdeflate_block(j, worker, in, len);
	uint8_t *z = zlen ? malloc(zlen) : NULL;
	if (!z) {
		atomic_store(&j->failed, 1);
		return;
	}
	memcpy(z, j->zbuf[worker], zlen);
	j->out->z[b] = z;
	j->out->size[b] = (uint32_t)zlen;
	j->out->crc[b] = tbl_crc(z, zlen);
}

/* The encoder and level a write uses: level 0 is the encoder's default; zlib's levels stop at 9. */
static void pick_encoder(struct zjob *j, int level)
{
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	j->zlib = test_hook("SLIDETAB_TEST_ZLIB_DEFLATE") != 0;
#else
	j->zlib = 1;
#endif
	j->level = level > 0 ? level : j->zlib ? TABLE_ZLIB_LEVEL : TABLE_LIBDEFLATE_LEVEL;
	if (j->zlib && j->level > 9)
		j->level = 9;
}

/* meta with its defaults filled in (block_entries). */
static struct table_meta resolved(const struct table_meta *meta)
{
	struct table_meta m = *meta;
	if (m.block_entries == 0)
		m.block_entries = tblhdr_block_entries(m.entry_bits ? m.entry_bits : 8);
	return m;
}

uint32_t tblw_block_entries(const struct table_meta *meta)
{
	return resolved(meta).block_entries;
}

uint64_t tblw_block_count(const struct table_meta *meta)
{
	struct table_meta m = resolved(meta);
	return (m.entries + m.block_entries - 1) / m.block_entries;
}

void tblw_blocks_free(struct tblw_blocks *t)
{
	if (t->z)
		for (uint64_t b = 0; b < t->count; b++)
			free(t->z[b]);
	free(t->z);
	free(t->size);
	free(t->crc);
	memset(t, 0, sizeof *t);
}

/* tblw_blocks_make, from packed bytes or (packed NULL, zlib only) from pack's blocks. */
static int blocks_make(const struct table_meta *meta, const uint8_t *packed, tblw_pack_fn pack, void *pack_ctx,
		       uint64_t first, uint64_t count, int level, int threads, struct tblw_blocks *t,
		       struct slidetab_error *err)
{
	struct table_meta m = resolved(meta);
	uint64_t bb = (uint64_t)m.block_entries * m.entry_bits / 8, total = table_packed_bytes(m.entries, m.entry_bits);
	uint64_t end = (first + count) * bb < total ? (first + count) * bb : total;
	memset(t, 0, sizeof *t);
	t->first = first;
	t->count = count;
	t->raw = packed;
	t->size = calloc(count ? count : 1, sizeof *t->size);
	t->crc = calloc(count ? count : 1, sizeof *t->crc);
	int zlib = m.payload == TABLE_PAYLOAD_ZLIB;
	if (zlib)
		t->z = calloc(count ? count : 1, sizeof *t->z);
	if (!t->size || !t->crc || (zlib && !t->z)) {
		tblw_blocks_free(t);
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	struct zjob *job = calloc(1, sizeof *job); /* per-worker arrays: too large for a thread's stack */
	if (!job) {
		tblw_blocks_free(t);
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	*job = (struct zjob){ .packed = packed,
			      .pack = pack,
			      .pack_ctx = pack_ctx,
			      .first = first,
			      .packed_bytes = count ? end - first * bb : 0,
			      .bb = bb,
			      .out = t };
	int failed = 0;
	if (zlib) {
		/* Blocks are deflated in parallel; the bytes do not depend on the thread count. */
		pick_encoder(job, level);
		pool_run(threads < 1 ? pool_cpus() : threads, count, deflate_block, job);
		zjob_end(job);
		failed = atomic_load(&job->failed);
	} else
		for (uint64_t b = 0; b < count; b++) {
			uint64_t start = b * bb, len = job->packed_bytes - start < bb ? job->packed_bytes - start : bb;
			t->size[b] = (uint32_t)len;
			t->crc[b] = tbl_crc(packed + start, len);
		}
	free(job);
	if (failed) {
		tblw_blocks_free(t);
		return err_set(err, SLIDETAB_ENOMEM, "deflating a block failed (out of memory)");
	}
	return SLIDETAB_OK;
}

void tblw_pack_entries(const uint8_t *e, uint64_t n, unsigned bits, uint8_t *out)
{
	uint64_t acc = 0;
	unsigned have = 0;
	for (uint64_t i = 0; i < n; i++) {
		acc |= (uint64_t)e[i] << have;
		have += bits;
		if (have >= 32) {
			for (int k = 0; k < 4; k++)
				*out++ = (uint8_t)(acc >> (8 * k));
			acc >>= 32;
			have -= 32;
		}
	}
	for (; have > 0; have = have > 8 ? have - 8 : 0, acc >>= 8)
		*out++ = (uint8_t)acc;
}

int tblw_blocks_make_packer(const struct table_meta *meta, tblw_pack_fn pack, void *ctx, uint64_t first, uint64_t count,
			    int level, int threads, struct tblw_blocks *t, struct slidetab_error *err)
{
	if (resolved(meta).payload != TABLE_PAYLOAD_ZLIB || !pack)
		return err_set(err, SLIDETAB_EINVAL,
			       "tblw_blocks_make_packer: makes zlib blocks from a pack function only");
	return blocks_make(meta, NULL, pack, ctx, first, count, level, threads, t, err);
}

int tblw_blocks_make(const struct table_meta *meta, const uint8_t *packed, uint64_t first, uint64_t count, int level,
		     int threads, struct tblw_blocks *t, struct slidetab_error *err)
{
	return blocks_make(meta, packed, NULL, NULL, first, count, level, threads, t, err);
}

const uint8_t *tblw_blocks_data(const struct tblw_blocks *t, uint64_t b)
{
	if (t->z)
		return t->z[b];
	uint64_t off = 0; /* raw blocks are all full but the table's last: offset = b full blocks */
	if (b > 0)
		off = b * (uint64_t)t->size[0];
	return t->raw + off;
}

int tblw_emit(struct tblw_sink *sink, const void *p, uint64_t n, struct slidetab_error *err)
{
	return out_write(sink->out, p, n, err);
}

/* On-disk layout of a table file (docs/FORMAT.md): the full header (TABLE_HEADER_SIZE bytes), the
 * block index (INDEX_ENTRY bytes per block), zeros up to the next 4096-byte boundary (so a raw
 * payload can be mapped), then the payload: the blocks in order, raw or each deflated on its own.
 * A table of one block whose small header fits (tblhdr_small_encode) is written as that header
 * (at most TABLE_SMALL_MAX bytes) and the block right after it. */
static int write_body(struct out *o, const struct table_meta *m, const uint32_t *size, const uint32_t *crc,
		      table_payload_fn payload, void *ctx, struct slidetab_error *err)
{
	uint64_t blocks = tblw_block_count(m);
	uint8_t *index = calloc(blocks ? blocks : 1, INDEX_ENTRY);
	if (!index)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	uint64_t off = 0;
	for (uint64_t b = 0; b < blocks; b++) {
		tblhdr_put64(index + b * INDEX_ENTRY, off);
		tbl_put32(index + b * INDEX_ENTRY + 8, size[b]);
		tbl_put32(index + b * INDEX_ENTRY + 12, crc[b]);
		off += size[b];
	}
	uint8_t header[TABLE_HEADER_SIZE];
	uint64_t payload_off = test_hook("SLIDETAB_TEST_FULL_HEADER")
				       ? 0 /* the old readers' layout, for tests */
				       : tblhdr_small_encode(m, blocks, off, blocks == 1 ? crc[0] : 0, header);
	int small = payload_off != 0;
	uint64_t index_end = TABLE_HEADER_SIZE + blocks * INDEX_ENTRY;
	if (!small) {
		payload_off = (index_end + 4095) & ~(uint64_t)4095; /* page-aligned for mmap */
		tblhdr_encode(m, blocks, payload_off, off, tbl_crc(index, blocks * INDEX_ENTRY), header);
	}
	static const uint8_t zeros[4096];
	struct tblw_sink sink = { o };
	int rc = out_write(o, header, small ? payload_off : TABLE_HEADER_SIZE, err);
	if (rc == SLIDETAB_OK && !small && (rc = out_write(o, index, blocks * INDEX_ENTRY, err)) == SLIDETAB_OK)
		rc = out_write(o, zeros, payload_off - index_end, err);
	if (rc == SLIDETAB_OK)
		rc = payload(ctx, &sink, err);
	if (rc == SLIDETAB_OK && o->written != payload_off + off)
		rc = err_set(err, SLIDETAB_EIO,
			     "writing %s: the payload source gave %" PRIu64 " bytes, expected %" PRIu64, o->path,
			     o->written - payload_off, off);
	free(index);
	return rc;
}

/* The payload of a whole table held by one process: its blocks in order. */
static int local_payload(void *ctx, struct tblw_sink *sink, struct slidetab_error *err)
{
	const struct tblw_blocks *t = ctx;
	int rc = SLIDETAB_OK;
	for (uint64_t b = 0; b < t->count && rc == SLIDETAB_OK; b++)
		rc = tblw_emit(sink, tblw_blocks_data(t, b), t->size[b], err);
	return rc;
}

int tblw_write(const char *path, const struct table_meta *meta, const uint8_t *packed, int level,
	       uint64_t *bytes_written, struct slidetab_error *err)
{
	return tblw_write_mt(path, meta, packed, level, 0, bytes_written, err);
}

int tblw_write_mt(const char *path, const struct table_meta *meta, const uint8_t *packed, int level, int threads,
		  uint64_t *bytes_written, struct slidetab_error *err)
{
	struct table_meta m = resolved(meta);
	struct tblw_blocks t;
	int rc = tbl_meta_check(&m, err);
	if (rc == SLIDETAB_OK)
		rc = tblw_blocks_make(&m, packed, 0, tblw_block_count(&m), level, threads, &t, err);
	if (rc != SLIDETAB_OK)
		return rc;
	rc = tblw_write_stored(path, &m, t.size, t.crc, local_payload, &t, bytes_written, err);
	tblw_blocks_free(&t);
	return rc;
}

int tblw_write_packer(const char *path, const struct table_meta *meta, tblw_pack_fn pack, void *ctx, int level,
		      int threads, uint64_t *bytes_written, struct slidetab_error *err)
{
	struct table_meta m = resolved(meta);
	struct tblw_blocks t;
	int rc = tbl_meta_check(&m, err);
	if (rc == SLIDETAB_OK && (m.payload != TABLE_PAYLOAD_ZLIB || !pack))
		rc = err_set(err, SLIDETAB_EINVAL, "tblw_write_packer: writes zlib tables from a pack function only");
	if (rc == SLIDETAB_OK)
		rc = blocks_make(&m, NULL, pack, ctx, 0, tblw_block_count(&m), level, threads, &t, err);
	if (rc != SLIDETAB_OK)
		return rc;
	rc = tblw_write_stored(path, &m, t.size, t.crc, local_payload, &t, bytes_written, err);
	tblw_blocks_free(&t);
	return rc;
}

int tblw_write_stored(const char *path, const struct table_meta *meta, const uint32_t *size, const uint32_t *crc,
		      table_payload_fn payload, void *ctx, uint64_t *bytes_written, struct slidetab_error *err)
{
	struct table_meta m = resolved(meta);
	int rc = tbl_meta_check(&m, err);
	if (rc)
		return rc;
	struct out o = { -1, path, 0, test_hook("SLIDETAB_TEST_WRITE_DELAY_MS") };
	char *tmpname = NULL;
	struct stat st;
	/* A device or pipe (e.g. /dev/full) is written in place: it cannot be renamed over. */
	int direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
	o.fd = direct ? open(path, O_WRONLY | O_CLOEXEC) : open_temp(path, &tmpname, err);
	if (o.fd < 0)
		return direct ? err_set(err, SLIDETAB_EIO, "opening %s: %s", path, strerror(errno)) : SLIDETAB_EIO;
	rc = write_body(&o, &m, size, crc, payload, ctx, err);
	if (rc == SLIDETAB_OK && !direct && fsync(o.fd) != 0)
		rc = err_set(err, SLIDETAB_EIO, "syncing %s: %s", path, strerror(errno));
	if (rc == SLIDETAB_OK && !direct)
		rc = publish(o.fd, tmpname, path, err);
	/* The written pages would stay cached in the small pieces they were written in, and a reader
	 * that maps a pattern database in place would take a fault a page; dropped (they are synced),
	 * the first reader reads the table in the large pieces it asks for (docs/pdb.md). Advice: a
	 * system that keeps them anyway loses nothing. */
	if (rc == SLIDETAB_OK && !direct)
		(void)posix_fadvise(o.fd, 0, 0, POSIX_FADV_DONTNEED);
	if (close(o.fd) != 0 && rc == SLIDETAB_OK)
		rc = err_set(err, SLIDETAB_EIO, "closing %s: %s", path, strerror(errno));
	if (rc != SLIDETAB_OK && tmpname)
		unlink(tmpname);
	pending_name(NULL);
	free(tmpname);
	if (bytes_written)
		*bytes_written = o.written;
	return rc;
}
