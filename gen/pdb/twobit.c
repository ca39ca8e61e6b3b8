/* SPDX-License-Identifier: Zlib */
/* twobit: the breadth-first search of the 1-bit pattern databases, 2 bits a state (see twobit.h). */
#include "gen/pdb/twobit.h"

#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbprog.h"
#include "libslidetab/base/pool.h"

uint64_t twobit_bytes(uint64_t count)
{
	uint64_t words = (count + TWOBIT_PER_WORD - 1) / TWOBIT_PER_WORD;
	uint64_t nchunks = (count + PDBGEN_CHUNK - 1) >> PDBGEN_CHUNK_SHIFT;
	return words * 8 + table_packed_bytes(count, 1) + 1 + 2 * nchunks;
}

int twobit_init(struct twobit *t, uint64_t count, uint64_t goal, const char *who, struct slidetab_error *err)
{
	memset(t, 0, sizeof *t);
	t->count = count;
	t->nchunks = (count + PDBGEN_CHUNK - 1) >> PDBGEN_CHUNK_SHIFT;
	uint64_t words = (count + TWOBIT_PER_WORD - 1) / TWOBIT_PER_WORD;
	if (bigmem_alloc(&t->mst, words * 8) != 0 || bigmem_alloc(&t->mflag[0], t->nchunks) != 0 ||
	    bigmem_alloc(&t->mflag[1], t->nchunks) != 0 ||
	    !(t->out = calloc((size_t)table_packed_bytes(count, 1) + 1, 1))) {
		twobit_free(t);
		return err_set(err, SLIDETAB_ENOMEM, "%s: out of memory for %llu states", who,
			       (unsigned long long)count);
	}
	t->st = (uint64_t *)t->mst.p;
	t->flag[0] = t->mflag[0].p;
	t->flag[1] = t->mflag[1].p;
	memset(t->st, 0xff, (size_t)words * 8);
	t->st[goal / TWOBIT_PER_WORD] &= ~((uint64_t)(TWOBIT_UNSEEN ^ TWOBIT_MARK(0)) << (goal % TWOBIT_PER_WORD * 2));
	t->flag[0][goal >> PDBGEN_CHUNK_SHIFT] = 1;
	pdbprog_publish(1, count);
	return SLIDETAB_OK;
}

struct twobit_worker *twobit_workers(struct twobit *t, int threads, void *scratch, size_t size)
{
	struct twobit_worker *ws = calloc((size_t)threads, sizeof *ws);
	for (int i = 0; ws && i < threads; i++)
		ws[i] = (struct twobit_worker){ .t = t, .scratch = (char *)scratch + (size_t)i * size };
	return ws;
}

void twobit_free(struct twobit *t)
{
	pdbprog_publish(0, 0);
	bigmem_free(&t->mst);
	bigmem_free(&t->mflag[0]);
	bigmem_free(&t->mflag[1]);
	free(t->out);
	t->out = NULL;
}

void twobit_take(struct twobit *t, struct table_meta *m, uint32_t entry, uint32_t ranking, uint8_t **packed)
{
	m->entry = entry;
	m->ranking = ranking;
	m->payload = TABLE_PAYLOAD_RAW;
	m->entry_bits = 1;
	*packed = t->out;
	t->out = NULL;
}

struct round {
	struct twobit_worker *ws;
	twobit_expand_fn *expand;
	void *ctx;
	size_t stripes, per; /* the chunks cut in `stripes` runs of `per` (round_chunk) */
};

/* One chunk of a round: every state of the parents' depth in it is expanded and becomes DONE
 * (one atomic AND a word: other workers may be marking children in it). */
static void round_chunk(void *ctx, size_t unit, int worker)
{
	const struct round *rd = ctx;
	struct twobit_worker *wk = &rd->ws[worker];
	struct twobit *t = wk->t;
	size_t chunk = unit % rd->stripes * rd->per + unit / rd->stripes;
	if (chunk >= t->nchunks || !t->flag[0][chunk])
		return;
	uint64_t want = (uint64_t)TWOBIT_MARK(t->depth) * TWOBIT_FIELD_LOW;
	uint64_t lo = (uint64_t)chunk << PDBGEN_CHUNK_SHIFT, hi = lo + PDBGEN_CHUNK;
	if (hi > t->count)
		hi = t->count;
	for (uint64_t wi = lo / TWOBIT_PER_WORD; wi * TWOBIT_PER_WORD < hi; wi++) {
		uint64_t x = __atomic_load_n(&t->st[wi], __ATOMIC_RELAXED) ^ want;
		uint64_t hit = ~(x | x >> 1) & TWOBIT_FIELD_LOW; /* the low bit of each field equal to want */
		if (hit)
			__atomic_fetch_and(&t->st[wi], ~(hit * 3), __ATOMIC_RELAXED);
		while (hit) {
			rd->expand(rd->ctx, wk, wi * TWOBIT_PER_WORD + (unsigned)__builtin_ctzll(hit) / 2);
			hit &= hit - 1;
		}
	}
	while (wk->head != wk->tail)
		twobit_visit(wk, wk->ring[wk->head++ % TWOBIT_RING]);
}

int twobit_run(struct twobit *t, struct twobit_worker *ws, int threads, twobit_expand_fn *expand, void *ctx,
	       struct table_meta *m, uint64_t *reached, const char *who, struct slidetab_error *err)
{
	/* The pool hands out units in order, so the workers' units are neighbours; unit u is chunk
	 * u / stripes of run u % stripes, so their chunks lie a run apart, and so do the children they
	 * mark (near their parents in the index), instead of sharing cache lines. */
	struct round rd = { ws, expand, ctx, (size_t)threads,
			    ((size_t)t->nchunks + (size_t)threads - 1) / (size_t)threads };
	*reached = 1;
	m->hist[0] = 1;
	for (t->depth = 0;; t->depth++) {
		for (int i = 0; i < threads; i++)
			ws[i].found = 0;
		pool_run(threads, rd.stripes * rd.per, round_chunk, &rd);
		uint64_t found = 0;
		for (int i = 0; i < threads; i++)
			found += ws[i].found;
		if (!found)
			return SLIDETAB_OK;
		if (t->depth + 1 >= TABLE_HIST_MAX)
			return err_set(err, SLIDETAB_EFORMAT, "%s: depth beyond %d", who, TABLE_HIST_MAX - 1);
		m->hist[t->depth + 1] = found;
		m->radius = (uint32_t)t->depth + 1;
		*reached += found;
		pdbprog_publish(*reached, t->count);
		uint8_t *f = t->flag[0];
		t->flag[0] = t->flag[1];
		t->flag[1] = f;
		memset(t->flag[1], 0, (size_t)t->nchunks);
	}
}
