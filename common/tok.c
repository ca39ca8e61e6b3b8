/* SPDX-License-Identifier: Zlib */
/* tok: the one token grammar of every text reader of the programs (puzzles, goals, Gap layouts, case counts). */
#include "common/tok.h"

#include <stdint.h>
#include <string.h>

static int bad_token(const char *t, size_t n, int col, struct slidetab_error *err)
{
	char shown[64];
	err_escape(t, n, shown, sizeof shown);
	return err_set(err, SLIDETAB_EINVAL, "column %d: '%s' is not a number or a blank mark (x X _ .)", col, shown);
}

/* Moves *i past separators; returns 0 at the end of the line or at a comment, else 1 with
 * [*start, *i) the next field: a run of non-separators (a glued '#' belongs to the field). */
static inline __attribute__((always_inline)) int next_field(const char *line, size_t len, size_t *i, size_t *start)
{
	while (*i < len && tok_is_sep(line[*i]))
		(*i)++;
	if (*i >= len || line[*i] == '#')
		return 0;
	*start = *i;
	while (*i < len && !tok_is_sep(line[*i]))
		(*i)++;
	return 1;
}

int tok_fields(const char *line, size_t len)
{
	size_t i = 0, start;
	int k = 0;
	while (next_field(line, len, &i, &start))
		k++;
	return k;
}

int tok_split(const char *line, size_t len, struct tok *toks, int max, int *count, struct slidetab_error *err)
{
	size_t i = 0, start;
	int k = 0;
	*count = 0;
	while (next_field(line, len, &i, &start)) {
		size_t n = i - start;
		const char *t = line + start;
		int col = (int)start + 1;
		if (k == max)
			return err_set(err, SLIDETAB_EINVAL, "column %d: more than %d tokens", col, max);
		struct tok *o = &toks[k];
		o->col = col;
		o->len = (int)n;
		if (n == 1 && tok_is_blank_mark(t[0])) {
			o->kind = TOK_BLANK, o->value = 0;
		} else {
			unsigned v = 0;
			for (size_t j = 0; j < n; j++) {
				if (t[j] < '0' || t[j] > '9')
					return bad_token(t, n, col, err);
				v = v * 10 + (unsigned)(t[j] - '0');
				if (v > TOK_MAX_VALUE)
					return err_set(err, SLIDETAB_EINVAL, "column %d: number %.*s... is too large",
						       col, (int)(j + 1 < 12 ? j + 1 : 12), t);
			}
			o->kind = TOK_NUMBER, o->value = v;
		}
		k++;
	}
	*count = k;
	return SLIDETAB_OK;
}

int tok_line_empty(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (line[i] == '#')
			return 1;
		if (!tok_is_sep(line[i]))
			return 0;
	}
	return 1;
}
