/* SPDX-License-Identifier: Zlib */
/* exactcmd: gen's exact-table pipeline: check resources, search, pack, write, summarise. */
#ifndef SLIDETAB_EXACTCMD_H
#define SLIDETAB_EXACTCMD_H

#include <stdint.h>
#include <stdio.h>

#include "gen/exact/bfs.h"
#include "libslidetab/base/err.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/read.h"

struct exactcmd_opts;

/* gen-mpi's back end (mpi/): the search's part, the processes on this machine (for the memory
 * check), and the table writer that gathers every process's blocks into one file. */
struct exactcmd_dist {
	const struct bfs_part *part;
	int procs_here;
	int (*write)(void *ctx, const struct table_meta *m, const uint8_t *entries, const struct exactcmd_opts *o,
		     uint64_t *bytes, struct slidetab_error *err);
	int *failed_together; /* set to 1 when the run failed on every process at once (a checkpoint refused
			       * or not written): the job may then end without MPI_Abort, its messages kept */
};

struct exactcmd_opts {
	const char *out; /* table path; NULL with count_only */
	int threads, level, count_only, quiet;
	int compress;                     /* 0 raw, 1 zlib, 2 compact */
	uint32_t entry;                   /* enum table_entry (compact forces MOD4) */
	uint32_t block_entries;           /* entries per block, a multiple of 64; 0 = the default (32 KiB blocks) */
	FILE *report;                     /* the histogram and summary lines (gen: stdout), or NULL for none */
	const char *checkpoint;           /* checkpoint folder, or NULL */
	int resume;                       /* 1: continue from the checkpoint */
	const struct exactcmd_dist *dist; /* NULL: one process */
	int intermediate;                 /* 1: out is a temporary file (gen --c-array), not named in the report */
};

/* Refuses up front a run that cannot fit in memory (SLIDETAB_ENOMEM) or on disk
 * (SLIDETAB_ENOSPC), or whose output folder cannot be written (SLIDETAB_EIO), naming the numbers. */
int exactcmd_check(const struct board *b, const struct exactcmd_opts *o, struct slidetab_error *err);

/* Searches from goal, prints the histogram and a summary on stdout, writes the table. */
int exactcmd_run(const struct board *b, const struct board_state *goal, const struct exactcmd_opts *o,
		 struct slidetab_error *err);

#endif
