/* SPDX-License-Identifier: Zlib */
/* read (table_): the table reader: open a file (mmap) or buffer, check every block, lookups and the block cache. */
#include "libslidetab/table/read.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "libslidetab/base/pool.h"
#include "libslidetab/table/header.h"
#include "libslidetab/table/table.h"

/* Decodes and checks a table held in map[0..size); takes over t (freed on failure). */
static int table_init(struct table **out, struct table *t, unsigned flags, struct slidetab_error *err)
{
	int rc = tbl_header_decode(t->map, t->size, &t->meta, &t->lay, err);
	if (rc == SLIDETAB_OK) {
		t->fast.bits = t->meta.entry_bits;
		t->checked = calloc(t->lay.blocks, 1);
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
	if (len < TABLE_MIN_BYTES)
		return err_set(err, SLIDETAB_EFORMAT, "table buffer of %zu bytes: a header alone is at least %d", len,
			       TABLE_MIN_BYTES);
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
	if ((uint64_t)st.st_size < TABLE_MIN_BYTES) {
		close(fd);
		return err_set(err, SLIDETAB_EFORMAT, "%s: %s (%lld bytes, a header alone is at least %d)", path,
			       st.st_size ? "truncated table" : "empty file", (long long)st.st_size, TABLE_MIN_BYTES);
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

void table_advise_scattered(struct table *t)
{
#ifdef MADV_HUGEPAGE
	if (t && t->mapped)
		(void)madvise((void *)t->map, (size_t)t->size, MADV_HUGEPAGE); /* advice: an error changes nothing */
#else
	(void)t;
#endif
}

const struct table_meta *table_get_meta(const struct table *t)
{
	return &t->meta;
}
const uint8_t *table_packed(const struct table *t)
{
	return t->fast.packed;
}

int table_load_block(struct table *t, uint64_t b, uint8_t *dst, struct slidetab_error *err)
{
	const uint8_t *e = t->lay.index + b * INDEX_ENTRY;
	const uint8_t *stored = t->map + t->lay.payload_off + tbl_get64(e);
	uint32_t size = tbl_get32(e + 8);
	if (tbl_crc(stored, size) != tbl_get32(e + 12))
		return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " checksum mismatch (the payload is damaged)",
			       b);
	if (t->meta.payload == TABLE_PAYLOAD_RAW)
		return SLIDETAB_OK;
	uint64_t len = t->lay.packed_bytes - b * t->lay.block_bytes;
	if (len > t->lay.block_bytes)
		len = t->lay.block_bytes;
	uLongf got = (uLongf)len;
	uLong src_len = size;
	int zr = uncompress2(dst, &got, stored, &src_len);
	if (zr != Z_OK || got != len || src_len != size)
		return err_set(err, SLIDETAB_EFORMAT, "block %" PRIu64 " does not inflate to %" PRIu64 " bytes", b,
			       len);
	return SLIDETAB_OK;
}

uint64_t table_blocks(const struct table *t)
{
	return t->lay.blocks;
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
	int rc = table_load_block(t, b, j->full ? j->full + b * t->lay.block_bytes : NULL, &e);
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
		job.full = malloc(t->lay.packed_bytes ? t->lay.packed_bytes : 1);
		if (!job.full)
			return err_set(err, SLIDETAB_ENOMEM, "out of memory for %" PRIu64 " bytes",
				       t->lay.packed_bytes);
	}
	/* Blocks are independent: check and inflate them on every core (a thread per 4 blocks at most). */
	pthread_mutex_init(&job.lock, NULL);
	int threads = pool_cpus();
	if ((uint64_t)threads > t->lay.blocks / 4 + 1)
		threads = (int)(t->lay.blocks / 4 + 1);
	pool_run(threads, t->lay.blocks, check_block, &job);
	pthread_mutex_destroy(&job.lock);
	if (atomic_load(&job.failed)) {
		free(job.full);
		if (err)
			*err = job.err;
		return job.rc;
	}
	if (job.full)
		t->full = job.full;
	t->fast.packed = t->meta.payload == TABLE_PAYLOAD_RAW ? t->map + t->lay.payload_off : t->full;
	return SLIDETAB_OK;
}

/* The slow path with t->lock held: check (raw) or inflate into the cache (zlib) entry i's block. */
static int lookup_locked(struct table *t, uint64_t i, unsigned *value, struct slidetab_error *err)
{
	uint64_t b = i / t->meta.block_entries, within = i % t->meta.block_entries;
	const uint8_t *block;
	if (t->meta.payload == TABLE_PAYLOAD_RAW) {
		if (!t->checked[b]) {
			int rc = table_load_block(t, b, NULL, err);
			if (rc)
				return rc;
			t->checked[b] = 1;
		}
		block = t->map + t->lay.payload_off + b * t->lay.block_bytes;
	} else {
		if (!t->cache) {
			t->cache = malloc(CACHE_SLOTS * t->lay.block_bytes);
			if (!t->cache)
				return err_set(err, SLIDETAB_ENOMEM, "out of memory");
			for (int s = 0; s < CACHE_SLOTS; s++)
				t->cache_id[s] = UINT64_MAX;
		}
		unsigned slot = (unsigned)(b % CACHE_SLOTS);
		uint8_t *dst = t->cache + slot * t->lay.block_bytes;
		if (t->cache_id[slot] != b) {
			t->cache_id[slot] = UINT64_MAX;
			int rc = table_load_block(t, b, dst, err);
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

const uint8_t *table_raw_payload(const struct table *t)
{
	return t->meta.payload == TABLE_PAYLOAD_RAW ? t->map + t->lay.payload_off : NULL;
}

int table_check_block(struct table *t, uint64_t b, struct slidetab_error *err)
{
	if (b >= t->lay.blocks || t->meta.payload != TABLE_PAYLOAD_RAW)
		return err_set(err, SLIDETAB_EINVAL, "%s: block %" PRIu64 " is not a raw block", t->name, b);
	pthread_mutex_lock(&t->lock);
	int done = t->checked[b];
	pthread_mutex_unlock(&t->lock);
	/* a raw block's CRC reads only the mapped file: outside the lock, so threads check blocks at
	 * once (two may check the same one; both find the same) */
	int rc = done ? SLIDETAB_OK : table_load_block(t, b, NULL, err);
	if (!done && rc == SLIDETAB_OK) {
		pthread_mutex_lock(&t->lock);
		t->checked[b] = 1;
		pthread_mutex_unlock(&t->lock);
	}
	if (rc != SLIDETAB_OK)
		err_prefix(err, "%s", t->name);
	return rc;
}
