/* SPDX-License-Identifier: Zlib */
/* bench15: 15-puzzle PDB figures: build time and size of each preset for each blank class, Korf's
 * 100 and random positions with IDA*; every answer checked, exit 1 on a wrong one. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/cputime.h"
#include "common/table_write.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/table/name.h"
#include "libslidetab/table/read.h"
#include "tests/unit/testida.h"

struct bench15_opts {
	int threads, level, verify, nrandom, korf, entry;
	const char *dir, *buildlist, *setname, *korfpath, *classes;
	const char *shell; /* "DIR_A,DIR_B": whole query processes from two table folders, side by side */
	const char *each;  /* "[QUERY:]DIR[,[QUERY:]DIR]": each of Korf's 100 as its own query process */
	int rounds;
	uint64_t seed;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: bench15 [-j N] [--dir DIR] [--build LIST] [--set NAME] [--classes LIST] [--korf FILE]\n"
		"               [--random N] [--seed S] [--level L] [--verify] [--no-korf]\n"
		"  --build LIST    presets to build and write, comma-separated (default 555,663,78;\n"
		"                  \"none\" reuses the files already in DIR)\n"
		"  --set NAME      preset whose files answer the puzzles (default 78)\n"
		"  --classes LIST  goal blank cells, one per class (default 0; 0,1,5 = corner, edge, centre)\n"
		"  --random N      also solve N random solvable positions per class (default 0)\n"
		"  --entry KIND    mdres (4-bit entries, zlib) or zbit (zero-aware, 1 bit, mapped) for --build\n"
		"  --shell A,B     bin/query as a whole process from table folders A and B (one answer, warm\n"
		"                  page cache: wall and peak RSS; Korf's 100 as one batch on -j threads);\n"
		"                  a side QUERY:DIR runs another query program (e.g. an older build)\n"
		"  --each A[,B]    each of Korf's 100 as its own whole query process on -j threads, --rounds R\n"
		"                  times (default 3), sides interleaved; the set's files are first dropped from\n"
		"                  the page cache, so each side's first query reads them in (give each side its\n"
		"                  own copy) and the rest find them cached: the slowest lines,\n"
		"                  the median and worst of each line's median wall (lines over 50 ms listed),\n"
		"                  peak RSS; then the 100 as one batch; every length checked against the\n"
		"                  published one\n");
}

static int parse(int argc, char **argv, struct bench15_opts *o)
{
	*o = (struct bench15_opts){ .threads = 2,
				    .level = 6,
				    .korf = 1,
				    .entry = TABLE_ENTRY_MDRES,
				    .dir = "build/bench15",
				    .buildlist = "555,663,78",
				    .setname = "78",
				    .korfpath = "tests/data/korf100.txt",
				    .classes = "0",
				    .rounds = 3,
				    .seed = 1 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--verify"))
			o->verify = 1;
		else if (!strcmp(a, "--no-korf"))
			o->korf = 0;
		else if (!v)
			return -1;
		else if (!strcmp(a, "-j"))
			o->threads = atoi(v), i++;
		else if (!strcmp(a, "--dir"))
			o->dir = v, i++;
		else if (!strcmp(a, "--build"))
			o->buildlist = v, i++;
		else if (!strcmp(a, "--set"))
			o->setname = v, i++;
		else if (!strcmp(a, "--classes"))
			o->classes = v, i++;
		else if (!strcmp(a, "--korf"))
			o->korfpath = v, i++;
		else if (!strcmp(a, "--random"))
			o->nrandom = atoi(v), i++;
		else if (!strcmp(a, "--seed"))
			o->seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(a, "--level"))
			o->level = atoi(v), i++;
		else if (!strcmp(a, "--entry"))
			o->entry = !strcmp(v, "zbit") ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_MDRES, i++;
		else if (!strcmp(a, "--shell"))
			o->shell = v, i++;
		else if (!strcmp(a, "--each"))
			o->each = v, i++;
		else if (!strcmp(a, "--rounds"))
			o->rounds = atoi(v), i++;
		else
			return -1;
	}
	return o->threads > 0 && o->rounds > 0 && o->rounds <= 16 ? 0 : -1;
}

/* Builds and writes one pattern of a preset for the goal with the blank at `blank`. */
static int build_one(const struct bench15_opts *o, const char *name, int blank, uint32_t mask, uint64_t *bytes,
		     uint64_t *raw)
{
	struct board b;
	struct board_state g;
	board_init(&b, 4, 4);
	board_goal(&b, blank, &g);
	struct table_meta m;
	uint8_t *p;
	struct slidetab_error err = { 0 };
	char path[TABNAME_MAX];
	double t0 = clock_now(), c0 = cputime_now();
	if (pdbgen_build_enc(&b, &g, mask, o->entry, o->threads, &m, &p, &err) != SLIDETAB_OK ||
	    tabname_pdb(path, sizeof path, o->dir, 4, 4, blank, mask, &err) != SLIDETAB_OK) {
		fprintf(stderr, "bench15: %s\n", err.msg);
		return -1;
	}
	double t1 = clock_now(), c1 = cputime_now();
	int rc = tblw_write_mt(path, &m, p, o->level, o->threads, bytes, &err);
	if (rc == SLIDETAB_OK && o->verify && m.entry == TABLE_ENTRY_MDRES &&
	    (rc = pdbgen_verify(&b, &m, p, o->threads, &err)) == SLIDETAB_OK)
		printf("verify %04x: ok\n", (unsigned)mask);
	free(p);
	if (rc != SLIDETAB_OK) {
		fprintf(stderr, "bench15: %s: %s\n", path, err.msg);
		return -1;
	}
	*raw = table_packed_bytes(m.entries, m.entry_bits);
	printf("build %-3s b%-2d pattern %04x (%d tiles): %10llu entries, %u bits, radius %2u: BFS %7.2f s (cpu %7.2f s), "
	       "write %6.2f s, packed %7.1f MB, file %7.1f MB\n",
	       name, blank, (unsigned)mask, __builtin_popcount(mask), (unsigned long long)m.entries, m.entry_bits,
	       m.radius, t1 - t0, c1 - c0, clock_now() - t1, *raw / 1e6, *bytes / 1e6);
	return 0;
}

static int build_set(const struct bench15_opts *o, const char *name, int blank)
{
	uint32_t masks[PDB_PRESET_MAX];
	int np = pdb_preset(name, masks);
	if (np < 0) {
		fprintf(stderr, "bench15: unknown preset %s\n", name);
		return -1;
	}
	double t0 = clock_now();
	uint64_t total_file = 0, total_raw = 0;
	for (int i = 0; i < np; i++) {
		uint64_t bytes = 0, raw = 0;
		if (build_one(o, name, blank, masks[i], &bytes, &raw) != 0)
			return -1;
		total_file += bytes, total_raw += raw;
	}
	printf("set %-3s b%d: build+write %.2f s on %d threads, %.1f MB on disk (%.1f MB packed)\n", name, blank,
	       clock_now() - t0, o->threads, total_file / 1e6, total_raw / 1e6);
	fflush(stdout);
	return 0;
}

static struct pdb_set *load_set(const struct bench15_opts *o, int blank)
{
	uint32_t masks[PDB_PRESET_MAX];
	int np = pdb_preset(o->setname, masks);
	char paths[PDB_PRESET_MAX][TABNAME_MAX];
	const char *pp[PDB_PRESET_MAX];
	struct slidetab_error err = { 0 };
	for (int i = 0; i < np; i++) {
		if (tabname_pdb(paths[i], sizeof paths[i], o->dir, 4, 4, blank, masks[i], &err) != SLIDETAB_OK)
			np = -1;
		pp[i] = paths[i];
	}
	struct pdb_set *set = NULL;
	double t0 = clock_now(), c0 = cputime_now();
	if (np < 0 || pdb_set_load_masks(&set, pp, masks, np, o->threads, &err) != SLIDETAB_OK) {
		fprintf(stderr, "bench15: set %s, blank %d: %s\n", o->setname, blank,
			np < 0 ? "unknown preset" : err.msg);
		return NULL;
	}
	printf("load %s b%d set: %.2f s (cpu %.2f s)\n", o->setname, blank, clock_now() - t0, cputime_now() - c0);
	return set;
}

static int read_korf(const char *path, struct board_state *s, int *want, int max)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return -1;
	}
	int n = 0;
	while (n < max) {
		int v[17], ok = 1;
		for (int i = 0; i < 17 && ok; i++)
			ok = fscanf(f, "%d", &v[i]) == 1;
		if (!ok)
			break;
		memset(&s[n], 0, sizeof s[n]);
		for (int i = 0; i < 16; i++)
			s[n].t[i] = (uint8_t)v[i];
		want[n] = v[16];
		n++;
	}
	fclose(f);
	return n;
}

/* 1 when r is a solution of start -> goal: its path replays to the goal in r->length moves. */
static int replays(const struct board_state *start, const struct board_state *goal, const struct ida_result *r)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state s = *start;
	int blank = board_blank(&b, &s);
	if (r->status != IDA_SOLVED || (int)strlen(r->path) != r->length)
		return 0;
	for (const char *p = r->path; *p; p++)
		if (!strchr("dlru", *p) ||
		    board_move(&b, &s, &blank, (enum board_dir)(strchr("dlru", *p) - "dlru")) != 0)
			return 0;
	return memcmp(s.t, goal->t, 16) == 0;
}

/* Solves starts[0..n) in a batch on o->threads threads, then one at a time; every answer must
 * replay, the two runs must agree, and where want[] is given the length must equal it. Returns
 * the number of wrong answers. */
static int solve_all(const struct bench15_opts *o, const struct pdb_set *set, const char *what,
		     const struct board_state *s, const struct board_state *goal, const int *want, int n)
{
	struct ida_result *res = calloc((size_t)n, sizeof *res);
	double t0 = clock_now(), c0 = cputime_now();
	testida_batch(set, (size_t)n, s, NULL, goal, 0, o->threads, res);
	double wall = clock_now() - t0, bcpu = cputime_now() - c0, worst = 0, sum = 0, len = 0;
	uint64_t nodes = 0;
	int bad = 0, worst_i = 0;
	for (int i = 0; i < n; i++) {
		struct ida_result r;
		struct slidetab_error err;
		double a = clock_now();
		int rc = testida_solve(set, &s[i], goal, 0, &r, &err);
		double dt = clock_now() - a;
		sum += dt, len += r.length, nodes += r.nodes;
		if (dt > worst)
			worst = dt, worst_i = i;
		if (rc != SLIDETAB_OK || !replays(&s[i], goal, &r) || !replays(&s[i], goal, &res[i]) ||
		    r.length != res[i].length || strcmp(r.path, res[i].path) != 0 || (want && r.length != want[i])) {
			printf("%s %d: WRONG: length %d (batch %d, published %d)\n", what, i + 1, r.length,
			       res[i].length, want ? want[i] : -1);
			bad++;
		}
	}
	printf("%s (%d, -j %d): %.3f s wall, cpu %.3f s, %.2f ms each; one thread: mean %.2f ms, worst %.2f ms "
	       "(instance %d), mean length %.2f, mean nodes %.0f; %d wrong\n",
	       what, n, o->threads, wall, bcpu, 1e3 * wall / n, 1e3 * sum / n, 1e3 * worst, worst_i + 1, len / n,
	       (double)nodes / n, bad);
	free(res);
	return bad;
}

static uint64_t rng(uint64_t *x)
{
	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	return *x >> 33;
}

/* n random positions that can reach goal. */
static void random_starts(uint64_t seed, const struct board_state *goal, struct board_state *s, int n)
{
	struct board b;
	board_init(&b, 4, 4);
	for (int i = 0; i < n; i++) {
		memset(&s[i], 0, sizeof s[i]);
		for (int c = 0; c < 16; c++)
			s[i].t[c] = (uint8_t)c;
		for (int c = 15; c > 0; c--) {
			int j = (int)(rng(&seed) % (uint64_t)(c + 1));
			uint8_t t = s[i].t[c];
			s[i].t[c] = s[i].t[j], s[i].t[j] = t;
		}
		if (!board_solvable(&b, &s[i], goal)) { /* swap two tiles: the other parity */
			int a = s[i].t[0] ? 0 : 2, c = s[i].t[1] ? 1 : 2;
			uint8_t t = s[i].t[a];
			s[i].t[a] = s[i].t[c], s[i].t[c] = t;
		}
	}
}

/* Korf's 100 (corner class) and random positions, for the goal with the blank at `blank`: the
 * number of wrong answers, or -1 when the set cannot be loaded (said on stderr). */
static int run_class(const struct bench15_opts *o, int blank)
{
	struct pdb_set *set = load_set(o, blank);
	if (!set)
		return -1;
	int bad = 0;
	if (o->korf && blank == 0) {
		struct board_state s[100];
		int want[100], n = read_korf(o->korfpath, s, want, 100);
		bad += n <= 0 ? 1 : solve_all(o, set, "korf100", s, &set->goal, want, n);
	}
	if (o->nrandom > 0) {
		struct board_state *s = calloc((size_t)o->nrandom, sizeof *s);
		char what[32];
		random_starts(o->seed, &set->goal, s, o->nrandom);
		snprintf(what, sizeof what, "random b%d", blank);
		bad += solve_all(o, set, what, s, &set->goal, NULL, o->nrandom);
		free(s);
	}
	pdb_set_free(set);
	return bad;
}

/* The table folder of a side, [QUERY:]DIR. */
static const char *side_dir(const char *side)
{
	const char *colon = strrchr(side, ':');
	return colon ? colon + 1 : side;
}

/* Runs `bin/query --board 4x4 --goal first --path -j threads --tables dir` on the puzzles of file
 * `in`, output into file `out`; *wall, *rss_mb (peak resident set) and *cpu_s (user + system) of the
 * whole process. 0 when
 * it exited with 0. */
static int query_run(const char *side, const char *in, const char *out, int threads, double *wall, double *rss_mb,
		     double *cpu_s)
{
	char j[16], prog[512];
	const char *dir = side_dir(side);
	snprintf(prog, sizeof prog, "%.*s", dir == side ? 9 : (int)(dir - 1 - side), dir == side ? "bin/query" : side);
	snprintf(j, sizeof j, "%d", threads);
	double t0 = clock_now();
	pid_t pid = fork();
	if (pid == 0) {
		int fi = open(in, O_RDONLY), fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fi < 0 || fo < 0 || dup2(fi, 0) < 0 || dup2(fo, 1) < 0)
			_exit(127);
		execl(prog, "query", "--board", "4x4", "--goal", "first", "--path", "-j", j, "--tables", dir,
		      (char *)NULL);
		_exit(127);
	}
	int st = 0;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &st, 0, &ru) != pid)
		return -1;
	*wall = clock_now() - t0;
	*rss_mb = (double)ru.ru_maxrss / 1024.0; /* Linux: KiB */
	*cpu_s = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* 1 when files a and b hold the same bytes. */
static int same_file(const char *a, const char *b)
{
	FILE *f = fopen(a, "rb"), *g = fopen(b, "rb");
	int same = f && g;
	while (same) {
		int x = fgetc(f), y = fgetc(g);
		same = x == y;
		if (x == EOF)
			break;
	}
	if (f)
		fclose(f);
	if (g)
		fclose(g);
	return same;
}

/* The median of v[0..n) (sorts v). */
static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
			double t = v[j];
			v[j] = v[j - 1], v[j - 1] = t;
		}
	return v[n / 2];
}

/* The median of `runs` whole-process runs from each folder, interleaved (A, B, A, B, ...) after one
 * warm-up run each, so that both see the same machine load. */
static int shell_pair(const char *const dir[2], const char *in, const char *what, int threads, int runs)
{
	double wall[2][16], rss[2] = { 0, 0 }, cpu_s[2][16];
	char out[2][64];
	for (int k = 0; k < 2; k++) {
		snprintf(out[k], sizeof out[k], "build/bench15-shell-%d.out", k);
		double w, r, c;
		if (query_run(dir[k], in, out[k], threads, &w, &r, &c) != 0) {
			fprintf(stderr, "bench15: query from %s failed\n", dir[k]);
			return 1;
		}
	}
	for (int i = 0; i < runs; i++)
		for (int k = 0; k < 2; k++)
			if (query_run(dir[k], in, out[k], threads, &wall[k][i], &rss[k], &cpu_s[k][i]) != 0)
				return 1;
	double med[2], cmed[2];
	for (int k = 0; k < 2; k++) {
		med[k] = median(wall[k], runs);
		cmed[k] = median(cpu_s[k], runs);
	}
	int same = same_file(out[0], out[1]);
	printf("shell %-16s -j %d: %s %.3f s (cpu %.3f s) %.1f MB | %s %.3f s (cpu %.3f s) %.1f MB | ratios: wall "
	       "%.2f, cpu %.2f, RSS %.2f; answers %s\n",
	       what, threads, dir[0], med[0], cmed[0], rss[0], dir[1], med[1], cmed[1], rss[1], med[1] / med[0],
	       cmed[1] / cmed[0], rss[1] / rss[0], same ? "identical" : "DIFFER");
	return same ? 0 : 1;
}

/* Splits "A,B" in place into two words; returns how many. */
static int split_dirs(char *list, char **words)
{
	char *comma = strchr(list, ',');
	if (!comma)
		return 1;
	*comma = 0;
	words[0] = list, words[1] = comma + 1;
	return 2;
}

/* The bytes of set `name`'s class-0 files in side's folder ([QUERY:]DIR), each file once; 0 when one
 * is missing. */
static double set_mb(const char *side, const char *name)
{
	const char *dir = side_dir(side);
	uint32_t masks[PDB_PRESET_MAX];
	int np = pdb_preset(name, masks);
	double bytes = 0;
	for (int i = 0; i < np; i++) {
		char path[TABNAME_MAX];
		struct stat st;
		int seen = 0; /* a pattern two partitions share is one file */
		for (int j = 0; j < i; j++)
			seen |= masks[j] == masks[i];
		if (seen)
			continue;
		struct slidetab_error err;
		if (tabname_pdb(path, sizeof path, dir, 4, 4, 0, masks[i], &err) != SLIDETAB_OK || stat(path, &st) != 0)
			return 0;
		bytes += (double)st.st_size;
	}
	return np > 0 ? bytes / 1e6 : 0;
}

/* Drops file path from the page cache, so that the next query reads it as its own build maps it
 * (pattern databases ask for large page-cache pieces: docs/pdb.md). */
static void drop_cached(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd >= 0) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
}

/* A folder build/bench15-each-NAME-K holding links to set `name`'s class-0 files in side's folder
 * (query answers from the strongest set it finds, so a folder of this set only); side is rewritten
 * to [QUERY:]that folder, in buf. 0, or -1 when a file is missing. */
static int set_only(const char *side, const char *name, int k, char *buf, size_t size)
{
	const char *dir = side_dir(side);
	char own[64], path[TABNAME_MAX], link[TABNAME_MAX + 64], full[PATH_MAX];
	snprintf(own, sizeof own, "build/bench15-each-%.16s-%d", name, k);
	mkdir(own, 0755);
	uint32_t masks[PDB_PRESET_MAX];
	int np = pdb_preset(name, masks);
	for (int i = 0; i < np; i++) {
		struct slidetab_error err;
		if (tabname_pdb(path, sizeof path, dir, 4, 4, 0, masks[i], &err) != SLIDETAB_OK ||
		    !realpath(path, full))
			return -1;
		snprintf(link, sizeof link, "%s/%s", own, strrchr(full, '/') + 1);
		unlink(link);
		if (symlink(full, link) != 0)
			return -1;
		drop_cached(full);
	}
	snprintf(buf, size, "%.*s%s", (int)(dir - side), side, own);
	return np > 0 ? 0 : -1;
}

/* Writes the n boards s[0..n) to file `path`, one a line, for query. */
static void write_puzzles(const char *path, const struct board_state *s, int n)
{
	FILE *f = fopen(path, "w");
	for (int i = 0; f && i < n; i++)
		for (int c = 0; c < 16; c++)
			fprintf(f, "%d%c", s[i].t[c], c == 15 ? '\n' : ' ');
	if (f)
		fclose(f);
}

/* One 15-puzzle answer and Korf's 100 as one batch, whole query processes from two folders. */
static int shell_compare(const struct bench15_opts *o)
{
	char list[512], *dirs[2];
	snprintf(list, sizeof list, "%s", o->shell);
	if (split_dirs(list, dirs) != 2)
		return 1;
	struct board_state s[100];
	int want[100], n = read_korf(o->korfpath, s, want, 100), bad = 0;
	if (n != 100)
		return 1;
	double load[3] = { 0, 0, 0 };
	FILE *la = fopen("/proc/loadavg", "r");
	if (la) {
		if (fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
			load[0] = -1;
		fclose(la);
	}
	printf("shell: %ld cores online, load average %.2f %.2f %.2f (other jobs share the machine: compare ratios)\n",
	       sysconf(_SC_NPROCESSORS_ONLN), load[0], load[1], load[2]);
	const char *const d[2] = { dirs[0], dirs[1] };
	printf("shell: set %s, class 0 on disk: %s %.1f MB | %s %.1f MB\n", o->setname, d[0], set_mb(d[0], o->setname),
	       d[1], set_mb(d[1], o->setname));
	static const int one[] = { 1, 82, 88 }; /* the first, and the two with the most nodes for 7-8 */
	for (int k = 0; k < 3; k++) {
		write_puzzles("build/bench15-shell.in", &s[one[k] - 1], 1);
		char what[32];
		snprintf(what, sizeof what, "korf %d alone", one[k]);
		bad += shell_pair(d, "build/bench15-shell.in", what, 1, 7);
	}
	write_puzzles("build/bench15-shell.in", s, n);
	bad += shell_pair(d, "build/bench15-shell.in", "korf100 batch", o->threads, 5);
	return bad;
}

/* 1 when file `out` holds n paths (query --path) of want[0..n) moves. */
static int paths_are(const char *out, const int *want, int n)
{
	char line[512];
	FILE *f = fopen(out, "r");
	int i = 0;
	while (f && i < n && fgets(line, sizeof line, f) && (int)strcspn(line, "\r\n") == want[i])
		i++;
	if (f)
		fclose(f);
	return i == n;
}

/* Korf's 100 as one batch (build/bench15-each.in) from each side, 5 runs interleaved: the medians. */
static int each_batch(char *const *sides, int ns, int threads, const int *want)
{
	double wall[2][5], cpu[2][5], rss[2] = { 0, 0 };
	for (int r = 0; r < 5; r++)
		for (int k = 0; k < ns; k++) {
			double m;
			if (query_run(sides[k], "build/bench15-each.in", "build/bench15-each.out", threads, &wall[k][r],
				      &m, &cpu[k][r]) != 0 ||
			    !paths_are("build/bench15-each.out", want, 100))
				return printf("FAIL: the batch from %s\n", sides[k]), 1;
			rss[k] = m > rss[k] ? m : rss[k];
		}
	for (int k = 0; k < ns; k++)
		printf("batch %c: Korf's 100 as one process -j %d: median of 5 %.3f s wall, %.3f s cpu, peak RSS %.1f MB\n",
		       'A' + k, threads, median(wall[k], 5), median(cpu[k], 5), rss[k]);
	return 0;
}

/* Line statistics of one side: sorts v[0..n) and prints its median, 90th percentile and worst. */
static void each_summary(const char *side, double *v, int n, double rss, int over)
{
	median(v, n);
	printf("each %s: per line median %.1f ms, p90 %.1f ms, worst %.1f ms; %d of %d over 50 ms; peak RSS %.1f MB\n",
	       side, 1e3 * v[n / 2], 1e3 * v[n * 9 / 10], 1e3 * v[n - 1], over, n, rss);
}

/* Each of Korf's 100 as its own whole query process from each side (interleaved, `rounds` times,
 * each line's median kept), then the 100 as one batch; 0 when every length was the published one. */
static int each_compare(const struct bench15_opts *o)
{
	char list[512], *sides[2] = { list, NULL };
	snprintf(list, sizeof list, "%s", o->each);
	int ns = split_dirs(list, sides);
	struct board_state s[100];
	int want[100], n = read_korf(o->korfpath, s, want, 100);
	static double med[2][100], runs[16], rss[2];
	static char only[2][PATH_MAX + 64];
	if (n != 100)
		return 1;
	for (int k = 0; k < ns; k++) {
		printf("each: side %c %s, set %s class 0 on disk %.1f MB\n", 'A' + k, sides[k], o->setname,
		       set_mb(sides[k], o->setname));
		if (set_only(sides[k], o->setname, k, only[k], sizeof only[k]) != 0)
			return printf("FAIL: set %s is not whole in %s\n", o->setname, sides[k]), 1;
		sides[k] = only[k];
	}
	for (int i = 0; i < n; i++) {
		write_puzzles("build/bench15-each.in", &s[i], 1);
		for (int k = 0; k < ns; k++) {
			for (int r = 0; r < o->rounds; r++) {
				double w, m, c;
				if (query_run(sides[k], "build/bench15-each.in", "build/bench15-each.out", o->threads,
					      &w, &m, &c) != 0 ||
				    !paths_are("build/bench15-each.out", &want[i], 1))
					return printf("FAIL: line %d from %s\n", i + 1, sides[k]), 1;
				runs[r] = w;
				rss[k] = m > rss[k] ? m : rss[k];
			}
			med[k][i] = median(runs, o->rounds);
		}
		if (med[0][i] <= 0.050 && (ns == 1 || med[1][i] <= 0.050))
			continue; /* only the lines over 50 ms are listed */
		printf("line %3d %3d moves:", i + 1, want[i]);
		for (int k = 0; k < ns; k++)
			printf(" %c %6.1f ms", 'A' + k, 1e3 * med[k][i]);
		printf("\n");
	}
	for (int k = 0; k < ns; k++) {
		int over = 0;
		double sum = 0;
		for (int i = 0; i < n; i++)
			over += med[k][i] > 0.050, sum += med[k][i];
		char what[8];
		snprintf(what, sizeof what, "%c", 'A' + k);
		each_summary(what, med[k], n, rss[k], over);
		printf("each %s: sum of the medians %.2f s\n", what, sum);
	}
	write_puzzles("build/bench15-each.in", s, n);
	return each_batch(sides, ns, o->threads, want);
}

/* Splits a comma-separated list in place into at most max words; returns how many. */
static int split(char *list, char **words, int max)
{
	int n = 0;
	for (char *save = NULL, *w = strtok_r(list, ",", &save); w && n < max; w = strtok_r(NULL, ",", &save))
		words[n++] = w;
	return n;
}

int main(int argc, char **argv)
{
	struct bench15_opts o;
	if (parse(argc, argv, &o) != 0) {
		usage();
		return 2;
	}
	mkdir(o.dir, 0777);
	if (o.each) {
		int bad = each_compare(&o);
		if (bad)
			printf("FAIL: one answer per process\n");
		return bad ? 1 : 0;
	}
	if (o.shell) {
		int bad = shell_compare(&o);
		if (bad)
			printf("FAIL: the shell comparison\n");
		return bad ? 1 : 0;
	}
	char classes[64], builds[256], *cls[16], *sets[16];
	snprintf(classes, sizeof classes, "%s", o.classes);
	snprintf(builds, sizeof builds, "%s", strcmp(o.buildlist, "none") ? o.buildlist : "");
	int nc = split(classes, cls, 16), ns = split(builds, sets, 16), bad = 0;
	for (int c = 0; c < nc; c++) {
		for (int k = 0; k < ns; k++)
			if (build_set(&o, sets[k], atoi(cls[c])) != 0)
				return 1;
		int r = run_class(&o, atoi(cls[c]));
		if (r < 0)
			return 1;
		bad += r;
	}
	if (bad)
		printf("FAIL: %d wrong answers\n", bad);
	return bad ? 1 : 0;
}
