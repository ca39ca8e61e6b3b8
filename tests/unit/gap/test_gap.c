/* SPDX-License-Identifier: Zlib */
/* test_gap: Check unit tests of the Gap solver (gap/): sample, replayed paths, reference BFS, bad input. */
#define _POSIX_C_SOURCE 200809L
#include "gap/run.h"
#include "tests/unit/testutil.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* An independent model of the game (does not use gap/)                                        */

static int pick(uint64_t *s, int n)
{
	return (int)testutil_below(s, (unsigned)n);
}

static void model_goal(unsigned char l[4][8])
{
	for (int r = 0; r < 4; r++) {
		for (int c = 0; c < 7; c++)
			l[r][c] = (unsigned char)(10 * (r + 1) + c + 1);
		l[r][7] = 0;
	}
}

static int model_is_goal(unsigned char l[4][8])
{
	unsigned char g[4][8];

	model_goal(g);
	return memcmp(g, l, sizeof g) == 0;
}

/* Plays `card` into the gap at (row, col), both 1-based, if that is a legal move. Returns 0 or -1. */
static int model_play(unsigned char l[4][8], int card, int row, int col)
{
	if (row < 1 || row > 4 || col < 2 || col > 8 || l[row - 1][col - 1] != 0)
		return -1;
	if (card % 10 < 2 || card % 10 > 7 || l[row - 1][col - 2] != card - 1)
		return -1;
	for (int r = 0; r < 4; r++)
		for (int c = 0; c < 8; c++)
			if (l[r][c] == card) {
				l[r][c] = 0;
				l[row - 1][col - 1] = (unsigned char)card;
				return 0;
			}
	return -1;
}

/*
 * Undoes a random move: the inverse of "card x fills the gap right of x - 1" takes a card that
 * sits right of its predecessor (a 2 right of its own ace) and puts it into any gap. Returns -1
 * when no card can be taken back.
 */
static int model_unplay_random(unsigned char l[4][8], uint64_t *rng)
{
	int cards[32], gaps[32], nc = 0, ng = 0;

	for (int r = 0; r < 4; r++)
		for (int c = 1; c < 8; c++) {
			int v = l[r][c];
			if (v == 0)
				gaps[ng++] = 8 * r + c;
			else if (v % 10 >= 2 && l[r][c - 1] == v - 1)
				cards[nc++] = 8 * r + c;
		}
	if (nc == 0 || ng == 0)
		return -1;
	{
		int from = cards[pick(rng, nc)], to = gaps[pick(rng, ng)];
		l[to / 8][to % 8] = l[from / 8][from % 8];
		l[from / 8][from % 8] = 0;
	}
	return 0;
}

static void model_random_deal(unsigned char l[4][8], uint64_t *rng)
{
	int cards[28], n = 0;

	for (int s = 1; s <= 4; s++)
		for (int v = 1; v <= 7; v++)
			cards[n++] = 10 * s + v;
	for (int i = n - 1; i > 0; i--) {
		int j = pick(rng, i + 1), t = cards[i];
		cards[i] = cards[j];
		cards[j] = t;
	}
	for (int i = 0; i < n; i++) {
		int r = i / 7, c = i % 7 + 1, v = cards[i];
		l[r][c] = (unsigned char)(v % 10 == 1 ? 0 : v);
	}
	for (int r = 0; r < 4; r++)
		l[r][0] = (unsigned char)(10 * (r + 1) + 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Reference: plain breadth-first search over whole layouts                                    */

struct ref_set {
	unsigned char (*slot)[32]; /* all-zero = empty */
	size_t size, count;
};

static size_t ref_find(const struct ref_set *s, const unsigned char *l)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (int k = 0; k < 32; k++)
		h = (h ^ l[k]) * 1099511628211ULL;
	for (i = (size_t)h & (s->size - 1); s->slot[i][0] && memcmp(s->slot[i], l, 32); i = (i + 1) & (s->size - 1))
		;
	return i;
}

static int ref_add(struct ref_set *s, const unsigned char *l)
{
	size_t i;

	if ((s->count + 1) * 2 > s->size) {
		struct ref_set bigger = { calloc(s->size * 2, 32), s->size * 2, s->count };
		ck_assert_ptr_nonnull(bigger.slot);
		for (size_t j = 0; j < s->size; j++)
			if (s->slot[j][0])
				memcpy(bigger.slot[ref_find(&bigger, s->slot[j])], s->slot[j], 32);
		free(s->slot);
		*s = bigger;
	}
	i = ref_find(s, l);
	if (s->slot[i][0])
		return 0;
	memcpy(s->slot[i], l, 32);
	s->count++;
	return 1;
}

/* Minimum moves by BFS, -1 when impossible, -2 when more than max_states were needed. */
static int ref_bfs(unsigned char start[4][8], size_t max_states)
{
	struct ref_set seen = { calloc(1024, 32), 1024, 0 };
	size_t cap = 1024, head = 0, tail = 0, level_end;
	unsigned char(*queue)[32] = malloc(32 * cap);
	int depth = 0, answer = -1;

	ck_assert_ptr_nonnull(queue);
	memcpy(queue[tail++], start, 32);
	ref_add(&seen, queue[0]);
	if (model_is_goal(start))
		answer = 0;
	while (answer == -1 && head < tail) {
		depth++;
		for (level_end = tail; answer == -1 && head < level_end; head++) {
			for (int g = 0; g < 32 && answer == -1; g++) {
				unsigned char next[4][8];
				int left;
				if (queue[head][g] != 0 || g % 8 == 0)
					continue;
				left = queue[head][g - 1];
				memcpy(next, queue[head], 32);
				if (left == 0 || model_play(next, left + 1, g / 8 + 1, g % 8 + 1) < 0)
					continue;
				if (model_is_goal(next)) {
					answer = depth;
				} else if (ref_add(&seen, &next[0][0])) {
					if (tail == max_states) {
						answer = -2;
						break;
					}
					if (tail == cap) {
						queue = realloc(queue, 32 * (cap *= 2));
						ck_assert_ptr_nonnull(queue);
					}
					memcpy(queue[tail++], next, 32);
				}
			}
		}
	}
	free(seen.slot);
	free(queue);
	return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers around the solver                                                                   */

static void to_layout(unsigned char l[4][8], struct gap_layout *out)
{
	memcpy(out->cell, l, sizeof out->cell);
}

/* Solves l with the path recorded; checks the path by replaying it on the model. Returns moves. */
static int solve_and_replay(unsigned char l[4][8])
{
	struct gap_options opt = { 1, 0, 0 };
	struct gap_layout lay;
	struct gap_result res;
	unsigned char play[4][8];
	int moves, st;

	to_layout(l, &lay);
	st = gap_solve(&lay, &opt, &res, NULL);
	moves = res.moves;
	if (moves >= 0) {
		ck_assert_int_eq(st, SLIDETAB_OK);
		ck_assert_uint_eq(res.path_len, (size_t)moves);
		memcpy(play, l, sizeof play);
		for (size_t i = 0; i < res.path_len; i++) {
			const struct gap_move *m = &res.path[i];
			ck_assert_int_eq(play[m->from_row - 1][m->from_col - 1], m->card);
			ck_assert_msg(model_play(play, m->card, m->row, m->col) == 0, "move %zu (%d@r%dc%d) is illegal",
				      i + 1, m->card, m->row, m->col);
		}
		ck_assert(model_is_goal(play));
	} else {
		ck_assert_int_eq(st, SLIDETAB_UNSOLVABLE);
	}
	gap_result_free(&res);
	return moves;
}

/* Runs gap_run on `input`; returns its status and the text of out and err (caller frees). */
static int run_text(const char *input, const struct gap_options *opt, char **out, char **err)
{
	FILE *in = tmpfile(), *o, *e;
	size_t olen, elen;
	int rc;

	ck_assert_ptr_nonnull(in);
	fputs(input, in);
	rewind(in);
	o = open_memstream(out, &olen);
	e = open_memstream(err, &elen);
	ck_assert_ptr_nonnull(o);
	ck_assert_ptr_nonnull(e);
	rc = gap_run(in, "stdin", o, e, opt, NULL);
	fclose(in);
	fclose(o);
	fclose(e);
	return rc;
}

/* Runs gap_run on `input` without options: every layout answered as want_out, no message. */
static void expect_answers(const char *input, const char *want_out)
{
	char *out, *err;

	ck_assert_int_eq(run_text(input, NULL, &out, &err), SLIDETAB_OK);
	ck_assert_str_eq(out, want_out);
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* The published sample (also in tests/data/gap-sample.txt). */
static const char SAMPLE[] = "4\n"
			     "\n"
			     "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n"
			     "\n"
			     "26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n"
			     "\n"
			     "17 12 16 13 15 14 11\n27 22 26 23 25 24 21\n37 32 36 33 35 34 31\n47 42 46 43 45 44 41\n"
			     "\n"
			     "27 14 22 35 32 46 33\n13 17 36 24 44 21 15\n43 16 45 47 23 11 26\n25 37 41 34 42 12 31\n";

#define GOOD   "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n"
#define GOOD33 "26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n"

/* ------------------------------------------------------------------------------------------ */
/* Tests                                                                                       */

START_TEST(sample_through_gap_run)
{
	expect_answers(SAMPLE, "0\n33\n60\n-1\n");
}
END_TEST

START_TEST(sample_file_matches)
{
	char *file = read_file("tests/data/gap-sample.txt");

	if (!file)
		file = read_file("../data/gap-sample.txt");
	ck_assert_msg(file != NULL, "tests/data/gap-sample.txt not found (run from the project root)");
	ck_assert_str_eq(file, SAMPLE);
	free(file);
}
END_TEST

START_TEST(sample_paths_replay)
{
	static const int want[4] = { 0, 33, 60, -1 };
	FILE *in = tmpfile();
	struct gap_reader *rd;
	struct gap_layout lay;
	long count;
	int got;

	fputs(SAMPLE, in);
	rewind(in);
	rd = gap_reader_new(in);
	ck_assert_int_eq(gap_read_count(rd, &count, NULL), SLIDETAB_OK);
	ck_assert_int_eq(count, 4);
	for (int i = 0; i < 4; i++) {
		unsigned char l[4][8];
		ck_assert_int_eq(gap_read_layout(rd, &lay, &got, NULL), SLIDETAB_OK);
		ck_assert_int_eq(got, 1);
		memcpy(l, lay.cell, sizeof l);
		ck_assert_int_eq(solve_and_replay(l), want[i]);
	}
	ck_assert_int_eq(gap_read_layout(rd, &lay, &got, NULL), SLIDETAB_OK);
	ck_assert_int_eq(got, 0);
	gap_reader_free(rd);
	fclose(in);
}
END_TEST

START_TEST(impossible_sample_is_fast)
{
	struct gap_layout lay;
	struct gap_result res;
	const int dealt[28] = { 27, 14, 22, 35, 32, 46, 33, 13, 17, 36, 24, 44, 21, 15,
				43, 16, 45, 47, 23, 11, 26, 25, 37, 41, 34, 42, 12, 31 };

	ck_assert_int_eq(gap_deal(dealt, &lay, NULL), SLIDETAB_OK);
	ck_assert_int_eq(gap_solve(&lay, NULL, &res, NULL), SLIDETAB_UNSOLVABLE);
	ck_assert_int_eq(res.moves, -1);
	ck_assert_uint_lt(res.states, 1000);
	gap_result_free(&res);
}
END_TEST

START_TEST(backward_walks_replay)
{
	uint64_t rng = 1245;

	for (int i = 0; i < 1000; i++) {
		unsigned char l[4][8];
		int k = 1 + pick(&rng, 150), done = 0, moves;
		model_goal(l);
		while (done < k && model_unplay_random(l, &rng) == 0)
			done++;
		moves = solve_and_replay(l);
		ck_assert_msg(moves >= 0 && moves <= done, "walk %d: %d moves back, solver says %d", i, done, moves);
	}
}
END_TEST

START_TEST(agrees_with_bfs_on_backward_walks)
{
	uint64_t rng = 2046;
	int compared = 0;

	for (int i = 0; i < 400; i++) {
		unsigned char l[4][8];
		int k = 1 + pick(&rng, 40), ref, got;
		model_goal(l);
		for (int j = 0; j < k; j++)
			model_unplay_random(l, &rng);
		ref = ref_bfs(l, 400000);
		if (ref == -2)
			continue;
		got = solve_and_replay(l);
		ck_assert_msg(got == ref, "walk %d: BFS %d, solver %d", i, ref, got);
		compared++;
	}
	ck_assert_int_ge(compared, 300);
}
END_TEST

START_TEST(agrees_with_bfs_on_random_deals)
{
	uint64_t rng = 1;
	int solvable = 0, compared = 0;

	for (int i = 0; i < 400; i++) {
		unsigned char l[4][8];
		int ref, got;
		model_random_deal(l, &rng);
		ref = ref_bfs(l, 400000);
		if (ref == -2)
			continue;
		got = solve_and_replay(l);
		ck_assert_msg(got == ref, "deal %d: BFS %d, solver %d", i, ref, got);
		solvable += ref >= 0;
		compared++;
	}
	ck_assert_int_ge(compared, 390);
	ck_assert_int_ge(solvable, 50); /* both kinds of answer were compared */
}
END_TEST

/* The goal with 17 taken back into row 2's last column, as dealt: one move, 17 into r1c7. */
#define ONE_MOVE   "12 13 14 15 16 11 21\n22 23 24 25 26 27 17\n32 33 34 35 36 37 31\n42 43 44 45 46 47 41\n"
#define IMPOSSIBLE "27 14 22 35 32 46 33\n13 17 36 24 44 21 15\n43 16 45 47 23 11 26\n25 37 41 34 42 12 31\n"

START_TEST(path_and_show_format)
{
	struct gap_options both = { 1, 1, 0 }, path = { 1, 0, 0 };
	char *out, *err;

	ck_assert_int_eq(run_text("3\n\n" ONE_MOVE "\n" GOOD "\n" IMPOSSIBLE, &both, &out, &err), SLIDETAB_OK);
	ck_assert_str_eq(err, "");
	ck_assert_str_eq(out, "1\n1: 17@r1c7\n\n"
			      "11 12 13 14 15 16 .. ..\n"
			      "21 22 23 24 25 26 27 17\n"
			      "31 32 33 34 35 36 37 ..\n"
			      "41 42 43 44 45 46 47 ..\n"
			      "\n"
			      "11 12 13 14 15 16 17 ..\n"
			      "21 22 23 24 25 26 27 ..\n"
			      "31 32 33 34 35 36 37 ..\n"
			      "41 42 43 44 45 46 47 ..\n"
			      "0\n0:\n\n"
			      "11 12 13 14 15 16 17 ..\n"
			      "21 22 23 24 25 26 27 ..\n"
			      "31 32 33 34 35 36 37 ..\n"
			      "41 42 43 44 45 46 47 ..\n"
			      "-1\n-1: none\n\n"
			      "11 27 14 22 35 32 46 33\n"
			      "21 13 17 36 24 44 .. 15\n"
			      "31 43 16 45 47 23 .. 26\n"
			      "41 25 37 .. 34 42 12 ..\n");
	free(out);
	free(err);

	ck_assert_int_eq(run_text("2\n\n" ONE_MOVE "\n" GOOD33, &path, &out, &err), SLIDETAB_OK);
	ck_assert_str_eq(out, "1\n1: 17@r1c7\n33\n33: 37@r2c8 26@r2c6 12@r1c2 13@r1c3 15@r3c5 14@r1c4 34@r4c8 "
			      "16@r3c6 42@r4c2 45@r1c6 25@r1c8 24@r2c5 46@r1c7 32@r3c2 33@r3c3 34@r3c4 17@r3c7 "
			      "22@r2c2 23@r2c3 24@r2c4 25@r2c5 36@r4c6 27@r2c7 44@r4c4 15@r1c5 35@r3c5 45@r4c5 "
			      "16@r1c6 36@r3c6 46@r4c6 17@r1c7 37@r3c7 47@r4c7\n");
	free(out);
	free(err);
}
END_TEST

START_TEST(move_fields)
{
	struct gap_options opt = { 1, 0, 0 };
	struct gap_layout lay;
	struct gap_result res;

	gap_goal(&lay); /* 17 taken back into r2c8 */
	lay.cell[0][6] = GAP_EMPTY;
	lay.cell[1][7] = 17;
	ck_assert_int_eq(gap_solve(&lay, &opt, &res, NULL), SLIDETAB_OK);
	ck_assert_int_eq(res.moves, 1);
	ck_assert_uint_eq(res.path_len, 1);
	ck_assert_int_eq(res.path[0].card, 17);
	ck_assert_int_eq(res.path[0].from_row, 2);
	ck_assert_int_eq(res.path[0].from_col, 8);
	ck_assert_int_eq(res.path[0].row, 1);
	ck_assert_int_eq(res.path[0].col, 7);
	gap_result_free(&res);
}
END_TEST

/* One bad-input case: input, expected output, expected pieces of the error text. */
static void expect_bad(const char *input, const char *want_out, const char *want_err1, const char *want_err2)
{
	char *out, *err;
	int rc = run_text(input, NULL, &out, &err);

	ck_assert_int_eq(rc, SLIDETAB_EINVAL);
	ck_assert_str_eq(out, want_out);
	ck_assert_msg(strstr(err, want_err1) != NULL, "error text '%s' lacks '%s'", err, want_err1);
	if (want_err2)
		ck_assert_msg(strstr(err, want_err2) != NULL, "error text '%s' lacks '%s'", err, want_err2);
	ck_assert_msg(strncmp(err, "gap: stdin: line ", 17) == 0, "error text '%s'", err);
	free(out);
	free(err);
}

START_TEST(bad_cards)
{
	expect_bad("3\n\n" GOOD
		   "\n12 13 14 15 16 18 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n"
		   "\n" GOOD33,
		   "0\nerror\n33\n", "gap: stdin: line 8 (layout 2): card 18 does not exist", NULL);
	expect_bad("1\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 50 46 47 11\n",
		   "error\n", "line 6 (layout 1): card 50 does not exist", NULL);
	expect_bad(
		"2\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n7 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n" GOOD,
		"error\n0\n", "line 5 (layout 1): card 7 does not exist", NULL);
	expect_bad("2\n\n" GOOD
		   "\n12 13 14 15 16 17 21\n10 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n",
		   "0\nerror\n", "line 9 (layout 2): card 10 does not exist", NULL);
}
END_TEST

START_TEST(bad_repeated_and_missing)
{
	expect_bad(
		"2\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 23 41\n42 43 44 45 46 47 11\n\n" GOOD,
		"error\n0\n", "line 5 (layout 1): card 23 appears twice (lines 4 and 5); card 37 is missing", NULL);
	expect_bad("1\n\n12 12 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n",
		   "error\n", "line 3 (layout 1): card 12 appears twice on the line; card 13 is missing", NULL);
}
END_TEST

START_TEST(bad_counts_on_lines)
{
	expect_bad("2\n\n12 13 14 15 16 17\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n" GOOD,
		   "error\n0\n", "line 3 (layout 1): expected 7 cards on the line, found 6", NULL);
	expect_bad("2\n\n" GOOD
		   "\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n",
		   "0\nerror\n", "line 9 (layout 2): expected 7 cards on the line, found 8", NULL);
	expect_bad("2\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n\n" GOOD, "error\n0\n",
		   "line 5 (layout 1): expected 4 lines of 7 cards, found 3 lines (3-5)", NULL);
}
END_TEST

START_TEST(bad_tokens)
{
	expect_bad(
		"2\n\n12 13 14 15 16 17 21\n22 2x 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n" GOOD,
		"error\n0\n", "line 4 (layout 1): column 4: '2x' is not a number", NULL);
	expect_bad("1\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 -11\n",
		   "error\n", "line 6 (layout 1): column 19: '-11' is not a number", NULL);
}
END_TEST

START_TEST(bad_layout_counts)
{
	expect_bad("3\n\n" GOOD "\n" GOOD33, "0\n33\nerror\n",
		   "line 11 (layout 3): layout missing: the input ends after 2 of 3 announced layouts", NULL);
	expect_bad("4\n\n" GOOD, "0\nerror\nerror\nerror\n", "(layout 2): layouts 2-4 missing", NULL);
	expect_bad("1\n\n" GOOD "\n42\n", "0\nerror\n",
		   "line 8 (layout 2): unexpected input after the 1 announced layout", NULL);
	expect_bad("0\n\n" GOOD, "error\n", "line 3 (layout 1): unexpected input after the 0 announced layouts", NULL);
	expect_bad("two\n\n" GOOD, "0\n", "line 1: expected the number of layouts", NULL);
}
END_TEST

START_TEST(empty_and_crlf_input)
{
	expect_answers("", "");
	expect_answers("\n  \n# only comments\n", "");
	expect_answers("2\r\n\r\n12\t13 14 15 16 17 21\r\n22 23 24 25 26 27 31\r\n32 33 34 35 36 37 41\r\n"
		       "42 43 44 45 46 47 11\r\n\r\n26 31 13 44 21 24 42  \r\n17 45 23 25 41 36 11\r\n"
		       "46 34 14 12 37 32 47\r\n\t16 43 27 35 22 33 15",
		       "0\n33\n");
}
END_TEST

/* The shared token grammar (common/tok.h): commas, tabs, trailing comments and comment lines. */
#define COMMENTED                                                                                                      \
	"# two layouts follow\n2 # the count\n\n12,13,14,15,16,17,21 # row 1\n"                                        \
	"22, 23, 24, 25, 26, 27, 31\n# between rows\n32\t33\t34\t35\t36\t37\t41\n42 43 44 45 46 47 11"

START_TEST(commas_and_comments)
{
	expect_answers(COMMENTED " # row 4\n  # an indented comment line\n\n" GOOD33 "# the end\n", "0\n33\n");
	expect_bad(COMMENTED "#glued\n\n" GOOD33, "error\n33\n",
		   "line 8 (layout 1): column 19: '11#glued' is not a number", NULL);
}
END_TEST

/* Junk is named with its line and column; control bytes are escaped, never echoed. */
START_TEST(junk_named_and_escaped)
{
	struct slidetab_error e;
	char *out, *err;
	FILE *in, *o;
	size_t olen;

	expect_bad(
		"2\n\n12 13 14 15 16 17 21\n22 23 8a 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n" GOOD,
		"error\n0\n", "gap: stdin: line 4 (layout 1): column 7: '8a' is not a number", NULL);
	ck_assert_int_eq(run_text("1\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n"
				  "42 43 44 4\x01\x1b[2J 46 47 11\n",
				  NULL, &out, &err),
			 SLIDETAB_EINVAL);
	ck_assert_str_eq(out, "error\n");
	ck_assert_msg(strstr(err, "line 6 (layout 1): column 10: '4\\x01\\x1b[2J' is not a number") != NULL, "%s", err);
	for (const char *p = err; *p; p++)
		ck_assert_msg((unsigned char)*p >= 0x20 || *p == '\n', "raw control byte in '%s'", err);
	free(out);
	free(err);
	expect_bad("t\x7fo\n\n" GOOD, "0\n",
		   "line 1: expected the number of layouts (0..99999) alone on the line: "
		   "column 1: 't\\x7fo' is not a number",
		   NULL);

	/* without a diag stream the first problem is in err */
	in = tmpfile();
	ck_assert_ptr_nonnull(in);
	fputs("1\n\n" GOOD "\n8a\n", in);
	rewind(in);
	o = open_memstream(&out, &olen);
	ck_assert_int_eq(gap_run(in, "in.txt", o, NULL, NULL, &e), SLIDETAB_EINVAL);
	fclose(o);
	fclose(in);
	ck_assert_str_eq(out, "0\nerror\n");
	ck_assert_int_eq(e.status, SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "gap: in.txt: line 8 (layout 2): unexpected input after the 1 announced layout");
	free(out);
}
END_TEST

/* Runs the sample into out; returns gap_run's status and its message in e. */
static int run_into(FILE *out, struct slidetab_error *e, char **err)
{
	FILE *in = tmpfile(), *d;
	size_t elen;
	int rc;

	ck_assert_ptr_nonnull(in);
	fputs(SAMPLE, in);
	rewind(in);
	d = open_memstream(err, &elen);
	ck_assert_ptr_nonnull(d);
	rc = gap_run(in, "stdin", out, d, NULL, e);
	fclose(d);
	fclose(in);
	return rc;
}

/* A write error on the answers' stream is SLIDETAB_EIO with a message, not success. */
START_TEST(write_errors)
{
	struct slidetab_error e;
	char small[4], *err;
	char buf[4096];
	const char *dev = testutil_full_dev(buf, sizeof buf);
	FILE *full = dev ? fopen(dev, "w") : NULL, *mem = fmemopen(small, sizeof small, "w");

	if (full) {
		ck_assert_int_eq(run_into(full, &e, &err), SLIDETAB_EIO);
		ck_assert_str_eq(e.msg, "gap: stdin: cannot write the answers: No space left on device");
		ck_assert_str_eq(err, "gap: stdin: cannot write the answers: No space left on device\n");
		fclose(full);
		free(err);
	}
	if (dev == buf)
		unlink(buf);
	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(run_into(mem, &e, &err), SLIDETAB_EIO);
	ck_assert_int_eq(e.status, SLIDETAB_EIO);
	ck_assert_ptr_nonnull(strstr(err, "gap: stdin: cannot write the answers"));
	fclose(mem);
	free(err);
}
END_TEST

START_TEST(memory_cap)
{
	struct gap_options tight = { 0, 0, 4000 }; /* too small for any search; 0-move layouts need none */
	char *out, *err;
	struct gap_layout lay;
	struct gap_result res;
	const int dealt[28] = { 17, 12, 16, 13, 15, 14, 11, 27, 22, 26, 23, 25, 24, 21,
				37, 32, 36, 33, 35, 34, 31, 47, 42, 46, 43, 45, 44, 41 };
	struct slidetab_error e;

	ck_assert_int_eq(gap_deal(dealt, &lay, NULL), SLIDETAB_OK);
	ck_assert_int_eq(gap_solve(&lay, &tight, &res, &e), SLIDETAB_ELIMIT);
	ck_assert_int_eq(res.moves, -1);
	ck_assert_str_eq(e.msg, "search stopped: memory cap of 4000 bytes reached (0 states stored)");
	ck_assert_uint_le(res.peak_bytes, 4000);
	gap_result_free(&res);
	ck_assert_int_eq(gap_solve(&lay, NULL, &res, NULL), SLIDETAB_OK);
	ck_assert_int_eq(res.moves, 60);
	ck_assert_uint_lt(res.peak_bytes, (size_t)1 << 20); /* well within the default cap */
	gap_result_free(&res);

	ck_assert_int_eq(run_text(SAMPLE, &tight, &out, &err), SLIDETAB_EINVAL);
	ck_assert_str_eq(out, "0\nerror\nerror\nerror\n");
	ck_assert_ptr_nonnull(
		strstr(err, "gap: stdin: line 8 (layout 2): search stopped: memory cap of 4000 bytes reached"));
	ck_assert_ptr_nonnull(strstr(err, "line 13 (layout 3): search stopped"));
	free(out);
	free(err);
}
END_TEST

START_TEST(layout_checks)
{
	struct gap_layout lay;
	struct slidetab_error e;
	int dup[28] = { 12, 12, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 31,
			32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 47, 11 };
	struct gap_result res;

	ck_assert_int_eq(gap_deal(dup, &lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "card 12 appears twice");
	dup[1] = 18;
	ck_assert_int_eq(gap_deal(dup, &lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "card 18 does not exist");
	gap_goal(&lay);
	ck_assert(gap_is_goal(&lay));
	ck_assert_int_eq(gap_layout_check(&lay, &e), SLIDETAB_OK);
	lay.cell[0][0] = 12;
	lay.cell[0][1] = 11;
	ck_assert_int_eq(gap_layout_check(&lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "row 1 column 1 must hold 11");
	gap_goal(&lay);
	lay.cell[2][3] = 11; /* an ace outside column 1, 34 missing */
	ck_assert_int_eq(gap_layout_check(&lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "row 3 column 4: ace 11 must be in column 1");
	gap_goal(&lay);
	lay.cell[2][3] = GAP_EMPTY; /* five gaps */
	ck_assert_int_eq(gap_layout_check(&lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "5 gaps, expected 4");
	gap_goal(&lay);
	lay.cell[0][1] = 13; /* 13 twice, 12 missing */
	ck_assert_int_eq(gap_layout_check(&lay, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "card 13 appears twice");
	ck_assert_int_eq(gap_solve(&lay, NULL, &res, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "card 13 appears twice");
	ck_assert_int_eq(res.moves, -1);
	gap_result_free(&res);
	ck_assert(gap_card_valid(11) && gap_card_valid(47) && !gap_card_valid(18) && !gap_card_valid(50));
}
END_TEST

static Suite *gap_suite(void)
{
	Suite *s = suite_create("gap");
	TCase *io = tcase_create("io"), *solve = tcase_create("solve");
	tcase_set_timeout(io, 60); /* Check's default is 4 s: too short under sanitizers beside another suite */

	tcase_add_test(io, sample_through_gap_run);
	tcase_add_test(io, sample_file_matches);
	tcase_add_test(io, path_and_show_format);
	tcase_add_test(io, move_fields);
	tcase_add_test(io, bad_cards);
	tcase_add_test(io, bad_repeated_and_missing);
	tcase_add_test(io, bad_counts_on_lines);
	tcase_add_test(io, bad_tokens);
	tcase_add_test(io, bad_layout_counts);
	tcase_add_test(io, empty_and_crlf_input);
	tcase_add_test(io, commas_and_comments);
	tcase_add_test(io, junk_named_and_escaped);
	tcase_add_test(io, write_errors);
	tcase_add_test(io, memory_cap);
	tcase_add_test(io, layout_checks);
	tcase_add_test(solve, sample_paths_replay);
	tcase_add_test(solve, impossible_sample_is_fast);
	tcase_add_test(solve, backward_walks_replay);
	tcase_add_test(solve, agrees_with_bfs_on_backward_walks);
	tcase_add_test(solve, agrees_with_bfs_on_random_deals);
	tcase_set_timeout(solve, 120);
	suite_add_tcase(s, io);
	suite_add_tcase(s, solve);
	return s;
}

int main(void)
{
	return testutil_run(gap_suite(), NULL);
}
