/* tblwrite: the atomic table writer (temporary file, fsync, publish) and the parallel deflate of blocks. */
#include "tblint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "pool.h"
#include "tok.h"

struct out {
	int fd;
	const char *path;
	uint64_t written;
	long delay_ms; /* test hook: a pause after each 64 KiB (makes a write slow enough to interrupt) */
};

/* The name of a named temporary file (or link) that a write in progress would leave behind, for
 * table_write_abandon in a signal handler; empty when there is none. One write at a time. */
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

void table_write_abandon(void)
{
	if (pending_set)
		unlink(pending); /* async-signal-safe */
}

/* Test hooks, read from the environment (docs/hardening.md): $SLIDETAB_TEST_WRITE_DELAY_MS
 * slows the writing down; $SLIDETAB_TEST_NO_TMPFILE takes the path of file systems without
 * O_TMPFILE. Neither changes a byte of what is written. */
static long test_hook(const char *name)
{
	const char *v = getenv(name);
	long n = 0;
	if (v && *v && tok_parse_long(v, 0, 100000, &n, NULL) != SLIDETAB_OK)
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
			return err_set(err, SLIDETAB_EIO, "writing %s: %s", o->path, k < 0 ? strerror(errno) : "short write");
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
	if (!dir)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory"), -1;
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

/* Deflates the blocks (pool_run index = block number); each block is independent. */
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

/* On-disk layout of a table file: the header (TABLE_HEADER_SIZE bytes), the block index
 * (INDEX_ENTRY bytes per block), zeros up to the next 4096-byte boundary (so a raw payload can be
 * mapped), then the payload: the blocks in order, raw or each deflated on its own. */
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
		tbl_put64(index + b * INDEX_ENTRY, off);
		tbl_put32(index + b * INDEX_ENTRY + 8, (uint32_t)size);
		tbl_put32(index + b * INDEX_ENTRY + 12, tbl_crc(stored, size));
		off += size;
	}
	uint64_t index_end = TABLE_HEADER_SIZE + blocks * INDEX_ENTRY;
	uint64_t payload_off = (index_end + 4095) & ~(uint64_t)4095; /* page-aligned for mmap */
	tbl_header_encode(m, blocks, payload_off, off, tbl_crc(index, blocks * INDEX_ENTRY), header);
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
		m.block_entries = tbl_default_block_entries(m.entry_bits ? m.entry_bits : 8);
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
	rc = write_body(&o, &m, packed, level, threads, err);
	if (rc == SLIDETAB_OK && !direct && fsync(o.fd) != 0)
		rc = err_set(err, SLIDETAB_EIO, "syncing %s: %s", path, strerror(errno));
	if (rc == SLIDETAB_OK && !direct)
		rc = publish(o.fd, tmpname, path, err);
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
