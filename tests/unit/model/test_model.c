/* SPDX-License-Identifier: Zlib */
/* test_core: ranking is a bijection, the solvability rule matches reachability, symmetries hold. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/cli.h"
#include "gen/exact/unrank.h"
#include "libslidetab/model/board.h"
#include "libslidetab/model/frame.h"
#include "libslidetab/model/rank.h"
#include "tests/unit/testboard.h"
#include "tests/unit/testutil.h"

/* Plain lexicographic rank of a full permutation of 0..n-1 (independent of rank.c). */
static uint64_t full_rank(const uint8_t *p, int n)
{
	uint64_t r = 0;
	for (int i = 0; i < n; i++) {
		int smaller = 0;
		for (int j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (uint64_t)(n - i) + (uint64_t)smaller;
	}
	return r;
}

static void full_unrank(uint64_t r, int n, uint8_t *p)
{
	int digits[BOARD_MAX_CELLS], used[BOARD_MAX_CELLS] = { 0 };
	for (int i = n - 1; i >= 0; i--) {
		digits[i] = (int)(r % (uint64_t)(n - i));
		r /= (uint64_t)(n - i);
	}
	for (int i = 0; i < n; i++) {
		int k = digits[i];
		for (int v = 0; v < n; v++)
			if (!used[v] && k-- == 0) {
				p[i] = (uint8_t)v;
				used[v] = 1;
				break;
			}
	}
}

static uint64_t factorial(int n)
{
	uint64_t f = 1;
	for (int i = 2; i <= n; i++)
		f *= (uint64_t)i;
	return f;
}

/* Plain BFS over all n! arrangements from goal; dist[full_rank] = distance or -1. */
static int8_t *plain_bfs(const struct board *b, const struct board_state *goal)
{
	uint64_t total = factorial(b->n);
	int8_t *dist = malloc(total);
	uint32_t *queue = malloc(total * sizeof *queue);
	memset(dist, -1, total);
	uint64_t head = 0, tail = 0, g = full_rank(goal->t, b->n);
	dist[g] = 0;
	queue[tail++] = (uint32_t)g;
	while (head < tail) {
		struct board_state s;
		full_unrank(queue[head++], b->n, s.t);
		int blank = board_blank(b, &s);
		for (int d = 0; d < BOARD_NDIRS; d++) {
			struct board_state t = s;
			int bl = blank;
			if (board_move(b, &t, &bl, (enum board_dir)d))
				continue;
			uint64_t r = full_rank(t.t, b->n);
			if (dist[r] < 0) {
				dist[r] = (int8_t)(dist[full_rank(s.t, b->n)] + 1);
				queue[tail++] = (uint32_t)r;
			}
		}
	}
	free(queue);
	return dist;
}

static const int boards[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 } };

/* Every board up to 9 cells, every blank cell of the goal: rank/unrank is a bijection onto
 * [0, n!/2) over exactly the reachable states, and reachability equals the parity rule. */
START_TEST(rank_bijection_and_solvability)
{
	struct board b;
	ck_assert_int_eq(board_init(&b, boards[_i][0], boards[_i][1]), 0);
	/* 3x3: blanks 0, 4, 8; emulated (testutil_emulated): 3x3 blank 0, 2x4 and 4x2 blanks 0 and 1 */
	int emulated = testutil_emulated(), last = emulated && b.n >= 8 ? (b.n == 9 ? 0 : 1) : b.n - 1;
	for (int gb = 0; gb <= last; gb += b.n == 9 ? 4 : 1) {
		struct board_state goal, s;
		board_goal(&b, gb, &goal);
		struct rank_ctx rk;
		ck_assert_int_eq(rank_init(&rk, &b, &goal), 0);
		ck_assert_uint_eq(rk.count, factorial(b.n) / 2);
		int8_t *dist = plain_bfs(&b, &goal);
		uint8_t *hit = calloc(rk.count, 1);
		uint64_t reachable = 0;
		for (uint64_t r = 0; r < factorial(b.n); r++) {
			memset(&s, 0, sizeof s);
			full_unrank(r, b.n, s.t);
			int solvable = board_solvable(&b, &s, &goal);
			quiet_assert_int(solvable, ==, dist[r] >= 0);
			if (!solvable)
				continue;
			reachable++;
			uint64_t idx = rank_state(&rk, &s);
			quiet_assert_uint(idx, <, rk.count);
			quiet_assert_int(hit[idx], ==, 0);
			hit[idx] = 1;
			struct board_state back;
			unrank_state(&rk, idx, &back);
			quiet_assert_mem_eq(back.t, s.t, (size_t)b.n);
		}
		ck_assert_uint_eq(reachable, rk.count);
		free(hit);
		free(dist);
	}
}
END_TEST

/* Larger boards: unrank then rank returns the index, on a sample. */
START_TEST(rank_roundtrip_large)
{
	static const int big[][2] = { { 3, 4 }, { 2, 6 }, { 2, 7 }, { 4, 4 }, { 4, 5 } };
	struct board b;
	board_init(&b, big[_i][0], big[_i][1]);
	struct board_state goal, s;
	board_goal(&b, 0, &goal);
	struct rank_ctx rk;
	ck_assert_int_eq(rank_init(&rk, &b, &goal), 0);
	ck_assert_uint_eq(rk.count, factorial(b.n) / 2);
	uint64_t x = 88172645463325252ull;
	for (int k = 0; k < 20000; k++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		uint64_t idx = x % rk.count;
		unrank_state(&rk, idx, &s);
		quiet_assert(board_valid(&b, &s));
		quiet_assert(board_solvable(&b, &s, &goal));
		quiet_assert_uint(rank_state(&rk, &s), ==, idx);
	}
}
END_TEST

/* Horizontal moves change the index by exactly one (the ordering's locality promise). */
START_TEST(rank_horizontal_locality)
{
	struct board b;
	board_init(&b, 3, 4);
	struct board_state goal, s;
	board_goal(&b, 11, &goal);
	struct rank_ctx rk;
	rank_init(&rk, &b, &goal);
	for (uint64_t idx = 0; idx < 100000; idx += 7) {
		unrank_state(&rk, idx, &s);
		int blank = board_blank(&b, &s);
		if (b.nbr[blank][BOARD_R] >= 0) {
			board_move(&b, &s, &blank, BOARD_R);
			ck_assert_uint_eq(rank_state(&rk, &s), idx + 1);
		}
	}
}
END_TEST

START_TEST(board_spec_parsing)
{
	int r, c;
	ck_assert_int_eq(cli_board_spec("3x4", &r, &c), 0);
	ck_assert_int_eq(r, 3);
	ck_assert_int_eq(c, 4);
	ck_assert_int_eq(cli_board_spec("5X5", &r, &c), 0);
	ck_assert_int_eq(cli_board_spec("1x5", &r, &c), -1);
	ck_assert_int_eq(cli_board_spec("2x12", &r, &c), 0);
	ck_assert_int_eq(cli_board_spec("3x9", &r, &c), -1);
	ck_assert_int_eq(cli_board_spec("3x", &r, &c), -1);
	ck_assert_int_eq(cli_board_spec("3x3x", &r, &c), -1);
	ck_assert_int_eq(cli_board_spec("", &r, &c), -1);
}
END_TEST

/* Symmetries preserve adjacency and map directions consistently; blank classes are as documented. */
START_TEST(board_symmetry_classes)
{
	struct board b;
	struct board_sym syms[8];
	board_init(&b, 3, 3);
	ck_assert_int_eq(board_symmetries(&b, syms), 8);
	for (int i = 0; i < 8; i++)
		for (int c = 0; c < 9; c++)
			for (int d = 0; d < 4; d++)
				if (b.nbr[c][d] >= 0)
					ck_assert_int_eq(b.nbr[syms[i].cell[c]][syms[i].dir[d]],
							 syms[i].cell[b.nbr[c][d]]);
	int want33[9] = { 0, 1, 0, 1, 4, 1, 0, 1, 0 };
	for (int c = 0; c < 9; c++)
		ck_assert_int_eq(board_blank_class(&b, c), want33[c]);
	board_init(&b, 2, 5);
	ck_assert_int_eq(board_symmetries(&b, syms), 4);
	int want25[10] = { 0, 1, 2, 1, 0, 0, 1, 2, 1, 0 };
	for (int c = 0; c < 10; c++)
		ck_assert_int_eq(board_blank_class(&b, c), want25[c]);
}
END_TEST

/* A frame carries the user goal's blank onto the table goal's blank and every move with the cells
 * (the neighbour in direction d of cell c lands on the neighbour, in the mapped direction, of c's
 * image), for a goal's blank on every cell of 3x3, 2x4 and 4x2 (tables of both orientations). */
START_TEST(frame_maps_moves)
{
	static const int boards[][4] = {
		{ 3, 3, 3, 3 }, { 2, 4, 2, 4 }, { 2, 4, 4, 2 }, { 4, 2, 2, 4 }, { 2, 3, 3, 2 }
	};
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		struct board ub, tb;
		board_init(&ub, boards[i][0], boards[i][1]);
		board_init(&tb, boards[i][2], boards[i][3]);
		int transposed = tb.rows != ub.rows, n = ub.n;
		for (int blank = 0; blank < n; blank++) {
			struct board_state ug, tg;
			board_goal(&ub, blank, &ug);
			int tblank = transposed ? (blank % ub.cols) * ub.rows + blank / ub.cols : blank;
			board_goal(&tb, board_blank_class(&tb, tblank), &tg);
			struct frame f;
			ck_assert_msg(frame_find(ub.rows, ub.cols, &ug, &tb, &tg, &f) == 0, "%dx%d blank %d: no frame",
				      ub.rows, ub.cols, blank);
			ck_assert_int_eq(tg.t[f.cell[blank]], 0);
			uint32_t seen = 0;
			for (int c = 0; c < n; c++) {
				seen |= 1u << f.cell[c];
				ck_assert_int_eq(f.rename[ug.t[c]], tg.t[f.cell[c]]);
				for (int d = 0; d < BOARD_NDIRS; d++) {
					int to = ub.nbr[c][d];
					ck_assert_msg(to < 0 ? tb.nbr[f.cell[c]][f.dir[d]] < 0
							     : tb.nbr[f.cell[c]][f.dir[d]] == f.cell[to],
						      "%dx%d onto %dx%d, blank %d: cell %d direction %d maps wrongly",
						      ub.rows, ub.cols, tb.rows, tb.cols, blank, c, d);
				}
			}
			ck_assert_uint_eq(seen, (1u << n) - 1);
		}
	}
}
END_TEST

START_TEST(board_manhattan_and_parity)
{
	struct board b;
	board_init(&b, 3, 3);
	struct board_state g, s = { { 1, 3, 0, 4, 2, 5, 7, 8, 6 } };
	board_goal(&b, 8, &g);
	ck_assert_int_eq(board_manhattan(&b, &s, &g), 4);
	ck_assert_int_eq(board_perm_parity(&b, &s, &g), 0);
	ck_assert(board_solvable(&b, &s, &g));
	struct board_state u = { { 2, 1, 3, 4, 5, 6, 7, 8, 0 } };
	ck_assert(!board_solvable(&b, &u, &g));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, rank_bijection_and_solvability, 0, 6);
	tcase_add_loop_test(tc, rank_roundtrip_large, 0, 5);
	tcase_add_test(tc, rank_horizontal_locality);
	tcase_add_test(tc, board_spec_parsing);
	tcase_add_test(tc, board_symmetry_classes);
	tcase_add_test(tc, frame_maps_moves);
	tcase_add_test(tc, board_manhattan_and_parity);
	return testutil_run(s, tc);
}
