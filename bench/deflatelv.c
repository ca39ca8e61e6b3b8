/* SPDX-License-Identifier: Zlib */
/* deflatelv: a table's blocks deflated by zlib and libdeflate at each level (time, bytes) and inflated by both (a whole table, one block). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef SLIDETAB_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include "common/table_stream.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/table/read.h"

struct blocks {
	uint64_t n, bb, states;
	uint8_t *plain; /* block b at b * bb */
	uint64_t *len;
	uint8_t **z; /* the last encoder's output, block by block */
	uint64_t *zlen;
};

/* Deflates every block on one thread with zlib (lib 0) or libdeflate (lib 1) at level; seconds. */
static double deflate_all(struct blocks *t, int lib, int level, uint64_t *bytes)
{
	double t0 = clock_now();
	*bytes = 0;
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	struct libdeflate_compressor *c = lib ? libdeflate_alloc_compressor(level) : NULL;
#endif
	for (uint64_t b = 0; b < t->n; b++) {
		uLongf zl = compressBound((uLong)t->bb) + 64;
		if (!lib)
			compress2(t->z[b], &zl, t->plain + b * t->bb, (uLong)t->len[b], level);
#ifdef SLIDETAB_HAVE_LIBDEFLATE
		else
			zl = (uLongf)libdeflate_zlib_compress(c, t->plain + b * t->bb, t->len[b], t->z[b], zl);
		(void)c;
#endif
		t->zlen[b] = zl;
		*bytes += zl;
	}
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	libdeflate_free_compressor(c);
#endif
	return clock_now() - t0;
}

/* Inflates every block (lib 0 zlib, 1 libdeflate), checking each against the original; seconds
 * for all, and in *one the first block's (a cold lookup's inflate: fresh decoder, cold caches). */
static double inflate_all(struct blocks *t, int lib, double *one)
{
	uint8_t *out = malloc(t->bb);
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
#endif
	double t0 = clock_now();
	for (uint64_t b = 0; b < t->n; b++) {
		double tb = clock_now();
		uLongf ol = (uLongf)t->bb;
		size_t got = 0;
		if (!lib)
			uncompress(out, &ol, t->z[b], (uLong)t->zlen[b]), got = ol;
#ifdef SLIDETAB_HAVE_LIBDEFLATE
		else
			libdeflate_zlib_decompress(d, t->z[b], t->zlen[b], out, t->bb, &got);
#endif
		if (b == 0)
			*one = clock_now() - tb;
		if (got != t->len[b] || memcmp(out, t->plain + b * t->bb, got) != 0) {
			fprintf(stderr, "deflatelv: block %llu inflates wrong\n", (unsigned long long)b);
			exit(1);
		}
	}
	double all = clock_now() - t0;
#ifdef SLIDETAB_HAVE_LIBDEFLATE
	libdeflate_free_decompressor(d);
#endif
	free(out);
	return all;
}

int main(int argc, char **argv)
{
	struct slidetab_error err = { 0 };
	struct table *tb;
	if (argc != 2 || table_open(&tb, argv[1], 0, &err) != SLIDETAB_OK) {
		fprintf(stderr, "usage: deflatelv TABLE (%s)\n", err.msg);
		return 2;
	}
	struct blocks t = { .n = table_blocks(tb),
			    .bb = tblstream_block_bytes(tb),
			    .states = table_get_meta(tb)->entries };
	t.plain = malloc(t.n * t.bb), t.len = malloc(t.n * 8), t.z = malloc(t.n * sizeof *t.z),
	t.zlen = malloc(t.n * 8);
	for (uint64_t b = 0; b < t.n; b++)
		if (!(t.z[b] = malloc(compressBound((uLong)t.bb) + 64)) ||
		    tblstream_read_block(tb, b, t.plain + b * t.bb, &t.len[b], &err) != SLIDETAB_OK) {
			fprintf(stderr, "deflatelv: %s\n", err.msg);
			return 1;
		}
	table_close(tb);
	printf("%-14s %5s %10s %12s %10s\n", "encoder", "level", "1-thread_s", "bytes", "bits/state");
	static const int runs[][2] = {
		{ 0, 6 }, { 0, 9 }, { 1, 1 }, { 1, 2 }, { 1, 4 }, { 1, 6 }, { 1, 9 }, { 1, 12 }
	};
	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
#ifndef SLIDETAB_HAVE_LIBDEFLATE
		if (runs[r][0])
			continue;
#endif
		uint64_t bytes;
		double s = deflate_all(&t, runs[r][0], runs[r][1], &bytes);
		printf("%-14s %5d %10.2f %12llu %10.4f\n", runs[r][0] ? "libdeflate" : "zlib", runs[r][1], s,
		       (unsigned long long)bytes, 8.0 * (double)bytes / (double)t.states);
	}
	uint64_t bytes;
	deflate_all(&t, 1, 4, &bytes); /* what gen writes (zlib 9 where there is no libdeflate) */
	printf("inflating the blocks gen writes (%llu blocks), one thread:\n", (unsigned long long)t.n);
	for (int lib = 0; lib < 2; lib++) {
#ifndef SLIDETAB_HAVE_LIBDEFLATE
		if (lib)
			break;
#endif
		double one = 0, all = inflate_all(&t, lib, &one);
		printf("%-14s whole table %.3f s (%.0f MB/s out), a block %.1f us on average, the first %.1f us\n",
		       lib ? "libdeflate" : "zlib", all, (double)t.n * (double)t.bb / all / 1e6,
		       all / (double)t.n * 1e6, one * 1e6);
	}
	return 0;
}
