/* SPDX-License-Identifier: Zlib */
/* litenodes: lite's solver (lite/slidetab_lite_solve.h) on 4x4 puzzles of a file with one or more sets side by
 * side: each answer's length, nodes, time and path, and each set's nodes per second, to compare sets and
 * entries (zbit, pbit) by measurement; beside it the library's IDA* on the same files with lite's move
 * machine (linked with --wrap=idafsm_get), whose nodes and paths must be lite's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cputime.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/search/ida.h"
#include "libslidetab/search/idafsm.h"
#include "lite/slidetab_lite_solve.h"

#define MAX_PUZZLES 100

/* The library's move machine replaced by lite's (the Makefile links with -Wl,--wrap=idafsm_get;
 * test_lite_solve checks that lite's is idafsm_build's for its length): the same search. */
const struct idafsm *__wrap_idafsm_get(void);
const struct idafsm *__wrap_idafsm_get(void)
{
	static int32_t next[1024][4]; /* lite's int16_t table, widened to the library's type */
	static struct idafsm m = { 0, next };
	if (m.nstates == 0 && slidetab_lite_fsm_states <= 1024) {
		for (unsigned s = 0; s < slidetab_lite_fsm_states; s++)
			for (int k = 0; k < 4; k++)
				next[s][k] = slidetab_lite_fsm[s][k];
		m.nstates = (int)slidetab_lite_fsm_states;
	}
	return m.nstates ? &m : NULL;
}

/* The library's search of puzzle s (goal 0 1 .. 15) on set: its nodes, length and path, CPU into *secs. */
static int library(const struct pdb_set *set, const unsigned char *s, struct ida_result *r, double *secs)
{
	struct board_state start = { { 0 } }, goal = { { 0 } };
	struct slidetab_error err;
	for (int i = 0; i < 16; i++)
		start.t[i] = s[i], goal.t[i] = (uint8_t)i;
	struct ida_request rq = { .set = set, .start = &start, .goal = &goal, .threads = 1 };
	double t0 = cputime_now();
	int rc = ida_search(&rq, r, &err);
	*secs += cputime_now() - t0;
	if (rc != SLIDETAB_OK)
		fprintf(stderr, "litenodes: the library: %s\n", err.msg);
	return rc == SLIDETAB_OK && r->status == IDA_SOLVED ? 0 : -1;
}

/* A whole file into a malloc'ed buffer, or NULL with a message. */
static void *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	void *p = NULL;
	if (f && fseek(f, 0, SEEK_END) == 0 && (*len = (size_t)ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (p = malloc(*len)) && fread(p, 1, *len, f) != *len) {
		free(p);
		p = NULL;
	}
	if (!p)
		fprintf(stderr, "litenodes: %s: cannot be read\n", path);
	if (f)
		fclose(f);
	return p;
}

/* Lines first..last of path (16 tiles and the length each, the blank-first goal) into s[][16], want[]. */
static int puzzles(const char *path, int first, int last, unsigned char (*s)[16], int *want)
{
	FILE *f = fopen(path, "r");
	int t[17], line = 0, n = 0;
	if (!f) {
		perror(path);
		return -1;
	}
	while (n < MAX_PUZZLES &&
	       fscanf(f, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &t[0], &t[1], &t[2], &t[3], &t[4], &t[5],
		      &t[6], &t[7], &t[8], &t[9], &t[10], &t[11], &t[12], &t[13], &t[14], &t[15], &t[16]) == 17) {
		if (++line < first || line > last)
			continue;
		for (int i = 0; i < 16; i++)
			s[n][i] = (unsigned char)t[i];
		want[n++] = t[16];
	}
	fclose(f);
	return n;
}

/* The set of files[0..nfiles) on the puzzles: a line each and a summary; 0, or 1 on a refusal or a
 * wrong length. */
static int run(const char *name, char **files, int nfiles, unsigned char (*s)[16], const int *want, int n, int first)
{
	static struct slidetab_lite_pdb p; /* static: about 17 KB */
	const void *bytes[SLIDETAB_LITE_PDB_MAX_PATTERNS];
	size_t lens[SLIDETAB_LITE_PDB_MAX_PATTERNS], total = 0;
	unsigned char goal[16];
	int bad = 0;
	for (int i = 0; i < 16; i++)
		goal[i] = (unsigned char)i;
	for (int i = 0; i < nfiles && i < SLIDETAB_LITE_PDB_MAX_PATTERNS; i++)
		if (!(bytes[i] = slurp(files[i], &lens[i])))
			return 1;
		else
			total += lens[i];
	if (slidetab_lite_pdb_open(&p, bytes, lens, nfiles) != SLIDETAB_LITE_OK) {
		fprintf(stderr, "litenodes: %s: the set is refused\n", name);
		return 1;
	}
	struct pdb_set *set;
	struct slidetab_error err;
	if (pdb_set_load_masks(&set, (const char *const *)files, NULL, nfiles, 1, &err) != SLIDETAB_OK) {
		fprintf(stderr, "litenodes: %s: %s\n", name, err.msg);
		return 1;
	}
	unsigned long all = 0, lib = 0;
	double secs = 0, lsecs = 0;
	int differ = 0;
	for (int k = 0; k < n; k++) {
		unsigned d = 0;
		unsigned long nodes = 0;
		char moves[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1];
		struct ida_result r;
		double t0 = cputime_now();
		int rc = slidetab_lite_solve_nodes(&p, s[k], goal, 0, &d, moves, sizeof moves, &nodes);
		double dt = cputime_now() - t0;
		bad |= rc != SLIDETAB_LITE_OK || (int)d != want[k];
		all += nodes, secs += dt;
		if (library(set, s[k], &r, &lsecs) != 0)
			return 1;
		lib += r.nodes;
		differ += r.nodes != nodes || rc != SLIDETAB_LITE_OK || strcmp(r.path, moves) != 0;
		printf("%s %d %u %lu %.4f %s%s\n", name, first + k, d, nodes, dt, rc == SLIDETAB_LITE_OK ? moves : "-",
		       rc != SLIDETAB_LITE_OK || (int)d != want[k] ? " WRONG" : "");
	}
	printf("# %s (%zu bytes): lite %lu nodes, %.3f s of CPU, %.0f nodes/s%s\n", name, total, all, secs,
	       secs > 0 ? all / secs : 0.0, bad ? ", WRONG answers" : "");
	printf("# %s: the library with lite's machine %lu nodes, %.3f s of CPU, %.0f nodes/s; %d of %d answers differ "
	       "in nodes or path\n",
	       name, lib, lsecs, lsecs > 0 ? lib / lsecs : 0.0, differ, n);
	pdb_set_free(set);
	bad |= differ != 0;
	for (int i = 0; i < nfiles; i++)
		free((void *)bytes[i]);
	return bad;
}

/* usage: litenodes PUZZLES FIRST LAST NAME FILE... [-- NAME FILE...]...: lines FIRST..LAST (1-based) of
 * PUZZLES (16 tiles and the length each, goal 0 1 .. 15) with each set. */
int main(int argc, char **argv)
{
	static unsigned char s[MAX_PUZZLES][16];
	int want[MAX_PUZZLES], bad = 0;
	if (argc < 6) {
		fprintf(stderr, "usage: litenodes PUZZLES FIRST LAST NAME FILE... [-- NAME FILE...]...\n");
		return 2;
	}
	int first = atoi(argv[2]), n = puzzles(argv[1], first, atoi(argv[3]), s, want);
	if (n < 0)
		return 1;
	for (int a = 4; a < argc;) {
		int e = a + 1;
		while (e < argc && strcmp(argv[e], "--") != 0)
			e++;
		if (e - a - 1 < 1 || e - a - 1 > SLIDETAB_LITE_PDB_MAX_PATTERNS) {
			fprintf(stderr, "litenodes: %s: 1 to %d files a set\n", argv[a],
				SLIDETAB_LITE_PDB_MAX_PATTERNS);
			return 2;
		}
		bad |= run(argv[a], argv + a + 1, e - a - 1, s, want, n, first);
		a = e + 1;
	}
	return bad;
}
