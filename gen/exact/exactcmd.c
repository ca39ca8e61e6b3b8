/* SPDX-License-Identifier: Zlib */
/* exactcmd: gen's exact-table pipeline: check resources, search, pack, write, summarise. */
#include "gen/exact/exactcmd.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/cputime.h"
#include "common/table_header.h"
#include "common/table_write.h"
#include "gen/exact/bfs.h"
#include "gen/exact/bfsprog.h"
#include "gen/exact/ckpt.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/base/physmem.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/table/read.h"

#include "slidetab.h"

static int bits_for(unsigned v)
{
	int bits = 1;
	while ((v >> bits) != 0)
		bits++;
	return bits;
}

static int entry_bits_bound(const struct exactcmd_opts *o)
{
	return o->compress == 2 ? 1 : 8;
}

/* Whether the search packs the entries itself (compact, one process, no checkpoints: gen/bfs.h). */
static int packed_by_search(const struct exactcmd_opts *o)
{
	return o->compress == 2 && !o->count_only && !o->dist && !o->checkpoint;
}

/* Whether the table can be created at the output path (a temporary file made in its folder and
 * removed), and whether that folder's disk can take it. */
static int check_disk(const struct exactcmd_opts *o, long double states, struct slidetab_error *err)
{
	int rc = tblw_write_check(o->out, err);
	struct stat st;
	if (rc != SLIDETAB_OK || (stat(o->out, &st) == 0 && !S_ISREG(st.st_mode)))
		return rc; /* a device such as /dev/full is written in place */
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", o->out);
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	const char *d = slash ? dir : ".";
	struct statvfs vfs;
	uint64_t bound = table_packed_bytes((uint64_t)states, (unsigned)entry_bits_bound(o)) + 65536;
	if (statvfs(d, &vfs) == 0 && vfs.f_blocks > 0 && (uint64_t)vfs.f_bavail * vfs.f_frsize < bound)
		return err_set(err, SLIDETAB_ENOSPC,
			       "the table may need up to %" PRIu64 " bytes, only %" PRIu64 " are free in %s", bound,
			       (uint64_t)vfs.f_bavail * vfs.f_frsize, d);
	return SLIDETAB_OK;
}

int exactcmd_check(const struct board *b, const struct exactcmd_opts *o, struct slidetab_error *err)
{
	long double states = 1; /* n!/2 as rank_states(), but in long double: it overflows 64 bits past 20 cells */
	for (int i = 3; i <= b->n; i++)
		states *= i;
	/* the 2-bit working set; a table adds its entries: compact ones written packed by the
	 * search (1 bit), others a byte each plus the packed copy */
	long double per_state = o->count_only         ? 0.25L
				: packed_by_search(o) ? 0.375L
						      : 0.25L + 1 + entry_bits_bound(o) / 8.0L;
	long double need = states * per_state;
	if (o->dist) /* this machine's processes hold their share of the states */
		need = need * o->dist->procs_here / o->dist->part->procs;
	uint64_t have = physmem_allowed();
	if (b->n > RANK_MAX_CELLS || need > (long double)have * 0.9L)
		return err_set(
			err, SLIDETAB_ENOMEM,
			"%dx%d has %.0Lf states; %s needs %.3Lg GiB of memory%s (%.3Lg bytes a state), this machine "
			"allows %.1f GiB%s",
			b->rows, b->cols, states, o->count_only ? "the count-only search" : "a table",
			need / 1073741824.0L, o->dist ? " on this machine for its processes" : "", per_state,
			have / 1073741824.0,
			o->count_only || states * 0.25L > (long double)have * 0.9L
				? "; use pattern databases for boards this large"
				: "; --count-only needs only 2 bits a state");
	return o->count_only || (o->dist && o->dist->part->proc != 0) ? SLIDETAB_OK : check_disk(o, states, err);
}

static void announce(const struct board *b, const struct exactcmd_opts *o, uint32_t entry)
{
	uint64_t states = rank_states(b->n); /* exactcmd_check refused boards past 20 cells */
	fprintf(stderr, "gen: %dx%d, %" PRIu64 " states: the search needs %.2f GiB of memory%s", b->rows, b->cols,
		states, bfs_memory_needed(b, o->count_only, packed_by_search(o) ? entry : 0) / 1073741824.0,
		o->count_only ? ", no disk\n" : "");
	if (!o->count_only)
		fprintf(stderr, ", the table at most %.2f GiB of disk\n",
			table_packed_bytes(states, entry == TABLE_ENTRY_MOD4 ? 1 : 8) / 1073741824.0);
}

static void summary(FILE *out, const struct board *b, const struct board_state *goal, const struct bfs_result *res,
		    double cpu)
{
	if (!out)
		return;
	for (uint32_t d = 0; d <= res->radius; d++)
		fprintf(out, "%" PRIu32 " %" PRIu64 "\n", d, res->hist[d]);
	fprintf(out, "# board %dx%d, goal blank at cell %d\n", b->rows, b->cols, board_blank(b, goal));
	fprintf(out, "# states %" PRIu64 ", radius %" PRIu32 " (%" PRIu64 " at the radius)\n", res->states, res->radius,
		res->hist[res->radius]);
	fprintf(out, "# search %.3f s wall, %.3f s cpu, %.3g states/s, working set %" PRIu64 " bytes\n", res->seconds,
		cpu, (double)res->states / (res->seconds > 0 ? res->seconds : 1e-9), res->working_bytes);
}

/* Packing on all threads: chunks of a multiple of 8 entries start on byte boundaries, so no two
 * chunks write the same byte. */
#define PACK_CHUNK (UINT64_C(1) << 20)
struct exactcmd_pack_job {
	const uint8_t *entries;
	uint8_t *packed;
	uint64_t count;
	unsigned bits;
	uint32_t block_entries; /* pack_block: entries a table block holds */
};

static void pack_chunk(void *ctx, size_t c, int worker)
{
	(void)worker;
	struct exactcmd_pack_job *j = ctx;
	uint64_t lo = c * PACK_CHUNK, hi = lo + PACK_CHUNK < j->count ? lo + PACK_CHUNK : j->count;
	tblw_pack_entries(j->entries + lo, hi - lo, j->bits, j->packed + lo * j->bits / 8);
}

/* tblw_pack_fn: the packed bytes of one table block, made on the worker that deflates it. */
static void pack_block(void *ctx, uint64_t b, uint8_t *buf, uint64_t len)
{
	(void)len; /* the block's entries make exactly its len bytes */
	const struct exactcmd_pack_job *j = ctx;
	uint64_t lo = b * j->block_entries, hi = lo + j->block_entries < j->count ? lo + j->block_entries : j->count;
	tblw_pack_entries(j->entries + lo, hi - lo, j->bits, buf);
}

/* Packs the entries and writes the table from this one process: zlib blocks packed one at a time
 * by the workers that deflate them (the entries are freed after), raw ones packed whole first. */
static int pack_write(const struct exactcmd_opts *o, const struct table_meta *m, struct exactcmd_pack_job *job,
		      size_t chunks, struct bfs_result *res, uint64_t *bytes, struct slidetab_error *err)
{
	job->bits = m->entry_bits;
	job->block_entries = tblw_block_entries(m);
	if (m->payload == TABLE_PAYLOAD_ZLIB)
		return tblw_write_packer(o->out, m, pack_block, job, o->level, o->threads, bytes, err);
	uint8_t *packed = calloc(table_packed_bytes(m->entries, m->entry_bits) + 1, 1);
	if (!packed)
		return err_set(err, SLIDETAB_ENOMEM, "out of memory packing %" PRIu64 " entries", m->entries);
	job->packed = packed;
	pool_run(o->threads, chunks, pack_chunk, job);
	bfs_result_free(res); /* packed now: not held while the table is written (the peak is the packed copy) */
	int rc = tblw_write_mt(o->out, m, packed, o->level, o->threads, bytes, err);
	free(packed);
	return rc;
}

/* Writes the table: compact entries as the search packed them (1 bit a state: a whole search in
 * one process), else the one-byte entries packed at the narrowest width that holds the largest
 * (over every process; bits_for of the largest of the ORs is bits_for of the whole OR). */
static int write_table(const struct board *b, const struct board_state *goal, const struct exactcmd_opts *o,
		       uint32_t entry, struct bfs_result *res, struct slidetab_error *err)
{
	const struct bfs_part *part = o->dist ? o->dist->part : NULL;
	struct exactcmd_pack_job job = { .entries = res->entries, .count = part ? part->hi - part->lo : res->states };
	size_t chunks = (size_t)((job.count + PACK_CHUNK - 1) / PACK_CHUNK);
	unsigned maxe = 1; /* the top bit of the OR the search kept is the largest entry's */
	if (!res->packed)
		maxe = part ? (unsigned)part->reduce(part->ctx, res->entries_or, BFS_MAX) : res->entries_or;
	unsigned bits = (unsigned)bits_for(maxe);
	struct table_meta m = { .kind = TABLE_KIND_EXACT,
				.ranking = TABLE_RANK_SEQ_BLANK,
				.entry = entry,
				.payload = o->compress == 1 ? TABLE_PAYLOAD_ZLIB : TABLE_PAYLOAD_RAW,
				.rows = (uint8_t)b->rows,
				.cols = (uint8_t)b->cols,
				.cells = (uint8_t)b->n,
				.entry_bits = (uint8_t)bits,
				.entries = res->states,
				.radius = res->radius,
				.block_entries = o->block_entries };
	memcpy(m.goal, goal->t, (size_t)b->n);
	memcpy(m.hist, res->hist, sizeof m.hist);
	snprintf(m.generator, sizeof m.generator, "slidetab gen %s", SLIDETAB_VERSION);
	uint64_t bytes = 0;
	int rc = res->packed ? tblw_write_mt(o->out, &m, res->packed, o->level, o->threads, &bytes, err)
		 : part      ? o->dist->write(part->ctx, &m, res->entries, o, &bytes, err)
			     : pack_write(o, &m, &job, chunks, res, &bytes, err);
	bfs_result_free(res);
	if (rc == SLIDETAB_OK && o->report && !o->intermediate)
		fprintf(o->report, "# wrote %s: %" PRIu64 " bytes, %.3f bits/state (%s, %u-bit %s entries)\n", o->out,
			bytes, 8.0 * (double)bytes / (double)res->states, tblhdr_payload_name(m.payload), m.entry_bits,
			table_entry_name(m.entry));
	return rc;
}

int exactcmd_run(const struct board *b, const struct board_state *goal, const struct exactcmd_opts *o,
		 struct slidetab_error *err)
{
	uint32_t entry = o->compress == 2 ? TABLE_ENTRY_MOD4 : o->entry;
	int rc = exactcmd_check(b, o, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!o->quiet)
		announce(b, o, entry);
	struct ckpt ck = { .dir = o->checkpoint,
			   .resume = o->resume,
			   .b = b,
			   .goal = goal,
			   .entry = entry,
			   .count_only = o->count_only,
			   .part = o->dist ? o->dist->part : NULL };
	struct bfs_ckpt hooks = ckpt_hooks(&ck);
	struct bfs_options opt = { .threads = o->threads,
				   .count_only = o->count_only,
				   .entry = entry,
				   .log = o->quiet ? NULL : stderr,
				   .live = !o->quiet && isatty(2) && !o->dist,
				   .part = ck.part,
				   .ckpt = o->checkpoint ? &hooks : NULL };
	struct bfs_result res;
	double c0 = cputime_now();
	rc = bfs_run(b, goal, &opt, &res, err);
	if (rc != SLIDETAB_OK && o->dist && o->dist->failed_together)
		*o->dist->failed_together = ck.failed_together;
	if (rc != SLIDETAB_OK)
		return rc;
	summary(o->report, b, goal, &res, cputime_now() - c0);
	if (!o->count_only) {
		double t0 = clock_now();
		if (!o->quiet)
			fprintf(stderr, "gen: search done in %.1f s; packing and writing %s\n", res.seconds, o->out);
		rc = write_table(b, goal, o, entry, &res, err);
		if (!o->quiet && rc == SLIDETAB_OK)
			fprintf(stderr, "gen: table written in %.1f s\n", clock_now() - t0);
	}
	bfs_result_free(&res);
	if (rc == SLIDETAB_OK && o->checkpoint)
		ckpt_finish(&ck); /* done: the checkpoint would only be mistaken for another run's */
	return rc;
}
