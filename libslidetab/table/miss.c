/* SPDX-License-Identifier: Zlib */
/* miss: what a handle remembers of the tables and sets it did not find, and when it looked. */
#include "libslidetab/table/miss.h"

#include <time.h>

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static struct miss_entry *lookup(const struct miss_memo *m, int kind, int rows, int cols, int cls)
{
	for (int i = 0; i < MISS_MAX; i++) {
		const struct miss_entry *e = &m->e[i];
		if (e->used && e->kind == kind && e->rows == rows && e->cols == cols && e->cls == cls)
			return (struct miss_entry *)e;
	}
	return NULL;
}

const struct miss_entry *miss_recent(const struct miss_memo *m, int kind, int rows, int cols, int cls)
{
	const struct miss_entry *e = lookup(m, kind, rows, cols, cls);
	return e && now_ns() - e->when < MISS_RECHECK_NS ? e : NULL;
}

const struct miss_entry *miss_find(const struct miss_memo *m, int kind, int rows, int cols, int cls)
{
	return lookup(m, kind, rows, cols, cls);
}

void miss_note(struct miss_memo *m, int kind, int rows, int cols, int cls, const struct slidetab_error *err)
{
	struct miss_entry *e = lookup(m, kind, rows, cols, cls);
	for (int i = 0; !e && i < MISS_MAX; i++)
		if (!m->e[i].used)
			e = &m->e[i];
	if (!e) {
		e = &m->e[m->next];
		m->next = (m->next + 1) % MISS_MAX;
	}
	*e = (struct miss_entry){ .used = 1, .kind = kind, .rows = rows, .cols = cols, .cls = cls, .when = now_ns() };
	if (err)
		e->err = *err;
}

void miss_forget(struct miss_memo *m, int kind, int rows, int cols, int cls)
{
	struct miss_entry *e = lookup(m, kind, rows, cols, cls);
	if (e)
		e->used = 0;
}
