/* SPDX-License-Identifier: Zlib */
/* pdbgen: builds one pattern database by multi-threaded reverse BFS over (placement, blank region). */
#include "gen/pdb/pdbgen.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbgeo.h"
#include "gen/pdb/zbitgen.h"
#include "libslidetab/base/bigmem.h"

#define GEN_VERSION "slidetab-pdbgen 1"
#define RING        64 /* children in flight (prefetched, not yet looked at) */

/* ---- the BFS ----
 *
 * One word per placement, 32 bits when the board has at most 8 cells without pattern tiles,
 * 64 bits up to 16. Fields of fw = 8 or 16 bits, one bit per pattern-free cell (numbered in
 * increasing cell order): seen (regions reached), A and B (regions at the parents' depth and at
 * the children's depth, swapping roles each round), and an 8-bit value field holding
 * (d - md) / 2 + 1 for the placement's least depth d (0 = not reached yet). Keeping all four
 * in one word makes each child cost one cache miss, and one atomic OR records a new region
 * (seen | next | value) at once.
 *
 * With 17..32 free cells (5x5 patterns of up to 8 tiles) a placement takes two 64-bit words
 * (mode 2, 16 bytes, one cache line): the first holds seen (32 bits) and the value (bits 32..39),
 * the second A and B (32 bits each). The OR on the first word decides which worker adds a
 * region; that worker alone then ORs the region into the second word's next field.
 */

/* A child: rank, occupancy, and info = new blank cell | its bit among the free cells << 8 |
 * pattern Manhattan sum << 16 (plain 32-bit fields keep the compiler from reloading). */
struct pdbgen_child {
	uint32_t rank, occ, info;
};

struct pdbgen_bfs {
	struct pdbgeo g;
	struct pdb_ranker rk;
	uint32_t w32[PDB_MAX_CELLS]; /* rk.w as 32 bits */
	int k, wide;                 /* word layout: 0 32-bit, 1 64-bit, 2 two 64-bit words */
	unsigned fw;                 /* field width */
	uint64_t fmask;
	uint8_t goalcell[PDB_MAX_CELLS];
	uint64_t count, nchunks;
	void *words;
	uint8_t *curflag, *nextflag; /* per chunk: some parent / child in it */
	unsigned cur_sh, next_sh, val_sh;
	int depth; /* parents' depth in this round */
	atomic_uint_fast64_t chunk_next;
	atomic_int fail;
	struct bigmem mwords, mflag[2]; /* the memory of words, curflag and nextflag */
};

struct pdbgen_worker {
	struct pdbgen_bfs *s;
	uint64_t touched;  /* placements reached for the first time (depth + 1) */
	uint64_t frontier; /* region states added */
	uint64_t parents, children;
	struct pdbgen_child ring[RING];
	unsigned head, tail;
};

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE uint64_t wload(const void *words, int wide, uint64_t i)
{
	if (wide)
		return __atomic_load_n((const uint64_t *)words + i, __ATOMIC_RELAXED);
	return __atomic_load_n((const uint32_t *)words + i, __ATOMIC_RELAXED);
}

static ALWAYS_INLINE uint64_t wor(void *words, int wide, uint64_t i, uint64_t v)
{
	if (wide)
		return __atomic_fetch_or((uint64_t *)words + i, v, __ATOMIC_RELAXED);
	return __atomic_fetch_or((uint32_t *)words + i, (uint32_t)v, __ATOMIC_RELAXED);
}

static ALWAYS_INLINE void wand(void *words, int wide, uint64_t i, uint64_t v)
{
	if (wide)
		__atomic_fetch_and((uint64_t *)words + i, v, __ATOMIC_RELAXED);
	else
		__atomic_fetch_and((uint32_t *)words + i, (uint32_t)v, __ATOMIC_RELAXED);
}

/* Mode 2: the first word (seen, value) and the second (A, B) of placement i. */
static ALWAYS_INLINE uint64_t *w2(const void *words, uint64_t i)
{
	return (uint64_t *)words + 2 * i;
}

/* Seen field and value of placement i. */
static ALWAYS_INLINE uint64_t sload(const void *words, int wide, uint64_t i)
{
	if (wide == 2)
		return __atomic_load_n(w2(words, i), __ATOMIC_RELAXED);
	return wload(words, wide, i);
}

/* The A and B fields of placement i, and clearing bits of them. */
static ALWAYS_INLINE uint64_t fload(const void *words, int wide, uint64_t i)
{
	if (wide == 2)
		return __atomic_load_n(w2(words, i) + 1, __ATOMIC_RELAXED);
	return wload(words, wide, i);
}

static ALWAYS_INLINE void fand(void *words, int wide, uint64_t i, uint64_t v)
{
	if (wide == 2)
		__atomic_fetch_and(w2(words, i) + 1, v, __ATOMIC_RELAXED);
	else
		wand(words, wide, i, v);
}

/* Adds `sv` (seen and value bits) and `nx` (next-field bits) to placement i; returns the old
 * seen and value bits. Mode 2 adds nx only when this call set a bit of sv's region first. */
static ALWAYS_INLINE uint64_t mark(void *words, int wide, uint64_t i, uint64_t sv, uint64_t nx)
{
	if (wide != 2)
		return wor(words, wide, i, sv | nx);
	uint64_t old = __atomic_fetch_or(w2(words, i), sv, __ATOMIC_RELAXED);
	if ((old & sv & 0xffffffffu) != (sv & 0xffffffffu))
		__atomic_fetch_or(w2(words, i) + 1, nx, __ATOMIC_RELAXED);
	return old;
}

/* A child whose region is not marked yet: mark it (seen, next, and the value when first). */
static void new_region(struct pdbgen_worker *wk, uint32_t rank, uint32_t occ, uint32_t info, uint64_t x)
{
	struct pdbgen_bfs *s = wk->s;
	unsigned t = info & 0xffu, idx = info >> 8 & 0xffu, md = info >> 16;
	uint32_t freem = s->g.full & ~occ;
	uint64_t rm = pdbgeo_compact(&s->g, pdbgeo_flood(&s->g, freem, t), freem);
	uint64_t add = rm;
	int d = s->depth + 1;
	if ((x & s->fmask) == 0) {
		/* no region of this placement was reached before this round: every worker that
		 * reaches it now writes the same value */
		int e = (d - (int)md) / 2;
		if (e < 0 || e >= 254 || ((d - (int)md) & 1)) {
			atomic_store(&s->fail, 1); /* cannot happen; reported by the caller */
			return;
		}
		add |= (uint64_t)(e + 1) << s->val_sh;
	}
	uint64_t old = mark(s->words, s->wide, rank, add, rm << s->next_sh);
	if (old >> idx & 1u)
		return; /* another worker added this region first */
	uint8_t *flag = &s->nextflag[rank >> PDBGEN_CHUNK_SHIFT];
	if (!__atomic_load_n(flag, __ATOMIC_RELAXED)) /* no store when set: no line ping-pong */
		__atomic_store_n(flag, 1, __ATOMIC_RELAXED);
	wk->frontier++;
	if ((old & s->fmask) == 0)
		wk->touched++;
}

static ALWAYS_INLINE void handle_child(struct pdbgen_worker *wk, const void *words, int wide,
				       const struct pdbgen_child *ch)
{
	uint32_t rank = ch->rank, info = ch->info;
	uint64_t x = sload(words, wide, rank);
	if (!(x >> (info >> 8 & 0xffu) & 1u))
		new_region(wk, rank, ch->occ, info, x);
}

static void drain(struct pdbgen_worker *wk)
{
	while (wk->head != wk->tail) {
		handle_child(wk, wk->s->words, wk->s->wide, &wk->ring[wk->head % RING]);
		wk->head++;
	}
}

static ALWAYS_INLINE void expand_parent(struct pdbgen_worker *wk, uint32_t P, uint32_t m, const int wide)
{
	const struct pdbgen_bfs *s = wk->s;
	const struct pdbgeo *g = &s->g;
	const int k = s->k;
	const uint32_t full = g->full;
	void *const words = s->words;
	struct pdbgen_child *const ring = wk->ring;
	uint8_t cells[PDB_MAX_CELLS];
	int8_t at[32]; /* pattern index at each cell */
	uint32_t occ = 0, rank = P;
	int md = 0;
	for (int i = 0; i < k; i++) {
		uint32_t d = rank / s->w32[i];
		rank -= d * s->w32[i];
		unsigned c = pdbgeo_select(g, full & ~occ, d);
		cells[i] = (uint8_t)c;
		at[c] = (int8_t)i;
		occ |= 1u << c;
		md += g->dist[c][s->goalcell[i]];
	}
	const uint32_t freem = full & ~occ;
	const uint32_t M = pdbgeo_expand(g, m, freem); /* cells where the blank may be */
	unsigned head = wk->head, tail = wk->tail;
	for (int i = 0; i < k; i++) {
		const unsigned t = cells[i];
		uint32_t cand = g->adj[t] & M;
		if (!cand)
			continue;
		const uint8_t *dg = g->dist[s->goalcell[i]];
		const uint32_t mdt = (uint32_t)(md - dg[t]);
		const int64_t wi = s->w32[i];
		const uint32_t below_t = (1u << t) - 1;
		do {
			unsigned c = (unsigned)__builtin_ctz(cand);
			cand &= cand - 1;
			/* rank change: digit i moves by (c - t) less the earlier tiles passed over;
			 * each later tile passed over changes its digit by one (vertical moves only) */
			int64_t delta = ((int64_t)c - (int64_t)t) * wi;
			uint32_t between = occ & g->betw[t][c];
			if (between) {
				int64_t sign = c > t ? 1 : -1;
				do {
					int j = at[__builtin_ctz(between)];
					between &= between - 1;
					delta += sign * (j < i ? -wi : (int64_t)s->w32[j]);
				} while (between);
			}
			uint32_t crank = (uint32_t)((int64_t)P + delta);
			uint32_t cfree = freem ^ (1u << t) ^ (1u << c);
			if (tail - head == RING) {
				handle_child(wk, words, wide, &ring[head % RING]);
				head++;
			}
			struct pdbgen_child *ch = &ring[tail % RING];
			ch->rank = crank;
			ch->occ = ~cfree & full;
			ch->info = t | (unsigned)__builtin_popcount(cfree & below_t) << 8 | (mdt + dg[c]) << 16;
			tail++;
			if (wide == 2)
				__builtin_prefetch(w2(words, crank), 1, 0);
			else if (wide)
				__builtin_prefetch((const uint64_t *)words + crank, 1, 0);
			else
				__builtin_prefetch((const uint32_t *)words + crank, 1, 0);
		} while (cand);
	}
	wk->children += tail - wk->tail;
	wk->head = head;
	wk->tail = tail;
}

static ALWAYS_INLINE void scan_chunk(struct pdbgen_worker *wk, uint64_t lo, uint64_t hi, const int wide)
{
	struct pdbgen_bfs *s = wk->s;
	void *const words = s->words;
	const uint64_t curbits = s->fmask << s->cur_sh;
	const unsigned cur_sh = s->cur_sh;
	for (uint64_t P = lo; P < hi; P++) {
		uint64_t x = fload(words, wide, P);
		if (!(x & curbits))
			continue;
		fand(words, wide, P, ~curbits);
		wk->parents++;
		expand_parent(wk, (uint32_t)P, (uint32_t)((x & curbits) >> cur_sh), wide);
	}
}

static void scan_narrow(struct pdbgen_worker *wk, uint64_t lo, uint64_t hi)
{
	scan_chunk(wk, lo, hi, 0);
}

static void scan_wide(struct pdbgen_worker *wk, uint64_t lo, uint64_t hi)
{
	scan_chunk(wk, lo, hi, 1);
}

static void scan_wide2(struct pdbgen_worker *wk, uint64_t lo, uint64_t hi)
{
	scan_chunk(wk, lo, hi, 2);
}

/* pool_run index i = worker i: scans chunks until none are left, then drains its ring. */
static void bfs_worker(void *ctx, size_t i, int worker)
{
	struct pdbgen_worker *wk = (struct pdbgen_worker *)ctx + i;
	struct pdbgen_bfs *s = wk->s;
	(void)worker;
	for (;;) {
		uint64_t ci = atomic_fetch_add(&s->chunk_next, 1);
		if (ci >= s->nchunks)
			break;
		if (!s->curflag[ci])
			continue;
		s->curflag[ci] = 0;
		uint64_t lo = ci << PDBGEN_CHUNK_SHIFT, hi = lo + PDBGEN_CHUNK;
		if (hi > s->count)
			hi = s->count;
		if (s->wide == 2)
			scan_wide2(wk, lo, hi);
		else if (s->wide)
			scan_wide(wk, lo, hi);
		else
			scan_narrow(wk, lo, hi);
	}
	drain(wk);
}

struct pdbgen_pack_job {
	const struct pdbgen_bfs *s;
	uint8_t *out;
	uint64_t hi;
	unsigned bits, sentinel;
	uint64_t ehist[256]; /* mode 0: placements per stored value field (0 = unreached) */
	int mode;            /* 0: count, 1: pack */
};

#define PACK_SPAN ((uint64_t)1 << 20) /* a multiple of 8: every span starts on a byte */

/* Span `span` (pool_run index) on worker `worker`'s job. */
static void pack_span(void *ctx, size_t span, int worker)
{
	struct pdbgen_pack_job *j = (struct pdbgen_pack_job *)ctx + worker;
	const struct pdbgen_bfs *s = j->s;
	uint64_t lo = (uint64_t)span * PACK_SPAN;
	uint64_t hi = lo + PACK_SPAN < j->hi ? lo + PACK_SPAN : j->hi;
	for (uint64_t i = lo; i < hi; i++) {
		unsigned v = (unsigned)(sload(s->words, s->wide, i) >> s->val_sh) & 0xffu;
		if (j->mode == 0)
			j->ehist[v]++;
		else
			table_packed_set(j->out, i, j->bits, v ? v - 1 : j->sentinel);
	}
}

/* Sets up the search of a k-tile pattern: ranking, word layout, goal cells and the memory. */
static int bfs_setup(struct pdbgen_bfs *s, const struct board *b, const struct board_state *goal, const uint8_t *tiles,
		     int k, struct slidetab_error *err)
{
	pdbgeo_init(&s->g, b);
	s->k = k;
	if (pdb_ranker_init(&s->rk, b->n, k) != 0 || s->rk.count >= ((uint64_t)1 << 32))
		return err_set(err, SLIDETAB_EFORMAT, "pdbgen: a %d-tile pattern on %d cells is too large", k, b->n);
	for (int i = 0; i < k; i++)
		s->w32[i] = (uint32_t)s->rk.w[i];
	s->wide = b->n - k > 16 ? 2 : b->n - k > 8;
	s->fw = s->wide == 2 ? 32 : s->wide ? 16 : 8;
	s->fmask = ((uint64_t)1 << s->fw) - 1;
	s->val_sh = s->wide == 2 ? 32 : 3 * s->fw;
	s->cur_sh = s->wide == 2 ? 0 : s->fw;
	s->next_sh = s->wide == 2 ? 32 : 2 * s->fw;
	s->count = s->rk.count;
	s->nchunks = (s->count + PDBGEN_CHUNK - 1) >> PDBGEN_CHUNK_SHIFT;
	for (int i = 0; i < k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == tiles[i])
				s->goalcell[i] = (uint8_t)c;
	if (bigmem_alloc(&s->mwords, s->count * (s->wide == 2 ? 16u
						 : s->wide    ? 8u
							      : 4u)) ||
	    bigmem_alloc(&s->mflag[0], s->nchunks) || bigmem_alloc(&s->mflag[1], s->nchunks))
		return err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory for %llu placements",
			       (unsigned long long)s->count);
	s->words = s->mwords.p;
	s->curflag = s->mflag[0].p;
	s->nextflag = s->mflag[1].p;
	return SLIDETAB_OK;
}

/* Marks the goal: pattern tiles at their goal cells, blank in the goal blank's region. */
static void bfs_seed(struct pdbgen_bfs *s, const struct board *b, const struct board_state *goal)
{
	uint8_t gcells[PDB_MAX_CELLS];
	uint32_t gocc = 0;
	for (int i = 0; i < s->k; i++) {
		gcells[i] = s->goalcell[i];
		gocc |= 1u << gcells[i];
	}
	uint64_t grank = pdb_rank(&s->rk, gcells);
	uint32_t gfree = s->g.full & ~gocc;
	uint64_t greg = pdbgeo_compact(&s->g, pdbgeo_flood(&s->g, gfree, (unsigned)board_blank(b, goal)), gfree);
	uint64_t sv = greg | (uint64_t)1 << s->val_sh; /* value: md 0 + 1 */
	if (s->wide == 2) {
		wor(s->words, 1, 2 * grank, sv);
		wor(s->words, 1, 2 * grank + 1, greg << s->cur_sh);
	} else
		wor(s->words, s->wide, grank, sv | greg << s->cur_sh);
	s->curflag[grank >> PDBGEN_CHUNK_SHIFT] = 1;
}

/* Expands depth d on the workers; *touched gets the placements first reached at d + 1, returns
 * the regions added (0: the search is over). */
static uint64_t bfs_round(struct pdbgen_bfs *s, struct pdbgen_worker *ws, int threads, int d, uint64_t *touched)
{
	s->depth = d;
	atomic_store(&s->chunk_next, 0);
	for (int i = 0; i < threads; i++) {
		memset(&ws[i], 0, sizeof ws[i]);
		ws[i].s = s;
	}
	pool_run(threads, (size_t)threads, bfs_worker, ws);
	uint64_t frontier = 0, parents = 0, children = 0;
	*touched = 0;
	for (int i = 0; i < threads; i++) {
		*touched += ws[i].touched;
		frontier += ws[i].frontier;
		parents += ws[i].parents;
		children += ws[i].children;
	}
#ifdef PDBGEN_STATS
	fprintf(stderr, "depth %d: parents %llu children %llu new regions %llu new placements %llu\n", d,
		(unsigned long long)parents, (unsigned long long)children, (unsigned long long)frontier,
		(unsigned long long)*touched);
#else
	(void)parents;
	(void)children;
#endif
	unsigned t = s->cur_sh;
	s->cur_sh = s->next_sh;
	s->next_sh = t;
	uint8_t *t8 = s->curflag;
	s->curflag = s->nextflag;
	s->nextflag = t8;
	return frontier;
}

/* Runs the search from the seeded goal; fills m->hist and m->radius, *reached the placements reached. */
static int bfs_search(struct pdbgen_bfs *s, struct pdbgen_worker *ws, int threads, struct table_meta *m,
		      uint64_t *reached, struct slidetab_error *err)
{
	m->hist[0] = 1;
	*reached = 1;
	for (int d = 0;; d++) {
		uint64_t touched, frontier = bfs_round(s, ws, threads, d, &touched);
		if (atomic_load(&s->fail))
			return err_set(err, SLIDETAB_EFORMAT,
				       "pdbgen: internal error: value/Manhattan mismatch at depth %d", d + 1);
		if (frontier == 0)
			return SLIDETAB_OK;
		if (d + 1 >= TABLE_HIST_MAX)
			return err_set(err, SLIDETAB_EFORMAT, "pdbgen: depth beyond %d", TABLE_HIST_MAX - 1);
		m->hist[d + 1] = touched;
		*reached += touched;
		if (touched)
			m->radius = (uint32_t)d + 1;
	}
}

/* Packs the value fields into the narrowest entries that hold residues 0..maxe plus the all-ones
 * sentinel when some placements are unreachable; sets m->entry_bits and *packed (malloc'd). */
static int bfs_pack(const struct pdbgen_bfs *s, int threads, uint64_t reached, struct table_meta *m, uint8_t **packed,
		    struct slidetab_error *err)
{
	struct pdbgen_pack_job *pj = calloc((size_t)threads, sizeof *pj);
	if (!pj)
		return err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory");
	size_t spans = (s->count + PACK_SPAN - 1) / PACK_SPAN;
	for (int i = 0; i < threads; i++) {
		pj[i].s = s;
		pj[i].hi = s->count;
	}
	pool_run(threads, spans, pack_span, pj);
	unsigned maxe = 0;
	uint64_t unreached = 0;
	for (unsigned v = 0; v < 256; v++)
		for (int i = 0; i < threads; i++) {
			if (v == 0)
				unreached += pj[i].ehist[0];
			else if (pj[i].ehist[v])
				maxe = v - 1;
		}
	int rc = SLIDETAB_OK;
	unsigned bits = 1;
	while ((1u << bits) - 1 < maxe + (unreached ? 1u : 0u))
		bits++;
	if (unreached + reached != s->count)
		rc = err_set(err, SLIDETAB_EFORMAT, "pdbgen: internal error: %llu + %llu placements of %llu",
			     (unsigned long long)unreached, (unsigned long long)reached, (unsigned long long)s->count);
	else if (!(*packed = calloc((size_t)table_packed_bytes(s->count, bits) + 1, 1)))
		rc = err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory for the packed table");
	if (rc == SLIDETAB_OK) {
		for (int i = 0; i < threads; i++) {
			pj[i].mode = 1;
			pj[i].out = *packed;
			pj[i].bits = bits;
			pj[i].sentinel = (1u << bits) - 1;
		}
		pool_run(threads, spans, pack_span, pj);
		m->entry_bits = (uint8_t)bits;
	}
	free(pj);
	return rc;
}

int pdbgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		 struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	return pdbgen_build_enc(b, goal, pattern_mask, TABLE_ENTRY_MDRES, threads, meta_out, packed_out, err);
}

int pdbgen_build_enc(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int entry,
		     int threads, struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	*packed_out = NULL;
	if (entry == TABLE_ENTRY_ZBIT)
		return zbitgen_build(b, goal, pattern_mask, threads, meta_out, packed_out, err);
	if (entry != TABLE_ENTRY_MDRES)
		return err_set(err, SLIDETAB_EINVAL, "pdbgen: a PDB's entries are mdres or zbit");
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc = pdbgeo_check_args(b, goal, pattern_mask, tiles, &k, err);
	if (rc != SLIDETAB_OK)
		return rc;
	threads = pdbgeo_threads(threads);
	struct pdbgen_bfs *s = calloc(1, sizeof *s);
	struct pdbgen_worker *ws = calloc((size_t)threads, sizeof *ws);
	struct table_meta *m = meta_out;
	memset(m, 0, sizeof *m);
	uint64_t reached = 0;
	if (!s || !ws)
		rc = err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory");
	else if ((rc = bfs_setup(s, b, goal, tiles, k, err)) == SLIDETAB_OK) {
		bfs_seed(s, b, goal);
		if ((rc = bfs_search(s, ws, threads, m, &reached, err)) == SLIDETAB_OK &&
		    (rc = bfs_pack(s, threads, reached, m, packed_out, err)) == SLIDETAB_OK)
			pdbgeo_meta(m, b, goal, pattern_mask, s->count, GEN_VERSION);
	}
	if (s) {
		bigmem_free(&s->mwords);
		bigmem_free(&s->mflag[0]);
		bigmem_free(&s->mflag[1]);
	}
	free(ws);
	free(s);
	return rc;
}
