/* SPDX-License-Identifier: Zlib */
/* table: the reader's state (struct table), for the reader (read.c) and the programs' view of a table's
 * sizes and blocks (common/table_stream.c); everyone else uses read.h's calls. */
#ifndef SLIDETAB_TABLE_TABLE_H
#define SLIDETAB_TABLE_TABLE_H

#include <pthread.h>
#include <stdint.h>

#include "libslidetab/table/header.h"
#include "libslidetab/table/read.h"

#define CACHE_SLOTS 64 /* zlib: inflated blocks kept per table */

struct table {
	struct table_fast fast; /* must stay first: see table_fast_view() */
	struct table_meta meta;
	const uint8_t *map; /* whole file */
	uint64_t size;
	struct table_layout lay; /* where the index and payload lie in map */
	uint8_t *checked;        /* raw: one flag per block, set once its CRC passed */
	uint8_t *full;           /* preloaded packed array (zlib) */
	uint8_t *cache;          /* zlib: CACHE_SLOTS inflated blocks */
	uint64_t cache_id[CACHE_SLOTS];
	int mapped;           /* 1: map is our mmap of a file; 0: the caller's buffer */
	char name[256];       /* the file's path (or "table buffer"), for messages */
	pthread_mutex_t lock; /* guards checked[], cache and cache_id in the slow path */
};

/* Checks block b's CRC and, for a zlib payload, inflates it into dst (its exact packed length;
 * dst may be NULL for a raw payload, which stays where it lies). */
int table_load_block(struct table *t, uint64_t b, uint8_t *dst, struct slidetab_error *err);

#endif
