/* SPDX-License-Identifier: Zlib */
/* query: answers sliding-tile puzzles from precomputed tables (and Gap layouts by search). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/cli.h"
#include "query/gapcmd.h"
#include "query/info.h"
#include "query/output.h"
#include "query/run.h"
#include "slidetab.h"

/* Exit statuses (also in --help, the man page and the README): chosen here and nowhere else. */
enum { EXIT_OK = 0, EXIT_BADINPUT = 1, EXIT_USAGE = 2, EXIT_BADTABLE = 3, EXIT_TIMEOUT = 4 };

struct opts {
	int rows, cols, pairs, preload, threads, gap, set_mask, quiet;
	double within;  /* --within W (0: --fast, or neither) */
	double timeout; /* --timeout SECONDS (0: none) */
	size_t memory;  /* --memory BYTES */
	const char *goal_text, *tables, *info;
	struct output_opts out;
};

/* Bits of struct opts.set_mask: which options were given, to refuse those that do not apply. */
enum {
	SET_BOARD = 1,
	SET_GOAL = 2,
	SET_PAIRS = 4,
	SET_PATH = 8,
	SET_UPPER = 16,
	SET_SHOW = 32,
	SET_JSON = 64,
	SET_UNSOLV = 128,
	SET_STYLE = 256,
	SET_TABLES = 512,
	SET_PRELOAD = 1024,
	SET_THREADS = 2048,
	SET_MAXD = 4096,
	SET_HINT = 8192,
	SET_FAST = 16384,
	SET_WITHIN = 32768,
	SET_MEMORY = 65536,
	SET_TIMEOUT = 131072
};

static void usage(FILE *f)
{
	fprintf(f, "Usage: query [options] [FILE...]\n"
		   "       query --info TABLE\n"
		   "Answers each puzzle in the input (files, or standard input) from slidetab tables:\n"
		   "its minimum number of moves, an optimal move string, or `unsolvable`.\n\n"
		   "Input: one puzzle per line (N tokens), or R lines of C tokens; a token is a number or\n"
		   "a blank mark (0 x X _ .), separated by spaces, tabs or commas; a line of exactly N\n"
		   "characters (12X453786) is one puzzle. Blank lines and # comments are skipped.\n"
		   "Without --board the first whole-puzzle line decides: 4 tokens 2x2, 6 2x3, 8 2x4,\n"
		   "9 3x3, 10 2x5, 16 4x4, 25 5x5 (12 is ambiguous: give --board 3x4 or 2x6).\n"
		   "Larger boards (up to R*C = 256) need --board, and --fast or --within.\n"
		   "Boards up to 12 cells, and 2x7/7x2 (make tables-2x7), are answered from exact tables;\n"
		   "every other board up to 25 cells (4x4, 5x5, 3x5, 4x5, ...) by IDA* over the\n"
		   "pattern databases in the table folder. Paths are the lexicographically smallest.\n"
		   "Answers come from libslidetab (see slidetab(3)).\n\n"
		   "  -b, --board RxC        the board (RxC and CxR share tables)\n"
		   "  -g, --goal G           last (1 2 ... N-1 0, default), first (0 1 ... N-1), or a board\n"
		   "      --pairs            read start and goal alternately (or 2N tokens on one line)\n"
		   "  -p, --path             print one optimal move string per puzzle (the blank's moves,\n"
		   "                         d l r u; the lexicographically smallest of the shortest)\n"
		   "      --hint             print the distance and every optimal first move (14 lr;\n"
		   "                         0 - at the goal), from slidetab_hint; the letters are\n"
		   "                         the gap's (blank's) moves, as --path's\n"
		   "      --upper            move letters in upper case\n"
		   "      --show             print the boards along the optimal path\n"
		   "      --json             one JSON object per puzzle\n"
		   "      --unsolvable WORD  what to print for an unsolvable puzzle (default: unsolvable)\n"
		   "      --style NAME       a contest's exact output; NAME: hdu3567\n"
		   "      --puzzle gap       solve Gap card layouts (AOJ 1245 input); --path, --show apply\n"
		   "      --tables DIR       table folder (else $SLIDETAB_TABLES, ~/.local/share/slidetab/tables,\n"
		   "                         the installed folder, the build tree's tables, ./tables)\n"
		   "      --preload          inflate whole tables up front (for big batches)\n"
		   "  -j, --threads N        4x4: solve N puzzles of a batch at once (fewer puzzles: the\n"
		   "                         threads shared in their searches); 5x5: N threads in each\n"
		   "                         search, one puzzle after another (default: all cores)\n"
		   "      --max-depth D      4x4, 5x5: give up past D moves (prints `not solvable within D`)\n"
		   "      --memory BYTES     distance searches: memory for A*+IDA* (suffix K, M or G; 0 plain\n"
		   "                         IDA*; default a quarter of physical memory, at most 4G)\n"
		   "      --timeout SECONDS  searches: give up on a puzzle after SECONDS (its line says\n"
		   "                         `error`; the next puzzle is still answered); not with --fast\n"
		   "                         or --within\n"
		   "  -q, --quiet            no progress line on stderr during long searches\n"
		   "      --fast             any board up to 16x16 (R*C <= 256): a valid path in milliseconds,\n"
		   "                         not optimal; prints `LENGTH >= BOUND` (BOUND: a proven lower\n"
		   "                         bound on the optimum), --path the moves, --json \"optimal\":false\n"
		   "      --within W         a path of at most W times the optimum (W >= 1, e.g. 1.2), by\n"
		   "                         weighted IDA* over the pattern databases (4x4, 5x5); output as --fast\n"
		   "      --info TABLE       print a table's header and depth histogram\n"
		   "  -h, --help             this help\n"
		   "  -V, --version          version\n\n"
		   "Exit status: 0 all answered; 1 some input was bad (its line says `error`, the rest\n"
		   "were answered); 2 usage error, a missing table, or a file that cannot be read or\n"
		   "written; 3 a damaged or foreign table; 4 a search gave up at --timeout. Every puzzle\n"
		   "gets one output line.\n\n"
		   "Examples (each reads the puzzles on standard input):\n"
		   "  seven puzzle, AOJ 0121:        echo 7 6 5 4 3 2 1 0 | query --goal first\n"
		   "  8 puzzle, ALDS1_13_B:          printf '1 3 0\\n4 2 5\\n7 8 6\\n' | query --board 3x3\n"
		   "  15 puzzle, ALDS1_13_C:         query --board 4x4 < four-lines-of-four.txt\n"
		   "  Eight, POJ 1077 / AcWing 179:  echo 2 3 4 1 5 x 7 6 8 | query --path\n"
		   "  two boards (start, goal):      echo 1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5 |\n"
		   "                                query --pairs --unsolvable Impossible\n"
		   "  Eight II, HDU 3567:            printf '1\\n12X453786\\n12345678X\\n' | query --style hdu3567\n"
		   "  show the way:                  echo 1 3 0 4 2 5 7 8 6 | query --show\n"
		   "  Gap, AOJ 1245:                 query --puzzle gap < layouts.txt\n");
}

/* The exit status of a run's worst outcome. */
static int exit_for(int outcome)
{
	switch (outcome) {
	case RUN_OK: return EXIT_OK;
	case RUN_BADINPUT: return EXIT_BADINPUT;
	case RUN_BADTABLE: return EXIT_BADTABLE;
	case RUN_TIMEOUT: return EXIT_TIMEOUT;
	default: return EXIT_USAGE;
	}
}

/* Checks that everything written to stdout reached it; a failure is an I/O error (exit 2). */
static int finish_output(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "query: writing the output: %s\n", strerror(errno ? errno : EIO));
		return status > EXIT_USAGE ? status : EXIT_USAGE;
	}
	return status;
}

/* The library's progress hook: one live line on stderr (a terminal) while a search runs. */
static void show_progress(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done)
{
	(void)ctx;
	if (done) {
		fprintf(stderr, "\r\033[K");
		return;
	}
	fprintf(stderr, "\rsearching: bound %u, %llu nodes, %.1f s, %.2f M nodes/s\033[K", bound, nodes, seconds,
		seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0);
}

/* The library's notices (a 5x5 set standing in for a missing stronger one): one line on stderr. */
static void show_notice(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "query: note: %s\n", msg);
}

/* Sliding puzzles: every input stream through one library handle. */
static int run_sliding(const struct opts *o, int nfiles, char **files)
{
	static char outbuf[1 << 16];
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	struct slidetab_error err;
	slidetab *db = NULL;
	int rc = slidetab_open_flags(&db, o->tables, o->preload ? SLIDETAB_PRELOAD : 0, &err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_max_depth(db, o->out.max_depth, &err);
	if (rc == SLIDETAB_OK && isatty(2) && !o->quiet)
		rc = slidetab_set_progress(db, show_progress, NULL, &err);
	if (rc == SLIDETAB_OK && (o->set_mask & SET_MEMORY))
		rc = slidetab_set_memory(db, o->memory, &err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_timeout(db, o->timeout, &err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_notice(db, show_notice, NULL, &err);
	if (rc != SLIDETAB_OK) {
		fprintf(stderr, "query: %s\n", err.msg);
		slidetab_close(db);
		return EXIT_USAGE;
	}
	struct run r = { .db = db,
			 .out = &o->out,
			 .rows = o->rows,
			 .cols = o->cols,
			 .pairs = o->pairs,
			 .within = o->within,
			 .threads = o->threads,
			 .goal_text = o->goal_text };
	if (run_init(&r) != 0) {
		fprintf(stderr, "query: out of memory\n");
		slidetab_close(db);
		return EXIT_USAGE;
	}
	if (nfiles == 0)
		run_stream(&r, stdin, "stdin");
	for (int i = 0; i < nfiles; i++) {
		FILE *f = run_open_input(files[i]);
		if (!f) {
			r.outcome = r.outcome > RUN_NOTABLE ? r.outcome : RUN_NOTABLE;
			continue;
		}
		run_stream(&r, f, files[i]);
		if (f != stdin)
			fclose(f);
	}
	run_finish(&r);
	run_free(&r);
	slidetab_close(db);
	return exit_for(r.outcome);
}

/* Refuses options that do not apply to the chosen mode. Returns 0 or -1 (message printed). */
static int check_modes(const struct opts *o, int nfiles)
{
	static const struct {
		int mode, bad;
		const char *what;
	} rules[] = {
		{ 1, ~0 & ~SET_TABLES, "--info takes no other options" },
		{ 2,
		  SET_BOARD | SET_GOAL | SET_PAIRS | SET_UPPER | SET_JSON | SET_UNSOLV | SET_STYLE | SET_TABLES |
			  SET_PRELOAD | SET_THREADS | SET_MAXD | SET_HINT | SET_FAST | SET_WITHIN | SET_MEMORY |
			  SET_TIMEOUT,
		  "--puzzle gap takes only --path and --show" },
		{ 3, SET_SHOW | SET_STYLE, "--json does not go with --show or --style" },
		{ 4, SET_GOAL, "--goal and --pairs do not go together (pairs bring their own goals)" },
		{ 5, SET_GOAL | SET_PAIRS | SET_JSON | SET_SHOW, "--style hdu3567 brings its own goals and output" },
		{ 6, SET_PATH | SET_SHOW | SET_STYLE, "--hint does not go with --path, --show or --style" },
	};
	int mode_on[7] = {
		0, o->info != NULL, o->gap, (o->set_mask & SET_JSON) != 0, o->pairs, o->out.hdu, o->out.hint
	};
	if (o->info && nfiles > 0) {
		fprintf(stderr, "query: --info reads one table and no puzzles (got %d input files)\n", nfiles);
		return -1;
	}
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
		int bad = rules[i].bad & o->set_mask;
		if (rules[i].mode == 3)
			bad &= ~SET_JSON;
		if (rules[i].mode == 4)
			bad &= ~SET_PAIRS;
		if (mode_on[rules[i].mode] && bad) {
			fprintf(stderr, "query: %s\n", rules[i].what);
			return -1;
		}
	}
	return 0;
}

/* --within W: a number of at least 1 (and at most 1000). */
static int opt_within(const char *arg, double *w)
{
	return cli_real("query", "--within", arg, 1, 1000, "a factor W with 1 <= W <= 1000 (e.g. 1.2)", w);
}

/* --timeout SECONDS: 0 (none) to 1e9. */
static int opt_timeout(const char *arg, double *s)
{
	return cli_real("query", "--timeout", arg, 0, 1e9, "seconds, 0 (no limit) to 1e9 (e.g. 2.5)", s);
}

/* --memory BYTES: what a size_t holds (0: plain IDA*). */
static int opt_memory(const char *arg, size_t *bytes)
{
	uint64_t v;
	if (cli_bytes("query", "--memory", arg, 0, SIZE_MAX, &v) != 0)
		return -1;
	*bytes = (size_t)v;
	return 0;
}

/* --fast and --within: not together, nor with the options of optimal answers (--timeout among them). */
static int check_bounded(const struct opts *o)
{
	if ((o->set_mask & SET_FAST) && (o->set_mask & SET_WITHIN)) {
		fprintf(stderr, "query: --fast and --within do not go together (give one)\n");
		return -1;
	}
	if (o->out.bounded && (o->set_mask & (SET_HINT | SET_STYLE))) {
		fprintf(stderr, "query: --fast and --within do not go with --hint or --style\n");
		return -1;
	}
	if ((o->set_mask & SET_FAST) && (o->set_mask & SET_MAXD)) {
		fprintf(stderr, "query: --max-depth applies to searches, not to --fast\n");
		return -1;
	}
	if (o->out.bounded && (o->set_mask & SET_TIMEOUT)) { /* the bounded solver keeps no deadline */
		fprintf(stderr, "query: --timeout applies to optimal searches, not to --fast or --within\n");
		return -1;
	}
	return 0;
}

/* Applies one option; returns -1 for a usage error (message printed), 1 for --help/--version. */
static int set_option(struct opts *o, int c, const char *arg)
{
	int v;
	switch (c) {
	case 'j': o->set_mask |= SET_THREADS; return cli_threads("query", arg, &o->threads);
	case 'M':
		o->set_mask |= SET_MAXD;
		if (cli_int("query", "--max-depth", arg, 1, 250, &v) != 0)
			return -1;
		o->out.max_depth = (unsigned)v;
		return 0;
	case 'b': o->set_mask |= SET_BOARD; return cli_board_any("query", arg, &o->rows, &o->cols);
	case 'F': o->set_mask |= SET_FAST, o->out.bounded = 1; return 0;
	case 'X': o->set_mask |= SET_WITHIN, o->out.bounded = 1; return opt_within(arg, &o->within);
	case 'g': o->set_mask |= SET_GOAL, o->goal_text = arg; return 0;
	case 'p': o->set_mask |= SET_PATH, o->out.path = 1; return 0;
	case 'P': o->set_mask |= SET_PAIRS, o->pairs = 1; return 0;
	case 'U': o->set_mask |= SET_UPPER, o->out.upper = 1; return 0;
	case 'H': o->set_mask |= SET_HINT, o->out.hint = 1; return 0;
	case 'S': o->set_mask |= SET_SHOW, o->out.show = 1; return 0;
	case 'J': o->set_mask |= SET_JSON, o->out.json = 1; return 0;
	case 'W': o->set_mask |= SET_UNSOLV, o->out.unsolvable_word = arg; return 0;
	case 'T': o->set_mask |= SET_TABLES, o->tables = arg; return 0;
	case 'L': o->set_mask |= SET_PRELOAD, o->preload = 1; return 0;
	case 'I': o->info = arg; return 0;
	case 'm': o->set_mask |= SET_MEMORY; return opt_memory(arg, &o->memory);
	case 't': o->set_mask |= SET_TIMEOUT; return opt_timeout(arg, &o->timeout);
	case 'q': o->quiet = 1; return 0;
	case 'Y':
		o->set_mask |= SET_STYLE;
		if (strcmp(arg, "hdu3567") == 0) {
			o->out.hdu = 1;
			return 0;
		}
		fprintf(stderr, "query: --style %s: known styles: hdu3567\n", arg);
		return -1;
	case 'Z':
		if (strcmp(arg, "gap") == 0 || strcmp(arg, "sliding") == 0) {
			o->gap = !strcmp(arg, "gap");
			return 0;
		}
		fprintf(stderr, "query: --puzzle %s: known puzzles: sliding (default), gap\n", arg);
		return -1;
	case 'h': usage(stdout); return 1;
	case 'V': printf("query (slidetab) %s, libslidetab %s\n", SLIDETAB_VERSION, slidetab_version()); return 1;
	default: return -1;
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = { { "board", required_argument, NULL, 'b' },
						  { "goal", required_argument, NULL, 'g' },
						  { "pairs", no_argument, NULL, 'P' },
						  { "path", no_argument, NULL, 'p' },
						  { "upper", no_argument, NULL, 'U' },
						  { "show", no_argument, NULL, 'S' },
						  { "json", no_argument, NULL, 'J' },
						  { "unsolvable", required_argument, NULL, 'W' },
						  { "style", required_argument, NULL, 'Y' },
						  { "tables", required_argument, NULL, 'T' },
						  { "preload", no_argument, NULL, 'L' },
						  { "info", required_argument, NULL, 'I' },
						  { "puzzle", required_argument, NULL, 'Z' },
						  { "threads", required_argument, NULL, 'j' },
						  { "max-depth", required_argument, NULL, 'M' },
						  { "help", no_argument, NULL, 'h' },
						  { "version", no_argument, NULL, 'V' },
						  { "hint", no_argument, NULL, 'H' },
						  { "fast", no_argument, NULL, 'F' },
						  { "within", required_argument, NULL, 'X' },
						  { "memory", required_argument, NULL, 'm' },
						  { "timeout", required_argument, NULL, 't' },
						  { "quiet", no_argument, NULL, 'q' },
						  { NULL, 0, NULL, 0 } };
	struct opts o = { .threads = cli_cpus(), .out = { .unsolvable_word = "unsolvable" } };
	int c;
	opterr = 0; /* our own messages, with our own prefix */
	while ((c = getopt_long(argc, argv, ":b:g:j:phqV", longopts, NULL)) != -1) {
		if (c == '?' || c == ':') {
			const char *opt = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
			fprintf(stderr, "query: %s: %s; see query --help\n", opt,
				c == ':' ? "this option needs a value" : "unknown option");
			return EXIT_USAGE;
		}
		int rc = set_option(&o, c, optarg);
		if (rc != 0)
			return rc > 0 ? finish_output(EXIT_OK) : EXIT_USAGE;
	}
	int nfiles = argc - optind;
	if (check_modes(&o, nfiles) != 0 || check_bounded(&o) != 0)
		return EXIT_USAGE;
	if (o.info) {
		struct slidetab_error err;
		int rc = info_print(o.info, stdout, isatty(1), &err);
		if (rc != SLIDETAB_OK)
			fprintf(stderr, "query: %s\n", err.msg);
		return finish_output(rc == SLIDETAB_OK ? EXIT_OK : rc == SLIDETAB_EFORMAT ? EXIT_BADTABLE : EXIT_USAGE);
	}
	if (o.gap)
		return finish_output(exit_for(gapcmd_run(o.out.path, o.out.show, nfiles, argv + optind)));
	return finish_output(run_sliding(&o, nfiles, argv + optind));
}
