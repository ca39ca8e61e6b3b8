/* SPDX-License-Identifier: Zlib */
/* pdbverify: checks a pattern database against what its definition implies. */
#include "gen/pdb/pdbgen.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/pdb/pdbgeo.h"
#include "gen/pdb/pdbunrank.h"

struct vctx {
	struct pdbgeo g;
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
	pdbunrank_cells(&v->rk, P, cells);
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
	int connected = pdbgeo_flood(&v->g, freem, (unsigned)__builtin_ctz(freem)) == freem;
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
	uint64_t lo = (uint64_t)c << PDBGEN_CHUNK_SHIFT;
	uint64_t hi = lo + PDBGEN_CHUNK < v->rk.count ? lo + PDBGEN_CHUNK : v->rk.count;
	for (uint64_t P = lo; P < hi && !j->bad; P++)
		verify_one(j, P);
}

/* Checks the header fields the verification relies on; fills goal, tiles and *k. */
static int verify_header(const struct board *b, const struct table_meta *m, struct board_state *goal, uint8_t *tiles,
			 int *k, struct slidetab_error *err)
{
	memset(goal, 0, sizeof *goal);
	if (m->rows != b->rows || m->cols != b->cols || m->cells != b->n)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: board %ux%u differs from %dx%d", m->rows, m->cols,
			       b->rows, b->cols);
	memcpy(goal->t, m->goal, (size_t)b->n);
	int rc = pdbgeo_check_args(b, goal, m->pattern, tiles, k, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (m->kind != TABLE_KIND_PDB || m->ranking != TABLE_RANK_PDB)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: not a PDB table");
	if (m->entry != TABLE_ENTRY_MDRES && m->entry != TABLE_ENTRY_PLAIN)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: entry encoding %u is neither plain nor mdres",
			       m->entry);
	if (m->entry_bits < 1 || m->entry_bits > 8)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: bad entry width %u", m->entry_bits);
	return SLIDETAB_OK;
}

/* Sets up v for the table; checks the entry count, the sentinel's use and the goal's value 0. */
static int verify_setup(struct vctx *v, const struct board *b, const struct table_meta *m, const uint8_t *packed,
			const struct board_state *goal, const uint8_t *tiles, int k, struct slidetab_error *err)
{
	pdbgeo_init(&v->g, b);
	v->k = k;
	if (pdb_ranker_init(&v->rk, b->n, k) != 0 || v->rk.count != m->entries)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: %llu entries, expected %d!/%d!",
			       (unsigned long long)m->entries, b->n, b->n - k);
	uint8_t gcells[PDB_MAX_CELLS];
	for (int i = 0; i < k; i++)
		for (int c = 0; c < b->n; c++)
			if (goal->t[c] == tiles[i])
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
	if (v->sentinel_ok && b->n - k - 1 > 1)
		return err_set(err, SLIDETAB_EFORMAT,
			       "pdb verify: the histogram counts %llu of %llu placements, but with %d "
			       "non-pattern tiles every placement is reachable",
			       (unsigned long long)hsum, (unsigned long long)m->entries, b->n - k - 1);
	if (vvalue(v, v->goal_rank, 0) != 0)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: the goal placement's value is not 0");
	return SLIDETAB_OK;
}

/* Compares the workers' recount (first violation, histogram, radius, unreachable) with the header. */
static int verify_counts(const struct vjob *js, int threads, const struct table_meta *m, struct slidetab_error *err)
{
	uint64_t hist[TABLE_HIST_MAX] = { 0 }, unreach = 0, hsum = 0;
	for (int i = 0; i < threads; i++) {
		if (js[i].bad)
			return err_set(err, SLIDETAB_EFORMAT, "pdb verify: %s", js[i].msg);
		unreach += js[i].unreach;
		for (int d = 0; d < TABLE_HIST_MAX; d++)
			hist[d] += js[i].hist[d];
	}
	unsigned radius = 0;
	for (unsigned d = 0; d < TABLE_HIST_MAX; d++) {
		if (hist[d] != m->hist[d])
			return err_set(err, SLIDETAB_EFORMAT,
				       "pdb verify: %llu placements have value %u, the header says %llu",
				       (unsigned long long)hist[d], d, (unsigned long long)m->hist[d]);
		if (hist[d])
			radius = d;
		hsum += m->hist[d];
	}
	if (radius != m->radius)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: largest value %u, the header says %u", radius,
			       m->radius);
	if (unreach + hsum != m->entries)
		return err_set(err, SLIDETAB_EFORMAT, "pdb verify: entry count mismatch");
	return SLIDETAB_OK;
}

int pdbgen_verify(const struct board *b, const struct table_meta *m, const uint8_t *packed, int threads,
		  struct slidetab_error *err)
{
	struct board_state goal;
	uint8_t tiles[PDB_MAX_CELLS];
	int k, rc = verify_header(b, m, &goal, tiles, &k, err);
	if (rc != SLIDETAB_OK)
		return rc;
	threads = pdbgeo_threads(threads);
	struct vctx *v = calloc(1, sizeof *v);
	struct vjob *js = calloc((size_t)threads, sizeof *js);
	if (!v || !js)
		rc = err_set(err, SLIDETAB_ENOMEM, "pdb verify: out of memory");
	else if ((rc = verify_setup(v, b, m, packed, &goal, tiles, k, err)) == SLIDETAB_OK) {
		for (int i = 0; i < threads; i++)
			js[i].v = v;
		pool_run(threads, (size_t)((v->rk.count + PDBGEN_CHUNK - 1) >> PDBGEN_CHUNK_SHIFT), verify_chunk, js);
		rc = verify_counts(js, threads, m, err);
	}
	free(js);
	free(v);
	return rc;
}
