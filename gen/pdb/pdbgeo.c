/* SPDX-License-Identifier: Zlib */
/* pdbgeo: board geometry as bit masks, shared by the pattern-database build and its verification. */
#include "gen/pdb/pdbgeo.h"

#include <stdio.h>
#include <string.h>

void pdbgeo_init(struct pdbgeo *g, const struct board *b)
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

int pdbgeo_check_args(const struct board *b, const struct board_state *goal, uint32_t pattern, uint8_t *tiles, int *k,
		      struct slidetab_error *err)
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

void pdbgeo_meta(struct table_meta *m, const struct board *b, const struct board_state *goal, uint32_t pattern,
		 uint64_t entries, const char *generator)
{
	m->kind = TABLE_KIND_PDB;
	m->ranking = TABLE_RANK_PDB;
	m->entry = TABLE_ENTRY_MDRES;
	m->payload = TABLE_PAYLOAD_ZLIB;
	m->rows = (uint8_t)b->rows;
	m->cols = (uint8_t)b->cols;
	m->cells = (uint8_t)b->n;
	memcpy(m->goal, goal->t, (size_t)b->n);
	m->pattern = pattern;
	m->entries = entries;
	m->block_entries = 0;
	snprintf(m->generator, sizeof m->generator, "%s", generator);
}

int pdbgeo_begin(const struct board *b, const struct board_state *goal, uint32_t pattern, int max_k,
		 const char *too_many, uint8_t *tiles, int *k, struct table_meta *meta_out, uint8_t **packed_out,
		 struct slidetab_error *err)
{
	*packed_out = NULL;
	memset(meta_out, 0, sizeof *meta_out);
	int rc = pdbgeo_check_args(b, goal, pattern, tiles, k, err);
	if (rc == SLIDETAB_OK && *k > max_k)
		rc = err_set(err, SLIDETAB_EINVAL, "%s", too_many);
	return rc;
}
