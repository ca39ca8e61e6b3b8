/* bfsseq: unranking with the digits kept, for the search's delta re-rank of vertical moves. */
#include "bfsseq.h"

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

void bfsseq_init(struct bfsseq *q, const struct rank_ctx *rk, const uint8_t (*md)[BOARD_MAX_CELLS])
{
	q->rk = rk;
	q->md = md;
	q->fast = rk->seqs <= UINT32_MAX && rk->m >= 3 && rk->m <= 15;
	for (int i = 0; i <= RANK_MAX_CELLS; i++)
		q->w[i] = i < rk->m - 2 ? rk->w[i] : 0;
	for (int k = 0; k < RANK_MAX_CELLS; k++) {
		q->wup[k] = (k > 0 ? q->w[k - 1] : 0) - q->w[k];
		q->wdn[k] = q->w[k + 1] - q->w[k];
	}
	for (int i = 0; i < RANK_MAX_CELLS; i++)
		q->inv[i] = q->w[i] >= 2 ? UINT64_MAX / q->w[i] + 1 : 0;
	moves_init(q);
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

/* Rebuilds seq from position j on out of the digits (c->sum already their sum): digit d takes the d-th smallest unused tile
 * from a nibble list (tiles ascending, 4 bits each); list_at[k] keeps the list before position k. */
static void rebuild(const struct bfsseq *q, struct bfsseq_cur *c, int j)
{
	const int m = q->rk->m;
	uint64_t list = c->list_at[j];
	for (int k = j; k < m - 2; k++) {
		unsigned sh = (unsigned)c->dg[k] * 4;
		uint64_t low = (UINT64_C(1) << sh) - 1;
		c->list_at[k] = list;
		c->seq[k] = (uint8_t)((list >> sh) & 15);
		list = (list & low) | ((list >> 4) & ~low);
	}
	c->seq[m - 2] = (uint8_t)(list & 15);
	c->seq[m - 1] = (uint8_t)((list >> 4) & 15);
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
		uint64_t d = q->w[i] >= 2 ? (uint64_t)(((unsigned __int128)h * q->inv[i]) >> 64) : h;
		h -= d * q->w[i];
		c->dg[i] = (uint8_t)d;
		c->sum += (unsigned)d;
	}
	rebuild(q, c, 0);
}

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
		rank_unseq(q->rk, h, parity, c->seq);
		digits_of_seq(q->rk->m, c->seq, c->dg);
		c->parity = parity;
		c->h = h;
		bfsseq_md_from(q, c, 0);
		bfsseq_pre_from(q, c, 0);
		return;
	}
	if (c->h != UINT64_MAX && h > c->h && h - c->h <= 48)
		step(q, c, h - c->h);
	else
		unrank_fast(q, h, c);
	bfsseq_set_parity(q, c, parity);
}
