/* SPDX-License-Identifier: Zlib */
/* reader: the Gap contest-input reader: a count line, then layouts of 4 lines of 7 cards separated by blank lines. */
#define _POSIX_C_SOURCE 200809L
#include "gap/reader.h"

#include <stdlib.h>
#include <string.h>

enum { LINE_TOKENS = 32 }; /* tokens split per line: enough to say how many cards a bad line holds */

/* One kept line of the current block. */
struct row {
	char *text; /* not NUL-terminated: a line may hold NUL bytes (bad input, named as such) */
	size_t len;
	long line;
};

struct gap_reader {
	FILE *in;
	long line;  /* number of the last line read */
	long where; /* the line the last result refers to (gap_reader_line) */
	char *buf;  /* the last line read, its end ("\n", "\r\n") cut off */
	size_t bufcap, len;
	struct row *rows; /* the current block: consecutive non-blank lines */
	size_t nrows, rowcap, next;
};

struct gap_reader *gap_reader_new(FILE *in)
{
	struct gap_reader *rd = calloc(1, sizeof *rd);

	if (rd)
		rd->in = in;
	return rd;
}

static void clear_block(struct gap_reader *rd)
{
	for (size_t i = 0; i < rd->nrows; i++)
		free(rd->rows[i].text);
	rd->nrows = rd->next = 0;
}

void gap_reader_free(struct gap_reader *rd)
{
	if (!rd)
		return;
	clear_block(rd);
	free(rd->rows);
	free(rd->buf);
	free(rd);
}

long gap_reader_line(const struct gap_reader *rd)
{
	return rd->where;
}

/* 1 when the last line read holds nothing but separators (and perhaps a comment). */
static int line_blank(const struct gap_reader *rd)
{
	return tok_line_empty(rd->buf, rd->len);
}

/* Reads the next line that is not a comment alone into rd->buf. Returns 1, or 0 at the end of the input. */
static int read_line(struct gap_reader *rd)
{
	for (;;) {
		ssize_t n = getline(&rd->buf, &rd->bufcap, rd->in);
		if (n < 0)
			return 0;
		rd->line++;
		if (n > 0 && rd->buf[n - 1] == '\n')
			n--;
		if (n > 0 && rd->buf[n - 1] == '\r')
			n--;
		rd->len = (size_t)n;
		if (!line_blank(rd) || !memchr(rd->buf, '#', rd->len))
			return 1;
	}
}

int gap_read_count(struct gap_reader *rd, long *count, struct slidetab_error *err)
{
	struct tok toks[LINE_TOKENS];
	int n;

	*count = -1;
	do {
		if (!read_line(rd)) {
			rd->where = rd->line;
			return SLIDETAB_OK;
		}
	} while (line_blank(rd));
	rd->where = rd->line;
	if (tok_split(rd->buf, rd->len, toks, LINE_TOKENS, &n, err) != SLIDETAB_OK)
		return err_prefix(err, "expected the number of layouts (0..%ld) alone on the line", GAP_MAX_LAYOUTS);
	if (n != 1 || toks[0].kind != TOK_NUMBER)
		return err_set(err, SLIDETAB_EINVAL, "expected the number of layouts (0..%ld) alone on the line",
			       GAP_MAX_LAYOUTS);
	*count = (long)toks[0].value;
	return SLIDETAB_OK;
}

/* Keeps the last line read as the next row of the block. Returns 0, or -1 when out of memory. */
static int keep_line(struct gap_reader *rd)
{
	struct row *row;

	if (rd->nrows == rd->rowcap) {
		size_t cap = rd->rowcap ? rd->rowcap * 2 : 8;
		struct row *rows = realloc(rd->rows, sizeof *rows * cap);
		if (!rows)
			return -1;
		rd->rows = rows;
		rd->rowcap = cap;
	}
	row = &rd->rows[rd->nrows];
	row->text = malloc(rd->len ? rd->len : 1);
	if (!row->text)
		return -1;
	memcpy(row->text, rd->buf, rd->len);
	row->len = rd->len;
	row->line = rd->line;
	rd->nrows++;
	return 0;
}

/* Reads the next block of non-blank lines. Returns 1, 0 at the end of the input, or -1 when out of memory. */
static int load_block(struct gap_reader *rd)
{
	clear_block(rd);
	do {
		if (!read_line(rd))
			return 0;
	} while (line_blank(rd));
	do {
		if (keep_line(rd) < 0)
			return -1;
	} while (read_line(rd) && !line_blank(rd));
	return 1;
}

/* Parses one row of 7 cards. Returns SLIDETAB_OK, or SLIDETAB_EINVAL with err (bad token or count). */
static int parse_row(const struct row *row, int cards[GAP_DEAL_COLS], struct slidetab_error *err)
{
	struct tok toks[LINE_TOKENS];
	int n;

	if (tok_split(row->text, row->len, toks, LINE_TOKENS, &n, err) != SLIDETAB_OK)
		return SLIDETAB_EINVAL;
	for (int i = 0; i < n; i++) {
		const struct tok *t = &toks[i];
		if (t->kind != TOK_NUMBER)
			return err_set(err, SLIDETAB_EINVAL, "column %d: '%c' is not a card", t->col,
				       row->text[t->col - 1]);
		if (!gap_card_valid((int)t->value))
			return err_set(err, SLIDETAB_EINVAL, "card %.*s does not exist", t->len,
				       row->text + t->col - 1);
		if (i < GAP_DEAL_COLS)
			cards[i] = (int)t->value;
	}
	if (n != GAP_DEAL_COLS)
		return err_set(err, SLIDETAB_EINVAL, "expected %d cards on the line, found %d", GAP_DEAL_COLS, n);
	return SLIDETAB_OK;
}

/* Writes the cards never seen as "36, 45 and 47". Returns how many there are. */
static int list_missing(const long seen[48], char *buf, size_t size)
{
	int n = 0, len = 0, i = 0;

	for (int v = 11; v <= 47; v++)
		n += gap_card_valid(v) && !seen[v];
	for (int v = 11; v <= 47 && len >= 0 && (size_t)len < size; v++)
		if (gap_card_valid(v) && !seen[v])
			len += snprintf(buf + len, size - (size_t)len, "%s%d",
					i++ == 0 ? ""
					: i == n ? " and "
						 : ", ",
					v);
	return n;
}

/*
 * Checks that a deal of 4 rows holds every card once. The first card seen twice is named with both
 * lines, together with the cards missing (a repeated card always means a missing one); *where gets
 * the line of its second appearance.
 */
static int check_deal(const struct row *rows, const int *dealt, long *where, struct slidetab_error *err)
{
	long seen[48] = { 0 }, first = 0, again = 0;
	int twice = 0, n;
	char list[100];

	for (int r = 0; r < GAP_ROWS; r++)
		for (int c = 0; c < GAP_DEAL_COLS; c++) {
			int v = dealt[GAP_DEAL_COLS * r + c];
			if (seen[v] && !twice) {
				twice = v;
				first = seen[v];
				again = rows[r].line;
			}
			if (!seen[v])
				seen[v] = rows[r].line;
		}
	if (!twice)
		return SLIDETAB_OK;
	*where = again;
	n = list_missing(seen, list, sizeof list);
	if (first == again)
		return err_set(err, SLIDETAB_EINVAL, "card %d appears twice on the line; card%s %s %s missing", twice,
			       n > 1 ? "s" : "", list, n > 1 ? "are" : "is");
	return err_set(err, SLIDETAB_EINVAL, "card %d appears twice (lines %ld and %ld); card%s %s %s missing", twice,
		       first, again, n > 1 ? "s" : "", list, n > 1 ? "are" : "is");
}

/* The current block is a group of lines that is not whole layouts: one bad layout, consumed. */
static int bad_group(struct gap_reader *rd, struct slidetab_error *err)
{
	size_t n = rd->nrows;

	rd->where = rd->rows[n > GAP_ROWS ? GAP_ROWS : n - 1].line;
	rd->next = rd->nrows;
	if (n == 1)
		return err_set(err, SLIDETAB_EINVAL, "expected %d lines of %d cards, found 1 line", GAP_ROWS,
			       GAP_DEAL_COLS);
	return err_set(err, SLIDETAB_EINVAL, "expected %d lines of %d cards, found %zu lines (%ld-%ld)", GAP_ROWS,
		       GAP_DEAL_COLS, n, rd->rows[0].line, rd->rows[n - 1].line);
}

int gap_read_layout(struct gap_reader *rd, struct gap_layout *out, int *got, struct slidetab_error *err)
{
	int dealt[GAP_ROWS * GAP_DEAL_COLS], st;
	const struct row *rows;

	*got = 0;
	if (rd->next >= rd->nrows) {
		int loaded = load_block(rd);
		if (loaded <= 0) {
			rd->where = rd->line;
			return loaded < 0 ? err_set(err, SLIDETAB_ENOMEM, "out of memory while reading") : SLIDETAB_OK;
		}
	}
	if (rd->nrows % GAP_ROWS) /* a layout's lines, then a blank line: this group is one bad layout */
		return bad_group(rd, err);
	rows = rd->rows + rd->next;
	rd->next += GAP_ROWS;
	for (int r = 0; r < GAP_ROWS; r++) {
		rd->where = rows[r].line;
		if ((st = parse_row(&rows[r], dealt + GAP_DEAL_COLS * r, err)) != SLIDETAB_OK)
			return st;
	}
	if ((st = check_deal(rows, dealt, &rd->where, err)) != SLIDETAB_OK)
		return st;
	if ((st = gap_deal(dealt, out, err)) != SLIDETAB_OK)
		return st; /* where: the last row */
	rd->where = rows[0].line;
	*got = 1;
	return SLIDETAB_OK;
}
