/* SPDX-License-Identifier: Zlib */
/* lookup: finds and opens a handle's exact tables (its cache, table/cache.h) and pattern-database
 * sets, under the handle's lock, and remembers what is missing for a second (table/miss.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/base/clock.h"
#include "libslidetab/base/err.h"
#include "libslidetab/handle.h"
#include "libslidetab/pdb/find.h"
#include "libslidetab/table/exact.h"
#include "slidetab.h"

static _Thread_local struct lib_prep tls_prep;

/* The table file for (rows, cols, cls): the first folder of the search path that has it. */
static int find_file(const slidetab *db, int rows, int cols, int cls, char *path, size_t len)
{
	for (int d = 0; d < db->path.count; d++) {
		struct stat st;
		if (tabname_exact(path, len, db->path.dir[d], rows, cols, cls, NULL) == SLIDETAB_OK &&
		    stat(path, &st) == 0)
			return 0;
	}
	return -1;
}

/* Says which table was refused, unless the message already names it (a long path may be shortened
 * in its middle: its file name is looked for). */
static void refusing(struct slidetab_error *err, const char *path)
{
	const char *base = strrchr(path, '/');
	if (strstr(err->msg, base ? base + 1 : path))
		err_prefix(err, "refusing table");
	else
		err_prefix(err, "refusing table %s", path);
}

/* Opens the table named for (rows, cols, cls) found at path; db->lock is held. */
static void open_table(slidetab *db, struct tcache_slot *t, const char *path)
{
	snprintf(t->path, sizeof t->path, "%s", path);
	ident_take(&t->id, path);
	t->status = exact_open(&t->x, path, db->flags & SLIDETAB_PRELOAD ? TABLE_PRELOAD : 0, &t->err);
	if (t->status != SLIDETAB_OK) {
		refusing(&t->err, path);
		return;
	}
	uint64_t packed = table_packed_bytes(t->x.meta->entries, t->x.meta->entry_bits);
	if (packed <= db->whole_load && (t->status = table_check_all(t->x.t, &t->err)) != SLIDETAB_OK) {
		refusing(&t->err, path);
		exact_close(&t->x);
		return;
	}
	/* The header must fit the name: the board or its transpose, the blank in the named class. */
	struct board nb;
	struct board_state ng;
	struct frame f;
	board_init(&nb, t->rows, t->cols);
	board_goal(&nb, t->cls, &ng);
	if (frame_find(t->rows, t->cols, &ng, &t->x.b, &t->x.goal, &f) != 0) {
		t->status = err_set(
			&t->err, SLIDETAB_EFORMAT,
			"refusing table %s: its header describes %dx%d with the blank at cell %d, not %dx%d with "
			"the blank in the class of cell %d",
			path, t->x.b.rows, t->x.b.cols, t->x.goal_blank, t->rows, t->cols, t->cls);
		exact_close(&t->x);
	}
}

/* The message for a missing table (rows, cols, cls), saying where it looked and how to build it. */
static int missing(const slidetab *db, int rows, int cols, int cls, struct slidetab_error *err)
{
	char what[128], name[64], args[96];
	tabname_exact(name, sizeof name, NULL, rows, cols, cls, NULL);
	snprintf(what, sizeof what, "table %s (%dx%d, blank in the class of cell %d)", name, rows, cols, cls);
	snprintf(args, sizeof args, "--board %dx%d --blank %d%s", rows, cols, cls,
		 rows * cols > 12 ? " --compress compact" : "");
	return tabname_missing(&db->path, SLIDETAB_ENOTABLE, NULL, what, "it", args, err);
}

/* The entry for one key (rows, cols, cls): cached, else opened when its file is found now, else
 * NULL (missing: remembered, and looked for again a second later). db->lock is held. */
static struct tcache_slot *table_key(slidetab *db, int rows, int cols, int cls, struct slidetab_error *err)
{
	struct tcache_slot *t = tcache_find(&db->tables, rows, cols, cls);
	char path[TABNAME_MAX];
	if (t && t->path[0] && ident_changed(&t->id, t->path, clock_coarse()) && tcache_drop(&db->tables, t))
		t = NULL; /* its file was changed under the handle: opened (and checked) again below */
	if (t || db->from_buffer || miss_recent(&db->misses, MISS_TABLE, rows, cols, cls))
		return t;
	if (find_file(db, rows, cols, cls, path, sizeof path) != 0) {
		struct slidetab_error e;
		missing(db, rows, cols, cls, &e);
		miss_note(&db->misses, MISS_TABLE, rows, cols, cls, &e);
		return NULL;
	}
	miss_forget(&db->misses, MISS_TABLE, rows, cols, cls);
	if (!(t = tcache_add(&db->tables, rows, cols, cls))) {
		err_set(err, SLIDETAB_ENOMEM, "out of memory for the table %s", path);
		return NULL;
	}
	open_table(db, t, path);
	return t;
}

/* The table that answers goals with their blank at gb on rows x cols, opening it on first use:
 * the board's own orientation first, then its transpose. NULL with err filled when there is none.
 * db->lock is held. */
static struct tcache_slot *table_locked(slidetab *db, int rows, int cols, int gb, struct slidetab_error *err)
{
	struct board b;
	board_init(&b, rows, cols);
	int keys[2][3] = { { rows, cols, board_blank_class(&b, gb) }, { 0, 0, 0 } }, nkeys = 1;
	if (rows != cols) {
		struct board bt;
		board_init(&bt, cols, rows);
		int tgb = (gb % cols) * rows + gb / cols;
		keys[1][0] = cols, keys[1][1] = rows, keys[1][2] = board_blank_class(&bt, tgb);
		nkeys = 2;
	}
	struct slidetab_error e = { 0 };
	for (int k = 0; k < nkeys; k++) {
		struct tcache_slot *t = table_key(db, keys[k][0], keys[k][1], keys[k][2], &e);
		if (t)
			return t;
		if (e.status == SLIDETAB_ENOMEM) {
			if (err)
				*err = e;
			return NULL;
		}
	}
	const struct miss_entry *m = miss_find(&db->misses, MISS_TABLE, keys[0][0], keys[0][1], keys[0][2]);
	if (db->from_buffer)
		err_set(err, SLIDETAB_ENOTABLE, "the table buffer holds no table for %dx%d with the blank at cell %d",
			rows, cols, gb);
	else if (m && err)
		*err = m->err; /* the message made when the miss was noted */
	else
		missing(db, keys[0][0], keys[0][1], keys[0][2], err);
	return NULL;
}

int lookup_prepare(slidetab *db, const struct board *b, const struct board_state *goal, const struct lib_prep **pp,
		   struct slidetab_error *err)
{
	struct lib_prep *p = &tls_prep;
	*pp = p;
	if (p->serial == db->serial && p->rows == b->rows && p->cols == b->cols &&
	    memcmp(p->goal.t, goal->t, (size_t)b->n) == 0 && clock_coarse() < p->recheck &&
	    tcache_pin(p->table, p->gen))
		return SLIDETAB_OK;
	p->serial = 0;
	struct slidetab_error e = { 0 };
	pthread_mutex_lock(&db->lock);
	struct tcache_slot *t = table_locked(db, b->rows, b->cols, board_blank(b, goal), &e);
	int rc = t ? t->status : e.status;
	if (t && rc != SLIDETAB_OK)
		e = t->err;
	else if (t) {
		p->table = t;
		p->gen = atomic_load(&t->gen);
		p->recheck = t->path[0] ? t->id.next : HUGE_VAL;
		atomic_fetch_add(&t->pins, 1); /* no eviction runs: the lock is held */
	}
	pthread_mutex_unlock(&db->lock);
	if (rc != SLIDETAB_OK) {
		if (err)
			*err = e;
		return rc;
	}
	if (frame_find(b->rows, b->cols, goal, &t->x.b, &t->x.goal, &p->f) != 0) {
		tcache_unpin(t);
		return err_set(err, SLIDETAB_ENOTABLE,
			       "the table for %dx%d answers goals with the blank in another class", b->rows, b->cols);
	}
	p->rows = b->rows, p->cols = b->cols, p->goal = *goal;
	p->serial = db->serial;
	return SLIDETAB_OK;
}

/* Whether the fallback notice for rows x cols is still to be sent (and marks it sent). db->lock is held. */
static int notice_due(slidetab *db, int rows, int cols)
{
	for (int i = 0; i < db->nnoticed; i++)
		if (db->noticed[i][0] == rows && db->noticed[i][1] == cols)
			return 0;
	if (db->nnoticed == LIB_MAX_NOTICES)
		return 0;
	db->noticed[db->nnoticed][0] = rows, db->noticed[db->nnoticed][1] = cols;
	db->nnoticed++;
	return 1;
}

/* Loads the set for (rows, cols, cls) into a new entry, or remembers its miss. db->lock is held. */
static struct lib_set *load_set(slidetab *db, const struct board *b, int gb, int cls, char *notice, size_t len,
				struct slidetab_error *err)
{
	struct pdb_set *set = NULL;
	struct slidetab_error e = { 0 };
	struct pdbfind_files *files = malloc(sizeof *files);
	if (!files) {
		err_set(err, SLIDETAB_ENOMEM, "out of memory");
		return NULL;
	}
	int rc = pdbfind_load(&db->path, b->rows, b->cols, gb, &set, files, notice, len, &e);
	if (rc == SLIDETAB_ENOTABLE) {
		free(files);
		miss_note(&db->misses, MISS_SET, b->rows, b->cols, cls, &e);
		if (err)
			*err = e;
		return NULL;
	}
	if (db->nsets == LIB_MAX_SETS) {
		free(files);
		pdb_set_free(set);
		err_set(err, SLIDETAB_ENOMEM, "too many pattern-database sets");
		return NULL;
	}
	miss_forget(&db->misses, MISS_SET, b->rows, b->cols, cls);
	struct lib_set *s = &db->sets[db->nsets++];
	*s = (struct lib_set){ .rows = b->rows, .cols = b->cols, .cls = cls, .status = rc, .err = e, .set = set };
	s->files = files;
	for (int k = 0; k < files->n; k++)
		ident_take(&s->id[k], files->path[k]);
	if (!notice[0] || !db->notice || !notice_due(db, b->rows, b->cols))
		notice[0] = '\0';
	return s;
}

/* 1 when a file of s changed since it was loaded (each looked at at most once a second). db->lock is held. */
static int set_changed(struct lib_set *s)
{
	int changed = 0;
	double now = clock_coarse();
	for (int k = 0; s->files && k < s->files->n; k++)
		changed |= ident_changed(&s->id[k], s->files->path[k], now);
	return changed;
}

/* Loads s's set again after its files changed. The old set stays allocated until the handle is
 * closed (a search on another thread may be reading it); with no room left to keep it, s is
 * refused instead. db->lock is held. */
static void reload_set(slidetab *db, const struct board *b, int gb, struct lib_set *s)
{
	if (db->nretired == LIB_MAX_SETS) {
		s->status = err_set(&s->err, SLIDETAB_EFORMAT,
				    "the pattern databases for %dx%d changed on disk %d times since the handle was "
				    "opened: open it again",
				    b->rows, b->cols, LIB_MAX_SETS);
		return;
	}
	if (s->set)
		db->retired[db->nretired++] = s->set;
	s->set = NULL;
	s->err = (struct slidetab_error){ 0 };
	s->status = pdbfind_load(&db->path, b->rows, b->cols, gb, &s->set, s->files, NULL, 0, &s->err);
	for (int k = 0; k < s->files->n; k++)
		ident_take(&s->id[k], s->files->path[k]);
}

int lookup_set(slidetab *db, const struct board *b, int gb, struct pdb_set **set, struct slidetab_error *err)
{
	int cls = board_blank_class(b, gb);
	char notice[sizeof err->msg] = "";
	if (db->from_buffer)
		return err_set(err, SLIDETAB_ENOTABLE, "a table buffer answers only its own board");
	pthread_mutex_lock(&db->lock);
	struct lib_set *s = NULL;
	for (int i = 0; i < db->nsets && !s; i++)
		if (db->sets[i].rows == b->rows && db->sets[i].cols == b->cols && db->sets[i].cls == cls)
			s = &db->sets[i];
	if (s && set_changed(s))
		reload_set(db, b, gb, s);
	const struct miss_entry *m = s ? NULL : miss_recent(&db->misses, MISS_SET, b->rows, b->cols, cls);
	struct slidetab_error e = { 0 };
	if (m)
		e = m->err;
	else if (!s)
		s = load_set(db, b, gb, cls, notice, sizeof notice, &e);
	void (*fn)(void *, const char *) = db->notice;
	void *ctx = db->notice_ctx;
	pthread_mutex_unlock(&db->lock);
	if (notice[0])
		fn(ctx, notice); /* outside the lock: fn may call the library */
	if (s && s->status != SLIDETAB_OK)
		e = s->err;
	if (!s || s->status != SLIDETAB_OK) {
		if (err)
			*err = e;
		return e.status;
	}
	*set = s->set;
	return SLIDETAB_OK;
}
