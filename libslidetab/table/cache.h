/* SPDX-License-Identifier: Zlib */
/* cache: a handle's open exact tables, at most cap of them, the least recently used closed first;
 * a table pinned by a call on any thread is never closed under it.
 *
 * Every function but tcache_pin and tcache_unpin runs under the owner's lock. Slots live until
 * tcache_free, so a pointer to one stays valid for the handle's life; what a slot holds is
 * named by its generation, bumped whenever it is evicted. A caller keeps (slot, generation)
 * without the lock and, before each use, pins the slot and checks the generation (tcache_pin):
 * the evictor bumps the generation before it reads the pins, the caller pins before it reads
 * the generation, so (both sequentially consistent) either the caller sees the new generation
 * and backs off, or the evictor sees the pin and leaves the table open. */
#ifndef SLIDETAB_TCACHE_H
#define SLIDETAB_TCACHE_H

#include <stdatomic.h>
#include <stdint.h>

#include "libslidetab/table/exact.h"
#include "libslidetab/table/ident.h"
#include "libslidetab/table/name.h"

struct tcache_slot {
	int rows, cols, cls; /* the name's board and blank class */
	int status;          /* SLIDETAB_OK: x is open; else why the file was refused (err) */
	int used, keep;      /* used: holds an entry; keep: never evicted (a caller's buffer) */
	uint64_t tick;       /* last use, for eviction */
	_Atomic unsigned pins;
	_Atomic uint64_t gen;
	struct slidetab_error err;
	struct exact x;
	char path[TABNAME_MAX]; /* the file x came from ("" for a caller's buffer) */
	struct file_ident id;   /* what path named when it was opened */
	struct tcache_slot *next;
};

struct tcache {
	struct tcache_slot *head;
	int used, cap;
	uint64_t tick;
};

/* The entry for (rows, cols, cls), marked used now, or NULL. */
struct tcache_slot *tcache_find(struct tcache *c, int rows, int cols, int cls);

/* A slot for a new entry (rows, cols, cls), status unset: when cap entries are held, the least
 * recently used one no call has pinned is closed first; when every one is pinned, the cache grows
 * past cap for a while rather than refuse. NULL only when out of memory. */
struct tcache_slot *tcache_add(struct tcache *c, int rows, int cols, int cls);

/* Closes s's table and frees its slot unless a call holds it (or it is kept); 1 when it did. */
int tcache_drop(struct tcache *c, struct tcache_slot *s);

/* Closes every table and frees every slot. */
void tcache_free(struct tcache *c);

/* Pins s for one call when it still holds generation gen (1), else leaves it unpinned (0). */
static inline int tcache_pin(struct tcache_slot *s, uint64_t gen)
{
	atomic_fetch_add(&s->pins, 1);
	if (atomic_load(&s->gen) == gen)
		return 1;
	atomic_fetch_sub(&s->pins, 1);
	return 0;
}

static inline void tcache_unpin(struct tcache_slot *s)
{
	atomic_fetch_sub_explicit(&s->pins, 1, memory_order_release);
}

#endif
