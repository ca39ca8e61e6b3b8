/* output: how query prints answers and errors: plain lines, --path, --show, --json, --style hdu3567. */
#include "query/output.h"

#include <string.h>

#include "slidetab.h"

static void print_board(FILE *out, const struct board *b, const struct board_state *s)
{
	for (int r = 0; r < b->rows; r++) {
		for (int c = 0; c < b->cols; c++) {
			int v = s->t[r * b->cols + c];
			if (v)
				fprintf(out, "%s%2d", c ? " " : "", v);
			else
				fprintf(out, "%s .", c ? " " : "");
		}
		fputc('\n', out);
	}
}

static void json_board(FILE *out, const struct board *b, const struct board_state *s)
{
	fputc('"', out);
	for (int c = 0; c < b->n; c++)
		fprintf(out, "%s%d", c ? " " : "", s->t[c]);
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

/* --hint's letters: every optimal first move in d < l < r < u order ("" at the goal). */
static const char *hint_letters(unsigned moves, int upper, char out[BOARD_NDIRS + 1])
{
	int k = 0;
	for (int d = 0; d < BOARD_NDIRS; d++)
		if (moves >> d & 1)
			out[k++] = board_dir_char((enum board_dir)d, upper);
	out[k] = '\0';
	return out;
}

static void print_json(FILE *out, const struct output_opts *o, const struct board *b, const struct board_state *s,
		       const struct board_state *g, const struct output_answer *a, const char *path, long line)
{
	fprintf(out, "{\"line\":%ld,\"input\":", line);
	json_board(out, b, s);
	fputs(",\"goal\":", out);
	json_board(out, b, g);
	if (a->status == SLIDETAB_OK) {
		fprintf(out, ",\"solvable\":true,\"distance\":%u", a->dist);
		if (o->path)
			fprintf(out, ",\"path\":\"%s\"", path);
		char letters[BOARD_NDIRS + 1];
		if (o->hint)
			fprintf(out, ",\"hint\":\"%s\"", hint_letters(a->moves, o->upper, letters));
	} else if (a->status == SLIDETAB_ELIMIT) {
		fprintf(out, ",\"solvable\":true,\"distance\":null,\"within\":%u", o->max_depth);
	} else {
		fputs(",\"solvable\":false", out);
	}
	fputs("}\n", out);
}

static void print_show(FILE *out, const struct output_opts *o, const struct board *b, const struct board_state *s,
		       const char *path)
{
	struct board_state cur = *s;
	int blank = board_blank(b, &cur);
	print_board(out, b, &cur);
	for (const char *p = path; *p; p++) {
		fputc('\n', out);
		board_move(b, &cur, &blank, (enum board_dir)(strchr("dlru", *p) - "dlru"));
		fprintf(out, "%c\n", o->upper ? *p - 'a' + 'A' : *p);
		print_board(out, b, &cur);
	}
	fputc('\n', out);
}

void output_answer(FILE *out, const struct output_opts *o, const struct board *b, const struct board_state *s,
		   const struct board_state *g, const struct output_answer *a, long line, long case_no)
{
	char upper[512] = "";
	const char *path = a->path ? a->path : "";
	if (o->upper && (o->path || o->hdu)) { /* letters in upper case: a copy */
		for (size_t k = 0; k + 1 < sizeof upper && path[k]; k++)
			upper[k] = (char)(path[k] - 'a' + 'A');
		path = upper;
	}
	if (o->json)
		print_json(out, o, b, s, g, a, path, line);
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
	} else if (o->hint) {
		char letters[BOARD_NDIRS + 1];
		fprintf(out, "%u %s\n", a->dist, a->dist ? hint_letters(a->moves, o->upper, letters) : "-");
	} else
		put_uint_line(out, a->dist);
	if (o->show && !o->json && a->status == SLIDETAB_OK)
		print_show(out, o, b, s, a->path ? a->path : "");
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
