/* SPDX-License-Identifier: Zlib */
/* mpiwrite: gen-mpi's table: each process packs and stores its own blocks, process 0 writes the one
 * file through core's writer (atomic, as gen's) from every process's block index and payload.
 *
 * Blocks are cut from the whole index (block b holds entries [b * E, (b + 1) * E)); process q
 * stores the blocks that start in its slice, so the first entries of a slice that belong to the
 * previous process's last block (fewer than E) move to it first (one MPI_Alltoallv of bytes). */
#include "gen/mpi/bfsmpi.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "common/table_write.h"
#include "libslidetab/table/read.h"

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

struct gathered {
	const struct bfsmpi *x;
	const struct tblw_blocks *own;
	const uint64_t *b0; /* procs + 1: the first block each process stores */
	const uint32_t *size;
};

/* Process 0's payload: its own blocks, then each other process's in order. */
static int payload(void *ctx, struct tblw_sink *sink, struct slidetab_error *err)
{
	const struct gathered *g = ctx;
	int rc = SLIDETAB_OK;
	for (uint64_t b = 0; b < g->own->count && rc == SLIDETAB_OK; b++)
		rc = tblw_emit(sink, tblw_blocks_data(g->own, b), g->own->size[b], err);
	uint8_t *buf = malloc(1u << 24);
	if (!buf)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory receiving blocks");
	for (int q = 1; q < g->x->part.procs && rc == SLIDETAB_OK; q++)
		for (uint64_t b = g->b0[q]; b < g->b0[q + 1] && rc == SLIDETAB_OK; b++) {
			MPI_Recv(buf, (int)g->size[b], MPI_BYTE, q, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			rc = tblw_emit(sink, buf, g->size[b], err);
		}
	free(buf);
	return rc;
}

/* Moves the entries of [lo, hi) that belong to earlier processes' blocks to them; returns the
 * entries past hi that this process's blocks need (from later processes), or NULL when out of memory. */
static uint8_t *hand_over(const struct bfsmpi *x, const uint64_t *b0, uint64_t E, const uint8_t *entries, uint64_t *got)
{
	const int P = x->part.procs, me = x->part.proc;
	int *c = calloc((size_t)P * 4, sizeof *c);
	if (!c)
		return NULL;
	int *sc = c, *sd = c + P, *rc = c + 2 * P, *rd = c + 3 * P;
	uint64_t lo = x->part.lo, hi = x->part.hi, end0 = min64(b0[me + 1] * E, x->states), total = 0;
	for (int q = 0; q < P; q++) {
		uint64_t a = b0[q] * E, z = min64(b0[q + 1] * E, x->states); /* the entries q's blocks hold */
		uint64_t s0 = a > lo ? a : lo, s1 = z < hi ? z : hi;         /* ... that I hold */
		uint64_t r0 = x->lo[q] > hi ? x->lo[q] : hi,
			 r1 = min64(x->lo[q + 1], end0); /* ... that q holds for me */
		sc[q] = q != me && s1 > s0 ? (int)(s1 - s0) : 0;
		sd[q] = sc[q] ? (int)(s0 - lo) : 0;
		rc[q] = q != me && r1 > r0 ? (int)(r1 - r0) : 0;
		rd[q] = (int)total;
		total += (uint64_t)rc[q];
	}
	uint8_t *in = malloc(total ? total : 1);
	if (in)
		MPI_Alltoallv(entries, sc, sd, MPI_BYTE, in, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
	free(c);
	*got = total;
	return in;
}

/* This process's entries for its blocks: its own below part.hi, the handed-over ones above. */
struct packer {
	const struct bfsmpi *x;
	const uint8_t *entries, *in;
	unsigned bits;
	uint64_t E;
	uint8_t *tmp; /* E bytes: the one block that straddles part.hi, its entries in one piece */
};

/* tblw_pack_fn: the packed bytes of block b (one of this process's). */
static void pack_block(void *ctx, uint64_t b, uint8_t *buf, uint64_t len)
{
	(void)len; /* the block's entries make exactly its len bytes */
	const struct packer *k = ctx;
	uint64_t lo = b * k->E, hi = min64(lo + k->E, k->x->states), mid = k->x->part.hi;
	if (hi <= mid)
		tblw_pack_entries(k->entries + (lo - k->x->part.lo), hi - lo, k->bits, buf);
	else if (lo >= mid)
		tblw_pack_entries(k->in + (lo - mid), hi - lo, k->bits, buf);
	else {
		memcpy(k->tmp, k->entries + (lo - k->x->part.lo), mid - lo);
		memcpy(k->tmp + (mid - lo), k->in, hi - mid);
		tblw_pack_entries(k->tmp, hi - lo, k->bits, buf);
	}
}

/* This process's blocks [b0, b1): zlib ones packed by the workers that deflate them, raw ones
 * packed whole first into *raw (kept by pointer in own). */
static int make_blocks(const struct table_meta *m, struct packer *k, uint64_t b0, uint64_t b1,
		       const struct exactcmd_opts *o, struct tblw_blocks *own, uint8_t **raw,
		       struct slidetab_error *err)
{
	if (m->payload == TABLE_PAYLOAD_ZLIB)
		return tblw_blocks_make_packer(m, pack_block, k, b0, b1 - b0, o->level, o->threads, own, err);
	uint64_t bb = k->E * k->bits / 8, first = b0 * k->E, end = min64(b1 * k->E, k->x->states);
	*raw = calloc(table_packed_bytes(end > first ? end - first : 0, k->bits) + 1, 1);
	if (!*raw)
		return err_set(err, SLIDETAB_ENOMEM, "process %d: out of memory packing its blocks", k->x->part.proc);
	for (uint64_t b = b0; b < b1; b++)
		pack_block(k, b, *raw + (b - b0) * bb, 0);
	return tblw_blocks_make(m, *raw, b0, b1 - b0, o->level, o->threads, own, err);
}

int bfsmpi_write(void *ctx, const struct table_meta *m, const uint8_t *entries, const struct exactcmd_opts *o,
		 uint64_t *bytes, struct slidetab_error *err)
{
	struct bfsmpi *x = ctx;
	const int P = x->part.procs, me = x->part.proc;
	uint64_t E = tblw_block_entries(m), blocks = tblw_block_count(m), got = 0;
	uint64_t *b0 = calloc((size_t)P + 1, sizeof *b0);
	uint32_t *size = calloc(blocks, sizeof *size), *crc = calloc(blocks, sizeof *crc);
	int *cnt = calloc((size_t)P * 2, sizeof *cnt);
	if (!b0 || !size || !crc || !cnt)
		return err_set(err, SLIDETAB_ENOMEM, "process %d: out of memory for the block index", me);
	for (int q = 0; q <= P; q++)
		b0[q] = min64((x->lo[q] + E - 1) / E, blocks);
	uint8_t *in = hand_over(x, b0, E, entries, &got), *packed = NULL;
	struct packer k = { x, entries, in, m->entry_bits, E, malloc(E) };
	struct tblw_blocks own = { 0 };
	int rc = in && k.tmp ? make_blocks(m, &k, b0[me], b0[me + 1], o, &own, &packed, err)
			     : err_set(err, SLIDETAB_ENOMEM, "process %d: out of memory packing its blocks", me);
	free(k.tmp);
	if (rc != SLIDETAB_OK)
		return rc; /* the caller ends the job */
	for (int q = 0; q < P; q++) {
		cnt[q] = (int)(b0[q + 1] - b0[q]);
		cnt[P + q] = (int)b0[q];
	}
	MPI_Gatherv(own.size, cnt[me], MPI_UINT32_T, size, cnt, cnt + P, MPI_UINT32_T, 0, MPI_COMM_WORLD);
	MPI_Gatherv(own.crc, cnt[me], MPI_UINT32_T, crc, cnt, cnt + P, MPI_UINT32_T, 0, MPI_COMM_WORLD);
	if (me == 0) {
		struct gathered g = { x, &own, b0, size };
		rc = tblw_write_stored(o->out, m, size, crc, payload, &g, bytes, err);
	} else {
		for (uint64_t b = 0; b < own.count; b++)
			MPI_Send(tblw_blocks_data(&own, b), (int)own.size[b], MPI_BYTE, 0, 1, MPI_COMM_WORLD);
	}
	if (rc == SLIDETAB_OK || me != 0) /* process 0 failing returns now: the caller ends the job */
		MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
	tblw_blocks_free(&own);
	free(packed);
	free(in);
	free(b0);
	free(size);
	free(crc);
	free(cnt);
	return rc;
}
