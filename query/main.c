/* query: answers sliding-tile puzzles from precomputed tables (and Gap layouts by search). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/board.h"
#include "../core/version.h"
#include "fifteen.h"
#include "gap.h"
#include "info.h"
#include "input.h"
#include "solve.h"

/* Exit statuses (also in --help and the README). */
enum { EXIT_OK = 0, EXIT_BADINPUT = 1, EXIT_USAGE = 2, EXIT_BADTABLE = 3 };

struct opts {
	int rows, cols, pairs, path, upper, show, json, hdu, preload, threads, max_depth;
	const char *goal_text, *tables, *unsolvable_word;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: query [options] [FILE...]\n"
		"       query --info TABLE\n"
		"Answers each puzzle in the input (files, or standard input) from slidetab tables:\n"
		"its minimum number of moves, an optimal move string, or `unsolvable`.\n\n"
		"Input: one puzzle per line (N tokens), or R lines of C tokens; a token is a number or\n"
		"a blank mark (0 x X _ .), separated by spaces, tabs or commas; a line of exactly N\n"
		"characters (12X453786) is one puzzle. Blank lines and # comments are skipped.\n"
		"Without --board the first whole-puzzle line decides: 4 tokens 2x2, 6 2x3, 8 2x4,\n"
		"9 3x3, 10 2x5, 16 4x4 (12 is ambiguous: give --board 3x4 or 2x6).\n"
		"Boards up to 12 cells are answered from exact tables; 4x4 by IDA* over the pattern\n"
		"databases in the table folder (one optimal path, not always the smallest).\n\n"
		"  -b, --board RxC        the board (RxC and CxR share tables)\n"
		"  -g, --goal G           last (1 2 ... N-1 0, default), first (0 1 ... N-1), or a board\n"
		"      --pairs            read start and goal alternately (or 2N tokens on one line)\n"
		"  -p, --path             print one optimal move string per puzzle (the blank's moves,\n"
		"                         d l r u; the lexicographically smallest of the shortest)\n"
		"      --upper            move letters in upper case\n"
		"      --show             print the boards along the optimal path\n"
		"      --json             one JSON object per puzzle\n"
		"      --unsolvable WORD  what to print for an unsolvable puzzle (default: unsolvable)\n"
		"      --style NAME       a contest's exact output; NAME: hdu3567\n"
		"      --puzzle gap       solve Gap card layouts (AOJ 1245 input); --path, --show apply\n"
		"      --tables DIR       table folder (else $SLIDETAB_TABLES, the installed folder, ./tables)\n"
		"      --preload          inflate whole tables up front (for big batches)\n"
		"  -j, --threads N        4x4: solve N puzzles of a batch at once (default: all cores)\n"
		"      --max-depth D      4x4: give up past D moves (prints `not solvable within D`)\n"
		"      --info TABLE       print a table's header and depth histogram\n"
		"  -h, --help             this help\n"
		"  -V, --version          version\n\n"
		"Exit status: 0 all answered; 1 some input was bad (its line says `error`, the rest\n"
		"were answered); 2 usage error or a missing table; 3 a damaged or foreign table.\n\n"
		"Examples (each reads the puzzles on standard input):\n"
		"  seven puzzle, AOJ 0121:        echo 7 6 5 4 3 2 1 0 | query --goal first\n"
		"  8 puzzle, ALDS1_13_B:          printf '1 3 0\\n4 2 5\\n7 8 6\\n' | query --board 3x3\n"
		"  15 puzzle, ALDS1_13_C:         query --board 4x4 < four-lines-of-four.txt\n"
		"  Eight, POJ 1077 / AcWing 179:  echo 2 3 4 1 5 x 7 6 8 | query --path\n"
		"  two boards (start, goal):      echo 1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5 | query --pairs --unsolvable Impossible\n"
		"  Eight II, HDU 3567:            printf '1\\n12X453786\\n12345678X\\n' | query --style hdu3567\n"
		"  show the way:                  echo 1 3 0 4 2 5 7 8 6 | query --show\n"
		"  Gap, AOJ 1245:                 query --puzzle gap < layouts.txt\n");
}

/* Parses --goal once the board is known. */
static int make_goal(const struct opts *o, const struct board *b, struct board_state *g, char *msg, size_t msglen)
{
	const char *t = o->goal_text;
	if (!t || !strcmp(t, "last")) {
		board_goal(b, b->n - 1, g);
		return 0;
	}
	if (!strcmp(t, "first")) {
		board_goal(b, 0, g);
		return 0;
	}
	struct slidetab_error e;
	if (input_parse_goal(t, b->rows, b->cols, g, &e) != SLIDETAB_OK) {
		snprintf(msg, msglen, "%s", e.msg);
		return -1;
	}
	return 0;
}

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

struct run {
	const struct opts *o;
	struct solve_ctx *ctx;
	struct fifteen *fifteen;
	struct batch *batch;
	long cases;
	int status;
	int count_line_pending; /* hdu3567: the first line is the number of cases */
};

static void print_answer(struct run *r, const struct board *b, const struct board_state *s,
			 const struct board_state *g, const struct solve_answer *a, long line)
{
	const struct opts *o = r->o;
	FILE *out = stdout;
	char path[SOLVE_MAX_PATH + 1];
	strcpy(path, a->path);
	if (o->upper)
		for (char *p = path; *p; p++)
			*p = (char)(*p - 'a' + 'A');
	if (o->json) {
		fprintf(out, "{\"line\":%ld,\"input\":", line);
		json_board(out, b, s);
		fputs(",\"goal\":", out);
		json_board(out, b, g);
		if (a->solvable) {
			fprintf(out, ",\"solvable\":true,\"distance\":%u", a->dist);
			if (o->path)
				fprintf(out, ",\"path\":\"%s\"", path);
		} else {
			fputs(",\"solvable\":false", out);
		}
		fputs("}\n", out);
		return;
	}
	if (o->hdu) {
		if (a->solvable)
			fprintf(out, "Case %ld: %u\n%s\n", r->cases, a->dist, path);
		else
			fprintf(out, "Case %ld: %s\n", r->cases, o->unsolvable_word);
		return;
	}
	if (!a->solvable)
		fprintf(out, "%s\n", o->unsolvable_word);
	else if (o->path) {
		fputs_unlocked(path, out);
		fputc_unlocked('\n', out);
	} else
		put_uint_line(out, a->dist);
	if (o->show && a->solvable) {
		struct board_state cur = *s;
		int blank = board_blank(b, &cur);
		print_board(out, b, &cur);
		for (const char *p = a->path; *p; p++) {
			fputc('\n', out);
			board_move(b, &cur, &blank, (enum board_dir)(strchr("dlru", *p) - "dlru"));
			fprintf(out, "%c\n", o->upper ? *p - 'a' + 'A' : *p);
			print_board(out, b, &cur);
		}
		fputc('\n', out);
	}
}

/* The output line of a puzzle that got no answer (its message went to stderr already). */
static void print_error_line(struct run *r, long line, long case_no)
{
	if (r->o->json)
		fprintf(stdout, "{\"line\":%ld,\"error\":true}\n", line);
	else if (r->o->hdu)
		fprintf(stdout, "Case %ld: error\n", case_no);
	else
		fputs("error\n", stdout);
	if (r->status < EXIT_BADINPUT)
		r->status = EXIT_BADINPUT;
}

static void print_error(struct run *r, const char *name, const char *msg, long line)
{
	fprintf(stderr, "query: %s: %s\n", name, msg);
	print_error_line(r, line, r->cases);
}

/* 4x4 puzzles wait in a batch so that IDA* can solve several at once (-j). */
#define BATCH 256
struct batch {
	int count;
	struct board_state s[BATCH], g[BATCH];
	long line[BATCH], case_no[BATCH];
	int bad[BATCH];
};

/* Solves and prints the batch in input order. Returns 0, or an exit status that stops the run. */
static int flush_batch(struct run *r, const struct board *b, struct batch *q)
{
	if (q->count == 0)
		return 0;
	char msg[1600];
	int st = fifteen_load(r->fifteen, r->ctx->dir, b->rows, b->cols, r->o->threads, msg, sizeof msg);
	if (st != 0) {
		fprintf(stderr, "query: %s\n", msg);
		return st == 2 ? EXIT_USAGE : EXIT_BADTABLE;
	}
	static struct ida_result res[BATCH];
	struct board_state starts[BATCH], goals[BATCH];
	int n = 0;
	for (int i = 0; i < q->count; i++)
		if (!q->bad[i]) {
			starts[n] = q->s[i], goals[n] = q->g[i];
			n++;
		}
	if (n > 0 && ida_solve_batch(r->fifteen->set, (size_t)n, starts, goals, NULL, r->o->max_depth, r->o->threads,
				     res) != 0) {
		fprintf(stderr, "query: could not start the solver threads\n");
		return EXIT_USAGE;
	}
	for (int i = 0, k = 0; i < q->count; i++) {
		long saved = r->cases;
		r->cases = q->case_no[i];
		if (q->bad[i]) {
			print_error_line(r, q->line[i], q->case_no[i]);
		} else {
			const struct ida_result *x = &res[k++];
			struct solve_answer a = { .solvable = x->status != IDA_UNSOLVABLE, .dist = (unsigned)x->length };
			if (x->status == IDA_ERROR) {
				fprintf(stderr, "query: line %ld: %s\n", q->line[i], x->err);
				print_error_line(r, q->line[i], q->case_no[i]);
			} else if (x->status == IDA_NOT_WITHIN) {
				printf("not solvable within %d\n", r->o->max_depth);
			} else {
				snprintf(a.path, sizeof a.path, "%s", x->path);
				print_answer(r, b, &q->s[i], &q->g[i], &a, q->line[i]);
			}
		}
		r->cases = saved;
	}
	q->count = 0;
	return 0;
}

/* Answers every puzzle of one input stream. Returns 0, or an exit status that stops the run. */
static int run_stream(struct run *r, FILE *f, const char *name)
{
	const struct opts *o = r->o;
	struct input *in = malloc(sizeof *in);
	if (!in) {
		fprintf(stderr, "query: out of memory\n");
		return EXIT_USAGE;
	}
	input_init(in, f, name, o->rows, o->cols, o->pairs || o->hdu);
	struct slidetab_error e;
	long announced;
	if (o->hdu && input_read_count(in, &announced, &e) != SLIDETAB_OK) {
		fprintf(stderr, "query: %s: %s\n", name, e.msg);
		r->status = EXIT_BADINPUT;
	}
	struct board b = { 0 };
	struct board_state s, g, fixed_goal;
	int have_goal = 0, fatal = 0;
	char msg[1600];
	for (;;) {
		int rc = input_next(in, &s, &g, &e);
		snprintf(msg, sizeof msg, "%s", e.msg);
		if (rc == INPUT_EOF)
			break;
		if (rc == INPUT_FATAL) {
			fprintf(stderr, "query: %s: %s\n", name, msg);
			fatal = EXIT_USAGE;
			break;
		}
		r->cases++;
		int big = in->n > 12; /* no exact table: IDA* over pattern databases, in batches */
		if (rc == INPUT_ERROR && big) {
			fprintf(stderr, "query: %s: %s\n", name, msg);
			struct batch *q = r->batch;
			q->bad[q->count] = 1, q->line[q->count] = in->line, q->case_no[q->count] = r->cases;
			if (++q->count == BATCH && (fatal = flush_batch(r, &b, q)) != 0)
				break;
			continue;
		}
		if (rc == INPUT_ERROR) {
			print_error(r, name, msg, in->line);
			continue;
		}
		if (b.n != in->n) {
			if ((fatal = flush_batch(r, &b, r->batch)) != 0)
				break;
			board_init(&b, in->rows, in->cols);
			have_goal = 0;
		}
		if (!(o->pairs || o->hdu)) {
			if (!have_goal) {
				if (make_goal(o, &b, &fixed_goal, msg, sizeof msg) != 0) {
					fprintf(stderr, "query: %s\n", msg);
					fatal = EXIT_USAGE;
					break;
				}
				have_goal = 1;
			}
			g = fixed_goal;
		}
		if (big) {
			struct batch *q = r->batch;
			q->s[q->count] = s, q->g[q->count] = g, q->bad[q->count] = 0;
			q->line[q->count] = in->line, q->case_no[q->count] = r->cases;
			if (++q->count == BATCH && (fatal = flush_batch(r, &b, q)) != 0)
				break;
			continue;
		}
		struct solve_answer a;
		int st = solve_one(r->ctx, b.rows, b.cols, &s, &g, o->path || o->show || o->hdu, &a, msg, sizeof msg);
		if (st != SOLVE_OK) {
			fprintf(stderr, "query: %s\n", msg);
			fatal = st == SOLVE_NO_TABLE ? EXIT_USAGE : EXIT_BADTABLE;
			break;
		}
		print_answer(r, &b, &s, &g, &a, in->line);
	}
	if (!fatal)
		fatal = flush_batch(r, &b, r->batch);
	if (!fatal && input_check_count(in, &e) != SLIDETAB_OK) {
		fprintf(stderr, "query: %s: %s\n", name, e.msg);
		r->status = EXIT_BADINPUT;
	}
	r->batch->count = 0;
	free(in);
	return fatal;
}

/* Gap (AOJ 1245): each input is a contest input, solved by search (query/gap.c). */
static int run_gap(const struct opts *o, int nfiles, char **files)
{
	struct gap_options go = { .path = o->path, .show = o->show, .mem_limit = 0 };
	if (nfiles == 0)
		return gap_run(stdin, "stdin", stdout, stderr, &go);
	int status = EXIT_OK;
	for (int i = 0; i < nfiles; i++) {
		FILE *f = strcmp(files[i], "-") ? fopen(files[i], "r") : stdin;
		if (!f) {
			fprintf(stderr, "query: %s: %s\n", files[i], strerror(errno));
			return EXIT_USAGE;
		}
		if (gap_run(f, files[i], stdout, stderr, &go) != 0)
			status = EXIT_BADINPUT;
		if (f != stdin)
			fclose(f);
	}
	return status;
}

int main(int argc, char **argv)
{
	enum { O_PAIRS = 256, O_UPPER, O_SHOW, O_JSON, O_UNSOLV, O_STYLE, O_TABLES, O_PRELOAD, O_INFO, O_PUZZLE, O_MAXD };
	static const struct option longopts[] = {
		{ "board", required_argument, NULL, 'b' },     { "goal", required_argument, NULL, 'g' },
		{ "pairs", no_argument, NULL, O_PAIRS },       { "path", no_argument, NULL, 'p' },
		{ "upper", no_argument, NULL, O_UPPER },       { "show", no_argument, NULL, O_SHOW },
		{ "json", no_argument, NULL, O_JSON },         { "unsolvable", required_argument, NULL, O_UNSOLV },
		{ "style", required_argument, NULL, O_STYLE }, { "tables", required_argument, NULL, O_TABLES },
		{ "preload", no_argument, NULL, O_PRELOAD },   { "info", required_argument, NULL, O_INFO },
		{ "puzzle", required_argument, NULL, O_PUZZLE }, { "threads", required_argument, NULL, 'j' },
		{ "max-depth", required_argument, NULL, O_MAXD },
		{ "help", no_argument, NULL, 'h' },            { "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct opts o = { .unsolvable_word = "unsolvable", .threads = ncpu > 0 ? (int)ncpu : 1 };
	const char *info = NULL;
	int c, gap = 0;
	while ((c = getopt_long(argc, argv, "b:g:j:phV", longopts, NULL)) != -1) {
		char *end;
		switch (c) {
		case 'j':
			o.threads = (int)strtol(optarg, &end, 10);
			if (*end || o.threads < 1 || o.threads > 256) {
				fprintf(stderr, "query: -j %s: expected 1..256 threads\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case O_MAXD:
			o.max_depth = (int)strtol(optarg, &end, 10);
			if (*end || o.max_depth < 1 || o.max_depth > IDA_MAX_DEPTH) {
				fprintf(stderr, "query: --max-depth %s: expected 1..%d\n", optarg, IDA_MAX_DEPTH);
				return EXIT_USAGE;
			}
			break;
		case 'b':
			if (board_parse_spec(optarg, &o.rows, &o.cols) != 0) {
				fprintf(stderr, "query: --board %s: expected RxC with R, C >= 2 and R*C <= 25 (e.g. 3x3)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'g': o.goal_text = optarg; break;
		case 'p': o.path = 1; break;
		case O_PAIRS: o.pairs = 1; break;
		case O_UPPER: o.upper = 1; break;
		case O_SHOW: o.show = 1; break;
		case O_JSON: o.json = 1; break;
		case O_UNSOLV: o.unsolvable_word = optarg; break;
		case O_STYLE:
			if (strcmp(optarg, "hdu3567") != 0) {
				fprintf(stderr, "query: --style %s: known styles: hdu3567\n", optarg);
				return EXIT_USAGE;
			}
			o.hdu = 1;
			break;
		case O_TABLES: o.tables = optarg; break;
		case O_PRELOAD: o.preload = 1; break;
		case O_INFO: info = optarg; break;
		case O_PUZZLE:
			if (strcmp(optarg, "gap") && strcmp(optarg, "sliding")) {
				fprintf(stderr, "query: --puzzle %s: known puzzles: sliding (default), gap\n", optarg);
				return EXIT_USAGE;
			}
			gap = !strcmp(optarg, "gap");
			break;
		case 'h': usage(stdout); return EXIT_OK;
		case 'V': printf("query (slidetab) %s\n", SLIDETAB_VERSION); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (info)
		return info_print(info, stdout, isatty(1));
	if (gap)
		return run_gap(&o, argc - optind, argv + optind);
	if (o.goal_text && o.pairs) {
		fprintf(stderr, "query: --goal and --pairs do not go together (pairs bring their own goals)\n");
		return EXIT_USAGE;
	}
	static char outbuf[1 << 16];
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	struct solve_ctx *ctx = malloc(sizeof *ctx);
	if (!ctx) {
		fprintf(stderr, "query: out of memory\n");
		return EXIT_USAGE;
	}
	solve_init(ctx, o.tables, o.preload ? TABLE_PRELOAD : 0);
	struct fifteen fifteen = { 0 };
	struct batch *batch = malloc(sizeof *batch);
	if (!batch) {
		fprintf(stderr, "query: out of memory\n");
		return EXIT_USAGE;
	}
	batch->count = 0;
	struct run r = { .o = &o, .ctx = ctx, .fifteen = &fifteen, .batch = batch };
	int fatal = 0;
	if (optind == argc)
		fatal = run_stream(&r, stdin, "stdin");
	for (int i = optind; i < argc && !fatal; i++) {
		FILE *f = strcmp(argv[i], "-") ? fopen(argv[i], "r") : stdin;
		if (!f) {
			fprintf(stderr, "query: %s: %s\n", argv[i], strerror(errno));
			fatal = EXIT_USAGE;
			break;
		}
		fatal = run_stream(&r, f, argv[i]);
		if (f != stdin)
			fclose(f);
	}
	solve_free(ctx);
	free(ctx);
	fifteen_free(&fifteen);
	free(batch);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "query: writing output: %s\n", strerror(errno));
		return EXIT_USAGE;
	}
	return fatal ? fatal : r.status;
}
