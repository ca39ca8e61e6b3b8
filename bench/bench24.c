/* SPDX-License-Identifier: Zlib */
/* bench24: Korf & Felner's 24-puzzle instances solved with a 5x5 PDB set: length, nodes, time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "common/cputime.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/name.h"

#define MAX_INST 64

static void usage(void)
{
	fprintf(stderr, "usage: bench24 [-j N] [--across] [--dir DIR] [--set NAME] [--korf FILE] [--nodes FILE]\n"
			"               [--lines L,L,...] [--memory BYTES] [--length-only]\n"
			"  -j N          threads inside each search (default 2); instances one after another\n"
			"  --across      one thread per search, N instances at once instead\n"
			"  --set NAME    5x5 preset whose files in DIR answer (default 6666)\n"
			"  --korf FILE   instances, one a line: 25 tiles then the optimal length\n"
			"                (default tests/data/korf50-24.txt)\n"
			"  --nodes FILE  published expansions per line: line, length, Korf & Felner's, Clausecker's\n"
			"                (default tests/data/korf50-24-nodes.txt); printed beside ours, with the\n"
			"                projected time of all the lines of FILE\n"
			"  --lines LIST  1-based line numbers (default 38,40,25,32,44,37,30,13,1,28:\n"
			"                the ten with the fewest published 6-6-6-6 expansions)\n"
			"  --memory B    A*+IDA* with B bytes (a K, M or G suffix; default 0: plain IDA*)\n"
			"  --length-only the length alone (the path any optimal one, not the smallest)\n");
}

#define MAX_LINES 100

/* Published expansions of each line (1-based): Korf & Felner's 6-6-6-6, Clausecker's small zpdb. */
struct published {
	int n; /* lines read */
	unsigned long long kf[MAX_LINES + 1], cl[MAX_LINES + 1];
};

struct inst {
	int line, want;
	struct board_state s;
	struct ida_result res;
	double secs, cpus; /* wall and process CPU seconds (CPU only when searches run one at a time) */
	int ok;
	char why[300];
};

struct bench24_job {
	const struct pdb_set *set;
	struct inst *in;
	int n, inner;  /* inner: threads inside one search (instances then run one after another) */
	size_t memory; /* A*+IDA*'s budget (0: plain IDA*) */
	int any;       /* the length alone */
	double t0;
};

/* Reads line numbers `lines` (comma-separated) of the instance file into in[]; returns how many. */
static int read_instances(const char *file, const char *lines, struct inst *in)
{
	FILE *f = fopen(file, "r");
	if (!f) {
		perror(file);
		return -1;
	}
	char text[100][256];
	int nl = 0;
	while (nl < 100 && fgets(text[nl], sizeof text[nl], f))
		if (text[nl][0] != '#' && text[nl][0] != '\n')
			nl++;
	fclose(f);
	int n = 0;
	for (const char *p = lines; *p && n < MAX_INST;) {
		char *end;
		long k = strtol(p, &end, 10);
		if (end == p || k < 1 || k > nl) {
			fprintf(stderr, "bench24: no instance line %s in %s (%d lines)\n", p, file, nl);
			return -1;
		}
		in[n].line = (int)k;
		int off = 0, used, v;
		for (int c = 0; c < 25; c++) {
			if (sscanf(text[k - 1] + off, "%d%n", &v, &used) != 1)
				return fprintf(stderr, "bench24: line %ld: expected 26 numbers\n", k), -1;
			in[n].s.t[c] = (uint8_t)v, off += used;
		}
		if (sscanf(text[k - 1] + off, "%d", &in[n].want) != 1)
			return fprintf(stderr, "bench24: line %ld: no optimal length\n", k), -1;
		n++;
		p = *end == ',' ? end + 1 : end;
	}
	return n;
}

/* Reads the published counts (lines "LINE LENGTH KF CLAUSECKER", # comments); 0, or -1. */
static int read_published(const char *file, struct published *pub)
{
	FILE *f = fopen(file, "r");
	if (!f) {
		perror(file);
		return -1;
	}
	char text[256];
	memset(pub, 0, sizeof *pub);
	while (fgets(text, sizeof text, f)) {
		int line, len;
		unsigned long long kf, cl;
		if (text[0] == '#' || text[0] == '\n')
			continue;
		if (sscanf(text, "%d %d %llu %llu", &line, &len, &kf, &cl) != 4 || line < 1 || line > MAX_LINES) {
			fclose(f);
			return fprintf(stderr, "bench24: %s: expected LINE LENGTH KF CLAUSECKER: %s", file, text), -1;
		}
		pub->kf[line] = kf, pub->cl[line] = cl;
		pub->n = line > pub->n ? line : pub->n;
	}
	fclose(f);
	return 0;
}

/* Instance i; with --across, hardest first (the list is in increasing order of published effort). */
static void solve_one(void *ctx, size_t i, int worker)
{
	struct bench24_job *j = ctx;
	struct inst *x = &j->in[j->inner > 1 ? (int)i : j->n - 1 - (int)i];
	struct slidetab_error err;
	(void)worker;
	double t0 = clock_now(), c0 = cputime_now();
	struct ida_request rq = {
		.set = j->set, .start = &x->s, .threads = j->inner, .memory = j->memory, .any_path = j->any
	};
	int rc = ida_search(&rq, &x->res, &err);
	x->secs = clock_now() - t0;
	x->cpus = cputime_now() - c0;
	struct board_state s = x->s;
	int blank = board_blank(&j->set->b, &s), moves_ok = 1;
	for (int k = 0; rc == 0 && x->res.status == IDA_SOLVED && k < x->res.length; k++) {
		const char *d = strchr("dlru", x->res.path[k]);
		moves_ok &= d && board_move(&j->set->b, &s, &blank, (enum board_dir)(d - "dlru")) == 0;
	}
	if (rc != 0)
		snprintf(x->why, sizeof x->why, "%s", err.msg);
	else if (x->res.status != IDA_SOLVED)
		snprintf(x->why, sizeof x->why, "not solved (status %d)", x->res.status);
	else if (x->res.length != x->want)
		snprintf(x->why, sizeof x->why, "length %d, published %d", x->res.length, x->want);
	else if (!moves_ok || memcmp(s.t, j->set->goal.t, 25) != 0)
		snprintf(x->why, sizeof x->why, "the path does not reach the goal");
	else
		x->ok = 1;
	fprintf(stderr, "bench24: line %d: %d moves, %llu nodes, %.1f s (at %.1f s)%s%s\n", x->line, x->res.length,
		(unsigned long long)x->res.nodes, x->secs, clock_now() - j->t0, x->ok ? "" : ": FAIL ", x->why);
}

/* Loads the preset's files from dir. */
static int load_set(const char *dir, const char *name, struct pdb_set **set)
{
	uint32_t masks[PDB_PRESET_MAX];
	char paths[PDB_PRESET_MAX][TABNAME_MAX];
	const char *pp[PDB_PRESET_MAX];
	struct slidetab_error err;
	int n = pdb_preset_for(name, 25, masks);
	if (n < 0)
		return fprintf(stderr, "bench24: %s is no 5x5 preset\n", name), -1;
	for (int i = 0; i < n; i++) {
		if (tabname_pdb(paths[i], sizeof paths[i], dir, 5, 5, 0, masks[i], &err) != 0)
			return fprintf(stderr, "bench24: %s\n", err.msg), -1;
		pp[i] = paths[i];
	}
	double t0 = clock_now();
	if (pdb_set_load_masks(set, pp, masks, n, n, &err) != 0) {
		if (!strcmp(name, "6666") && !strcmp(dir, "tables"))
			return fprintf(stderr, "bench24: set %s: %s (build it with `make tables-24`)\n", name, err.msg),
			       -1;
		return fprintf(stderr,
			       "bench24: set %s: %s (build it with `%s --board 5x5 --blank 0 --pdb %s --dir %s`)\n",
			       name, err.msg, tabname_gen(), name, dir),
		       -1;
	}
	printf("# set %s from %s: %d patterns, loaded in %.1f s\n", name, dir, n, clock_now() - t0);
	fflush(stdout);
	return 0;
}

/* For the record: all the published lines' time at this run's nodes per published expansion (of Korf
 * & Felner's, summed over the lines run) and its node rate. */
static void project(const struct published *pub, unsigned long long nodes, unsigned long long kf, double secs)
{
	unsigned long long all = 0;
	int lines = 0;
	for (int l = 1; l <= pub->n; l++)
		all += pub->kf[l], lines += pub->kf[l] > 0;
	if (!kf || secs <= 0 || !lines)
		return;
	double ratio = (double)nodes / (double)kf, rate = (double)nodes / secs;
	printf("# projection: %.3g of our nodes a published 6-6-6-6 expansion on these lines, %.3g nodes/s: "
	       "all %d lines about %.3g nodes, %.3g s (%.1f h)\n",
	       ratio, rate, lines, ratio * (double)all, ratio * (double)all / rate, ratio * (double)all / rate / 3600);
}

static int report(const struct inst *in, int n, double wall, const struct published *pub)
{
	unsigned long long nodes = 0, kf = 0, cl = 0;
	double secs = 0, cpus = 0;
	int fails = 0;
	printf("%-6s %6s %9s %16s %16s %16s %10s %10s %12s\n", "line", "length", "published", "nodes", "K&F 6666",
	       "Clausecker", "seconds", "cpu s", "nodes/s");
	for (int i = 0; i < n; i++) {
		const struct inst *x = &in[i];
		unsigned long long pk = x->line <= pub->n ? pub->kf[x->line] : 0;
		unsigned long long pc = x->line <= pub->n ? pub->cl[x->line] : 0;
		printf("%-6d %6d %9d %16llu %16llu %16llu %10.2f %10.2f %12.3g%s%s\n", x->line, x->res.length, x->want,
		       (unsigned long long)x->res.nodes, pk, pc, x->secs, x->cpus,
		       x->secs > 0 ? (double)x->res.nodes / x->secs : 0.0, x->ok ? "" : "  FAIL: ", x->why);
		nodes += x->res.nodes, secs += x->secs, cpus += x->cpus, fails += !x->ok, kf += pk, cl += pc;
	}
	printf("total  %6s %9s %16llu %16llu %16llu %10.2f %10.2f %12.3g  (wall %.1f s)\n", "", "", nodes, kf, cl, secs,
	       cpus, secs > 0 ? (double)nodes / secs : 0.0, wall);
	printf("# %d of %d optimal, wall %.1f s%s\n", n - fails, n, wall, fails ? ": FAIL" : "");
	printf("# nodes: generated children (pruned ones included); K&F 6666 and Clausecker: published expansions\n");
	if (!fails)
		project(pub, nodes, kf, secs);
	return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *dir = "tables", *name = "6666", *file = "tests/data/korf50-24.txt";
	const char *nodes_file = "tests/data/korf50-24-nodes.txt";
	const char *lines = "38,40,25,32,44,37,30,13,1,28";
	int threads = 2, across = 0, any = 0;
	size_t memory = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-j") && v)
			threads = atoi(v), i++;
		else if (!strcmp(a, "--dir") && v)
			dir = v, i++;
		else if (!strcmp(a, "--set") && v)
			name = v, i++;
		else if (!strcmp(a, "--korf") && v)
			file = v, i++;
		else if (!strcmp(a, "--nodes") && v)
			nodes_file = v, i++;
		else if (!strcmp(a, "--memory") && v) {
			uint64_t m;
			if (cli_bytes("bench24", "--memory", v, 0, SIZE_MAX, &m) != 0)
				return 2;
			memory = (size_t)m, i++;
		} else if (!strcmp(a, "--length-only"))
			any = 1;
		else if (!strcmp(a, "--across"))
			across = 1;
		else if (!strcmp(a, "--lines") && v)
			lines = v, i++;
		else
			return usage(), 2;
	}
	static struct inst in[MAX_INST];
	static struct published pub;
	int n = read_instances(file, lines, in);
	struct pdb_set *set;
	if (n < 0 || read_published(nodes_file, &pub) != 0 || load_set(dir, name, &set) != 0)
		return 2;
	threads = threads < 1 ? 1 : threads;
	struct bench24_job j = { .set = set, .in = in, .n = n, .inner = across ? 1 : threads, .t0 = clock_now() };
	j.memory = memory;
	j.any = any;
	if (across)
		pool_run(threads, (size_t)n, solve_one, &j);
	else
		for (int i = 0; i < n; i++)
			solve_one(&j, (size_t)i, 0);
	int rc = report(in, n, clock_now() - j.t0, &pub);
	pdb_set_free(set);
	return rc;
}
