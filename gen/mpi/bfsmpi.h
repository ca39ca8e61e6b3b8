/* SPDX-License-Identifier: Zlib */
/* bfsmpi: gen-mpi's back end over MPI: the slice of states each process holds, the exchange of
 * neighbour marks between processes in rounds, and the table written from every process's blocks. */
#ifndef SLIDETAB_BFSMPI_H
#define SLIDETAB_BFSMPI_H

#include <stdint.h>
#include <stdio.h>

#include "gen/exact/bfs.h"
#include "gen/exact/exactcmd.h"

struct bfsmpi {
	struct bfs_part part; /* part.ctx is this struct */
	uint64_t states;
	uint64_t *lo;                  /* procs + 1 slice starts: process q holds [lo[q], lo[q + 1]) */
	int top;                       /* the largest power of two below procs (0 for one process) */
	uint64_t round_chunks, rounds; /* chunks each process expands between two exchanges, rounds a layer */
	int quiet;
	struct bfs_remote *rm; /* round_chunks buffers of BFS_REMOTE_MAX marks */
	uint64_t *send, *recv; /* marks sent, each an offset in its owner's slice; received, made whole */
	size_t recv_cap;
	int wide; /* a slice past 2^32 states: offsets travel as 8 bytes, else as 4 (send, recv as uint32_t) */
	int *scount, *sdisp, *rcount, *rdisp;
	uint64_t layer_stats[3];     /* this process, this layer: neighbour updates, crossed, bytes sent */
	uint64_t total[3];           /* over every process and layer */
	double expand_s, exchange_s; /* this process: seconds expanding its chunks, in the exchange */
};

/* Splits `states` over the processes of MPI_COMM_WORLD. */
int bfsmpi_init(struct bfsmpi *x, uint64_t states, int threads, int quiet, struct slidetab_error *err);
void bfsmpi_free(struct bfsmpi *x);

/* exactcmd_dist.write: packs and stores this process's blocks, and process 0 writes the file. */
int bfsmpi_write(void *ctx, const struct table_meta *m, const uint8_t *entries, const struct exactcmd_opts *o,
		 uint64_t *bytes, struct slidetab_error *err);

/* Process 0 prints the exchange totals, and every process's seconds expanding and in the exchange
 * (waiting for the others included) and peak memory, as # lines on out. */
void bfsmpi_report(const struct bfsmpi *x, FILE *out);

#endif
