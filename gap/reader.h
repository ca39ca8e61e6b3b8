/* SPDX-License-Identifier: Zlib */
/* reader: the Gap contest-input reader: a count line, then layouts of 4 lines of 7 cards separated by blank lines. */
#ifndef SLIDETAB_GAP_READER_H
#define SLIDETAB_GAP_READER_H

#include <stdio.h>

#include "common/tok.h"
#include "gap/layout.h"

/*
 * Lines follow the token grammar of every slidetab reader (common/tok.h): cards are separated by
 * spaces, tabs or commas, '#' starts a comment to the end of the line, and lines holding nothing
 * but a comment are skipped. Blank lines separate layouts; a group of lines whose count is not a
 * multiple of 4 is one bad layout. Line ends may be "\n" or "\r\n".
 */

#define GAP_MAX_LAYOUTS ((long)TOK_MAX_VALUE) /* the largest number the token grammar reads */

struct gap_reader;

/* A reader of in; NULL when out of memory. */
struct gap_reader *gap_reader_new(FILE *in);

void gap_reader_free(struct gap_reader *rd);

/* The line (1-based) the last read refers to: the count line, a layout's first line, the line a
 * bad layout's problem is on, or the last line of the input at its end. */
long gap_reader_line(const struct gap_reader *rd);

/* Reads the count line. Returns SLIDETAB_OK with *count set (-1 when the input holds no line but
 * blank and comment lines), or SLIDETAB_EINVAL with err saying what is wrong with the line. */
int gap_read_count(struct gap_reader *rd, long *count, struct slidetab_error *err);

/*
 * Reads the next layout (its deal, aces then moved to column 1). Returns SLIDETAB_OK with
 * *got = 1 (a layout) or *got = 0 (the end of the input); SLIDETAB_EINVAL for a bad layout, whose
 * lines are consumed, with err saying why (a bad token is named, escaped, with its column); or
 * SLIDETAB_ENOMEM.
 */
int gap_read_layout(struct gap_reader *rd, struct gap_layout *out, int *got, struct slidetab_error *err);

#endif
