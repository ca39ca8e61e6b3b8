/* SPDX-License-Identifier: Zlib */
/* zidx: the zero-aware index of a pattern database: maps, their classes of blank cells (see zidx.h). */
#include "libslidetab/pdb/zidx.h"

#include <stdlib.h>
#include <string.h>

/* The cells of the first (not_first) and last (not_last) column removed from all cells. */
struct grid_masks {
	uint32_t all, not_first, not_last;
	int cols;
};

static struct grid_masks grid_masks(const struct board *b)
{
	struct grid_masks g = { .all = b->n >= 32 ? ~0u : (1u << b->n) - 1, .cols = b->cols };
	g.not_first = g.not_last = g.all;
	for (int r = 0; r < b->rows; r++) {
		g.not_first &= ~(1u << (r * b->cols));
		g.not_last &= ~(1u << (r * b->cols + b->cols - 1));
	}
	return g;
}

/* Cells connected to cell c through the cells of freem: the set grows by its four shifts at
 * once (a step to the left may not leave the first column, to the right the last) until it
 * stops. */
static uint32_t region(const struct grid_masks *g, uint32_t freem, int c)
{
	uint32_t r = 1u << c, prev = 0;
	while (r != prev) {
		prev = r;
		r |= ((prev >> 1) & g->not_last) | ((prev << 1) & g->not_first) | (prev >> g->cols) | (prev << g->cols);
		r &= freem;
	}
	return r;
}

/* The record of map occ, whose classes (its regions, by smallest cell) start at number first: the
 * label of each cell (0xff elsewhere), the classes' masks into cm[]; returns how many. */
static uint32_t map_classes(const struct grid_masks *g, uint32_t occ, uint32_t first, struct pdb_zmap *rec,
			    uint32_t *cm)
{
	uint32_t freem = g->all & ~occ, left = freem, nc = 0;
	memset(rec, 0xff, sizeof *rec);
	rec->cum = first;
	while (left) {
		uint32_t r = region(g, freem, __builtin_ctz(left));
		left &= ~r;
		for (uint32_t m = r; m; m &= m - 1)
			rec->lab[__builtin_ctz(m)] = (uint8_t)nc;
		cm[nc++] = r;
	}
	return nc;
}

/* The number of blank regions (classes) of map mr, from the full records. */
static uint32_t classes_of(const struct pdb_zidx *z, uint32_t mr)
{
	return (mr + 1 < z->nmaps ? z->map[mr + 1].cum : z->nclasses) - z->map[mr].cum;
}

/* Short records (struct pdb_zmap8) when at most one map in 16 has three regions or more: map then
 * keeps those maps' full records only. 0, or -1 out of memory. */
static int shorten(struct pdb_zidx *z)
{
	uint32_t nbig = 0;
	for (uint32_t mr = 0; mr < z->nmaps; mr++)
		nbig += classes_of(z, mr) > 2;
	if (nbig > z->nmaps / 16)
		return 0;
	struct pdb_zmap8 *s = aligned_alloc(64, ((size_t)z->nmaps * sizeof *s + 63) & ~(size_t)63);
	struct pdb_zmap *big = aligned_alloc(64, ((size_t)(nbig + 1) * sizeof *big + 63) & ~(size_t)63);
	if (!s || !big) {
		free(s);
		free(big);
		return -1;
	}
	nbig = 0;
	for (uint32_t mr = 0; mr < z->nmaps; mr++) {
		const struct pdb_zmap *m = &z->map[mr];
		uint32_t nc = classes_of(z, mr);
		s[mr].cum = m->cum;
		s[mr].aux = nc > 2 ? PDB_ZMAP_BIG | nbig : nc == 2 ? z->cmask[m->cum + 1] : 0;
		if (nc > 2)
			big[nbig++] = *m;
	}
	free(z->map);
	z->map = big;
	z->map8 = s;
	return 0;
}

int pdb_zidx_init(struct pdb_zidx *z, const struct board *b, int k, struct slidetab_error *err)
{
	memset(z, 0, sizeof *z);
	if (b->n > 25 || k < 1 || k > b->n - 2)
		return err_set(err, SLIDETAB_EINVAL, "zero-aware index: %d tiles on %d cells", k, b->n);
	z->n = b->n;
	z->k = k;
	for (int c = 0; c <= 25; c++)
		for (int j = 0; j <= 25; j++)
			z->binom[c][j] = j == 0 ? 1 : c == 0 ? 0 : z->binom[c - 1][j - 1] + z->binom[c - 1][j];
	z->nmaps = z->binom[b->n][k];
	z->kfact = 1;
	for (int i = k - 1; i >= 0; i--) {
		z->pw[i] = z->kfact;
		z->kfact *= (uint64_t)(k - i);
	}
	if (z->nmaps > PDB_ZIDX_MAX_MAPS)
		return err_set(err, SLIDETAB_EINVAL, "zero-aware index: %u maps of %d tiles on %d cells are too many",
			       z->nmaps, k, b->n);
	uint32_t cap = z->nmaps * 2 + 16;
	z->map = aligned_alloc(64, ((size_t)z->nmaps * sizeof *z->map + 63) & ~(size_t)63);
	z->cmask = malloc(cap * sizeof *z->cmask);
	if (!z->map || !z->cmask) {
		pdb_zidx_free(z);
		return err_set(err, SLIDETAB_ENOMEM, "zero-aware index: out of memory");
	}
	struct grid_masks gm = grid_masks(b);
	/* Gosper's hack: the k-subsets of the cells in increasing order = colex order */
	uint32_t occ = (1u << k) - 1, nc = 0;
	for (uint32_t mr = 0; mr < z->nmaps; mr++) {
		if (cap - nc < (uint32_t)b->n) {
			uint32_t *m = realloc(z->cmask, (size_t)(cap *= 2) * sizeof *m);
			if (!m) {
				pdb_zidx_free(z);
				return err_set(err, SLIDETAB_ENOMEM, "zero-aware index: out of memory");
			}
			z->cmask = m;
		}
		nc += map_classes(&gm, occ, nc, &z->map[mr], z->cmask + nc);
		uint32_t c = occ & -occ, r = occ + c;
		occ = (((r ^ occ) >> 2) / c) | r;
	}
	z->nclasses = nc;
	z->entries = (uint64_t)nc * z->kfact;
	if (z->entries >= (uint64_t)1 << 40) {
		pdb_zidx_free(z);
		return err_set(err, SLIDETAB_EINVAL, "zero-aware index: too many entries");
	}
	if (shorten(z) != 0) {
		pdb_zidx_free(z);
		return err_set(err, SLIDETAB_ENOMEM, "zero-aware index: out of memory");
	}
	return SLIDETAB_OK;
}

void pdb_zidx_share(struct pdb_zidx *z, const struct pdb_zidx *src)
{
	*z = *src;
	z->borrowed = 1;
}

void pdb_zidx_free(struct pdb_zidx *z)
{
	if (!z->borrowed) {
		free(z->map);
		free(z->map8);
		free(z->cmask);
	}
	z->map = NULL;
	z->map8 = NULL;
	z->cmask = NULL;
}
