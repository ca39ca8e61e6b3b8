/* SPDX-License-Identifier: Zlib */
/* bfs: the parallel, 2-bit-per-state reverse breadth-first search over every reachable state. */
#ifndef SLIDETAB_BFS_H
#define SLIDETAB_BFS_H

#include <stdint.h>
#include <stdio.h>

#include "libslidetab/model/board.h"
#include "libslidetab/table/read.h"

struct bfs_layer; /* one layer of the search in progress (opaque) */

/* The distributed back end's seam (gen-mpi; NULL for one process). This process owns the states
 * [lo, hi) (lo a multiple of 64, hi too unless it is the state count): it keeps their 2 bits and
 * entries only, expands the frontier among them, and hands a neighbour outside them to its owner
 * through a bfs_remote buffer. `layer` runs one layer: bfs_expand over the own chunks (in rounds,
 * exchanging the remote buffers between them), bfs_mark_own for what the others sent, and the
 * layer's count over every process in *found. The rest of the pipeline (gen/exactcmd, gen/ckpt)
 * agrees through reduce. */
enum { BFS_MAX, BFS_MIN };
struct bfs_part {
	uint64_t lo, hi;
	void *ctx;
	int (*layer)(void *ctx, struct bfs_layer *L, uint64_t *found, struct slidetab_error *err);
	uint64_t (*reduce)(void *ctx, uint64_t v, int op); /* BFS_MAX or BFS_MIN of v over every process */
	int proc, procs;                                   /* this process, and how many there are */
};

/* Checkpoint hooks (gen/ckpt): `save` after each finished layer, `resume` once before the first. */
struct bfs_snapshot {
	uint64_t lo, hi;  /* the states held: bits has (hi - lo + 31) / 32 words, entries hi - lo bytes */
	uint64_t *bits;   /* the 2-bit working set */
	uint8_t *entries; /* NULL with count_only */
	uint64_t *hist;   /* TABLE_HIST_MAX counts, layers before `depth` */
	unsigned depth;   /* the next layer to expand */
};
struct bfs_ckpt {
	void *ctx;
	int (*resume)(void *ctx, struct bfs_snapshot *s, int *resumed, struct slidetab_error *err);
	int (*save)(void *ctx, const struct bfs_snapshot *s, struct slidetab_error *err);
};

#define BFS_CHUNK_STATES (1u << 16)                 /* work unit: a multiple of 64 states */
#define BFS_REMOTE_MAX   (2 * BFS_CHUNK_STATES + 2) /* remote marks one chunk makes at most */

/* The marks one chunk makes outside this process (global state indices, room for BFS_REMOTE_MAX)
 * and its neighbour updates of any kind. */
struct bfs_remote {
	uint64_t *j;
	size_t n;
	uint64_t updates;
};

/* Chunks of this process's slice, and the layer in progress. */
uint64_t bfs_layer_chunks(const struct bfs_layer *L);
unsigned bfs_layer_depth(const struct bfs_layer *L);

/* Expands the n own chunks c0, c0 + step, c0 + 2 step, ... of the layer on the pool (the k-th one's
 * remote marks into rm[k], each reset first); returns the frontier states found. */
uint64_t bfs_expand(struct bfs_layer *L, uint64_t c0, uint64_t step, uint64_t n, struct bfs_remote *rm);

/* Marks the own states j[0..n) as the next layer when unseen. */
void bfs_mark_own(struct bfs_layer *L, const uint64_t *j, size_t n);

struct bfs_options {
	int threads;                 /* worker threads, >= 1 */
	int count_only;              /* 1: no distance array, histogram only */
	uint32_t entry;              /* enum table_entry of the values written to dist[] */
	FILE *log;                   /* per-depth progress lines, or NULL */
	int live;                    /* 1: also a live progress line (stderr is a terminal) */
	const struct bfs_part *part; /* NULL: this process holds every state */
	const struct bfs_ckpt *ckpt; /* NULL: no checkpoints */
};

struct bfs_result {
	uint64_t hist[TABLE_HIST_MAX];
	uint32_t radius;
	uint64_t states;
	double seconds;
	/* one byte per state held (part: [lo, hi)): the encoded entry (NULL when count_only or packed) */
	uint8_t *entries;
	unsigned entries_or;    /* the OR of every entry in entries[] (its top bit is the largest's) */
	uint8_t *packed;        /* MOD4 entries of a whole search without checkpoints, packed 1 bit a state, LSB
			   * first, as the table stores them (table_packed_bytes(states, 1) bytes,
			   * zero-padded to a multiple of 4), else NULL */
	uint64_t working_bytes; /* bytes of the 2-bit working set */
};

/* Frees the entries or the packed entries of res (again is fine) and sets both to NULL. */
void bfs_result_free(struct bfs_result *res);

/* Bytes the search needs: the 2-bit working set, plus per state one byte of entries, or one bit
 * for entry MOD4 (pass it only when the search packs them: one process, no checkpoints), or
 * nothing with count_only. */
uint64_t bfs_memory_needed(const struct board *b, int count_only, uint32_t entry);

/* Runs the search from goal. Returns SLIDETAB_OK, or a status with a message in err. */
int bfs_run(const struct board *b, const struct board_state *goal, const struct bfs_options *opt,
	    struct bfs_result *res, struct slidetab_error *err);

#endif
