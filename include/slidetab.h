/* SPDX-License-Identifier: Zlib */
/* slidetab.h: the public interface of libslidetab, optimal answers for sliding-tile puzzles.
 *
 * libslidetab answers puzzles from the tables that slidetab-gen writes: the exact distance of
 * a start from a goal, the lexicographically smallest optimal move string, or "unsolvable".
 * Boards up to 12 cells (2x2 .. 3x4, 2x6 and their transposes) are answered in O(1) from
 * exact tables, for any goal, and 2x7 (7x2) from its compact table by a walk to the goal; every
 * other board of up to 25 cells (the 15 and 24 puzzles, 3x5, 4x5, ...) by IDA* over pattern
 * databases. Any board up to 256 cells (16x16) gets a valid, not necessarily optimal, path with a proven
 * lower bound from slidetab_solve_bounded (since 0.5.0).
 *
 * Boards are arrays of rows*cols tiles in row-major order, 0 = the blank, tiles 1..rows*cols-1
 * each once. A NULL goal means the tiles in order with the blank last. Moves are the blank's:
 * 'd' (down), 'l', 'r', 'u'; d < l < r < u orders paths lexicographically.
 *
 * Every function returns a status (enum slidetab_status) and, when it is not SLIDETAB_OK and err
 * is not NULL, fills err with the status and a message. err may always be NULL.
 *
 * Threads: a handle may be used by any number of threads at once, except that slidetab_close
 * must not run while another call on the same handle is in progress. Distinct handles share
 * nothing. slidetab_strerror and slidetab_version are always safe.
 *
 * Stability: no struct layout is exposed except struct slidetab_error, and new statuses and
 * functions are only ever added at the end. The library's major version (the .so soname)
 * changes when that promise is broken.
 */
#ifndef SLIDETAB_H
#define SLIDETAB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The release, said here once: the Makefile (the soname, the .pc file, the man pages), the Python
 * package and the programs' --version take it from these three lines, and tests/layout/version.sh
 * checks NEWS, debian/changelog and js/package.json against them. SLIDETAB_VERSION_MAJOR is the
 * soname's: it changes when the stability promise above is broken (make check-abi). */
#define SLIDETAB_VERSION_MAJOR    0
#define SLIDETAB_VERSION_MINOR    7
#define SLIDETAB_VERSION_PATCH    0
#define SLIDETAB_VERSION_STR_(x)  #x
#define SLIDETAB_VERSION_XSTR_(x) SLIDETAB_VERSION_STR_(x)
/* "MAJOR.MINOR.PATCH", e.g. "0.7.0"; SLIDETAB_VERSION_STRING is its name before 0.6.0. */
#define SLIDETAB_VERSION                                                                                               \
	SLIDETAB_VERSION_XSTR_(SLIDETAB_VERSION_MAJOR)                                                                 \
	"." SLIDETAB_VERSION_XSTR_(SLIDETAB_VERSION_MINOR) "." SLIDETAB_VERSION_XSTR_(SLIDETAB_VERSION_PATCH)
#define SLIDETAB_VERSION_STRING SLIDETAB_VERSION

/* Marks the exported functions when the library itself is built (it hides everything else). */
#if defined(SLIDETAB_BUILDING_LIBRARY) && defined(__GNUC__)
#define SLIDETAB_API __attribute__((visibility("default")))
#else
#define SLIDETAB_API
#endif

typedef struct slidetab slidetab;

enum slidetab_status {
	SLIDETAB_OK = 0,
	SLIDETAB_UNSOLVABLE, /* the start cannot reach the goal (a normal answer, not an error) */
	SLIDETAB_EINVAL,     /* a bad argument: board size, tiles, NULL pointer, buffer too small */
	SLIDETAB_ENOTABLE,   /* the table this board and goal need is missing (message: which, and how to build it) */
	SLIDETAB_EFORMAT,    /* a table is damaged or foreign: refused */
	SLIDETAB_EIO,        /* a table could not be read */
	SLIDETAB_ENOMEM,     /* out of memory */
	SLIDETAB_ELIMIT,     /* no solution within the move limit (slidetab_set_max_depth) */
	SLIDETAB_ENOSPC,     /* not enough disk space for a table (the generator) */
	SLIDETAB_ETIMEOUT    /* a search gave up at its time limit (slidetab_set_timeout) */
};

struct slidetab_error {
	int status;    /* the status the call returned */
	char msg[256]; /* what went wrong, and where: NUL-terminated, one line */
};

/* Limits: what the library answers, for callers sizing their arrays. */
#define SLIDETAB_MAX_CELLS         25  /* optimal answers: boards of at most 25 cells (5x5, 4x6, 3x8, 2x12) */
#define SLIDETAB_BOUNDED_MAX_CELLS 256 /* slidetab_solve_bounded: boards of at most 256 cells (16x16) */
/* The longest move string slidetab_path writes (its NUL not counted): char moves[SLIDETAB_MAX_PATH
 * + 1] holds every optimal path (searches stop at 250 moves, exact tables' radii stay below 256). */
#define SLIDETAB_MAX_PATH 255
/* The blank's move letters in their order, d < l < r < u: bit k of slidetab_hint's moves is
 * SLIDETAB_MOVES[k]. */
#define SLIDETAB_MOVES "dlru"

/* Flags for slidetab_open_flags. */
#define SLIDETAB_PRELOAD 1u /* check and load whole tables at first use (for large batches) */

/* Opens a table folder. tables_dir NULL searches $SLIDETAB_TABLES, the user's folder
 * ($XDG_DATA_HOME/slidetab/tables, else ~/.local/share/slidetab/tables), the installed folder,
 * the tables of the Python package or of the uninstalled build tree the code runs from, then
 * ./tables. Tables are opened on first use, so a missing table is reported by the call
 * that needs it (SLIDETAB_ENOTABLE). */
SLIDETAB_API int slidetab_open(slidetab **db, const char *tables_dir, struct slidetab_error *err);

/* The same, with flags (SLIDETAB_PRELOAD). */
SLIDETAB_API int slidetab_open_flags(slidetab **db, const char *tables_dir, unsigned flags, struct slidetab_error *err);

/* Answers from one exact table whose bytes the caller holds (compiled in, or read from flash).
 * The same header, size and CRC checks as a file. A raw table is used in place: the bytes must
 * stay valid and unchanged until slidetab_close; the caller keeps ownership. */
SLIDETAB_API int slidetab_open_buffer(slidetab **db, const void *bytes, size_t len, struct slidetab_error *err);

/* The minimum number of moves from start to goal (SLIDETAB_UNSOLVABLE when there is none). */
SLIDETAB_API int slidetab_distance(slidetab *db, int rows, int cols, const unsigned char *start,
				   const unsigned char *goal, unsigned *dist, struct slidetab_error *err);

/* The lexicographically smallest optimal move string, NUL-terminated, into moves[cap]. Its
 * length is the distance. A buffer too small for it is SLIDETAB_EINVAL (nothing overflows). */
SLIDETAB_API int slidetab_path(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
			       char *moves, size_t cap, struct slidetab_error *err);

/* Boards answered by search (13..25 cells but 2x7): give up beyond max_depth moves (SLIDETAB_ELIMIT); 0 = no limit. */
SLIDETAB_API int slidetab_set_max_depth(slidetab *db, unsigned max_depth, struct slidetab_error *err);

SLIDETAB_API void slidetab_close(slidetab *db);

/* A short English description of a status. */
SLIDETAB_API const char *slidetab_strerror(int status);

/* The library's version, SLIDETAB_VERSION of the header it was built with, e.g. "0.7.0". */
SLIDETAB_API const char *slidetab_version(void);

/* Progress of long searches (boards answered by IDA*): once one search has run for a
 * second, fn(ctx, bound, nodes, seconds, done) is called from the thread that runs it, about once
 * a second and at each new bound (the current cost bound in moves, nodes generated so far,
 * seconds since the search began), and a last time with done = 1 when that search ends. Calls
 * from several threads may overlap. The library itself never prints; fn NULL turns this off.
 * Set it before answering puzzles on other threads. */
typedef void (*slidetab_progress_fn)(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done);
SLIDETAB_API int slidetab_set_progress(slidetab *db, slidetab_progress_fn fn, void *ctx, struct slidetab_error *err);

/* Threads one search may use (boards answered by IDA*); 1 by default, at most 256. The
 * answer, path included, is the same for every count; the progress hook is then called from the
 * thread that called slidetab_distance or slidetab_path. */
SLIDETAB_API int slidetab_set_threads(slidetab *db, unsigned threads, struct slidetab_error *err);

/* Memory one distance search may use (slidetab_distance and slidetab_distances on boards answered
 * by search, with a zero-aware or pbit set): an iteration before the first expected to take about a
 * second, A*+IDA* (Bu & Korf, IJCAI 2019) stores the states nearest the start once each, up to this
 * many bytes, and IDA* runs below them, at each later bound those whose subtrees came nearest the
 * goal in the iteration before first, so the last iteration ends early. By default a quarter of the
 * physical memory, at most 4 GiB; 0 turns it off. Every budget gives the
 * same distances. slidetab_path does not use it: the smallest path needs the frontier in letter
 * order, and A* then costs more than it saves (docs/pdb.md). More bytes than the physical memory
 * (or the address-space limit) is SLIDETAB_EINVAL; memory the system refuses during a search
 * gives a smaller store, never an error. Since 0.7.0. */
SLIDETAB_API int slidetab_set_memory(slidetab *db, size_t bytes, struct slidetab_error *err);

/* Seconds one search may run (boards answered by search) before it gives up with
 * SLIDETAB_ETIMEOUT; 0 (the default) means no limit, and any positive time is a limit (at least a
 * microsecond). Negative or not a number: SLIDETAB_EINVAL. The slack: every thread of the search
 * (plain IDA*, its parallel split, A*+IDA*'s A* and frontier) looks at the clock at least every
 * 262,144 nodes it generates, so it returns within the time that many nodes take a thread after
 * the limit (milliseconds; hook or none). slidetab_solve_bounded does not keep it. Since 0.7.0. */
SLIDETAB_API int slidetab_set_timeout(slidetab *db, double seconds, struct slidetab_error *err);

/* How to spread `threads` threads over a batch of puzzles on rows x cols (as query does): *searched is
 * 1 when each answer is a search (13..25 cells: milliseconds to minutes), 0 when it is looked up in a
 * table (microseconds: answer each as it comes). *per_search is the threads one search should use
 * (slidetab_set_threads); the batch then answers threads / *per_search puzzles at a time. A batch of
 * n puzzles, fewer than that, gets threads / n threads a search (slidetab_batch_threads). */
SLIDETAB_API int slidetab_batch_plan(slidetab *db, int rows, int cols, unsigned threads, int *searched,
				     unsigned *per_search, struct slidetab_error *err);

/* The threads each search of a batch of n searched puzzles gets on `threads` threads, given
 * slidetab_batch_plan's per_search: per_search, or threads / n when the batch holds fewer puzzles
 * than it answers at a time (one 4x4 puzzle: every thread inside its search). The rule query and
 * slidetab_distances follow; inline, so that no symbol is added. Since 0.8.0. */
static inline unsigned slidetab_batch_threads(unsigned threads, unsigned per_search, size_t n)
{
	if (n == 0 || per_search == 0 || n >= threads / per_search)
		return per_search;
	return threads / (unsigned)n;
}

/* Distances of n starts (n*rows*cols tiles, row-major, one board after another) to one goal;
 * dists[i] = SLIDETAB_NO_DISTANCE for an unsolvable start. threads as slidetab_set_threads (spread
 * as slidetab_batch_plan says); max_depth as slidetab_set_max_depth. Every start is answered: when
 * some fail (a bad board, SLIDETAB_ELIMIT, a damaged table block), their dists[i] is
 * SLIDETAB_NO_DISTANCE and the call returns the status of the first of them, its message naming
 * its index. Since 0.4.0. */
#define SLIDETAB_NO_DISTANCE 0xffffffffu
SLIDETAB_API int slidetab_distances(slidetab *db, int rows, int cols, size_t n, const unsigned char *starts,
				    const unsigned char *goal, unsigned *dists, struct slidetab_error *err);

/* The distance and every optimal first move: bit 0 'd', bit 1 'l', bit 2 'r', bit 3 'u'
 * (0 at the goal): the moves whose neighbour is one move closer to the goal. Since 0.4.0. */
SLIDETAB_API int slidetab_hint(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
			       unsigned *dist, unsigned *moves, struct slidetab_error *err);

/* Notices (the library never prints): when a 5x5 answer has to use a much slower pattern-database
 * set because the stronger one (6-6-6-6) is missing, fn(ctx, msg) is called once per handle with
 * a one-line msg that names the set used and the make target (or gen command) that builds the
 * stronger one, from the thread whose answer loaded the set; and on 4x4 and 5x5 when a folder
 * holds some of a stronger preset's files but not all, msg names the files it lacks. fn NULL
 * turns this off. Set it before answering puzzles. */
SLIDETAB_API int slidetab_set_notice(slidetab *db, void (*fn)(void *ctx, const char *msg), void *ctx,
				     struct slidetab_error *err);

/* A path that is valid but not necessarily optimal, for any rows x cols board with 2 <= rows, cols
 * and rows*cols <= 256 (tiles 0..rows*cols-1; goal NULL: tiles in order, blank last), and a proven
 * lower bound on the optimum. within 0 (fast): a constructive solution in milliseconds however
 * long (16x16: thousands of moves), any board; within >= 1: a path of at most within times the
 * optimum, proven by weighted IDA* over the board's pattern databases (boards with exact tables
 * get their optimal path); boards without them are SLIDETAB_ENOTABLE, its message naming how to
 * build them. Any other within (0 < within < 1, NaN, negative, infinite) is SLIDETAB_EINVAL.
 * moves[cap] gets the NUL-terminated move string (a buffer too small for it: SLIDETAB_EINVAL, the
 * message saying the size needed, nothing written past cap); *length its length; *lower_bound
 * a number of moves no path is shorter than (Manhattan distance with linear conflicts for fast;
 * max(h(start), ceil(length / within)) for within), of the length's parity, <= *length.
 * slidetab_set_max_depth limits the within search's path length (SLIDETAB_ELIMIT). Since 0.5.0. */
SLIDETAB_API int slidetab_solve_bounded(slidetab *db, int rows, int cols, const unsigned char *start,
					const unsigned char *goal, double within, char *moves, size_t cap,
					unsigned *length, unsigned *lower_bound, struct slidetab_error *err);

#ifdef __cplusplus
}
#endif

#endif
