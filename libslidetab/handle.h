/* SPDX-License-Identifier: Zlib */
/* handle: the handle (struct slidetab), private to the files of the API: handle.c (opening, closing,
 * settings), lookup.c (finding and opening its tables and sets), answer.c (answers), plan.c.
 *
 * Boards of at most 12 cells, and 2x7 (7x2), are answered from exact tables (tabname_is_exact),
 * every other board of up to 25 cells by IDA* over pattern databases (the board's own or its
 * transpose's, libslidetab/pdb/find.h). Tables and sets are opened on first use under the
 * handle's lock. Exact tables live in a cache of LIB_MAX_TABLES (table/cache.h: the least recently
 * used is closed first, never one a call is using); sets, at most one per board and class,
 * stay until the handle is closed. A table or set that is missing costs no slot: the miss is
 * remembered for a second (table/miss.h), then looked for again; a file that is open is looked at
 * again at most once a second (table/ident.h), and opened again when it changed. What a goal needs (its table's
 * slot and generation, and the frame) is worked out once per thread and goal, in a thread-local
 * cache, so the hot path takes no lock, only a pin on the slot; lookups into a table are safe on
 * many threads (table/read.c). */
#ifndef SLIDETAB_HANDLE_H
#define SLIDETAB_HANDLE_H

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "libslidetab/model/board.h"
#include "libslidetab/model/frame.h"
#include "libslidetab/pdb/find.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/cache.h"
#include "libslidetab/table/ident.h"
#include "libslidetab/table/miss.h"
#include "libslidetab/table/name.h"
#include "slidetab.h"

#define LIB_MAX_TABLES  32 /* open exact tables a handle keeps ($SLIDETAB_MAX_TABLES lowers it, for tests) */
#define LIB_MAX_SETS    64 /* more than the classes of 4x4 (3), 5x5, 3x5, 4x5 and their transposes (6 each) together */
#define LIB_MAX_NOTICES 4  /* boards whose fallback notice was sent */
/* Packed bytes up to which a table is checked and loaded whole at open; larger ones load and check
 * one block per lookup miss into a 64-block cache. $SLIDETAB_WHOLE_LOAD (bytes) overrides it, so
 * tests and small devices can use the block cache on any table. */
#define LIB_WHOLE_LOAD ((uint64_t)16 << 20)
/* The largest $SLIDETAB_WHOLE_LOAD: 2^40 bytes, or LONG_MAX where long has 32 bits. */
#if LONG_MAX >= (1LL << 40)
#define LIB_WHOLE_LOAD_MAX (1L << 40)
#else
#define LIB_WHOLE_LOAD_MAX LONG_MAX
#endif

/* slidetab_set_memory's largest default (4 GiB; on 32-bit systems what size_t holds). */
#define LIB_MEMORY_MAX ((uint64_t)SIZE_MAX < ((uint64_t)4 << 30) ? (uint64_t)SIZE_MAX : ((uint64_t)4 << 30))

struct lib_set {
	int rows, cols, cls, status;
	struct slidetab_error err;
	struct pdb_set *set;
	struct pdbfind_files *files;          /* the set's files (NULL: none found) */
	struct file_ident id[PDB_PRESET_MAX]; /* what each named when the set was loaded */
};

struct slidetab {
	uint64_t serial; /* tells this handle's entries in the thread-local cache from another's */
	unsigned flags;
	uint64_t whole_load; /* LIB_WHOLE_LOAD or $SLIDETAB_WHOLE_LOAD */
	_Atomic unsigned max_depth;
	_Atomic unsigned threads;    /* threads inside one search (slidetab_set_threads) */
	_Atomic size_t memory;       /* A*+IDA*'s bytes for one search (slidetab_set_memory) */
	_Atomic uint64_t timeout_us; /* one search's time limit in microseconds, 0 none (slidetab_set_timeout) */
	struct ida_hook progress;    /* fn NULL: none (slidetab_set_progress) */
	struct tabname_path path;
	int from_buffer;
	pthread_mutex_t lock; /* guards opening: tables, misses, nsets, sets[], the notice hook */
	struct tcache tables;
	struct miss_memo misses;
	int nsets, nretired;
	struct lib_set sets[LIB_MAX_SETS];
	struct pdb_set *retired[LIB_MAX_SETS];      /* sets replaced after their files changed, freed at close */
	void (*notice)(void *ctx, const char *msg); /* slidetab_set_notice */
	void *notice_ctx;
	int nnoticed, noticed[LIB_MAX_NOTICES][2]; /* boards (rows, cols) whose notice was sent */
};

/* What one goal needs, cached per thread. */
struct lib_prep {
	uint64_t serial;
	int rows, cols;
	struct board_state goal;
	struct tcache_slot *table;
	uint64_t gen;   /* table's generation when this was worked out */
	double recheck; /* clock_coarse() at which the table's file is due to be looked at again */
	struct frame f;
};

/* Pins the table for this handle, board and goal and sets *p to the calling thread's lib_prep
 * for it (its table pinned: tcache_unpin releases it), working it out unless that holds it
 * already (lookup.c). */
int lookup_prepare(slidetab *db, const struct board *b, const struct board_state *goal, const struct lib_prep **p,
		   struct slidetab_error *err);

/* The pattern-database set for goals with their blank at gb (a searched board), loading it on
 * first use (lookup.c). */
int lookup_set(slidetab *db, const struct board *b, int gb, struct pdb_set **set, struct slidetab_error *err);

#endif
