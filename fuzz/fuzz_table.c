/* SPDX-License-Identifier: Zlib */
/* fuzz_table: libFuzzer target for the table reader (libslidetab/table/read.c, exact.c) on hostile files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "libslidetab/model/board.h"
#include "libslidetab/table/exact.h"
#include "libslidetab/table/format.h"
#include "libslidetab/table/read.h"

/*
 * Input: one flag byte, then the file. Checksums are hard for a mutator to get right, so the
 * flags can repair them before the file is written; the reader's deeper checks are reached that
 * way. Flag bits: 1 fix the header CRC, 2 fix the index CRC, 4 fix every block CRC the index
 * names (a small header: its one block's), 8 open with TABLE_PRELOAD first; the high nibble seeds
 * the lookups.
 */
enum { FIX_HEADER = 1, FIX_INDEX = 2, FIX_BLOCKS = 4, PRELOAD_FIRST = 8 };

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}
static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* The small header (version 2): its one block's CRC (FIX_BLOCKS) and its own (FIX_HEADER). */
static void fix_small(uint8_t *f, size_t n, unsigned flags)
{
	uint32_t size = get32(f + 16);
	if (size < S_GOAL + 4 || size > TABLE_SMALL_MAX || size > n)
		return;
	if (flags & FIX_BLOCKS)
		put32(f + S_PAYCRC, (uint32_t)crc32(0, f + size, (uInt)(n - size)));
	if (flags & FIX_HEADER)
		put32(f + size - 4, (uint32_t)crc32(0, f, size - 4));
}

static void fix_checksums(uint8_t *f, size_t n, unsigned flags)
{
	if (n >= TABLE_MIN_BYTES && get32(f + 8) == TABLE_FORMAT_SMALL) {
		fix_small(f, n, flags);
		return;
	}
	if (n < TABLE_HEADER_SIZE)
		return;
	uint64_t blocks = get64(f + 128), ioff = get64(f + 136), isize = get64(f + 144), poff = get64(f + 152);
	if ((flags & FIX_BLOCKS) && ioff <= n && blocks <= (n - ioff) / 16) {
		for (uint64_t b = 0; b < blocks; b++) {
			uint8_t *e = f + ioff + 16 * b;
			uint64_t off = get64(e), sz = get32(e + 8);
			if (poff <= n && off <= n - poff && sz <= n - poff - off)
				put32(e + 12, (uint32_t)crc32(0, f + poff + off, (uInt)sz));
		}
	}
	if ((flags & FIX_INDEX) && ioff <= n && isize <= n - ioff)
		put32(f + 168, (uint32_t)crc32(0, f + ioff, (uInt)isize));
	if (flags & FIX_HEADER)
		put32(f + TABLE_HEADER_SIZE - 4, (uint32_t)crc32(0, f, TABLE_HEADER_SIZE - 4));
}

static void check_err(int rc, const struct slidetab_error *err)
{
	if (rc != SLIDETAB_EFORMAT && rc != SLIDETAB_ENOMEM)
		abort(); /* a regular file that is readable can only be refused as damaged (or too big) */
	if (memchr(err->msg, '\0', sizeof err->msg) == NULL || err->msg[0] == '\0')
		abort();
}

#define PROBES 48

/* Lookups on a few indices; stores the values of those that succeed. Returns how many did. */
static int probe(struct table *t, const uint64_t *idx, unsigned *val, int *ok)
{
	const struct table_meta *m = table_get_meta(t);
	int good = 0;
	for (int k = 0; k < PROBES; k++) {
		struct slidetab_error err;
		err.msg[0] = '\0';
		int rc = table_lookup(t, idx[k], &val[k], &err);
		ok[k] = rc == SLIDETAB_OK;
		if (rc == SLIDETAB_OK) {
			if (val[k] >= (1u << m->entry_bits))
				abort();
			good++;
		} else {
			check_err(rc, &err);
		}
	}
	return good;
}

/* A state that can reach the table's goal, shuffled by the bytes of seed. */
static void reachable_state(const struct exact *x, uint64_t seed, struct board_state *s)
{
	*s = x->goal;
	int n = x->b.n;
	for (int i = n - 1; i > 0; i--) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		int j = (int)((seed >> 33) % (uint64_t)(i + 1));
		uint8_t tmp = s->t[i];
		s->t[i] = s->t[j];
		s->t[j] = tmp;
	}
	if (!board_solvable(&x->b, s, &x->goal)) { /* swap two tiles (not the blank) to flip parity */
		int a = s->t[0] ? 0 : 2, b = s->t[1] ? 1 : 2;
		uint8_t tmp = s->t[a];
		s->t[a] = s->t[b];
		s->t[b] = tmp;
	}
	if (!board_solvable(&x->b, s, &x->goal))
		abort();
}

static void try_exact(const char *path, unsigned flags, uint64_t seed)
{
	struct exact x;
	struct slidetab_error err;
	int rc = exact_open(&x, path, flags, &err);
	if (rc != SLIDETAB_OK) {
		check_err(rc, &err);
		return;
	}
	for (int k = 0; k < 8; k++) {
		struct board_state s;
		unsigned v;
		if (k == 0)
			s = x.goal;
		else
			reachable_state(&x, seed + (uint64_t)k * 0x9e3779b97f4a7c15u, &s);
		rc = exact_value(&x, &s, &v, &err);
		if (rc != SLIDETAB_OK)
			check_err(rc, &err);
		if (k < 3) {
			rc = exact_distance(&x, &s, &v, &err);
			if (rc != SLIDETAB_OK)
				check_err(rc, &err);
			else if (v > x.meta->radius && x.meta->entry == TABLE_ENTRY_MOD4)
				abort(); /* the walk is bounded by the radius */
		}
	}
	exact_close(&x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (size < 1 || size > (4u << 20))
		return 0;
	if (fd < 0) {
		fd = memfd_create("fuzz_table", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	unsigned flags = data[0];
	size_t n = size - 1;
	uint8_t *file = malloc(n ? n : 1);
	if (!file)
		return 0;
	memcpy(file, data + 1, n);
	fix_checksums(file, n, flags);
	if (ftruncate(fd, 0) != 0 || pwrite(fd, file, n, 0) != (ssize_t)n)
		abort();
	free(file);

	struct table *t = NULL, *tp = NULL;
	struct slidetab_error err;
	int rc_pre = -1;
	if (flags & PRELOAD_FIRST) {
		rc_pre = table_open(&tp, path, TABLE_PRELOAD, &err);
		if (rc_pre != SLIDETAB_OK)
			check_err(rc_pre, &err);
	}
	int rc = table_open(&t, path, 0, &err);
	if (rc != SLIDETAB_OK) {
		check_err(rc, &err);
		if (rc_pre == SLIDETAB_OK && rc == SLIDETAB_EFORMAT)
			abort(); /* preloading accepted what a plain open refuses */
		table_close(tp);
		return 0;
	}
	const struct table_meta *m = table_get_meta(t);
	if (m->rows < 2 || m->cols < 2 || m->cells != m->rows * m->cols || m->cells > BOARD_MAX_CELLS ||
	    m->entry_bits < 1 || m->entry_bits > 8 || m->radius >= TABLE_HIST_MAX || m->entries == 0)
		abort(); /* the header checks let through a table that cannot exist */

	uint64_t idx[PROBES];
	unsigned val[PROBES], val2[PROBES];
	int ok[PROBES], ok2[PROBES];
	uint64_t seed = (flags >> 4) * 0x9e3779b97f4a7c15u + size;
	for (int k = 0; k < PROBES; k++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		idx[k] = k == 0 ? 0 : k == 1 ? m->entries - 1 : (seed >> 11) % m->entries;
	}
	probe(t, idx, val, ok);
	int rc_all = table_check_all(t, &err);
	if (rc_all != SLIDETAB_OK) {
		check_err(rc_all, &err);
		if (table_packed(t) != NULL)
			abort(); /* a failed check must not open the fast path */
	} else {
		if (table_packed(t) == NULL)
			abort();
		/* Every probe now succeeds and agrees with what the slow path said. */
		if (probe(t, idx, val2, ok2) != PROBES)
			abort();
		for (int k = 0; k < PROBES; k++)
			if (ok[k] && val[k] != val2[k])
				abort();
	}
	if (rc_pre >= 0) {
		if ((rc_pre == SLIDETAB_OK) != (rc_all == SLIDETAB_OK) && rc_pre != SLIDETAB_ENOMEM &&
		    rc_all != SLIDETAB_ENOMEM)
			abort(); /* preload and check_all disagree about the same bytes */
		if (rc_pre == SLIDETAB_OK) {
			if (probe(tp, idx, val2, ok2) != PROBES)
				abort();
			for (int k = 0; k < PROBES; k++)
				if (ok[k] && val[k] != val2[k])
					abort();
		}
	}
	uint32_t kind = m->kind;
	table_close(t);
	table_close(tp);
	if (kind == TABLE_KIND_EXACT) {
		try_exact(path, 0, seed);
		try_exact(path, TABLE_PRELOAD, seed);
	}
	return 0;
}
