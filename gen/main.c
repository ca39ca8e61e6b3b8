/* gen: builds exact distance tables (and pattern databases) by exhaustive reverse BFS. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "../core/board.h"
#include "../core/pdb.h"
#include "../core/rank.h"
#include "../core/table.h"
#include "../core/version.h"
#include "bfs.h"
#include "pdbcmd.h"
#include "verify.h"

/* Exit statuses. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_RESOURCES = 3 };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: gen --board RxC [--blank CELL | --goal \"T T ...\"] [-o FILE] [options]\n"
		"       gen --board 4x4 --blank 0 (--pattern 1,2,3 [-o FILE] | --pdb 555|663|78 [--dir DIR])\n"
		"       gen --verify FILE\n"
		"Builds the exact distance table of every state reachable from a goal, by\n"
		"breadth-first search backwards from the goal.\n\n"
		"  -b, --board RxC       board size, 2x2 up to 3x4/2x6 for tables (2x7 with --count-only)\n"
		"      --blank CELL      goal = tiles in order with the blank at CELL (default: last cell)\n"
		"  -g, --goal \"...\"      any goal, row by row (0 or x = blank)\n"
		"  -o, --output FILE     table file (default: RxC-bCELL.tbl, or RxC-goal.tbl)\n"
		"  -j, --threads N       worker threads (default: all cores)\n"
		"  -c, --compress KIND   none (raw, mmap-able), zlib (default), compact (~1 bit/state)\n"
		"  -e, --entry KIND      half (d/2), mdres ((d - manhattan)/2; default), plain (d)\n"
		"  -l, --level N         zlib level 1..9 (default 9)\n"
		"      --count-only      search and print the histogram, write no table\n"
		"      --pattern LIST    build the additive pattern database of these tiles\n"
		"      --pdb NAME        build a disjoint 4x4 set: 555, 663 or 78, as DIR/4x4-bB-pdb-MASK.tbl\n"
		"      --dir DIR         folder for --pdb tables (default: .)\n"
		"      --verify FILE     check a table completely; prints OK or the first violation\n"
		"  -q, --quiet           no per-depth progress on stderr\n"
		"  -h, --help            this help\n"
		"  -V, --version         version\n\n"
		"Output: the depth histogram on stdout (`depth count` lines) and a summary (# lines).\n"
		"Exit status: 0 success, 1 failure (write error, table fails --verify), 2 usage error,\n"
		"3 the run needs more memory or disk than this machine has.\n\n"
		"Examples:\n"
		"  gen --board 3x3 -o tables/3x3-b8.tbl\n"
		"  gen --board 2x4 --blank 0 --compress none\n"
		"  gen --board 2x7 --count-only\n"
		"  gen --board 4x4 --blank 0 --pdb 78 --dir tables\n"
		"  gen --verify tables/3x3-b8.tbl\n");
}

/* Parses a goal: n tokens (numbers, or x/X/_/. for the blank) separated by spaces or commas. */
static int parse_goal(const struct board *b, const char *text, struct board_state *g)
{
	int k = 0;
	const char *p = text;
	memset(g, 0, sizeof *g);
	while (*p) {
		if (*p == ' ' || *p == ',' || *p == '\t') {
			p++;
			continue;
		}
		if (k >= b->n)
			return -1;
		if (strchr("xX_.", *p)) {
			g->t[k++] = 0;
			p++;
			continue;
		}
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || v < 0 || v >= b->n)
			return -1;
		g->t[k++] = (uint8_t)v;
		p = end;
	}
	return k == b->n && board_valid(b, g) ? 0 : -1;
}

static int bits_for(unsigned v)
{
	int bits = 1;
	while ((v >> bits) != 0)
		bits++;
	return bits;
}

static uint64_t phys_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	uint64_t mem = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < mem)
		mem = (uint64_t)rl.rlim_cur;
	return mem;
}

/* Refuses up front a run that cannot fit, naming the numbers. */
static int check_resources(const struct board *b, int count_only, const char *out, int bits)
{
	long double states = 1; /* n!/2 overflows 64 bits beyond 21 cells */
	for (int i = 3; i <= b->n; i++)
		states *= i;
	long double per_state = count_only ? 0.25L : 0.25L + 1 + bits / 8.0L;
	long double need = states * per_state;
	uint64_t have = phys_memory();
	if (b->n > RANK_MAX_CELLS || need > (long double)have * 0.9L) {
		fprintf(stderr,
			"gen: %dx%d has %.0Lf states; %s needs %.3Lg GiB of memory (%.3Lg bytes a state), this machine "
			"allows %.1f GiB%s\n",
			b->rows, b->cols, states, count_only ? "the count-only search" : "a table", need / 1073741824.0L,
			per_state, have / 1073741824.0,
			count_only || states * 0.25L > (long double)have * 0.9L ? "; use pattern databases for boards this large"
										 : "; --count-only needs only 2 bits a state");
		return -1;
	}
	if (!count_only && out) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s", out);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		struct statvfs vfs;
		uint64_t bound = table_packed_bytes((uint64_t)states, (unsigned)bits) + 65536;
		if (statvfs(slash ? (dir[0] ? dir : "/") : ".", &vfs) == 0 && vfs.f_blocks > 0 &&
		    (uint64_t)vfs.f_bavail * vfs.f_frsize < bound) {
			fprintf(stderr, "gen: the table may need up to %" PRIu64 " bytes, only %" PRIu64 " are free in %s\n",
				bound, (uint64_t)vfs.f_bavail * vfs.f_frsize, slash ? dir : ".");
			return -1;
		}
	}
	return 0;
}

static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct gen_args {
	int rows, cols, blank, threads, level, count_only, quiet;
	const char *goal_text, *out, *verify, *pattern, *pdb, *dir;
	int compress; /* 0 raw, 1 zlib, 2 compact */
	uint32_t entry;
};

static int run_verify(const struct gen_args *a)
{
	char msg[512];
	int rc = pdbcmd_verify(a->verify, a->threads, msg, sizeof msg);
	if (rc < 0) /* not a PDB: an exact table */
		rc = verify_table(a->verify, a->threads, msg, sizeof msg);
	if (rc == 0) {
		printf("OK %s\n", a->verify);
		return EXIT_OK;
	}
	if (rc == 2) { /* could not be read at all */
		fprintf(stderr, "gen: %s\n", msg);
		return EXIT_USAGE;
	}
	if (rc == 3) {
		fprintf(stderr, "gen: %s\n", msg);
		return EXIT_RESOURCES;
	}
	printf("FAIL %s: %s\n", a->verify, msg);
	return EXIT_FAIL;
}

static int run_gen(const struct gen_args *a)
{
	struct board b;
	struct board_state goal;
	if (board_init(&b, a->rows, a->cols) != 0) {
		fprintf(stderr, "gen: %dx%d is not a board (R, C >= 2, R*C <= 25)\n", a->rows, a->cols);
		return EXIT_USAGE;
	}
	if (a->goal_text) {
		if (parse_goal(&b, a->goal_text, &goal) != 0) {
			fprintf(stderr, "gen: --goal \"%s\" is not a %dx%d board (need each of 0..%d once)\n", a->goal_text,
				a->rows, a->cols, b.n - 1);
			return EXIT_USAGE;
		}
	} else {
		int blank = a->blank < 0 ? b.n - 1 : a->blank;
		if (blank >= b.n) {
			fprintf(stderr, "gen: --blank %d is not a cell of %dx%d (0..%d)\n", blank, a->rows, a->cols, b.n - 1);
			return EXIT_USAGE;
		}
		board_goal(&b, blank, &goal);
	}
	if (a->pattern || a->pdb) {
		uint32_t masks[PDB_PRESET_MAX];
		int count = 1;
		if (a->pattern && pdbcmd_parse_pattern(a->pattern, b.n, &masks[0]) != 0) {
			fprintf(stderr, "gen: --pattern %s: expected distinct tiles 1..%d separated by commas\n", a->pattern,
				b.n - 1);
			return EXIT_USAGE;
		}
		if (a->pdb && (b.n != 16 || (count = pdb_preset(a->pdb, masks)) < 0)) {
			fprintf(stderr, "gen: --pdb %s: presets are 555, 663, 78 (and 555sym, 663sym, 78sym) for 4x4\n", a->pdb);
			return EXIT_USAGE;
		}
		return pdbcmd_build(&b, &goal, masks, count, a->out, a->dir, a->threads, a->level);
	}
	char defname[128];
	const char *out = a->out;
	if (!out && !a->count_only) {
		if (a->goal_text) {
			int k = snprintf(defname, sizeof defname, "%dx%d-g", a->rows, a->cols);
			for (int c = 0; c < b.n; c++)
				k += snprintf(defname + k, sizeof defname - (size_t)k, "%s%d", c ? "." : "", goal.t[c]);
			snprintf(defname + k, sizeof defname - (size_t)k, ".tbl");
		} else {
			snprintf(defname, sizeof defname, "%dx%d-b%d.tbl", a->rows, a->cols, board_blank(&b, &goal));
		}
		out = defname;
	}
	uint32_t entry = a->compress == 2 ? TABLE_ENTRY_MOD4 : a->entry;
	if (check_resources(&b, a->count_only, out, entry == TABLE_ENTRY_MOD4 ? 1 : 8) != 0)
		return EXIT_RESOURCES;

	if (!a->quiet) {
		uint64_t states = 1;
		for (int i = 3; i <= b.n; i++)
			states *= (uint64_t)i;
		fprintf(stderr, "gen: %dx%d, %" PRIu64 " states: the search needs %.2f GiB of memory%s", a->rows, a->cols,
			states, bfs_memory_needed(&b, a->count_only) / 1073741824.0, a->count_only ? ", no disk\n" : "");
		if (!a->count_only)
			fprintf(stderr, ", the table at most %.2f GiB of disk\n",
				table_packed_bytes(states, entry == TABLE_ENTRY_MOD4 ? 1 : 8) / 1073741824.0);
	}
	struct bfs_options opt = { .threads = a->threads, .count_only = a->count_only, .entry = entry,
				   .log = a->quiet ? NULL : stderr, .live = !a->quiet && isatty(2) };
	struct bfs_result res;
	char err[512];
	double c0 = cpu_seconds();
	if (bfs_run(&b, &goal, &opt, &res, err, sizeof err) != 0) {
		fprintf(stderr, "gen: %s\n", err);
		return strstr(err, "out of memory") ? EXIT_RESOURCES : EXIT_FAIL;
	}
	double cpu = cpu_seconds() - c0;
	for (uint32_t d = 0; d <= res.radius; d++)
		printf("%" PRIu32 " %" PRIu64 "\n", d, res.hist[d]);
	printf("# board %dx%d, goal blank at cell %d\n", a->rows, a->cols, board_blank(&b, &goal));
	printf("# states %" PRIu64 ", radius %" PRIu32 " (%" PRIu64 " at the radius)\n", res.states, res.radius,
	       res.hist[res.radius]);
	printf("# search %.3f s wall, %.3f s cpu, %.3g states/s, working set %" PRIu64 " bytes\n", res.seconds, cpu,
	       (double)res.states / (res.seconds > 0 ? res.seconds : 1e-9), res.working_bytes);
	if (a->count_only)
		return EXIT_OK;

	/* Pack the one-byte entries at the narrowest width that holds the largest. */
	unsigned maxe = 0;
	for (uint64_t i = 0; i < res.states; i++)
		if (res.entries[i] > maxe)
			maxe = res.entries[i];
	struct table_meta m = { .kind = TABLE_KIND_EXACT, .ranking = TABLE_RANK_SEQ_BLANK, .entry = entry,
				.payload = a->compress == 1 ? TABLE_PAYLOAD_ZLIB : TABLE_PAYLOAD_RAW, /* compact: raw, 1 bit a state */
				.rows = (uint8_t)a->rows, .cols = (uint8_t)a->cols, .cells = (uint8_t)b.n,
				.entry_bits = (uint8_t)bits_for(maxe), .entries = res.states, .radius = res.radius };
	memcpy(m.goal, goal.t, (size_t)b.n);
	memcpy(m.hist, res.hist, sizeof m.hist);
	snprintf(m.generator, sizeof m.generator, "slidetab gen %s", SLIDETAB_VERSION);
	uint8_t *packed = calloc(table_packed_bytes(res.states, m.entry_bits) + 1, 1);
	if (!packed) {
		fprintf(stderr, "gen: out of memory packing %" PRIu64 " entries\n", res.states);
		free(res.entries);
		return EXIT_RESOURCES;
	}
	for (uint64_t i = 0; i < res.states; i++)
		table_packed_set(packed, i, m.entry_bits, res.entries[i]);
	free(res.entries);
	uint64_t bytes = 0;
	struct table_err terr;
	int rc = table_write_mt(out, &m, packed, a->level, a->threads, &bytes, &terr);
	free(packed);
	if (rc != TABLE_OK) {
		fprintf(stderr, "gen: %s\n", terr.msg);
		return rc == TABLE_ENOMEM ? EXIT_RESOURCES : EXIT_FAIL;
	}
	printf("# wrote %s: %" PRIu64 " bytes, %.3f bits/state (%s, %u-bit %s entries)\n", out, bytes,
	       8.0 * (double)bytes / (double)res.states, table_payload_name(m.payload), m.entry_bits,
	       table_entry_name(m.entry));
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "board", required_argument, NULL, 'b' },   { "blank", required_argument, NULL, 'B' },
		{ "goal", required_argument, NULL, 'g' },    { "output", required_argument, NULL, 'o' },
		{ "threads", required_argument, NULL, 'j' }, { "compress", required_argument, NULL, 'c' },
		{ "entry", required_argument, NULL, 'e' },   { "level", required_argument, NULL, 'l' },
		{ "count-only", no_argument, NULL, 'C' },    { "verify", required_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },         { "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },       { "pattern", required_argument, NULL, 'P' },
		{ "pdb", required_argument, NULL, 'D' },     { "dir", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 }
	};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct gen_args a = { .blank = -1, .threads = ncpu > 0 ? (int)ncpu : 1, .level = 9, .compress = 1,
			      .entry = TABLE_ENTRY_MDRES };
	int c;
	while ((c = getopt_long(argc, argv, "b:g:o:j:c:e:l:qhV", longopts, NULL)) != -1) {
		char *end;
		switch (c) {
		case 'b':
			if (board_parse_spec(optarg, &a.rows, &a.cols) != 0) {
				fprintf(stderr, "gen: --board %s: expected RxC with R, C >= 2 and R*C <= 25 (e.g. 3x3)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'B':
			a.blank = (int)strtol(optarg, &end, 10);
			if (*end || end == optarg || a.blank < 0) {
				fprintf(stderr, "gen: --blank %s: expected a cell number\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'g': a.goal_text = optarg; break;
		case 'o': a.out = optarg; break;
		case 'j':
			a.threads = (int)strtol(optarg, &end, 10);
			if (*end || a.threads < 1 || a.threads > 256) {
				fprintf(stderr, "gen: -j %s: expected 1..256 threads\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'c':
			a.compress = !strcmp(optarg, "none") || !strcmp(optarg, "raw") ? 0
				     : !strcmp(optarg, "zlib")                          ? 1
				     : !strcmp(optarg, "compact")                       ? 2
											: -1;
			if (a.compress < 0) {
				fprintf(stderr, "gen: --compress %s: expected none, zlib or compact\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'e':
			a.entry = !strcmp(optarg, "half")    ? TABLE_ENTRY_HALF
				  : !strcmp(optarg, "mdres") ? TABLE_ENTRY_MDRES
				  : !strcmp(optarg, "plain") ? TABLE_ENTRY_PLAIN
							     : 0;
			if (!a.entry) {
				fprintf(stderr, "gen: --entry %s: expected half, mdres or plain\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'l':
			a.level = (int)strtol(optarg, &end, 10);
			if (*end || a.level < 1 || a.level > 9) {
				fprintf(stderr, "gen: --level %s: expected 1..9\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'C': a.count_only = 1; break;
		case 'P': a.pattern = optarg; break;
		case 'D': a.pdb = optarg; break;
		case 'd': a.dir = optarg; break;
		case 'v': a.verify = optarg; break;
		case 'q': a.quiet = 1; break;
		case 'h': usage(stdout); return EXIT_OK;
		case 'V': printf("gen (slidetab) %s\n", SLIDETAB_VERSION); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "gen: unexpected argument '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (a.verify)
		return run_verify(&a);
	if (!a.rows) {
		fprintf(stderr, "gen: --board RxC is required (see gen --help)\n");
		return EXIT_USAGE;
	}
	if (a.goal_text && a.blank >= 0) {
		fprintf(stderr, "gen: give --blank or --goal, not both\n");
		return EXIT_USAGE;
	}
	/* A signal ends the process; the table is written to an unnamed file until complete, so an
	 * interrupted run leaves nothing under the final name. */
	signal(SIGPIPE, SIG_IGN);
	return run_gen(&a);
}
