/* bfs: the parallel, 2-bit-per-state reverse breadth-first search over every reachable state. */
#ifndef SLIDETAB_BFS_H
#define SLIDETAB_BFS_H

#include <stdint.h>
#include <stdio.h>

#include "../core/board.h"
#include "../core/table.h"

struct bfs_options {
	int threads;    /* worker threads, >= 1 */
	int count_only; /* 1: no distance array, histogram only */
	uint32_t entry; /* enum table_entry of the values written to dist[] */
	FILE *log;      /* per-depth progress lines, or NULL */
	int live;       /* 1: also a live progress line (stderr is a terminal) */
};

struct bfs_result {
	uint64_t hist[TABLE_HIST_MAX];
	uint32_t radius;
	uint64_t states;
	double seconds;
	uint8_t *entries; /* one byte per state: the encoded entry (NULL when count_only); caller frees */
	uint64_t working_bytes; /* bytes of the 2-bit working set */
};

/* Bytes the search needs: the 2-bit working set, plus one byte per state unless count_only. */
uint64_t bfs_memory_needed(const struct board *b, int count_only);

/* Runs the search from goal. Returns SLIDETAB_OK, or a status with a message in err. */
int bfs_run(const struct board *b, const struct board_state *goal, const struct bfs_options *opt,
	    struct bfs_result *res, struct slidetab_error *err);

#endif
