/* SPDX-License-Identifier: Zlib */
/* ckpt: checkpoints of the exact search: one file per process after each layer, resumed from the
 * last layer every process finished. */
#ifndef SLIDETAB_CKPT_H
#define SLIDETAB_CKPT_H

#include <stdint.h>

#include "gen/exact/bfs.h"
#include "libslidetab/model/board.h"

struct ckpt {
	const char *dir;
	int resume; /* 1: continue from the checkpoint in dir (then keep writing there) */
	const struct board *b;
	const struct board_state *goal;
	uint32_t entry;
	int count_only;
	const struct bfs_part *part; /* NULL: one process */
	int failed_together;         /* set when every process has agreed that the run fails (no abort needed) */
};

/* The bfs_ckpt hooks over c (c must outlive the search). */
struct bfs_ckpt ckpt_hooks(struct ckpt *c);

/* After the run has succeeded (the table written, or the count-only search done) on this process:
 * once every process gets here (the back end's reduce), removes this process's checkpoint files.
 * The folder itself stays. A failed run keeps its checkpoint for --resume. */
void ckpt_finish(struct ckpt *c);

#endif
