/* SPDX-License-Identifier: Zlib */
/* wasm: the freestanding WebAssembly entry over lite/ (docs/web.md lists and explains every export). */
#include "lite/slidetab_lite.h"
#include "lite/slidetab_lite_solve.h" /* its statuses; the solver itself only with STW_SOLVER */

#define STW_EXPORT(name) __attribute__((export_name(name)))

enum {
	STW_MAX_TABLES = 32, /* open exact tables, one instance */
	STW_MAX_SETS = 4,    /* open pattern-database sets */
	STW_MAX_FILES = 8,   /* files of one set */
	STW_CELLS = 16,      /* the largest board: 4x4 */
	STW_MOVES = 256      /* room for a move string and its NUL */
};
#define NO_BOUND 0xffffu /* answer()'s maxlen that bounds nothing */

/* The I/O block the caller writes positions into and reads answers from (stw_io()). */
static struct {
	unsigned char start[STW_CELLS], goal[STW_CELLS];
	char moves[STW_MOVES];
} io;

static struct slidetab_lite tables[STW_MAX_TABLES];
static int ntables;
static unsigned long nodes; /* the nodes the last distance, path or hint call's searches generated */
#ifdef STW_SOLVER
static struct slidetab_lite_pdb sets[STW_MAX_SETS];
static int nsets;
#endif

/* The arena: bytes handed out once each, from the end of the static data, the linear memory grown
 * in 64 KiB pages as it fills. Nothing is freed: an instance lives as long as its tables. */
extern unsigned char __heap_base;
static unsigned long arena_top;

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;
	while (n--)
		*p++ = *q++;
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

/* n bytes, 16-aligned, or 0 when memory cannot grow that far. */
STW_EXPORT("stw_alloc") void *stw_alloc(unsigned long n)
{
	if (!arena_top)
		arena_top = ((unsigned long)&__heap_base + 15) & ~15ul;
	unsigned long end = arena_top + n, have = __builtin_wasm_memory_size(0) * 65536ul;
	if (n > 0xfffffff0ul - arena_top)
		return 0;
	if (end > have && __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) == (unsigned long)-1)
		return 0;
	void *p = (void *)arena_top;
	arena_top = (end + 15) & ~15ul;
	return p;
}

/* The I/O block: start at +0, goal at +16 (16 tile bytes each), the moves' NUL-terminated string at +32. */
STW_EXPORT("stw_io") void *stw_io(void)
{
	return &io;
}

/* Opens the exact table in bytes[len) (kept in place): its handle, 0 or more, or minus a status. */
STW_EXPORT("stw_open_table") int stw_open_table(const void *bytes, unsigned long len)
{
	if (ntables >= STW_MAX_TABLES)
		return -SLIDETAB_LITE_EINVAL;
	int rc = slidetab_lite_open(&tables[ntables], bytes, len);
	return rc ? -rc : ntables++;
}

/* Opens a pattern-database set of n files, file i at ptrs[i], lens[i] bytes (u32 arrays):
 * its handle (STW_MAX_TABLES or more), or minus a status; -3 when this build has no solver. */
STW_EXPORT("stw_open_set") int stw_open_set(const unsigned long *ptrs, const unsigned long *lens, int n)
{
#ifdef STW_SOLVER
	const void *files[STW_MAX_FILES];
	size_t sizes[STW_MAX_FILES];
	if (nsets >= STW_MAX_SETS || n < 1 || n > STW_MAX_FILES)
		return -SLIDETAB_LITE_EINVAL;
	for (int i = 0; i < n; i++)
		files[i] = (const void *)ptrs[i], sizes[i] = lens[i];
	int rc = slidetab_lite_pdb_open(&sets[nsets], files, sizes, n);
	return rc ? -rc : STW_MAX_TABLES + nsets++;
#else
	(void)ptrs, (void)lens, (void)n;
	return -SLIDETAB_LITE_ENOTABLE;
#endif
}

/* Whether this build answers pattern-database sets (1) or only exact tables (0). */
STW_EXPORT("stw_has_solver") int stw_has_solver(void)
{
#ifdef STW_SOLVER
	return 1;
#else
	return 0;
#endif
}

/* The board of handle h as rows * 16 + cols, or minus a status. */
STW_EXPORT("stw_board") int stw_board(int h)
{
	int r = 0, c = 0;
	if (h >= 0 && h < ntables)
		return slidetab_lite_board(&tables[h], &r, &c) ? -SLIDETAB_LITE_EINVAL : r * 16 + c;
#ifdef STW_SOLVER
	/* The set's board: slidetab_lite_solve.h has no accessor (yet), so its private fields. */
	if (h >= STW_MAX_TABLES && h < STW_MAX_TABLES + nsets)
		return sets[h - STW_MAX_TABLES].rows * 16 + sets[h - STW_MAX_TABLES].cols;
#endif
	return -SLIDETAB_LITE_EINVAL;
}

/* The distance from s to g (NULL: the default goal) by handle h, its path into moves[cap] unless
 * moves is NULL; budget: the solver's node limit (0: none); a set searches only paths of at most
 * maxlen moves (SLIDETAB_LITE_ENOPATH when longer: then a distance, not a status). A status. */
static int answer(int h, const unsigned char *s, const unsigned char *g, unsigned maxlen, unsigned long budget,
		  unsigned *d, char *moves, size_t cap)
{
	if (h >= 0 && h < ntables) {
		int rc = slidetab_lite_distance(&tables[h], s, g, d);
		return rc || !moves ? rc : slidetab_lite_path(&tables[h], s, g, moves, cap);
	}
#ifdef STW_SOLVER
	if (h >= STW_MAX_TABLES && h < STW_MAX_TABLES + nsets) {
		unsigned long n = 0; /* the budget is each search's: a hint's searches each get it whole */
		int rc = slidetab_lite_solve_within(&sets[h - STW_MAX_TABLES], s, g, maxlen, budget, d, moves, cap, &n);
		nodes += n;
		return rc;
	}
#endif
	(void)budget, (void)maxlen;
	return SLIDETAB_LITE_EINVAL;
}

/* The distance of io.start to io.goal (has_goal 0: the default goal), or minus a status. */
STW_EXPORT("stw_distance") int stw_distance(int h, int has_goal, unsigned long budget)
{
	unsigned d = 0;
	nodes = 0;
	int rc = answer(h, io.start, has_goal ? io.goal : 0, NO_BOUND, budget, &d, 0, 0);
	return rc ? -rc : (int)d;
}

/* The smallest optimal path into io.moves: its length, or minus a status. */
STW_EXPORT("stw_path") int stw_path(int h, int has_goal, unsigned long budget)
{
	unsigned d = 0;
	nodes = 0;
	io.moves[0] = '\0';
	int rc = answer(h, io.start, has_goal ? io.goal : 0, NO_BOUND, budget, &d, io.moves, STW_MOVES);
	return rc ? -rc : (int)d;
}

/* The distance, and every optimal first move of the blank (d < l < r < u) into io.moves ("" at the
 * goal). The smallest optimal path's first letter is the smallest optimal move: the letters before
 * it are not optimal, and each later one is when its neighbour has a path of d - 1 moves (a set
 * searches only that far: a neighbour one farther is refused after the iteration at d - 1, and
 * costs nothing when its heuristic exceeds d - 1). Minus a status. */
STW_EXPORT("stw_hint") int stw_hint(int h, int has_goal, unsigned long budget)
{
	static const char letter[4] = { 'd', 'l', 'r', 'u' };
	unsigned char s[STW_CELLS];
	const unsigned char *g = has_goal ? io.goal : 0;
	unsigned d = 0, cd = 0;
	int rows = 0, cols = 0, b = 0, k = 0, first = 4, rc = stw_board(h);
	if (rc < 0)
		return rc;
	rows = rc / 16, cols = rc % 16;
	nodes = 0;
	io.moves[0] = '\0';
	if ((rc = answer(h, io.start, g, NO_BOUND, budget, &d, io.moves, STW_MOVES)) != 0)
		return -rc;
	for (int m = 0; m < 4 && d > 0; m++)
		first = io.moves[0] == letter[m] ? m : first;
	for (int c = 0; c < rows * cols; c++)
		if ((s[c] = io.start[c]) == 0)
			b = c;
	for (int m = first; m < 4 && d > 0; m++) {
		int r = b / cols, q = b % cols;
		int to = m == 0   ? (r + 1 < rows ? b + cols : -1)
			 : m == 1 ? (q > 0 ? b - 1 : -1)
			 : m == 2 ? (q + 1 < cols ? b + 1 : -1)
				  : (r > 0 ? b - cols : -1);
		if (to < 0)
			continue;
		if (m == first) {
			io.moves[k++] = letter[m];
			continue;
		}
		s[b] = s[to], s[to] = 0;
		rc = answer(h, s, g, d - 1, budget, &cd, 0, 0);
		s[to] = s[b], s[b] = 0;
		if (rc == SLIDETAB_LITE_ENOPATH)
			continue;
		if (rc)
			return -rc;
		if (cd + 1 == d)
			io.moves[k++] = letter[m];
	}
	io.moves[k] = '\0';
	return (int)d;
}

/* The nodes the last stw_distance, stw_path or stw_hint generated (0 for exact tables; counted as
 * the library counts them, modulo 2^32). */
STW_EXPORT("stw_nodes") unsigned long stw_nodes(void)
{
	return nodes;
}
