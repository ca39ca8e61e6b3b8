/* SPDX-License-Identifier: Zlib */
/* test_lite: the freestanding reader against libslidetab on every board, class and encoding; bad tables refused. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "gen/exact/exactcmd.h"
#include "libslidetab/model/board.h"
#include "lite/slidetab_lite.h"
#include "slidetab.h"
#include "tests/unit/testutil.h"

static char tmpdir[64];
static uint64_t seed = 0x9e3779b97f4a7c15u;
static uint32_t block_entries; /* make_table's blocks: 0 the default (32 KiB) */

static unsigned rnd(unsigned n)
{
	return testutil_below(&seed, n);
}

/* Writes the rows x cols table of the goal with the blank at `blank` (compress 0 raw, 2 compact)
 * and reads it back into a malloc'ed buffer. */
static uint8_t *make_table(int rows, int cols, int blank, int compress, uint32_t entry, size_t *len)
{
	char path[128];
	struct slidetab_error err;
	struct board b;
	struct board_state g;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	snprintf(path, sizeof path, "%s/t.tbl", tmpdir);
	struct exactcmd_opts o = { .out = path,
				   .threads = 2,
				   .level = 6,
				   .quiet = 1,
				   .compress = compress,
				   .entry = entry,
				   .block_entries = block_entries };
	ck_assert_msg(exactcmd_run(&b, &g, &o, &err) == SLIDETAB_OK, "%s", err.msg);
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	uint8_t *p = malloc(*len);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(fread(p, 1, *len, f), *len);
	fclose(f);
	unlink(path);
	return p;
}

static void shuffle(unsigned char *t, int n)
{
	for (int i = 0; i < n; i++)
		t[i] = (unsigned char)i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1);
		unsigned char x = t[i];
		t[i] = t[j], t[j] = x;
	}
}

/* One puzzle through both readers: the same status, distance and path; a cap one short refused
 * with nothing written past it. */
static void same_answer(slidetab *db, const struct slidetab_lite *lt, int rows, int cols, const unsigned char *s,
			const unsigned char *g)
{
	struct slidetab_error err;
	unsigned d1 = 0, d2 = 0;
	char p1[256], p2[256];
	int r1 = slidetab_distance(db, rows, cols, s, g, &d1, &err), r2 = slidetab_lite_distance(lt, s, g, &d2);
	ck_assert_int_eq(r2, r1);
	if (r1 != SLIDETAB_OK)
		return;
	ck_assert_uint_eq(d2, d1);
	ck_assert_int_eq(slidetab_path(db, rows, cols, s, g, p1, sizeof p1, &err), SLIDETAB_OK);
	ck_assert_int_eq(slidetab_lite_path(lt, s, g, p2, sizeof p2), SLIDETAB_OK);
	ck_assert_str_eq(p2, p1);
	ck_assert_uint_eq(strlen(p2), d1);
	memset(p2, '#', sizeof p2);
	ck_assert_int_eq(slidetab_lite_path(lt, s, g, p2, d1), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(p2[0], d1 ? '\0' : '#');
	for (size_t i = d1 ? d1 : 1; i < sizeof p2; i++)
		ck_assert_int_eq(p2[i], '#');
	ck_assert_int_eq(slidetab_lite_path(lt, s, g, p2, d1 + 1), SLIDETAB_OK);
	ck_assert_str_eq(p2, p1);
}

/* Random starts (solvable or not) against the default goal, random goals of every class and
 * goals with the blank in the table's class. */
static void compare(int rows, int cols, int blank, int compress, uint32_t entry, int puzzles)
{
	size_t len;
	uint8_t *bytes = make_table(rows, cols, blank, compress, entry, &len);
	struct slidetab_lite lt;
	struct slidetab_error err;
	slidetab *db;
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	ck_assert_int_eq(slidetab_open_buffer(&db, bytes, len, &err), SLIDETAB_OK);
	int r, c;
	ck_assert_int_eq(slidetab_lite_board(&lt, &r, &c), SLIDETAB_LITE_OK);
	ck_assert_int_eq(r, rows);
	ck_assert_int_eq(c, cols);
	struct board b;
	board_init(&b, rows, cols);
	int n = rows * cols, cls = board_blank_class(&b, blank);
	unsigned char s[BOARD_MAX_CELLS], g[BOARD_MAX_CELLS];
	for (int i = 0; i < puzzles; i++) {
		shuffle(s, n);
		shuffle(g, n);
		if (i % 3 == 1) { /* the blank moved into the table's class */
			int gb = 0, to;
			while (g[gb])
				gb++;
			do
				to = (int)rnd((unsigned)n);
			while (board_blank_class(&b, to) != cls);
			g[gb] = g[to], g[to] = 0;
		}
		same_answer(db, &lt, rows, cols, s, i % 3 == 0 ? NULL : g);
	}
	/* the table's own goal (where the header's version puts it) and its neighbours */
	memcpy(g, bytes + (bytes[8] == TABLE_FORMAT_SMALL ? S_GOAL : H_GOAL), (size_t)n);
	same_answer(db, &lt, rows, cols, g, g);
	slidetab_close(db);
	free(bytes);
}

static const int boards[][3] = { { 2, 2, 0 }, { 2, 3, 0 }, { 2, 3, 1 }, { 2, 4, 0 }, { 2, 4, 1 }, { 3, 3, 0 },
				 { 3, 3, 1 }, { 3, 3, 4 }, { 2, 5, 0 }, { 2, 5, 1 }, { 2, 5, 2 } };
#define NBOARDS (int)(sizeof boards / sizeof boards[0])

/* LITE_BOARDS limits the boards (e.g. "2x2 3x3" under an emulator); all the default ones otherwise. */
static int wanted(int i)
{
	const char *only = getenv("LITE_BOARDS");
	char name[8];
	snprintf(name, sizeof name, "%dx%d", boards[i][0], boards[i][1]);
	return !only || strstr(only, name);
}

START_TEST(lite_matches_library_raw)
{
	if (wanted(_i))
		compare(boards[_i][0], boards[_i][1], boards[_i][2], 0, TABLE_ENTRY_MDRES, 300);
}
END_TEST

START_TEST(lite_matches_library_compact)
{
	if (wanted(_i))
		compare(boards[_i][0], boards[_i][1], boards[_i][2], 2, TABLE_ENTRY_MOD4, 200);
}
END_TEST

START_TEST(lite_matches_library_plain_half)
{
	compare(2, 3, 1, 0, TABLE_ENTRY_PLAIN, 200);
	compare(2, 4, 0, 0, TABLE_ENTRY_HALF, 200);
	ck_assert(setenv("SLIDETAB_TEST_FULL_HEADER", "1", 1) == 0); /* one block, the full header */
	compare(2, 4, 1, 2, TABLE_ENTRY_MOD4, 200);
	ck_assert(unsetenv("SLIDETAB_TEST_FULL_HEADER") == 0);
	if (wanted(5))
		compare(3, 3, 4, 0, TABLE_ENTRY_HALF, 200);
}
END_TEST

/* A table with bytes appended (zeros or not, one to a page of them) is refused. */
static void appended_refused(const uint8_t *bytes, size_t len)
{
	static const size_t extra[] = { 1, 3, 4, 8, 64, 4096 };
	struct slidetab_lite lt;
	for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
		for (int fill = 0; fill < 2; fill++) {
			uint8_t *p = malloc(len + extra[k]);
			ck_assert_ptr_nonnull(p);
			memcpy(p, bytes, len);
			memset(p + len, fill ? 0xff : 0, extra[k]);
			ck_assert_msg(slidetab_lite_open(&lt, p, len + extra[k]) == SLIDETAB_LITE_EFORMAT,
				      "%zu bytes 0x%02x appended to %zu, not refused", extra[k], fill ? 0xff : 0, len);
			free(p);
		}
}

/* Every single-byte change and every truncation of a small table is refused: as gen writes it
 * (the small header, version 2) and with the full header of older writers (version 1). */
static void all_damage_refused(int rows, int cols, int compress, uint32_t entry, int full)
{
	size_t len;
	if (full)
		ck_assert(setenv("SLIDETAB_TEST_FULL_HEADER", "1", 1) == 0);
	uint8_t *bytes = make_table(rows, cols, 0, compress, entry, &len);
	ck_assert(unsetenv("SLIDETAB_TEST_FULL_HEADER") == 0);
	ck_assert_uint_eq(bytes[8], full ? 1 : 2);                          /* the format version */
	ck_assert(full ? len > 8192 : bytes[16] + 256u * bytes[17] <= 256); /* the header's size */
	struct slidetab_lite lt;
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	for (size_t i = 0; i < len; i++)
		for (int x = 0; x < 2; x++) {
			uint8_t was = bytes[i];
			bytes[i] ^= x ? 0xff : 0x01;
			ck_assert_msg(slidetab_lite_open(&lt, bytes, len) == SLIDETAB_LITE_EFORMAT,
				      "byte %zu changed, not refused", i);
			bytes[i] = was;
		}
	for (size_t k = 0; k < len; k++)
		ck_assert_msg(slidetab_lite_open(&lt, bytes, k) == SLIDETAB_LITE_EFORMAT, "cut at %zu, not refused", k);
	appended_refused(bytes, len);
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	free(bytes);
}

/* A table of many blocks (2x4 raw in blocks of 1024 entries: the full header, an index of 20
 * blocks, padding, the payload): single-byte changes at sampled places (the header's first 256
 * bytes and the last 64 all, then random ones), sampled truncations and appended bytes, refused. */
START_TEST(damage_refused_blocks)
{
	size_t len;
	block_entries = 1024;
	uint8_t *bytes = make_table(2, 4, 0, 0, TABLE_ENTRY_MDRES, &len);
	block_entries = 0;
	struct slidetab_lite lt;
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	ck_assert_uint_eq(bytes[8], 1); /* the full header: a table of more than one block */
	int samples = testutil_emulated() ? 300 : 3000;
	for (int k = 0; k < 320 + samples; k++) {
		size_t i = k < 256 ? (size_t)k : k < 320 ? len - 64 + (size_t)(k - 256) : (size_t)rnd((unsigned)len);
		uint8_t was = bytes[i];
		bytes[i] ^= (uint8_t)(1u << rnd(8));
		ck_assert_msg(slidetab_lite_open(&lt, bytes, len) == SLIDETAB_LITE_EFORMAT,
			      "byte %zu of %zu changed, not refused", i, len);
		bytes[i] = was;
	}
	for (int k = 0; k < samples / 4; k++) {
		size_t cut = k < 64 ? len - 1 - (size_t)k : (size_t)rnd((unsigned)len);
		ck_assert_msg(slidetab_lite_open(&lt, bytes, cut) == SLIDETAB_LITE_EFORMAT, "cut at %zu, not refused",
			      cut);
	}
	appended_refused(bytes, len);
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	free(bytes);
}
END_TEST

START_TEST(damage_refused)
{
	for (int full = 0; full < 2; full++) {
		all_damage_refused(2, 2, 0, TABLE_ENTRY_MDRES, full);
		all_damage_refused(2, 3, 2, TABLE_ENTRY_MOD4, full);
	}
}
END_TEST

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

/* Makes the CRCs of a table's header (and of a full header's block index) right again. */
static void reseal(uint8_t *p)
{
	uint32_t size = get32(p + H_HSIZE);
	if (p[8] == TABLE_FORMAT_SMALL) {
		put32(p + size - 4, (uint32_t)crc32(0L, p, size - 4));
		return;
	}
	put32(p + H_INDEXCRC, (uint32_t)crc32(0L, p + TABLE_HEADER_SIZE, get32(p + H_INDEXSIZE)));
	put32(p + H_CRC, (uint32_t)crc32(0L, p, H_CRC));
}

/* A table whose CRCs are right but whose fields are not (a foreign or hostile writer, not damage):
 * refused by lite and by the library alike. */
static void resealed_refused(uint8_t *p, size_t len, const char *what)
{
	struct slidetab_lite lt;
	struct slidetab_error err;
	slidetab *db;
	reseal(p);
	ck_assert_msg(slidetab_lite_open(&lt, p, len) == SLIDETAB_LITE_EFORMAT, "lite took %s", what);
	int r, c;
	ck_assert_int_eq(slidetab_lite_board(&lt, &r, &c), SLIDETAB_LITE_EINVAL); /* the handle stays unopened */
	ck_assert_msg(slidetab_open_buffer(&db, p, len, &err) != SLIDETAB_OK, "the library took %s", what);
}

/* The small header's fields one at a time (2x3 raw: 360 entries, radius 21, histogram of 22). */
START_TEST(resealed_small)
{
	size_t len;
	uint8_t *bytes = make_table(2, 3, 0, 0, TABLE_ENTRY_MDRES, &len), *p = malloc(len);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(bytes[8], TABLE_FORMAT_SMALL);
	uint32_t size = get32(bytes + H_HSIZE), r = get32(bytes + S_RADIUS), n = bytes[S_KIND + 3];
	uint32_t per = get32(bytes + S_BLOCKENT), hist = S_GOAL + n, end = hist + 4 * (r + 1);
	ck_assert_uint_eq(r, 21);
	ck_assert_uint_gt(size - 4, end); /* padding between the histogram and the CRC */
	memcpy(p, bytes, len);
	reseal(p);
	ck_assert_int_eq(memcmp(p, bytes, len), 0); /* reseal alone changes nothing */
#define EDIT(what, stmt)                                                                                               \
	do {                                                                                                           \
		memcpy(p, bytes, len);                                                                                 \
		stmt;                                                                                                  \
		resealed_refused(p, len, what);                                                                        \
	} while (0)
	EDIT("a pattern database's pattern field", put32(p + S_PATTERN, 1));
	EDIT("entry encoding 5", p[S_KIND + 6] = 5);
	EDIT("a goal with a tile twice", p[S_GOAL + 2] = p[S_GOAL + 1]);
	EDIT("a block size that is no multiple of 64", put32(p + S_BLOCKENT, per + 1));
	EDIT("blocks of 64 entries for 360 in one block", put32(p + S_BLOCKENT, 64));
	EDIT("a nonzero byte in the header's padding", p[end] = 1);
	EDIT("a histogram whose last count is zero",
	     (put32(p + hist + 4 * (r - 1), get32(p + hist + 4 * (r - 1)) + get32(p + hist + 4 * r)),
	      put32(p + hist + 4 * r, 0)));
	/* counts that reach the states only by wrapping round 2^32: 1, 2^32 - 1, c2 + c1 + 1, ... */
	EDIT("a histogram that wraps",
	     (put32(p + hist + 8, get32(p + hist + 8) + get32(p + hist + 4) + 1), put32(p + hist + 4, 0xffffffffu)));
#undef EDIT
	/* a header 8 bytes longer than its fields need (zeros before its CRC), the payload after it */
	uint8_t *q = malloc(len + 8);
	ck_assert_ptr_nonnull(q);
	memcpy(q, bytes, size - 4);
	memset(q + size - 4, 0, 8);
	memcpy(q + size + 4, bytes + size - 4, len - size + 4);
	put32(q + H_HSIZE, size + 8);
	resealed_refused(q, len + 8, "a small header longer than its fields");
	free(q);
	free(p);
	free(bytes);
}
END_TEST

/* The full header's fields (2x4 raw in blocks of 1024 entries: an index of 20 blocks). */
START_TEST(resealed_full)
{
	size_t len;
	block_entries = 1024;
	uint8_t *bytes = make_table(2, 4, 0, 0, TABLE_ENTRY_MDRES, &len), *p = malloc(len);
	block_entries = 0;
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(bytes[8], 1);
	ck_assert_uint_gt(get32(bytes + H_BLOCKS), 1);
	uint32_t r = get32(bytes + H_RADIUS);
	memcpy(p, bytes, len);
	reseal(p);
	ck_assert_int_eq(memcmp(p, bytes, len), 0);
	memcpy(p, bytes, len);
	put32(p + H_HISTLEN, r + 2);
	resealed_refused(p, len, "a histogram length that is not the radius + 1");
	memcpy(p, bytes, len);
	put32(p + H_INDEXOFF, TABLE_HEADER_SIZE + 16);
	resealed_refused(p, len, "an index that is not right after the header");
	memcpy(p, bytes, len);
	uint8_t *second = p + TABLE_HEADER_SIZE + INDEX_ENTRY;
	put32(second, get32(second) + 1);
	resealed_refused(p, len, "a block whose offset is not where the one before ends");
	free(p);
	free(bytes);
}
END_TEST

/* A compact table whose radius is one short (its histogram's last two counts merged, CRCs right):
 * it opens, but the states at the true radius, found here by a breadth-first search of 2x3's own,
 * are refused as inconsistent, not answered. */
START_TEST(radius_short)
{
	enum { N = 6 };
	size_t len;
	uint8_t *bytes = make_table(2, 3, 0, 2, TABLE_ENTRY_MOD4, &len);
	ck_assert_uint_eq(bytes[8], TABLE_FORMAT_SMALL);
	uint32_t r = get32(bytes + S_RADIUS), hist = S_GOAL + N;
	/* breadth-first from the goal 0 1 2 / 3 4 5 over the 720 arrangements, states as base-6 codes */
	static int dist[46656];
	static uint8_t queue[360][N];
	memset(dist, -1, sizeof dist);
	int head = 0, tail = 0, far = 0;
	for (int c = 0; c < N; c++)
		queue[0][c] = (uint8_t)c;
	dist[0 * 7776 + 1 * 1296 + 2 * 216 + 3 * 36 + 4 * 6 + 5] = 0;
	tail = 1;
	while (head < tail) {
		uint8_t *s = queue[head++];
		int code = 0, b = 0;
		for (int c = 0; c < N; c++)
			code = code * 6 + s[c], b = s[c] ? b : c;
		far = head - 1;
		static const int step[4][2] = { { 1, 0 }, { 0, -1 }, { 0, 1 }, { -1, 0 } };
		for (int d = 0; d < 4; d++) {
			int rr = b / 3 + step[d][0], cc = b % 3 + step[d][1];
			if (rr < 0 || rr > 1 || cc < 0 || cc > 2)
				continue;
			uint8_t t[N];
			memcpy(t, s, N);
			t[b] = t[rr * 3 + cc], t[rr * 3 + cc] = 0;
			int tc = 0;
			for (int c = 0; c < N; c++)
				tc = tc * 6 + t[c];
			if (dist[tc] >= 0)
				continue;
			dist[tc] = dist[code] + 1;
			ck_assert_int_lt(tail, 360);
			memcpy(queue[tail++], t, N);
		}
	}
	ck_assert_int_eq(tail, 360);
	int fc = 0;
	for (int c = 0; c < N; c++)
		fc = fc * 6 + queue[far][c];
	ck_assert_uint_eq((unsigned)dist[fc], r); /* the table's radius is 2x3's */
	put32(bytes + S_RADIUS, r - 1);
	put32(bytes + hist + 4 * (r - 1), get32(bytes + hist + 4 * (r - 1)) + get32(bytes + hist + 4 * r));
	put32(bytes + hist + 4 * r, 0);
	reseal(bytes);
	struct slidetab_lite lt;
	unsigned d;
	char moves[64];
	unsigned char start[N], goal[N] = { 0, 1, 2, 3, 4, 5 };
	memcpy(start, queue[far], N);
	ck_assert_int_eq(slidetab_lite_open(&lt, bytes, len), SLIDETAB_LITE_OK);
	ck_assert_int_eq(slidetab_lite_distance(&lt, start, goal, &d), SLIDETAB_LITE_EFORMAT);
	ck_assert_int_eq(slidetab_lite_path(&lt, start, goal, moves, sizeof moves), SLIDETAB_LITE_EFORMAT);
	ck_assert_str_eq(moves, "");
	memcpy(start, queue[1], N); /* one move away: still answered */
	ck_assert_int_eq(slidetab_lite_distance(&lt, start, goal, &d), SLIDETAB_LITE_OK);
	ck_assert_uint_eq(d, 1);
	free(bytes);
}
END_TEST

/* Bad arguments, zlib and oversized tables, and an unopened handle. */
START_TEST(refusals)
{
	size_t len;
	uint8_t *zlib = make_table(2, 3, 0, 1, TABLE_ENTRY_MDRES, &len);
	struct slidetab_lite lt;
	unsigned d;
	char p[8];
	ck_assert_int_eq(slidetab_lite_open(&lt, zlib, len), SLIDETAB_LITE_EFORMAT);
	ck_assert_int_eq(slidetab_lite_open(&lt, NULL, len), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_open(NULL, zlib, len), SLIDETAB_LITE_EINVAL);
	unsigned char s[6] = { 1, 2, 3, 4, 5, 0 }, twice[6] = { 1, 1, 3, 4, 5, 0 };
	ck_assert_int_eq(slidetab_lite_distance(&lt, s, NULL, &d), SLIDETAB_LITE_EINVAL); /* not open */
	free(zlib);
	uint8_t *raw = make_table(2, 3, 0, 0, TABLE_ENTRY_MDRES, &len);
	ck_assert_int_eq(slidetab_lite_open(&lt, raw, len), SLIDETAB_LITE_OK);
	ck_assert_int_eq(slidetab_lite_distance(&lt, twice, NULL, &d), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_distance(&lt, s, twice, &d), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_distance(&lt, NULL, NULL, &d), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_distance(&lt, s, NULL, NULL), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_path(&lt, s, NULL, NULL, 8), SLIDETAB_LITE_EINVAL);
	ck_assert_int_eq(slidetab_lite_path(&lt, s, NULL, p, 0), SLIDETAB_LITE_EINVAL);
	/* 2x3, blank at cell 0 = class 0: the default goal (blank last, cell 5) is in class 0 too */
	ck_assert_int_eq(slidetab_lite_distance(&lt, s, NULL, &d), SLIDETAB_LITE_OK);
	ck_assert_uint_eq(d, 0);
	unsigned char g1[6] = { 1, 0, 2, 3, 4, 5 }, s1[6] = { 1, 2, 0, 3, 4, 5 };
	ck_assert_int_eq(slidetab_lite_distance(&lt, s1, g1, &d), SLIDETAB_LITE_ENOTABLE);
	unsigned char odd[6] = { 2, 1, 3, 4, 5, 0 };
	ck_assert_int_eq(slidetab_lite_distance(&lt, odd, NULL, &d), SLIDETAB_LITE_UNSOLVABLE);
	unsigned char one[6] = { 1, 2, 3, 4, 0, 5 };
	ck_assert_int_eq(slidetab_lite_path(&lt, one, NULL, p, sizeof p), SLIDETAB_LITE_OK);
	ck_assert_str_eq(p, "r"); /* the blank moves right into the last cell */
	free(raw);
}
END_TEST

int main(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/slidetab-lite-XXXXXX");
	if (!mkdtemp(tmpdir))
		return 2;
	Suite *s = suite_create("lite");
	TCase *tc = tcase_create("lite");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, lite_matches_library_raw, 0, NBOARDS);
	tcase_add_loop_test(tc, lite_matches_library_compact, 0, NBOARDS);
	tcase_add_test(tc, lite_matches_library_plain_half);
	tcase_add_test(tc, damage_refused);
	tcase_add_test(tc, damage_refused_blocks);
	tcase_add_test(tc, resealed_small);
	tcase_add_test(tc, resealed_full);
	tcase_add_test(tc, radius_short);
	tcase_add_test(tc, refusals);
	int rc = testutil_run(s, tc);
	rmdir(tmpdir);
	return rc;
}
