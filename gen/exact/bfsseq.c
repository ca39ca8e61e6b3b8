/* SPDX-License-Identifier: Zlib */
/* bfsseq: unranking with the digits kept, for the search's delta re-rank of vertical moves. */
#include "gen/exact/bfsseq.h"

#include <string.h>

#include "gen/exact/unrank.h"

/* The table path of vertical moves (bfsseq.h): for the tile at a crossing the tiles at
 * [r0, r0 + len), every digit in between moves one place and changes by one where the crossed
 * tile is larger, and the moving tile's digit changes by the crossed tiles that are smaller. Up:
 * seq[to] goes behind seq[to+1 .. blank-1] to position blank-1; down: seq[to-1] goes ahead of
 * seq[blank .. to-2] to position blank. The parts that depend only on the mask go into t[]. */
static void moves_init(struct bfsseq *q)
{
	const int n = q->rk->n, cols = q->rk->cols, len = cols - 1;
	q->vmask = len >= 1 && len <= BFSSEQ_VMASK_MAX;
	if (!q->vmask)
		return;
	for (int b = 0; b < n; b++)
		for (int dir = 0; dir < 2; dir++) {
			int to = dir ? b + cols : b - cols;
			if (to < 0 || to >= n)
				continue;
			struct bfsseq_move *mv = &q->mv[b][dir];
			uint64_t wn = dir ? q->w[b] : q->w[b - 1];
			mv->a = (uint8_t)(dir ? to - 1 : to);
			mv->r0 = (uint8_t)(dir ? b : to + 1);
			mv->sel = (uint8_t)dir;
			mv->coef = wn - q->w[mv->a];
			mv->t = q->tab[b][dir];
			for (unsigned mask = 0; mask < 1u << len; mask++) {
				uint64_t v = 0;
				for (int i = 0; i < len; i++)
					if (mask >> i & 1)
						v += (dir ? q->w[mv->r0 + i + 1] : q->w[mv->r0 + i - 1]) + wn;
				q->tab[b][dir][mask] = dir ? (uint64_t)len * wn - v : v - (uint64_t)len * wn;
			}
		}
}

static void low_init(struct bfsseq *q);

void bfsseq_init(struct bfsseq *q, const struct rank_ctx *rk, const uint8_t (*md)[BOARD_MAX_CELLS])
{
	q->rk = rk;
	q->md = md;
	q->fast = rk->seqs <= UINT32_MAX && rk->m >= 3 && rk->m <= 15;
	q->vec = 0;
#if BFSSEQ_VEC
	q->vec = q->fast; /* m <= 15: the seq fits one vector */
	uint8_t bytes[16];
	for (int j = 0; j <= 16; j++) {
		for (int i = 0; i < 16; i++)
			bytes[i] = i < j ? 0xff : 0;
		memcpy(&q->keep[j], bytes, 16);
	}
	for (int i = 0; i < 16; i++)
		bytes[i] = i == rk->m - 2 || i == rk->m - 1 ? 0xff : 0;
	memcpy(&q->lastpair, bytes, 16);
#endif
	for (int i = 0; i <= RANK_MAX_CELLS; i++)
		q->w[i] = i < rk->m - 2 ? rk->w[i] : 0;
	for (int k = 0; k < RANK_MAX_CELLS; k++) {
		q->wup[k] = (k > 0 ? q->w[k - 1] : 0) - q->w[k];
		q->wdn[k] = q->w[k + 1] - q->w[k];
	}
	for (int i = 0; i < RANK_MAX_CELLS; i++)
		q->inv[i] = q->w[i] >= 2 ? UINT64_MAX / q->w[i] + 1 : 0;
	moves_init(q);
	low_init(q);
}

/* Lehmer digits of seq (the later tiles smaller than each). */
static void digits_of_seq(int m, const uint8_t *seq, uint8_t *dg)
{
	for (int k = 0; k < m; k++) {
		unsigned d = 0;
		for (int j = k + 1; j < m; j++)
			d += seq[j] < seq[k];
		dg[k] = (uint8_t)d;
	}
}

/* Rebuilds seq from position j on out of the digits (c->sum already their sum): digit d takes the d-th
 * smallest unused tile from a nibble list (tiles ascending, 4 bits each); list_at[k] keeps the list
 * before position k. */
static void rebuild(const struct bfsseq *q, struct bfsseq_cur *c, int j)
{
	const int m = q->rk->m;
	uint64_t list = c->list_at[j];
#if BFSSEQ_VEC
	if (q->vec) { /* the new tiles gathered in two 64-bit halves, stored with the kept ones at once */
		uint64_t tail[2] = { 0, 0 };
		for (int k = j; k < m - 2; k++) {
			unsigned sh = (unsigned)c->dg[k] * 4;
			uint64_t low = (UINT64_C(1) << sh) - 1;
			c->list_at[k] = list;
			tail[k >> 3] |= ((list >> sh) & 15) << (8 * (k & 7));
			list = (list & low) | ((list >> 4) & ~low);
		}
		tail[(m - 2) >> 3] |= (list & 0xf) << (8 * ((m - 2) & 7));
		tail[(m - 1) >> 3] |= ((list >> 4) & 0xf) << (8 * ((m - 1) & 7));
		__m128i *v = (__m128i *)(void *)c->seq;
		__m128i t = _mm_set_epi64x((long long)tail[1], (long long)tail[0]);
		_mm_store_si128(v, _mm_or_si128(_mm_and_si128(_mm_load_si128(v), q->keep[j]), t));
	} else
#endif
	{
		for (int k = j; k < m - 2; k++) {
			unsigned sh = (unsigned)c->dg[k] * 4;
			uint64_t low = (UINT64_C(1) << sh) - 1;
			c->list_at[k] = list;
			c->seq[k] = (uint8_t)((list >> sh) & 15);
			list = (list & low) | ((list >> 4) & ~low);
		}
		c->seq[m - 2] = (uint8_t)(list & 15);
		c->seq[m - 1] = (uint8_t)((list >> 4) & 15);
	}
	c->dg[m - 2] = 0;
	c->dg[m - 1] = 0;
	c->parity = (int)(c->sum & 1); /* ascending last two: the digits' own parity */
	bfsseq_md_from(q, c, j);
	bfsseq_pre_from(q, c, j);
}

/* Fast path: the digits by reciprocal division (exact for h < 2^32), then the whole seq. */
static void unrank_fast(const struct bfsseq *q, uint64_t h, struct bfsseq_cur *c)
{
	const int m = q->rk->m;
	uint64_t list = 0;
	for (int t = m; t >= 1; t--)
		list = list << 4 | (uint64_t)t;
	c->list_at[0] = list;
	c->h = h;
	c->sum = 0;
	for (int i = 0; i < m - 2; i++) {
		uint64_t d = q->w[i] >= 2 ? bfsseq_mulhi(h, q->inv[i]) : h;
		h -= d * q->w[i];
		c->dg[i] = (uint8_t)d;
		c->sum += (unsigned)d;
	}
	rebuild(q, c, 0);
}

/* The table of the low ranks (bfsseq.h): low value L = d0 * 12 + d1 * 3 + d2 for the digits d0, d1,
 * d2 of positions m-5, m-4, m-3 (radices 5, 4, 3; w = 12, 3, 1); each digit takes the d-th
 * smallest of the tiles left, the last two follow ascending, or swapped. */
static void low_init(struct bfsseq *q)
{
	const int m = q->rk->m, k0 = m - BFSSEQ_LOW_TILES;
	q->lowtab = q->vec && m >= BFSSEQ_LOW_TILES;
	if (!q->lowtab)
		return;
	for (int L = 0; L < BFSSEQ_LOW_RANKS; L++)
		for (int x = 0; x < 2; x++) {
			int swap = x ^ ((L / 12 + L / 3 % 4 + L % 3) & 1);
			struct bfsseq_low *e = &q->low[L][x];
			uint8_t left[BFSSEQ_LOW_TILES] = { 0, 1, 2, 3, 4 },
				d[BFSSEQ_LOW_TILES] = { (uint8_t)(L / 12), (uint8_t)(L / 3 % 4), (uint8_t)(L % 3),
							(uint8_t)swap, 0 };
			int nleft = BFSSEQ_LOW_TILES;
			for (int i = 0; i < 3; i++) {
				e->sh[i] = (uint8_t)(4 * left[d[i]]);
				for (int k = d[i]; k + 1 < nleft; k++)
					left[k] = left[k + 1];
				nleft--;
			}
			e->sh[3] = (uint8_t)(4 * left[swap]);
			e->sh[4] = (uint8_t)(4 * left[!swap]);
			e->dg = 0;
			uint64_t p0 = 0, p1 = 0;
			for (int i = 0; i < BFSSEQ_LOW_TILES; i++) {
				e->dg |= (uint64_t)d[i] << (8 * i);
				p0 += d[i] * q->wup[k0 + i];
				p1 += d[i] * q->wdn[k0 + i];
				e->ps[0][i] = p0;
				e->ps[1][i] = p1;
			}
			q->lowsum[L] = (uint8_t)(d[0] + d[1] + d[2]);
		}
}

#if BFSSEQ_VEC
/* A rank of the same low group as c's, from the table: c->h / 60 == h / 60. */
static void low_goto(const struct bfsseq *q, struct bfsseq_cur *c, uint64_t h, int parity)
{
	const int m = q->rk->m, k0 = m - BFSSEQ_LOW_TILES;
	unsigned L = (unsigned)(h % BFSSEQ_LOW_RANKS);
	const struct bfsseq_low *e = &q->low[L][(parity ^ c->sumhi) & 1];
	uint64_t list = c->list_at[k0], tail = 0;
#pragma GCC unroll 5
	for (int i = 0; i < BFSSEQ_LOW_TILES; i++)
		tail |= ((list >> e->sh[i]) & 15) << (8 * i);
	/* the tail at byte k0 of the vector: its two halves from registers (not through the stack) */
	uint64_t lo = k0 < 8 ? tail << (8 * k0) : 0, hi = k0 == 0  ? 0
							  : k0 < 8 ? tail >> (64 - 8 * k0)
								   : tail << (8 * (k0 - 8));
	__m128i *v = (__m128i *)(void *)c->seq;
	__m128i t = _mm_unpacklo_epi64(_mm_cvtsi64_si128((long long)lo), _mm_cvtsi64_si128((long long)hi));
	_mm_store_si128(v, _mm_or_si128(_mm_and_si128(_mm_load_si128(v), q->keep[k0]), t));
	memcpy(&c->dg[k0], &e->dg, 8);
#pragma GCC unroll 5
	for (int i = 0; i < BFSSEQ_LOW_TILES; i++) {
		c->pre[0][k0 + 1 + i] = c->pre[0][k0] + e->ps[0][i];
		c->pre[1][k0 + 1 + i] = c->pre[1][k0] + e->ps[1][i];
	}
	c->sum = c->sumhi + q->lowsum[L];
	c->h = h;
	c->parity = parity;
	bfsseq_md_from(q, c, k0);
}
#endif

/* Adds `by` to the mixed-radix digits (digit i has radix m - i) and rebuilds the seq from the
 * first digit that changed: far cheaper than unranking when the next rank is near. */
static void step(const struct bfsseq *q, struct bfsseq_cur *c, uint64_t by)
{
	const int m = q->rk->m;
	int i = m - 3;
	c->h += by;
	for (; by; i--) {
		unsigned radix = (unsigned)(m - i);
		uint64_t v = c->dg[i] + by;
		by = 0;
		while (v >= radix) {
			v -= radix;
			by++;
		}
		c->sum += (unsigned)v - c->dg[i];
		c->dg[i] = (uint8_t)v;
	}
	rebuild(q, c, i + 1);
}

void bfsseq_goto(const struct bfsseq *q, uint64_t h, int parity, struct bfsseq_cur *c)
{
	if (!q->fast) {
		unrank_seq(q->rk, h, parity, c->seq);
		digits_of_seq(q->rk->m, c->seq, c->dg);
		c->parity = parity;
		c->h = h;
		bfsseq_md_from(q, c, 0);
		bfsseq_pre_from(q, c, 0);
		return;
	}
#if BFSSEQ_VEC
	if (q->lowtab && c->h != UINT64_MAX && h > c->h && h / BFSSEQ_LOW_RANKS == c->h / BFSSEQ_LOW_RANKS) {
		low_goto(q, c, h, parity);
		return;
	}
#endif
	if (c->h != UINT64_MAX && h > c->h && h - c->h <= 48)
		step(q, c, h - c->h);
	else
		unrank_fast(q, h, c);
	c->sumhi = c->sum - q->lowsum[h % BFSSEQ_LOW_RANKS];
	bfsseq_set_parity(q, c, parity);
}
