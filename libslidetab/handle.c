/* SPDX-License-Identifier: Zlib */
/* handle: the handle's life and settings (include/slidetab.h): open, open_flags, open_buffer, close,
 * set_max_depth, set_threads, set_memory, set_timeout, set_progress, set_notice, strerror, version.
 * Answers: answer.c. */
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/err.h"
#include "libslidetab/base/num.h"
#include "libslidetab/base/physmem.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/handle.h"
#include "libslidetab/table/exact.h"
#include "slidetab.h"

static _Atomic uint64_t next_serial = 1;

const char *slidetab_version(void)
{
	return SLIDETAB_VERSION;
}

const char *slidetab_strerror(int status)
{
	switch (status) {
	case SLIDETAB_OK: return "success";
	case SLIDETAB_UNSOLVABLE: return "the start cannot reach the goal";
	case SLIDETAB_EINVAL: return "invalid argument";
	case SLIDETAB_ENOTABLE: return "the table this board and goal need is missing";
	case SLIDETAB_EFORMAT: return "damaged or foreign table";
	case SLIDETAB_EIO: return "a table could not be read";
	case SLIDETAB_ENOMEM: return "out of memory";
	case SLIDETAB_ELIMIT: return "no solution within the move limit";
	case SLIDETAB_ENOSPC: return "not enough disk space";
	case SLIDETAB_ETIMEOUT: return "time limit reached";
	default: return "unknown status";
	}
}

/* slidetab_set_memory's default: a quarter of the physical memory, at most LIB_MEMORY_MAX. */
static size_t lib_default_memory(void)
{
	uint64_t m = physmem_allowed() / 4;
	return (size_t)(m < LIB_MEMORY_MAX ? m : LIB_MEMORY_MAX);
}

static int new_handle(slidetab **db, unsigned flags, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle pointer (NULL)");
	*db = calloc(1, sizeof **db);
	if (!*db)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	(*db)->serial = atomic_fetch_add(&next_serial, 1);
	(*db)->flags = flags;
	(*db)->whole_load = LIB_WHOLE_LOAD;
	const char *env = getenv("SLIDETAB_WHOLE_LOAD");
	long v;
	if (env && *env && num_parse_long(env, 0, LIB_WHOLE_LOAD_MAX, &v, NULL) == SLIDETAB_OK)
		(*db)->whole_load = (uint64_t)v;
	(*db)->tables.cap = LIB_MAX_TABLES;
	env = getenv("SLIDETAB_MAX_TABLES");
	if (env && *env && num_parse_long(env, 1, LIB_MAX_TABLES, &v, NULL) == SLIDETAB_OK)
		(*db)->tables.cap = (int)v;
	pthread_mutex_init(&(*db)->lock, NULL);
	atomic_store(&(*db)->threads, 1);
	atomic_store(&(*db)->memory, lib_default_memory());
	return SLIDETAB_OK;
}

int slidetab_open_flags(slidetab **db, const char *tables_dir, unsigned flags, struct slidetab_error *err)
{
	if (flags & ~(unsigned)SLIDETAB_PRELOAD) {
		if (db)
			*db = NULL;
		return err_set(err, SLIDETAB_EINVAL, "unknown flags 0x%x (the flags are SLIDETAB_PRELOAD = 0x%x)",
			       flags & ~(unsigned)SLIDETAB_PRELOAD, SLIDETAB_PRELOAD);
	}
	int rc = new_handle(db, flags, err);
	if (rc != SLIDETAB_OK)
		return rc;
	rc = tabname_search_path(&(*db)->path, tables_dir, err);
	if (rc != SLIDETAB_OK) {
		slidetab_close(*db);
		*db = NULL;
	}
	return rc;
}

int slidetab_open(slidetab **db, const char *tables_dir, struct slidetab_error *err)
{
	return slidetab_open_flags(db, tables_dir, 0, err);
}

int slidetab_open_buffer(slidetab **db, const void *bytes, size_t len, struct slidetab_error *err)
{
	int rc = new_handle(db, 0, err);
	if (rc != SLIDETAB_OK)
		return rc;
	struct tcache_slot *t = tcache_add(&(*db)->tables, 0, 0, 0);
	if (!t) {
		slidetab_close(*db);
		*db = NULL;
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	}
	t->keep = 1;
	rc = exact_open_buffer(&t->x, bytes, len, 0, err);
	if (rc == SLIDETAB_OK && table_packed_bytes(t->x.meta->entries, t->x.meta->entry_bits) <= (*db)->whole_load)
		rc = table_check_all(t->x.t, err);
	if (rc != SLIDETAB_OK) {
		if (t->x.t)
			exact_close(&t->x);
		t->status = rc;
		slidetab_close(*db);
		*db = NULL;
		return rc;
	}
	t->rows = t->x.b.rows, t->cols = t->x.b.cols, t->cls = board_blank_class(&t->x.b, t->x.goal_blank);
	(*db)->from_buffer = 1;
	return SLIDETAB_OK;
}

void slidetab_close(slidetab *db)
{
	if (!db)
		return;
	tcache_free(&db->tables);
	for (int i = 0; i < db->nsets; i++) {
		pdb_set_free(db->sets[i].set);
		free(db->sets[i].files);
	}
	for (int i = 0; i < db->nretired; i++)
		pdb_set_free(db->retired[i]);
	pthread_mutex_destroy(&db->lock);
	free(db);
}

int slidetab_set_max_depth(slidetab *db, unsigned max_depth, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (max_depth > IDA_MAX_DEPTH)
		return err_set(err, SLIDETAB_EINVAL, "move limit %u is above %d", max_depth, IDA_MAX_DEPTH);
	atomic_store(&db->max_depth, max_depth);
	return SLIDETAB_OK;
}

int slidetab_set_threads(slidetab *db, unsigned threads, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (threads < 1 || threads > POOL_MAX_THREADS)
		return err_set(err, SLIDETAB_EINVAL, "%u threads: give 1 to %d", threads, POOL_MAX_THREADS);
	atomic_store(&db->threads, threads);
	return SLIDETAB_OK;
}

int slidetab_set_memory(slidetab *db, size_t bytes, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	uint64_t phys = physmem_allowed();
	if ((uint64_t)bytes > phys)
		return err_set(err, SLIDETAB_EINVAL, "%zu bytes of memory: this machine allows %llu", bytes,
			       (unsigned long long)phys);
	atomic_store(&db->memory, bytes);
	return SLIDETAB_OK;
}

int slidetab_set_timeout(slidetab *db, double seconds, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (!(seconds >= 0) || seconds > 1e9)
		return err_set(err, SLIDETAB_EINVAL, "a timeout of %g s: give 0 (none) to 1e9 seconds", seconds);
	uint64_t us = (uint64_t)(seconds * 1e6 + 0.5);
	atomic_store(&db->timeout_us, us == 0 && seconds > 0 ? 1 : us); /* a limit, however short, is not none */
	return SLIDETAB_OK;
}

int slidetab_set_progress(slidetab *db, slidetab_progress_fn fn, void *ctx, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	/* $SLIDETAB_PROGRESS_AFTER (seconds) moves the first report earlier, so tests need no long search. */
	double after = 1.0;
	const char *env = getenv("SLIDETAB_PROGRESS_AFTER");
	long v;
	if (env && *env && num_parse_long(env, 0, 3600, &v, NULL) == SLIDETAB_OK)
		after = (double)v;
	pthread_mutex_lock(&db->lock);
	db->progress = (struct ida_hook){ .fn = fn, .ctx = ctx, .after = after, .every = 1.0 };
	pthread_mutex_unlock(&db->lock);
	return SLIDETAB_OK;
}

int slidetab_set_notice(slidetab *db, void (*fn)(void *ctx, const char *msg), void *ctx, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	pthread_mutex_lock(&db->lock);
	db->notice = fn, db->notice_ctx = ctx;
	pthread_mutex_unlock(&db->lock);
	return SLIDETAB_OK;
}
