/* SPDX-License-Identifier: Zlib */
/* run: the Gap driver: answers a whole contest input, one line per layout, problems reported as it goes. */
#include "gap/run.h"

#include <errno.h>
#include <string.h>

struct gap_answering {
	FILE *out, *diag;
	const char *name;
	const struct gap_options *opt;
	struct slidetab_error *err;
	int status; /* SLIDETAB_OK, or the status of the first problem */
};

/* Reports a problem of layout `layout` (0: none) at `line` (0: none) on diag; err keeps the first of the worst kind. */
static void report(struct gap_answering *a, int status, long line, long layout, const char *text)
{
	char where[64] = "";

	if (line > 0)
		snprintf(where, sizeof where, ": line %ld", line);
	if (layout > 0)
		snprintf(where + strlen(where), sizeof where - strlen(where), " (layout %ld)", layout);
	if (a->diag)
		fprintf(a->diag, "gap: %s%s: %s\n", a->name, where, text);
	if (a->status == SLIDETAB_OK || status > a->status)
		err_set(a->err, status, "gap: %s%s: %s", a->name, where, text);
	if (status > a->status)
		a->status = status;
}

static void print_path(FILE *out, const struct gap_result *res)
{
	fprintf(out, "%d:", res->moves);
	if (res->moves < 0)
		fputs(" none", out);
	for (size_t i = 0; i < res->path_len; i++)
		fprintf(out, " %d@r%dc%d", res->path[i].card, res->path[i].row, res->path[i].col);
	fputc('\n', out);
}

static void print_layouts(FILE *out, const struct gap_layout *start, const struct gap_result *res)
{
	struct gap_layout l = *start;

	fputc('\n', out);
	gap_print_layout(out, &l);
	for (size_t i = 0; i < res->path_len; i++) {
		gap_apply_move(&l, &res->path[i]);
		fputc('\n', out);
		gap_print_layout(out, &l);
	}
}

/* Solves one layout and prints its answer (and path and layouts when asked). */
static void answer(struct gap_answering *a, const struct gap_layout *start, long line, long layout)
{
	struct gap_result res;
	struct slidetab_error e;
	int st = gap_solve(start, a->opt, &res, &e);

	if (st != SLIDETAB_OK && st != SLIDETAB_UNSOLVABLE) {
		report(a, SLIDETAB_EINVAL, line, layout, e.msg);
		fputs("error\n", a->out);
	} else {
		fprintf(a->out, "%d\n", res.moves);
		if (a->opt->path)
			print_path(a->out, &res);
		if (a->opt->show)
			print_layouts(a->out, start, &res);
	}
	gap_result_free(&res);
}

/* After the announced layouts: anything but blank lines is an error. */
static void check_trailing(struct gap_answering *a, struct gap_reader *rd, long count)
{
	struct gap_layout l;
	struct slidetab_error e;
	char text[120];
	int got, st = gap_read_layout(rd, &l, &got, &e);

	if (st == SLIDETAB_OK && !got)
		return;
	snprintf(text, sizeof text, "unexpected input after the %ld announced layout%s", count, count == 1 ? "" : "s");
	report(a, SLIDETAB_EINVAL, gap_reader_line(rd), count + 1, text);
	fputs("error\n", a->out);
}

static void report_missing_layouts(struct gap_answering *a, long line, long first, long count)
{
	char text[160];

	if (first == count)
		snprintf(text, sizeof text, "layout missing: the input ends after %ld of %ld announced layouts",
			 first - 1, count);
	else
		snprintf(text, sizeof text,
			 "layouts %ld-%ld missing: the input ends after %ld of %ld announced layouts", first, count,
			 first - 1, count);
	report(a, SLIDETAB_EINVAL, line, first, text);
	for (long k = first; k <= count; k++)
		fputs("error\n", a->out);
}

/* Answers the layouts after the count line (count < 0: as many as there are). Returns 0, or -1
 * when it had to stop (out of memory, or out failed). */
static int answer_layouts(struct gap_answering *a, struct gap_reader *rd, long count)
{
	for (long k = 1; count < 0 || k <= count; k++) {
		struct gap_layout l;
		struct slidetab_error e;
		int got, st = gap_read_layout(rd, &l, &got, &e);
		if (st == SLIDETAB_ENOMEM) {
			report(a, st, gap_reader_line(rd), k, e.msg);
			return -1;
		}
		if (st != SLIDETAB_OK) {
			report(a, st, gap_reader_line(rd), k, e.msg);
			fputs("error\n", a->out);
		} else if (!got) {
			if (count >= 0)
				report_missing_layouts(a, gap_reader_line(rd), k, count);
			return 0;
		} else {
			answer(a, &l, gap_reader_line(rd), k);
		}
		if (ferror(a->out))
			return -1;
	}
	return 0;
}

/* Flushes out; on a write error reports it (SLIDETAB_EIO). */
static void finish_output(struct gap_answering *a)
{
	int e = fflush(a->out) != 0 ? errno : 0;
	char text[160];

	if (!e && !ferror(a->out))
		return;
	snprintf(text, sizeof text, "cannot write the answers%s%s", e ? ": " : "", e ? strerror(e) : "");
	report(a, SLIDETAB_EIO, 0, 0, text);
}

int gap_run(FILE *in, const char *in_name, FILE *out, FILE *diag, const struct gap_options *opt,
	    struct slidetab_error *err)
{
	static const struct gap_options defaults = { 0, 0, 0 };
	struct gap_answering a = { out, diag, in_name ? in_name : "stdin", opt ? opt : &defaults, err, SLIDETAB_OK };
	struct gap_reader *rd = gap_reader_new(in);
	struct slidetab_error e;
	long count;
	int st;

	if (!rd) {
		report(&a, SLIDETAB_ENOMEM, 0, 0, "out of memory");
		return a.status;
	}
	st = gap_read_count(rd, &count, &e);
	if (st != SLIDETAB_OK)
		report(&a, st, gap_reader_line(rd), 0, e.msg); /* answer whatever layouts follow */
	if ((st != SLIDETAB_OK || count >= 0) && answer_layouts(&a, rd, count) == 0 && count >= 0)
		check_trailing(&a, rd, count);
	gap_reader_free(rd);
	finish_output(&a);
	return a.status;
}
