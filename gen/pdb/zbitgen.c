/* SPDX-License-Identifier: Zlib */
/* zbitgen: builds a zero-aware pattern database by a 2-bit breadth-first search over its index. */
#include "gen/pdb/zbitgen.h"

#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbgeo.h"
#include "gen/pdb/twobit.h"
#include "libslidetab/pdb/zidx.h"

#define GEN_VERSION "slidetab-zbitgen 1"

/* A move out of a class: a pattern tile next to the region moves into it. The child's map and
 * class (the region of the tile's old cell) depend on the class alone; its permutation on the
 * places the tile passes over (cells are numbered row by row, so a vertical move passes over the
 * pattern tiles on the cells between). */
struct zmove {
	uint32_t q2;    /* the child's class */
	uint8_t place;  /* the moved tile's place among the map's cells (0: the lowest cell) */
	uint8_t passed; /* the pattern tiles it passes over: places place+1.. (up) or ..place-1 */
	uint8_t up;     /* it moves to a higher cell */
};

struct zsearch {
	struct twobit t;
	struct pdbgeo g;
	struct pdb_zidx z;
	uint32_t *occ;  /* [z.nclasses]: the cells of the pattern tiles of each class's map */
	uint32_t *moff; /* [z.nclasses + 1]: the moves of class q are moves[moff[q] .. moff[q + 1]) */
	struct zmove *moves;
	int k;
	uint8_t goalcell[PDB_MAX_CELLS];
};

/* A worker's place in the index: entry r = pr * nclasses + q, and the permutation pr as the
 * pattern tile at each place (zidx.h: digit i of pr counts the later tiles on lower places). */
struct zwork {
	uint64_t r, pr;
	uint32_t q;
	int valid;
	int8_t tile[PDB_MAX_CELLS];
	char pad[64]; /* the next worker's on other cache lines: each is written a parent */
};

/* w moved to entry r: by steps from the entry before (the scan goes upwards), else by division. */
static void zwork_seek(const struct pdb_zidx *z, struct zwork *w, uint64_t r)
{
	uint64_t pr = w->pr;
	if (w->valid && r >= w->r && r - w->r < z->nclasses) {
		uint64_t q = w->q + (r - w->r);
		if (q >= z->nclasses) {
			q -= z->nclasses;
			pr++;
		}
		w->q = (uint32_t)q;
	} else {
		pr = r / z->nclasses;
		w->q = (uint32_t)(r - pr * z->nclasses);
	}
	w->r = r;
	if (w->valid && pr == w->pr)
		return;
	w->pr = pr;
	w->valid = 1;
	uint32_t unused = (1u << z->k) - 1;
	for (int i = 0; i < z->k; i++) {
		uint64_t d = pr / z->pw[i];
		pr -= d * z->pw[i];
		uint32_t u = unused;
		while (d--)
			u &= u - 1;
		unsigned place = (unsigned)__builtin_ctz(u);
		w->tile[place] = (int8_t)i;
		unused &= ~(1u << place);
	}
}

/* Parent entry r at the round's depth: its output bit, then every state one move away. */
static void expand(void *ctx, struct twobit_worker *wk, uint64_t r)
{
	const struct zsearch *s = ctx;
	const struct pdb_zidx *z = &s->z;
	struct zwork *w = wk->scratch;
	zwork_seek(z, w, r);
	const uint32_t q = w->q;
	const uint64_t pr = w->pr;
	const int8_t *tile = w->tile;
	int md = 0, p = 0;
	for (uint32_t o = s->occ[q]; o; o &= o - 1, p++)
		md += s->g.dist[__builtin_ctz(o)][s->goalcell[tile[p]]];
	twobit_entry(&s->t, r, md);
	const struct zmove *mv = s->moves + s->moff[q], *end = s->moves + s->moff[q + 1];
	__builtin_prefetch(end + 32); /* the moves of the classes ahead (the scan goes upwards) */
	__builtin_prefetch(end + 64);
	for (; mv < end; mv++) {
		uint64_t pr2 = pr;
		int i = tile[mv->place];
		for (int j = 1; j <= mv->passed; j++) { /* pdb_zidx_step's permutation, by places */
			int b = tile[mv->up ? mv->place + j : mv->place - j];
			pr2 = mv->up ? (b > i ? pr2 + z->pw[i] : pr2 - z->pw[b])
				     : (b > i ? pr2 - z->pw[i] : pr2 + z->pw[b]);
		}
		twobit_push(wk, pdb_zidx_entry(z, mv->q2, pr2));
	}
}

/* The number of map mr's first class. */
static uint32_t map_cum(const struct pdb_zidx *z, uint32_t mr)
{
	return z->map8 ? z->map8[mr].cum : z->map[mr].cum;
}

/* The moves out of class q of map occ into moves[] (NULL: only counted); returns how many. */
static uint32_t class_moves(const struct zsearch *s, uint32_t q, uint32_t occ, struct zmove *moves)
{
	const struct pdb_zidx *z = &s->z;
	uint32_t n = 0, reg = z->cmask[q];
	unsigned place = 0;
	for (uint32_t o = occ; o; o &= o - 1, place++) {
		unsigned t = (unsigned)__builtin_ctz(o);
		for (uint32_t cand = s->g.adj[t] & reg; cand; cand &= cand - 1, n++) {
			unsigned c = (unsigned)__builtin_ctz(cand);
			if (!moves)
				continue;
			uint32_t occ2 = occ ^ 1u << t ^ 1u << c;
			moves[n] = (struct zmove){ pdb_zidx_class(z, occ2, t), (uint8_t)place,
						   (uint8_t)__builtin_popcount(occ & s->g.betw[t][c]),
						   (uint8_t)(c > t) };
		}
	}
	return n;
}

/* Each class's map cells and where its moves start (s->occ, s->moff); the moves counted. */
static int count_moves(struct zsearch *s, struct slidetab_error *err)
{
	const struct pdb_zidx *z = &s->z;
	if (!(s->occ = malloc((size_t)z->nclasses * sizeof *s->occ)) ||
	    !(s->moff = malloc(((size_t)z->nclasses + 1) * sizeof *s->moff)))
		return err_set(err, SLIDETAB_ENOMEM, "zbitgen: out of memory");
	for (uint32_t mr = 0; mr < z->nmaps; mr++) {
		uint32_t lo = map_cum(z, mr), hi = mr + 1 < z->nmaps ? map_cum(z, mr + 1) : z->nclasses, freem = 0;
		for (uint32_t q = lo; q < hi; q++)
			freem |= z->cmask[q];
		for (uint32_t q = lo; q < hi; q++)
			s->occ[q] = s->g.full & ~freem;
	}
	uint64_t total = 0;
	for (uint32_t q = 0; q < z->nclasses; q++) {
		s->moff[q] = (uint32_t)total;
		total += class_moves(s, q, s->occ[q], NULL);
		if (total >= UINT32_MAX)
			return err_set(err, SLIDETAB_EINVAL, "zbitgen: too many moves");
	}
	s->moff[z->nclasses] = (uint32_t)total;
	return SLIDETAB_OK;
}

/* Each class's map cells and moves: two passes, counting then filling. */
static int setup_moves(struct zsearch *s, struct slidetab_error *err)
{
	const struct pdb_zidx *z = &s->z;
	int rc = count_moves(s, err);
	if (rc != SLIDETAB_OK)
		return rc;
	uint64_t total = s->moff[z->nclasses];
	if (!(s->moves = malloc((size_t)(total ? total : 1) * sizeof *s->moves)))
		return err_set(err, SLIDETAB_ENOMEM, "zbitgen: out of memory");
	for (uint32_t q = 0; q < z->nclasses; q++)
		class_moves(s, q, s->occ[q], s->moves + s->moff[q]);
	return SLIDETAB_OK;
}

/* The index of k-tile patterns, its moves, and the goal's entry. */
static int setup(struct zsearch *s, const struct board *b, const struct board_state *goal, const uint8_t *tiles, int k,
		 uint64_t *goal_entry, struct slidetab_error *err)
{
	pdbgeo_init(&s->g, b);
	s->k = k;
	int rc = pdb_zidx_init(&s->z, b, k, err);
	if (rc != SLIDETAB_OK)
		return err_prefix(err, "zbitgen");
	if ((rc = setup_moves(s, err)) != SLIDETAB_OK)
		return rc;
	uint8_t gcells[PDB_MAX_CELLS];
	uint32_t gocc = 0;
	for (int c = 0; c < b->n; c++)
		for (int i = 0; i < k; i++)
			if (goal->t[c] == tiles[i]) {
				gcells[i] = s->goalcell[i] = (uint8_t)c;
				gocc |= 1u << c;
			}
	*goal_entry = pdb_zidx_index(&s->z, gcells, gocc, (unsigned)board_blank(b, goal));
	return SLIDETAB_OK;
}

static void zsearch_free(struct zsearch *s)
{
	twobit_free(&s->t);
	pdb_zidx_free(&s->z);
	free(s->occ);
	free(s->moff);
	free(s->moves);
}

uint64_t zbitgen_bytes(const struct board *b, int k)
{
	struct zsearch *s = calloc(1, sizeof *s);
	struct slidetab_error err;
	uint64_t bytes = UINT64_MAX;
	if (s && k >= 1 && k <= b->n - 3) {
		pdbgeo_init(&s->g, b);
		s->k = k;
		if (pdb_zidx_init(&s->z, b, k, &err) == SLIDETAB_OK && count_moves(s, &err) == SLIDETAB_OK) {
			const struct pdb_zidx *z = &s->z;
			bytes = twobit_bytes(z->entries) + (uint64_t)z->nmaps * sizeof(struct pdb_zmap) +
				(uint64_t)z->nclasses * (sizeof *z->cmask + sizeof *s->occ + sizeof *s->moff) +
				(uint64_t)s->moff[z->nclasses] * sizeof *s->moves;
		}
	}
	if (s)
		zsearch_free(s);
	free(s);
	return bytes;
}

int zbitgen_build(const struct board *b, const struct board_state *goal, uint32_t pattern_mask, int threads,
		  struct table_meta *meta_out, uint8_t **packed_out, struct slidetab_error *err)
{
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc = pdbgeo_begin(b, goal, pattern_mask, b->n - 3,
				 "zbitgen: a zero-aware PDB needs at least two tiles outside the pattern", tiles, &k,
				 meta_out, packed_out, err);
	if (rc != SLIDETAB_OK)
		return rc;
	threads = pdbgeo_threads(threads);
	struct zsearch *s = calloc(1, sizeof *s);
	struct zwork *zw = calloc((size_t)threads, sizeof *zw);
	struct twobit_worker *ws = s && zw ? twobit_workers(&s->t, threads, zw, sizeof *zw) : NULL;
	uint64_t goal_entry = 0, reached = 0;
	if (!s || !ws || !zw)
		rc = err_set(err, SLIDETAB_ENOMEM, "zbitgen: out of memory");
	else if ((rc = setup(s, b, goal, tiles, k, &goal_entry, err)) == SLIDETAB_OK &&
		 (rc = twobit_init(&s->t, s->z.entries, goal_entry, "zbitgen", err)) == SLIDETAB_OK) {
		rc = twobit_run(&s->t, ws, threads, expand, s, meta_out, &reached, "zbitgen", err);
		if (rc == SLIDETAB_OK) {
			pdbgeo_meta(meta_out, b, goal, pattern_mask, s->z.entries, GEN_VERSION);
			twobit_take(&s->t, meta_out, TABLE_ENTRY_ZBIT, TABLE_RANK_ZPDB, packed_out);
		}
	}
	if (s)
		zsearch_free(s);
	free(s);
	free(ws);
	free(zw);
	return rc;
}
