/* SPDX-License-Identifier: Zlib */
/* genargs: the command line of gen and gen-mpi (one parser, one set of option names). */
#include "gen/genargs.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "common/input.h"
#include "gen/carray.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/read.h"

#include "slidetab.h"

static const char *prog = "gen";

int genargs_goal(const struct gen_args *a, const struct board *b, struct board_state *goal)
{
	struct slidetab_error err;
	memset(goal, 0, sizeof *goal);
	if (a->goal_text) {
		struct input_tiles g;
		if (input_parse_goal(a->goal_text, b->rows, b->cols, &g, &err) != SLIDETAB_OK) {
			fprintf(stderr, "%s: %s\n", prog, err.msg);
			return -1;
		}
		memcpy(goal->t, g.t, (size_t)b->n);
		return 0;
	}
	int blank = a->blank < 0 ? b->n - 1 : a->blank;
	if (blank >= b->n) {
		fprintf(stderr, "%s: --blank %d is not a cell of %dx%d (0..%d)\n", prog, blank, a->rows, a->cols,
			b->n - 1);
		return -1;
	}
	board_goal(b, blank, goal);
	return 0;
}

/* A name from a list, as its index; -1 with a message when it is none of them. */
static int pick(const char *option, const char *text, const char *const *names, int count)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(text, names[i]))
			return i;
	fprintf(stderr, "%s: %s %s: expected one of", prog, option, text);
	for (int i = 0; i < count; i++)
		fprintf(stderr, " %s", names[i]);
	fputc('\n', stderr);
	return -1;
}

/* Applies one option: 0 to go on, 1 to stop with success (--help, --version), -1 usage error. */
static int set_option(struct gen_args *a, int c, const char *arg, void (*usage)(FILE *f))
{
	static const char *const compress[] = { "none", "zlib", "compact", "raw" };
	static const char *const entry[] = { "half", "mdres", "plain", "zbit", "pbit" };
	static const uint32_t entries[] = { TABLE_ENTRY_HALF, TABLE_ENTRY_MDRES, TABLE_ENTRY_PLAIN, TABLE_ENTRY_ZBIT,
					    TABLE_ENTRY_PBIT };
	int k;
	switch (c) {
	case 'b': return cli_board(prog, arg, &a->rows, &a->cols);
	case 'B': return cli_int(prog, "--blank", arg, 0, 24, &a->blank);
	case 'j': return cli_threads(prog, arg, &a->threads);
	case 'l': return cli_int(prog, "--level", arg, 1, 12, &a->level);
	case 'c':
		return (k = pick("--compress", arg, compress, 4)) < 0
			       ? -1
			       : (a->compress = k == 3 ? 0 : k, a->compress_given = 1, 0);
	case 'e': return (k = pick("--entry", arg, entry, 5)) < 0 ? -1 : (a->entry = entries[k], 0);
	case 'k':
		if (cli_int(prog, "--block-entries", arg, 64, 1 << 24, &a->block_entries) != 0)
			return -1;
		if (a->block_entries % 64 == 0)
			return 0;
		fprintf(stderr, "%s: --block-entries %s: must be a multiple of 64\n", prog, arg);
		return -1;
	case 'g': a->goal_text = arg; return 0;
	case 'o': a->out = arg; return 0;
	case 'C': a->count_only = 1; return 0;
	case 'P': a->pattern = arg; return 0;
	case 'D': a->pdb = arg; return 0;
	case 'd': a->dir = arg; return 0;
	case 'v': a->verify = arg; return 0;
	case 'q': a->quiet = 1; return 0;
	case 'h': usage(stdout); return 1;
	case 'V': printf("%s (slidetab) %s\n", prog, SLIDETAB_VERSION); return 1;
	case 'K': a->checkpoint = arg; return 0;
	case 'R':
		a->checkpoint = arg;
		a->resume = 1;
		return 0;
	case 'F': a->list_files = 1; return 0;
	case 'M': return cli_bytes(prog, "--memory", arg, 1, UINT64_MAX, &a->memory);
	case 'A': {
		const char *why = carray_name_problem(arg);
		if (!why) {
			a->c_array = arg;
			return 0;
		}
		fprintf(stderr, "%s: --c-array %s: %s\n", prog, arg, why);
		return -1;
	}
	default: return -1;
	}
}

/* Refuses combinations that cannot go together, and a block size no table of this kind can take
 * (the writer's bound, checked here so that it fails before the search). 0 or -1 (message printed). */
static int check_args(const struct gen_args *a)
{
	const int other = a->verify || a->pattern || a->pdb, pdb = a->pattern || a->pdb;
	const int bit = a->entry == TABLE_ENTRY_ZBIT || a->entry == TABLE_ENTRY_PBIT;
	const uint32_t most = MAX_BLOCK_BYTES * 8u / (a->compress == 2 ? 1u : 8u); /* entries are 1 or up to 8 bits */
	const char *why =
		!a->rows && !a->verify    ? "--board RxC is required (see gen --help)"
		: a->count_only && a->out ? "--count-only writes no table; drop -o"
		: a->count_only && (a->pattern || a->pdb)
			? "--count-only counts an exact table's states; a pattern database is built whole "
			  "(drop --count-only)"
		: a->goal_text && a->blank >= 0                     ? "give --blank or --goal, not both"
		: a->pattern && a->pdb                              ? "give --pattern or --pdb, not both"
		: a->memory && !(a->pdb && !strcmp(a->pdb, "auto")) ? "--memory is the budget of --pdb auto"
		: a->verify && a->rows ? "--verify reads the board from the table: drop --board"
		: a->list_files && (a->verify || a->count_only)
			? "--list-files lists the tables a run writes (not --verify, --count-only)"
		: a->checkpoint && other        ? "--checkpoint and --resume are for exact tables"
		: a->block_entries && a->verify ? "--block-entries is for the tables gen writes (not --verify)"
		: (a->pattern || a->pdb) && a->entry != TABLE_ENTRY_MDRES && a->entry != TABLE_ENTRY_ZBIT &&
				a->entry != TABLE_ENTRY_PBIT
			? "a pattern database's --entry is mdres, zbit or pbit"
		: !(a->pattern || a->pdb) && (a->entry == TABLE_ENTRY_ZBIT || a->entry == TABLE_ENTRY_PBIT)
			? "--entry zbit and pbit are for pattern databases"
		: pdb && bit && a->compress_given && a->compress != 0
			? "--entry zbit and pbit sets are written raw, to be mapped in place: drop --compress"
		: pdb && a->compress == 2
			? "--compress compact is for exact tables; a pattern database is zlib (the default) or "
			  "none"
		: pdb && a->block_entries
			? "--block-entries is for exact tables; a pattern database's blocks are chosen by gen"
		: a->c_array && (!a->out || a->verify || a->count_only || a->checkpoint)
			? "--c-array NAME writes a table or a set as C source: give -o FILE.c"
			: NULL;
	if (why)
		fprintf(stderr, "%s: %s\n", prog, why);
	else if ((uint32_t)a->block_entries > most)
		fprintf(stderr, "%s: --block-entries %d: a block holds at most %" PRIu32 " %s (%u bytes)%s\n", prog,
			a->block_entries, most, a->compress == 2 ? "1-bit compact entries" : "entries of up to 8 bits",
			MAX_BLOCK_BYTES, a->compress == 2 ? "" : "; 8388608 with --compress compact");
	return why || (uint32_t)a->block_entries > most ? -1 : 0;
}

int genargs_parse(int argc, char **argv, struct gen_args *a, const char *name, void (*usage)(FILE *f))
{
	static const struct option longopts[] = { { "board", required_argument, NULL, 'b' },
						  { "blank", required_argument, NULL, 'B' },
						  { "goal", required_argument, NULL, 'g' },
						  { "output", required_argument, NULL, 'o' },
						  { "threads", required_argument, NULL, 'j' },
						  { "compress", required_argument, NULL, 'c' },
						  { "entry", required_argument, NULL, 'e' },
						  { "level", required_argument, NULL, 'l' },
						  { "count-only", no_argument, NULL, 'C' },
						  { "verify", required_argument, NULL, 'v' },
						  { "quiet", no_argument, NULL, 'q' },
						  { "help", no_argument, NULL, 'h' },
						  { "version", no_argument, NULL, 'V' },
						  { "pattern", required_argument, NULL, 'P' },
						  { "pdb", required_argument, NULL, 'D' },
						  { "dir", required_argument, NULL, 'd' },
						  { "block-entries", required_argument, NULL, 'k' },
						  { "checkpoint", required_argument, NULL, 'K' },
						  { "resume", required_argument, NULL, 'R' },
						  { "list-files", no_argument, NULL, 'F' },
						  { "c-array", required_argument, NULL, 'A' },
						  { "memory", required_argument, NULL, 'M' },
						  { NULL, 0, NULL, 0 } };
	*a = (struct gen_args){
		.blank = -1, .threads = cli_cpus(), .level = 0, .compress = 1, .entry = TABLE_ENTRY_MDRES
	};
	prog = name;
	int c;
	opterr = 0; /* our own messages, with our own prefix */
	while ((c = getopt_long(argc, argv, ":b:g:o:j:c:e:l:qhV", longopts, NULL)) != -1) {
		if (c == '?' || c == ':') {
			fprintf(stderr, "%s: %s: %s; see %s --help\n", prog, argv[optind - 1],
				c == ':' ? "this option needs a value" : "unknown option", prog);
			return -1;
		}
		int rc = set_option(a, c, optarg, usage);
		if (rc != 0)
			return rc;
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
		return -1;
	}
	return check_args(a);
}
