/* SPDX-License-Identifier: Zlib */
/* test_lite_solve: the freestanding solver against libslidetab on 3x3 and every 4x4 class with pbit and zbit sets
 * (answers and node counts); its pbit entries against a breadth-first search; damage, budgets and bad arguments. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/table_write.h"
#include "gen/exact/exactcmd.h"
#include "gen/pdb/pbitgen.h"
#include "gen/pdb/pdbunrank.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/pdb/zidx.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/search/idafsm.h"
#include "lite/slidetab_lite_solve.h"
#include "slidetab.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"
#include "tools/idafsm_build.h"

static char tmpdir[64];
static uint64_t seed = 0x2545f4914f6cdd1du;

/* A whole file into a malloc'ed buffer. */
static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	uint8_t *p = malloc(*len);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(fread(p, 1, *len, f), *len);
	fclose(f);
	return p;
}

/* A set in memory and in files (for the library): the pbit or zbit files of the masks for the goal
 * with the blank at `blank`, each as gen --entry pbit (zbit) writes it (block_entries 0: gen's
 * 8192), read back. */
struct set {
	int n;
	uint8_t *bytes[PDB_PRESET_MAX];
	size_t len[PDB_PRESET_MAX];
	uint32_t masks[PDB_PRESET_MAX];
	char path[PDB_PRESET_MAX][128];
};

/* set_build_entry with entry number `bit` of pattern `flip` (-1: none), which reads 0, set to 1 before
 * the file is written (its CRCs right). */
static void set_build_flip(struct set *st, int rows, int cols, int blank, uint32_t block_entries, uint32_t entry,
			   int flip, uint64_t bit)
{
	static int serial;
	struct board b;
	struct board_state g;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	if (rows == 4)
		st->n = pdb_preset_for("555", 16, st->masks);
	else { /* 3x3: {1,2,3,4} {5,6,7,8} of the goal's numbering */
		st->n = 2, st->masks[0] = 0x1e, st->masks[1] = 0x1e0;
	}
	for (int i = 0; i < st->n; i++) {
		struct table_meta m;
		uint8_t *packed;
		struct slidetab_error err;
		snprintf(st->path[i], sizeof st->path[i], "%s/set%d.tbl", tmpdir, serial++);
		int rc = entry == TABLE_ENTRY_PBIT
				 ? pbitgen_build(&b, &g, st->masks[i], 2, &m, &packed, &err)
				 : pdbgen_build_enc(&b, &g, st->masks[i], (int)entry, 2, &m, &packed, &err);
		ck_assert_msg(rc == SLIDETAB_OK, "%s", err.msg);
		ck_assert_int_eq(m.payload, TABLE_PAYLOAD_RAW);
		if (i == flip) {
			ck_assert_uint_eq(packed[bit >> 3] >> (bit & 7) & 1u, 0);
			packed[bit >> 3] |= (uint8_t)(1u << (bit & 7));
		}
		m.block_entries = block_entries ? block_entries : 8192;
		ck_assert_msg(tblw_write(st->path[i], &m, packed, 0, NULL, &err) == SLIDETAB_OK, "%s", err.msg);
		free(packed);
		st->bytes[i] = slurp(st->path[i], &st->len[i]);
	}
}

static void set_build_entry(struct set *st, int rows, int cols, int blank, uint32_t block_entries, uint32_t entry)
{
	set_build_flip(st, rows, cols, blank, block_entries, entry, -1, 0);
}

static void set_build(struct set *st, int rows, int cols, int blank, uint32_t block_entries)
{
	set_build_entry(st, rows, cols, blank, block_entries, TABLE_ENTRY_PBIT);
}

static int set_open(struct slidetab_lite_pdb *p, const struct set *st)
{
	const void *files[PDB_PRESET_MAX];
	for (int i = 0; i < st->n; i++)
		files[i] = st->bytes[i];
	return slidetab_lite_pdb_open(p, files, st->len, st->n);
}

static void set_free(struct set *st)
{
	for (int i = 0; i < st->n; i++) {
		free(st->bytes[i]);
		unlink(st->path[i]);
	}
}

/* The library's search on the set's files (pdb_set_load_masks, plain IDA*, one thread) with lite's move
 * machine (__wrap_idafsm_get below): the same heuristic and the same machine, so the same search.
 * Its nodes, or -1 for an unsolvable start. */
static long long library_nodes(const struct set *st, int n, const unsigned char *s, const unsigned char *g,
			       unsigned *len, char *path)
{
	struct pdb_set *set;
	struct slidetab_error err;
	const char *paths[PDB_PRESET_MAX];
	for (int i = 0; i < st->n; i++)
		paths[i] = st->path[i];
	ck_assert_msg(pdb_set_load_masks(&set, paths, NULL, st->n, 1, &err) == SLIDETAB_OK, "%s", err.msg);
	struct board_state start = { { 0 } }, goal = { { 0 } };
	for (int c = 0; c < n; c++)
		start.t[c] = s[c], goal.t[c] = g ? g[c] : (uint8_t)(c + 1 < n ? c + 1 : 0);
	struct ida_result r;
	struct ida_request rq = { .set = set, .start = &start, .goal = &goal, .threads = 1 };
	ck_assert_msg(ida_search(&rq, &r, &err) == SLIDETAB_OK, "%s", err.msg);
	pdb_set_free(set);
	if (r.status == IDA_UNSOLVABLE)
		return -1;
	ck_assert_int_eq(r.status, IDA_SOLVED);
	*len = (unsigned)r.length;
	strcpy(path, r.path);
	return (long long)r.nodes;
}

/* The bounded search against the library's answer (length want, path wpath, nodes): within want
 * and within more it answers as the unbounded search, with the library's nodes; within want - 1 it
 * says SLIDETAB_LITE_ENOPATH with fewer nodes, nothing written; within want - 1 with a budget too
 * small still runs out of budget first. */
static void same_within(const struct slidetab_lite_pdb *p, const unsigned char *s, const unsigned char *g,
			unsigned want, const char *wpath, unsigned long nodes)
{
	static const unsigned extra[] = { 0, 1, 2, 7, SLIDETAB_LITE_SOLVE_MAX_DEPTH, ~0u };
	unsigned d;
	char m[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1];
	unsigned long got;
	for (size_t i = 0; i < sizeof extra / sizeof *extra; i++) {
		unsigned maxlen = extra[i] > ~0u - want ? ~0u : want + extra[i];
		d = 999, got = 0;
		ck_assert_int_eq(slidetab_lite_solve_within(p, s, g, maxlen, 0, &d, m, sizeof m, &got),
				 SLIDETAB_LITE_OK);
		ck_assert_uint_eq(d, want);
		ck_assert_str_eq(m, wpath);
		ck_assert_msg(got == nodes, "within %u: %lu nodes, the library %lu", maxlen, got, nodes);
	}
	ck_assert_int_eq(slidetab_lite_solve_within(p, s, g, want, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_OK);
	if (want == 0)
		return;
	for (unsigned below = 1; below <= 3 && below <= want; below++) {
		d = 999, got = 0;
		strcpy(m, "untouched");
		ck_assert_int_eq(slidetab_lite_solve_within(p, s, g, want - below, 0, &d, m, sizeof m, &got),
				 SLIDETAB_LITE_ENOPATH);
		ck_assert_uint_eq(d, 999);
		ck_assert_str_eq(m, "untouched");
		ck_assert_uint_lt(got, nodes); /* the last iteration, at least, not run */
	}
	ck_assert_int_eq(slidetab_lite_solve_within(p, s, g, want - 1, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_ENOPATH);
	if (nodes > 1)
		ck_assert_int_ne(slidetab_lite_solve_within(p, s, g, want - 1, 1, &d, NULL, 0, &got), SLIDETAB_LITE_OK);
}

/* lite's nodes for one puzzle are the library's for the same search: it reports them, answers with
 * exactly that budget (the library's length and path) and not with one node less, nothing written. */
static void same_nodes(const struct slidetab_lite_pdb *p, const struct set *st, int n, const unsigned char *s,
		       const unsigned char *g)
{
	unsigned want = 0, d = 999;
	char wpath[IDA_MAX_DEPTH + 1], m[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1] = "untouched";
	long long nodes = library_nodes(st, n, s, g, &want, wpath);
	unsigned long got = 0;
	if (nodes < 0) {
		ck_assert_int_eq(slidetab_lite_solve(p, s, g, 0, &d, m, sizeof m), SLIDETAB_LITE_UNSOLVABLE);
		return;
	}
	ck_assert_int_eq(slidetab_lite_solve_nodes(p, s, g, 0, &d, m, sizeof m, &got), SLIDETAB_LITE_OK);
	ck_assert_msg(got == (unsigned long)nodes, "lite generated %lu nodes, the library %lld", got, nodes);
	if (nodes == 0)
		return; /* the start is the goal */
	d = 999;
	strcpy(m, "untouched");
	ck_assert_int_eq(slidetab_lite_solve_nodes(p, s, g, (unsigned long)nodes - 1, &d, m, sizeof m, &got),
			 SLIDETAB_LITE_EBUDGET);
	ck_assert_uint_le(got, (unsigned long)nodes - 1);
	ck_assert_uint_eq(d, 999);
	ck_assert_str_eq(m, "untouched");
	ck_assert_int_eq(slidetab_lite_solve(p, s, g, (unsigned long)nodes, &d, m, sizeof m), SLIDETAB_LITE_OK);
	ck_assert_uint_eq(d, want);
	ck_assert_str_eq(m, wpath);
	same_within(p, s, g, want, wpath, (unsigned long)nodes);
}

/* One puzzle through the library and the solver: the same status, length and path; a cap one
 * short refused with nothing written. */
static void same_answer(slidetab *db, const struct slidetab_lite_pdb *p, int rows, int cols, const unsigned char *s,
			const unsigned char *g)
{
	struct slidetab_error err;
	unsigned d1 = 0, d2 = 12345;
	char p1[256], p2[256];
	int r1 = slidetab_distance(db, rows, cols, s, g, &d1, &err);
	int r2 = slidetab_lite_solve(p, s, g, 0, &d2, NULL, 0);
	ck_assert_int_eq(r2, r1);
	if (r1 != SLIDETAB_OK) {
		ck_assert_uint_eq(d2, 12345);
		return;
	}
	ck_assert_uint_eq(d2, d1);
	ck_assert_int_eq(slidetab_path(db, rows, cols, s, g, p1, sizeof p1, &err), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_lite_solve(p, s, g, 0, &d2, p2, sizeof p2), SLIDETAB_OK);
	ck_assert_str_eq(p2, p1);
	memset(p2, '#', sizeof p2);
	d2 = 12345;
	ck_assert_int_eq(slidetab_lite_solve(p, s, g, 0, &d2, p2, d1), SLIDETAB_LITE_EINVAL);
	ck_assert_uint_eq(d2, 12345);
	for (size_t i = 0; i < sizeof p2; i++)
		ck_assert_int_eq(p2[i], '#');
}

/* A random goal whose blank is in class cls of board b. */
static void class_goal(const struct board *b, int cls, unsigned char *g)
{
	int gb = 0, to;
	testutil_shuffle(&seed, g, b->n);
	while (g[gb])
		gb++;
	do
		to = (int)testutil_below(&seed, (unsigned)b->n);
	while (board_blank_class(b, to) != cls);
	g[gb] = g[to], g[to] = 0;
}

/* Walks of 20 to 60 moves from random goals of class cls of 4x4 (every fifth the default goal in
 * the corner class) against the library (db), and the library's nodes on st's files when st is
 * not NULL; the last goal left in g[16]. */
static void class_walks(slidetab *db, const struct slidetab_lite_pdb *p, const struct set *st, int cls, int puzzles,
			unsigned char *g)
{
	struct board b;
	unsigned char s[16];
	board_init(&b, 4, 4);
	for (int i = 0; i < puzzles; i++) {
		int dflt = i % 5 == 0 && cls == 0;
		class_goal(&b, cls, g);
		for (int c = 0; c < 16 && dflt; c++)
			g[c] = (unsigned char)(c < 15 ? c + 1 : 0);
		memcpy(s, g, sizeof s);
		testutil_walk(&seed, 4, 4, s, 20 + (int)testutil_below(&seed, 41));
		same_answer(db, p, 4, 4, s, dflt ? NULL : g);
		if (st)
			same_nodes(p, st, 16, s, dflt ? NULL : g);
	}
}

/* The set of the rows x rows goal with the blank at `blank` opened in p, and the library on its
 * own tables for that goal in dir (3x3: the exact table; 4x4: the 5-5-5 set). */
static slidetab *both_open(int rows, int blank, struct set *st, struct slidetab_lite_pdb *p, char dir[32])
{
	struct slidetab_error err;
	slidetab *db;
	set_build(st, rows, rows, blank, 0);
	ck_assert_int_eq(set_open(p, st), SLIDETAB_LITE_OK);
	testtables_dir(dir);
	if (rows == 3)
		testtables_exact(dir, 3, 3, blank, 0);
	else
		testtables_555_answers(dir, blank);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	return db;
}

/* 3x3: every class, random starts (solvable or not) against random goals of the class, the
 * default goal and goals of other classes, against the exact table. */
START_TEST(solve_matches_library_3x3)
{
	static const int blanks[] = { 0, 1, 4 };
	int blank = blanks[_i];
	struct board b;
	struct board_state goal;
	board_init(&b, 3, 3);
	board_goal(&b, blank, &goal);
	struct set st;
	struct slidetab_lite_pdb p;
	char dir[32];
	slidetab *db = both_open(3, blank, &st, &p, dir);
	unsigned char s[9], g[9];
	int cls = board_blank_class(&b, blank);
	for (int i = 0; i < 300; i++) {
		testutil_shuffle(&seed, s, 9);
		if (i % 5 == 0)
			testutil_shuffle(&seed, g, 9); /* any class: ENOTABLE unless it is this one */
		else
			class_goal(&b, cls, g);
		same_answer(db, &p, 3, 3, s, i % 7 == 0 && cls == 0 ? NULL : g);
	}
	same_answer(db, &p, 3, 3, goal.t, goal.t);
	slidetab_close(db);
	testtables_remove(dir);
	set_free(&st);
}
END_TEST

/* 4x4: every class, walks of 20 to 60 moves from random goals of the class (and the default
 * goal), against the library's IDA* on its 5-5-5 tables. */
START_TEST(solve_matches_library_4x4)
{
	static const int blanks[] = { 0, 1, 5 };
	int blank = blanks[_i], puzzles = testutil_emulated() ? 4 : 25;
	if (testutil_emulated() && _i > 0)
		return; /* emulated (make check-cross): the corner class alone, 4 puzzles (its set takes a minute to build) */
	struct board b;
	board_init(&b, 4, 4);
	struct set st;
	struct slidetab_lite_pdb p;
	char dir[32];
	slidetab *db = both_open(4, blank, &st, &p, dir);
	unsigned char s[16], g[16];
	class_walks(db, &p, NULL, board_blank_class(&b, blank), puzzles, g);
	s[0] = g[1], s[1] = g[0]; /* one swap: unsolvable */
	for (int c = 2; c < 16; c++)
		s[c] = g[c];
	same_answer(db, &p, 4, 4, s, g);
	slidetab_close(db);
	testtables_remove(dir);
	set_free(&st);
}
END_TEST

/* Korf's lines (tests/data/korf100.txt, blank-first goal) on which the 4x4 zbit 5-5-5 set makes
 * the fewest nodes (1,183 to 11,667 each with lite's machine), so that the test stays short. */
static const int korf_lines[] = { 6, 9, 12, 30, 31, 42, 55, 71, 79, 94 };

/* Line `line` of Korf's 100: the start into s[16], the published optimum returned. */
static int korf_line(int line, unsigned char *s)
{
	FILE *f = fopen("tests/data/korf100.txt", "r");
	int t[17] = { 0 };
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < line; i++)
		for (int k = 0; k < 17; k++)
			ck_assert_int_eq(fscanf(f, "%d", &t[k]), 1);
	fclose(f);
	for (int k = 0; k < 16; k++)
		s[k] = (unsigned char)t[k];
	return t[16];
}

/* zbit 4x4: every class, walks of 20 to 60 moves from random goals of the class (and the default
 * goal), and on the corner class ten of Korf's lines: lengths and paths as the library answers them
 * on its own 5-5-5 tables, nodes as the library's search on the same zbit files generates them. */
START_TEST(zbit_matches_library_4x4)
{
	static const int blanks[] = { 0, 1, 5 };
	int blank = blanks[_i], puzzles = testutil_emulated() ? 3 : 20;
	if (testutil_emulated() && _i > 0)
		return; /* emulated (make check-cross): the corner class alone, 3 walks and 3 of Korf's lines */
	struct board b;
	board_init(&b, 4, 4);
	struct set st;
	struct slidetab_lite_pdb p;
	struct slidetab_error err;
	char dir[32];
	slidetab *db;
	set_build_entry(&st, 4, 4, blank, 0, TABLE_ENTRY_ZBIT);
	ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
	testtables_dir(dir);
	testtables_555_answers(dir, blank);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	unsigned char s[16], g[16];
	int cls = board_blank_class(&b, blank);
	class_walks(db, &p, &st, cls, puzzles, g);
	for (int c = 0; c < 16; c++)
		g[c] = (unsigned char)c;
	for (size_t i = 0; cls == 0 && i < (testutil_emulated() ? 3 : sizeof korf_lines / sizeof *korf_lines); i++) {
		unsigned d = 0;
		int want = korf_line(korf_lines[i], s);
		ck_assert_int_eq(slidetab_lite_solve(&p, s, g, 0, &d, NULL, 0), SLIDETAB_LITE_OK);
		ck_assert_int_eq((int)d, want); /* the published optimum */
		same_answer(db, &p, 4, 4, s, g);
		same_nodes(&p, &st, 16, s, g);
	}
	slidetab_close(db);
	testtables_remove(dir);
	set_free(&st);
}
END_TEST

/* zbit 3x3: every class, random starts (solvable or not) against random goals of the class,
 * against the exact table (answers) and the library's search on the same files (nodes). */
START_TEST(zbit_matches_library_3x3)
{
	static const int blanks[] = { 0, 1, 4 };
	int blank = blanks[_i];
	struct board b;
	board_init(&b, 3, 3);
	struct set st;
	struct slidetab_lite_pdb p;
	struct slidetab_error err;
	char dir[32];
	slidetab *db;
	set_build_entry(&st, 3, 3, blank, 0, TABLE_ENTRY_ZBIT);
	ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
	testtables_dir(dir);
	testtables_exact(dir, 3, 3, blank, 0);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	unsigned char s[9], g[9];
	int cls = board_blank_class(&b, blank);
	for (int i = 0; i < 100; i++) {
		testutil_shuffle(&seed, s, 9);
		class_goal(&b, cls, g);
		same_answer(db, &p, 3, 3, s, g);
		same_nodes(&p, &st, 9, s, g);
	}
	slidetab_close(db);
	testtables_remove(dir);
	set_free(&st);
}
END_TEST

/* The placement values dist[] of the 4-tile placements of 3x3 (ranked by rk) by a breadth-first
 * search of our own from goalcell[]: a step moves a pattern tile onto a neighbouring cell no
 * pattern tile holds. Returns how many it reached. */
static int placement_bfs(const struct board *b, const struct pdb_ranker *rk, const uint8_t *goalcell, int *dist)
{
	int queue[3024], head = 0, tail = 0;
	uint8_t cells[4];
	for (int i = 0; i < 3024; i++)
		dist[i] = -1;
	dist[pdb_rank(rk, goalcell)] = 0;
	queue[tail++] = (int)pdb_rank(rk, goalcell);
	while (head < tail) {
		int r = queue[head++];
		pdbunrank_cells(rk, (uint64_t)r, cells);
		for (int i = 0; i < 4; i++)
			for (int d = 0; d < BOARD_NDIRS; d++) {
				int to = b->nbr[cells[i]][d], free = to >= 0;
				for (int j = 0; j < 4 && free; j++)
					free = cells[j] != to;
				uint8_t c2[4] = { cells[0], cells[1], cells[2], cells[3] };
				c2[i] = (uint8_t)(free ? to : c2[i]);
				int r2 = (int)pdb_rank(rk, c2);
				if (free && dist[r2] < 0)
					dist[r2] = dist[r] + 1, queue[tail++] = r2;
			}
	}
	return tail;
}

/* The placement value of every placement of a 3x3 pattern by a breadth-first search of our own,
 * against the entry bit gen wrote: ((d - md) / 2) & 1. */
START_TEST(pbit_entries_match_a_search)
{
	struct board b;
	struct board_state g;
	board_init(&b, 3, 3);
	board_goal(&b, 0, &g);
	const uint32_t mask = 0x1e; /* tiles 1 2 3 4 */
	struct pdb_ranker rk;
	ck_assert_int_eq(pdb_ranker_init(&rk, 9, 4), 0);
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pbitgen_build(&b, &g, mask, 2, &m, &packed, &err) == SLIDETAB_OK, "%s", err.msg);
	ck_assert_uint_eq(m.entries, 3024);
	int dist[3024];
	uint8_t cells[4], goalcell[4] = { 1, 2, 3, 4 }; /* blank first: tile t at cell t */
	ck_assert_int_eq(placement_bfs(&b, &rk, goalcell, dist), 3024);
	for (int r = 0; r < 3024; r++) {
		pdbunrank_cells(&rk, (uint64_t)r, cells);
		int md = 0;
		for (int i = 0; i < 4; i++)
			md += board_taxicab(&b, cells[i], goalcell[i]);
		ck_assert_int_ge(dist[r], md);
		ck_assert_msg((unsigned)(((dist[r] - md) / 2) & 1) == (unsigned)(packed[r >> 3] >> (r & 7) & 1),
			      "placement %d: value %d, md %d, bit %d", r, dist[r], md, packed[r >> 3] >> (r & 7) & 1);
	}
	free(packed);
}
END_TEST

/* A walk from scratch goes at most the file's radius: a 3x3 pbit file of tiles 1-4 whose header says
 * one less than its largest value (CRCs right, the last two counts of its histogram merged) is
 * refused (4) for a start whose placement has the largest value, by the breadth-first search of
 * pbit_entries_match_a_search; answered with the right radius. */
START_TEST(walk_bounded_by_radius)
{
	struct board b;
	struct board_state g;
	board_init(&b, 3, 3);
	board_goal(&b, 0, &g);
	struct pdb_ranker rk;
	ck_assert_int_eq(pdb_ranker_init(&rk, 9, 4), 0);
	struct table_meta m;
	uint8_t *packed;
	struct slidetab_error err;
	ck_assert_msg(pbitgen_build(&b, &g, 0x1e, 2, &m, &packed, &err) == SLIDETAB_OK, "%s", err.msg);
	int dist[3024], far = 0;
	uint8_t cells[4], goalcell[4] = { 1, 2, 3, 4 };
	ck_assert_int_eq(placement_bfs(&b, &rk, goalcell, dist), 3024);
	for (int r = 0; r < 3024; r++)
		far = dist[r] > dist[far] ? r : far;
	ck_assert_uint_eq(m.radius, (uint32_t)dist[far]);
	unsigned char s[9], goal[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	int at = 0, other[5];
	pdbunrank_cells(&rk, (uint64_t)far, cells);
	memset(s, 0xff, sizeof s);
	for (int i = 0; i < 4; i++)
		s[cells[i]] = (unsigned char)(i + 1);
	for (int c = 0; c < 9; c++)
		if (s[c] == 0xff)
			other[at] = c, s[c] = (unsigned char)(at ? at + 4 : 0), at++;
	struct slidetab_lite_pdb p;
	unsigned d = 999;
	for (int low = 0; low < 2; low++) {
		char path[128];
		snprintf(path, sizeof path, "%s/radius.tbl", tmpdir);
		if (low) {
			m.hist[m.radius - 1] += m.hist[m.radius];
			m.hist[m.radius--] = 0;
		}
		ck_assert_msg(tblw_write(path, &m, packed, 0, NULL, &err) == SLIDETAB_OK, "%s", err.msg);
		size_t len;
		uint8_t *bytes = slurp(path, &len);
		unlink(path);
		const void *files[1] = { bytes };
		ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, &len, 1), SLIDETAB_LITE_OK);
		int rc = slidetab_lite_solve(&p, s, goal, 0, &d, NULL, 0);
		if (rc == SLIDETAB_LITE_UNSOLVABLE) { /* the other parity: two non-pattern tiles swapped */
			unsigned char t = s[other[1]];
			s[other[1]] = s[other[2]], s[other[2]] = t;
			rc = slidetab_lite_solve(&p, s, goal, 0, &d, NULL, 0);
		}
		ck_assert_int_eq(rc, low ? SLIDETAB_LITE_EFORMAT : SLIDETAB_LITE_OK);
		free(bytes);
	}
	free(packed);
}
END_TEST

/* The right answers of a few 3x3 puzzles, from the exact table. */
#define NPROBE 6
static void probes(unsigned char (*s)[9], unsigned *want, char (*path)[40])
{
	char dir[32];
	struct slidetab_error err;
	slidetab *db;
	testtables_dir(dir);
	testtables_exact(dir, 3, 3, 0, 0);
	ck_assert_msg(slidetab_open(&db, dir, &err) == SLIDETAB_OK, "%s", err.msg);
	for (int i = 0; i < NPROBE; i++) {
		do
			testutil_shuffle(&seed, s[i], 9);
		while (slidetab_distance(db, 3, 3, s[i], NULL, &want[i], &err) != SLIDETAB_OK);
		ck_assert_int_eq(slidetab_path(db, 3, 3, s[i], NULL, path[i], 40, &err), SLIDETAB_OK);
	}
	slidetab_close(db);
	testtables_remove(dir);
}

/* A walk from scratch ends on the goal's entry, which must read value 0: 3x3 sets, pbit and zbit,
 * whose pattern {5,6,7,8} has its goal entry's bit set (CRCs right: the damage is in the values
 * alone) are refused (4) for a start one move from the goal, where that pattern is home; the same
 * sets unchanged answer 1. The entry's number comes from the library's rankings (pdb.h, zidx.h). */
START_TEST(goal_entry_must_read_zero)
{
	uint32_t entry = _i ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_PBIT;
	struct board b;
	board_init(&b, 3, 3);
	const uint8_t home[4] = { 5, 6, 7, 8 }; /* tiles 5-8 on their cells */
	struct slidetab_error err;
	uint64_t e;
	if (_i) {
		struct pdb_zidx z;
		ck_assert_msg(pdb_zidx_init(&z, &b, 4, &err) == SLIDETAB_OK, "%s", err.msg);
		e = pdb_zidx_entry(&z, pdb_zidx_class(&z, 0x1e0, 0), pdb_zidx_perm(&z, home, 0x1e0));
		pdb_zidx_free(&z);
	} else {
		struct pdb_ranker rk;
		ck_assert_int_eq(pdb_ranker_init(&rk, 9, 4), 0);
		e = pdb_rank(&rk, home);
	}
	const unsigned char start[9] = { 1, 0, 2, 3, 4, 5, 6, 7, 8 }, goal[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	for (int damaged = 0; damaged < 2; damaged++) {
		struct set st;
		set_build_flip(&st, 3, 3, 0, 0, entry, damaged ? 1 : -1, e);
		struct slidetab_lite_pdb p;
		ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
		unsigned d = 999;
		ck_assert_int_eq(slidetab_lite_solve(&p, start, goal, 0, &d, NULL, 0),
				 damaged ? SLIDETAB_LITE_EFORMAT : SLIDETAB_LITE_OK);
		if (!damaged)
			ck_assert_uint_eq(d, 1);
		set_free(&st);
	}
}
END_TEST

/* Every single-byte change and every cut of every file of a small set, pbit and zbit, is refused at
 * open or answered right: the small header (one block, version 2) and the full one (several blocks). */
START_TEST(damage_refused_or_right)
{
	uint32_t entry = _i ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_PBIT;
	unsigned char s[NPROBE][9];
	unsigned want[NPROBE];
	char path[NPROBE][40];
	probes(s, want, path);
	for (int full = 0; full < 2; full++) {
		struct set st;
		set_build_entry(&st, 3, 3, 0, full ? 1024 : 0, entry);
		ck_assert_uint_eq(st.bytes[0][8], full ? 1 : 2); /* the format version */
		struct slidetab_lite_pdb p;
		ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
		int refused = 0, answered = 0;
		for (int f = 0; f < st.n; f++) {
			size_t len = st.len[f];
			for (size_t i = 0; i < len + len; i++) {
				uint8_t was = st.bytes[f][i % len];
				if (i < len)
					st.bytes[f][i] ^= (uint8_t)(1u << (i % 8));
				else
					st.len[f] = i - len; /* a cut */
				if (set_open(&p, &st) != SLIDETAB_LITE_OK) {
					refused++;
				} else {
					answered++;
					for (int k = 0; k < NPROBE; k++) {
						unsigned d;
						char m[40];
						int rc = slidetab_lite_solve(&p, s[k], NULL, 0, &d, m, sizeof m);
						ck_assert_msg(rc == SLIDETAB_LITE_OK && d == want[k] &&
								      !strcmp(m, path[k]),
							      "file %d byte %zu: answered %d %u %s", f, i, rc, d, m);
					}
				}
				st.bytes[f][i % len] = was;
				st.len[f] = len;
			}
		}
		printf("lite_solve: %s %s header: %d damaged sets refused, %d answered right\n", _i ? "zbit" : "pbit",
		       full ? "full" : "small", refused, answered);
		ck_assert_int_gt(refused, 0);
		set_free(&st);
	}
}
END_TEST

/* The budget, pbit and zbit: 1 node is too few (SLIDETAB_LITE_EBUDGET, nothing written), and the
 * least budget that answers is the node count of the library's search on the same files
 * (same_nodes). */
START_TEST(budget_runs_out)
{
	unsigned char s[NPROBE][9];
	unsigned want[NPROBE];
	char path[NPROBE][40];
	probes(s, want, path);
	struct set st;
	set_build_entry(&st, 3, 3, 0, 0, _i ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_PBIT);
	struct slidetab_lite_pdb p;
	ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
	for (int k = 0; k < NPROBE; k++) {
		unsigned d = 999;
		char m[40] = "untouched";
		if (want[k] == 0)
			continue;
		ck_assert_int_eq(slidetab_lite_solve(&p, s[k], NULL, 1, &d, m, sizeof m), SLIDETAB_LITE_EBUDGET);
		ck_assert_uint_eq(d, 999);
		ck_assert_str_eq(m, "untouched");
		same_nodes(&p, &st, 9, s[k], NULL);
		ck_assert_int_eq(slidetab_lite_solve(&p, s[k], NULL, 0, &d, m, sizeof m), SLIDETAB_LITE_OK);
		ck_assert_uint_eq(d, want[k]);
		ck_assert_str_eq(m, path[k]);
	}
	set_free(&st);
}
END_TEST

/* Bad arguments, foreign and mismatched files, an unopened handle, other classes. */
START_TEST(refusals)
{
	struct set st, other;
	set_build(&st, 3, 3, 0, 0);
	set_build(&other, 3, 3, 1, 0);
	struct slidetab_lite_pdb p;
	const void *files[9] = { st.bytes[0], st.bytes[1], st.bytes[0] };
	size_t lens[9] = { st.len[0], st.len[1], st.len[0] };
	unsigned d;
	char m[40];
	unsigned char s[9] = { 1, 2, 3, 4, 5, 6, 7, 0, 8 }, twice[9] = { 1, 1, 3, 4, 5, 6, 7, 0, 8 };
	ck_assert_int_eq(slidetab_lite_pdb_open(NULL, files, lens, 2), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, NULL, lens, 2), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, NULL, 2), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 0), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 9), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, &d, NULL, 0), SLIDETAB_LITE_EINVAL); /* not open */
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 3), SLIDETAB_LITE_EFORMAT);      /* a file twice */
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, &d, NULL, 0), SLIDETAB_LITE_EINVAL);
	files[1] = other.bytes[1], lens[1] = other.len[1];
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 2), SLIDETAB_LITE_EFORMAT); /* two goals */
	files[1] = NULL;
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 2), SLIDETAB_LITE_EINVAL);
	size_t elen;
	char dir[32], path[TABNAME_MAX];
	struct slidetab_error err;
	testtables_dir(dir);
	testtables_exact(dir, 3, 3, 0, 0);
	ck_assert(tabname_exact(path, sizeof path, dir, 3, 3, 0, &err) == SLIDETAB_OK);
	uint8_t *exact = slurp(path, &elen);
	files[0] = exact, lens[0] = elen;
	ck_assert_int_eq(slidetab_lite_pdb_open(&p, files, lens, 1), SLIDETAB_LITE_EFORMAT); /* not a PDB */
	free(exact);
	testtables_remove(dir);
	ck_assert_int_eq(set_open(&p, &st), SLIDETAB_LITE_OK);
	ck_assert_int_eq(slidetab_lite_solve(&p, twice, NULL, 0, &d, NULL, 0), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, s, twice, 0, &d, NULL, 0), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, NULL, NULL, 0, &d, NULL, 0), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, NULL, m, sizeof m), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, &d, m, 0), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, &d, m, 1), SLIDETAB_LITE_EINVAL); /* "r" needs 2 */
	ck_assert_int_eq(slidetab_lite_solve(&p, s, NULL, 0, &d, m, 2), SLIDETAB_LITE_OK);
	ck_assert_str_eq(m, "r");
	ck_assert_uint_eq(d, 1);
	unsigned char g1[9] = { 1, 0, 2, 3, 4, 5, 6, 7, 8 }, s1[9] = { 1, 2, 0, 3, 4, 5, 6, 7, 8 };
	ck_assert_int_eq(slidetab_lite_solve(&p, s1, g1, 0, &d, NULL, 0), SLIDETAB_LITE_ENOTABLE);
	unsigned char odd[9] = { 2, 1, 3, 4, 5, 6, 7, 8, 0 };
	ck_assert_int_eq(slidetab_lite_solve(&p, odd, NULL, 0, &d, NULL, 0), SLIDETAB_LITE_UNSOLVABLE);
	ck_assert_int_eq(slidetab_lite_solve_within(&p, odd, NULL, 0, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_UNSOLVABLE);
	ck_assert_int_eq(slidetab_lite_solve_within(&p, s1, g1, 0, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_ENOTABLE);
	ck_assert_int_eq(slidetab_lite_solve_within(&p, twice, NULL, 5, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_solve_within(NULL, s, NULL, 5, 0, &d, NULL, 0, NULL), SLIDETAB_LITE_EINVAL);
	d = 999; /* "r" is 1 move: none within 0, nothing written; the goal itself within 0 */
	ck_assert_int_eq(slidetab_lite_solve_within(&p, s, NULL, 0, 0, &d, m, sizeof m, NULL), SLIDETAB_LITE_ENOPATH);
	ck_assert_uint_eq(d, 999);
	ck_assert_int_eq(slidetab_lite_solve_within(&p, s, NULL, 1, 0, &d, m, sizeof m, NULL), SLIDETAB_LITE_OK);
	ck_assert_str_eq(m, "r");
	unsigned char done[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
	ck_assert_int_eq(slidetab_lite_solve_within(&p, done, NULL, 0, 0, &d, m, sizeof m, NULL), SLIDETAB_LITE_OK);
	ck_assert_uint_eq(d, 0);
	set_free(&st);
	set_free(&other);
}
END_TEST

/* lite's compiled-in machine is the one idafsm_build makes for its length. */
START_TEST(machine_is_idafsm)
{
	struct idafsm f;
	ck_assert_int_eq(idafsm_build((int)slidetab_lite_fsm_len, &f), 0);
	ck_assert_int_eq(f.nstates, (int)slidetab_lite_fsm_states);
	for (int s = 0; s < f.nstates; s++)
		for (int k = 0; k < 4; k++)
			ck_assert_int_eq(f.next[s][k], slidetab_lite_fsm[s][k]);
	idafsm_free(&f);
}
END_TEST

/* Lite's status numbers never mean something else in slidetab.h: a status of a library meaning has
 * the library's number, lite's own (the budget) one the library does not know (slidetab_strerror's
 * "unknown status", and none of SLIDETAB_OK..SLIDETAB_ETIMEOUT); and no two lite statuses share one. */
START_TEST(status_numbers)
{
	static const struct {
		int lite, lib;
	} same[] = {
		{ SLIDETAB_LITE_OK, SLIDETAB_OK },
		{ SLIDETAB_LITE_UNSOLVABLE, SLIDETAB_UNSOLVABLE },
		{ SLIDETAB_LITE_EINVAL, SLIDETAB_EINVAL },
		{ SLIDETAB_LITE_ENOTABLE, SLIDETAB_ENOTABLE },
		{ SLIDETAB_LITE_EFORMAT, SLIDETAB_EFORMAT },
		{ SLIDETAB_LITE_ENOPATH, SLIDETAB_ELIMIT }, /* no path within the move limit */
	};
	static const int own[] = { SLIDETAB_LITE_EBUDGET };
	enum { NSAME = sizeof same / sizeof same[0], NOWN = sizeof own / sizeof own[0] };
	int all[NSAME + NOWN];
	for (int i = 0; i < NSAME; i++) {
		ck_assert_msg(same[i].lite == same[i].lib, "lite's status %d means library status %d", same[i].lite,
			      same[i].lib);
		all[i] = same[i].lite;
	}
	for (int i = 0; i < NOWN; i++) {
		ck_assert_str_eq(slidetab_strerror(own[i]), "unknown status");
		for (int lib = SLIDETAB_OK; lib <= SLIDETAB_ETIMEOUT; lib++)
			ck_assert_msg(own[i] != lib, "lite's own status %d is the library's %d (%s)", own[i], lib,
				      slidetab_strerror(lib));
		all[NSAME + i] = own[i];
	}
	for (int i = 0; i < NSAME + NOWN; i++)
		for (int j = 0; j < i; j++)
			ck_assert_int_ne(all[i], all[j]);
}
END_TEST

/* The library's move machine, replaced for this test by lite's (the Makefile links it with
 * -Wl,--wrap=idafsm_get): the library's IDA* then makes the same search as lite's solver. The
 * answers do not depend on the machine's length (idafsm.h). */
static struct idafsm lite_machine;
const struct idafsm *__wrap_idafsm_get(void);
const struct idafsm *__wrap_idafsm_get(void)
{
	return &lite_machine;
}

int main(void)
{
	if (idafsm_build((int)slidetab_lite_fsm_len, &lite_machine) != 0)
		return 2;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/slidetab-lite-solve-XXXXXX");
	if (!mkdtemp(tmpdir))
		return 2;
	Suite *s = suite_create("lite_solve");
	TCase *tc = tcase_create("lite_solve");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, solve_matches_library_3x3, 0, 3);
	tcase_add_loop_test(tc, solve_matches_library_4x4, 0, 3);
	tcase_add_test(tc, pbit_entries_match_a_search);
	tcase_add_loop_test(tc, zbit_matches_library_3x3, 0, 3);
	tcase_add_loop_test(tc, zbit_matches_library_4x4, 0, 3);
	tcase_add_loop_test(tc, damage_refused_or_right, 0, 2);
	tcase_add_loop_test(tc, budget_runs_out, 0, 2);
	tcase_add_test(tc, walk_bounded_by_radius);
	tcase_add_loop_test(tc, goal_entry_must_read_zero, 0, 2);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, machine_is_idafsm);
	tcase_add_test(tc, status_numbers);
	int rc = testutil_run(s, tc);
	rmdir(tmpdir);
	return rc;
}
