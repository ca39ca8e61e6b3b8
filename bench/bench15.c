/* bench15: 15-puzzle PDB figures: build time and size of each preset for each blank class, Korf's
 * 100 and random positions with IDA*; every answer checked, exit 1 on a wrong one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/model/board.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"
#include "common/table_write.h"
#include "libslidetab/table/read.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/base/clock.h"

struct opts {
	int threads, level, verify, nrandom, korf;
	const char *dir, *buildlist, *setname, *korfpath, *classes;
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
		"  --random N      also solve N random solvable positions per class (default 0)\n");
}

static int parse(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ .threads = 2, .level = 6, .korf = 1, .dir = "build/bench15", .buildlist = "555,663,78",
			    .setname = "78", .korfpath = "tests/data/korf100.txt", .classes = "0", .seed = 1 };
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
		else
			return -1;
	}
	return o->threads > 0 ? 0 : -1;
}

/* Builds and writes one pattern of a preset for the goal with the blank at `blank`. */
static int build_one(const struct opts *o, const char *name, int blank, uint32_t mask, uint64_t *bytes,
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
	double t0 = clock_now(), c0 = clock_cpu();
	if (pdbgen_build(&b, &g, mask, o->threads, &m, &p, &err) != SLIDETAB_OK ||
	    tabname_pdb(path, sizeof path, o->dir, 4, 4, blank, mask, &err) != SLIDETAB_OK) {
		fprintf(stderr, "bench15: %s\n", err.msg);
		return -1;
	}
	double t1 = clock_now(), c1 = clock_cpu();
	int rc = table_write_mt(path, &m, p, o->level, o->threads, bytes, &err);
	if (rc == SLIDETAB_OK && o->verify && (rc = pdbgen_verify(&b, &m, p, o->threads, &err)) == SLIDETAB_OK)
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

static int build_set(const struct opts *o, const char *name, int blank)
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

static struct pdb_set *load_set(const struct opts *o, int blank)
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
	double t0 = clock_now(), c0 = clock_cpu();
	if (np < 0 || pdb_set_load(&set, pp, np, o->threads, &err) != SLIDETAB_OK) {
		fprintf(stderr, "bench15: set %s, blank %d: %s\n", o->setname, blank, np < 0 ? "unknown preset" : err.msg);
		return NULL;
	}
	printf("load %s b%d set: %.2f s (cpu %.2f s)\n", o->setname, blank, clock_now() - t0, clock_cpu() - c0);
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
		if (!strchr("dlru", *p) || board_move(&b, &s, &blank, (enum board_dir)(strchr("dlru", *p) - "dlru")) != 0)
			return 0;
	return memcmp(s.t, goal->t, 16) == 0;
}

/* Solves starts[0..n) in a batch on o->threads threads, then one at a time; every answer must
 * replay, the two runs must agree, and where want[] is given the length must equal it. Returns
 * the number of wrong answers. */
static int solve_all(const struct opts *o, const struct pdb_set *set, const char *what, const struct board_state *s,
		     const struct board_state *goal, const int *want, int n)
{
	struct ida_result *res = calloc((size_t)n, sizeof *res);
	double t0 = clock_now(), c0 = clock_cpu();
	ida_solve_batch(set, (size_t)n, s, NULL, goal, 0, o->threads, res);
	double wall = clock_now() - t0, bcpu = clock_cpu() - c0, worst = 0, sum = 0, len = 0;
	uint64_t nodes = 0;
	int bad = 0, worst_i = 0;
	for (int i = 0; i < n; i++) {
		struct ida_result r;
		struct slidetab_error err;
		double a = clock_now();
		int rc = ida_solve(set, &s[i], goal, 0, &r, &err);
		double dt = clock_now() - a;
		sum += dt, len += r.length, nodes += r.nodes;
		if (dt > worst)
			worst = dt, worst_i = i;
		if (rc != SLIDETAB_OK || !replays(&s[i], goal, &r) || !replays(&s[i], goal, &res[i]) ||
		    r.length != res[i].length || strcmp(r.path, res[i].path) != 0 || (want && r.length != want[i])) {
			printf("%s %d: WRONG: length %d (batch %d, published %d)\n", what, i + 1, r.length, res[i].length,
			       want ? want[i] : -1);
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

/* Korf's 100 (corner class) and random positions, for the goal with the blank at `blank`. */
static int run_class(const struct opts *o, int blank)
{
	struct pdb_set *set = load_set(o, blank);
	if (!set)
		return 1;
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
	struct opts o;
	if (parse(argc, argv, &o) != 0) {
		usage();
		return 2;
	}
	mkdir(o.dir, 0777);
	char classes[64], builds[256], *cls[16], *sets[16];
	snprintf(classes, sizeof classes, "%s", o.classes);
	snprintf(builds, sizeof builds, "%s", strcmp(o.buildlist, "none") ? o.buildlist : "");
	int nc = split(classes, cls, 16), ns = split(builds, sets, 16), bad = 0;
	for (int c = 0; c < nc; c++) {
		for (int k = 0; k < ns; k++)
			if (build_set(&o, sets[k], atoi(cls[c])) != 0)
				return 1;
		bad += run_class(&o, atoi(cls[c]));
	}
	if (bad)
		printf("FAIL: %d wrong answers\n", bad);
	return bad ? 1 : 0;
}
