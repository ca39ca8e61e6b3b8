/* SPDX-License-Identifier: Zlib */
/* tok: the one token grammar of every text reader of the programs (puzzles, goals, Gap layouts, case
 * counts).
 *
 * A line is tokens separated by spaces, tabs or commas; '#' outside a token starts a comment
 * that runs to the end of the line. A token is either entirely decimal digits (a number, at most
 * TOK_MAX_VALUE) or one blank mark (x X _ .). Anything else is an error that names the token,
 * escaped so that it prints safely, and its column. */
#ifndef SLIDETAB_COMMON_TOK_H
#define SLIDETAB_COMMON_TOK_H

#include <stddef.h>

#include "libslidetab/base/err.h"

#define TOK_MAX_VALUE 99999u

enum tok_kind { TOK_NUMBER = 0, TOK_BLANK = 1 };

struct tok {
	unsigned char kind; /* enum tok_kind */
	unsigned value;     /* TOK_NUMBER: its value; TOK_BLANK: 0 */
	int col;            /* 1-based byte column of its first character */
	int len;            /* bytes */
};

/* 1 for the characters that separate tokens: space, tab, comma. */
static inline int tok_is_sep(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

/* 1 for a blank mark: x X _ . */
static inline int tok_is_blank_mark(char c)
{
	return c == 'x' || c == 'X' || c == '_' || c == '.';
}

/* Splits line[0..len) into at most max tokens (*count of them). Returns SLIDETAB_OK, or
 * SLIDETAB_EINVAL with err naming the first bad token and its column ("column 3: '8a' is not a
 * number or a blank mark"), or saying there are more than max tokens. NUL bytes are bad input. */
int tok_split(const char *line, size_t len, struct tok *toks, int max, int *count, struct slidetab_error *err);

/* The number of fields on line[0..len): runs of non-separators before any comment, whether or
 * not they are good tokens (tok_split's count when the line has no bad token). */
int tok_fields(const char *line, size_t len);

/* 1 when line[0..len) holds nothing but separators and an optional comment. */
int tok_line_empty(const char *line, size_t len);

#endif
