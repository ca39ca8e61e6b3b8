/* SPDX-License-Identifier: Zlib */
/* bfsmpi: gen-mpi's back end over MPI: the slice of states each process holds, the exchange of
 * neighbour marks between processes in rounds, and the table written from every process's blocks.
 *
 * Slices are contiguous runs of the state index, cut at multiples of 64 states (whole words of the
 * 2-bit array and whole bytes of packed entries); the high-order part of the index (the seq rank)
 * picks the process, so horizontal moves (index +-1) and the vertical moves that change only
 * low-order digits stay on their process. A layer runs in rounds: each process expands at most
 * round_chunks of its chunks (every rounds-th one), sorts the marks that fall outside its slice
 * by owner, and one MPI_Alltoallv delivers them; every process runs the same number of rounds, so
 * the collective calls match whatever the slices' frontiers. Buffers are bounded by round_chunks
 * (a chunk makes at most BFS_REMOTE_MAX remote marks). A mark travels as its offset in the owner's
 * slice: 4 bytes while every slice holds fewer than 2^32 states (3x4, 2x6; 2x7 from 11 processes
 * on), else 8. */
#include "gen/mpi/bfsmpi.h"

#include <inttypes.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define ROUND_CHUNKS_PER_THREAD 32

static int proc_id(void)
{
	int q;
	MPI_Comm_rank(MPI_COMM_WORLD, &q);
	return q;
}

/* The process holding state j: the last q with lo[q] <= j, by a binary search without branches (no
 * division: every remote mark asks, twice). */
static int owner(const struct bfsmpi *x, uint64_t j)
{
	int q = 0;
	for (int step = x->top; step; step >>= 1)
		q += q + step < x->part.procs && x->lo[q + step] <= j ? step : 0;
	return q;
}

static uint64_t reduce(void *ctx, uint64_t v, int op)
{
	(void)ctx;
	uint64_t out;
	MPI_Allreduce(&v, &out, 1, MPI_UINT64_T, op == BFS_MIN ? MPI_MIN : MPI_MAX, MPI_COMM_WORLD);
	return out;
}

/* Sorts this round's remote marks by owner, each as its offset in the owner's slice (4 or 8 bytes). */
static void sort_marks(struct bfsmpi *x, uint64_t nrm)
{
	uint8_t *out = (uint8_t *)x->send; /* 4-byte offsets through memcpy: the buffer is also read as uint64_t */
	for (uint64_t i = 0; i < nrm; i++)
		for (size_t k = 0; k < x->rm[i].n; k++) {
			uint64_t j = x->rm[i].j[k];
			int q = owner(x, j);
			uint32_t off = (uint32_t)(j - x->lo[q]);
			if (x->wide)
				x->send[x->sdisp[q]++] = j - x->lo[q];
			else
				memcpy(out + 4 * (size_t)x->sdisp[q]++, &off, 4);
		}
}

/* The received offsets (in this process's slice) made whole state indices again, in place: from
 * the last down, so that no 4-byte offset is overwritten before it is read. */
static void widen_marks(struct bfsmpi *x, size_t total)
{
	uint8_t *in = (uint8_t *)x->recv;
	for (size_t i = total; i-- > 0;) {
		uint32_t off = 0;
		uint64_t j = 0;
		if (x->wide)
			memcpy(&j, in + 8 * i, 8);
		else
			memcpy(&off, in + 4 * i, 4), j = off;
		j += x->part.lo;
		memcpy(in + 8 * i, &j, 8);
	}
}

/* Sorts this round's remote marks by owner and delivers them; marks what the others sent. */
static int exchange(struct bfsmpi *x, struct bfs_layer *L, uint64_t nrm, struct slidetab_error *err)
{
	const int P = x->part.procs;
	uint64_t sent = 0;
	memset(x->scount, 0, sizeof *x->scount * (size_t)P);
	for (uint64_t i = 0; i < nrm; i++) {
		for (size_t k = 0; k < x->rm[i].n; k++)
			x->scount[owner(x, x->rm[i].j[k])]++;
		x->layer_stats[0] += x->rm[i].updates;
		sent += x->rm[i].n;
	}
	for (int q = 0, at = 0; q < P; at += x->scount[q++])
		x->sdisp[q] = at;
	sort_marks(x, nrm);
	for (int q = 0; q < P; q++)
		x->sdisp[q] -= x->scount[q];
	MPI_Alltoall(x->scount, 1, MPI_INT, x->rcount, 1, MPI_INT, MPI_COMM_WORLD);
	size_t total = 0;
	for (int q = 0; q < P; q++) {
		x->rdisp[q] = (int)total;
		total += (size_t)x->rcount[q];
	}
	if (total > x->recv_cap) {
		uint64_t *r = realloc(x->recv, total * sizeof *r);
		if (!r)
			return err_set(err, SLIDETAB_ENOMEM, "out of memory for %zu marks from other processes", total);
		x->recv = r;
		x->recv_cap = total;
	}
	MPI_Datatype type = x->wide ? MPI_UINT64_T : MPI_UINT32_T;
	MPI_Alltoallv(x->send, x->scount, x->sdisp, type, x->recv, x->rcount, x->rdisp, type, MPI_COMM_WORLD);
	widen_marks(x, total);
	bfs_mark_own(L, x->recv, total);
	x->layer_stats[1] += sent;
	x->layer_stats[2] += sent * (x->wide ? sizeof(uint64_t) : sizeof(uint32_t));
	return SLIDETAB_OK;
}

/* bfs_part.layer: the own chunks in rounds, then the layer's count over every process. Round r
 * takes every rounds-th chunk from chunk r, a sample of the whole slice: a layer's frontier is
 * spread unevenly over the index, so contiguous runs of chunks made one process wait for the
 * other in most rounds (3x4 count, 2 processes: 1.6-2.0 s of a 9.4 s search waiting, each
 * process; 0.8-1.4 s of 6.6-7.2 s sampled). */
static int layer(void *ctx, struct bfs_layer *L, uint64_t *found, struct slidetab_error *err)
{
	struct bfsmpi *x = ctx;
	uint64_t chunks = bfs_layer_chunks(L), f = 0, R = x->rounds;
	memset(x->layer_stats, 0, sizeof x->layer_stats);
	for (uint64_t r = 0; r < R; r++) {
		uint64_t n = r < chunks ? (chunks - r + R - 1) / R : 0; /* at most round_chunks */
		double t0 = MPI_Wtime();
		f += bfs_expand(L, r, R, n, x->rm);
		double t1 = MPI_Wtime();
		int rc = exchange(x, L, n, err);
		x->expand_s += t1 - t0;
		x->exchange_s += MPI_Wtime() - t1;
		if (rc != SLIDETAB_OK)
			return rc;
	}
	uint64_t mine[4] = { f, x->layer_stats[0], x->layer_stats[1], x->layer_stats[2] }, all[4];
	MPI_Allreduce(mine, all, 4, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	*found = all[0];
	for (int k = 0; k < 3; k++)
		x->total[k] += all[k + 1];
	if (!x->quiet && x->part.proc == 0 && all[0])
		fprintf(stderr,
			"gen-mpi: layer %u: %.2f%% of %" PRIu64 " neighbour updates crossed processes, %" PRIu64
			" bytes exchanged\n",
			bfs_layer_depth(L), all[1] ? 100.0 * (double)all[2] / (double)all[1] : 0.0, all[1], all[3]);
	return SLIDETAB_OK;
}

int bfsmpi_init(struct bfsmpi *x, uint64_t states, int threads, int quiet, struct slidetab_error *err)
{
	memset(x, 0, sizeof *x);
	int P;
	MPI_Comm_size(MPI_COMM_WORLD, &P);
	x->part = (struct bfs_part){ .ctx = x, .layer = layer, .reduce = reduce, .proc = proc_id(), .procs = P };
	x->states = states;
	x->quiet = quiet;
	x->round_chunks = (uint64_t)ROUND_CHUNKS_PER_THREAD * (uint64_t)threads;
	x->lo = calloc((size_t)P + 1, sizeof *x->lo);
	x->scount = calloc((size_t)P * 4, sizeof(int));
	x->rm = calloc(x->round_chunks, sizeof *x->rm);
	x->send = malloc(x->round_chunks * BFS_REMOTE_MAX * sizeof *x->send);
	if (!x->lo || !x->scount || !x->rm || !x->send)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory for the exchange buffers");
	x->sdisp = x->scount + P;
	x->rcount = x->scount + 2 * P;
	x->rdisp = x->scount + 3 * P;
	uint64_t words = (states + 63) / 64;
	for (int q = 0; q <= P; q++) {
		uint64_t at = words * (uint64_t)q / (uint64_t)P * 64;
		x->lo[q] = at < states ? at : states;
	}
	for (int q = 0; q < P; q++)
		x->wide |= x->lo[q + 1] - x->lo[q] > UINT32_MAX;
	for (int t = 1; t <= P - 1; t *= 2)
		x->top = t;
	x->part.lo = x->lo[x->part.proc];
	x->part.hi = x->lo[x->part.proc + 1];
	for (int q = 0; q < P; q++) {
		uint64_t c = (x->lo[q + 1] - x->lo[q] + BFS_CHUNK_STATES - 1) / BFS_CHUNK_STATES;
		uint64_t r = (c + x->round_chunks - 1) / x->round_chunks;
		x->rounds = r > x->rounds ? r : x->rounds;
	}
	for (uint64_t i = 0; i < x->round_chunks; i++)
		if (!(x->rm[i].j = malloc(BFS_REMOTE_MAX * sizeof *x->rm[i].j)))
			return err_set(err, SLIDETAB_ENOMEM, "out of memory for the exchange buffers");
	return SLIDETAB_OK;
}

void bfsmpi_free(struct bfsmpi *x)
{
	if (x->rm)
		for (uint64_t i = 0; i < x->round_chunks; i++)
			free(x->rm[i].j);
	free(x->rm);
	free(x->send);
	free(x->recv);
	free(x->scount);
	free(x->lo);
}

void bfsmpi_report(const struct bfsmpi *x, FILE *out)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	long peak = ru.ru_maxrss, *all = x->part.proc == 0 ? calloc((size_t)x->part.procs, sizeof *all) : NULL;
	double mine[2] = { x->expand_s, x->exchange_s },
	       *secs = x->part.proc == 0 ? calloc(2 * (size_t)x->part.procs, sizeof *secs) : NULL;
	MPI_Gather(&peak, 1, MPI_LONG, all, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	MPI_Gather(mine, 2, MPI_DOUBLE, secs, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (x->part.proc != 0 || !out) {
		free(all);
		free(secs);
		return;
	}
	fprintf(out,
		"# exchange: %d processes, %.2f%% of %" PRIu64 " neighbour updates crossed processes, %" PRIu64
		" bytes (%.3f bytes a state)\n",
		x->part.procs, x->total[0] ? 100.0 * (double)x->total[1] / (double)x->total[0] : 0.0, x->total[0],
		x->total[2], (double)x->total[2] / (double)x->states);
	fprintf(out, "# seconds per process expanding / in the exchange (waiting included):");
	for (int q = 0; secs && q < x->part.procs; q++)
		fprintf(out, " %.2f/%.2f", secs[2 * q], secs[2 * q + 1]);
	fprintf(out, "\n# peak memory per process (MiB):");
	for (int q = 0; all && q < x->part.procs; q++)
		fprintf(out, " %.1f", all[q] / 1024.0);
	fputc('\n', out);
	free(all);
	free(secs);
}
