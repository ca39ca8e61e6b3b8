/* SPDX-License-Identifier: Zlib */
/* test_gen: the BFS reproduces published histograms and radii, deterministically, and verify catches faults. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/table_write.h"
#include "gen/exact/bfs.h"
#include "gen/exact/bfsseq.h"
#include "gen/exact/exactcmd.h"
#include "gen/exact/unrank.h"
#include "gen/exact/verify.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/table/exact.h"
#include "libslidetab/table/read.h"
#include "tests/unit/refbfs.h"
#include "tests/unit/testboard.h"
#include "tests/unit/testutil.h"

#ifndef TEST_DATA
#define TEST_DATA "tests/data"
#endif

static struct bfs_result search(int rows, int cols, int blank, int threads, uint32_t entry)
{
	struct board b;
	struct board_state g;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	struct bfs_options opt = { .threads = threads, .entry = entry };
	struct bfs_result res;
	struct slidetab_error err = { 0 };
	ck_assert_msg(bfs_run(&b, &g, &opt, &res, &err) == 0, "%s", err.msg);
	return res;
}

static void check_published(const char *file, int rows, int cols)
{
	char path[256];
	snprintf(path, sizeof path, "%s/hist/%s", TEST_DATA, file);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	struct bfs_result res = search(rows, cols, 0, 2, TABLE_ENTRY_HALF);
	unsigned d;
	unsigned long long count;
	unsigned lines = 0;
	while (fscanf(f, "%u %llu", &d, &count) == 2) {
		ck_assert_uint_eq(d, lines);
		ck_assert_uint_eq(res.hist[d], count);
		lines++;
	}
	fclose(f);
	ck_assert_uint_eq(res.radius + 1, lines);
	bfs_result_free(&res);
}

START_TEST(hist_3x3_published)
{
	check_published("3x3-corner.txt", 3, 3);
}
END_TEST

START_TEST(hist_2x4_published)
{
	check_published("2x4-corner.txt", 2, 4);
}
END_TEST

/* SPEC §3 radii: 2x2 6 (1), 2x3 21 (1), 2x4 36 (1), 2x5 55 (2), 3x3 31 (2); centre of 3x3: 30 (148). */
START_TEST(published_radii)
{
	static const int cases[][5] = { { 2, 2, 0, 6, 1 },  { 2, 3, 0, 21, 1 }, { 3, 2, 0, 21, 1 },  { 2, 4, 0, 36, 1 },
					{ 2, 5, 0, 55, 2 }, { 3, 3, 0, 31, 2 }, { 3, 3, 4, 30, 148 } };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bfs_result res = search(cases[i][0], cases[i][1], cases[i][2], 2, TABLE_ENTRY_HALF);
		ck_assert_uint_eq(res.radius, (unsigned)cases[i][3]);
		ck_assert_uint_eq(res.hist[res.radius], (uint64_t)cases[i][4]);
		bfs_result_free(&res);
	}
}
END_TEST

/* The same entries and histogram whatever the thread count. */
START_TEST(deterministic_across_threads)
{
	int cols = testutil_emulated() ? 4 : 5; /* emulated (testutil_emulated): 2x4 instead of 2x5 */
	struct bfs_result a = search(2, cols, 2, 1, TABLE_ENTRY_MDRES), b = search(2, cols, 2, 2, TABLE_ENTRY_MDRES),
			  c = search(2, cols, 2, 5, TABLE_ENTRY_MDRES);
	ck_assert_uint_eq(a.states, cols == 5 ? 1814400 : 20160);
	ck_assert_mem_eq(a.entries, b.entries, a.states);
	ck_assert_mem_eq(a.entries, c.entries, a.states);
	ck_assert_mem_eq(a.hist, c.hist, sizeof a.hist);
	bfs_result_free(&a);
	bfs_result_free(&b);
	bfs_result_free(&c);
	/* compact entries, written packed by the chunk that owns them */
	a = search(2, cols, 2, 1, TABLE_ENTRY_MOD4), b = search(2, cols, 2, 2, TABLE_ENTRY_MOD4),
	c = search(2, cols, 2, 5, TABLE_ENTRY_MOD4);
	ck_assert_mem_eq(a.packed, b.packed, table_packed_bytes(a.states, 1));
	ck_assert_mem_eq(a.packed, c.packed, table_packed_bytes(a.states, 1));
	bfs_result_free(&a);
	bfs_result_free(&b);
	bfs_result_free(&c);
}
END_TEST

/* Every encoding decodes back to the plain distance of the same state. */
START_TEST(encodings_agree)
{
	struct bfs_result plain = search(3, 3, 4, 2, TABLE_ENTRY_PLAIN), half = search(3, 3, 4, 2, TABLE_ENTRY_HALF),
			  md = search(3, 3, 4, 2, TABLE_ENTRY_MDRES), m4 = search(3, 3, 4, 2, TABLE_ENTRY_MOD4);
	struct board b;
	struct board_state g, s;
	board_init(&b, 3, 3);
	board_goal(&b, 4, &g);
	struct rank_ctx rk;
	rank_init(&rk, &b, &g);
	for (uint64_t i = 0; i < plain.states; i += testutil_emulated() ? 7 : 1) { /* emulated: every 7th */
		unrank_state(&rk, i, &s);
		unsigned d = plain.entries[i];
		int blank = board_blank(&b, &s);
		quiet_assert_uint(half.entries[i] * 2u + ((unsigned)board_taxicab(&b, blank, 4) & 1), ==, d);
		quiet_assert_uint(md.entries[i] * 2u + (unsigned)board_manhattan(&b, &s, &g), ==, d);
		quiet_assert_uint(table_packed_get(m4.packed, i, 1), ==, (d >> 1) & 1);
	}
	bfs_result_free(&plain);
	bfs_result_free(&half);
	bfs_result_free(&md);
	bfs_result_free(&m4);
}
END_TEST

/* Header of a 2x4 table (goal blank last) holding the search result res. */
static struct table_meta meta_2x4(uint32_t entry, uint32_t payload, const struct bfs_result *res)
{
	struct table_meta m = { .kind = TABLE_KIND_EXACT,
				.ranking = TABLE_RANK_SEQ_BLANK,
				.entry = entry,
				.payload = payload,
				.rows = 2,
				.cols = 4,
				.cells = 8,
				.entry_bits = res->packed ? 1 : 8,
				.entries = res->states,
				.radius = res->radius,
				.block_entries = 1024 };
	struct board b;
	struct board_state g;
	board_init(&b, 2, 4);
	board_goal(&b, 7, &g);
	memcpy(m.goal, g.t, 8);
	memcpy(m.hist, res->hist, sizeof m.hist);
	snprintf(m.generator, sizeof m.generator, "test");
	return m;
}

/* Writes a 2x4 table with the given encoding through table_write. */
static void write_table(const char *path, uint32_t entry, uint32_t payload, struct bfs_result *res)
{
	*res = search(2, 4, 7, 2, entry);
	struct table_meta m = meta_2x4(entry, payload, res);
	struct slidetab_error err;
	ck_assert_msg(tblw_write(path, &m, res->entries ? res->entries : res->packed, 6, NULL, &err) == SLIDETAB_OK,
		      "%s", err.msg);
}

START_TEST(verify_accepts_good_tables)
{
	char path[] = "/tmp/slidetab-test-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	static const uint32_t entries[] = { TABLE_ENTRY_PLAIN, TABLE_ENTRY_HALF, TABLE_ENTRY_MDRES, TABLE_ENTRY_MOD4 };
	for (int e = 0; e < 4; e++)
		for (uint32_t p = TABLE_PAYLOAD_RAW; p <= TABLE_PAYLOAD_ZLIB; p++) {
			struct bfs_result res;
			write_table(path, entries[e], p, &res);
			bfs_result_free(&res);
			struct slidetab_error msg = { 0 };
			ck_assert_msg(verify_table(path, 2, &msg) == 0, "%s", msg.msg);
		}
	unlink(path);
}
END_TEST

/* One wrong entry (with valid CRCs, as a buggy generator would write it) is caught. */
START_TEST(verify_catches_a_wrong_distance)
{
	char path[] = "/tmp/slidetab-test-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	struct bfs_result res;
	write_table(path, TABLE_ENTRY_PLAIN, TABLE_PAYLOAD_RAW, &res);
	res.entries[777] += 2; /* still the right parity: only the neighbour rule can tell */
	struct table_meta m = meta_2x4(TABLE_ENTRY_PLAIN, TABLE_PAYLOAD_RAW, &res);
	struct slidetab_error err;
	ck_assert(tblw_write(path, &m, res.entries, 6, NULL, &err) == SLIDETAB_OK);
	struct slidetab_error msg = { 0 };
	ck_assert_int_eq(verify_table(path, 2, &msg), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(msg.msg, "777") != NULL, "%s", msg.msg);
	/* A histogram that disagrees with the entries is caught too. */
	res.entries[777] -= 2;
	m.hist[3]++;
	m.hist[4]--;
	ck_assert(tblw_write(path, &m, res.entries, 6, NULL, &err) == SLIDETAB_OK);
	ck_assert_int_eq(verify_table(path, 2, &msg), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(msg.msg, "histogram") != NULL, "%s", msg.msg);
	bfs_result_free(&res);
	/* One flipped bit of a compact table (CRCs valid) differs from the fresh search. */
	write_table(path, TABLE_ENTRY_MOD4, TABLE_PAYLOAD_RAW, &res);
	res.packed[100] ^= 4;
	m = meta_2x4(TABLE_ENTRY_MOD4, TABLE_PAYLOAD_RAW, &res);
	ck_assert(tblw_write(path, &m, res.packed, 6, NULL, &err) == SLIDETAB_OK);
	ck_assert_int_eq(verify_table(path, 2, &msg), SLIDETAB_EFORMAT);
	ck_assert_msg(strstr(msg.msg, "state 802:") != NULL, "%s", msg.msg);
	bfs_result_free(&res);
	unlink(path);
}
END_TEST

/* A compact table recovers every exact distance by walking. */
START_TEST(compact_walks_to_exact)
{
	char path[] = "/tmp/slidetab-test-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	struct bfs_result res, plain = search(2, 4, 7, 1, TABLE_ENTRY_PLAIN);
	write_table(path, TABLE_ENTRY_MOD4, TABLE_PAYLOAD_ZLIB, &res);
	struct exact x;
	struct slidetab_error err;
	ck_assert(exact_open(&x, path, 0, &err) == SLIDETAB_OK);
	for (uint64_t i = 0; i < plain.states; i += 3) {
		struct board_state s;
		unrank_state(&x.rk, i, &s);
		unsigned d;
		ck_assert(exact_distance(&x, &s, &d, &err) == SLIDETAB_OK);
		ck_assert_uint_eq(d, plain.entries[i]);
	}
	exact_close(&x);
	bfs_result_free(&res);
	bfs_result_free(&plain);
	unlink(path);
}
END_TEST

/* Every encoding gen writes (raw and zlib; plain, half and mdres entries; compact), through gen's
 * own pipeline, decodes to the distance an independent plain BFS finds, for every state, on 2x4
 * and 3x3 with the blank in every class (under an emulator, a sample of 3x3's states). */
START_TEST(every_encoding_against_a_plain_bfs)
{
	static const int boards[][3] = { { 2, 4, 0 }, { 2, 4, 1 }, { 3, 3, 0 }, { 3, 3, 1 }, { 3, 3, 4 } };
	static const struct {
		int compress;
		uint32_t entry;
	} enc[] = { { 0, TABLE_ENTRY_PLAIN }, { 1, TABLE_ENTRY_PLAIN }, { 0, TABLE_ENTRY_HALF },
		    { 1, TABLE_ENTRY_HALF },  { 0, TABLE_ENTRY_MDRES }, { 1, TABLE_ENTRY_MDRES },
		    { 2, TABLE_ENTRY_MDRES } };
	struct board b;
	struct board_state g;
	board_init(&b, boards[_i][0], boards[_i][1]);
	board_goal(&b, boards[_i][2], &g);
	struct dmap ref;
	plain_bfs(&b, &g, &ref);
	/* every state of every encoding; emulated (testutil_emulated), three of the seven encodings,
	 * on 3x3 every 31st state (5,853 of 181,440) */
	uint64_t step = testutil_emulated() && b.n == 9 ? 31 : 1;
	char dir[] = "/tmp/slidetab-enc-XXXXXX", path[64];
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/t.tbl", dir);
	for (size_t e = 0; e < sizeof enc / sizeof enc[0]; e++) {
		if (testutil_emulated() && e != 1 && e != 4 && e != 6) /* emulated: zlib plain, raw mdres, compact */
			continue;
		struct exactcmd_opts o = { .out = path,
					   .threads = 2,
					   .level = 6,
					   .quiet = 1,
					   .compress = enc[e].compress,
					   .entry = enc[e].entry };
		struct slidetab_error err;
		int rc = exactcmd_run(&b, &g, &o, &err);
		ck_assert_msg(rc == SLIDETAB_OK, "%s", err.msg);
		struct exact x;
		ck_assert(exact_open(&x, path, 0, &err) == SLIDETAB_OK);
		for (uint64_t i = 0; i < x.meta->entries; i += step) {
			struct board_state s;
			unsigned d;
			unrank_state(&x.rk, i, &s);
			quiet_assert(exact_distance(&x, &s, &d, &err) == SLIDETAB_OK);
			quiet_assert_msg((int)d == dist_of(&ref, &b, &s), "encoding %zu, state %llu", e,
					 (unsigned long long)i);
		}
		exact_close(&x);
	}
	unlink(path);
	rmdir(dir);
	dmap_free(&ref);
}
END_TEST

/* The search's own unranking (reciprocals, steps to a near rank, the plain fallback) and its
 * delta re-rank of vertical moves (the mask table and the digit loop) agree with libslidetab/model/rank.h on
 * every seq and move of 3x3, 2x4, 2x5, 3x4's first seqs and 2x7's. */
static void check_bfsseq(int rows, int cols, int fast, uint64_t stride, uint64_t limit)
{
	struct board b;
	struct board_state g;
	struct rank_ctx rk;
	struct bfsseq q;
	struct bfsseq_cur cur;
	board_init(&b, rows, cols);
	board_goal(&b, 0, &g);
	ck_assert_int_eq(rank_init(&rk, &b, &g), 0);
	bfsseq_init(&q, &rk, NULL);
	q.fast &= fast;
	q.vmask &= fast; /* without: the digit loop of vertical moves */
	bfsseq_cur_init(&cur);
	for (uint64_t i = 0; i < rk.seqs && i < limit; i++) {
		uint64_t h = i * stride % rk.seqs; /* stride 1: steps; a large stride: fresh unrankings */
		for (int blank = 0; blank < b.n; blank++) {
			uint8_t seq[BOARD_MAX_CELLS];
			struct rank_prefix pre;
			int par = rank_seq_parity(&rk, blank);
			unrank_seq(&rk, h, par, seq);
			bfsseq_goto(&q, h, par, &cur);
			quiet_assert_mem_eq(cur.seq, seq, (size_t)rk.m);
			rank_prefix_init(&pre);
			for (int to = blank - cols; to <= blank + cols; to += 2 * cols)
				if (to >= 0 && to < b.n)
					quiet_assert_uint(bfsseq_vertical(&q, &cur, h, blank, to), ==,
							  rank_after_vertical(&rk, seq, &pre, blank, to));
		}
	}
}

START_TEST(bfsseq_matches_rank)
{
	/* under an emulator (make check-cross), 8,000 seqs of each small board and 800 of the large */
	int emulated = testutil_emulated();
	uint64_t all = emulated ? 8000 : UINT64_MAX, some = emulated ? 800 : 20000;
	static const int boards[][2] = { { 3, 3 }, { 2, 4 }, { 2, 5 } };
	for (int i = 0; i < 3; i++) {
		check_bfsseq(boards[i][0], boards[i][1], 1, 1, all);
		check_bfsseq(boards[i][0], boards[i][1], 1, 7919, all);
		check_bfsseq(boards[i][0], boards[i][1], 0, 1, all);
	}
	static const int large[][2] = { { 3, 4 }, { 2, 6 }, { 2, 7 }, { 7, 2 }, { 4, 4 } };
	for (int i = 0; i < 5; i++) {
		check_bfsseq(large[i][0], large[i][1], 1, 1, some);
		check_bfsseq(large[i][0], large[i][1], 1, 13, some); /* jumps within and across the low groups */
		check_bfsseq(large[i][0], large[i][1], 1, 1000003, some);
		check_bfsseq(large[i][0], large[i][1], 0, 1000003, emulated ? 800 : 2000);
	}
}
END_TEST

/* The 32-bit-product fallback of the reciprocal division: exact quotients h / w (h < 2^32, every
 * weight of 3x3 .. 2x7), products whose high half is known, and __int128 where the compiler has it. */
START_TEST(mulhi_fallback_is_exact)
{
	for (uint64_t w = 2; w < 1000; w++) {
		uint64_t inv = UINT64_MAX / w + 1;
		for (uint64_t h = 0; h < (UINT64_C(1) << 32); h = h * 3 + w)
			ck_assert_uint_eq(bfsseq_mulhi_portable(h, inv), h / w);
		ck_assert_uint_eq(bfsseq_mulhi_portable(UINT32_MAX, inv), UINT32_MAX / w);
	}
	ck_assert_uint_eq(bfsseq_mulhi_portable(UINT64_MAX, UINT64_MAX), UINT64_MAX - 1);
	ck_assert_uint_eq(bfsseq_mulhi_portable(UINT64_C(1) << 63, 4), 2);
	ck_assert_uint_eq(bfsseq_mulhi_portable(UINT64_C(0xffffffff), UINT64_C(0x100000001)), 0);
	ck_assert_uint_eq(bfsseq_mulhi_portable(UINT64_C(0x100000000), UINT64_C(0x100000000)), 1);
	uint64_t x = 88172645463325252u;
	for (int i = 0; i < 100000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		uint64_t a = x, b = x * 0x9e3779b97f4a7c15u;
		uint64_t lo = a * b, hi = bfsseq_mulhi_portable(a, b);
		/* hi:lo = a * b: check it mod 2^64 - 1 (2^64 = 1 there), independent of the method */
		uint64_t m = UINT64_MAX, am = a % m, bm = b % m, want = 0;
		for (int k = 63; k >= 0; k--) { /* am * bm mod m by doubling */
			want = want >= m - want ? want - (m - want) : want + want;
			if (bm >> k & 1)
				want = want >= m - am ? want - (m - am) : want + am;
		}
		uint64_t got = hi % m, l = lo % m;
		got = got >= m - l ? got - (m - l) : got + l;
		ck_assert_uint_eq(got, want);
		ck_assert_uint_le(hi, a ? (a - 1) : 0); /* hi < a since b < 2^64 */
#if defined(__SIZEOF_INT128__)
		ck_assert_uint_eq(hi, bfsseq_mulhi(a, b));
#endif
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gen");
	TCase *tc = tcase_create("gen");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, hist_3x3_published);
	tcase_add_test(tc, hist_2x4_published);
	tcase_add_test(tc, published_radii);
	tcase_add_test(tc, deterministic_across_threads);
	tcase_add_test(tc, encodings_agree);
	tcase_add_test(tc, verify_accepts_good_tables);
	tcase_add_test(tc, verify_catches_a_wrong_distance);
	tcase_add_test(tc, compact_walks_to_exact);
	tcase_add_loop_test(tc, every_encoding_against_a_plain_bfs, 0, 5);
	suite_add_tcase(s, tc);
	/* the search's unranking alone (CK_RUN_CASE=bfsseq: make check-cross runs it under qemu) */
	TCase *seq = tcase_create("bfsseq");
	tcase_set_timeout(seq, 600);
	tcase_add_test(seq, bfsseq_matches_rank);
	tcase_add_test(seq, mulhi_fallback_is_exact);
	return testutil_run(s, seq);
}
