/* api: the public API (include/slidetab.h): a handle that finds, opens and answers from tables.
 *
 * Boards of at most 12 cells, and 2x7 (7x2), are answered from exact tables (tabname_is_exact),
 * every other board of up to 25 cells by IDA* over pattern databases (the board's own or its
 * transpose's, libslidetab/pdb/find.h). Tables and sets are opened on first use under the
 * handle's lock. Exact tables live in a cache of LIB_MAX_TABLES (table/cache.h: the least recently
 * used is closed first, never one a call is using); sets, at most one per board and class,
 * stay until the handle is closed. A table or set that is missing costs no slot: the miss is
 * remembered for a second (table/miss.h), then looked for again. What a goal needs (its table's
 * slot and generation, and the frame) is worked out once per thread and goal, in a thread-local
 * cache, so the hot path takes no lock, only a pin on the slot; lookups into a table are safe on
 * many threads (table/read.c). */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/api.h"
#include "libslidetab/base/err.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/base/tok.h"
#include "libslidetab/model/board.h"
#include "libslidetab/model/frame.h"
#include "libslidetab/pdb/find.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/cache.h"
#include "libslidetab/table/exact.h"
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

struct lib_set {
	int rows, cols, cls, status;
	struct slidetab_error err;
	struct pdb_set *set;
};

struct slidetab {
	uint64_t serial; /* tells this handle's entries in the thread-local cache from another's */
	unsigned flags;
	uint64_t whole_load; /* LIB_WHOLE_LOAD or $SLIDETAB_WHOLE_LOAD */
	_Atomic unsigned max_depth;
	_Atomic unsigned threads; /* threads inside one search (slidetab_set_threads) */
	struct ida_hook progress; /* fn NULL: none (slidetab_set_progress) */
	struct tabname_path path;
	int from_buffer;
	pthread_mutex_t lock; /* guards opening: tables, misses, nsets, sets[], the notice hook */
	struct tcache tables;
	struct miss_memo misses;
	int nsets;
	struct lib_set sets[LIB_MAX_SETS];
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
	uint64_t gen; /* table's generation when this was worked out */
	struct frame f;
};
static _Thread_local struct lib_prep tls_prep;
static _Atomic uint64_t next_serial = 1;

const char *slidetab_version(void)
{
	return SLIDETAB_VERSION_STRING;
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
	default: return "unknown status";
	}
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
	if (env && *env && tok_parse_long(env, 0, LIB_WHOLE_LOAD_MAX, &v, NULL) == SLIDETAB_OK)
		(*db)->whole_load = (uint64_t)v;
	(*db)->tables.cap = LIB_MAX_TABLES;
	env = getenv("SLIDETAB_MAX_TABLES");
	if (env && *env && tok_parse_long(env, 1, LIB_MAX_TABLES, &v, NULL) == SLIDETAB_OK)
		(*db)->tables.cap = (int)v;
	pthread_mutex_init(&(*db)->lock, NULL);
	atomic_store(&(*db)->threads, 1);
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
	for (int i = 0; i < db->nsets; i++)
		pdb_set_free(db->sets[i].set);
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

int slidetab_set_progress(slidetab *db, slidetab_progress_fn fn, void *ctx, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	/* $SLIDETAB_PROGRESS_AFTER (seconds) moves the first report earlier, so tests need no long search. */
	double after = 1.0;
	const char *env = getenv("SLIDETAB_PROGRESS_AFTER");
	long v;
	if (env && *env && tok_parse_long(env, 0, 3600, &v, NULL) == SLIDETAB_OK)
		after = (double)v;
	pthread_mutex_lock(&db->lock);
	db->progress = (struct ida_hook){ .fn = fn, .ctx = ctx, .after = after, .every = 1.0 };
	pthread_mutex_unlock(&db->lock);
	return SLIDETAB_OK;
}

/* The geometry of rows x cols, worked out once per thread and board. */
static _Thread_local struct {
	int valid, rows, cols;
	struct board b;
} tls_board;

static int geometry(int rows, int cols, const struct board **b, struct slidetab_error *err)
{
	if (!tls_board.valid || tls_board.rows != rows || tls_board.cols != cols) {
		tls_board.valid = 0;
		if (board_init(&tls_board.b, rows, cols) != 0 && rows >= 2 && cols >= 2 &&
		    rows <= BOARD_ANY_MAX_CELLS && cols <= BOARD_ANY_MAX_CELLS && rows * cols <= BOARD_ANY_MAX_CELLS)
			return err_set(err, SLIDETAB_EINVAL,
				       "%dx%d: optimal answers cover boards up to %d cells; slidetab_solve_bounded "
				       "(query --fast, any board, or --within W) answers it",
				       rows, cols, BOARD_MAX_CELLS);
		if (board_init(&tls_board.b, rows, cols) != 0)
			return err_set(err, SLIDETAB_EINVAL, "%dx%d is not a board (" BOARD_RULE ")", rows, cols);
		tls_board.valid = 1, tls_board.rows = rows, tls_board.cols = cols;
	}
	*b = &tls_board.b;
	return SLIDETAB_OK;
}

/* Boards of at least this many cells are searched with every thread inside one search (5x5: seconds to
 * minutes a puzzle); smaller searched boards (4x4: milliseconds) answer several puzzles at once. */
#define API_INNER_CELLS 25

int slidetab_batch_plan(slidetab *db, int rows, int cols, unsigned threads, int *searched, unsigned *per_search,
			struct slidetab_error *err)
{
	const struct board *b;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (!searched || !per_search)
		return err_set(err, SLIDETAB_EINVAL, "no place for the plan (NULL)");
	if (threads < 1 || threads > POOL_MAX_THREADS)
		return err_set(err, SLIDETAB_EINVAL, "%u threads: give 1 to %d", threads, POOL_MAX_THREADS);
	int rc = geometry(rows, cols, &b, err);
	if (rc != SLIDETAB_OK)
		return rc;
	*searched = !tabname_is_exact(rows, cols);
	*per_search = *searched && b->n >= API_INNER_CELLS ? threads : 1;
	return SLIDETAB_OK;
}

unsigned api_batch_threads(unsigned threads, unsigned per_search, size_t n)
{
	if (n == 0 || per_search == 0 || n >= threads / per_search)
		return per_search;
	return threads / (unsigned)n;
}

/* Checks a board's tiles and fills the state. */
static int read_board(const struct board *b, const unsigned char *tiles, const char *what, struct board_state *s,
		      struct slidetab_error *err)
{
	if (!tiles)
		return err_set(err, SLIDETAB_EINVAL, "no %s (NULL)", what);
	memset(s, 0, sizeof *s);
	memcpy(s->t, tiles, (size_t)b->n);
	if (!board_valid(b, s))
		return err_set(err, SLIDETAB_EINVAL, "the %s is not a %dx%d board: it must hold 0..%d once each", what,
			       b->rows, b->cols, b->n - 1);
	return SLIDETAB_OK;
}

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

/* Says which table was refused, unless the message already names it. */
static void refusing(struct slidetab_error *err, const char *path)
{
	if (strstr(err->msg, path))
		err_prefix(err, "refusing table");
	else
		err_prefix(err, "refusing table %s", path);
}

/* Opens the table named for (rows, cols, cls) found at path; db->lock is held. */
static void open_table(slidetab *db, struct tcache_slot *t, const char *path)
{
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

/* The message for a missing table (rows, cols, cls), saying where it looked. */
static int missing(const slidetab *db, int rows, int cols, int cls, struct slidetab_error *err)
{
	char where[TABNAME_MAX * 2], name[TABNAME_MAX];
	tabname_describe(&db->path, where, sizeof where);
	tabname_exact(name, sizeof name, NULL, rows, cols, cls, NULL);
	return err_set(err, SLIDETAB_ENOTABLE,
		       "no table %s (%dx%d, blank in the class of cell %d) in %s; build it with `%s --board %dx%d "
		       "--blank %d%s --dir %s`",
		       name, rows, cols, cls, where, tabname_gen(), rows, cols, cls,
		       rows * cols > 12 ? " --compress compact" : "", db->path.dir[0]);
}

/* The entry for one key (rows, cols, cls): cached, else opened when its file is found now, else
 * NULL (missing: remembered, and looked for again a second later). db->lock is held. */
static struct tcache_slot *table_key(slidetab *db, int rows, int cols, int cls, struct slidetab_error *err)
{
	struct tcache_slot *t = tcache_find(&db->tables, rows, cols, cls);
	char path[TABNAME_MAX];
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

/* Pins the table for this handle, board and goal (tls_prep), working it out unless tls_prep holds it. */
static int prepare(slidetab *db, const struct board *b, const struct board_state *goal, struct slidetab_error *err)
{
	struct lib_prep *p = &tls_prep;
	if (p->serial == db->serial && p->rows == b->rows && p->cols == b->cols &&
	    memcmp(p->goal.t, goal->t, (size_t)b->n) == 0 && tcache_pin(p->table, p->gen))
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
	int rc = pdbfind_load(&db->path, b->rows, b->cols, gb, &set, notice, len, &e);
	if (rc == SLIDETAB_ENOTABLE) {
		miss_note(&db->misses, MISS_SET, b->rows, b->cols, cls, &e);
		if (err)
			*err = e;
		return NULL;
	}
	if (db->nsets == LIB_MAX_SETS) {
		pdb_set_free(set);
		err_set(err, SLIDETAB_ENOMEM, "too many pattern-database sets");
		return NULL;
	}
	miss_forget(&db->misses, MISS_SET, b->rows, b->cols, cls);
	struct lib_set *s = &db->sets[db->nsets++];
	*s = (struct lib_set){ .rows = b->rows, .cols = b->cols, .cls = cls, .status = rc, .err = e, .set = set };
	if (!notice[0] || !db->notice || !notice_due(db, b->rows, b->cols))
		notice[0] = '\0';
	return s;
}

/* The pattern-database set for goals with their blank at gb (a searched board), loading it on first use. */
static int set_for(slidetab *db, const struct board *b, int gb, struct pdb_set **set, struct slidetab_error *err)
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

/* From an exact table: a lookup, then (for a path) a greedy walk in the user's letter order. */
static int answer_exact(slidetab *db, const struct board *b, const struct board_state *s, const struct board_state *g,
			unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	int rc = prepare(db, b, g, err);
	if (rc != SLIDETAB_OK)
		return rc;
	const struct lib_prep *p = &tls_prep;
	struct tcache_slot *t = p->table; /* pinned by prepare */
	struct exact *x = &t->x;
	struct board_state ts;
	memset(&ts, 0, sizeof ts);
	frame_map(&p->f, b->n, s, &ts);
	rc = exact_distance(x, &ts, dist, err);
	if (rc == SLIDETAB_OK && path && *dist >= cap)
		rc = err_set(err, SLIDETAB_EINVAL, "the path has %u moves: it needs %u bytes, the buffer has %zu",
			     *dist, *dist + 1, cap);
	else if (rc == SLIDETAB_OK && path)
		rc = exact_path(x, p->f.dir, &ts, *dist, path, err);
	tcache_unpin(t);
	return rc;
}

/* By IDA* over a pattern-database set: at most max_depth moves (0: no limit), `threads` threads. */
static int search_set(slidetab *db, const struct pdb_set *set, const struct board *b, const struct board_state *s,
		      const struct board_state *g, unsigned max_depth, unsigned threads, unsigned *dist, char *path,
		      size_t cap, struct slidetab_error *err)
{
	int rc;
	struct ida_result *res = malloc(sizeof *res);
	if (!res)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	pthread_mutex_lock(&db->lock);
	struct ida_hook hook = db->progress;
	pthread_mutex_unlock(&db->lock);
	struct ida_request rq = { .set = set,
				  .rows = b->rows,
				  .cols = b->cols,
				  .start = s,
				  .goal = g,
				  .max_depth = (int)max_depth,
				  .threads = (int)threads,
				  .hook = &hook };
	rc = ida_search(&rq, res, err);
	if (rc == SLIDETAB_OK && res->status == IDA_NOT_WITHIN)
		rc = err_set(err, SLIDETAB_ELIMIT, "no solution within %u moves", max_depth);
	else if (rc == SLIDETAB_OK && res->status == IDA_UNSOLVABLE)
		rc = err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	if (rc == SLIDETAB_OK) {
		*dist = (unsigned)res->length;
		if (path && *dist >= cap)
			rc = err_set(err, SLIDETAB_EINVAL,
				     "the path has %u moves: it needs %u bytes, the buffer has %zu", *dist, *dist + 1,
				     cap);
		else if (path)
			memcpy(path, res->path, *dist + 1);
	}
	free(res);
	return rc;
}

/* By IDA* over the pattern databases of the goal's blank class. */
static int answer_search(slidetab *db, const struct board *b, const struct board_state *s, const struct board_state *g,
			 unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	struct pdb_set *set = NULL;
	int rc = set_for(db, b, board_blank(b, g), &set, err);
	if (rc != SLIDETAB_OK)
		return rc;
	return search_set(db, set, b, s, g, atomic_load(&db->max_depth), atomic_load(&db->threads), dist, path, cap,
			  err);
}

/* Answers one puzzle: its distance, and the path when path is not NULL (room for cap bytes). */
static int answer(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		  unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	const struct board *b;
	struct board_state s, g;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	int rc = geometry(rows, cols, &b, err);
	if (rc == SLIDETAB_OK)
		rc = read_board(b, start, "start", &s, err);
	if (rc == SLIDETAB_OK && goal)
		rc = read_board(b, goal, "goal", &g, err);
	else if (rc == SLIDETAB_OK)
		board_goal(b, b->n - 1, &g);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!board_solvable(b, &s, &g))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal (the parities differ)");
	if (!tabname_is_exact(b->rows, b->cols)) /* searched (IDA*), not looked up */
		return answer_search(db, b, &s, &g, dist, path, cap, err);
	return answer_exact(db, b, &s, &g, dist, path, cap, err);
}

int slidetab_distance(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		      unsigned *dist, struct slidetab_error *err)
{
	if (!dist)
		return err_set(err, SLIDETAB_EINVAL, "no place for the distance (NULL)");
	return answer(db, rows, cols, start, goal, dist, NULL, 0, err);
}

int slidetab_path(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal, char *moves,
		  size_t cap, struct slidetab_error *err)
{
	unsigned dist;
	if (!moves || cap == 0)
		return err_set(err, SLIDETAB_EINVAL, "no room for the moves");
	moves[0] = '\0';
	return answer(db, rows, cols, start, goal, &dist, moves, cap, err);
}

/* The internal interface of libslidetab/api.h (batch.c, hint.c). */
int api_goal(slidetab *db, int rows, int cols, const unsigned char *goal, struct api_goal *ag,
	     struct slidetab_error *err)
{
	const struct board *b;
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	int rc = geometry(rows, cols, &b, err);
	if (rc != SLIDETAB_OK)
		return rc;
	memset(ag, 0, sizeof *ag);
	ag->b = *b;
	if (goal && (rc = read_board(b, goal, "goal", &ag->g, err)) != SLIDETAB_OK)
		return rc;
	if (!goal)
		board_goal(b, b->n - 1, &ag->g);
	ag->searched = !tabname_is_exact(rows, cols);
	ag->threads = atomic_load(&db->threads);
	ag->max_depth = atomic_load(&db->max_depth);
	return SLIDETAB_OK;
}

int api_open(slidetab *db, struct api_goal *ag, struct slidetab_error *err)
{
	if (ag->searched)
		return set_for(db, &ag->b, board_blank(&ag->b, &ag->g), &ag->set, err);
	int rc = prepare(db, &ag->b, &ag->g, err); /* pins the table */
	if (rc == SLIDETAB_OK) {
		ag->x = &tls_prep.table->x;
		ag->f = tls_prep.f;
		ag->pin = tls_prep.table;
	}
	return rc;
}

void api_close(struct api_goal *ag)
{
	if (ag->pin)
		tcache_unpin(ag->pin);
	ag->pin = NULL;
}

int api_start(const struct api_goal *ag, const unsigned char *tiles, const char *what, struct board_state *s,
	      struct slidetab_error *err)
{
	return read_board(&ag->b, tiles, what, s, err);
}

int api_search(slidetab *db, const struct api_goal *ag, const struct board_state *s, unsigned max_depth,
	       unsigned threads, unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	return search_set(db, ag->set, &ag->b, s, &ag->g, max_depth, threads, dist, path, cap, err);
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
