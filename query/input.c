/* input: streams puzzles out of the text formats users bring, with exact error positions. */
#include "input.h"

#include <string.h>

#define MAX_TOKENS (2 * BOARD_MAX_CELLS)

void input_init(struct input *in, FILE *f, const char *name, int rows, int cols, int pairs)
{
	memset(in, 0, sizeof *in);
	in->f = f;
	in->name = name;
	in->rows = rows;
	in->cols = cols;
	in->n = rows * cols;
	in->pairs = pairs;
}

int input_board_for(int tokens, int *rows, int *cols)
{
	static const int map[][3] = { { 4, 2, 2 }, { 6, 2, 3 }, { 8, 2, 4 }, { 9, 3, 3 }, { 10, 2, 5 }, { 16, 4, 4 } };
	if (tokens == 12)
		return -2;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i][0] == tokens) {
			*rows = map[i][1];
			*cols = map[i][2];
			return 0;
		}
	return -1;
}

static int fill(struct input *in)
{
	if (in->eof)
		return 0;
	in->len = fread(in->buf, 1, sizeof in->buf, in->f);
	in->pos = 0;
	if (in->len == 0)
		in->eof = 1;
	return in->len > 0;
}

long input_line(struct input *in, char **line)
{
	static const size_t cap = INPUT_MAX_LINE;
	char *copy = in->copy; /* lines are returned from a copy so the 64 KiB window can move */
	size_t k = 0;
	int any = 0, overlong = 0;
	for (;;) {
		if (in->pos >= in->len && !fill(in))
			break;
		any = 1;
		char *start = in->buf + in->pos;
		char *nl = memchr(start, '\n', in->len - in->pos);
		size_t chunk = nl ? (size_t)(nl - start) : in->len - in->pos;
		if (!overlong) {
			if (k + chunk > cap)
				overlong = 1;
			else
				memcpy(copy + k, start, chunk);
			k += chunk;
		}
		in->pos += chunk + (nl ? 1 : 0);
		if (nl)
			break;
	}
	if (!any)
		return -1;
	in->line++;
	if (overlong)
		return -2;
	if (k > 0 && copy[k - 1] == '\r')
		k--;
	copy[k] = '\0';
	*line = copy;
	return (long)k;
}

static int is_sep(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

static int is_blank_mark(char c)
{
	return c == 'x' || c == 'X' || c == '_' || c == '.';
}

/* Splits a line into tile values (blank = 0). Returns the count, or -1 with msg set. A line
 * that is one token of exactly `n_chars` characters (n_chars <= 10) is read a character a tile. */
static int tokenize(const char *line, int n_chars, int *vals, char *msg, size_t msglen, long lineno)
{
	int count = 0, tokno = 0;
	const char *p = line;
	const char *only = NULL;
	size_t only_len = 0;
	while (*p) {
		while (is_sep(*p))
			p++;
		if (!*p)
			break;
		const char *t = p;
		while (*p && !is_sep(*p))
			p++;
		tokno++;
		if (tokno == 1) {
			only = t;
			only_len = (size_t)(p - t);
		}
		if (count >= MAX_TOKENS) {
			snprintf(msg, msglen, "line %ld: too many tokens (more than %d)", lineno, MAX_TOKENS);
			return -1;
		}
		size_t len = (size_t)(p - t);
		if (len == 1 && is_blank_mark(*t)) {
			vals[count++] = 0;
			continue;
		}
		int v = 0;
		for (size_t i = 0; i < len; i++) {
			if (t[i] < '0' || t[i] > '9' || v > 1000) {
				if (tokno == 1 && n_chars > 0 && n_chars <= 10)
					break; /* maybe one token of single-character tiles; checked below */
				snprintf(msg, msglen, "line %ld, token %d: '%.*s' is not a tile (a number or x, X, _, . for the blank)",
					 lineno, tokno, (int)(len > 20 ? 20 : len), t);
				return -1;
			}
			v = v * 10 + (t[i] - '0');
		}
		vals[count++] = v;
	}
	if (tokno == 1 && n_chars > 0 && n_chars <= 10 && only_len == (size_t)n_chars) {
		for (int i = 0; i < n_chars; i++) {
			char c = only[i];
			if (is_blank_mark(c))
				vals[i] = 0;
			else if (c >= '0' && c <= '9')
				vals[i] = c - '0';
			else {
				snprintf(msg, msglen, "line %ld, character %d: '%c' is not a tile", lineno, i + 1, c);
				return -1;
			}
		}
		return n_chars;
	}
	if (tokno == 1 && only_len > 1 && (only[0] < '0' || only[0] > '9' || vals[0] > 1000)) {
		snprintf(msg, msglen, "line %ld, token 1: '%.*s' is not a tile", lineno, (int)(only_len > 20 ? 20 : only_len), only);
		return -1;
	}
	return count;
}

/* Checks that vals hold each tile 0..n-1 once; names the first problem. */
static int check_tiles(const struct input *in, const int *vals, long lineno, char *msg, size_t msglen)
{
	uint32_t seen = 0;
	for (int i = 0; i < in->n; i++) {
		int v = vals[i];
		if (v >= in->n) {
			snprintf(msg, msglen, "line %ld: tile %d out of range for %dx%d (tiles 1..%d and a blank)", lineno, v,
				 in->rows, in->cols, in->n - 1);
			return -1;
		}
		if (seen >> v & 1) {
			if (v == 0)
				snprintf(msg, msglen, "line %ld: more than one blank", lineno);
			else
				snprintf(msg, msglen, "line %ld: tile %d appears twice", lineno, v);
			return -1;
		}
		seen |= 1u << v;
	}
	return 0;
}

/* Reads the next single board (one line of n tokens, or rows lines of cols tokens). With pairs,
 * a line of 2n tokens fills both s and g and sets *both. */
static int next_board(struct input *in, struct board_state *s, struct board_state *g, int *both, char *msg,
		      size_t msglen)
{
	int vals[MAX_TOKENS];
	char *line;
	*both = 0;
	for (;;) {
		long len = input_line(in, &line);
		if (len == -1) {
			if (in->rows_seen > 0) {
				snprintf(msg, msglen, "line %ld: input ended inside a puzzle (%d of %d rows)", in->line,
					 in->rows_seen, in->rows);
				in->rows_seen = 0;
				return INPUT_ERROR;
			}
			return INPUT_EOF;
		}
		if (len == -2) {
			snprintf(msg, msglen, "line %ld: line too long (over %d characters)", in->line, INPUT_MAX_LINE);
			in->rows_seen = 0;
			return INPUT_ERROR;
		}
		const char *p = line;
		while (is_sep(*p))
			p++;
		if (*p == '\0' || *p == '#')
			continue;
		if (in->n == 0) {
			/* Decide the board from the first line that holds a whole puzzle. */
			int tmp[MAX_TOKENS], r = 0, c = 0;
			size_t tl = strlen(p);
			while (tl > 0 && is_sep(p[tl - 1]))
				tl--;
			int single = strcspn(p, " \t,") == tl;
			int count = single && tl > 1 ? (int)tl : tokenize(line, 0, tmp, msg, msglen, in->line);
			int how = count > 0 ? input_board_for(count, &r, &c) : -1;
			if (how != 0 && in->pairs && count % 2 == 0 && count > 0 && input_board_for(count / 2, &r, &c) == 0)
				how = 0;
			if (how == -2) {
				snprintf(msg, msglen, "line %ld: 12 tiles could be 3x4 or 2x6; say which with --board", in->line);
				return INPUT_FATAL;
			}
			if (how != 0) {
				snprintf(msg, msglen, "line %ld: cannot tell the board from this line; use --board RxC", in->line);
				return INPUT_FATAL;
			}
			in->rows = r;
			in->cols = c;
			in->n = r * c;
		}
		int k = tokenize(line, in->n, vals, msg, msglen, in->line);
		if (k < 0) {
			in->rows_seen = 0;
			return INPUT_ERROR;
		}
		int offset;
		if (k == in->n || (in->pairs && k == 2 * in->n)) {
			if (in->rows_seen > 0) {
				snprintf(msg, msglen, "line %ld: a whole puzzle where row %d of the puzzle from line %ld was expected",
					 in->line, in->rows_seen + 1, in->first_line);
				in->rows_seen = 0;
				return INPUT_ERROR;
			}
			if (check_tiles(in, vals, in->line, msg, msglen) ||
			    (k == 2 * in->n && check_tiles(in, vals + in->n, in->line, msg, msglen)))
				return INPUT_ERROR;
			memset(s, 0, sizeof *s);
			for (int i = 0; i < in->n; i++)
				s->t[i] = (uint8_t)vals[i];
			if (k == 2 * in->n) {
				memset(g, 0, sizeof *g);
				for (int i = 0; i < in->n; i++)
					g->t[i] = (uint8_t)vals[in->n + i];
				*both = 1;
			}
			return INPUT_PUZZLE;
		}
		if (k != in->cols) {
			snprintf(msg, msglen, "line %ld: expected %d tiles (or a row of %d), found %d", in->line, in->n,
				 in->cols, k);
			in->rows_seen = 0;
			return INPUT_ERROR;
		}
		if (in->rows_seen == 0)
			in->first_line = in->line;
		offset = in->rows_seen * in->cols;
		for (int i = 0; i < in->cols; i++)
			in->acc.t[offset + i] = (uint8_t)(vals[i] > 255 ? 255 : vals[i]);
		if (++in->rows_seen < in->rows)
			continue;
		in->rows_seen = 0;
		for (int i = 0; i < in->n; i++)
			vals[i] = in->acc.t[i];
		if (check_tiles(in, vals, in->first_line, msg, msglen))
			return INPUT_ERROR;
		memset(s, 0, sizeof *s);
		memcpy(s->t, in->acc.t, (size_t)in->n);
		return INPUT_PUZZLE;
	}
}

int input_next(struct input *in, struct board_state *s, struct board_state *g, char *msg, size_t msglen)
{
	int both;
	int rc = next_board(in, s, g, &both, msg, msglen);
	if (!in->pairs || rc == INPUT_EOF || rc == INPUT_FATAL || both)
		return rc;
	/* The goal of a pair: read it even when the start was bad, to stay aligned. */
	char msg2[512];
	int both2;
	struct board_state dummy;
	int rc2 = next_board(in, g, &dummy, &both2, msg2, sizeof msg2);
	if (rc != INPUT_PUZZLE)
		return rc;
	if (rc2 == INPUT_EOF) {
		snprintf(msg, msglen, "line %ld: input ended before the goal of this pair", in->line);
		return INPUT_ERROR;
	}
	if (rc2 != INPUT_PUZZLE || both2) {
		if (both2)
			snprintf(msg, msglen, "line %ld: a start and a goal on one line where a goal alone was expected",
				 in->line);
		else
			snprintf(msg, msglen, "%s", msg2);
		return rc2 == INPUT_FATAL ? INPUT_FATAL : INPUT_ERROR;
	}
	return INPUT_PUZZLE;
}
