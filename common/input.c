/* SPDX-License-Identifier: Zlib */
/* input: streams puzzles out of the text formats users bring, with exact error positions. */
#include "common/input.h"

#include <stdlib.h>
#include <string.h>

#include "common/tok.h"

/* The compact form (one character a tile, digits 0-9 and a blank mark) fits boards of at most
 * this many cells. */
#define COMPACT_MAX_CELLS 10

/* What next_board found. */
enum { R_PUZZLE, R_BADPUZZLE, R_BADLINE, R_PARTIAL, R_EOF };

void input_init(struct input *in, FILE *f, const char *name, int rows, int cols, int pairs)
{
	memset(in, 0, sizeof *in);
	in->f = f;
	in->name = name;
	in->rows = rows;
	in->cols = cols;
	in->n = rows * cols;
	in->pairs = pairs;
	in->announced = -1;
}

/* The boards query reads without --board, by cells. */
static const int known[][2] = {
	{ 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 3 }, { 2, 5 }, { 3, 4 }, { 2, 6 }, { 4, 4 }, { 5, 5 }
};
#define NKNOWN (int)(sizeof known / sizeof known[0])

int input_board_for(int tokens, int pairs, int *rows, int *cols, struct slidetab_error *err)
{
	char list[160] = "";
	int found = 0;
	for (int i = 0; i < NKNOWN; i++) {
		int n = known[i][0] * known[i][1];
		for (int pair = 0; pair <= pairs; pair++) {
			if (n * (pair + 1) != tokens)
				continue;
			if (found++ == 0)
				*rows = known[i][0], *cols = known[i][1];
			size_t k = strlen(list);
			snprintf(list + k, sizeof list - k, "%s%dx%d%s", k ? ", " : "", known[i][0], known[i][1],
				 pair ? " (a start and goal)" : "");
		}
	}
	if (found == 1)
		return SLIDETAB_OK;
	char *last = strrchr(list, ',');
	if (found > 1 && last) /* "a, b, c" -> "a, b or c" */
		memmove(last + 3, last + 1, strlen(last + 1) + 1), memcpy(last, " or", 3);
	if (found > 1)
		return err_set(err, SLIDETAB_EINVAL, "%d tokens could be %s: say which with --board", tokens, list);
	if (tokens == 2 || tokens == 3 || tokens == 5)
		return err_set(err, SLIDETAB_EINVAL,
			       "a row of %d tokens: a puzzle given in rows needs --board RxC (e.g. %s)", tokens,
			       tokens == 2   ? "3x2"
			       : tokens == 3 ? "2x3"
					     : "2x5 or 5x5");
	return err_set(err, SLIDETAB_EINVAL,
		       "%d tokens is no board query knows (4 2x2, 6 2x3, 8 2x4, 9 3x3, 10 2x5, 12 3x4 or 2x6, 16 4x4, "
		       "25 5x5%s): "
		       "give --board RxC",
		       tokens, pairs ? "; twice that for a start and goal" : "");
}

static int fill(struct input *in)
{
	if (in->eof)
		return 0;
	if (in->f) {
		in->len = fread(in->buf, 1, sizeof in->buf, in->f);
	} else {
		in->len = in->memlen < sizeof in->buf ? in->memlen : sizeof in->buf;
		memcpy(in->buf, in->mem, in->len);
		in->mem += in->len, in->memlen -= in->len;
	}
	in->pos = 0;
	if (in->len == 0)
		in->eof = 1;
	return in->len > 0;
}

/* 1 when copy[0..k) holds the start of a comment: a '#' first or after a separator. */
static int has_comment(const char *copy, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (copy[i] == '#' && (i == 0 || tok_is_sep(copy[i - 1])))
			return 1;
	return 0;
}

/* Past INPUT_MAX_LINE characters only separators and a comment may follow: scans t[0..n) of the
 * rest of a line in state *tail (TAIL_SEP after a separator, TAIL_FIELD after a field's character,
 * TAIL_SKIP in a comment or once the line is known to be overlong); returns 1 when it is overlong. */
enum { TAIL_NONE, TAIL_SEP, TAIL_FIELD, TAIL_SKIP };
static int scan_tail(const char *t, size_t n, int *tail)
{
	for (size_t i = 0; i < n && *tail != TAIL_SKIP; i++) {
		if (tok_is_sep(t[i]))
			*tail = TAIL_SEP;
		else if (t[i] == '#' && *tail == TAIL_SEP)
			*tail = TAIL_SKIP;
		else {
			*tail = TAIL_SKIP;
			return 1;
		}
	}
	return 0;
}

long input_line(struct input *in, char **line)
{
	char *copy = in->copy; /* lines are returned from a copy so the 64 KiB window can move */
	*line = copy;
	if (in->replay) {
		in->replay = 0;
		return in->cur_len;
	}
	size_t k = 0;
	int any = 0, overlong = 0, tail = TAIL_NONE;
	for (;;) {
		if (in->pos >= in->len && !fill(in))
			break;
		if (in->cr) { /* CRLF: the LF belongs to the line end already seen */
			in->cr = 0;
			if (in->buf[in->pos] == '\n') {
				in->pos++;
				continue;
			}
		}
		any = 1;
		char *start = in->buf + in->pos;
		size_t avail = in->len - in->pos;
		char *nl = memchr(start, '\n', avail);
		char *cr = memchr(start, '\r', nl ? (size_t)(nl - start) : avail);
		char *end = cr ? cr : nl;
		size_t chunk = end ? (size_t)(end - start) : avail;
		size_t fit = tail != TAIL_NONE ? 0 : k + chunk > INPUT_MAX_LINE ? INPUT_MAX_LINE - k : chunk;
		memcpy(copy + k, start, fit);
		k += fit;
		if (fit < chunk && tail == TAIL_NONE) /* the limit reached: is the rest skipped text? */
			tail = has_comment(copy, k) ? TAIL_SKIP : k && !tok_is_sep(copy[k - 1]) ? TAIL_FIELD : TAIL_SEP;
		if (fit < chunk && scan_tail(start + fit, chunk - fit, &tail))
			overlong = 1;
		in->pos += chunk + (end ? 1 : 0);
		if (end) {
			in->cr = end == cr;
			break;
		}
	}
	if (!any)
		return -1;
	in->line++;
	in->cur_len = overlong ? -2 : (long)k;
	if (overlong)
		return -2;
	if (in->line == 1 && k >= 3 && !memcmp(copy, "\xef\xbb\xbf", 3)) { /* a byte-order mark */
		memmove(copy, copy + 3, k - 3);
		k -= 3;
		in->cur_len = (long)k;
	}
	copy[k] = '\0';
	return (long)k;
}

/* 1 when a one-field line is the compact form of a board of len cells (len <= COMPACT_MAX_CELLS): every
 * character a digit or blank mark, and, when no board is known yet, either a blank mark among
 * them or the digits 0..len-1 each once (else it is more likely a lone number). */
static int compact_form(const char *t, size_t len, int known_board)
{
	unsigned seen = 0;
	int marks = 0;
	if (len < 4 || len > COMPACT_MAX_CELLS)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (tok_is_blank_mark(t[i]))
			marks = 1;
		else if (t[i] >= '0' && t[i] <= '9')
			seen |= 1u << (t[i] - '0');
		else if (!known_board)
			return 0;
	}
	return known_board || marks || seen == (1u << len) - 1;
}

/* The first field of line[0..len): its start and length. */
static const char *first_field(const char *line, size_t len, size_t *flen)
{
	size_t i = 0;
	while (i < len && tok_is_sep(line[i]))
		i++;
	size_t s = i;
	while (i < len && !tok_is_sep(line[i]))
		i++;
	*flen = i - s;
	return line + s;
}

/* Reads a line's values into in->val[at..]: the compact form (one character a tile) or tokens.
 * Returns the count, or -1 with err naming the line and column. */
static int line_values(struct input *in, const char *line, size_t len, int at, int compact, struct slidetab_error *err)
{
	struct tok toks[INPUT_MAX_TOKENS];
	int count = 0;
	if (compact) {
		size_t flen;
		const char *t = first_field(line, len, &flen);
		for (size_t i = 0; i < flen; i++) {
			int col = (int)(t - line + (long)i) + 1;
			if (!tok_is_blank_mark(t[i]) && (t[i] < '0' || t[i] > '9')) {
				char shown[16];
				err_escape(t + i, 1, shown, sizeof shown);
				err_set(err, SLIDETAB_EINVAL,
					"line %ld: column %d: '%s' is not a digit or a blank mark (x X _ .)", in->line,
					col, shown);
				return -1;
			}
			in->val[at + (int)i] = tok_is_blank_mark(t[i]) ? 0 : (unsigned)(t[i] - '0');
			in->vline[at + (int)i] = in->line, in->vcol[at + (int)i] = col;
		}
		return (int)flen;
	}
	if (tok_split(line, len, toks, INPUT_MAX_TOKENS - at, &count, err) != SLIDETAB_OK) {
		err_prefix(err, "line %ld", in->line);
		return -1;
	}
	for (int i = 0; i < count; i++) {
		in->val[at + i] = toks[i].value;
		in->vline[at + i] = in->line, in->vcol[at + i] = toks[i].col;
	}
	return count;
}

/* Checks that in->val[at..at+n) hold each tile 0..n-1 once; names the first problem and where. */
static int check_tiles(const struct input *in, int at, struct slidetab_error *err)
{
	uint8_t seen[BOARD_ANY_MAX_CELLS] = { 0 };
	for (int i = at; i < at + in->n; i++) {
		unsigned v = in->val[i];
		long line = in->vline[i];
		int col = in->vcol[i];
		if (v >= (unsigned)in->n)
			return err_set(err, SLIDETAB_EINVAL,
				       "line %ld: column %d: tile %u out of range for %dx%d (tiles 1..%d and a blank)",
				       line, col, v, in->rows, in->cols, in->n - 1);
		if (seen[v]) {
			if (v == 0)
				return err_set(err, SLIDETAB_EINVAL,
					       "line %ld: column %d: a second blank (0 x X _ . all mark the blank)",
					       line, col);
			return err_set(err, SLIDETAB_EINVAL, "line %ld: column %d: tile %u appears twice", line, col,
				       v);
		}
		seen[v] = 1;
	}
	return SLIDETAB_OK;
}

static void put_state(const struct input *in, int at, struct input_tiles *s)
{
	memset(s, 0, sizeof *s);
	for (int i = 0; i < in->n; i++)
		s->t[i] = (uint8_t)in->val[at + i];
}

static int too_long(const struct input *in, struct slidetab_error *err)
{
	return err_set(err, SLIDETAB_EINVAL, "line %ld: line too long (over %d characters)", in->line, INPUT_MAX_LINE);
}

/* 1 when a line of `fields` fields whose first is flen bytes is a whole puzzle (or pair). */
static int whole_line(const struct input *in, int fields, size_t flen)
{
	return fields == in->n || (in->pairs && fields == 2 * in->n) ||
	       (fields == 1 && in->n <= COMPACT_MAX_CELLS && flen == (size_t)in->n);
}

/* A line of one token that is not a compact puzzle: an error of its own. */
static int lone_token(struct input *in, const char *line, size_t len, int first, struct slidetab_error *err)
{
	struct tok t;
	int k;
	if (tok_split(line, len, &t, 1, &k, err) != SLIDETAB_OK) {
		err_prefix(err, "line %ld", in->line);
		return R_BADLINE;
	}
	if (first && t.kind == TOK_NUMBER)
		err_set(err, SLIDETAB_EINVAL,
			"line %ld: a lone number %u looks like a case count "
			"(--style hdu3567 reads one; otherwise remove it)",
			in->line, t.value);
	else if (in->n) {
		char compact[32] = "";
		if (in->n <= COMPACT_MAX_CELLS)
			snprintf(compact, sizeof compact, ", or %d characters", in->n);
		err_set(err, SLIDETAB_EINVAL, "line %ld: one token where a %dx%d puzzle (%d tokens%s) was expected",
			in->line, in->rows, in->cols, in->n, compact);
	} else
		err_set(err, SLIDETAB_EINVAL, "line %ld: one token is not a puzzle", in->line);
	return R_BADLINE;
}

/* A line read while no board is known decides it: R_PUZZLE (the board is set) or R_BADLINE (the
 * line cannot start a puzzle, or its token count names no board or several: the board stays
 * unknown and the next line may decide it, so every line gets its own result). A line of three
 * tokens starts a 3x3 puzzle in rows, the one board query knows with rows of three but 2x3 (whose
 * rows need --board 2x3). */
static int decide_board(struct input *in, const char *line, size_t len, int fields, int first,
			struct slidetab_error *err)
{
	struct tok toks[INPUT_MAX_TOKENS];
	size_t flen;
	const char *t = first_field(line, len, &flen);
	int r, c, count;
	if (fields == 1 && compact_form(t, flen, 0) && input_board_for((int)flen, 0, &r, &c, NULL) == SLIDETAB_OK) {
		in->rows = r, in->cols = c, in->n = r * c;
		return R_PUZZLE;
	}
	if (fields == 1)
		return lone_token(in, line, len, first, err);
	if (tok_split(line, len, toks, INPUT_MAX_TOKENS, &count, err) != SLIDETAB_OK) {
		err_prefix(err, "line %ld", in->line);
		return R_BADLINE;
	}
	if (fields == 3 && !in->pairs) { /* rows of three: the 8 puzzle's rows (ALDS1_13_B); 2x3 needs --board */
		in->rows = in->cols = 3, in->n = 9, in->three_rows = 1;
		return R_PUZZLE;
	}
	if (input_board_for(fields, in->pairs, &r, &c, err) != SLIDETAB_OK) {
		err_prefix(err, "line %ld", in->line);
		return R_BADLINE;
	}
	in->rows = r, in->cols = c, in->n = r * c;
	return R_PUZZLE;
}

/* A line that no puzzle is waiting for: a whole puzzle (or pair), the first row of one (returns
 * -1: read on), or an error of its own. */
static int fresh_line(struct input *in, const char *line, size_t len, int fields, struct input_tiles *s,
		      struct input_tiles *g, int *both, struct slidetab_error *err)
{
	int first = !in->seen_content;
	in->board_line = in->line;
	if (in->n == 0) {
		int rc = decide_board(in, line, len, fields, first, err);
		if (rc != R_PUZZLE)
			return rc;
	}
	size_t flen;
	(void)first_field(line, len, &flen);
	int compact = fields == 1 && in->n <= COMPACT_MAX_CELLS && flen == (size_t)in->n;
	if (whole_line(in, fields, flen)) {
		int k = line_values(in, line, len, 0, compact, err);
		if (k < 0)
			return R_BADPUZZLE;
		*both = k == 2 * in->n;
		if (check_tiles(in, 0, err) || (*both && check_tiles(in, in->n, err)))
			return R_BADPUZZLE;
		put_state(in, 0, s);
		if (*both)
			put_state(in, in->n, g);
		return R_PUZZLE;
	}
	if (fields == in->cols) {
		in->rows_seen = 1, in->first_line = in->line;
		in->bad = line_values(in, line, len, 0, 0, &in->pend) < 0;
		return -1;
	}
	if (fields == 1)
		return lone_token(in, line, len, first, err);
	err_set(err, SLIDETAB_EINVAL, "line %ld: %d tokens: a %dx%d puzzle is %d tokens%s, or rows of %d", in->line,
		fields, in->rows, in->cols, in->n, in->pairs ? " (a start and goal twice that)" : "", in->cols);
	return R_BADLINE;
}

/* A line read while a puzzle in rows waits for its next row (fields -1: an overlong line). A
 * whole puzzle ends the waiting one as an error and is read again on its own; any other line is
 * the next row (a bad one unless it has cols tokens), so a damaged row never shifts the rows. */
static int next_row(struct input *in, const char *line, size_t len, int fields, struct input_tiles *s,
		    struct slidetab_error *err)
{
	size_t flen = 0;
	if (fields > 0)
		(void)first_field(line, len, &flen);
	in->board_line = in->first_line;
	if (fields > 0 && whole_line(in, fields, flen)) {
		in->replay = 1;
		err_set(err, SLIDETAB_EINVAL,
			"line %ld: a puzzle in rows of %d stops after %d of %d rows (line %ld is a whole puzzle)",
			in->first_line, in->cols, in->rows_seen, in->rows, in->line);
		in->rows_seen = 0;
		return R_PARTIAL;
	}
	if (in->three_rows == 1 && fields != 3) {
		/* not the 3x3 puzzle a first row of three promised: the rows read are an error, the board
		 * is unknown again and this line is read afresh, so that each line keeps its own result */
		in->replay = 1;
		err_set(err, SLIDETAB_EINVAL,
			"line %ld: %s of 3 tokens: a puzzle given in rows needs --board RxC (e.g. 2x3), or 3 rows "
			"for 3x3",
			in->first_line, in->rows_seen == 1 ? "a row" : "2 rows");
		in->rows = in->cols = in->n = in->rows_seen = in->three_rows = 0;
		return R_PARTIAL;
	}
	if (fields != in->cols && !in->bad) {
		in->bad = 1;
		if (fields < 0)
			too_long(in, &in->pend);
		else
			err_set(&in->pend, SLIDETAB_EINVAL,
				"line %ld: %d tokens where row %d of %d tokens was expected", in->line, fields,
				in->rows_seen + 1, in->cols);
	}
	int at = in->rows_seen * in->cols;
	if (!in->bad)
		in->bad = line_values(in, line, len, at, 0, &in->pend) < 0;
	if (++in->rows_seen < in->rows)
		return -1;
	in->rows_seen = 0;
	in->three_rows += in->three_rows == 1; /* 2: the first 3x3 puzzle read, the board is kept */
	if (in->bad) {
		*err = in->pend;
		return R_BADPUZZLE;
	}
	if (check_tiles(in, 0, err))
		return R_BADPUZZLE;
	put_state(in, 0, s);
	return R_PUZZLE;
}

/* Reads the next single board (one line of n tokens, compact, or rows lines of cols tokens).
 * With pairs, a line of 2n tokens fills both s and g and sets *both. */
static int next_board(struct input *in, struct input_tiles *s, struct input_tiles *g, int *both,
		      struct slidetab_error *err)
{
	char *line;
	*both = 0;
	for (;;) {
		long len = input_line(in, &line);
		if (len == -1) {
			if (in->rows_seen == 0)
				return R_EOF;
			in->board_line = in->first_line;
			err_set(err, SLIDETAB_EINVAL,
				"line %ld: input ended inside the puzzle that starts here (%d of %d rows)%s",
				in->first_line, in->rows_seen, in->rows,
				in->three_rows == 1 ? "; rows of a 2x3 puzzle need --board 2x3" : "");
			in->rows_seen = 0;
			return R_PARTIAL;
		}
		int fields = len >= 0 ? tok_fields(line, (size_t)len) : -1;
		if (fields == 0)
			continue;
		int rc;
		if (in->rows_seen > 0) {
			rc = next_row(in, line, (size_t)len, fields, s, err);
		} else if (len == -2) {
			in->board_line = in->line;
			too_long(in, err);
			rc = R_BADLINE;
		} else {
			rc = fresh_line(in, line, (size_t)len, fields, s, g, both, err);
		}
		in->seen_content = 1;
		if (rc >= 0)
			return rc;
	}
}

/* Pairs: reads the goal that follows a start (rc: how the start went). A line that cannot be
 * the goal (an error of its own, or a start and goal) is left to be read again on its own. */
static int read_goal(struct input *in, int rc, struct input_tiles *g, struct slidetab_error *err)
{
	struct slidetab_error e2;
	struct input_tiles spare;
	long start = in->board_line;
	int both;
	int rc2 = next_board(in, g, &spare, &both, &e2);
	if (rc2 == R_EOF || rc2 == R_BADLINE || both) {
		if (rc2 != R_EOF)
			in->replay = 1;
		if (rc == R_PUZZLE)
			err_set(err, SLIDETAB_EINVAL, "line %ld: no goal follows this start (%s)", start,
				rc2 == R_EOF ? "the input ends" : "the next line is not a goal alone");
		return R_BADPUZZLE;
	}
	if (rc == R_PUZZLE && rc2 != R_PUZZLE) {
		*err = e2;
		return R_BADPUZZLE;
	}
	return rc;
}

int input_next(struct input *in, struct input_tiles *s, struct input_tiles *g, struct slidetab_error *err)
{
	int both = 0;
	int rc = next_board(in, s, g, &both, err);
	long start = in->board_line;
	if (rc == R_EOF)
		return INPUT_EOF;
	if (in->pairs && !both && (rc == R_PUZZLE || rc == R_BADPUZZLE))
		rc = read_goal(in, rc, g, err);
	in->results++;
	in->result_line = start;
	return rc == R_PUZZLE ? INPUT_PUZZLE : INPUT_ERROR;
}

int input_parse_goal(const char *text, int rows, int cols, struct input_tiles *g, struct slidetab_error *err)
{
	struct input *in = malloc(sizeof *in);
	if (!in)
		return err_set(err, SLIDETAB_ENOMEM, "--goal: out of memory");
	input_init(in, NULL, "--goal", rows, cols, 0);
	in->mem = text, in->memlen = strlen(text);
	in->seen_content = 1; /* no case-count hint for a goal */
	struct input_tiles more, spare;
	int st = SLIDETAB_OK, rc = input_next(in, g, &spare, err);
	if (rc == INPUT_EOF)
		st = err_set(err, SLIDETAB_EINVAL, "no tiles");
	else if (rc != INPUT_PUZZLE)
		st = SLIDETAB_EINVAL;
	else if (input_next(in, &more, &spare, err) != INPUT_EOF)
		st = err_set(err, SLIDETAB_EINVAL, "line %ld: more than one board", in->result_line);
	free(in);
	return st == SLIDETAB_OK ? st : err_prefix(err, "--goal");
}

int input_read_count(struct input *in, long *count, struct slidetab_error *err)
{
	char *line;
	long len;
	struct tok t;
	int k;
	*count = 0;
	while ((len = input_line(in, &line)) >= 0 && tok_fields(line, (size_t)len) == 0)
		;
	if (len == -1)
		return SLIDETAB_OK;
	in->seen_content = 1;
	if (len == -2)
		return err_set(err, SLIDETAB_EINVAL, "line %ld: expected the number of cases: line too long", in->line);
	if (tok_split(line, (size_t)len, &t, 1, &k, err) != SLIDETAB_OK)
		return err_prefix(err, "line %ld: expected the number of cases", in->line);
	if (t.kind != TOK_NUMBER)
		return err_set(err, SLIDETAB_EINVAL, "line %ld: expected the number of cases, found a blank mark",
			       in->line);
	in->announced = *count = t.value;
	in->count_line = in->line;
	return SLIDETAB_OK;
}

int input_check_count(const struct input *in, struct slidetab_error *err)
{
	if (in->announced < 0 || in->announced == in->results)
		return SLIDETAB_OK;
	return err_set(err, SLIDETAB_EINVAL, "line %ld: %ld case%s announced, %ld given", in->count_line, in->announced,
		       in->announced == 1 ? "" : "s", in->results);
}
