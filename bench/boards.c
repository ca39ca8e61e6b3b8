/* SPDX-License-Identifier: Zlib */
/* boards: optimal answers on a board of 13..25 cells through the library: load time, per-answer mean and worst, total. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/model/board.h"
#include "slidetab.h"

#define MAX_PUZZLES 1000

/* The progress hook's last count of nodes (the library reports searches of a second or more). */
static unsigned long long last_nodes;
static void on_progress(void *ctx, unsigned bound, unsigned long long nodes, double seconds, int done)
{
	(void)ctx, (void)bound, (void)seconds;
	if (done)
		last_nodes = nodes;
}

/* Replays the blank's moves from s; 1 when they end at the goal g. */
static int replays(const struct board *b, struct board_state s, const struct board_state *g, const char *path)
{
	int blank = board_blank(b, &s);
	for (const char *p = path; *p; p++) {
		const char *at = strchr("dlru", *p);
		if (!at || board_move(b, &s, &blank, (enum board_dir)(at - "dlru")) != 0)
			return 0;
	}
	return memcmp(s.t, g->t, (size_t)b->n) == 0;
}

/* Usage: boards DIR RxC THREADS < PUZZLES (one a line, randpuz's output; goal blank last). */
int main(int argc, char **argv)
{
	int rows, cols;
	struct board b;
	if (argc != 4 || cli_board_spec(argv[2], &rows, &cols) != 0 || board_init(&b, rows, cols) != 0) {
		fprintf(stderr, "usage: boards DIR RxC THREADS < PUZZLES\n");
		return 2;
	}
	static struct board_state in[MAX_PUZZLES];
	int n = 0;
	for (int c = 0, v; n < MAX_PUZZLES && scanf("%d", &v) == 1;) {
		in[n].t[c] = (uint8_t)v;
		if (++c == b.n)
			c = 0, n++;
	}
	struct board_state g;
	board_goal(&b, b.n - 1, &g);
	slidetab *db;
	struct slidetab_error e;
	double t0 = clock_now();
	if (slidetab_open(&db, argv[1], &e) != SLIDETAB_OK ||
	    slidetab_set_threads(db, (unsigned)atoi(argv[3]), &e) != SLIDETAB_OK ||
	    slidetab_set_progress(db, on_progress, NULL, &e) != SLIDETAB_OK) {
		fprintf(stderr, "boards: %s\n", e.msg);
		return 1;
	}
	unsigned d; /* the set is loaded by the first call: timed apart */
	if (slidetab_distance(db, rows, cols, g.t, g.t, &d, &e) != SLIDETAB_OK) {
		fprintf(stderr, "boards: %s\n", e.msg);
		return 1;
	}
	double load = clock_now() - t0, total = 0, worst = 0;
	long moves = 0;
	for (int i = 0; i < n; i++) {
		char path[256];
		double t = clock_now();
		last_nodes = 0;
		if (slidetab_path(db, rows, cols, in[i].t, g.t, path, sizeof path, &e) != SLIDETAB_OK) {
			fprintf(stderr, "boards: puzzle %d: %s\n", i + 1, e.msg);
			return 1;
		}
		t = clock_now() - t;
		if (!replays(&b, in[i], &g, path)) {
			fprintf(stderr, "boards: puzzle %d: the path does not reach the goal\n", i + 1);
			return 1;
		}
		if (last_nodes)
			fprintf(stderr, "%dx%d puzzle %d: %zu moves, %.3f s, %llu nodes\n", rows, cols, i + 1,
				strlen(path), t, last_nodes);
		else
			fprintf(stderr, "%dx%d puzzle %d: %zu moves, %.3f s\n", rows, cols, i + 1, strlen(path), t);
		total += t, moves += (long)strlen(path);
		worst = t > worst ? t : worst;
	}
	printf("%dx%d: %d random solvable positions, optimal, %s threads a search: set loaded in %.3f s; "
	       "mean %.2f ms an answer, worst %.1f ms, total %.2f s; mean length %.2f moves\n",
	       rows, cols, n, argv[3], load, n ? 1e3 * total / n : 0.0, 1e3 * worst, total,
	       n ? (double)moves / n : 0.0);
	slidetab_close(db);
	return 0;
}
