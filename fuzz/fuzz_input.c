/* SPDX-License-Identifier: Zlib */
/* fuzz_input: libFuzzer target for the puzzle parser (common/input.c) in every board and pairs mode. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "common/input.h"
#include "libslidetab/model/board.h"

/* Boards the first byte can force (0x0 = let the first whole puzzle line decide). */
static const int boards[16][2] = { { 0, 0 }, { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 3, 3 },  { 2, 5 }, { 3, 4 },
				   { 2, 6 }, { 4, 4 }, { 4, 3 }, { 5, 5 }, { 4, 5 }, { 2, 12 }, { 5, 2 }, { 0, 0 } };

static void check_state(const struct input *in, const struct input_tiles *s)
{
	struct board b;
	if (in->rows < 2 || in->cols < 2 || in->n != in->rows * in->cols || in->n > BOARD_MAX_CELLS)
		abort(); /* a puzzle came back for a board that does not exist */
	struct board_state bs;
	memcpy(bs.t, s->t, sizeof bs.t);
	if (board_init(&b, in->rows, in->cols) != 0 || !board_valid(&b, &bs))
		abort(); /* a puzzle that is not each tile once */
	for (int c = in->n; c < BOARD_ANY_MAX_CELLS; c++)
		if (s->t[c] != 0)
			abort(); /* garbage past the board */
}

static void check_msg(const char *msg, size_t cap)
{
	if (memchr(msg, '\0', cap) == NULL || msg[0] == '\0')
		abort(); /* an error without a message */
	if (strncmp(msg, "line ", 5) != 0 && strncmp(msg, "--goal: ", 8) != 0)
		abort(); /* every message names its line */
	for (const char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			abort(); /* input bytes are escaped, never echoed raw */
}

/* Mode 0x60: the rest is a --goal text for the board (3x3 when none is forced). */
static void fuzz_goal(const uint8_t *data, size_t size, const int *bd)
{
	char *text = malloc(size + 1);
	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	int r = bd[0] ? bd[0] : 3, c = bd[1] ? bd[1] : 3;
	struct input_tiles g;
	struct slidetab_error e;
	memset(&e, 0x55, sizeof e);
	if (input_parse_goal(text, r, c, &g, &e) == SLIDETAB_OK) {
		struct board b;
		struct board_state bs;
		memcpy(bs.t, g.t, sizeof bs.t);
		if (board_init(&b, r, c) == 0 && !board_valid(&b, &bs))
			abort(); /* a goal that is not each tile once */
	} else {
		check_msg(e.msg, sizeof e.msg);
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned mode = data[0];
	const int *bd = boards[mode & 15];
	int pairs = (mode >> 4) & 1;
	int count_line = (mode >> 5) & 1; /* hdu3567: a count line first (input_read_count) */
	int raw_lines = (mode >> 6) & 1;  /* input_line on its own (0x60: a --goal text instead) */
	data++, size--;
	if ((mode & 0xe0) == 0x60) {
		fuzz_goal(data, size, bd);
		return 0;
	}
	if (mode & 0x80) { /* the rest is a --board argument: cli_board_spec must give a real board or refuse */
		char spec[64];
		size_t k = size < sizeof spec - 1 ? size : sizeof spec - 1;
		memcpy(spec, data, k);
		spec[k] = '\0';
		int r = -1, c = -1;
		struct board b;
		if (cli_board_spec(spec, &r, &c) == 0 &&
		    (r < 2 || c < 2 || r * c > BOARD_MAX_CELLS || board_init(&b, r, c) != 0))
			abort(); /* accepted a board that does not exist */
		return 0;
	}
	/* fmemopen refuses an empty buffer on some libcs: give it one byte and an empty stream. */
	static char empty[1];
	FILE *f = fmemopen(size ? (void *)data : empty, size ? size : 1, "r");
	if (!f)
		return 0;
	if (!size)
		fgetc(f);
	struct input *in = malloc(sizeof *in);
	if (!in) {
		fclose(f);
		return 0;
	}
	input_init(in, f, "fuzz", bd[0], bd[1], pairs);
	if (raw_lines) {
		char *line;
		long len, prev = 0;
		while ((len = input_line(in, &line)) != -1) {
			if (len < -2 || len > INPUT_MAX_LINE || in->line != prev + 1)
				abort();
			if (len >= 0 && strlen(line) != (size_t)len && memchr(line, '\0', (size_t)len) == NULL)
				abort();
			prev = in->line;
		}
		if (input_line(in, &line) != -1)
			abort(); /* end of input must stay the end */
		goto done;
	}
	struct slidetab_error e;
	long announced;
	if (count_line && input_read_count(in, &announced, &e) != SLIDETAB_OK)
		check_msg(e.msg, sizeof e.msg);
	struct input_tiles s, g;
	long puzzles = 0, errors = 0, last_line = in->line, last_result = 0;
	int ended = 0;
	for (int guard = 0; guard < 100000; guard++) {
		memset(&e, 0x55, sizeof e);
		int rc = input_next(in, &s, &g, &e);
		if (rc == INPUT_EOF) {
			ended = 1;
			break;
		}
		if (in->line < last_line)
			abort(); /* the line count went backwards */
		last_line = in->line;
		if (in->result_line < last_result || in->result_line > in->line || in->result_line < 1)
			abort(); /* results come in input order, each from a line read */
		last_result = in->result_line;
		if (rc == INPUT_ERROR) {
			check_msg(e.msg, sizeof e.msg);
			errors++;
			continue;
		}
		if (rc != INPUT_PUZZLE)
			abort();
		check_state(in, &s);
		if (pairs)
			check_state(in, &g);
		puzzles++;
	}
	if (in->results != puzzles + errors)
		abort(); /* the count a case-count check relies on */
	if (ended && (input_next(in, &s, &g, &e) != INPUT_EOF || input_check_count(in, &e) > SLIDETAB_EINVAL))
		abort(); /* once at the end, always at the end */
done:
	free(in);
	fclose(f);
	return 0;
}
