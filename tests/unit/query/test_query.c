/* SPDX-License-Identifier: Zlib */
/* test_query: the input reader's formats and errors, and answers for random goals against a plain BFS. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/input.h"
#include "libslidetab/model/board.h"
#include "slidetab.h"
#include "tests/unit/refbfs.h"
#include "tests/unit/testtables.h"
#include "tests/unit/testutil.h"

/* ---- input ---- */

struct test_query_got {
	int status;
	struct input_tiles s, g;
	struct slidetab_error err;
};

/* Reads every puzzle of text; returns how many results were stored. */
static int read_all(const char *text, int rows, int cols, int pairs, struct test_query_got *out, int max)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct input *in = malloc(sizeof *in);
	input_init(in, f, "test", rows, cols, pairs);
	int n = 0;
	while (n < max) {
		out[n].err.msg[0] = '\0';
		int rc = input_next(in, &out[n].s, &out[n].g, &out[n].err);
		if (rc == INPUT_EOF)
			break;
		out[n].status = rc;
		n++;
	}
	free(in);
	fclose(f);
	return n;
}

static void expect_tiles(const struct input_tiles *s, const char *want)
{
	for (size_t i = 0; i < strlen(want); i++)
		ck_assert_int_eq(s->t[i], want[i] - '0');
}

START_TEST(input_formats)
{
	struct test_query_got g[8];
	/* one per line, x blank, commas, CRLF, comments and blank lines */
	int n = read_all("# c\n\n2 3 4 1 5 x 7 6 8\r\n1,2,3,4,5,6,7,8,0\n", 0, 0, 0, g, 8);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(g[0].status, INPUT_PUZZLE);
	expect_tiles(&g[0].s, "234150768");
	expect_tiles(&g[1].s, "123456780");
	/* rows */
	n = read_all("1 3 0\n4 2 5\n7 8 6\n", 3, 3, 0, g, 8);
	ck_assert_int_eq(n, 1);
	expect_tiles(&g[0].s, "130425786");
	/* no separators, X blank, pairs */
	n = read_all("12X453786\n12345678X\n", 0, 0, 1, g, 8);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(g[0].status, INPUT_PUZZLE);
	expect_tiles(&g[0].s, "120453786");
	expect_tiles(&g[0].g, "123456780");
	/* 2n tokens on one line in pairs mode */
	n = read_all("1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5\n", 0, 0, 1, g, 8);
	ck_assert_int_eq(n, 1);
	expect_tiles(&g[0].g, "103824765");
	/* auto board: 8 tokens is 2x4 */
	n = read_all("7 6 5 4 3 2 1 0\n", 0, 0, 0, g, 8);
	ck_assert_int_eq(n, 1);
	expect_tiles(&g[0].s, "76543210");
}
END_TEST

START_TEST(input_errors_keep_alignment)
{
	struct test_query_got g[16];
	const char *text = "1 2 3 4 5 6 7 8 0\n"  /* 1 ok */
			   "1 2 3 4 5 6 7 8 9\n"  /* 2 out of range */
			   "1 2 3 4 5 6 7 7 0\n"  /* 3 repeated */
			   "1 2 3 4 5 6 7 8\n"    /* 4 wrong count */
			   "1 2 3 4 5 6 7 q 0\n"  /* 5 stray */
			   "x 2 3 4 5 6 7 8 0\n"  /* 6 blank + 0 */
			   "8 7 6 5 4 3 2 1 0\n"; /* 7 ok */
	int n = read_all(text, 3, 3, 0, g, 16);
	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(g[0].status, INPUT_PUZZLE);
	ck_assert_int_eq(g[6].status, INPUT_PUZZLE);
	expect_tiles(&g[6].s, "876543210");
	for (int i = 1; i <= 5; i++)
		ck_assert_int_eq(g[i].status, INPUT_ERROR);
	ck_assert_str_eq(g[1].err.msg, "line 2: column 17: tile 9 out of range for 3x3 (tiles 1..8 and a blank)");
	ck_assert_str_eq(g[2].err.msg, "line 3: column 15: tile 7 appears twice");
	ck_assert_str_eq(g[3].err.msg, "line 4: 8 tokens: a 3x3 puzzle is 9 tokens, or rows of 3");
	ck_assert_str_eq(g[4].err.msg, "line 5: column 15: 'q' is not a number or a blank mark (x X _ .)");
	ck_assert_str_eq(g[5].err.msg, "line 6: column 17: a second blank (0 x X _ . all mark the blank)");
}
END_TEST

START_TEST(input_board_detection)
{
	struct test_query_got g[4];
	int n = read_all("1 2 3 4 5 6 7 8 9 10 11 0\n", 0, 0, 0, g, 4);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(g[0].status, INPUT_ERROR);
	ck_assert_str_eq(g[0].err.msg, "line 1: 12 tokens could be 3x4 or 2x6: say which with --board");
	n = read_all("1 2 3 4 5 0 6\n", 0, 0, 0, g, 4);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(g[0].status, INPUT_ERROR);
	int r, c;
	ck_assert_int_eq(input_board_for(10, 0, &r, &c, NULL), 0);
	ck_assert_int_eq(r * 10 + c, 25);
	ck_assert_int_eq(input_board_for(16, 0, &r, &c, NULL), 0);
	ck_assert_int_eq(r * 10 + c, 44);
}
END_TEST

START_TEST(input_overlong_and_truncated)
{
	size_t big = INPUT_MAX_LINE * 3;
	char *text = malloc(big + 64);
	memset(text, '1', big);
	strcpy(text + big, "\n1 2 3 4 5 6 7 8 0\n1 2 3\n4 5 6\n");
	struct test_query_got g[4];
	int n = read_all(text, 3, 3, 0, g, 4);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(g[0].status, INPUT_ERROR);
	ck_assert_str_eq(g[0].err.msg, "line 1: line too long (over 4096 characters)");
	ck_assert_int_eq(g[1].status, INPUT_PUZZLE);
	ck_assert_int_eq(g[2].status, INPUT_ERROR);
	ck_assert_str_eq(g[2].err.msg, "line 3: input ended inside the puzzle that starts here (2 of 3 rows)");
	free(text);
}
END_TEST

/* ---- answers against a plain BFS ---- */

/* One table for every class of blank cell of 2x2, 2x3, 2x4, 3x3 and 2x5, built once. */
static char tables[32];
static void setup(void)
{
	static const int classes[][3] = { { 2, 2, 0 }, { 2, 3, 0 }, { 2, 3, 1 }, { 2, 4, 0 }, { 2, 4, 1 }, { 3, 3, 0 },
					  { 3, 3, 1 }, { 3, 3, 4 }, { 2, 5, 0 }, { 2, 5, 1 }, { 2, 5, 2 } };
	testtables_dir(tables);
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		testtables_exact(tables, classes[i][0], classes[i][1], classes[i][2], 1);
}
static void teardown(void)
{
	testtables_remove(tables);
}

static void shuffle(const struct board *b, struct board_state *s, uint64_t *x)
{
	memset(s, 0, sizeof *s);
	testutil_shuffle(x, s->t, b->n);
}

/* Every default board (and its transpose): random goals, random starts, distance and the
 * lexicographically smallest optimal path checked against a plain BFS from the goal. */
START_TEST(random_goals_match_plain_bfs)
{
	static const int boards[][3] = { { 2, 2, 6 }, { 2, 3, 6 }, { 3, 2, 6 }, { 2, 4, 5 },
					 { 4, 2, 3 }, { 3, 3, 4 }, { 2, 5, 2 }, { 5, 2, 1 } };
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, tables, NULL), SLIDETAB_OK);
	uint64_t x = 0x1234567887654321ull + (uint64_t)_i;
	struct board b;
	board_init(&b, boards[_i][0], boards[_i][1]);
	for (int goals = 0; goals < boards[_i][2]; goals++) {
		struct board_state g, s;
		shuffle(&b, &g, &x);
		struct dmap m;
		plain_bfs(&b, &g, &m);
		for (int k = 0; k < 40; k++) {
			shuffle(&b, &s, &x);
			char path[300];
			struct slidetab_error e;
			int st = slidetab_path(db, b.rows, b.cols, s.t, g.t, path, sizeof path, &e);
			ck_assert_msg(st == SLIDETAB_OK || st == SLIDETAB_UNSOLVABLE, "%s", e.msg);
			struct {
				int solvable;
				unsigned dist;
				const char *path;
			} a = { st == SLIDETAB_OK, (unsigned)strlen(path), path };
			uint64_t key = pack(&b, &s), h = (key * 0x9E3779B97F4A7C15ull) >> 20;
			int want = -1;
			for (;; h++) {
				uint64_t i = h & m.mask;
				if (m.keys[i] == key) {
					want = m.vals[i];
					break;
				}
				if (m.keys[i] == 0)
					break;
			}
			ck_assert_int_eq(a.solvable, want >= 0);
			if (want < 0)
				continue;
			ck_assert_int_eq((int)a.dist, want);
			ck_assert_int_eq((int)strlen(a.path), want);
			/* Each letter is the first, in d l r u order, that leads one closer. */
			struct board_state cur = s;
			int blank = board_blank(&b, &cur), d = want;
			for (const char *p = a.path; *p; p++, d--) {
				int chosen = (int)(strchr("dlru", *p) - "dlru");
				for (int dir = 0; dir <= chosen; dir++) {
					struct board_state t = cur;
					int bl = blank;
					if (board_move(&b, &t, &bl, (enum board_dir)dir))
						continue;
					int dt = dist_of(&m, &b, &t);
					if (dir < chosen)
						ck_assert_int_ne(dt, d - 1);
					else {
						ck_assert_int_eq(dt, d - 1);
						cur = t, blank = bl;
					}
				}
			}
			ck_assert_mem_eq(cur.t, g.t, (size_t)b.n);
		}
		free(m.keys);
		free(m.vals);
	}
	slidetab_close(db);
}
END_TEST

/* slidetab_distance's status on rows x cols (the goal's blank last, the start far from it) with
 * the handle db, its message in e. */
static int missing_msg(slidetab *db, int rows, int cols, struct slidetab_error *e)
{
	struct board b;
	struct board_state s, g;
	board_init(&b, rows, cols);
	board_goal(&b, rows * cols - 1, &g);
	s = g;
	/* a walk of the blank (never undoing its last move) far enough from the goal to need a table */
	static const int dr[4] = { -1, 0, 1, 0 }, dc[4] = { 0, -1, 0, 1 };
	int blank = rows * cols - 1, last = -1;
	for (int step = 0; step < 60; step++)
		for (int k = 0; k < 4; k++) {
			int dir = (step * 7 + k) % 4, r = blank / cols + dr[dir], c = blank % cols + dc[dir];
			if (r < 0 || c < 0 || r >= rows || c >= cols || (last >= 0 && dir == (last + 2) % 4))
				continue;
			s.t[blank] = s.t[r * cols + c], s.t[r * cols + c] = 0;
			blank = r * cols + c, last = dir;
			break;
		}
	unsigned d;
	return slidetab_distance(db, rows, cols, s.t, g.t, &d, e);
}

/* Every message fits slidetab_error's msg whole, with a 200-character folder
 * opened or in $SLIDETAB_TABLES: the folder named once (or by its role), the advice whole. */
START_TEST(messages_whole_with_long_folders)
{
	char dir[256] = "/nonexistent/";
	memset(dir + 13, 'd', 187);
	dir[200] = '\0';
	struct {
		const char *opened, *env;
		int rows, cols;
		const char *end;
	} cases[] = {
		{ dir, NULL, 3, 3, " in the folder opened; build it with `gen --board 3x3 --blank 0` in that folder" },
		{ dir, NULL, 4, 4,
		  "; build the 555 set (0.2 MB, a second) with `gen --board 4x4 --blank 0 --pdb 555` in that folder" },
		{ dir, NULL, 3, 6,
		  "; build a set (the transposed board's answer too) with `gen --board 3x6 --blank 0 --pdb auto` in that folder" },
		/* the tree's and ./tables hold no 3x6 set */
		{ NULL, dir, 3, 6,
		  "; build a set (the transposed board's answer too) with `gen --board 3x6 --blank 0 --pdb auto --dir "
		  "$SLIDETAB_TABLES`" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		slidetab *db;
		struct slidetab_error e = { 0 };
		if (cases[i].env)
			setenv("SLIDETAB_TABLES", cases[i].env, 1);
		else
			unsetenv("SLIDETAB_TABLES");
		ck_assert_int_eq(slidetab_open(&db, cases[i].opened, NULL), SLIDETAB_OK);
		ck_assert_int_eq(missing_msg(db, cases[i].rows, cases[i].cols, &e), SLIDETAB_ENOTABLE);
		size_t n = strlen(e.msg), k = strlen(cases[i].end);
		ck_assert_msg(n < sizeof e.msg - 1 && n >= k && !strcmp(e.msg + n - k, cases[i].end), "case %zu: %s", i,
			      e.msg);
		ck_assert_msg(!strstr(e.msg, "dddd"), "case %zu names the long folder: %s", i, e.msg);
		slidetab_close(db);
	}
	unsetenv("SLIDETAB_TABLES");
}
END_TEST

START_TEST(missing_table_names_the_command)
{
	slidetab *db;
	ck_assert_int_eq(slidetab_open(&db, "/nonexistent", NULL), SLIDETAB_OK);
	struct board b;
	struct board_state s, g;
	board_init(&b, 3, 3);
	board_goal(&b, 8, &g);
	board_goal(&b, 8, &s);
	unsigned d;
	struct slidetab_error e;
	ck_assert_int_eq(slidetab_distance(db, 3, 3, s.t, g.t, &d, &e), SLIDETAB_ENOTABLE);
	ck_assert_int_eq(e.status, SLIDETAB_ENOTABLE);
	ck_assert_msg(strstr(e.msg, " in /nonexistent; build it with `gen --board 3x3 --blank 0` in that folder") !=
			      NULL,
		      "%s", e.msg);
	/* Unsolvable needs no table at all. */
	s.t[0] = 2, s.t[1] = 1;
	ck_assert_int_eq(slidetab_distance(db, 3, 3, s.t, g.t, &d, &e), SLIDETAB_UNSOLVABLE);
	slidetab_close(db);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("query");
	TCase *tc = tcase_create("query");
	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_test(tc, input_formats);
	tcase_add_test(tc, input_errors_keep_alignment);
	tcase_add_test(tc, input_board_detection);
	tcase_add_test(tc, input_overlong_and_truncated);
	tcase_add_loop_test(tc, random_goals_match_plain_bfs, 0, 8);
	tcase_add_test(tc, missing_table_names_the_command);
	tcase_add_test(tc, messages_whole_with_long_folders);
	return testutil_run(s, tc);
}
