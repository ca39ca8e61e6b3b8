/* SPDX-License-Identifier: Zlib */
/* miss: what a handle remembers of the tables and sets it did not find, so that it looks for each
 * again at most once every MISS_RECHECK_NS and not on every call.
 *
 * A miss costs no slot of the table cache: the memo holds MISS_MAX entries and forgets the oldest
 * when full (a forgotten miss is only looked for again sooner). Runs under the owner's lock. */
#ifndef SLIDETAB_MISS_H
#define SLIDETAB_MISS_H

#include <stdint.h>

#include "libslidetab/base/err.h"

#define MISS_MAX        64
#define MISS_RECHECK_NS 1000000000ull /* one second */

enum miss_kind { MISS_TABLE = 0, MISS_SET = 1 };

struct miss_entry {
	int used, kind, rows, cols, cls;
	uint64_t when; /* CLOCK_MONOTONIC, ns */
	struct slidetab_error err;
};

struct miss_memo {
	int next; /* the entry a new miss replaces when every one is used */
	struct miss_entry e[MISS_MAX];
};

/* The remembered miss of (kind, rows, cols, cls) when it was looked for less than MISS_RECHECK_NS
 * ago, else NULL (look again). */
const struct miss_entry *miss_recent(const struct miss_memo *m, int kind, int rows, int cols, int cls);

/* The remembered miss of (kind, rows, cols, cls) however old, or NULL. */
const struct miss_entry *miss_find(const struct miss_memo *m, int kind, int rows, int cols, int cls);

/* Remembers that (kind, rows, cols, cls) was looked for now and not found, with its message. */
void miss_note(struct miss_memo *m, int kind, int rows, int cols, int cls, const struct slidetab_error *err);

/* Forgets (kind, rows, cols, cls): it was found. */
void miss_forget(struct miss_memo *m, int kind, int rows, int cols, int cls);

#endif
