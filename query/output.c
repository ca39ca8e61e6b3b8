/* SPDX-License-Identifier: Zlib */
/* output: how query prints answers and errors: plain lines, --path, --show, --json, --style hdu3567. */
#include "query/output.h"

#include <stdlib.h>
#include <string.h>

#include "slidetab.h"

static void print_board(FILE *out, int rows, int cols, const uint8_t *s)
{
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			int v = s[r * cols + c];
			if (v)
				fprintf(out, "%s%2d", c ? " " : "", v);
			else
				fprintf(out, "%s .", c ? " " : "");
		}
		fputc('\n', out);
	}
}

static void json_board(FILE *out, int n, const uint8_t *s)
{
	fputc('"', out);
	for (int c = 0; c < n; c++)
		fprintf(out, "%s%d", c ? " " : "", s[c]);
	fputc('"', out);
}

/* A JSON string: quotes, backslashes and control bytes escaped. */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* Writes a small unsigned number followed by '\n' quickly (the common output). */
static void put_uint_line(FILE *out, unsigned v)
{
	char buf[16];
	int k = (int)sizeof buf;
	buf[--k] = '\n';
	do {
		buf[--k] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fwrite_unlocked(buf + k, 1, sizeof buf - (size_t)k, out);
}

#define NMOVES ((int)sizeof SLIDETAB_MOVES - 1)

/* --hint's letters: every optimal first move in d < l < r < u order ("" at the goal). */
static const char *hint_letters(unsigned moves, int upper, char out[NMOVES + 1])
{
	int k = 0;
	for (int d = 0; d < NMOVES; d++)
		if (moves >> d & 1)
			out[k++] = (char)(upper ? SLIDETAB_MOVES[d] - 'a' + 'A' : SLIDETAB_MOVES[d]);
	out[k] = '\0';
	return out;
}

static void print_json(FILE *out, const struct output_opts *o, int n, const uint8_t *s, const uint8_t *g,
		       const struct output_answer *a, const char *path, long line)
{
	fprintf(out, "{\"line\":%ld,\"input\":", line);
	json_board(out, n, s);
	fputs(",\"goal\":", out);
	json_board(out, n, g);
	if (a->status == SLIDETAB_OK && o->bounded) {
		fprintf(out, ",\"solvable\":true,\"optimal\":false,\"length\":%u,\"lower_bound\":%u", a->dist,
			a->lower);
		if (o->path)
			fprintf(out, ",\"path\":\"%s\"", path);
	} else if (a->status == SLIDETAB_OK) {
		fprintf(out, ",\"solvable\":true,\"distance\":%u", a->dist);
		if (o->path)
			fprintf(out, ",\"path\":\"%s\"", path);
		char letters[NMOVES + 1];
		if (o->hint)
			fprintf(out, ",\"hint\":\"%s\"", hint_letters(a->moves, o->upper, letters));
	} else if (a->status == SLIDETAB_ELIMIT) {
		fprintf(out, ",\"solvable\":true,\"distance\":null,\"within\":%u", o->max_depth);
	} else {
		fputs(",\"solvable\":false", out);
	}
	fputs("}\n", out);
}

static void print_show(FILE *out, const struct output_opts *o, int rows, int cols, const uint8_t *s, const char *path)
{
	uint8_t cur[SLIDETAB_BOUNDED_MAX_CELLS];
	int n = rows * cols, blank = 0;
	memcpy(cur, s, (size_t)n);
	while (cur[blank])
		blank++;
	print_board(out, rows, cols, cur);
	for (const char *p = path; *p; p++) { /* the library's moves stay on the board */
		int to = *p == 'd' ? blank + cols : *p == 'u' ? blank - cols : *p == 'l' ? blank - 1 : blank + 1;
		cur[blank] = cur[to], cur[to] = 0, blank = to;
		fprintf(out, "\n%c\n", o->upper ? *p - 'a' + 'A' : *p);
		print_board(out, rows, cols, cur);
	}
	fputc('\n', out);
}

void output_answer(FILE *out, const struct output_opts *o, int rows, int cols, const uint8_t *s, const uint8_t *g,
		   const struct output_answer *a, long line, long case_no)
{
	const char *path = a->path ? a->path : "";
	char *upper = NULL;
	if (o->upper && (o->path || o->hdu) && (upper = strdup(path)) != NULL) { /* letters in upper case: a copy */
		for (size_t k = 0; upper[k]; k++)
			upper[k] = (char)(upper[k] - 'a' + 'A');
		path = upper;
	}
	if (o->json)
		print_json(out, o, rows * cols, s, g, a, path, line);
	else if (o->hdu && a->status == SLIDETAB_OK)
		fprintf(out, "Case %ld: %u\n%s\n", case_no, a->dist, path);
	else if (o->hdu)
		fprintf(out, "Case %ld: %s\n", case_no, o->unsolvable_word);
	else if (a->status == SLIDETAB_ELIMIT)
		fprintf(out, "not solvable within %u\n", o->max_depth);
	else if (a->status != SLIDETAB_OK)
		fprintf(out, "%s\n", o->unsolvable_word);
	else if (o->path) {
		fputs_unlocked(path, out);
		fputc_unlocked('\n', out);
	} else if (o->bounded) {
		fprintf(out, "%u >= %u\n", a->dist, a->lower);
	} else if (o->hint) {
		char letters[NMOVES + 1];
		fprintf(out, "%u %s\n", a->dist, a->dist ? hint_letters(a->moves, o->upper, letters) : "-");
	} else
		put_uint_line(out, a->dist);
	if (o->show && !o->json && a->status == SLIDETAB_OK)
		print_show(out, o, rows, cols, s, a->path ? a->path : "");
	free(upper);
}

void output_error(FILE *out, const struct output_opts *o, long line, long case_no, const char *msg)
{
	if (o->json) {
		fprintf(out, "{\"line\":%ld,\"error\":", line);
		json_string(out, msg);
		fputs("}\n", out);
	} else if (o->hdu)
		fprintf(out, "Case %ld: error\n", case_no);
	else
		fputs("error\n", out);
}
