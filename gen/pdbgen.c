/* pdbgen: builds one PDB by multi-threaded reverse BFS over (placement, blank region); verify; presets. */
#include "pdbgen.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/bigmem.h"
#include "../core/pdb.h"
#include "../core/pool.h"

#define GEN_VERSION "slidetab-pdbgen 1"
#define CHUNK_SHIFT 13 /* placements per unit of work: 8192 (a multiple of 64) */
#define CHUNK ((uint64_t)1 << CHUNK_SHIFT)
#define MAX_THREADS POOL_MAX_THREADS
#define RING 64 /* children in flight (prefetched, not yet looked at) */


/* ---- board geometry as bit masks ---- */

struct geo {
	int n, cols;
	uint32_t full, notfirst, notlast; /* all cells; cells not in column 0; not in the last */
	int8_t nbr[PDB_MAX_CELLS][BOARD_NDIRS];
	uint8_t dist[PDB_MAX_CELLS][PDB_MAX_CELLS];
	uint32_t adj[PDB_MAX_CELLS]; /* neighbours of each cell */
	uint32_t betw[PDB_MAX_CELLS][PDB_MAX_CELLS]; /* cells strictly between two cells */
	int nbytes;                  /* bytes of a cell mask */
	uint8_t pc8[256];            /* popcount */
	uint8_t sel8[256][8];        /* sel8[f][j]: position of the j-th set bit of f */
	uint8_t pext8[256][256];     /* pext8[f][x]: bits of x at f's set bits, packed */
	uint8_t pdep8[256][256];     /* pdep8[f][x]: low bits of x spread to f's set bits */
};

static void geo_init(struct geo *g, const struct board *b)
{
	g->n = b->n;
	g->cols = b->cols;
	g->full = b->n >= 32 ? 0xffffffffu : (1u << b->n) - 1;
	g->notfirst = g->notlast = 0;
	for (int c = 0; c < b->n; c++) {
		if (c % b->cols != 0)
			g->notfirst |= 1u << c;
		if (c % b->cols != b->cols - 1)
			g->notlast |= 1u << c;
	}
	memcpy(g->nbr, b->nbr, sizeof g->nbr);
	g->nbytes = (b->n + 7) / 8;
	for (unsigned f = 0; f < 256; f++) {
		unsigned j = 0;
		for (unsigned bit = 0; bit < 8; bit++)
			if (f >> bit & 1u)
				g->sel8[f][j++] = (uint8_t)bit;
		g->pc8[f] = (uint8_t)j;
		for (unsigned x = 0; x < 256; x++) {
			unsigned pe = 0, pd = 0, q = 0;
			for (unsigned bit = 0; bit < 8; bit++)
				if (f >> bit & 1u) {
					pe |= (x >> bit & 1u) << q;
					pd |= (x >> q & 1u) << bit;
					q++;
				}
			g->pext8[f][x] = (uint8_t)pe;
			g->pdep8[f][x] = (uint8_t)pd;
		}
	}
	for (int c = 0; c < b->n; c++) {
		g->adj[c] = 0;
		for (int d = 0; d < b->n; d++)
			g->dist[c][d] = (uint8_t)board_taxicab(b, c, d);
		for (int dir = 0; dir < BOARD_NDIRS; dir++)
			if (b->nbr[c][dir] >= 0)
				g->adj[c] |= 1u << b->nbr[c][dir];
		for (int d = 0; d < b->n; d++) {
			int lo = c < d ? c : d, hi = c < d ? d : c;
			g->betw[c][d] = 0;
			for (int q = lo + 1; q < hi; q++)
				g->betw[c][d] |= 1u << q;
		}
	}
}

/* Cells connected to cell t through cells of `freem` (t itself in freem). */
static inline uint32_t flood(const struct geo *g, uint32_t freem, unsigned t)
{
	uint32_t r = 1u << t;
	for (;;) {
		uint32_t x = r | r << g->cols | r >> g->cols | (r & g->notlast) << 1 |
			     (r & g->notfirst) >> 1;
		x &= freem;
		if (x == r)
			return r;
		r = x;
	}
}

/* Bits of `cells` (a subset of freem) renumbered by rank within freem (pext), and back (pdep). */
static inline uint32_t compact(const struct geo *g, uint32_t cells, uint32_t freem)
{
	uint32_t out = 0;
	unsigned sh = 0;
	for (int b = 0; b < g->nbytes; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		out |= (uint32_t)g->pext8[f][cells >> (8 * b) & 0xffu] << sh;
		sh += g->pc8[f];
	}
	return out;
}

static inline uint32_t expand(const struct geo *g, uint32_t bits, uint32_t freem)
{
	uint32_t out = 0;
	for (int b = 0; b < g->nbytes; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		out |= (uint32_t)g->pdep8[f][bits & 0xffu] << (8 * b);
		bits >>= g->pc8[f];
	}
	return out;
}

/* Cell of the j-th set bit of freem (j < popcount). */
static inline unsigned select_bit(const struct geo *g, uint32_t freem, unsigned j)
{
	for (int b = 0;; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		if (j < g->pc8[f])
			return 8u * (unsigned)b + g->sel8[f][j];
		j -= g->pc8[f];
	}
}

/* ---- the BFS ----
 *
 * One word per placement, 32 bits when the board has at most 8 cells without pattern tiles,
 * else 64 bits. Fields of fw = 8 or 16 bits, one bit per pattern-free cell (numbered in
 * increasing cell order): seen (regions reached), A and B (regions at the parents' depth and at
 * the children's depth, swapping roles each round), and an 8-bit value field holding
 * (d - md) / 2 + 1 for the placement's least depth d (0 = not reached yet). Keeping all four
 * in one word makes each child cost one cache miss, and one atomic OR records a new region
 * (seen | next | value) at once.
 */

/* A child: rank, occupancy, and info = new blank cell | its bit among the free cells << 8 |
 * pattern Manhattan sum << 16 (plain 32-bit fields keep the compiler from reloading). */
struct child {
	uint32_t rank, occ, info;
};

struct bfs {
	struct geo g;
	struct pdb_ranker rk;
	uint32_t w32[PDB_MAX_CELLS]; /* rk.w as 32 bits */
	int k, wide;                 /* wide: 64-bit words */
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
};

struct worker {
	struct bfs *s;
	uint64_t touched;  /* placements reached for the first time (depth + 1) */
	uint64_t frontier; /* region states added */
	uint64_t parents, children;
	struct child ring[RING];
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

/* A child whose region is not marked yet: mark it (seen, next, and the value when first). */
static void new_region(struct worker *wk, uint32_t rank, uint32_t occ, uint32_t info, uint64_t x)
{
	struct bfs *s = wk->s;
	unsigned t = info & 0xffu, idx = info >> 8 & 0xffu, md = info >> 16;
	uint32_t freem = s->g.full & ~occ;
	uint64_t rm = compact(&s->g, flood(&s->g, freem, t), freem);
	uint64_t add = rm | rm << s->next_sh;
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
	uint64_t old = wor(s->words, s->wide, rank, add);
	if (old >> idx & 1u)
		return; /* another worker added this region first */
	uint8_t *flag = &s->nextflag[rank >> CHUNK_SHIFT];
	if (!__atomic_load_n(flag, __ATOMIC_RELAXED)) /* no store when set: no line ping-pong */
		__atomic_store_n(flag, 1, __ATOMIC_RELAXED);
	wk->frontier++;
	if ((old & s->fmask) == 0)
		wk->touched++;
}

static ALWAYS_INLINE void handle_child(struct worker *wk, const void *words, int wide,
				       const struct child *ch)
{
	uint32_t rank = ch->rank, info = ch->info;
	uint64_t x = wload(words, wide, rank);
	if (!(x >> (info >> 8 & 0xffu) & 1u))
		new_region(wk, rank, ch->occ, info, x);
}

static void drain(struct worker *wk)
{
	while (wk->head != wk->tail) {
		handle_child(wk, wk->s->words, wk->s->wide, &wk->ring[wk->head % RING]);
		wk->head++;
	}
}

static ALWAYS_INLINE void expand_parent(struct worker *wk, uint32_t P, uint32_t m, const int wide)
{
	const struct bfs *s = wk->s;
	const struct geo *g = &s->g;
	const int k = s->k;
	const uint32_t full = g->full;
	void *const words = s->words;
	struct child *const ring = wk->ring;
	uint8_t cells[PDB_MAX_CELLS];
	int8_t at[32]; /* pattern index at each cell */
	uint32_t occ = 0, rank = P;
	int md = 0;
	for (int i = 0; i < k; i++) {
		uint32_t d = rank / s->w32[i];
		rank -= d * s->w32[i];
		unsigned c = select_bit(g, full & ~occ, d);
		cells[i] = (uint8_t)c;
		at[c] = (int8_t)i;
		occ |= 1u << c;
		md += g->dist[c][s->goalcell[i]];
	}
	const uint32_t freem = full & ~occ;
	const uint32_t M = expand(g, m, freem); /* cells where the blank may be */
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
			struct child *ch = &ring[tail % RING];
			ch->rank = crank;
			ch->occ = ~cfree & full;
			ch->info = t | (unsigned)__builtin_popcount(cfree & below_t) << 8 |
				   (mdt + dg[c]) << 16;
			tail++;
			if (wide)
				__builtin_prefetch((const uint64_t *)words + crank, 1, 0);
			else
				__builtin_prefetch((const uint32_t *)words + crank, 1, 0);
		} while (cand);
	}
	wk->children += tail - wk->tail;
	wk->head = head;
	wk->tail = tail;
}

static ALWAYS_INLINE void scan_chunk(struct worker *wk, uint64_t lo, uint64_t hi, const int wide)
{
	struct bfs *s = wk->s;
	void *const words = s->words;
	const uint64_t curbits = s->fmask << s->cur_sh;
	const unsigned cur_sh = s->cur_sh;
	for (uint64_t P = lo; P < hi; P++) {
		uint64_t x = wload(words, wide, P);
		if (!(x & curbits))
			continue;
		wand(words, wide, P, ~curbits);
		wk->parents++;
		expand_parent(wk, (uint32_t)P, (uint32_t)((x & curbits) >> cur_sh), wide);
	}
}

static void scan_narrow(struct worker *wk, uint64_t lo, uint64_t hi)
{
	scan_chunk(wk, lo, hi, 0);
}

static void scan_wide(struct worker *wk, uint64_t lo, uint64_t hi)
{
	scan_chunk(wk, lo, hi, 1);
}

/* pool_run index i = worker i: scans chunks until none are left, then drains its ring. */
static void bfs_worker(void *ctx, size_t i, int worker)
{
	struct worker *wk = (struct worker *)ctx + i;
	struct bfs *s = wk->s;
	(void)worker;
	for (;;) {
		uint64_t ci = atomic_fetch_add(&s->chunk_next, 1);
		if (ci >= s->nchunks)
			break;
		if (!s->curflag[ci])
			continue;
		s->curflag[ci] = 0;
		uint64_t lo = ci << CHUNK_SHIFT, hi = lo + CHUNK;
		if (hi > s->count)
			hi = s->count;
		if (s->wide)
			scan_wide(wk, lo, hi);
		else
			scan_narrow(wk, lo, hi);
	}
	drain(wk);
}

struct pack_job {
	const struct bfs *s;
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
	struct pack_job *j = (struct pack_job *)ctx + worker;
	const struct bfs *s = j->s;
	uint64_t lo = (uint64_t)span * PACK_SPAN;
	uint64_t hi = lo + PACK_SPAN < j->hi ? lo + PACK_SPAN : j->hi;
	for (uint64_t i = lo; i < hi; i++) {
		unsigned v = (unsigned)(wload(s->words, s->wide, i) >> s->val_sh) & 0xffu;
		if (j->mode == 0)
			j->ehist[v]++;
		else
			table_packed_set(j->out, i, j->bits, v ? v - 1 : j->sentinel);
	}
}

/* Checks the board, goal and pattern; *k gets the number of pattern tiles. */
static int check_args(const struct board *b, const struct board_state *goal, uint32_t pattern,
		      uint8_t *tiles, int *k, struct slidetab_error *err)
{
	if (b->n > PDB_MAX_CELLS || b->n > 31) {
		return err_set(err, SLIDETAB_EFORMAT, "pdbgen: board too large");
	}
	if (!board_valid(b, goal)) {
		return err_set(err, SLIDETAB_EFORMAT, "pdbgen: the goal is not a valid %dx%d state", b->rows, b->cols);
	}
	*k = pdb_pattern_tiles(pattern, b->n, tiles);
	if (*k < 1)
		return err_set(err, SLIDETAB_EINVAL,
			       "pdbgen: pattern 0x%lx must name tiles 1..%d (not the blank), at least one",
			       (unsigned long)pattern, b->n - 1);
	return SLIDETAB_OK;
}

int pdbgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask,
		 int threads, struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	*packed_out = NULL;
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc0 = check_args(b, goal, pattern_mask, tiles, &k, err);
	if (rc0 != SLIDETAB_OK)
		return rc0;
	if (threads < 1)
		threads = 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	if (b->n - k > 16) {
		return err_set(err, SLIDETAB_EINVAL,
			       "pdbgen: at most 16 cells may be free of pattern tiles (%d-tile pattern on %d cells)", k, b->n);
	}

	struct bfs *s = calloc(1, sizeof *s);
	struct worker *ws = calloc((size_t)threads, sizeof *ws);
	struct pack_job *pj = calloc((size_t)threads, sizeof *pj);
	struct bigmem bwords = { 0 }, bflag1 = { 0 }, bflag2 = { 0 };
	uint8_t *packed = NULL;
	int rc = SLIDETAB_EFORMAT;
	if (!s || !ws || !pj) {
		rc = err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory");
		goto out;
	}
	geo_init(&s->g, b);
	s->k = k;
	if (pdb_ranker_init(&s->rk, b->n, k) != 0 || s->rk.count >= ((uint64_t)1 << 32)) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdbgen: a %d-tile pattern on %d cells is too large", k, b->n);
		goto out;
	}
	for (int i = 0; i < k; i++)
		s->w32[i] = (uint32_t)s->rk.w[i];
	s->wide = b->n - k > 8;
	s->fw = s->wide ? 16 : 8;
	s->fmask = ((uint64_t)1 << s->fw) - 1;
	s->val_sh = 3 * s->fw;
	s->count = s->rk.count;
	s->nchunks = (s->count + CHUNK - 1) >> CHUNK_SHIFT;
	for (int i = 0; i < k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == tiles[i])
				s->goalcell[i] = (uint8_t)c;
	if (bigmem_alloc(&bwords, s->count * (s->wide ? 8u : 4u)) || bigmem_alloc(&bflag1, s->nchunks) ||
	    bigmem_alloc(&bflag2, s->nchunks)) {
		rc = err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory for %llu placements",
		       (unsigned long long)s->count);
		goto out;
	}
	s->words = bwords.p;
	s->curflag = bflag1.p;
	s->nextflag = bflag2.p;

	struct table_meta *m = meta_out;
	memset(m, 0, sizeof *m);
	/* the goal: pattern tiles at their goal cells, blank in the goal blank's region */
	uint8_t gcells[PDB_MAX_CELLS];
	uint32_t gocc = 0;
	int gmd = 0;
	for (int i = 0; i < k; i++) {
		gcells[i] = s->goalcell[i];
		gocc |= 1u << gcells[i];
	}
	uint64_t grank = pdb_rank(&s->rk, gcells);
	uint32_t gfree = s->g.full & ~gocc;
	uint64_t greg = compact(&s->g, flood(&s->g, gfree, (unsigned)board_blank(b, goal)), gfree);
	s->cur_sh = s->fw;
	s->next_sh = 2 * s->fw;
	wor(s->words, s->wide, grank, greg | greg << s->cur_sh | (uint64_t)(gmd + 1) << s->val_sh);
	s->curflag[grank >> CHUNK_SHIFT] = 1;
	m->hist[0] = 1;
	uint64_t reached = 1;
	int radius = 0;
	for (int d = 0;; d++) {
		s->depth = d;
		atomic_store(&s->chunk_next, 0);
		for (int i = 0; i < threads; i++) {
			memset(&ws[i], 0, sizeof ws[i]);
			ws[i].s = s;
		}
		pool_run(threads, (size_t)threads, bfs_worker, ws);
		uint64_t touched = 0, frontier = 0, parents = 0, children = 0;
		for (int i = 0; i < threads; i++) {
			touched += ws[i].touched;
			frontier += ws[i].frontier;
			parents += ws[i].parents;
			children += ws[i].children;
		}
#ifdef PDBGEN_STATS
		fprintf(stderr, "depth %d: parents %llu children %llu new regions %llu new placements %llu\n", d,
			(unsigned long long)parents, (unsigned long long)children,
			(unsigned long long)frontier, (unsigned long long)touched);
#else
		(void)parents;
		(void)children;
#endif
		if (atomic_load(&s->fail)) {
			rc = err_set(err, SLIDETAB_EFORMAT, "pdbgen: internal error: value/Manhattan mismatch at depth %d",
			       d + 1);
			goto out;
		}
		if (frontier == 0)
			break;
		if (d + 1 >= TABLE_HIST_MAX) {
			rc = err_set(err, SLIDETAB_EFORMAT, "pdbgen: depth beyond %d", TABLE_HIST_MAX - 1);
			goto out;
		}
		m->hist[d + 1] = touched;
		reached += touched;
		if (touched)
			radius = d + 1;
		unsigned t = s->cur_sh;
		s->cur_sh = s->next_sh;
		s->next_sh = t;
		uint8_t *t8 = s->curflag;
		s->curflag = s->nextflag;
		s->nextflag = t8;
	}

	/* entry width: residues 0..maxe, plus the all-ones sentinel when some are unreachable */
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
	if (unreached + reached != s->count) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdbgen: internal error: %llu + %llu placements of %llu",
		       (unsigned long long)unreached, (unsigned long long)reached,
		       (unsigned long long)s->count);
		goto out;
	}
	unsigned bits = 1;
	while ((1u << bits) - 1 < maxe + (unreached ? 1u : 0u))
		bits++;
	uint64_t bytes = table_packed_bytes(s->count, bits);
	packed = calloc((size_t)bytes + 1, 1);
	if (!packed) {
		rc = err_set(err, SLIDETAB_ENOMEM, "pdbgen: out of memory for the packed table");
		goto out;
	}
	for (int i = 0; i < threads; i++) {
		pj[i].mode = 1;
		pj[i].out = packed;
		pj[i].bits = bits;
		pj[i].sentinel = (1u << bits) - 1;
	}
	pool_run(threads, spans, pack_span, pj);

	m->kind = TABLE_KIND_PDB;
	m->ranking = TABLE_RANK_PDB;
	m->entry = TABLE_ENTRY_MDRES;
	m->payload = TABLE_PAYLOAD_ZLIB;
	m->rows = (uint8_t)b->rows;
	m->cols = (uint8_t)b->cols;
	m->cells = (uint8_t)b->n;
	m->entry_bits = (uint8_t)bits;
	memcpy(m->goal, goal->t, (size_t)b->n);
	m->pattern = pattern_mask;
	m->entries = s->count;
	m->radius = (uint32_t)radius;
	m->block_entries = 0;
	snprintf(m->generator, sizeof m->generator, "%s", GEN_VERSION);
	*packed_out = packed;
	packed = NULL;
	rc = 0;
out:
	free(packed);
	bigmem_free(&bwords);
	bigmem_free(&bflag1);
	bigmem_free(&bflag2);
	free(pj);
	free(ws);
	free(s);
	return rc;
}

/* ---- verification ---- */

struct vctx {
	struct geo g;
	struct pdb_ranker rk;
	int k;
	uint8_t goalcell[PDB_MAX_CELLS];
	const uint8_t *packed;
	unsigned bits, sentinel;
	int mdres, sentinel_ok;
	uint64_t goal_rank;
	atomic_int stop;
};

struct vjob {
	struct vctx *v;
	uint64_t hist[TABLE_HIST_MAX];
	uint64_t unreach;
	int bad;
	char msg[200];
};

/* Value of entry i: -1 unreachable, -2 undecodable. */
static inline int vvalue(const struct vctx *v, uint64_t i, int md)
{
	unsigned e = table_packed_get(v->packed, i, v->bits);
	if (v->sentinel_ok && e == v->sentinel)
		return -1;
	return v->mdres ? md + 2 * (int)e : (int)e;
}

static void vfail(struct vjob *j, uint64_t P, const char *what)
{
	if (j->bad)
		return;
	j->bad = 1;
	snprintf(j->msg, sizeof j->msg, "placement %llu: %s", (unsigned long long)P, what);
	atomic_store(&j->v->stop, 1);
}

static void verify_one(struct vjob *j, uint64_t P)
{
	const struct vctx *v = j->v;
	const int k = v->k;
	uint8_t cells[PDB_MAX_CELLS];
	pdb_unrank(&v->rk, P, cells);
	uint32_t occ = 0;
	int md = 0;
	for (int i = 0; i < k; i++) {
		occ |= 1u << cells[i];
		md += v->g.dist[cells[i]][v->goalcell[i]];
	}
	int h = vvalue(v, P, md);
	if (h == -1) {
		j->unreach++;
		return;
	}
	if (h < md || ((h - md) & 1)) {
		vfail(j, P, "value below or of other parity than the pattern's Manhattan sum");
		return;
	}
	if (h >= TABLE_HIST_MAX) {
		vfail(j, P, "value beyond the histogram");
		return;
	}
	j->hist[h]++;
	if (h == 0 && P != v->goal_rank) {
		vfail(j, P, "value 0 away from the goal placement");
		return;
	}
	uint32_t freem = v->g.full & ~occ;
	int connected = flood(&v->g, freem, (unsigned)__builtin_ctz(freem)) == freem;
	int minh = 1 << 30;
	for (int i = 0; i < k; i++) {
		unsigned t = cells[i];
		for (int dir = 0; dir < BOARD_NDIRS; dir++) {
			int c = v->g.nbr[t][dir];
			if (c < 0 || !(freem >> c & 1u))
				continue;
			cells[i] = (uint8_t)c;
			int md2 = md - v->g.dist[t][v->goalcell[i]] + v->g.dist[c][v->goalcell[i]];
			int h2 = vvalue(v, pdb_rank(&v->rk, cells), md2);
			cells[i] = (uint8_t)t;
			if (h2 == -1) {
				if (connected) {
					vfail(j, P, "a neighbour is unreachable");
					return;
				}
				continue;
			}
			if (connected && h2 > h + 1) {
				vfail(j, P, "a neighbour's value exceeds this one's + 1");
				return;
			}
			if (h2 < minh)
				minh = h2;
		}
	}
	if (h > 0 && minh >= h)
		vfail(j, P, "no neighbour with a smaller value");
}

/* Checks chunk c (pool_run index) on worker `worker`'s job. */
static void verify_chunk(void *ctx, size_t c, int worker)
{
	struct vjob *j = (struct vjob *)ctx + worker;
	struct vctx *v = j->v;
	if (atomic_load(&v->stop))
		return;
	uint64_t lo = (uint64_t)c << CHUNK_SHIFT;
	uint64_t hi = lo + CHUNK < v->rk.count ? lo + CHUNK : v->rk.count;
	for (uint64_t P = lo; P < hi && !j->bad; P++)
		verify_one(j, P);
}

int pdbgen_verify(const struct board *b, const struct table_meta *m, const uint8_t *packed,
		  int threads, struct slidetab_error *err)
{
	struct board_state goal;
	memset(&goal, 0, sizeof goal);
	if (m->rows != b->rows || m->cols != b->cols || m->cells != b->n) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: board %ux%u differs from %dx%d", m->rows, m->cols,
		       b->rows, b->cols);
	}
	memcpy(goal.t, m->goal, (size_t)b->n);
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc0 = check_args(b, &goal, m->pattern, tiles, &k, err);
	if (rc0 != SLIDETAB_OK)
		return rc0;
	if (m->kind != TABLE_KIND_PDB || m->ranking != TABLE_RANK_PDB) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: not a PDB table");
	}
	if (m->entry != TABLE_ENTRY_MDRES && m->entry != TABLE_ENTRY_PLAIN) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: entry encoding %u is neither plain nor mdres", m->entry);
	}
	if (m->entry_bits < 1 || m->entry_bits > 8) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: bad entry width %u", m->entry_bits);
	}
	struct vctx *v = calloc(1, sizeof *v);
	if (threads < 1)
		threads = 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	struct vjob *js = calloc((size_t)threads, sizeof *js);
	int rc = SLIDETAB_EFORMAT;
	if (!v || !js) {
		rc = err_set(err, SLIDETAB_ENOMEM, "pdb verify: out of memory");
		goto out;
	}
	geo_init(&v->g, b);
	v->k = k;
	if (pdb_ranker_init(&v->rk, b->n, k) != 0 || v->rk.count != m->entries) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdb verify: %llu entries, expected %d!/%d!",
		       (unsigned long long)m->entries, b->n, b->n - k);
		goto out;
	}
	uint8_t gcells[PDB_MAX_CELLS];
	for (int i = 0; i < k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal.t[c] == tiles[i])
				v->goalcell[i] = gcells[i] = (uint8_t)c;
	v->goal_rank = pdb_rank(&v->rk, gcells);
	v->packed = packed;
	v->bits = m->entry_bits;
	v->sentinel = (1u << m->entry_bits) - 1;
	v->mdres = m->entry == TABLE_ENTRY_MDRES;
	uint64_t hsum = 0;
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++)
		hsum += m->hist[d];
	v->sentinel_ok = hsum < m->entries;
	if (v->sentinel_ok && b->n - k - 1 > 1) {
		rc = err_set(err, SLIDETAB_EFORMAT,
		       "pdb verify: the histogram counts %llu of %llu placements, but with %d "
		       "non-pattern tiles every placement is reachable",
		       (unsigned long long)hsum, (unsigned long long)m->entries, b->n - k - 1);
		goto out;
	}
	if (vvalue(v, v->goal_rank, 0) != 0) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdb verify: the goal placement's value is not 0");
		goto out;
	}
	for (int i = 0; i < threads; i++)
		js[i].v = v;
	pool_run(threads, (size_t)((v->rk.count + CHUNK - 1) >> CHUNK_SHIFT), verify_chunk, js);
	uint64_t hist[TABLE_HIST_MAX] = {0}, unreach = 0;
	for (int i = 0; i < threads; i++) {
		if (js[i].bad) {
			rc = err_set(err, SLIDETAB_EFORMAT, "pdb verify: %s", js[i].msg);
			goto out;
		}
		unreach += js[i].unreach;
		for (int d = 0; d < TABLE_HIST_MAX; d++)
			hist[d] += js[i].hist[d];
	}
	unsigned radius = 0;
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++) {
		if (hist[d] != m->hist[d]) {
			rc = err_set(err, SLIDETAB_EFORMAT,
			       "pdb verify: %llu placements have value %u, the header says %llu",
			       (unsigned long long)hist[d], d, (unsigned long long)m->hist[d]);
			goto out;
		}
		if (hist[d])
			radius = d;
	}
	if (radius != m->radius) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdb verify: largest value %u, the header says %u", radius,
		       m->radius);
		goto out;
	}
	if (unreach + hsum != m->entries) {
		rc = err_set(err, SLIDETAB_EFORMAT, "pdb verify: entry count mismatch");
		goto out;
	}
	rc = 0;
out:
	free(js);
	free(v);
	return rc;
}

/* ---- presets ---- */

