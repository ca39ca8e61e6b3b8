/* SPDX-License-Identifier: Zlib */
/* setprog: the progress of a pattern-database set's build on stderr, from outside the builder. */
#ifndef SLIDETAB_SETPROG_H
#define SLIDETAB_SETPROG_H

#include <pthread.h>
#include <stdint.h>

#include "gen/pdb/pdbcmd.h"
#include "libslidetab/pdb/pdb.h"

/* A thread that looks each second for the set's files (each appears whole when its pattern is
 * written) and prints a line when one more is written, then at most every SETPROG_EVERY seconds:
 * the patterns written, the time so far and, from the time per entry of those written and of the
 * part of the one being built its search has reached (gen/pdb/pdbprog.h; the last depths reach
 * few states, so the estimate is short near a pattern's end), about what is left. A line a second
 * at most; nothing once stopped. */
#define SETPROG_EVERY 30

struct setprog {
	int n;                                      /* distinct files */
	char path[PDB_PRESET_MAX][PDBCMD_PATH_MAX]; /* each file once */
	uint64_t entries[PDB_PRESET_MAX];           /* its pattern's placements */
	double t0, t0_wall;                         /* clock_now() and time() at the start */
	int stop, running;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
};

/* Starts the thread for the files paths[0..count) of the patterns masks[0..count) on an n-cell
 * board (a file named twice counted once). */
void setprog_start(struct setprog *p, int cells, const uint32_t *masks, char (*paths)[PDBCMD_PATH_MAX], int count);

/* Stops it; ok: prints the closing line (the patterns written and the time). */
void setprog_stop(struct setprog *p, int ok);

#endif
