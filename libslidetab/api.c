/* slidetab: the public API (include/slidetab.h): a handle that finds, opens and answers from tables.
 *
 * Boards of at most 12 cells, and 2x7 (7x2), are answered from exact tables (tabname_is_exact),
 * 4x4 and 5x5 by IDA* over pattern databases. Tables and sets are opened on first use under the handle's lock and never
 * closed before the handle, so a pointer to one stays valid. What a goal needs (its table and
 * frame) is worked out once per thread and goal, in a thread-local cache, so the hot path takes
 * no lock; lookups into a table are safe on many threads (core/table.c). */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "slidetab.h"
#include "libslidetab/model/board.h"
#include "libslidetab/base/err.h"
#include "libslidetab/table/exact.h"
#include "libslidetab/model/frame.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/pdb/find.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/table/name.h"
#include "libslidetab/base/tok.h"

#define LIB_MAX_TABLES 32
#define LIB_MAX_SETS 8
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

/* One table file (or the caller's buffer), opened once; a failure is remembered too. */
struct lib_table {
	int rows, cols, cls; /* the name's board and blank class */
	int status;
	struct slidetab_error err;
	struct exact x;
};

struct lib_set {
	int cls, status;
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
	pthread_mutex_t lock; /* guards opening: ntables, tables[], nsets, sets[] */
	int ntables, nsets;
	struct lib_table tables[LIB_MAX_TABLES];
	struct lib_set sets[LIB_MAX_SETS];
};

/* What one goal needs, cached per thread. */
struct lib_prep {
	uint64_t serial;
	int rows, cols;
	struct board_state goal;
	struct lib_table *table;
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
	pthread_mutex_init(&(*db)->lock, NULL);
	atomic_store(&(*db)->threads, 1);
	return SLIDETAB_OK;
}

int slidetab_open_flags(slidetab **db, const char *tables_dir, unsigned flags, struct slidetab_error *err)
{
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
	struct lib_table *t = &(*db)->tables[0];
	rc = exact_open_buffer(&t->x, bytes, len, 0, err);
	if (rc == SLIDETAB_OK && table_packed_bytes(t->x.meta->entries, t->x.meta->entry_bits) <= (*db)->whole_load)
		rc = table_check_all(t->x.t, err);
	if (rc != SLIDETAB_OK) {
		if (t->x.t)
			exact_close(&t->x);
		slidetab_close(*db);
		*db = NULL;
		return rc;
	}
	t->rows = t->x.b.rows, t->cols = t->x.b.cols, t->cls = board_blank_class(&t->x.b, t->x.goal_blank);
	(*db)->ntables = 1;
	(*db)->from_buffer = 1;
	return SLIDETAB_OK;
}

void slidetab_close(slidetab *db)
{
	if (!db)
		return;
	for (int i = 0; i < db->ntables; i++)
		if (db->tables[i].status == SLIDETAB_OK && db->tables[i].x.t)
			exact_close(&db->tables[i].x);
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
	pthread_mutex_lock(&db->lock);
	db->progress = (struct ida_hook){ .fn = fn, .ctx = ctx, .after = 1.0, .every = 1.0 };
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
		if (tabname_exact(path, len, db->path.dir[d], rows, cols, cls, NULL) == SLIDETAB_OK && stat(path, &st) == 0)
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
static void open_table(slidetab *db, struct lib_table *t, const char *path)
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
		t->status = err_set(&t->err, SLIDETAB_EFORMAT,
				    "refusing table %s: its header describes %dx%d with the blank at cell %d, not %dx%d with "
				    "the blank in the class of cell %d",
				    path, t->x.b.rows, t->x.b.cols, t->x.goal_blank, t->rows, t->cols, t->cls);
		exact_close(&t->x);
	}
}

/* The remembered entry for (rows, cols, cls), or NULL. db->lock is held. */
static struct lib_table *known_table(slidetab *db, int rows, int cols, int cls)
{
	for (int i = 0; i < db->ntables; i++)
		if (db->tables[i].rows == rows && db->tables[i].cols == cols && db->tables[i].cls == cls)
			return &db->tables[i];
	return NULL;
}

static struct lib_table *new_entry(slidetab *db, int rows, int cols, int cls)
{
	if (db->ntables == LIB_MAX_TABLES)
		return NULL;
	struct lib_table *t = &db->tables[db->ntables++];
	t->rows = rows, t->cols = cols, t->cls = cls;
	return t;
}

/* Remembers that no table for the goal's class exists, with a message that says where it looked. */
static void missing(slidetab *db, struct lib_table *t)
{
	char where[TABNAME_MAX * 2], name[TABNAME_MAX];
	tabname_describe(&db->path, where, sizeof where);
	tabname_exact(name, sizeof name, NULL, t->rows, t->cols, t->cls, NULL);
	t->status = err_set(&t->err, SLIDETAB_ENOTABLE,
			    "no table %s (%dx%d, blank in the class of cell %d) in %s; build it with `gen --board %dx%d "
			    "--blank %d%s --dir %s`",
			    name, t->rows, t->cols, t->cls, where, t->rows, t->cols, t->cls,
			    t->rows * t->cols > 12 ? " --compress compact" : "", db->path.dir[0]);
}

/* The table that answers goals with their blank at gb on rows x cols, opening it on first use:
 * the board's own orientation first, then its transpose. db->lock is held. */
static struct lib_table *table_locked(slidetab *db, int rows, int cols, int gb, struct slidetab_error *err)
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
	for (int k = 0; k < nkeys; k++) {
		struct lib_table *t = known_table(db, keys[k][0], keys[k][1], keys[k][2]);
		if (t && t->status != SLIDETAB_ENOTABLE)
			return t;
		char path[TABNAME_MAX];
		if (t || db->from_buffer || find_file(db, keys[k][0], keys[k][1], keys[k][2], path, sizeof path) != 0)
			continue;
		if (!(t = new_entry(db, keys[k][0], keys[k][1], keys[k][2])))
			break;
		open_table(db, t, path);
		return t;
	}
	struct lib_table *t = known_table(db, keys[0][0], keys[0][1], keys[0][2]);
	if (!t && !db->from_buffer && (t = new_entry(db, keys[0][0], keys[0][1], keys[0][2])) != NULL)
		missing(db, t);
	if (!t)
		err_set(err, SLIDETAB_ENOTABLE,
			db->from_buffer ? "the table buffer holds no table for %dx%d with the blank at cell %d"
					: "too many tables open for %dx%d (blank at cell %d)",
			rows, cols, gb);
	return t;
}

/* Fills tls_prep for this handle, board and goal, unless it already holds them. */
static int prepare(slidetab *db, const struct board *b, const struct board_state *goal, struct slidetab_error *err)
{
	struct lib_prep *p = &tls_prep;
	if (p->serial == db->serial && p->rows == b->rows && p->cols == b->cols &&
	    memcmp(p->goal.t, goal->t, (size_t)b->n) == 0)
		return SLIDETAB_OK;
	p->serial = 0;
	pthread_mutex_lock(&db->lock);
	struct lib_table *t = table_locked(db, b->rows, b->cols, board_blank(b, goal), err);
	pthread_mutex_unlock(&db->lock);
	if (!t)
		return SLIDETAB_ENOTABLE;
	if (t->status != SLIDETAB_OK) {
		if (err)
			*err = t->err;
		return t->status;
	}
	if (frame_find(b->rows, b->cols, goal, &t->x.b, &t->x.goal, &p->f) != 0)
		return err_set(err, SLIDETAB_ENOTABLE, "the table for %dx%d answers goals with the blank in another class",
			       b->rows, b->cols);
	p->table = t;
	p->rows = b->rows, p->cols = b->cols, p->goal = *goal;
	p->serial = db->serial;
	return SLIDETAB_OK;
}

/* The pattern-database set for goals with their blank at gb (4x4, 5x5), loading it on first use. */
static int set_for(slidetab *db, const struct board *b, int gb, struct pdb_set **set, struct slidetab_error *err)
{
	int cls = board_blank_class(b, gb);
	pthread_mutex_lock(&db->lock);
	struct lib_set *s = NULL;
	for (int i = 0; i < db->nsets && !s; i++)
		if (db->sets[i].cls == cls)
			s = &db->sets[i];
	if (!s && db->nsets < LIB_MAX_SETS) {
		s = &db->sets[db->nsets++];
		s->cls = cls;
		s->status = db->from_buffer ? err_set(&s->err, SLIDETAB_ENOTABLE, "a table buffer answers only its own board")
					    : pdbfind_load(&db->path, b->rows, b->cols, gb, &s->set, &s->err);
	}
	pthread_mutex_unlock(&db->lock);
	if (!s)
		return err_set(err, SLIDETAB_ENOMEM, "too many pattern-database sets");
	if (s->status != SLIDETAB_OK && err)
		*err = s->err;
	*set = s->set;
	return s->status;
}

/* From an exact table: a lookup, then (for a path) a greedy walk in the user's letter order. */
static int answer_exact(slidetab *db, const struct board *b, const struct board_state *s,
			const struct board_state *g, unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	int rc = prepare(db, b, g, err);
	if (rc != SLIDETAB_OK)
		return rc;
	const struct lib_prep *p = &tls_prep;
	struct exact *x = &p->table->x;
	struct board_state ts;
	memset(&ts, 0, sizeof ts);
	frame_map(&p->f, b->n, s, &ts);
	if ((rc = exact_distance(x, &ts, dist, err)) != SLIDETAB_OK || !path)
		return rc;
	if (*dist >= cap)
		return err_set(err, SLIDETAB_EINVAL, "the path has %u moves: it needs %u bytes, the buffer has %zu", *dist,
			       *dist + 1, cap);
	return exact_path(x, p->f.dir, &ts, *dist, path, err);
}

/* By IDA* over the pattern databases of the goal's blank class. */
static int answer_search(slidetab *db, const struct board *b, const struct board_state *s,
			 const struct board_state *g, unsigned *dist, char *path, size_t cap, struct slidetab_error *err)
{
	struct pdb_set *set = NULL;
	int rc = set_for(db, b, board_blank(b, g), &set, err);
	if (rc != SLIDETAB_OK)
		return rc;
	struct ida_result *res = malloc(sizeof *res);
	if (!res)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory");
	pthread_mutex_lock(&db->lock);
	struct ida_hook hook = db->progress;
	pthread_mutex_unlock(&db->lock);
	rc = ida_solve_par(set, s, g, (int)atomic_load(&db->max_depth), (int)atomic_load(&db->threads), &hook, res,
			   err);
	if (rc == SLIDETAB_OK && res->status == IDA_NOT_WITHIN)
		rc = err_set(err, SLIDETAB_ELIMIT, "no solution within %u moves", atomic_load(&db->max_depth));
	else if (rc == SLIDETAB_OK && res->status == IDA_UNSOLVABLE)
		rc = err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	if (rc == SLIDETAB_OK) {
		*dist = (unsigned)res->length;
		if (path && *dist >= cap)
			rc = err_set(err, SLIDETAB_EINVAL, "the path has %u moves: it needs %u bytes, the buffer has %zu",
				     *dist, *dist + 1, cap);
		else if (path)
			memcpy(path, res->path, *dist + 1);
	}
	free(res);
	return rc;
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

int slidetab_path(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		  char *moves, size_t cap, struct slidetab_error *err)
{
	unsigned dist;
	if (!moves || cap == 0)
		return err_set(err, SLIDETAB_EINVAL, "no room for the moves");
	moves[0] = '\0';
	return answer(db, rows, cols, start, goal, &dist, moves, cap, err);
}
