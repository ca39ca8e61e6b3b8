/* SPDX-License-Identifier: Zlib */
/* verify: a complete check of an exact table against the definition of BFS distance. */
#include "gen/exact/verify.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/table_stream.h"
#include "gen/exact/bfs.h"
#include "gen/exact/unrank.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/table/exact.h"

#define VERIFY_CHUNK (1u << 14)

struct vshared {
	struct exact *x;
	_Atomic int failed;
	pthread_mutex_t lock;
	uint64_t hist[TABLE_HIST_MAX];
	struct slidetab_error *err;
};

static void report(struct vshared *v, const char *text)
{
	pthread_mutex_lock(&v->lock);
	if (!atomic_load(&v->failed))
		err_set(v->err, SLIDETAB_EFORMAT, "%s", text);
	atomic_store(&v->failed, 1);
	pthread_mutex_unlock(&v->lock);
}

/* Checks the states of [lo, hi); adds their distances to hist. Returns 0 or 1. */
static int check_range(struct vshared *v, uint64_t lo, uint64_t hi, uint64_t *hist)
{
	struct exact *x = v->x;
	char text[256];
	for (uint64_t i = lo; i < hi; i++) {
		struct board_state s;
		unrank_state(&x->rk, i, &s);
		int blank = (int)(i % (uint64_t)x->b.n);
		unsigned e, d;
		e = table_packed_get(table_packed(x->t), i, x->meta->entry_bits);
		d = exact_decode(x, e, &s, blank);
		if (d > x->meta->radius) {
			snprintf(text, sizeof text, "state %" PRIu64 ": distance %u exceeds the radius %" PRIu32, i, d,
				 x->meta->radius);
			report(v, text);
			return 1;
		}
		if ((d == 0) != (i == x->goal_index)) {
			snprintf(text, sizeof text, "state %" PRIu64 ": distance %u but it %s the goal", i, d,
				 d == 0 ? "is not" : "is");
			report(v, text);
			return 1;
		}
		hist[d]++;
		int closer = 0;
		for (int dir = 0; dir < BOARD_NDIRS; dir++) {
			struct board_state nb = s;
			int nbl = blank;
			if (board_move(&x->b, &nb, &nbl, (enum board_dir)dir) != 0)
				continue;
			uint64_t j = rank_state(&x->rk, &nb);
			unsigned dn = exact_decode(x, table_packed_get(table_packed(x->t), j, x->meta->entry_bits), &nb,
						   nbl);
			if (dn + 1 != d && d + 1 != dn) {
				snprintf(text, sizeof text,
					 "states %" PRIu64 " and %" PRIu64
					 " are neighbours but have distances %u and %u",
					 i, j, d, dn);
				report(v, text);
				return 1;
			}
			closer |= dn + 1 == d;
		}
		if (d > 0 && !closer) {
			snprintf(text, sizeof text, "state %" PRIu64 " at distance %u has no neighbour one closer", i,
				 d);
			report(v, text);
			return 1;
		}
	}
	return 0;
}

/* Checks chunk c (pool_run index) and adds its histogram. */
static void vchunk(void *ctx, size_t c, int worker)
{
	struct vshared *v = ctx;
	uint64_t hist[TABLE_HIST_MAX] = { 0 }, n = v->x->meta->entries, lo = (uint64_t)c * VERIFY_CHUNK;
	(void)worker;
	if (atomic_load(&v->failed) || check_range(v, lo, lo + VERIFY_CHUNK < n ? lo + VERIFY_CHUNK : n, hist))
		return;
	pthread_mutex_lock(&v->lock);
	for (int d = 0; d < TABLE_HIST_MAX; d++)
		v->hist[d] += hist[d];
	pthread_mutex_unlock(&v->lock);
}

/* Compares the table's entries with the search's (mine: 1 bit a state), block by block through
 * one buffer; 1-bit tables (all gen writes) byte for byte. */
static int compare_packed(struct exact *x, const uint8_t *mine, struct slidetab_error *err)
{
	uint64_t bb = tblstream_block_bytes(x->t), len;
	unsigned bits = x->meta->entry_bits;
	uint8_t *buf = malloc(bb ? bb : 1);
	if (!buf)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	int rc = SLIDETAB_OK;
	for (uint64_t b = 0; b < table_blocks(x->t) && !rc; b++) {
		if ((rc = tblstream_read_block(x->t, b, buf, &len, err)) != SLIDETAB_OK)
			break;
		uint64_t first = b * x->meta->block_entries, i = first;
		if (bits == 1 && memcmp(buf, mine + b * bb, len) == 0)
			continue;
		while (i < x->meta->entries && i < first + x->meta->block_entries &&
		       table_packed_get(buf, i - first, bits) == table_packed_get(mine, i, 1))
			i++;
		if (i < x->meta->entries && i < first + x->meta->block_entries)
			rc = err_set(err, SLIDETAB_EFORMAT,
				     "state %" PRIu64 ": stored d mod 4 differs from a fresh search", i);
	}
	free(buf);
	return rc;
}

/* A compact table holds only d mod 4: compare it with a fresh search of the same goal, which
 * packs its entries as the table does (1 bit a state); the table is streamed, not loaded. */
static int verify_compact(struct exact *x, int threads, struct slidetab_error *err)
{
	struct bfs_options opt = { .threads = threads, .entry = TABLE_ENTRY_MOD4 };
	struct bfs_result res;
	int rc = bfs_run(&x->b, &x->goal, &opt, &res, err);
	if (rc != SLIDETAB_OK)
		return rc;
	rc = compare_packed(x, res.packed, err);
	for (int d = 0; d < TABLE_HIST_MAX && !rc; d++)
		if (res.hist[d] != x->meta->hist[d]) {
			rc = err_set(err, SLIDETAB_EFORMAT,
				     "histogram at depth %d: stored %" PRIu64 ", search found %" PRIu64, d,
				     x->meta->hist[d], res.hist[d]);
		}
	bfs_result_free(&res);
	return rc;
}

int verify_table(const char *path, int threads, struct slidetab_error *err)
{
	struct exact x;
	int rc = exact_open(&x, path, 0, err);
	if (rc)
		return rc;
	if (x.meta->entry != TABLE_ENTRY_MOD4 && (rc = table_check_all(x.t, err)) != SLIDETAB_OK) {
		exact_close(&x);
		err_prefix(err, "%s", path);
		return rc;
	}
	if (x.meta->entry == TABLE_ENTRY_MOD4) {
		rc = verify_compact(&x, threads, err);
		exact_close(&x);
		return rc;
	}
	struct vshared v = { .x = &x, .err = err };
	pthread_mutex_init(&v.lock, NULL);
	pool_run(threads, (x.meta->entries + VERIFY_CHUNK - 1) / VERIFY_CHUNK, vchunk, &v);
	pthread_mutex_destroy(&v.lock);
	rc = atomic_load(&v.failed) ? SLIDETAB_EFORMAT : SLIDETAB_OK;
	for (int d = 0; d < TABLE_HIST_MAX && !rc; d++)
		if (v.hist[d] != x.meta->hist[d]) {
			rc = err_set(err, SLIDETAB_EFORMAT,
				     "histogram at depth %d: header says %" PRIu64 ", table holds %" PRIu64, d,
				     x.meta->hist[d], v.hist[d]);
		}
	exact_close(&x);
	return rc;
}
