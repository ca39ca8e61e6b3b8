/* SPDX-License-Identifier: Zlib */
/* bfsseq: the search's own unranking of a seq rank (libslidetab/model/rank.h ordering) that also keeps the
 * rank's digits, and the rank after a vertical move as a delta over the cols digits it changes.
 *
 * Digits: dg[k] is the Lehmer digit of seq[k] (the later tiles smaller than it), so a half rank is
 * h = sum dg[k] * w[k] with w[k] = 0 from k = m-2 on (libslidetab/model/rank.h). Unranking divides by
 * multiplying with a 64-bit reciprocal (exact while h < 2^32, i.e. m <= 13) and picks tiles from
 * a nibble-packed list of the unused ones (m <= 15); larger boards use unrank_seq. */
#ifndef SLIDETAB_BFSSEQ_H
#define SLIDETAB_BFSSEQ_H

#include <stdint.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "libslidetab/model/rank.h"

#define BFSSEQ_VMASK_MAX 7                   /* the table path covers cols - 1 <= 7 crossed tiles (128 masks a move) */
#define BFSSEQ_SEQ_PAD   16                  /* seq[] is read 16 bytes at a time from any position */
#if defined(__SSE2__) && defined(__x86_64__) /* _mm_cvtsi64_si128 is x86-64's */
#define BFSSEQ_VEC 1 /* a seq of at most 16 tiles is written as one 16-byte vector (see bfsseq_cur) */
#else
#define BFSSEQ_VEC 0
#endif

/* One vertical move of the blank (from one cell, up or down) as the table path does it: the tile
 * at seq position a crosses the cols - 1 tiles at [r0, r0 + cols - 1), and
 *   new rank = h + dg[a] * coef + (P[sel][r0 + cols - 1] - P[sel][r0]) + t[mask]
 * where mask has bit i set when seq[r0 + i] is larger than the moving tile, and P[0], P[1] are
 * the cursor's prefix sums of dg[k] * wup[k] and dg[k] * wdn[k]. */
struct bfsseq_move {
	uint8_t a, r0, sel;
	uint64_t coef;
	const uint64_t *t; /* 1 << (cols - 1) entries */
};
/* The next seq ranks within one group of BFSSEQ_LOW_RANKS (the ranks that differ only in the last
 * BFSSEQ_LOW_TILES tiles: a rank's low digits are h % 60, w[m-6] = 60) come from a table rather
 * than a digit increment with carries and a rebuild: the tiles, digits and prefix sums of those
 * positions for each low value and last-pair swap. */
#define BFSSEQ_LOW_TILES 5
#define BFSSEQ_LOW_RANKS 60 /* 5!/2 */
struct bfsseq_low {
	uint8_t sh[BFSSEQ_LOW_TILES];     /* tail position i takes the unused tile at nibble sh[i] / 4 */
	uint64_t dg;                      /* the digits of the tail positions, byte i, then zero bytes */
	uint64_t ps[2][BFSSEQ_LOW_TILES]; /* pre[s][m-5+1+i] - pre[s][m-5] */
};

struct bfsseq {
	const struct rank_ctx *rk;
	int fast;   /* 1: the reciprocal and nibble-list path applies */
	int vec;    /* 1: the cursor's seq is written and read as one vector (BFSSEQ_VEC, m <= 16) */
	int lowtab; /* 1: low[] applies (vec and m >= BFSSEQ_LOW_TILES) */
	uint8_t lowsum[BFSSEQ_LOW_RANKS];           /* the sum of the low digits m-5 .. m-3 of each low value */
	struct bfsseq_low low[BFSSEQ_LOW_RANKS][2]; /* [h % 60][seq parity ^ the parity of sumhi] */
	uint64_t inv[RANK_MAX_CELLS];               /* floor(2^64 / w[i]) + 1 for w[i] >= 2 */
	uint64_t w[RANK_MAX_CELLS + 1];             /* w[i], 0 from m-2 on */
	uint64_t wup[RANK_MAX_CELLS + 1], wdn[RANK_MAX_CELLS + 1]; /* w[k-1] - w[k], w[k+1] - w[k] (mod 2^64) */
	const uint8_t (*md)[BOARD_MAX_CELLS]; /* md[tile][cell], or NULL: Manhattan sums are not kept */
	int vmask;                            /* 1: vertical moves go through mv[] (cols - 1 <= BFSSEQ_VMASK_MAX) */
	struct bfsseq_move mv[BOARD_MAX_CELLS][2]; /* [blank][0: up, 1: down] */
#if BFSSEQ_VEC
	__m128i lastpair; /* 0xff at seq positions m-2 and m-1 */
	__m128i keep[17]; /* keep[j]: 0xff at the positions before j */
#endif
	uint64_t tab[BOARD_MAX_CELLS][2][1u << BFSSEQ_VMASK_MAX];
};

/* With q->vec the seq bytes are only ever stored as the one aligned 16-byte vector at seq[0] and
 * the mask of a vertical move comes from that whole vector: a load of bytes stored one at a time
 * cannot be forwarded from the stores and stalls until they retire (measured: the one hot spot of
 * the search, 14% of its samples on 3x4). Single bytes are still read from seq[] as bytes. */
struct bfsseq_cur {
	_Alignas(16) uint8_t seq[RANK_MAX_CELLS + BFSSEQ_SEQ_PAD];
	uint8_t dg[RANK_MAX_CELLS + 1];
	int parity;     /* the seq parity seq[] and dg[] now hold */
	uint64_t h;     /* the seq rank held, UINT64_MAX for none */
	unsigned sum;   /* sum of the digits 0..m-3 (fast path) */
	unsigned sumhi; /* sum of the digits 0..m-6 (with q->lowtab) */
	/* With q->md: mda[k] = sum of md[seq[i]][i] and mdb[k] = sum of md[seq[i]][i+1] over i < k,
	 * so the Manhattan distance with the blank at b is mda[b] + mdb[m] - mdb[b]. */
	uint16_t mda[RANK_MAX_CELLS + 1], mdb[RANK_MAX_CELLS + 1];
	uint64_t list_at[RANK_MAX_CELLS];    /* the unused tiles before each position (fast path) */
	uint64_t pre[2][RANK_MAX_CELLS + 1]; /* pre[0][k] = sum of dg[i] * wup[i], pre[1][k] of dg[i] * wdn[i], i < k */
};

/* Keeps pre[][] from position k on (after dg changed there). */
static inline void bfsseq_pre_from(const struct bfsseq *q, struct bfsseq_cur *c, int k)
{
	for (; k < q->rk->m; k++) {
		c->pre[0][k + 1] = c->pre[0][k] + c->dg[k] * q->wup[k];
		c->pre[1][k + 1] = c->pre[1][k] + c->dg[k] * q->wdn[k];
	}
}

/* md: the taxicab table md[tile][cell] when the Manhattan distances are wanted, else NULL. */
/* The high 64 bits of a * b, from four 32-bit products: the fallback where there is no 128-bit integer. */
static inline uint64_t bfsseq_mulhi_portable(uint64_t a, uint64_t b)
{
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p01 = a0 * b1, p10 = a1 * b0, mid = (a0 * b0 >> 32) + (uint32_t)p01 + (uint32_t)p10;
	return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* The high 64 bits of a * b (the reciprocal division of unranking). */
static inline uint64_t bfsseq_mulhi(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
	return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
	return bfsseq_mulhi_portable(a, b);
#endif
}

void bfsseq_init(struct bfsseq *q, const struct rank_ctx *rk, const uint8_t (*md)[BOARD_MAX_CELLS]);

/* Keeps mda/mdb from position k on (after seq changed there). */
static inline void bfsseq_md_from(const struct bfsseq *q, struct bfsseq_cur *c, int k)
{
	if (!q->md)
		return;
	for (; k < q->rk->m; k++) {
		c->mda[k + 1] = (uint16_t)(c->mda[k] + q->md[c->seq[k]][k]);
		c->mdb[k + 1] = (uint16_t)(c->mdb[k] + q->md[c->seq[k]][k + 1]);
	}
}

/* The Manhattan distance of c's seq with the blank at `blank` (needs q->md). */
static inline unsigned bfsseq_md(const struct bfsseq *q, const struct bfsseq_cur *c, int blank)
{
	return (unsigned)c->mda[blank] + c->mdb[q->rk->m] - c->mdb[blank];
}

/* Starts c holding no seq. */
static inline void bfsseq_cur_init(struct bfsseq_cur *c)
{
	c->h = UINT64_MAX;
	c->mda[0] = c->mdb[0] = 0;
	c->pre[0][0] = c->pre[1][0] = 0;
	for (int k = 0; k < (int)sizeof c->seq; k++)
		c->seq[k] = 0;
}

/* Makes c hold seq rank h with the given seq parity: a few steps from the rank it holds when h is
 * a little larger, else a fresh unranking. */
void bfsseq_goto(const struct bfsseq *q, uint64_t h, int parity, struct bfsseq_cur *c);

/* The same seq with the other parity: the last two tiles swap. */
static inline void bfsseq_set_parity(const struct bfsseq *q, struct bfsseq_cur *c, int parity)
{
	if (parity == c->parity)
		return;
	int m = q->rk->m;
	uint8_t t = c->seq[m - 2];
#if BFSSEQ_VEC
	if (q->vec) { /* both bytes XORed with their XOR, in one vector store */
		__m128i *v = (__m128i *)(void *)c->seq, x = _mm_set1_epi8((char)(t ^ c->seq[m - 1]));
		_mm_store_si128(v, _mm_xor_si128(_mm_load_si128(v), _mm_and_si128(x, q->lastpair)));
	} else
#endif
	{
		c->seq[m - 2] = c->seq[m - 1];
		c->seq[m - 1] = t;
	}
	c->dg[m - 2] ^= 1;
	c->parity = parity;
	bfsseq_md_from(q, c, m - 2);
	bfsseq_pre_from(q, c, m - 2);
}

/* The mask of the tiles among seq[r0 .. r0 + BFSSEQ_VMASK_MAX) larger than t (bit i for r0 + i). */
static inline __attribute__((always_inline)) unsigned bfsseq_larger(const uint8_t *seq, unsigned t)
{
#if BFSSEQ_VEC
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)seq);
	return (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)t)));
#else
	unsigned m = 0;
	for (int i = 0; i < BFSSEQ_VMASK_MAX; i++)
		m |= (unsigned)(seq[i] > t) << i;
	return m;
#endif
}

/* Seq rank after move mv (q->vmask), given h = the rank of c: no branch, no loop. */
static inline __attribute__((always_inline)) uint64_t bfsseq_vmove(const struct bfsseq *q, const struct bfsseq_cur *c,
								   uint64_t h, const struct bfsseq_move *mv)
{
	unsigned len = (unsigned)q->rk->cols - 1, mask;
#if BFSSEQ_VEC
	if (q->vec) {
		__m128i v = _mm_load_si128((const __m128i *)(const void *)c->seq);
		unsigned all = (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)c->seq[mv->a])));
		mask = (all >> mv->r0) & ((1u << len) - 1);
	} else
#endif
		mask = bfsseq_larger(c->seq + mv->r0, c->seq[mv->a]) & ((1u << len) - 1);
	return h + c->dg[mv->a] * mv->coef + (c->pre[mv->sel][mv->r0 + len] - c->pre[mv->sel][mv->r0]) + mv->t[mask];
}

/* Seq rank after the blank's vertical move from cell `blank` to cell `to`, given h = the rank of c. */
static inline __attribute__((always_inline)) uint64_t bfsseq_vertical(const struct bfsseq *q,
								      const struct bfsseq_cur *c, uint64_t h, int blank,
								      int to)
{
	const uint8_t *s = c->seq, *dg = c->dg;
	const uint64_t *w = q->w;
	if (q->vmask)
		return bfsseq_vmove(q, c, h, &q->mv[blank][to > blank]);
	if (to < blank) { /* up: seq[to] jumps behind seq[to+1..blank-1] */
		unsigned t = s[to], below = 0;
		h -= dg[to] * w[to];
		for (int k = to + 1; k < blank; k++) {
			unsigned lt = t < s[k];
			below += 1 - lt;
			h += dg[k] * q->wup[k] + (lt ? w[k - 1] : 0);
		}
		return h + (dg[to] - below) * w[blank - 1];
	}
	/* down: seq[to-1] jumps ahead of seq[blank..to-2] */
	unsigned t = s[to - 1], below = 0;
	h -= dg[to - 1] * w[to - 1];
	for (int k = to - 2; k >= blank; k--) {
		unsigned lt = t < s[k];
		below += 1 - lt;
		h += dg[k] * q->wdn[k] - (lt ? w[k + 1] : 0);
	}
	return h + (dg[to - 1] + below) * w[blank];
}

#endif
