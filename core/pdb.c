/* pdb: partial-permutation ranking and loading/evaluating sets of additive disjoint PDBs. */
#include "pdb.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pdb_ranker_init(struct pdb_ranker *r, int n, int k)
{
	if (n < 2 || n > PDB_MAX_CELLS || k < 1 || k >= n)
		return -1;
	r->n = n;
	r->k = k;
	uint64_t w = 1;
	for (int i = k - 1; i >= 0; i--) {
		r->w[i] = w;
		w *= (uint64_t)(n - i);
		if (w >= (uint64_t)1 << 40)
			return -1;
	}
	r->count = w;
	return 0;
}

void pdb_unrank(const struct pdb_ranker *r, uint64_t rank, uint8_t *cells)
{
	uint32_t used = 0;
	for (int i = 0; i < r->k; i++) {
		unsigned d = (unsigned)(rank / r->w[i]);
		rank -= (uint64_t)d * r->w[i];
		/* the d-th cell (from 0) not yet used */
		uint32_t freem = ~used;
		for (unsigned j = 0; j < d; j++)
			freem &= freem - 1;
		unsigned c = (unsigned)__builtin_ctz(freem);
		cells[i] = (uint8_t)c;
		used |= 1u << c;
	}
}

int pdb_pattern_tiles(uint32_t mask, int n, uint8_t *tiles)
{
	if (mask & 1u)
		return -1;
	if (n < 32 && (mask >> n) != 0)
		return -1;
	int k = 0;
	for (int t = 1; t < n && t < 32; t++)
		if (mask >> t & 1u)
			tiles[k++] = (uint8_t)t;
	return k;
}

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || !errlen)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int pdb_set_new(struct pdb_set **out, const struct board *b, const struct board_state *goal,
		char *err, size_t errlen)
{
	*out = NULL;
	if (!board_valid(b, goal)) {
		seterr(err, errlen, "pdb: goal is not a valid %dx%d state", b->rows, b->cols);
		return -1;
	}
	struct pdb_set *s = calloc(1, sizeof *s);
	if (!s) {
		seterr(err, errlen, "pdb: out of memory");
		return -1;
	}
	s->b = *b;
	s->goal = *goal;
	s->goal_blank = board_blank(b, goal);
	for (int t = 0; t < PDB_MAX_CELLS; t++)
		s->tile_pat[t] = s->tile_idx[t] = -1;
	for (int c = 0; c < b->n; c++)
		for (int d = 0; d < b->n; d++)
			s->dist[c][d] = (uint8_t)board_taxicab(b, c, d);
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

enum { ADD_COPY = 0, ADD_OWN = 1, ADD_BORROW = 2 };

/* Fills p's lookup data from packed entries (copy, take or borrow the array). */
static int one_data(struct pdb_one *p, const struct table_meta *m, uint8_t *packed, int mode,
		    char *err, size_t errlen)
{
	unsigned bits = m->entry_bits;
	uint64_t n = m->entries;
	if (bits == 4 || bits == 8) {
		p->nibble = bits == 4;
		if (mode == ADD_OWN) {
			p->owned = packed;
			p->data = packed;
		} else if (mode == ADD_BORROW) {
			p->data = packed;
		} else {
			uint64_t bytes = table_packed_bytes(n, bits);
			p->owned = malloc(bytes ? bytes : 1);
			if (!p->owned)
				goto oom;
			memcpy(p->owned, packed, bytes);
			p->data = p->owned;
		}
		return 0;
	}
	/* other widths: widen to nibbles (bits < 4) or bytes */
	p->nibble = bits < 4;
	uint64_t bytes = p->nibble ? (n + 1) / 2 : n;
	uint8_t *d = calloc(bytes ? bytes : 1, 1);
	if (!d)
		goto oom;
	for (uint64_t i = 0; i < n; i++) {
		unsigned v = table_packed_get(packed, i, bits);
		if (p->nibble)
			d[i >> 1] |= (uint8_t)(v << ((i & 1) * 4));
		else
			d[i] = (uint8_t)v;
	}
	if (mode == ADD_OWN)
		free(packed);
	p->owned = d;
	p->data = d;
	return 0;
oom:
	seterr(err, errlen, "pdb: out of memory for a %d-tile PDB", p->k);
	if (mode == ADD_OWN)
		free(packed);
	return -1;
}

static int add_impl(struct pdb_set *set, const struct table_meta *m, uint8_t *packed, int mode,
		    char *err, size_t errlen)
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
		seterr(err, errlen, "pdb: %s", why);
		if (own)
			free(packed);
		return -1;
	}
	struct pdb_one *p = &set->pat[set->npat];
	memset(p, 0, sizeof *p);
	p->pattern = m->pattern;
	p->k = pdb_pattern_tiles(m->pattern, b->n, p->tiles);
	if (p->k < 1 || pdb_ranker_init(&p->rk, b->n, p->k) != 0 || p->rk.count != m->entries) {
		seterr(err, errlen, "pdb: pattern 0x%lx does not match the table's %llu entries",
		       (unsigned long)m->pattern, (unsigned long long)m->entries);
		if (own)
			free(packed);
		return -1;
	}
	for (int q = 0; q < set->npat; q++)
		if (set->pat[q].pattern & m->pattern) {
			seterr(err, errlen, "pdb: pattern 0x%lx overlaps pattern 0x%lx",
			       (unsigned long)m->pattern, (unsigned long)set->pat[q].pattern);
			if (own)
				free(packed);
			return -1;
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
	if (one_data(p, m, packed, mode, err, errlen) != 0)
		return -1;
	for (int i = 0; i < p->k; i++) {
		set->tile_pat[p->tiles[i]] = (int8_t)set->npat;
		set->tile_idx[p->tiles[i]] = (int8_t)i;
	}
	set->npat++;
	return 0;
}

int pdb_set_add(struct pdb_set *set, const struct table_meta *meta, uint8_t *packed, int own,
		char *err, size_t errlen)
{
	return add_impl(set, meta, packed, own ? ADD_OWN : ADD_COPY, err, errlen);
}

void pdb_set_free(struct pdb_set *set)
{
	if (!set)
		return;
	for (int q = 0; q < set->npat; q++) {
		free(set->pat[q].owned);
		if (set->pat[q].tab)
			table_close(set->pat[q].tab);
	}
	free(set);
}

struct load_job {
	const char *path;
	struct table *tab;
	int rc;
	struct table_err terr;
};

static void *load_worker(void *arg)
{
	struct load_job *j = arg;
	j->rc = table_open(&j->tab, j->path, TABLE_PRELOAD, &j->terr);
	return NULL;
}

int pdb_set_load(struct pdb_set **out, const char *const *paths, int npaths, int threads,
		 char *err, size_t errlen)
{
	*out = NULL;
	if (npaths < 1 || npaths > PDB_MAX_PATTERNS) {
		seterr(err, errlen, "pdb: need 1..%d PDB files", PDB_MAX_PATTERNS);
		return -1;
	}
	struct load_job *jobs = calloc((size_t)npaths, sizeof *jobs);
	if (!jobs) {
		seterr(err, errlen, "pdb: out of memory");
		return -1;
	}
	for (int i = 0; i < npaths; i++)
		jobs[i].path = paths[i];
	if (threads < 1)
		threads = 1;
	/* open in waves of `threads` files */
	for (int i = 0; i < npaths; i += threads) {
		pthread_t tid[PDB_MAX_PATTERNS];
		int started[PDB_MAX_PATTERNS] = {0};
		for (int j = i; j < npaths && j < i + threads; j++) {
			if (j > i && pthread_create(&tid[j - i], NULL, load_worker, &jobs[j]) == 0)
				started[j - i] = 1;
			else if (j > i)
				load_worker(&jobs[j]);
		}
		load_worker(&jobs[i]);
		for (int j = i + 1; j < npaths && j < i + threads; j++)
			if (started[j - i])
				pthread_join(tid[j - i], NULL);
	}
	struct pdb_set *set = NULL;
	int rc = 0;
	for (int i = 0; i < npaths && rc == 0; i++)
		if (jobs[i].rc != TABLE_OK) {
			seterr(err, errlen, "pdb: %s: %s", jobs[i].path, jobs[i].terr.msg);
			rc = -1;
		}
	if (rc == 0) {
		const struct table_meta *m0 = table_get_meta(jobs[0].tab);
		struct board b;
		struct board_state g;
		memset(&g, 0, sizeof g);
		if (board_init(&b, m0->rows, m0->cols) != 0 || m0->cells != b.n) {
			seterr(err, errlen, "pdb: %s: bad board %ux%u", paths[0], m0->rows, m0->cols);
			rc = -1;
		} else {
			memcpy(g.t, m0->goal, (size_t)b.n);
			rc = pdb_set_new(&set, &b, &g, err, errlen);
		}
	}
	for (int i = 0; i < npaths; i++) {
		if (rc != 0 || !jobs[i].tab)
			continue;
		const struct table_meta *m = table_get_meta(jobs[i].tab);
		const uint8_t *pk = table_packed(jobs[i].tab);
		if (!pk) {
			seterr(err, errlen, "pdb: %s: payload not in memory", paths[i]);
			rc = -1;
			break;
		}
		/* borrow the table's array (kept open) when its width is directly usable */
		int direct = m->entry_bits == 4 || m->entry_bits == 8;
		char e2[200];
		if (add_impl(set, m, (uint8_t *)pk, direct ? ADD_BORROW : ADD_COPY, e2, sizeof e2) != 0) {
			seterr(err, errlen, "%s: %s", paths[i], e2);
			rc = -1;
			break;
		}
		if (direct) {
			set->pat[set->npat - 1].tab = jobs[i].tab;
			jobs[i].tab = NULL;
		}
	}
	for (int i = 0; i < npaths; i++)
		if (jobs[i].tab)
			table_close(jobs[i].tab);
	free(jobs);
	if (rc != 0) {
		pdb_set_free(set);
		return -1;
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
