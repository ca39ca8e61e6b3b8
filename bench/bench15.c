/* bench15: 15-puzzle PDB figures: build time and size of 555/663/78, Korf's 100 and random positions with IDA*. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../core/board.h"
#include "../core/pdb.h"
#include "../core/table.h"
#include "../gen/pdbgen.h"
#include "../core/ida.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds of the whole process (all threads): next to wall time it shows what other load
 * on the machine took away. */
static double cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: bench15 [-j N] [--dir DIR] [--build LIST] [--set NAME] [--korf FILE]\n"
		"               [--random N] [--seed S] [--level L] [--verify] [--no-korf]\n"
		"  --build LIST  presets to build and write, comma-separated (default 555,663,78;\n"
		"                \"none\" reuses the files already in DIR)\n"
		"  --set NAME    preset whose files answer the puzzles (default 78)\n"
		"  --random N    also solve N random solvable positions (default 0)\n");
}

static void pdb_path(char *buf, size_t len, const char *dir, uint32_t mask)
{
	snprintf(buf, len, "%s/4x4-b0-pdb-%04x.tbl", dir, (unsigned)mask);
}

static int build_set(const char *name, const char *dir, int threads, int level, int verify)
{
	struct board b;
	board_init(&b, 4, 4);
	struct board_state g;
	board_goal(&b, 0, &g);
	uint32_t masks[PDBGEN_PRESET_MAX];
	int np = pdbgen_preset(name, masks);
	if (np < 0) {
		fprintf(stderr, "bench15: unknown preset %s\n", name);
		return -1;
	}
	double total_t = 0;
	uint64_t total_file = 0, total_raw = 0;
	for (int i = 0; i < np; i++) {
		struct table_meta m;
		uint8_t *p;
		struct slidetab_error err = { 0 };
		double t0 = now(), c0 = cpu();
		if (pdbgen_build(&b, &g, masks[i], threads, &m, &p, &err) != 0) {
			fprintf(stderr, "bench15: %s\n", err.msg);
			return -1;
		}
		double t1 = now(), c1 = cpu();
		char path[512];
		pdb_path(path, sizeof path, dir, masks[i]);
		struct slidetab_error terr;
		uint64_t bytes = 0;
		if (table_write(path, &m, p, level, &bytes, &terr) != SLIDETAB_OK) {
			fprintf(stderr, "bench15: %s: %s\n", path, terr.msg);
			free(p);
			return -1;
		}
		double t2 = now();
		struct stat st;
		if (stat(path, &st) == 0)
			bytes = (uint64_t)st.st_size;
		uint64_t raw = table_packed_bytes(m.entries, m.entry_bits);
		int k = __builtin_popcount(masks[i]);
		printf("build %-3s pattern %04x (%d tiles): %10llu entries, %u bits, radius %2u: "
		       "BFS %7.2f s (cpu %7.2f s), write %6.2f s, packed %7.1f MB, file %7.1f MB\n",
		       name, (unsigned)masks[i], k, (unsigned long long)m.entries, m.entry_bits,
		       m.radius, t1 - t0, c1 - c0, t2 - t1, raw / 1e6, bytes / 1e6);
		if (verify) {
			double t3 = now();
			int rc = pdbgen_verify(&b, &m, p, threads, &err);
			printf("verify %04x: %s (%.2f s)\n", (unsigned)masks[i], rc ? err.msg : "ok",
			       now() - t3);
			if (rc) {
				free(p);
				return -1;
			}
		}
		free(p);
		total_t += t2 - t0;
		total_file += bytes;
		total_raw += raw;
	}
	printf("set %-3s: build+write %.2f s on %d threads, %.1f MB on disk (%.1f MB packed)\n",
	       name, total_t, threads, total_file / 1e6, total_raw / 1e6);
	fflush(stdout);
	return 0;
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

static uint64_t rng(uint64_t *x)
{
	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	return *x >> 33;
}

int main(int argc, char **argv)
{
	int threads = 2, level = 6, verify = 0, nrandom = 0, korf = 1;
	const char *dir = "build/bench15", *buildlist = "555,663,78", *setname = "78";
	const char *korfpath = "tests/data/korf100.txt";
	uint64_t seed = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-j") && v)
			threads = atoi(v), i++;
		else if (!strcmp(a, "--dir") && v)
			dir = v, i++;
		else if (!strcmp(a, "--build") && v)
			buildlist = v, i++;
		else if (!strcmp(a, "--set") && v)
			setname = v, i++;
		else if (!strcmp(a, "--korf") && v)
			korfpath = v, i++;
		else if (!strcmp(a, "--random") && v)
			nrandom = atoi(v), i++;
		else if (!strcmp(a, "--seed") && v)
			seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(a, "--level") && v)
			level = atoi(v), i++;
		else if (!strcmp(a, "--verify"))
			verify = 1;
		else if (!strcmp(a, "--no-korf"))
			korf = 0;
		else {
			usage();
			return 2;
		}
	}
	mkdir(dir, 0777);
	if (strcmp(buildlist, "none") != 0) {
		char list[256];
		snprintf(list, sizeof list, "%s", buildlist);
		for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ","))
			if (build_set(tok, dir, threads, level, verify) != 0)
				return 1;
	}

	uint32_t masks[PDBGEN_PRESET_MAX];
	int np = pdbgen_preset(setname, masks);
	if (np < 0) {
		fprintf(stderr, "bench15: unknown preset %s\n", setname);
		return 2;
	}
	char paths[PDBGEN_PRESET_MAX][512];
	const char *pp[PDBGEN_PRESET_MAX];
	for (int i = 0; i < np; i++) {
		pdb_path(paths[i], sizeof paths[i], dir, masks[i]);
		pp[i] = paths[i];
	}
	struct pdb_set *set;
	struct slidetab_error err = { 0 };
	double t0 = now(), lc0 = cpu();
	if (pdb_set_load(&set, pp, np, threads, &err) != 0) {
		fprintf(stderr, "bench15: %s\n", err.msg);
		return 1;
	}
	double tload = now() - t0;
	printf("load %s set: %.2f s (cpu %.2f s)\n", setname, tload, cpu() - lc0);
	int bad = 0;

	if (korf) {
		struct board_state s[100];
		int want[100];
		int n = read_korf(korfpath, s, want, 100);
		if (n <= 0)
			return 1;
		struct ida_result *res = calloc((size_t)n, sizeof *res);
		/* the whole batch on `threads` workers: the figure to compare */
		t0 = now();
		double c0 = cpu();
		ida_solve_batch(set, (size_t)n, s, NULL, NULL, 0, threads, res);
		double wall = now() - t0, bcpu = cpu() - c0;
		uint64_t nodes = 0;
		for (int i = 0; i < n; i++) {
			nodes += res[i].nodes;
			if (res[i].status != IDA_SOLVED || res[i].length != want[i]) {
				printf("korf %d: WRONG: status %d length %d, published %d\n", i + 1,
				       res[i].status, res[i].length, want[i]);
				bad++;
			}
		}
		printf("korf100 (%s, -j %d): %d/%d optimal, total %.3f s wall, cpu %.3f s (+%.2f s "
		       "load), %.1f ms per instance, %llu nodes (mean %.0f)\n",
		       setname, threads, n - bad, n, wall, bcpu, tload, 1e3 * wall / n,
		       (unsigned long long)nodes, (double)nodes / n);
		/* one at a time, for per-instance figures */
		double worst = 0, sum = 0, csum = 0;
		int worst_i = 0;
		uint64_t maxnodes = 0;
		for (int i = 0; i < n; i++) {
			struct ida_result r;
			double a = now(), ca = cpu();
			ida_solve(set, &s[i], &set->goal, 0, &r, &err);
			double dt = now() - a;
			sum += dt;
			csum += cpu() - ca;
			if (dt > worst)
				worst = dt, worst_i = i;
			if (r.nodes > maxnodes)
				maxnodes = r.nodes;
			printf("korf %3d: length %2d (published %2d) nodes %10llu  %8.2f ms\n", i + 1,
			       r.length, want[i], (unsigned long long)r.nodes, dt * 1e3);
		}
		printf("korf100 one thread: total %.3f s (cpu %.3f s), mean %.2f ms, worst %.2f ms "
		       "(instance %d), most nodes %llu\n",
		       sum, csum, 1e3 * sum / n, 1e3 * worst, worst_i + 1,
		       (unsigned long long)maxnodes);
		free(res);
	}

	if (nrandom > 0) {
		uint64_t seed0 = seed;
		struct board b;
		board_init(&b, 4, 4);
		struct board_state *s = calloc((size_t)nrandom, sizeof *s);
		struct ida_result *res = calloc((size_t)nrandom, sizeof *res);
		for (int i = 0; i < nrandom; i++) {
			for (int c = 0; c < 16; c++)
				s[i].t[c] = (uint8_t)c;
			for (int c = 15; c > 0; c--) {
				int j = (int)(rng(&seed) % (uint64_t)(c + 1));
				uint8_t t = s[i].t[c];
				s[i].t[c] = s[i].t[j];
				s[i].t[j] = t;
			}
			if (!board_solvable(&b, &s[i], &set->goal)) {
				int a = s[i].t[0] ? 0 : 2, c = s[i].t[1] ? 1 : 2;
				uint8_t t = s[i].t[a];
				s[i].t[a] = s[i].t[c];
				s[i].t[c] = t;
			}
		}
		t0 = now();
		double rc0 = cpu();
		ida_solve_batch(set, (size_t)nrandom, s, NULL, NULL, 0, threads, res);
		double wall = now() - t0, rcpu = cpu() - rc0;
		uint64_t nodes = 0;
		double len = 0;
		for (int i = 0; i < nrandom; i++) {
			nodes += res[i].nodes;
			len += res[i].length;
			if (res[i].status != IDA_SOLVED)
				bad++;
		}
		printf("random (%d positions, seed %llu, -j %d): %.3f s wall, cpu %.3f s, %.2f ms per "
		       "position, mean length %.2f, mean nodes %.0f\n",
		       nrandom, (unsigned long long)seed0, threads, wall, rcpu, 1e3 * wall / nrandom,
		       len / nrandom, (double)nodes / nrandom);
		free(s);
		free(res);
	}
	pdb_set_free(set);
	return bad ? 1 : 0;
}
