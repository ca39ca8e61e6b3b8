/* SPDX-License-Identifier: Zlib */
/* test_input: the puzzle reader's grammar, line accounting and messages, and a differential property test. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/input.h"
#include "libslidetab/model/board.h"
#include "tests/unit/testutil.h"

#define MAXR 96

struct res {
	int n; /* results (puzzles and errors) */
	int status[MAXR];
	struct input_tiles s[MAXR], g[MAXR];
	long line[MAXR];
	char msg[MAXR][256];
};

/* Reads every puzzle of text[0..len) (NUL bytes allowed) into *r. */
static void read_mem(const char *text, size_t len, int rows, int cols, int pairs, struct res *r)
{
	struct input *in = malloc(sizeof *in);
	struct slidetab_error e;
	input_init(in, NULL, "test", rows, cols, pairs);
	in->mem = text, in->memlen = len;
	memset(r, 0, sizeof *r);
	for (;;) {
		e.msg[0] = '\0';
		int rc = input_next(in, &r->s[r->n], &r->g[r->n], &e);
		if (rc == INPUT_EOF)
			break;
		ck_assert_int_eq(in->results, r->n + 1);
		r->status[r->n] = rc;
		r->line[r->n] = in->result_line;
		snprintf(r->msg[r->n], sizeof r->msg[0], "%s", e.msg);
		if (++r->n == MAXR)
			break;
	}
	free(in);
}

static void read_str(const char *text, int rows, int cols, int pairs, struct res *r)
{
	read_mem(text, strlen(text), rows, cols, pairs, r);
}

static void expect_tiles(const struct input_tiles *s, const char *want)
{
	for (size_t i = 0; i < strlen(want); i++)
		ck_assert_int_eq(s->t[i], want[i] - '0');
}

/* Results as a string: 'P' a puzzle, 'E' an error. */
static const char *shape(const struct res *r)
{
	static char out[MAXR + 2];
	int k = 0;
	for (int i = 0; i < r->n; i++)
		out[k++] = r->status[i] == INPUT_PUZZLE ? 'P' : 'E';
	out[k] = '\0';
	return out;
}

/* Reads text and checks the shape of the results and the message of result i. */
static void expect_read(const char *text, int rows, int cols, int pairs, const char *want, int i, const char *msg,
			struct res *r)
{
	read_str(text, rows, cols, pairs, r);
	ck_assert_str_eq(shape(r), want);
	ck_assert_str_eq(r->msg[i], msg);
}

START_TEST(bad_first_token_is_an_error)
{
	static struct res r;
	expect_read("1 2 3 4 5 6 7 8 0\n8a 1 3 4 5 6 7 2 0\n", 0, 0, 0, "PE", 1,
		    "line 2: column 1: '8a' is not a number or a blank mark (x X _ .)", &r);
	expect_read("a1 2 3 4 5 6 7 8 0\n", 3, 3, 0, "E", 0,
		    "line 1: column 1: 'a1' is not a number or a blank mark (x X _ .)", &r);
	/* the compact form: each character a digit or blank mark */
	read_str("12X453786\n12z453786\n", 0, 0, 0, &r);
	ck_assert_str_eq(shape(&r), "PE");
	expect_tiles(&r.s[0], "120453786");
	ck_assert_str_eq(r.msg[1], "line 2: column 3: 'z' is not a digit or a blank mark (x X _ .)");
}
END_TEST

START_TEST(bom_cr_comments_nul)
{
	static struct res r;
	read_str("\xef\xbb\xbf"
		 "1 2 3 4 5 6 7 8 0\r8 1 3 4 5 6 7 2 0 # note\r\n1 2 3 4 5 6 7 x 8\r",
		 0, 0, 0, &r);
	ck_assert_str_eq(shape(&r), "PPP");
	expect_tiles(&r.s[1], "813456720");
	expect_tiles(&r.s[2], "123456708");
	ck_assert_int_eq(r.line[2], 3);
	/* a first line that is a BOM alone is an empty line */
	read_str("\xef\xbb\xbf\n1 2 3 0\n", 0, 0, 0, &r);
	ck_assert_str_eq(shape(&r), "P");
	ck_assert_int_eq(r.line[0], 2);
	/* a BOM anywhere else is a bad token, escaped */
	expect_read("1 2 3 0\n\xef\xbb\xbf"
		    "1 2 3 0\n",
		    0, 0, 0, "PE", 1, "line 2: column 1: '\\xef\\xbb\\xbf1' is not a number or a blank mark (x X _ .)",
		    &r);
	/* a NUL never cuts a line short */
	static const char nul[] = "1 2 3 0\n1 2 3\0 0\n1 2\0 3 0\n";
	read_mem(nul, sizeof nul - 1, 0, 0, 0, &r);
	ck_assert_str_eq(shape(&r), "PEE");
	ck_assert_str_eq(r.msg[1], "line 2: column 5: '3\\x00' is not a number or a blank mark (x X _ .)");
	ck_assert_str_eq(r.msg[2], "line 3: column 3: '2\\x00' is not a number or a blank mark (x X _ .)");
	/* control bytes are never echoed raw */
	read_str("1 2 3 \x1b[31m\n", 2, 2, 0, &r);
	ck_assert_str_eq(r.msg[0], "line 1: column 7: '\\x1b[31m' is not a number or a blank mark (x X _ .)");
}
END_TEST

START_TEST(line_accounting)
{
	static struct res r;
	/* a short line is an error of its own and swallows nothing */
	read_str("8 1 3 4 5 6 7 2 0\n1 2 3\n8 1 3 4 5 6 7 2 0\n1 2 3 4 5 6 7 8 0\n", 0, 0, 0, &r);
	ck_assert_str_eq(shape(&r), "PEPP");
	ck_assert_int_eq(r.line[1], 2);
	ck_assert_int_eq(r.line[2], 3);
	ck_assert_str_eq(r.msg[1], "line 2: a puzzle in rows of 3 stops after 1 of 3 rows (line 3 is a whole puzzle)");
	/* a bad row stays in its puzzle: the rows after it do not shift */
	expect_read("1 3 0\n4 2\n7 8 6\n1 3 0\n4 2 5\n7 8 6\n", 3, 3, 0, "EP", 0,
		    "line 2: 2 tokens where row 2 of 3 tokens was expected", &r);
	ck_assert_int_eq(r.line[1], 4);
	/* a line of a wrong count is an error of its own */
	expect_read("1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 0\n", 3, 3, 0, "EP", 0,
		    "line 1: 8 tokens: a 3x3 puzzle is 9 tokens, or rows of 3", &r);
	/* pairs: a line that cannot be the goal is read on its own */
	expect_read("1 2 3 0\n1 2 3 0 1 2 0 3\n", 2, 2, 1, "EP", 0,
		    "line 1: no goal follows this start (the next line is not a goal alone)", &r);
	expect_tiles(&r.g[1], "1203");
}
END_TEST

START_TEST(board_messages)
{
	static struct res r;
	/* three rows of three are the one 3x3 puzzle they are */
	expect_read("1 3 0\n4 2 5\n7 8 6\n", 0, 0, 0, "P", 0, "", &r);
	/* a row of three then another line: that row is an error of its own, the line read afresh */
	expect_read("1 3 0\n1 2 3 0\n", 0, 0, 0, "EP", 0,
		    "line 1: a row of 3 tokens: a puzzle given in rows needs --board RxC (e.g. 2x3), or 3 rows for 3x3",
		    &r);
	expect_read("1 2 3\n4 5 0\n1 2 3 4 5 6 7 0 8\n", 0, 0, 0, "EP", 0,
		    "line 1: a puzzle in rows of 3 stops after 2 of 3 rows (line 3 is a whole puzzle)", &r);
	expect_read("2\n1 2 3 4 5 6 7 8 0\n", 0, 0, 0, "EP", 0,
		    "line 1: a lone number 2 looks like a case count (--style hdu3567 reads one; otherwise remove it)",
		    &r);
	/* digits that are not each of 0..n-1 once are a number, not a compact board */
	expect_read("1234\n", 0, 0, 0, "E", 0,
		    "line 1: a lone number 1234 looks like a case count "
		    "(--style hdu3567 reads one; otherwise remove it)",
		    &r);
	/* only a first line is taken for a case count */
	expect_read("1 2 3 0\n5\n", 0, 0, 0, "PE", 1,
		    "line 2: one token where a 2x2 puzzle (4 tokens, or 4 characters) was expected", &r);
	/* boards of more than 10 cells have no compact form */
	expect_read("1 2 3 4 5 6 7 8 9 10 11 0\n000000000001\n", 3, 4, 0, "PE", 1,
		    "line 2: one token where a 3x4 puzzle (12 tokens) was expected", &r);
	/* --pairs: rows of three are not taken for the 8 puzzle's rows; the board must be named */
	expect_read("1 3 0\n4 2 5\n7 8 6\n", 0, 0, 1, "EEE", 0,
		    "line 1: a row of 3 tokens: a puzzle given in rows needs --board RxC (e.g. 2x3)", &r);
	expect_read("1 2 3 4 5 6 0\n", 0, 0, 0, "E", 0,
		    "line 1: 7 tokens is no board query knows (4 2x2, 6 2x3, 8 2x4, 9 3x3, 10 2x5, 12 3x4 or 2x6, "
		    "16 4x4, 25 5x5): give --board RxC",
		    &r);
	/* --pairs: each count is one reading or refused as ambiguous */
	expect_read("1 2 3 0 1 2 0 3\n", 0, 0, 1, "E", 0,
		    "line 1: 8 tokens could be 2x2 (a start and goal) or 2x4: say which with --board", &r);
	/* a line no board fits is an error of its own: every line after it gets its result too */
	expect_read("1 2 3 4 5 6 7 8 9 10 11 0\n2 1 3 4 5 6 7 8 9 10 11 0\n1 2 3 4 5 6 0\n1 2 3 4 5 6 7 8 0\n"
		    "1 2 3 4 5 6 7 8 9 10 11 0\n",
		    0, 0, 0, "EEEPE", 1, "line 2: 12 tokens could be 3x4 or 2x6: say which with --board", &r);
	ck_assert_str_eq(r.msg[2], "line 3: 7 tokens is no board query knows (4 2x2, 6 2x3, 8 2x4, 9 3x3, 10 2x5, "
				   "12 3x4 or 2x6, 16 4x4, 25 5x5): give --board RxC");
	ck_assert_str_eq(r.msg[4], "line 5: 12 tokens: a 3x3 puzzle is 9 tokens, or rows of 3");
	ck_assert_int_eq(r.line[4], 5);
	read_str("1 2 3 4 5 6 7 8 9 10 11 0\n", 0, 0, 1, &r);
	ck_assert_str_eq(r.msg[0],
			 "line 1: 12 tokens could be 2x3 (a start and goal), 3x4 or 2x6: say which with --board");
	read_str("1 2 3 0 1 2 0 3\n", 2, 2, 1, &r);
	ck_assert_str_eq(shape(&r), "P");
	expect_tiles(&r.g[0], "1203");
	int rows, cols;
	for (int t = 1; t <= 2 * BOARD_MAX_CELLS; t++)
		for (int p = 0; p <= 1; p++)
			if (input_board_for(t, p, &rows, &cols, NULL) == SLIDETAB_OK)
				ck_assert(rows * cols == t || (p && 2 * rows * cols == t));
}
END_TEST

START_TEST(goal_text)
{
	struct input_tiles g;
	struct slidetab_error e;
	static const char *empty[] = { "", " ", "#", ",", "\n\n# x\n" };
	for (size_t i = 0; i < sizeof empty / sizeof *empty; i++) {
		memset(&e, 0x55, sizeof e);
		ck_assert_int_eq(input_parse_goal(empty[i], 3, 3, &g, &e), SLIDETAB_EINVAL);
		ck_assert_str_eq(e.msg, "--goal: no tiles");
	}
	ck_assert_int_eq(input_parse_goal("1junk 2 3 4 5 6 7 8 0", 3, 3, &g, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "--goal: line 1: column 1: '1junk' is not a number or a blank mark (x X _ .)");
	ck_assert_int_eq(input_parse_goal("1 2 3", 3, 3, &g, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "--goal: line 1: input ended inside the puzzle that starts here (1 of 3 rows)");
	ck_assert_int_eq(input_parse_goal("1 2 3 0\n1 2 3 0", 2, 2, &g, &e), SLIDETAB_EINVAL);
	ck_assert_str_eq(e.msg, "--goal: line 2: more than one board");
	ck_assert_int_eq(input_parse_goal(" x,1 2 3 # c", 2, 2, &g, &e), SLIDETAB_OK);
	expect_tiles(&g, "0123");
	ck_assert_int_eq(input_parse_goal("1 2\n3 _", 2, 2, &g, &e), SLIDETAB_OK);
	expect_tiles(&g, "1230");
}
END_TEST

/* input_read_count then puzzles, and the check at the end. */
static int count_check(const char *text, char *msg)
{
	struct input *in = malloc(sizeof *in);
	struct slidetab_error e;
	struct input_tiles s, g;
	long count;
	input_init(in, NULL, "test", 0, 0, 1);
	in->mem = text, in->memlen = strlen(text);
	int st = input_read_count(in, &count, &e);
	while (st == SLIDETAB_OK && input_next(in, &s, &g, &e) != INPUT_EOF)
		;
	if (st == SLIDETAB_OK)
		st = input_check_count(in, &e);
	strcpy(msg, st ? e.msg : "");
	free(in);
	return st;
}

START_TEST(case_count)
{
	char msg[256];
	ck_assert_int_eq(count_check("2\n12X453786\n12345678X\n564178X23\n7568X4123\n", msg), SLIDETAB_OK);
	ck_assert_int_eq(count_check("3\n12X453786\n12345678X\n564178X23\n7568X4123\n", msg), SLIDETAB_EINVAL);
	ck_assert_str_eq(msg, "line 1: 3 cases announced, 2 given");
	ck_assert_int_eq(count_check("1\n12X453786\n12345678X\n564178X23\n7568X4123\n", msg), SLIDETAB_EINVAL);
	ck_assert_str_eq(msg, "line 1: 1 case announced, 2 given");
	ck_assert_int_eq(count_check("\n# c\n1\n12X453786\n12345678Z\n", msg),
			 SLIDETAB_OK); /* an error is a case given */
	ck_assert_int_eq(count_check("x\n12X453786\n12345678X\n", msg), SLIDETAB_EINVAL);
	ck_assert_str_eq(msg, "line 1: expected the number of cases, found a blank mark");
	ck_assert_int_eq(count_check("", msg), SLIDETAB_OK);
}
END_TEST

/* ---- differential property test: every spelling of valid puzzles, then one damaged byte ---- */

struct text {
	char b[24576];
	unsigned char role[24576]; /* 1 + the puzzle whose line holds the byte (not its line end); 0 other bytes */
	size_t len;
	size_t first_end; /* where the first puzzle's text ends (the line that decides the board) */
	int oneline;      /* every puzzle on one line (or compact) */
};

static unsigned rnd(unsigned *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 17;
	*st ^= *st << 5;
	return *st;
}

static void put(struct text *t, const char *s, int role)
{
	for (; *s; s++)
		t->role[t->len] = (unsigned char)role, t->b[t->len++] = *s;
}

/* Appends tiles as one puzzle (layout 0 one line, 1 rows, 2 compact) in a random spelling. */
static void spell(struct text *t, const uint8_t *tiles, int rows, int cols, int layout, int role, unsigned *st)
{
	static const char *seps[] = { " ", "\t", ",", ", ", " ,\t", "  " };
	static const char *eols[] = { "\n", "\r\n", "\r" };
	char mark[2] = { "0xX_."[rnd(st) % 5], '\0' }, num[8];
	int lines = layout == 1 ? rows : 1, per = layout == 1 ? cols : rows * cols;
	for (int l = 0; l < lines; l++) {
		if (rnd(st) % 4 == 0)
			put(t, seps[rnd(st) % 6], role);
		for (int i = 0; i < per; i++) {
			int v = tiles[l * per + i];
			if (i > 0 && layout != 2)
				put(t, seps[rnd(st) % 6], role);
			snprintf(num, sizeof num, "%d", v);
			put(t, v ? num : mark, role);
		}
		if (rnd(st) % 4 == 0)
			put(t, seps[rnd(st) % 6], role);
		if (rnd(st) % 4 == 0)
			put(t, " # note 1 2", role);
		put(t, eols[rnd(st) % 3], 0);
	}
	if (rnd(st) % 5 == 0) /* blank and comment lines (a comment holding a puzzle may be revealed by damage) */
		put(t, rnd(st) % 2 ? " \t\n" : "# a note, 1 2\r\n", 0);
}

/* k random puzzles on rows x cols in random spellings; auto: all one line or compact. */
static int generate(struct text *t, uint8_t (*tiles)[BOARD_MAX_CELLS], int rows, int cols, int oneline, unsigned *st)
{
	int n = rows * cols, k = 4 + (int)(rnd(st) % 9);
	t->len = 0;
	t->oneline = oneline;
	if (rnd(st) % 2)
		put(t, "\xef\xbb\xbf", 0);
	for (int p = 0; p < k; p++) {
		for (int i = 0; i < n; i++)
			tiles[p][i] = (uint8_t)i;
		for (int i = n - 1; i > 0; i--) {
			int j = (int)(rnd(st) % (unsigned)(i + 1));
			uint8_t x = tiles[p][i];
			tiles[p][i] = tiles[p][j], tiles[p][j] = x;
		}
		int layout = (int)(rnd(st) % 3);
		if (layout == 2 && n > 10)
			layout = 0;
		if (layout == 1 && oneline)
			layout = 0;
		spell(t, tiles[p], rows, cols, layout, p + 1, st);
		if (p == 0)
			t->first_end = t->len;
	}
	if (rnd(st) % 3 == 0) /* no line end at the very end */
		while (t->len > 0 && (t->b[t->len - 1] == '\n' || t->b[t->len - 1] == '\r'))
			t->len--;
	return k;
}

static int same(const struct input_tiles *s, const uint8_t *tiles, int n)
{
	return memcmp(s->t, tiles, (size_t)n) == 0;
}

static int is_sep_or_special(char c)
{
	return c == ' ' || c == '\t' || c == ',' || c == '#' || c == '\n' || c == '\r';
}

/* Checks one damaged text (byte pos replaced) against the k puzzles it was made from. */
static void check_damaged(const struct text *t, size_t pos, char orig, char repl, uint8_t (*tiles)[BOARD_MAX_CELLS],
			  int k, int rows, int cols, int autob, const struct res *r)
{
	int n = rows * cols, role = t->role[pos];
	/* Damage that keeps every line and its token count (a token byte for a token byte; on one-line
	 * texts any byte of a puzzle line other than '#' for any byte but a line end or '#'): exactly
	 * k results, each the puzzle given or an error. */
	int strong = role != 0 && orig != '#' && repl != '#' && repl != '\n' && repl != '\r' &&
		     (t->oneline || (!is_sep_or_special(orig) && !is_sep_or_special(repl)));
	/* Auto board: damage to the first puzzle's line may decide another board (dropping tile 8
	 * from a 3x3 line leaves a good 2x4 one); the puzzles after it are still exact or errors. */
	int deciding = autob && pos < t->first_end;
	if (strong) {
		ck_assert_int_eq(r->n, k);
		for (int i = deciding; i < k; i++)
			ck_assert_msg(r->status[i] == INPUT_ERROR || same(&r->s[i], tiles[i], n),
				      "puzzle %d misread after byte %zu '%c' -> 0x%02x", i + 1, pos, orig,
				      (unsigned char)repl);
		return;
	}
	if (deciding)
		return;
	if (!t->oneline)
		return;
	/* Any damage to one-line texts (it may split a line, merge two, or comment one out): k-1..k+1
	 * results, and the puzzles answered are, in order, puzzles given. */
	ck_assert_int_ge(r->n, k - 1);
	ck_assert_int_le(r->n, k + 1);
	int j = 0;
	for (int i = 0; i < r->n; i++) {
		if (r->status[i] != INPUT_PUZZLE)
			continue;
		while (j < k && !same(&r->s[i], tiles[j], n))
			j++;
		ck_assert_msg(j < k, "an answered puzzle that was not given (byte %zu)", pos);
		j++;
	}
}

static const int prop_boards[][3] = { { 2, 2, 1 }, { 2, 3, 2 }, { 2, 4, 4 }, { 3, 3, 5 },
				      { 2, 5, 6 }, { 3, 4, 7 }, { 4, 4, 9 } };

/* Writes a generated text to $SLIDETAB_INPUT_CORPUS/prop-NAME with fuzz_input's mode byte. */
static void save_sample(const struct text *t, int mode, int board, int trial)
{
	const char *dir = getenv("SLIDETAB_INPUT_CORPUS");
	if (!dir || trial % 16 != 0)
		return;
	char path[512];
	snprintf(path, sizeof path, "%s/prop-%dx%d-%d", dir, prop_boards[board][0], prop_boards[board][1], trial);
	FILE *f = fopen(path, "wb");
	if (f) {
		fputc(mode, f);
		fwrite(t->b, 1, t->len, f);
		fclose(f);
	}
}

START_TEST(property_spellings_and_damage)
{
	static struct text t;
	static struct res r;
	static uint8_t tiles[16][BOARD_MAX_CELLS];
	static const char repl[] = "0123456789 \t,#xX_.\n\r\0\xff\xef-a";
	int b = _i;
	int rows = prop_boards[b][0], cols = prop_boards[b][1];
	unsigned st = 0x9e3779b9u * (unsigned)(b + 1);
	for (int trial = 0; trial < 96; trial++) {
		int autob = rows * cols != 12 && trial % 3 == 0; /* 12 cells cannot be told */
		int oneline = autob || trial % 2;
		int k = generate(&t, tiles, rows, cols, oneline, &st);
		save_sample(&t, autob ? 0 : prop_boards[b][2], b, trial);
		read_mem(t.b, t.len, autob ? 0 : rows, autob ? 0 : cols, 0, &r);
		ck_assert_msg(r.n == k, "%dx%d trial %d: %d results for %d puzzles: %s", rows, cols, trial, r.n, k,
			      r.msg[0]);
		for (int i = 0; i < k; i++)
			ck_assert_msg(r.status[i] == INPUT_PUZZLE && same(&r.s[i], tiles[i], rows * cols),
				      "%dx%d trial %d puzzle %d: %s", rows, cols, trial, i + 1, r.msg[i]);
		for (int d = 0; d < 40; d++) {
			size_t pos = rnd(&st) % t.len;
			char orig = t.b[pos], c = repl[rnd(&st) % (sizeof repl - 1)];
			if (c == orig)
				continue;
			t.b[pos] = c;
			read_mem(t.b, t.len, autob ? 0 : rows, autob ? 0 : cols, 0, &r);
			check_damaged(&t, pos, orig, c, tiles, k, rows, cols, autob, &r);
			t.b[pos] = orig;
		}
	}
}
END_TEST

/* Any board up to 256 cells: 16x16 on one line and in rows, and tiles past 31 checked
 * for range and repeats like the others. */
START_TEST(large_boards)
{
	static char text[8192];
	static struct res r;
	size_t k = 0;
	for (int c = 0; c < 256; c++) /* one line: the goal order */
		k += (size_t)snprintf(text + k, sizeof text - k, "%d%c", (c + 1) % 256, c == 255 ? '\n' : ' ');
	for (int c = 0; c < 256; c++) /* rows of 16: blank first */
		k += (size_t)snprintf(text + k, sizeof text - k, "%d%c", c, c % 16 == 15 ? '\n' : ' ');
	for (int c = 0; c < 256; c++) /* tile 200 twice */
		k += (size_t)snprintf(text + k, sizeof text - k, "%d%c", c == 7 ? 200 : c, c == 255 ? '\n' : ' ');
	for (int c = 0; c < 256; c++) /* tile 256 out of range */
		k += (size_t)snprintf(text + k, sizeof text - k, "%d%c", c == 0 ? 256 : c, c == 255 ? '\n' : ' ');
	read_str(text, 16, 16, 0, &r);
	ck_assert_str_eq(shape(&r), "PPEE");
	for (int c = 0; c < 256; c++) {
		ck_assert_int_eq(r.s[0].t[c], (c + 1) % 256);
		ck_assert_int_eq(r.s[1].t[c], c);
	}
	ck_assert_ptr_nonnull(strstr(r.msg[2], "tile 200 appears twice"));
	ck_assert_ptr_nonnull(strstr(r.msg[3], "tile 256 out of range"));
	ck_assert_int_eq(r.line[1], 2);
	ck_assert_int_eq(r.line[2], 18);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("input");
	TCase *tc = tcase_create("input");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, bad_first_token_is_an_error);
	tcase_add_test(tc, large_boards);
	tcase_add_test(tc, bom_cr_comments_nul);
	tcase_add_test(tc, line_accounting);
	tcase_add_test(tc, board_messages);
	tcase_add_test(tc, goal_text);
	tcase_add_test(tc, case_count);
	tcase_add_loop_test(tc, property_spellings_and_damage, 0, (int)(sizeof prop_boards / sizeof prop_boards[0]));
	return testutil_run(s, tc);
}
