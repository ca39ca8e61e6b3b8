/* SPDX-License-Identifier: Zlib */
/* cache: a handle's open exact tables, at most cap of them, the least recently used closed first. */
#include "libslidetab/table/cache.h"

#include <stdlib.h>
#include <string.h>

struct tcache_slot *tcache_find(struct tcache *c, int rows, int cols, int cls)
{
	for (struct tcache_slot *s = c->head; s; s = s->next)
		if (s->used && s->rows == rows && s->cols == cols && s->cls == cls) {
			s->tick = ++c->tick;
			return s;
		}
	return NULL;
}

/* Closes s's table unless a call holds it; 1 when s is free again. */
static int evict(struct tcache *c, struct tcache_slot *s)
{
	if (atomic_load(&s->pins) != 0)
		return 0;
	atomic_fetch_add(&s->gen, 1); /* before the pins are read again: see cache.h */
	if (atomic_load(&s->pins) != 0)
		return 0; /* a call pinned it before it saw the new generation: it stays open */
	if (s->status == SLIDETAB_OK && s->x.t)
		exact_close(&s->x);
	s->used = 0;
	c->used--;
	return 1;
}

/* Evicts the least recently used entry that can go; 0 when none can. */
static int evict_one(struct tcache *c)
{
	for (;;) {
		struct tcache_slot *lru = NULL;
		for (struct tcache_slot *s = c->head; s; s = s->next)
			if (s->used && !s->keep && atomic_load(&s->pins) == 0 && (!lru || s->tick < lru->tick))
				lru = s;
		if (!lru)
			return 0;
		if (evict(c, lru))
			return 1;
		lru->tick = ++c->tick; /* pinned meanwhile: try the next one */
	}
}

int tcache_drop(struct tcache *c, struct tcache_slot *s)
{
	return !s->keep && evict(c, s);
}

struct tcache_slot *tcache_add(struct tcache *c, int rows, int cols, int cls)
{
	while (c->used >= c->cap && evict_one(c))
		;
	struct tcache_slot *s = c->head;
	while (s && s->used)
		s = s->next;
	if (!s) {
		if (!(s = calloc(1, sizeof *s)))
			return NULL;
		s->next = c->head;
		c->head = s;
	}
	atomic_fetch_add(&s->gen, 1);
	memset(&s->x, 0, sizeof s->x);
	s->path[0] = '\0';
	s->rows = rows, s->cols = cols, s->cls = cls;
	s->status = SLIDETAB_OK, s->keep = 0, s->used = 1;
	s->tick = ++c->tick;
	c->used++;
	return s;
}

void tcache_free(struct tcache *c)
{
	for (struct tcache_slot *s = c->head, *next; s; s = next) {
		next = s->next;
		if (s->used && s->status == SLIDETAB_OK && s->x.t)
			exact_close(&s->x);
		free(s);
	}
	c->head = NULL;
	c->used = 0;
}
