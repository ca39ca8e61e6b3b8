/* SPDX-License-Identifier: Zlib */
/* test_hostile: builds damaged and forged tables on purpose and checks that the reader refuses each one. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "common/table_write.h"
#include "gen/exact/unrank.h"
#include "libslidetab/model/board.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/table/exact.h"
#include "libslidetab/table/header.h" /* the header codec; format.h: the H_* offsets */
#include "libslidetab/table/read.h"

/* The fixture: the 2x3 board, goal blank last, plain 5-bit entries, 64 entries per block, so
 * 360 states make 6 blocks of 40 packed bytes (the last 25). */
#define ROWS          2
#define COLS          3
#define STATES        360
#define BITS          5
#define BLOCK_ENTRIES 64
#define BLOCK_BYTES   (BLOCK_ENTRIES * BITS / 8)
#define PACKED_BYTES  ((STATES * BITS + 7) / 8)
#define NBLOCKS       ((STATES + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES)

static char dir[64];
static char raw_path[128], zlib_path[128];
static char small_raw_path[128], small_zlib_path[128]; /* the fixture in one block: the small header */
static uint8_t dist[STATES];                           /* exact distances by index, from our own BFS */
static uint8_t packed[PACKED_BYTES + 1];
static struct table_meta meta; /* the fixture's metadata */

struct img {
	uint8_t *p;
	size_t n;
};

/* ---- helpers on file images ---- */

static uint32_t g32(const struct img *m, size_t o)
{
	const uint8_t *p = m->p + o;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t g64(const struct img *m, size_t o)
{
	return (uint64_t)g32(m, o) | (uint64_t)g32(m, o + 4) << 32;
}
static void s32(struct img *m, size_t o, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		m->p[o + (size_t)i] = (uint8_t)(v >> (8 * i));
}
static void s64(struct img *m, size_t o, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		m->p[o + (size_t)i] = (uint8_t)(v >> (8 * i));
}

static struct img load(const char *path)
{
	struct img m = { NULL, 0 };
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	m.n = (size_t)ftell(f);
	fseek(f, 0, SEEK_SET);
	m.p = malloc(m.n + 1);
	ck_assert(m.p != NULL);
	ck_assert(fread(m.p, 1, m.n, f) == m.n);
	fclose(f);
	return m;
}

static struct img img_clone(const struct img *src)
{
	struct img m = { malloc(src->n + 1), src->n };
	ck_assert(m.p != NULL);
	memcpy(m.p, src->p, src->n);
	return m;
}

static uint32_t crc_of(const uint8_t *p, size_t n)
{
	return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

/* Recomputes the header CRC (bytes 0..4091, stored at 4092). */
static void fix_header(struct img *m)
{
	s32(m, H_CRC, crc_of(m->p, H_CRC));
}

/* Recomputes the index CRC (and then the header CRC). */
static void fix_index(struct img *m)
{
	uint64_t off = g64(m, H_INDEXOFF), size = g64(m, H_INDEXSIZE);
	if (off <= m->n && size <= m->n - off)
		s32(m, H_INDEXCRC, crc_of(m->p + off, size));
	fix_header(m);
}

/* Scratch tables live in a memfd (opened by path through /proc/self/fd): thousands of them are
 * written, and a disk would make that the slowest part of the test. */
static const char *scratch_mem(const struct img *m)
{
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("hostile", 0);
		ck_assert_msg(fd >= 0, "memfd_create: %s", strerror(errno));
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	ck_assert(ftruncate(fd, 0) == 0);
	ck_assert(pwrite(fd, m->p, m->n, 0) == (ssize_t)m->n);
	return path;
}

static const char *scratch(const char *name)
{
	static char path[192];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return path;
}

/* 1 when msg contains (ignoring case) one of the '|'-separated needles. */
static int mentions(const char *msg, const char *needles)
{
	char list[256];
	snprintf(list, sizeof list, "%s", needles);
	for (char *save_p = NULL, *n = strtok_r(list, "|", &save_p); n; n = strtok_r(NULL, "|", &save_p))
		if (strcasestr(msg, n) != NULL)
			return 1;
	return 0;
}

/* Opens m (written to a scratch file) and asserts SLIDETAB_EFORMAT with a message containing needle
 * (any of several, separated by '|'). */
static void expect_refused(const struct img *m, unsigned flags, const char *needles, const char *what)
{
	const char *path = scratch_mem(m);
	struct table *t = (struct table *)0x1;
	struct slidetab_error err;
	memset(&err, 0, sizeof err);
	int rc = table_open(&t, path, flags, &err);
	ck_assert_msg(rc == SLIDETAB_EFORMAT, "%s: table_open returned %d, not SLIDETAB_EFORMAT (%s)", what, rc,
		      rc == SLIDETAB_OK ? "accepted" : err.msg);
	ck_assert_msg(t == NULL, "%s: a refused table left a handle", what);
	ck_assert_msg(memchr(err.msg, '\0', sizeof err.msg) != NULL, "%s: message not terminated", what);
	ck_assert_msg(mentions(err.msg, needles), "%s: message \"%s\" does not mention %s", what, err.msg, needles);
}

/* Opens m and returns the handle (asserting SLIDETAB_OK). */
static struct table *expect_open(const struct img *m, unsigned flags, const char *what)
{
	const char *path = scratch_mem(m);
	struct table *t;
	struct slidetab_error err;
	int rc = table_open(&t, path, flags, &err);
	ck_assert_msg(rc == SLIDETAB_OK, "%s: refused: %s", what, err.msg);
	return t;
}

/* ---- the fixture: a real 2x3 table from a small BFS ---- */

static void build_fixture(void)
{
	struct board b;
	struct board_state goal;
	struct rank_ctx rk;
	board_init(&b, ROWS, COLS);
	board_goal(&b, b.n - 1, &goal);
	rank_init(&rk, &b, &goal);
	if (rk.count != STATES) {
		fprintf(stderr, "fixture: %" PRIu64 " states, expected %d\n", rk.count, STATES);
		exit(2);
	}
	memset(dist, 0xff, sizeof dist);
	uint64_t queue[STATES];
	size_t head = 0, tail = 0;
	uint64_t g = rank_state(&rk, &goal);
	dist[g] = 0;
	queue[tail++] = g;
	while (head < tail) {
		uint64_t i = queue[head++];
		struct board_state s;
		unrank_state(&rk, i, &s);
		for (int d = 0; d < BOARD_NDIRS; d++) {
			struct board_state nb = s;
			int bl = board_blank(&b, &nb);
			if (board_move(&b, &nb, &bl, (enum board_dir)d) != 0)
				continue;
			uint64_t j = rank_state(&rk, &nb);
			if (dist[j] == 0xff) {
				dist[j] = (uint8_t)(dist[i] + 1);
				queue[tail++] = j;
			}
		}
	}
	memset(&meta, 0, sizeof meta);
	meta.kind = TABLE_KIND_EXACT;
	meta.ranking = TABLE_RANK_SEQ_BLANK;
	meta.entry = TABLE_ENTRY_PLAIN;
	meta.rows = ROWS, meta.cols = COLS, meta.cells = ROWS * COLS;
	meta.entry_bits = BITS;
	memcpy(meta.goal, goal.t, (size_t)b.n);
	meta.entries = STATES;
	meta.block_entries = BLOCK_ENTRIES;
	for (int i = 0; i < STATES; i++) {
		if (dist[i] == 0xff) {
			fprintf(stderr, "fixture: state %d unreached\n", i);
			exit(2);
		}
		meta.hist[dist[i]]++;
		if (dist[i] > meta.radius)
			meta.radius = dist[i];
		table_packed_set(packed, (uint64_t)i, BITS, dist[i]);
	}
	snprintf(meta.generator, sizeof meta.generator, "test_hostile");
	struct slidetab_error err;
	meta.payload = TABLE_PAYLOAD_RAW;
	if (tblw_write(raw_path, &meta, packed, 9, NULL, &err) != SLIDETAB_OK) {
		fprintf(stderr, "fixture: %s\n", err.msg);
		exit(2);
	}
	meta.payload = TABLE_PAYLOAD_ZLIB;
	if (tblw_write(zlib_path, &meta, packed, 9, NULL, &err) != SLIDETAB_OK) {
		fprintf(stderr, "fixture: %s\n", err.msg);
		exit(2);
	}
	struct table_meta one = meta; /* 384 entries a block: one block */
	one.block_entries = 384;
	for (int p = 0; p < 2; p++) {
		one.payload = p ? TABLE_PAYLOAD_ZLIB : TABLE_PAYLOAD_RAW;
		if (tblw_write(p ? small_zlib_path : small_raw_path, &one, packed, 9, NULL, &err) != SLIDETAB_OK) {
			fprintf(stderr, "fixture: %s\n", err.msg);
			exit(2);
		}
	}
}

/* Length of block b's packed bytes. */
static size_t block_len(uint64_t b)
{
	size_t start = (size_t)b * BLOCK_BYTES;
	return PACKED_BYTES - start < BLOCK_BYTES ? PACKED_BYTES - start : BLOCK_BYTES;
}

/* Rebuilds a zlib table from the good one with block b's stored bytes replaced by (data, size);
 * offsets, sizes and every CRC are made consistent, so only the block's content is wrong. */
static struct img zlib_with_block(uint64_t which, const uint8_t *data, size_t size)
{
	struct img base = load(zlib_path);
	uint64_t poff = g64(&base, H_PAYOFF);
	struct img m = { malloc(poff + PACKED_BYTES * 2 + size + 1024), 0 };
	ck_assert(m.p != NULL);
	memcpy(m.p, base.p, poff);
	uint64_t off = 0;
	for (uint64_t b = 0; b < NBLOCKS; b++) {
		uint8_t z[1024];
		const uint8_t *stored = z;
		uLongf zlen = sizeof z;
		if (b == which) {
			stored = data;
			zlen = size;
		} else {
			ck_assert(compress2(z, &zlen, packed + b * BLOCK_BYTES, block_len(b), 9) == Z_OK);
		}
		memcpy(m.p + poff + off, stored, zlen);
		uint8_t *e = m.p + TABLE_HEADER_SIZE + 16 * b;
		struct img ei = { e, 16 };
		s64(&ei, 0, off);
		s32(&ei, 8, (uint32_t)zlen);
		s32(&ei, 12, crc_of(stored, zlen));
		off += zlen;
	}
	m.n = poff + off;
	s64(&m, H_PAYSIZE, off);
	fix_index(&m);
	free(base.p);
	return m;
}

/* Asserts that lookups in the blocks of mask `bad` are refused with a message naming the block,
 * that every other block still gives the right distances, and that table_check_all and
 * TABLE_PRELOAD refuse (naming the first bad block). A header check that already refuses the
 * table at open, naming the block, is as good. */
static void expect_blocks_refused(const struct img *m, uint32_t bad, const char *needle, const char *what)
{
	const char *path = scratch_mem(m);
	struct table *t;
	struct slidetab_error err;
	int first = __builtin_ctz(bad);
	char name[32];
	snprintf(name, sizeof name, "block %d", first);
	int rc = table_open(&t, path, 0, &err);
	if (rc != SLIDETAB_OK) {
		ck_assert_msg(rc == SLIDETAB_EFORMAT && strstr(err.msg, "block "), "%s: refused at open with %d: %s",
			      what, rc, err.msg);
		return;
	}
	for (uint64_t i = 0; i < STATES; i++) {
		unsigned v = 999;
		err.msg[0] = '\0';
		rc = table_lookup(t, i, &v, &err);
		uint64_t b = i / BLOCK_ENTRIES;
		if (bad >> b & 1) {
			char bname[32];
			snprintf(bname, sizeof bname, "block %" PRIu64, b);
			ck_assert_msg(rc == SLIDETAB_EFORMAT, "%s: entry %" PRIu64 " of a damaged block read as %u",
				      what, i, v);
			ck_assert_msg(strstr(err.msg, bname) && strcasestr(err.msg, "block"),
				      "%s: lookup message \"%s\" does not name %s", what, err.msg, bname);
		} else {
			ck_assert_msg(rc == SLIDETAB_OK && v == dist[i],
				      "%s: entry %" PRIu64 " in a good block: rc %d, %u != %u", what, i, rc, v,
				      dist[i]);
		}
	}
	rc = table_check_all(t, &err);
	ck_assert_msg(rc == SLIDETAB_EFORMAT, "%s: table_check_all returned %d", what, rc);
	ck_assert_msg(strstr(err.msg, name) != NULL && mentions(err.msg, needle),
		      "%s: check_all message \"%s\" does not name %s (%s)", what, err.msg, name, needle);
	ck_assert_msg(table_packed(t) == NULL, "%s: fast path opened on a damaged table", what);
	table_close(t);
	expect_refused(m, TABLE_PRELOAD, name, what);
}

static void expect_block_refused(const struct img *m, uint64_t bad, const char *needle, const char *what)
{
	expect_blocks_refused(m, 1u << bad, needle, what);
}

/* ---- tests ---- */

/* The table at path answers every state with the fixture's BFS distance, opened lazily and preloaded. */
static void expect_all_distances(const char *path)
{
	for (unsigned flags = 0; flags <= TABLE_PRELOAD; flags += TABLE_PRELOAD) {
		struct exact x;
		struct slidetab_error err;
		ck_assert_msg(exact_open(&x, path, flags, &err) == SLIDETAB_OK, "%s: %s", path, err.msg);
		for (uint64_t i = 0; i < STATES; i++) {
			struct board_state s;
			unsigned d;
			unrank_state(&x.rk, i, &s);
			ck_assert(exact_distance(&x, &s, &d, &err) == SLIDETAB_OK);
			ck_assert_msg(d == dist[i], "%s state %" PRIu64 ": %u != %u", path, i, d, dist[i]);
		}
		exact_close(&x);
	}
}

START_TEST(test_fixture_is_good)
{
	expect_all_distances(raw_path);
	expect_all_distances(zlib_path);
	ck_assert_int_eq(meta.radius, 21); /* published: 2x3 radius 21 */
	ck_assert_int_eq(meta.hist[21], 1);
}
END_TEST

START_TEST(test_empty_magic_version)
{
	struct img good = load(zlib_path);
	struct img m = { good.p, 0 };
	expect_refused(&m, 0, "empty", "empty file");
	m = img_clone(&good);
	memcpy(m.p, "SLIDETAX", 8);
	expect_refused(&m, 0, "magic", "wrong magic");
	fix_header(&m);
	expect_refused(&m, 0, "magic", "wrong magic, CRC fixed");
	memset(m.p, 0, 8);
	expect_refused(&m, 0, "magic", "zero magic");
	free(m.p);
	m = img_clone(&good);
	s32(&m, H_VERSION, 3);
	expect_refused(&m, 0, "version 3", "future version");
	fix_header(&m);
	expect_refused(&m, 0, "version 3", "future version, CRC fixed");
	s32(&m, H_VERSION, TABLE_FORMAT_SMALL);
	fix_header(&m);
	expect_refused(&m, 0, "small header of 4096", "a full header labelled small");
	s32(&m, H_VERSION, 0);
	fix_header(&m);
	expect_refused(&m, 0, "version 0", "version 0");
	s32(&m, H_VERSION, UINT32_MAX);
	fix_header(&m);
	expect_refused(&m, 0, "version", "version 2^32-1");
	free(m.p);
	m = img_clone(&good);
	s32(&m, H_BOM, 0x04030201u);
	fix_header(&m);
	expect_refused(&m, 0, "byte order", "big-endian byte order mark");
	free(m.p);
	m = img_clone(&good);
	s32(&m, H_HSIZE, 8192);
	fix_header(&m);
	expect_refused(&m, 0, "header size", "header size 8192");
	free(m.p);
	/* Not a file at all: a folder is refused as unreadable, not as damaged. */
	struct table *t;
	struct slidetab_error err;
	ck_assert_int_eq(table_open(&t, dir, 0, &err), SLIDETAB_EIO);
	ck_assert_int_eq(table_open(&t, scratch("does-not-exist.tbl"), 0, &err), SLIDETAB_EIO);
	free(good.p);
}
END_TEST

START_TEST(test_huge_entry_counts)
{
	struct img good = load(raw_path);
	static const uint64_t counts[] = { 0,
					   359,
					   361,
					   720,
					   UINT64_C(1) << 32,
					   UINT64_C(1) << 40,
					   UINT64_C(1) << 63,
					   UINT64_MAX,
					   UINT64_MAX / 5 + 1 };
	for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
		struct img m = img_clone(&good);
		s64(&m, H_ENTRIES, counts[k]);
		fix_header(&m);
		char what[64];
		snprintf(what, sizeof what, "entries = %" PRIu64, counts[k]);
		expect_refused(&m, 0, "entries", what);
		/* also with the histogram made to add up to the claimed count */
		m.p[H_HIST] = 0;
		s64(&m, H_HIST, counts[k] - (STATES - 1));
		fix_header(&m);
		expect_refused(&m, 0, "entries|histogram", what);
		free(m.p);
	}
	/* a block count far beyond the file, with an index size to match */
	struct img m = img_clone(&good);
	s64(&m, H_BLOCKS, UINT64_C(1) << 59);
	s64(&m, H_INDEXSIZE, UINT64_C(1) << 63);
	fix_header(&m);
	expect_refused(&m, 0, "sizes do not add up", "2^59 blocks");
	s64(&m, H_BLOCKS, UINT64_C(1) << 60);
	s64(&m, H_INDEXSIZE, 0); /* 2^60 * 16 wraps to 0 */
	fix_header(&m);
	expect_refused(&m, 0, "sizes do not add up", "2^60 blocks, index size wrapped");
	free(m.p);
	free(good.p);
}
END_TEST

START_TEST(test_offsets_past_the_end)
{
	struct img good = load(zlib_path);
	struct {
		size_t field;
		uint64_t value;
		const char *what;
	} cases[] = {
		{ H_PAYOFF, 0, "payload at 0 (over the header)" },
		{ H_PAYOFF, 4096, "payload over the index" },
		{ H_PAYOFF, 1u << 20, "payload past the end" },
		{ H_PAYOFF, UINT64_MAX, "payload at 2^64-1" },
		{ H_PAYSIZE, 1u << 20, "payload size past the end" },
		{ H_PAYSIZE, UINT64_MAX, "payload size 2^64-1" },
		{ H_INDEXOFF, 1u << 20, "index past the end" },
		{ H_INDEXOFF, 0, "index over the header" },
		{ H_INDEXOFF, UINT64_MAX - 8, "index at 2^64-9" },
		{ H_INDEXSIZE, 1u << 20, "index size past the end" },
		{ H_INDEXSIZE, UINT64_MAX, "index size 2^64-1" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct img m = img_clone(&good);
		s64(&m, cases[k].field, cases[k].value);
		fix_header(&m);
		expect_refused(&m, 0, "sizes do not add up", cases[k].what);
		free(m.p);
	}
	/* an index entry pointing past the end, CRCs fixed */
	for (uint64_t b = 0; b < NBLOCKS; b++) {
		struct img m = img_clone(&good);
		s64(&m, TABLE_HEADER_SIZE + 16 * b, UINT64_C(1) << 40);
		fix_index(&m);
		expect_refused(&m, 0, "bad offset or size", "block offset past the end");
		free(m.p);
		m = img_clone(&good);
		s64(&m, TABLE_HEADER_SIZE + 16 * b, UINT64_MAX - 3);
		fix_index(&m);
		expect_refused(&m, 0, "bad offset or size", "block offset 2^64-4");
		free(m.p);
	}
	free(good.p);
}
END_TEST

START_TEST(test_overlapping_blocks)
{
	const char *paths[2] = { raw_path, zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img good = load(paths[p]);
		for (uint64_t b = 1; b < NBLOCKS; b++) {
			size_t e = TABLE_HEADER_SIZE + 16 * b;
			uint64_t prev = g64(&good, e - 16), off = g64(&good, e);
			uint64_t cases[3] = { prev, off - 1, off + 1 };
			for (int k = 0; k < 3; k++) {
				struct img m = img_clone(&good);
				s64(&m, e, cases[k]);
				fix_index(&m);
				char what[96];
				snprintf(what, sizeof what, "%s: block %" PRIu64 " at %" PRIu64 " instead of %" PRIu64,
					 paths[p], b, cases[k], off);
				expect_refused(&m, 0, "bad offset or size", what);
				free(m.p);
			}
		}
		/* two blocks swapped in the index (each entry self-consistent) */
		struct img m = img_clone(&good);
		uint8_t tmp[16];
		memcpy(tmp, m.p + TABLE_HEADER_SIZE, 16);
		memcpy(m.p + TABLE_HEADER_SIZE, m.p + TABLE_HEADER_SIZE + 16, 16);
		memcpy(m.p + TABLE_HEADER_SIZE + 16, tmp, 16);
		fix_index(&m);
		expect_refused(&m, 0, "bad offset or size", "blocks 0 and 1 swapped");
		free(m.p);
		free(good.p);
	}
}
END_TEST

START_TEST(test_block_stored_size_wrong)
{
	/* raw: a block's size must be its packed length exactly */
	struct img good = load(raw_path);
	for (uint64_t b = 0; b < NBLOCKS; b++) {
		uint32_t deltas[3] = { 1, UINT32_MAX, 0 };
		for (int k = 0; k < 3; k++) {
			struct img m = img_clone(&good);
			size_t e = TABLE_HEADER_SIZE + 16 * b + 8;
			s32(&m, e, k == 2 ? 0 : g32(&m, e) + deltas[k]);
			fix_index(&m);
			expect_refused(&m, 0, "bad offset or size", "raw block size off");
			free(m.p);
		}
	}
	free(good.p);
	/* zlib: size 0, larger than deflate can make it, or one byte off (the rest of the index adjusted
	 * so the blocks still tile the payload, CRCs of the stored bytes recomputed) */
	good = load(zlib_path);
	struct img m = img_clone(&good);
	s32(&m, TABLE_HEADER_SIZE + 8, 0);
	fix_index(&m);
	expect_refused(&m, 0, "bad offset or size", "zlib block of size 0");
	free(m.p);
	m = img_clone(&good);
	s32(&m, TABLE_HEADER_SIZE + 8, 1u << 20);
	fix_index(&m);
	expect_refused(&m, 0, "bad offset or size", "zlib block larger than deflate makes");
	free(m.p);
	uint64_t poff = g64(&good, H_PAYOFF);
	for (int delta = -1; delta <= 1; delta += 2) {
		m = img_clone(&good);
		size_t e0 = TABLE_HEADER_SIZE, e1 = TABLE_HEADER_SIZE + 16;
		uint32_t z0 = g32(&m, e0 + 8) + (uint32_t)delta, z1 = g32(&m, e1 + 8) - (uint32_t)delta;
		s32(&m, e0 + 8, z0);
		s64(&m, e1, z0);
		s32(&m, e1 + 8, z1);
		s32(&m, e0 + 12, crc_of(m.p + poff, z0));
		s32(&m, e1 + 12, crc_of(m.p + poff + z0, z1));
		fix_index(&m);
		expect_blocks_refused(&m, 3, "inflate",
				      delta < 0 ? "zlib block 0 one byte short" : "zlib block 0 one byte long");
		free(m.p);
	}
	free(good.p);
}
END_TEST

START_TEST(test_block_inflates_to_wrong_length)
{
	for (uint64_t b = 0; b < NBLOCKS; b++) {
		size_t len = block_len(b);
		uint8_t src[BLOCK_BYTES + 8], z[1024];
		memset(src, 0x5a, sizeof src);
		memcpy(src, packed + b * BLOCK_BYTES, len);
		struct {
			size_t in;
			int garbage;
			int stored;
			const char *what;
		} cases[] = {
			{ len - 1, 0, 0, "inflates one byte short" },
			{ len + 1, 0, 0, "inflates one byte long" },
			{ len + 8, 0, 0, "inflates 8 bytes long" },
			{ len, 1, 0, "trailing bytes after the deflate stream" },
			{ len, 0, 1, "stored bytes are not a deflate stream" },
			{ 0, 0, 0, "inflates to nothing" },
		};
		for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
			uLongf zlen = sizeof z;
			if (cases[k].stored) {
				memcpy(z, src, len);
				zlen = len;
			} else {
				ck_assert(compress2(z, &zlen, src, cases[k].in, 9) == Z_OK);
			}
			if (cases[k].garbage) {
				z[zlen++] = 0x00;
				z[zlen++] = 0x42;
			}
			struct img m = zlib_with_block(b, z, zlen);
			char what[96];
			snprintf(what, sizeof what, "block %" PRIu64 " %s", b, cases[k].what);
			expect_block_refused(&m, b, "inflate|checksum", what);
			free(m.p);
		}
	}
}
END_TEST

START_TEST(test_histogram_does_not_add_up)
{
	struct img good = load(raw_path);
	struct img m = img_clone(&good);
	s64(&m, H_HIST + 8 * 5, g64(&m, H_HIST + 8 * 5) + 1);
	fix_header(&m);
	expect_refused(&m, 0, "histogram", "one state too many at depth 5");
	s64(&m, H_HIST + 8 * 5, g64(&m, H_HIST + 8 * 5) - 2);
	fix_header(&m);
	expect_refused(&m, 0, "histogram", "one state too few at depth 5");
	free(m.p);
	/* counts that wrap around 2^64 to the right sum */
	m = img_clone(&good);
	s64(&m, H_HIST + 8 * 3, g64(&m, H_HIST + 8 * 3) + (UINT64_C(1) << 63));
	s64(&m, H_HIST + 8 * 4, g64(&m, H_HIST + 8 * 4) + (UINT64_C(1) << 63));
	fix_header(&m);
	expect_refused(&m, 0, "histogram", "counts wrapping around 2^64");
	free(m.p);
	/* nothing at the radius */
	m = img_clone(&good);
	s64(&m, H_HIST + 8 * 21, 0);
	s64(&m, H_HIST + 8 * 20, g64(&m, H_HIST + 8 * 20) + 1);
	fix_header(&m);
	expect_refused(&m, 0, "histogram", "no state at the radius");
	free(m.p);
	/* a length that is not radius + 1 */
	static const uint32_t lens[] = { 0, 21, 23, 256, 300, UINT32_MAX };
	for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
		m = img_clone(&good);
		s32(&m, H_HISTLEN, lens[k]);
		fix_header(&m);
		expect_refused(&m, 0, "histogram length", "histogram length");
		free(m.p);
	}
	/* a radius claimed smaller than the histogram */
	m = img_clone(&good);
	s32(&m, H_RADIUS, 20);
	s32(&m, H_HISTLEN, 21);
	fix_header(&m);
	expect_refused(&m, 0, "histogram", "radius 20 with 21 depths");
	free(m.p);
	free(good.p);
}
END_TEST

START_TEST(test_board_shapes)
{
	struct img good = load(raw_path);
	static const uint8_t shapes[][3] = { { 0, 0, 0 },   { 5, 8, 40 },    { 8, 5, 40 }, { 2, 3, 7 },
					     { 2, 3, 0 },   { 1, 6, 6 },     { 6, 1, 6 },  { 6, 6, 36 },
					     { 2, 20, 40 }, { 255, 255, 1 }, { 3, 2, 5 } };
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		struct img m = img_clone(&good);
		m.p[H_ROWS] = shapes[k][0];
		m.p[H_COLS] = shapes[k][1];
		m.p[H_CELLS] = shapes[k][2];
		fix_header(&m);
		char what[64];
		snprintf(what, sizeof what, "board %ux%u, %u cells", shapes[k][0], shapes[k][1], shapes[k][2]);
		expect_refused(&m, 0, "board", what);
		free(m.p);
	}
	/* a valid board of another size: the entry count no longer fits */
	static const uint8_t other[][3] = { { 3, 2, 6 }, { 2, 2, 4 }, { 3, 3, 9 }, { 4, 5, 20 }, { 5, 5, 25 } };
	for (size_t k = 0; k < sizeof other / sizeof other[0]; k++) {
		struct img m = img_clone(&good);
		m.p[H_ROWS] = other[k][0];
		m.p[H_COLS] = other[k][1];
		m.p[H_CELLS] = other[k][2];
		for (int c = 0; c < TABLE_GOAL_MAX; c++) /* a valid goal for the claimed board */
			m.p[H_GOAL + c] = (uint8_t)(c < other[k][2] ? (c + 1) % other[k][2] : 0);
		fix_header(&m);
		char what[64];
		snprintf(what, sizeof what, "a %ux%u header on a 2x3 table", other[k][0], other[k][1]);
		if (other[k][0] == 3 && other[k][1] == 2) {
			/* 3x2 has as many states as 2x3: the container accepts it; exact_open and solve
			 * compare it with the board they wanted (solve refuses "another board") */
			struct table *t = expect_open(&m, 0, what);
			table_close(t);
		} else {
			expect_refused(&m, 0, "entries", what);
		}
		free(m.p);
	}
	free(good.p);
}
END_TEST

START_TEST(test_radius_and_width)
{
	struct img good = load(raw_path);
	static const uint32_t radii[] = { 255, 256, 300, 65535, UINT32_MAX };
	for (size_t k = 0; k < sizeof radii / sizeof radii[0]; k++) {
		struct img m = img_clone(&good);
		s32(&m, H_RADIUS, radii[k]);
		fix_header(&m);
		char what[32];
		snprintf(what, sizeof what, "radius %" PRIu32, radii[k]);
		expect_refused(&m, 0, "radius|histogram", what);
		/* with the histogram length to match */
		s32(&m, H_HISTLEN, radii[k] + 1);
		fix_header(&m);
		expect_refused(&m, 0, "radius|histogram", what);
		free(m.p);
	}
	static const uint8_t widths[] = { 0, 9, 16, 255 };
	for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
		struct img m = img_clone(&good);
		m.p[H_BITS] = widths[k];
		fix_header(&m);
		char what[32];
		snprintf(what, sizeof what, "entry width %u", widths[k]);
		expect_refused(&m, 0, "entry width", what);
		free(m.p);
	}
	/* a valid width that does not match the payload's size */
	struct img m = img_clone(&good);
	m.p[H_BITS] = 8;
	fix_header(&m);
	expect_refused(&m, 0, "sizes|payload|bad offset", "8-bit entries over a 5-bit payload");
	free(m.p);
	free(good.p);
}
END_TEST

START_TEST(test_other_fields)
{
	struct img good = load(raw_path);
	struct {
		size_t off;
		int width;
		uint64_t value;
		const char *needle, *what;
		unsigned flags;
	} cases[] = {
		{ H_KIND, 4, 0, "kind", "kind 0", 0 },
		{ H_KIND, 4, 3, "kind", "kind 3", 0 },
		{ H_KIND, 4, TABLE_KIND_PDB, "ranking|pattern", "PDB kind on an exact table", 0 },
		{ H_RANKING, 4, TABLE_RANK_PDB, "ranking", "PDB ranking on an exact table", 0 },
		{ H_RANKING, 4, 0, "ranking", "ranking 0", 0 },
		{ H_ENTRY, 4, 0, "entry encoding", "entry encoding 0", 0 },
		{ H_ENTRY, 4, 5, "entry encoding", "entry encoding 5", 0 },
		{ H_PAYLOAD, 4, 0, "payload encoding", "payload encoding 0", 0 },
		{ H_PAYLOAD, 4, 3, "payload encoding", "payload encoding 3", 0 },
		{ H_PAYLOAD, 4, TABLE_PAYLOAD_ZLIB, "inflate", "raw payload labelled zlib", TABLE_PRELOAD },
		{ H_BLOCKENT, 4, 0, "multiple of 64", "block of 0 entries", 0 },
		{ H_BLOCKENT, 4, 63, "multiple of 64", "block of 63 entries", 0 },
		{ H_BLOCKENT, 4, 65, "multiple of 64", "block of 65 entries", 0 },
		{ H_BLOCKENT, 4, 128, "sizes do not add up", "block of 128 entries over an index of 64", 0 },
		{ H_PATTERN, 4, 6, "pattern", "exact table with a pattern", 0 },
		{ H_GOAL + 1, 1, 0, "goal", "goal with two blanks", 0 },
		{ H_GOAL, 1, 6, "goal", "goal tile 6 on 6 cells", 0 },
		{ H_GOAL, 1, 255, "goal", "goal tile 255", 0 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct img m = img_clone(&good);
		if (cases[k].width == 4)
			s32(&m, cases[k].off, (uint32_t)cases[k].value);
		else
			m.p[cases[k].off] = (uint8_t)cases[k].value;
		fix_header(&m);
		expect_refused(&m, cases[k].flags, cases[k].needle, cases[k].what);
		free(m.p);
	}
	struct img z = load(zlib_path);
	s32(&z, H_PAYLOAD, TABLE_PAYLOAD_RAW);
	fix_header(&z);
	expect_refused(&z, 0, "raw payload", "zlib payload labelled raw");
	free(z.p);
	struct img m = img_clone(&good);
	memset(m.p + H_GEN, 'A', 32);
	fix_header(&m);
	expect_refused(&m, 0, "generator", "generator name without its NUL");
	free(m.p);
	/* the zero-aware entry order gen wrote before 69a37fc: its entries would be read in the wrong places */
	m = img_clone(&good);
	s32(&m, H_KIND, TABLE_KIND_PDB);
	s32(&m, H_RANKING, TABLE_RANK_ZPDB_CLASS);
	fix_header(&m);
	expect_refused(&m, 0, "rebuild it with gen", "a PDB of ranking 3 (an earlier zero-aware order)");
	free(m.p);
	free(good.p);
}
END_TEST

/* A block far larger than the whole table is nonsense the writer never makes; accepting it lets
 * a few-KB file make every zlib lookup reserve 64 x 2.7 GB of cache (see docs/hardening.md). */
START_TEST(test_block_larger_than_table)
{
	struct table_meta m = meta;
	m.payload = TABLE_PAYLOAD_ZLIB;
	m.block_entries = UINT32_MAX & ~63u;
	const char *path = scratch("bigblock.tbl");
	struct slidetab_error err;
	if (tblw_write(path, &m, packed, 9, NULL, &err) != SLIDETAB_OK) {
		/* the writer shares the reader's header rules: refusing to write it is the fix */
		ck_assert_msg(strstr(err.msg, "block of") != NULL, "%s", err.msg);
		return;
	}
	struct table *t = NULL;
	int rc = table_open(&t, path, 0, &err);
	if (rc == SLIDETAB_OK) {
		/* whatever happens, a lookup must not crash and must be right or refused */
		unsigned v;
		int lr = table_lookup(t, 7, &v, &err);
		ck_assert(lr != SLIDETAB_OK || v == dist[7]);
		table_close(t);
	}
	ck_assert_msg(rc == SLIDETAB_EFORMAT, "a %" PRIu32 "-entry block on a %d-entry table was accepted",
		      m.block_entries, STATES);
}
END_TEST

START_TEST(test_header_bit_flips)
{
	struct img good = load(zlib_path);
	struct img m = img_clone(&good);
	for (size_t bit = 0; bit < TABLE_HEADER_SIZE * 8; bit++) {
		m.p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		char what[48];
		snprintf(what, sizeof what, "header bit %zu flipped", bit);
		/* fields read before the checksum may be named instead of it */
		expect_refused(&m, 0, "checksum|magic|version|byte order", what);
		m.p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	/* and the preloading open agrees on a sample */
	for (size_t bit = 3; bit < TABLE_HEADER_SIZE * 8; bit += 997) {
		m.p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		expect_refused(&m, TABLE_PRELOAD, "checksum|magic|version|byte order", "header bit flipped, preload");
		m.p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	free(m.p);
	free(good.p);
}
END_TEST

START_TEST(test_index_bit_flips)
{
	const char *paths[2] = { raw_path, zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img m = load(paths[p]);
		for (size_t bit = 0; bit < NBLOCKS * 16 * 8; bit++) {
			size_t at = TABLE_HEADER_SIZE + bit / 8;
			m.p[at] ^= (uint8_t)(1u << (bit % 8));
			expect_refused(&m, 0, "index checksum", "index bit flipped");
			m.p[at] ^= (uint8_t)(1u << (bit % 8));
		}
		free(m.p);
	}
}
END_TEST

START_TEST(test_payload_bit_flips)
{
	const char *paths[2] = { raw_path, zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img m = load(paths[p]);
		uint64_t poff = g64(&m, H_PAYOFF);
		for (size_t at = poff; at < m.n; at++) {
			/* the block holding this byte, from the index */
			uint64_t b = 0;
			while (b + 1 < NBLOCKS && poff + g64(&m, TABLE_HEADER_SIZE + 16 * (b + 1)) <= at)
				b++;
			for (int bit = 0; bit < 8; bit += (p == 0 ? 1 : 3)) {
				m.p[at] ^= (uint8_t)(1u << bit);
				char what[96];
				snprintf(what, sizeof what, "%s: payload byte %zu bit %d flipped", paths[p], at, bit);
				expect_block_refused(&m, b, "checksum", what);
				m.p[at] ^= (uint8_t)(1u << bit);
			}
		}
		free(m.p);
	}
}
END_TEST

START_TEST(test_padding_is_checked)
{
	/* The zero padding between the index and the payload is covered too (FORMAT.md: every byte
	 * is checked): any byte of it not zero is refused at open, naming its offset. */
	const char *paths[2] = { raw_path, zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img m = load(paths[p]);
		uint64_t end = TABLE_HEADER_SIZE + NBLOCKS * 16, poff = g64(&m, H_PAYOFF);
		ck_assert_uint_gt(poff, end);
		/* every 7th byte, the first and the last */
		for (uint64_t at = end; at < poff; at += at + 7 < poff || at == poff - 1 ? 7 : poff - 1 - at) {
			int bit = (int)(at % 8);
			char what[96], want[64];
			m.p[at] ^= (uint8_t)(1u << bit);
			snprintf(what, sizeof what, "%s: padding byte %" PRIu64 " bit %d flipped", paths[p], at, bit);
			snprintf(want, sizeof want, "padding byte at offset %" PRIu64 " ", at);
			expect_refused(&m, at % 2 ? TABLE_PRELOAD : 0, want, what);
			m.p[at] ^= (uint8_t)(1u << bit);
		}
		free(m.p);
	}
}
END_TEST

START_TEST(test_truncated_and_extended)
{
	/* the fixture's full-header tables, then its small-header ones (one block) */
	const char *paths[4] = { raw_path, zlib_path, small_raw_path, small_zlib_path };
	for (int p = 0; p < 4; p++) {
		struct img good = load(paths[p]);
		struct img m = img_clone(&good);
		for (size_t len = 0; len < good.n; len++) {
			m.n = len;
			char what[64];
			const char *why = len == 0 ? "empty"
					  : p < 2  ? "truncated"
						   : "truncated|small header|sizes do not add up";
			snprintf(what, sizeof what, "%s cut to %zu bytes", paths[p], len);
			expect_refused(&m, 0, why, what);
			if (len % 509 == 0)
				expect_refused(&m, TABLE_PRELOAD, why, what);
		}
		free(m.p);
		for (size_t extra = 1; extra <= 4096; extra *= 4) {
			m.p = calloc(good.n + extra, 1);
			memcpy(m.p, good.p, good.n);
			m.n = good.n + extra;
			expect_refused(&m, 0, "sizes do not add up", "bytes appended");
			free(m.p);
		}
		free(good.p);
	}
}
END_TEST

START_TEST(test_check_all_twice)
{
	/* Checking a good table again (after TABLE_PRELOAD, or a second table_check_all) must not
	 * turn it into a refusal. */
	const char *paths[2] = { raw_path, zlib_path };
	for (int p = 0; p < 2; p++) {
		for (unsigned flags = 0; flags <= TABLE_PRELOAD; flags += TABLE_PRELOAD) {
			struct table *t;
			struct slidetab_error err;
			ck_assert(table_open(&t, paths[p], flags, &err) == SLIDETAB_OK);
			int rc1 = table_check_all(t, &err);
			ck_assert_msg(rc1 == SLIDETAB_OK, "%s (flags %u): first table_check_all: %s", paths[p], flags,
				      err.msg);
			int rc2 = table_check_all(t, &err);
			ck_assert_msg(rc2 == SLIDETAB_OK,
				      "%s (flags %u): second table_check_all refused a good table: %s", paths[p], flags,
				      err.msg);
			table_close(t);
		}
	}
}
END_TEST

/* ---- the small header (format version 2): the fixture in one block ---- */

/* The small header's size for the fixture, from docs/FORMAT.md: fields to 76, 6 goal bytes, 22
 * u32 counts (radius 21), the CRC: 174, padded to a multiple of 8. */
#define SMALL_SIZE 176

/* Recomputes the small header's CRC (at its size - 4, the size as the header says when sane). */
static void fix_small(struct img *m)
{
	uint32_t size = g32(m, H_HSIZE);
	if (size < 4 || size > m->n)
		size = SMALL_SIZE;
	s32(m, size - 4, crc_of(m->p, size - 4));
}

START_TEST(test_small_fixture)
{
	const char *paths[2] = { small_raw_path, small_zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img m = load(paths[p]);
		ck_assert_uint_eq(g32(&m, H_VERSION), TABLE_FORMAT_SMALL);
		ck_assert_uint_eq(g32(&m, H_HSIZE), SMALL_SIZE);
		ck_assert_uint_eq(g32(&m, S_PAYSIZE), m.n - SMALL_SIZE);
		if (p == 0) /* the raw payload is the packed entries, right after the header */
			ck_assert(m.n == SMALL_SIZE + PACKED_BYTES &&
				  memcmp(m.p + SMALL_SIZE, packed, PACKED_BYTES) == 0);
		expect_all_distances(paths[p]);
		free(m.p);
	}
}
END_TEST

/* m is refused: at open, or (a damaged block) by every lookup, check_all and a preloading open. */
static void expect_small_refused(const struct img *m, const char *what)
{
	struct table *t;
	struct slidetab_error err;
	int rc = table_open(&t, scratch_mem(m), 0, &err);
	if (rc != SLIDETAB_OK) {
		ck_assert_msg(rc == SLIDETAB_EFORMAT, "%s: table_open returned %d", what, rc);
		return;
	}
	for (uint64_t i = 0; i < STATES; i += 7) {
		unsigned v = 999;
		ck_assert_msg(table_lookup(t, i, &v, &err) == SLIDETAB_EFORMAT && strstr(err.msg, "block 0"),
			      "%s: entry %" PRIu64 " read as %u", what, i, v);
	}
	ck_assert_msg(table_check_all(t, &err) == SLIDETAB_EFORMAT, "%s: table_check_all accepted it", what);
	table_close(t);
	expect_refused(m, TABLE_PRELOAD, "block 0", what);
}

/* Every single-byte change (each bit alone, and all eight) is refused (every cut: test_truncated_and_extended). */
START_TEST(test_small_every_byte)
{
	const char *paths[2] = { small_raw_path, small_zlib_path };
	for (int p = 0; p < 2; p++) {
		struct img good = load(paths[p]);
		struct img m = img_clone(&good);
		for (size_t at = 0; at < m.n; at++)
			for (int x = 0; x <= 8; x++) {
				uint8_t mask = (uint8_t)(x < 8 ? 1u << x : 0xffu);
				char what[96];
				snprintf(what, sizeof what, "%s: byte %zu ^ 0x%02x", paths[p], at, mask);
				m.p[at] ^= mask;
				if (at < SMALL_SIZE)
					expect_refused(&m, 0, "checksum|magic|version|byte order|small header", what);
				else
					expect_small_refused(&m, what);
				m.p[at] ^= mask;
			}
		free(m.p);
		free(good.p);
	}
}
END_TEST

/* Fields a different program could write, with the header's CRC made right: each is refused. */
START_TEST(test_small_forged)
{
	struct img good = load(small_raw_path);
	struct {
		size_t at;
		unsigned width; /* 1 or 4 bytes, or S_GEN_LEN bytes all set to value */
		uint32_t value;
		const char *needle;
	} forged[] = {
		{ H_HSIZE, 4, SMALL_SIZE + 8, "does not fit" }, /* a size other than the fields' */
		{ H_HSIZE, 4, SMALL_SIZE - 8, "does not fit" },
		{ H_HSIZE, 4, SMALL_SIZE - 4, "multiple of 8" },
		{ H_HSIZE, 4, 264, "at most 256" },
		{ H_HSIZE, 4, 0, "small header" },
		{ 171, 1, 1, "byte 171 is not zero" },         /* the zeros before the CRC */
		{ S_BLOCKENT, 4, 320, "sizes do not add up" }, /* two blocks' worth of entries */
		{ S_BLOCKENT, 4, 100, "multiple of 64" },
		{ S_PAYSIZE, 4, PACKED_BYTES - 1, "sizes do not add up" },
		{ S_ENTRIES, 4, STATES - 1, "entries" },
		{ S_CELLS, 1, 7, "cells" },
		{ S_RADIUS, 4, 20, "byte 166 is not zero" }, /* the same size: the last count is left over */
		{ S_RADIUS, 4, 255, "does not fit" },
		{ S_PAYLOAD, 1, 3, "payload encoding" },
		{ S_GEN, S_GEN_LEN, 'x', "not terminated" }, /* 24 bytes of name, no NUL */
		{ S_GOAL, 1, 2, "goal" },                    /* tile 2 twice (the goal is 1 2 3 4 5 0) */
		{ S_GOAL + 6 + 4 * 21, 4, 2, "histogram" },  /* 2 states at the radius */
	};
	for (size_t k = 0; k < sizeof forged / sizeof forged[0]; k++) {
		struct img m = img_clone(&good);
		if (forged[k].width == S_GEN_LEN)
			memset(m.p + forged[k].at, (int)forged[k].value, S_GEN_LEN);
		else if (forged[k].width == 1)
			m.p[forged[k].at] = (uint8_t)forged[k].value;
		else
			s32(&m, forged[k].at, forged[k].value);
		fix_small(&m);
		char what[64];
		snprintf(what, sizeof what, "small header: byte %zu set to %" PRIu32, forged[k].at, forged[k].value);
		expect_refused(&m, 0, forged[k].needle, what);
		free(m.p);
	}
	free(good.p);
}
END_TEST

static Suite *hostile_suite(void)
{
	Suite *s = suite_create("hostile tables");
	struct {
		const char *name;
		const TTest *fn;
	} tests[] = {
		{ "fixture", test_fixture_is_good },
		{ "empty/magic/version", test_empty_magic_version },
		{ "entry counts", test_huge_entry_counts },
		{ "offsets", test_offsets_past_the_end },
		{ "overlapping blocks", test_overlapping_blocks },
		{ "stored size", test_block_stored_size_wrong },
		{ "inflate length", test_block_inflates_to_wrong_length },
		{ "histogram", test_histogram_does_not_add_up },
		{ "board", test_board_shapes },
		{ "radius/width", test_radius_and_width },
		{ "other fields", test_other_fields },
		{ "block larger than table", test_block_larger_than_table },
		{ "header bit flips", test_header_bit_flips },
		{ "index bit flips", test_index_bit_flips },
		{ "payload bit flips", test_payload_bit_flips },
		{ "padding", test_padding_is_checked },
		{ "truncated", test_truncated_and_extended },
		{ "check twice", test_check_all_twice },
		{ "small: fixture", test_small_fixture },
		{ "small: every byte", test_small_every_byte },
		{ "small: forged fields", test_small_forged },
	};
	for (size_t k = 0; k < sizeof tests / sizeof tests[0]; k++) {
		TCase *tc = tcase_create(tests[k].name);
		tcase_set_timeout(tc, 120);
		tcase_add_test(tc, tests[k].fn);
		suite_add_tcase(s, tc);
	}
	return s;
}

static void cleanup(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "test_hostile: could not remove %s\n", dir);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/hostileXXXXXX", tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(raw_path, sizeof raw_path, "%s/good-raw.tbl", dir);
	snprintf(zlib_path, sizeof zlib_path, "%s/good-zlib.tbl", dir);
	snprintf(small_raw_path, sizeof small_raw_path, "%s/small-raw.tbl", dir);
	snprintf(small_zlib_path, sizeof small_zlib_path, "%s/small-zlib.tbl", dir);
	build_fixture();
	SRunner *sr = srunner_create(hostile_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	cleanup();
	return failed ? 1 : 0;
}
