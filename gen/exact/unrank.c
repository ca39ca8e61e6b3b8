/* SPDX-License-Identifier: Zlib */
/* unrank: the inverse of the library's rank (libslidetab/model/rank.h): the state of an index, for gen's
 * searches and its check of a table. */
#include "gen/exact/unrank.h"

/* Mixed-radix digits of h; 32-bit division once the remainder fits (always for m <= 13). */
static void digits_of(const struct rank_ctx *r, uint64_t h, unsigned *digits)
{
	int i = 0;
	for (; i < r->m - 2 && (h > UINT32_MAX || r->w[i] > UINT32_MAX); i++) {
		digits[i] = (unsigned)(h / r->w[i]);
		h %= r->w[i];
	}
	uint32_t h32 = (uint32_t)h;
	for (; i < r->m - 2; i++) {
		uint32_t w = (uint32_t)r->w[i];
		digits[i] = h32 / w;
		h32 %= w;
	}
}

/* The last two tiles: in order when the digits' parity already matches, else swapped. */
static void last_two(const struct rank_ctx *r, uint32_t unused, int sum, int parity, uint8_t *seq)
{
	int a = __builtin_ctz(unused), c = 31 - __builtin_clz(unused);
	int swap = (sum & 1) != parity;
	seq[r->m - 2] = (uint8_t)(swap ? c : a);
	seq[r->m - 1] = (uint8_t)(swap ? a : c);
}

/* Digit d picks the d-th smallest unused tile. */
static void unseq_plain(const struct rank_ctx *r, uint64_t h, int parity, uint8_t *seq)
{
	unsigned digits[RANK_MAX_CELLS];
	uint32_t unused = (1u << (r->m + 1)) - 2; /* tiles 1..m */
	int sum = 0;
	digits_of(r, h, digits);
	for (int i = 0; i < r->m - 2; i++) {
		uint32_t m = unused;
		for (unsigned j = 0; j < digits[i]; j++)
			m &= m - 1;
		int t = __builtin_ctz(m);
		sum += (int)digits[i];
		seq[i] = (uint8_t)t;
		unused &= ~(1u << t);
	}
	last_two(r, unused, sum, parity, seq);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
/* The same with one PDEP instruction per digit (BMI2, chosen at run time). */
__attribute__((target("bmi2"))) static void unseq_bmi2(const struct rank_ctx *r, uint64_t h, int parity, uint8_t *seq)
{
	unsigned digits[RANK_MAX_CELLS];
	uint32_t unused = (1u << (r->m + 1)) - 2;
	int sum = 0;
	digits_of(r, h, digits);
	for (int i = 0; i < r->m - 2; i++) {
		int t = __builtin_ctz(_pdep_u32(1u << digits[i], unused));
		sum += (int)digits[i];
		seq[i] = (uint8_t)t;
		unused &= ~(1u << t);
	}
	last_two(r, unused, sum, parity, seq);
}

#else
#define unseq_bmi2 unseq_plain
#endif

void unrank_seq(const struct rank_ctx *r, uint64_t h, int parity, uint8_t *seq)
{
	if (r->bmi2)
		unseq_bmi2(r, h, parity, seq);
	else
		unseq_plain(r, h, parity, seq);
}

void unrank_state(const struct rank_ctx *r, uint64_t index, struct board_state *s)
{
	uint8_t seq[BOARD_MAX_CELLS];
	int blank = (int)(index % (uint64_t)r->n);
	unrank_seq(r, index / (uint64_t)r->n, rank_seq_parity(r, blank), seq);
	for (int c = 0, k = 0; c < r->n; c++)
		s->t[c] = c == blank ? 0 : seq[k++];
	for (int c = r->n; c < BOARD_MAX_CELLS; c++)
		s->t[c] = 0;
}
