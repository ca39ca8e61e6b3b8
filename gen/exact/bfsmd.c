/* SPDX-License-Identifier: Zlib */
/* bfsmd: the distances of a finished search turned into Manhattan-residue entries. */
#include "gen/exact/bfsmd.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "gen/exact/bfsseq.h"
#include "libslidetab/base/pool.h"

#define MD_CHUNK (UINT64_C(1) << 20) /* states a pool index converts */

struct md_job {
	struct bfsseq q;
	uint8_t par[BOARD_MAX_CELLS]; /* seq parity of each blank cell */
	uint8_t *entries;
	uint64_t lo, count;
	_Atomic unsigned eor;
};

/* States [c * MD_CHUNK, ...) of the job: the cursor steps from one seq rank to the next. */
static void convert_chunk(void *ctx, size_t c, int worker)
{
	(void)worker;
	struct md_job *j = ctx;
	const uint64_t n = (uint64_t)j->q.rk->n;
	uint64_t k0 = c * MD_CHUNK, k1 = k0 + MD_CHUNK < j->count ? k0 + MD_CHUNK : j->count;
	struct bfsseq_cur cur;
	unsigned eor = 0;
	bfsseq_cur_init(&cur);
	uint64_t r = (j->lo + k0) / n; /* state lo + k is rank r, blank cell `blank`: counted, not divided */
	int blank = (int)((j->lo + k0) % n);
	for (uint64_t k = k0; k < k1; k++) {
		if (r != cur.h)
			bfsseq_goto(&j->q, r, j->par[blank], &cur);
		else
			bfsseq_set_parity(&j->q, &cur, j->par[blank]);
		unsigned e = (j->entries[k] - bfsseq_md(&j->q, &cur, blank)) / 2;
		j->entries[k] = (uint8_t)e;
		eor |= e;
		if (++blank == (int)n) {
			blank = 0;
			r++;
		}
	}
	atomic_fetch_or_explicit(&j->eor, eor, memory_order_relaxed);
}

long bfsmd_convert(const struct rank_ctx *rk, const uint8_t (*md)[BOARD_MAX_CELLS], uint8_t *entries, uint64_t lo,
		   uint64_t count, int threads)
{
	struct md_job *j = malloc(sizeof *j);
	if (!j)
		return -1;
	bfsseq_init(&j->q, rk, md);
	for (int b = 0; b < rk->n; b++)
		j->par[b] = (uint8_t)rank_seq_parity(rk, b);
	j->entries = entries;
	j->lo = lo;
	j->count = count;
	atomic_init(&j->eor, 0);
	pool_run(threads, (size_t)((count + MD_CHUNK - 1) / MD_CHUNK), convert_chunk, j);
	long eor = (long)atomic_load(&j->eor);
	free(j);
	return eor;
}
