/* exactcmd: gen's exact-table pipeline: check resources, search, pack, write, summarise. */
#ifndef SLIDETAB_EXACTCMD_H
#define SLIDETAB_EXACTCMD_H

#include <stdint.h>
#include <stdio.h>

#include "../core/board.h"
#include "../core/err.h"

struct exactcmd_opts {
	const char *out; /* table path; NULL with count_only */
	int threads, level, count_only, quiet;
	int compress;   /* 0 raw, 1 zlib, 2 compact */
	uint32_t entry; /* enum table_entry (compact forces MOD4) */
	uint32_t block_entries; /* entries per block, a multiple of 64; 0 = the default (32 KiB blocks) */
	FILE *report;           /* the histogram and summary lines (gen: stdout), or NULL for none */
};

/* Refuses up front a run that cannot fit in memory (SLIDETAB_ENOMEM) or on disk
 * (SLIDETAB_ENOSPC), or whose output folder cannot be written (SLIDETAB_EIO), naming the numbers. */
int exactcmd_check(const struct board *b, const struct exactcmd_opts *o, struct slidetab_error *err);

/* Searches from goal, prints the histogram and a summary on stdout, writes the table. */
int exactcmd_run(const struct board *b, const struct board_state *goal, const struct exactcmd_opts *o,
		 struct slidetab_error *err);

#endif
