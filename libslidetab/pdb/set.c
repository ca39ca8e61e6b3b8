/* pdb/set (pdb_set_): sets of additive disjoint pattern databases: new, add, load, free and the heuristic. */
#include "libslidetab/pdb/pdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/pool.h"

int pdb_set_new(struct pdb_set **out, const struct board *b, const struct board_state *goal,
		struct slidetab_error *err)
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
	for (int t = 0; t < PDB_MAX_CELLS; t++)
		s->tile_pat[t] = s->tile_idx[t] = -1;
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

enum { ADD_COPY = 0, ADD_OWN = 1 };

/* Fills p's lookup data from packed entries, copied (4- or 8-bit entries) or widened into a
 * huge-page buffer; ADD_OWN frees `packed`. */
static int one_data(struct pdb_one *p, const struct table_meta *m, uint8_t *packed, int mode,
		    struct slidetab_error *err)
{
	unsigned bits = m->entry_bits;
	uint64_t n = m->entries;
	p->nibble = bits <= 4;
	uint64_t bytes = p->nibble ? (n + 1) / 2 : n;
	if (bigmem_alloc(&p->owned, bytes) != 0) {
		err_set(err, SLIDETAB_ENOMEM, "pdb: out of memory for a %d-tile PDB", p->k);
		if (mode == ADD_OWN)
			free(packed);
		return SLIDETAB_ENOMEM;
	}
	uint8_t *d = p->owned.p;
	if (bits == 4 || bits == 8) {
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
	if (mode == ADD_OWN)
		free(packed);
	p->data = d;
	return 0;
}

static int add_impl(struct pdb_set *set, const struct table_meta *m, uint8_t *packed, int mode,
		    struct slidetab_error *err)
{
	int own = mode == ADD_OWN;
	const struct board *b = &set->b;
	const char *why = NULL;
	if (set->npat >= PDB_MAX_PATTERNS)
		why = "too many patterns";
	else if (m->kind != TABLE_KIND_PDB || m->ranking != TABLE_RANK_PDB)
		why = "not a PDB table";
	else if (m->entry != TABLE_ENTRY_MDRES && m->entry != TABLE_ENTRY_PLAIN)
		why = "unsupported entry encoding (want plain or mdres)";
	else if (m->rows != b->rows || m->cols != b->cols || m->cells != b->n)
		why = "board differs from the set's";
	else if (memcmp(m->goal, set->goal.t, (size_t)b->n) != 0)
		why = "goal differs from the set's";
	else if (m->entry_bits < 1 || m->entry_bits > 8)
		why = "bad entry width";
	if (why) {
		err_set(err, SLIDETAB_EFORMAT, "pdb: %s", why);
		if (own)
			free(packed);
		return SLIDETAB_EFORMAT;
	}
	struct pdb_one *p = &set->pat[set->npat];
	memset(p, 0, sizeof *p);
	p->pattern = m->pattern;
	p->k = pdb_pattern_tiles(m->pattern, b->n, p->tiles);
	if (p->k < 1 || pdb_ranker_init(&p->rk, b->n, p->k) != 0 || p->rk.count != m->entries) {
		err_set(err, SLIDETAB_EFORMAT, "pdb: pattern 0x%lx does not match the table's %llu entries",
		       (unsigned long)m->pattern, (unsigned long long)m->entries);
		if (own)
			free(packed);
		return SLIDETAB_EFORMAT;
	}
	for (int q = 0; q < set->npat; q++)
		if (set->pat[q].pattern & m->pattern) {
			err_set(err, SLIDETAB_EFORMAT, "pdb: pattern 0x%lx overlaps pattern 0x%lx",
			       (unsigned long)m->pattern, (unsigned long)set->pat[q].pattern);
			if (own)
				free(packed);
			return SLIDETAB_EFORMAT;
		}
	for (int i = 0; i < p->k; i++)
		for (int c = 0; c < b->n; c++)
			if (set->goal.t[c] == p->tiles[i])
				p->goalcell[i] = (uint8_t)c;
	p->mdres = m->entry == TABLE_ENTRY_MDRES;
	p->radius = m->radius;
	uint64_t reach = 0;
	for (unsigned d = 0; d <= m->radius && d < TABLE_HIST_MAX; d++)
		reach += m->hist[d];
	p->sentinel = reach < m->entries ? (1u << m->entry_bits) - 1 : 0xffffu;
	int rc = one_data(p, m, packed, mode, err);
	if (rc != SLIDETAB_OK)
		return rc;
	for (int i = 0; i < p->k; i++) {
		set->tile_pat[p->tiles[i]] = (int8_t)set->npat;
		set->tile_idx[p->tiles[i]] = (int8_t)i;
	}
	set->npat++;
	return 0;
}

int pdb_set_add(struct pdb_set *set, const struct table_meta *meta, uint8_t *packed, int own,
		struct slidetab_error *err)
{
	return add_impl(set, meta, packed, own ? ADD_OWN : ADD_COPY, err);
}

void pdb_set_free(struct pdb_set *set)
{
	if (!set)
		return;
	for (int q = 0; q < set->npat; q++) {
		bigmem_free(&set->pat[q].owned);
	}
	free(set);
}

struct load_job {
	const char *path;
	struct table *tab;
	int rc;
	struct slidetab_error terr;
};

static void load_one(void *ctx, size_t i, int worker)
{
	struct load_job *j = (struct load_job *)ctx + i;
	(void)worker;
	j->rc = table_open(&j->tab, j->path, TABLE_PRELOAD, &j->terr);
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

int pdb_set_load(struct pdb_set **out, const char *const *paths, int npaths, int threads,
		 struct slidetab_error *err)
{
	return pdb_set_load_masks(out, paths, NULL, npaths, threads, err);
}

int pdb_set_load_masks(struct pdb_set **out, const char *const *paths, const uint32_t *masks, int npaths,
		       int threads, struct slidetab_error *err)
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
	/* open (and inflate and check) the files on up to `threads` workers */
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
		err_set(err, SLIDETAB_EFORMAT,
			"pdb: %s holds tiles 0x%lx, not 0x%lx as its name says (replaced or renamed)", paths[i],
			(unsigned long)table_get_meta(jobs[i].tab)->pattern, (unsigned long)masks[i]);
		rc = SLIDETAB_EFORMAT;
	}
	if (rc == 0) {
		const struct table_meta *m0 = table_get_meta(jobs[ref].tab);
		struct board b;
		struct board_state g;
		memset(&g, 0, sizeof g);
		if (board_init(&b, m0->rows, m0->cols) != 0 || m0->cells != b.n) {
			err_set(err, SLIDETAB_EFORMAT, "pdb: %s: bad board %ux%u", paths[ref], m0->rows, m0->cols);
			rc = SLIDETAB_EFORMAT;
		} else {
			memcpy(g.t, m0->goal, (size_t)b.n);
			rc = pdb_set_new(&set, &b, &g, err);
		}
	}
	for (int i = 0; i < npaths; i++) {
		if (rc != 0 || !jobs[i].tab)
			continue;
		const struct table_meta *m = table_get_meta(jobs[i].tab);
		const uint8_t *pk = table_packed(jobs[i].tab);
		if (!pk) {
			err_set(err, SLIDETAB_EFORMAT, "pdb: %s: payload not in memory", paths[i]);
			rc = SLIDETAB_EFORMAT;
			break;
		}
		/* copied into a huge-page buffer (random lookups miss the TLB far less), then the
		 * table is closed */
		if ((rc = add_impl(set, m, (uint8_t *)pk, ADD_COPY, err)) != SLIDETAB_OK) {
			err_prefix(err, "%s", paths[i]);
			rc = SLIDETAB_EFORMAT;
			break;
		}
		table_close(jobs[i].tab);
		jobs[i].tab = NULL;
	}
	for (int i = 0; i < npaths; i++)
		if (jobs[i].tab)
			table_close(jobs[i].tab);
	free(jobs);
	if (rc != 0) {
		pdb_set_free(set);
		return rc;
	}
	*out = set;
	return 0;
}

void pdb_set_reflect(const struct pdb_set *set, const struct board_state *s, struct board_state *r)
{
	memset(r, 0, sizeof *r);
	for (int c = 0; c < set->b.n; c++)
		r->t[set->refl_cell[c]] = set->refl_tile[s->t[c]];
}

int pdb_set_sum(const struct pdb_set *set, const struct board_state *s)
{
	uint8_t pos[PDB_MAX_CELLS];
	for (int c = 0; c < set->b.n; c++)
		pos[s->t[c]] = (uint8_t)c;
	int h = 0;
	for (int q = 0; q < set->npat; q++) {
		const struct pdb_one *p = &set->pat[q];
		uint8_t cells[PDB_MAX_CELLS];
		int md = 0;
		for (int i = 0; i < p->k; i++) {
			cells[i] = pos[p->tiles[i]];
			md += set->dist[cells[i]][p->goalcell[i]];
		}
		int v = pdb_one_value(p, cells, md);
		if (v >= PDB_UNREACHABLE)
			return PDB_UNREACHABLE;
		h += v;
	}
	return h;
}

int pdb_set_h(const struct pdb_set *set, const struct board_state *s)
{
	int h = pdb_set_sum(set, s);
	if (set->reflect) {
		struct board_state r;
		pdb_set_reflect(set, s, &r);
		int h2 = pdb_set_sum(set, &r);
		if (h2 > h)
			h = h2;
	}
	return h;
}
