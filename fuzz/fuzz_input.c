/* fuzz_input: libFuzzer target for the puzzle parser (query/input.c) in every board and pairs mode. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/board.h"
#include "../query/input.h"

/* Boards the first byte can force (0x0 = let the first whole puzzle line decide). */
static const int boards[16][2] = { { 0, 0 }, { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 3, 3 }, { 2, 5 }, { 3, 4 },
				   { 2, 6 }, { 4, 4 }, { 4, 3 }, { 5, 5 }, { 4, 5 }, { 2, 12 }, { 5, 2 }, { 0, 0 } };

static void check_state(const struct input *in, const struct board_state *s)
{
	struct board b;
	if (in->rows < 2 || in->cols < 2 || in->n != in->rows * in->cols || in->n > BOARD_MAX_CELLS)
		abort(); /* a puzzle came back for a board that does not exist */
	if (board_init(&b, in->rows, in->cols) != 0 || !board_valid(&b, s))
		abort(); /* a puzzle that is not each tile once */
	for (int c = in->n; c < BOARD_MAX_CELLS; c++)
		if (s->t[c] != 0)
			abort(); /* garbage past the board */
}

static void check_msg(const char *msg, size_t cap)
{
	if (memchr(msg, '\0', cap) == NULL || msg[0] == '\0')
		abort(); /* an error without a message */
	if (strncmp(msg, "line ", 5) != 0 && strncmp(msg, "a start and goal", 16) != 0)
		abort(); /* every message names its line */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned mode = data[0];
	const int *bd = boards[mode & 15];
	int pairs = (mode >> 4) & 1;
	int count_line = (mode >> 5) & 1; /* hdu3567: a count line first, read raw (as query does) */
	int raw_lines = (mode >> 6) & 1;  /* also exercise input_line on its own */
	data++, size--;
	if (mode & 0x80) { /* the rest is a --board argument: board_parse_spec must give a real board or refuse */
		char spec[64];
		size_t k = size < sizeof spec - 1 ? size : sizeof spec - 1;
		memcpy(spec, data, k);
		spec[k] = '\0';
		int r = -1, c = -1;
		struct board b;
		if (board_parse_spec(spec, &r, &c) == 0 &&
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
	if (count_line) {
		char *line;
		long len;
		while ((len = input_line(in, &line)) >= 0 && line[strspn(line, " \t")] == '\0')
			;
		if (len >= 0) {
			char *end;
			(void)strtol(line, &end, 10);
		}
	}
	struct board_state s, g;
	char msg[1600];
	long puzzles = 0, last_line = in->line;
	int ended = 0;
	for (int guard = 0; guard < 100000; guard++) {
		memset(msg, 0x55, sizeof msg);
		int rc = input_next(in, &s, &g, msg, sizeof msg);
		if (rc == INPUT_EOF) {
			ended = 1;
			break;
		}
		if (in->line < last_line)
			abort(); /* the line count went backwards */
		last_line = in->line;
		if (rc == INPUT_FATAL) {
			check_msg(msg, sizeof msg);
			break;
		}
		if (rc == INPUT_ERROR) {
			check_msg(msg, sizeof msg);
			continue;
		}
		if (rc != INPUT_PUZZLE)
			abort();
		check_state(in, &s);
		if (pairs)
			check_state(in, &g);
		puzzles++;
		int r, c;
		(void)input_board_for(in->n, &r, &c);
	}
	if (ended && input_next(in, &s, &g, msg, sizeof msg) != INPUT_EOF)
		abort(); /* once at the end, always at the end */
done:
	free(in);
	fclose(f);
	(void)puzzles;
	return 0;
}
