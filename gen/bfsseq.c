/* bfsseq: unranking with the digits kept, for the search's delta re-rank of vertical moves. */
#include "bfsseq.h"

void bfsseq_init(struct bfsseq *q, const struct rank_ctx *rk)
{
	q->rk = rk;
	q->fast = rk->seqs <= UINT32_MAX && rk->m >= 3 && rk->m <= 15;
	for (int i = 0; i <= RANK_MAX_CELLS; i++)
		q->w[i] = i < rk->m - 2 ? rk->w[i] : 0;
	for (int i = 0; i < RANK_MAX_CELLS; i++)
		q->inv[i] = q->w[i] >= 2 ? UINT64_MAX / q->w[i] + 1 : 0;
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

/* Fast path: reciprocal division, then digit d takes the d-th smallest unused tile from a
 * nibble list (tiles 1..m ascending, 4 bits each). */
static void unrank_fast(const struct bfsseq *q, uint64_t h, struct bfsseq_cur *c)
{
	const int m = q->rk->m;
	uint64_t list = 0;
	for (int t = m; t >= 1; t--)
		list = list << 4 | (uint64_t)t;
	int sum = 0;
	for (int i = 0; i < m - 2; i++) {
		uint64_t d = q->w[i] >= 2 ? (uint64_t)(((unsigned __int128)h * q->inv[i]) >> 64) : h;
		h -= d * q->w[i];
		unsigned sh = (unsigned)d * 4;
		uint64_t low = (UINT64_C(1) << sh) - 1;
		c->seq[i] = (uint8_t)((list >> sh) & 15);
		c->dg[i] = (uint8_t)d;
		list = (list & low) | ((list >> 4) & ~low);
		sum += (int)d;
	}
	c->seq[m - 2] = (uint8_t)(list & 15);
	c->seq[m - 1] = (uint8_t)((list >> 4) & 15);
	c->dg[m - 2] = 0;
	c->dg[m - 1] = 0;
	c->sum = sum & 1;
	c->parity = c->sum; /* ascending last two: the digits' own parity */
}

void bfsseq_unrank(const struct bfsseq *q, uint64_t h, int parity, struct bfsseq_cur *c)
{
	if (!q->fast) {
		rank_unseq(q->rk, h, parity, c->seq);
		digits_of_seq(q->rk->m, c->seq, c->dg);
		c->parity = parity;
		return;
	}
	unrank_fast(q, h, c);
	bfsseq_set_parity(q, c, parity);
}
