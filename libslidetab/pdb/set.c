/* SPDX-License-Identifier: Zlib */
/* pdb/set (pdb_set_): sets of additive disjoint pattern databases: new, add, load and free. */
#include "libslidetab/pdb/pdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/pool.h"

int pdb_set_new(struct pdb_set **out, const struct board *b, const struct board_state *goal, struct slidetab_error *err)
{
	*out = NULL;
	if (!board_valid(b, goal)) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb: goal is not a valid %dx%d state", b->rows, b->cols);
	}
	struct pdb_set *s = calloc(1, sizeof *s);
	if (!s) {
		return err_set(err, SLIDETAB_ENOMEM, "pdb: out of memory");
	}
	s->b = *b;
	s->goal = *goal;
	s->goal_blank = board_blank(b, goal);
	s->npart = 1;
	for (int q = 0; q < PDB_MAX_PARTS; q++)
		for (int t = 0; t < PDB_MAX_CELLS; t++)
			s->tile_pat[q][t] = s->tile_idx[q][t] = -1;
	for (int c = 0; c < b->n; c++)
		for (int d = 0; d < b->n; d++) {
			s->dist[c][d] = (uint8_t)board_taxicab(b, c, d);
			for (int q = (c < d ? c : d) + 1; q < (c < d ? d : c); q++)
				s->betw[c][d] |= 1u << q;
		}
	if (b->rows == b->cols) {
		int gb = s->goal_blank;
		int tgb = (gb % b->cols) * b->cols + gb / b->cols;
		if (tgb == gb) {
			s->reflect = 1;
			for (int c = 0; c < b->n; c++) {
				int tc = (c % b->cols) * b->cols + c / b->cols;
				s->refl_cell[c] = (uint8_t)tc;
				/* sigma(goal[c]) = goal[T(c)]: the reflected goal is the goal */
				s->refl_tile[goal->t[c]] = goal->t[tc];
			}
		}
	}
	*out = s;
	return 0;
}

/* Fills p's lookup data from packed entries: read in place (tab not NULL: `packed` is a raw payload
 * of the open table tab, 1-bit (zero-aware or placement) or 4- or 8-bit entries), copied (the same)
 * or widened into a huge-page buffer (nibbles or bytes). */
static int one_data(struct pdb_one *p, const struct table_meta *m, const uint8_t *packed, struct table *tab,
		    struct slidetab_error *err)
{
	unsigned bits = m->entry_bits;
	uint64_t n = m->entries;
	p->nibble = !p->step && bits <= 4;
	if (tab) {
		p->data = packed;
		if (!(p->ok = calloc((size_t)table_blocks(tab), 1)))
			return err_set(err, SLIDETAB_ENOMEM, "pdb: out of memory");
		p->tab = tab;
		p->block_shift = (unsigned)__builtin_ctz(m->block_entries);
		return SLIDETAB_OK;
	}
	uint64_t bytes = p->step ? table_packed_bytes(n, 1) : p->nibble ? (n + 1) / 2 : n;
	if (bigmem_alloc(&p->owned, bytes) != 0) {
		return err_set(err, SLIDETAB_ENOMEM, "pdb: out of memory for a %d-tile PDB", p->k);
	}
	uint8_t *d = p->owned.p;
	if (p->step || bits == 4 || bits == 8) {
		memcpy(d, packed, (size_t)table_packed_bytes(n, bits));
	} else {
		for (uint64_t i = 0; i < n; i++) {
			unsigned v = table_packed_get(packed, i, bits);
			if (p->nibble)
				d[i >> 1] |= (uint8_t)(v << ((i & 1) * 4));
			else
				d[i] = (uint8_t)v;
		}
	}
	p->data = d;
	return 0;
}

/* Why a table cannot join the set, or NULL. */
static const char *add_refusal(const struct pdb_set *set, const struct table_meta *m, int mapped)
{
	const struct board *b = &set->b;
	int zero = m->entry == TABLE_ENTRY_ZBIT, step = zero || m->entry == TABLE_ENTRY_PBIT;
	if (set->npat >= PDB_MAX_PATTERNS)
		return "too many patterns";
	if (m->kind != TABLE_KIND_PDB || m->ranking != (zero ? TABLE_RANK_ZPDB : TABLE_RANK_PDB))
		return "not a PDB table";
	if (m->entry != TABLE_ENTRY_MDRES && m->entry != TABLE_ENTRY_PLAIN && !step)
		return "unsupported entry encoding (want plain, mdres, zbit or pbit)";
	if (m->rows != b->rows || m->cols != b->cols || m->cells != b->n)
		return "board differs from the set's";
	if (memcmp(m->goal, set->goal.t, (size_t)b->n) != 0)
		return "goal differs from the set's";
	if (m->entry_bits < 1 || m->entry_bits > 8 || (step && m->entry_bits != 1))
		return "bad entry width";
	if (mapped && (m->block_entries & (m->block_entries - 1)))
		return "blocks of a mapped PDB must hold a power of two entries";
	return NULL;
}

/* The partition a pattern joins: the current one, or the next when it overlaps the current one; -1
 * with a message when it has the tiles of an earlier pattern (the same file twice, say) or is a
 * partition too many. */
static int add_part(const struct pdb_set *set, uint32_t pattern, struct slidetab_error *err)
{
	int part = set->npart - 1;
	for (int q = 0; q < set->npat; q++)
		if (set->part[q] == part && (set->pat[q].pattern & pattern)) {
			part++;
			break;
		}
	if (part == set->npart - 1)
		return part;
	for (int q = 0; q < set->npat; q++)
		if (set->pat[q].pattern == pattern) {
			err_set(err, SLIDETAB_EFORMAT, "pdb: pattern 0x%lx overlaps pattern 0x%lx (the same tiles)",
				(unsigned long)pattern, (unsigned long)set->pat[q].pattern);
			return -1;
		}
	if (part >= PDB_MAX_PARTS) {
		err_set(err, SLIDETAB_EFORMAT,
			"pdb: pattern 0x%lx overlaps a pattern of partition %d (at most %d partitions)",
			(unsigned long)pattern, part, PDB_MAX_PARTS);
		return -1;
	}
	return part;
}

/* The pattern's tiles, goal cells and ranking (zero-aware: the index and the goal's entry). */
static int add_pattern(const struct pdb_set *set, struct pdb_one *p, const struct table_meta *m,
		       struct slidetab_error *err)
{
	const struct board *b = &set->b;
	p->pattern = m->pattern;
	p->k = pdb_pattern_tiles(m->pattern, b->n, p->tiles);
	p->zero = m->entry == TABLE_ENTRY_ZBIT;
	p->step = p->zero || m->entry == TABLE_ENTRY_PBIT;
	const struct pdb_one *same = NULL; /* an earlier zero-aware pattern of as many tiles: its index serves */
	for (int q = 0; p->zero && q < set->npat && !same; q++)
		if (set->pat[q].zero && set->pat[q].k == p->k)
			same = &set->pat[q];
	if (same)
		pdb_zidx_share(&p->z, &same->z);
	if (p->k < 1 || pdb_ranker_init(&p->rk, b->n, p->k) != 0 ||
	    (p->zero && !same && (p->k > b->n - 3 || pdb_zidx_init(&p->z, b, p->k, err) != SLIDETAB_OK)) ||
	    (p->zero ? p->z.entries : p->rk.count) != m->entries)
		return err_set(err, SLIDETAB_EFORMAT, "pdb: pattern 0x%lx does not match the table's %llu entries",
			       (unsigned long)m->pattern, (unsigned long long)m->entries);
	if (add_part(set, m->pattern, err) < 0)
		return SLIDETAB_EFORMAT;
	uint32_t occ = 0;
	for (int i = 0; i < p->k; i++)
		for (int c = 0; c < b->n; c++)
			if (set->goal.t[c] == p->tiles[i]) {
				p->goalcell[i] = (uint8_t)c;
				occ |= 1u << c;
			}
	if (p->zero)
		p->zgoal = pdb_zidx_index(&p->z, p->goalcell, occ, (unsigned)set->goal_blank);
	else if (p->step)
		p->zgoal = pdb_rank(&p->rk, p->goalcell);
	return SLIDETAB_OK;
}

static void one_free(struct pdb_one *p)
{
	bigmem_free(&p->owned);
	pdb_zidx_free(&p->z);
	free(p->ok);
	p->ok = NULL;
	table_close(p->tab);
	p->tab = NULL;
}

int pdb_set_add(struct pdb_set *set, const struct table_meta *m, const uint8_t *packed, struct table *tab,
		struct slidetab_error *err)
{
	const char *why = add_refusal(set, m, tab != NULL);
	struct pdb_one *p = &set->pat[set->npat];
	memset(p, 0, sizeof *p);
	int rc = why ? err_set(err, SLIDETAB_EFORMAT, "pdb: %s", why) : add_pattern(set, p, m, err);
	if (rc != SLIDETAB_OK) {
		pdb_zidx_free(&p->z);
		table_close(tab);
		return SLIDETAB_EFORMAT;
	}
	p->mdres = m->entry == TABLE_ENTRY_MDRES;
	p->radius = m->radius;
	uint64_t reach = 0;
	for (unsigned d = 0; d <= m->radius && d < TABLE_HIST_MAX; d++)
		reach += m->hist[d];
	p->sentinel = reach < m->entries && !p->step ? (1u << m->entry_bits) - 1 : 0xffffu;
	if ((rc = one_data(p, m, packed, tab, err)) != SLIDETAB_OK) {
		if (!p->tab)
			table_close(tab);
		one_free(p);
		return rc;
	}
	int part = add_part(set, p->pattern, err);
	set->npart = part + 1;
	set->part[set->npat] = (int8_t)part;
	for (int i = 0; i < p->k; i++) {
		set->tile_pat[part][p->tiles[i]] = (int8_t)set->npat;
		set->tile_idx[part][p->tiles[i]] = (int8_t)i;
	}
	set->npat++;
	return 0;
}

void pdb_set_free(struct pdb_set *set)
{
	if (!set)
		return;
	for (int q = 0; q < set->npat; q++)
		one_free(&set->pat[q]);
	free(set);
}

int pdb_one_check(const struct pdb_one *p, uint64_t i, struct slidetab_error *err)
{
	if (pdb_one_ready(p, i))
		return SLIDETAB_OK;
	uint64_t b = i >> p->block_shift;
	struct slidetab_error e;
	if (table_check_block(p->tab, b, &e) != SLIDETAB_OK)
		return err_set(err, SLIDETAB_EFORMAT, "pattern database %s", e.msg);
	atomic_store_explicit(&p->ok[b], 1, memory_order_release);
	return SLIDETAB_OK;
}

int pdb_set_verify(const struct pdb_set *set, struct slidetab_error *err)
{
	for (int q = 0; q < set->npat; q++) {
		const struct pdb_one *p = &set->pat[q];
		if (!p->ok)
			continue;
		for (uint64_t b = 0, n = table_blocks(p->tab); b < n; b++) {
			int rc = pdb_one_check(p, b << p->block_shift, err);
			if (rc != SLIDETAB_OK)
				return rc;
		}
	}
	return SLIDETAB_OK;
}

struct load_job {
	const char *path;
	struct table *tab;
	int map; /* the payload is read in place */
	int rc;
	struct slidetab_error terr;
};

/* Opens one file: a raw payload of 1-bit, 4- or 8-bit entries in blocks of a power of two entries
 * is read in place, each block checked on first use; anything else is checked (and inflated)
 * whole here. */
static void load_one(void *ctx, size_t i, int worker)
{
	struct load_job *j = (struct load_job *)ctx + i;
	(void)worker;
	j->rc = table_open(&j->tab, j->path, 0, &j->terr);
	if (j->rc != SLIDETAB_OK)
		return;
	const struct table_meta *m = table_get_meta(j->tab);
	unsigned w = m->entry_bits;
	j->map = m->payload == TABLE_PAYLOAD_RAW &&
		 (m->entry == TABLE_ENTRY_ZBIT || m->entry == TABLE_ENTRY_PBIT || w == 4 || w == 8) &&
		 !(m->block_entries & (m->block_entries - 1));
	if (j->map)
		table_advise_scattered(j->tab);
	else
		j->rc = table_check_all(j->tab, &j->terr);
}

/* A new empty set for the board and goal of the first table. */
static int set_for(struct pdb_set **set, const struct table_meta *m0, const char *path, struct slidetab_error *err)
{
	struct board b;
	struct board_state g;
	memset(&g, 0, sizeof g);
	if (board_init(&b, m0->rows, m0->cols) != 0 || m0->cells != b.n)
		return err_set(err, SLIDETAB_EFORMAT, "pdb: %s: bad board %ux%u", path, m0->rows, m0->cols);
	memcpy(g.t, m0->goal, (size_t)b.n);
	return pdb_set_new(set, &b, &g, err);
}

/* The file whose board and goal most files of the set share (the first of them on a tie), or a
 * file that holds another tile set than masks[] names (-1 - i). */
static int reference_file(const struct load_job *jobs, const uint32_t *masks, int npaths)
{
	int best = 0, best_votes = 0;
	for (int i = 0; i < npaths; i++) {
		const struct table_meta *a = table_get_meta(jobs[i].tab);
		if (masks && a->pattern != masks[i])
			return -1 - i;
		int votes = 0;
		for (int k = 0; k < npaths; k++) {
			const struct table_meta *b = table_get_meta(jobs[k].tab);
			votes += a->rows == b->rows && a->cols == b->cols &&
				 memcmp(a->goal, b->goal, sizeof a->goal) == 0;
		}
		if (votes > best_votes)
			best = i, best_votes = votes;
	}
	return best;
}

int pdb_set_load_masks(struct pdb_set **out, const char *const *paths, const uint32_t *masks, int npaths, int threads,
		       struct slidetab_error *err)
{
	*out = NULL;
	if (npaths < 1 || npaths > PDB_MAX_PATTERNS) {
		return err_set(err, SLIDETAB_EFORMAT, "pdb: need 1..%d PDB files", PDB_MAX_PATTERNS);
	}
	struct load_job *jobs = calloc((size_t)npaths, sizeof *jobs);
	if (!jobs) {
		return err_set(err, SLIDETAB_ENOMEM, "pdb: out of memory");
	}
	for (int i = 0; i < npaths; i++)
		jobs[i].path = paths[i];
	/* open the files (and check and inflate the ones not read in place) on up to `threads` workers */
	pool_run(threads, (size_t)npaths, load_one, jobs);
	struct pdb_set *set = NULL;
	int rc = 0;
	for (int i = 0; i < npaths && rc == 0; i++)
		if (jobs[i].rc != SLIDETAB_OK) {
			if (strstr(jobs[i].terr.msg, jobs[i].path))
				err_set(err, SLIDETAB_EFORMAT, "pdb: %s", jobs[i].terr.msg);
			else
				err_set(err, SLIDETAB_EFORMAT, "pdb: %s: %s", jobs[i].path, jobs[i].terr.msg);
			rc = SLIDETAB_EFORMAT;
		}
	int ref = rc == 0 ? reference_file(jobs, masks, npaths) : 0;
	if (ref < 0) {
		int i = -1 - ref;
		const struct table_meta *m = table_get_meta(jobs[i].tab);
		if (m->pattern)
			err_set(err, SLIDETAB_EFORMAT,
				"pdb: %s holds the %ux%u pattern database of tiles 0x%lx, not 0x%lx as its name says "
				"(replaced or renamed)",
				paths[i], m->rows, m->cols, (unsigned long)m->pattern, (unsigned long)masks[i]);
		else
			err_set(err, SLIDETAB_EFORMAT,
				"pdb: %s holds the exact table of %ux%u, not the pattern database of tiles 0x%lx its "
				"name says (replaced or renamed)",
				paths[i], m->rows, m->cols, (unsigned long)masks[i]);
		rc = SLIDETAB_EFORMAT;
	}
	if (rc == 0)
		rc = set_for(&set, table_get_meta(jobs[ref].tab), paths[ref], err);
	for (int i = 0; i < npaths && rc == 0; i++) {
		const struct table_meta *m = table_get_meta(jobs[i].tab);
		struct table *tab = jobs[i].tab;
		jobs[i].tab = NULL;
		/* read in place (the set keeps the table open), or copied into a huge-page buffer
		 * (random lookups miss the TLB far less) and the table closed */
		if (jobs[i].map)
			rc = pdb_set_add(set, m, table_raw_payload(tab), tab, err);
		else {
			rc = pdb_set_add(set, m, table_packed(tab), NULL, err);
			table_close(tab);
		}
		if (rc != SLIDETAB_OK) {
			err_prefix(err, "%s", paths[i]);
			rc = SLIDETAB_EFORMAT;
		} else
			snprintf(set->pat[set->npat - 1].name, sizeof set->pat[0].name, "%s", paths[i]);
	}
	for (int i = 0; i < npaths; i++)
		table_close(jobs[i].tab);
	free(jobs);
	if (rc != 0) {
		pdb_set_free(set);
		return rc;
	}
	*out = set;
	return 0;
}
