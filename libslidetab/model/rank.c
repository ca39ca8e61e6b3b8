/* SPDX-License-Identifier: Zlib */
/* rank: a perfect hash of the states reachable from a goal onto [0, n!/2) (its inverse: gen/exact/unrank.c). */
#include "libslidetab/model/rank.h"

/* Parity of a sequence of distinct small values (inversion count mod 2). */
static int seq_parity(const uint8_t *seq, int m)
{
	uint32_t seen = 0;
	int inv = 0;
	for (int i = 0; i < m; i++) {
		inv += seq[i] - 1 - __builtin_popcount(seen & ((1u << seq[i]) - 1));
		seen |= 1u << seq[i];
	}
	return inv & 1;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static int have_bmi2(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("bmi2");
}
#else
static int have_bmi2(void)
{
	return 0;
}
#endif

int rank_init(struct rank_ctx *r, const struct board *b, const struct board_state *goal)
{
	if (b->n > RANK_MAX_CELLS)
		return -1;
	r->n = b->n;
	r->cols = b->cols;
	r->m = b->n - 1;
	uint64_t f = 1; /* (m-1-i)! built from the right */
	for (int i = r->m - 1; i >= 0; i--) {
		r->w[i] = f / 2; /* meaningful for i < m-2, where f >= 2 */
		f *= (uint64_t)(r->m - i);
	}
	r->seqs = f / 2;
	r->bmi2 = have_bmi2();
	r->count = r->seqs * (uint64_t)r->n;
	uint8_t seq[BOARD_MAX_CELLS];
	int blank = rank_state_seq(r, goal, seq);
	r->parity0 = 0;
	r->parity0 = seq_parity(seq, r->m) ^ rank_seq_parity(r, blank);
	return 0;
}

uint64_t rank_state(const struct rank_ctx *r, const struct board_state *s)
{
	uint8_t seq[BOARD_MAX_CELLS];
	int blank = rank_state_seq(r, s, seq);
	return rank_seq(r, seq) * (uint64_t)r->n + (uint64_t)blank;
}
