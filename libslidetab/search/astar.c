/* SPDX-License-Identifier: Zlib */
/* astar: the node store of A*+IDA*: packed states, a hash table, open lists by (f, g) and the sorted frontier. */
#include "libslidetab/search/astar.h"

#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/bigmem.h"
#include "libslidetab/search/idafsm.h"

#define ASTAR_FSPAN  64  /* f values above the root's that the open lists hold */
#define ASTAR_GSPAN  256 /* g values (IDA_MAX_DEPTH <= 250) */
#define ASTAR_KEYLEN 32  /* letters of a prefix held in a node's key */
#define ASTAR_CLOSED 4u  /* in lf, above the letter */

/* One node (32 bytes): the state at 5 bits a cell (cell c at bits 5c.. of w), the first
 * ASTAR_KEYLEN letters of its prefix (letter i at bits 62 - 2i), its parent, and in one word the
 * machine's state after its prefix (-1: the machine skips it; 21 bits hold IDAFSM_MAX_STATES), g,
 * and its last letter with the closed flag. The heuristic and the patterns' values lie apart (hv:
 * h, then hbytes values). */
struct astar_rec {
	uint64_t w[2];
	uint64_t key;
	uint32_t parent;
	signed int st : 21;
	unsigned int g : 8, lf : 3;
};
_Static_assert(sizeof(struct astar_rec) == 32, "ASTAR_NODE_BYTES counts 32 bytes a record");
_Static_assert(IDAFSM_MAX_STATES <= 1 << 20, "the record's 21-bit state");

struct vec {
	uint32_t *v;
	uint32_t n, cap;
};

/* A frontier entry: the sort key, the node, f and h (the machine's state is the node's). */
struct fent {
	uint64_t key;
	uint32_t node;
	uint8_t f, h;
	uint8_t learned; /* astar_learn's h */
};

struct astar {
	int n, hbytes, stride; /* stride = 1 + hbytes: h and the values */
	const int32_t (*next)[4];
	size_t cap, count;
	struct bigmem recs, hv, hash, front;
	uint32_t *slot; /* hash table: node + 1, 0 empty */
	size_t mask;
	struct vec (*open)[ASTAR_GSPAN]; /* open[f - f0][g] */
	int f0, cf, cg;                  /* the root's f, and the open lists' cursor */
	size_t nfront;
};

static struct astar_rec *rec(const struct astar *a, uint32_t i)
{
	return (struct astar_rec *)a->recs.p + i;
}

struct astar *astar_new(size_t cap, int n, int hbytes, const int32_t (*next)[4])
{
	struct astar *a = calloc(1, sizeof *a);
	if (!a || n > 25 || cap >= UINT32_MAX / 2 || cap < 1) {
		free(a);
		return NULL;
	}
	a->n = n, a->hbytes = hbytes, a->stride = 1 + hbytes, a->cap = cap, a->next = next;
	size_t slots = 16;
	while (slots < 2 * cap)
		slots *= 2;
	a->mask = slots - 1;
	a->open = calloc(ASTAR_FSPAN, sizeof *a->open);
	if (!a->open || bigmem_alloc(&a->recs, (uint64_t)cap * sizeof(struct astar_rec)) != 0 ||
	    bigmem_alloc(&a->hv, (uint64_t)cap * (uint64_t)a->stride) != 0 ||
	    bigmem_alloc(&a->hash, (uint64_t)slots * sizeof(uint32_t)) != 0) {
		astar_free(a);
		return NULL;
	}
	a->slot = (uint32_t *)a->hash.p;
	return a;
}

static void free_open(struct astar *a)
{
	if (a->open)
		for (int f = 0; f < ASTAR_FSPAN; f++)
			for (int g = 0; g < ASTAR_GSPAN; g++)
				free(a->open[f][g].v);
	free(a->open);
	a->open = NULL;
	bigmem_free(&a->hash);
	a->slot = NULL;
}

void astar_free(struct astar *a)
{
	if (!a)
		return;
	free_open(a);
	bigmem_free(&a->recs);
	bigmem_free(&a->hv);
	bigmem_free(&a->front);
	free(a);
}

static void pack(const struct astar *a, const uint8_t *s, uint64_t w[2])
{
	w[0] = w[1] = 0;
	for (int c = 0; c < a->n; c++) {
		unsigned pos = 5u * (unsigned)c;
		w[pos >> 6] |= (uint64_t)s[c] << (pos & 63);
		if ((pos & 63) > 59)
			w[1] |= (uint64_t)s[c] >> (64 - (pos & 63));
	}
}

static void unpack(const struct astar *a, const uint64_t w[2], uint8_t *s)
{
	for (int c = 0; c < a->n; c++) {
		unsigned pos = 5u * (unsigned)c;
		uint64_t v = w[pos >> 6] >> (pos & 63);
		if ((pos & 63) > 59)
			v |= w[1] << (64 - (pos & 63));
		s[c] = (uint8_t)(v & 31);
	}
}

static size_t hash_of(const uint64_t w[2])
{
	uint64_t h = (w[0] ^ (w[1] * 0x9e3779b97f4a7c15u)) * 0xff51afd7ed558ccdu;
	return (size_t)(h ^ (h >> 29));
}

/* Key and prefix of the node reached from parent by letter at depth g. */
static uint64_t child_key(const struct astar *a, uint32_t parent, int letter, int g)
{
	if (parent == UINT32_MAX || g > ASTAR_KEYLEN)
		return parent == UINT32_MAX ? 0 : rec(a, parent)->key;
	return rec(a, parent)->key | (uint64_t)letter << (64 - 2 * g);
}

int astar_prefix(const struct astar *a, uint32_t node, uint8_t *out)
{
	const struct astar_rec *r = rec(a, node);
	int g = r->g;
	for (int i = g; i > 0; i--) {
		out[i - 1] = r->lf & 3;
		r = rec(a, r->parent);
	}
	out[g] = 0;
	return g;
}

/* <0, 0, >0: node i's prefix before, equal to, after that of parent p + letter (both of g letters). */
static int prefix_cmp(const struct astar *a, uint32_t i, uint32_t p, int letter, int g)
{
	uint64_t ki = rec(a, i)->key, kp = child_key(a, p, letter, g);
	if (ki != kp || g <= ASTAR_KEYLEN)
		return ki < kp ? -1 : ki > kp;
	uint8_t x[256], y[256];
	astar_prefix(a, i, x);
	astar_prefix(a, p, y);
	y[g - 1] = (uint8_t)letter;
	return memcmp(x, y, (size_t)g);
}

static int push(struct astar *a, uint32_t node, int f, int g)
{
	if (f - a->f0 >= ASTAR_FSPAN)
		return 0; /* never expanded: it stays on the frontier */
	struct vec *v = &a->open[f - a->f0][g];
	if (v->n == v->cap) {
		uint32_t cap = v->cap ? 2 * v->cap : 64;
		uint32_t *p = realloc(v->v, cap * sizeof *p);
		if (!p)
			return -1;
		v->v = p, v->cap = cap;
	}
	v->v[v->n++] = node;
	return 0;
}

static void set_prefix(struct astar *a, struct astar_rec *r, uint32_t parent, int letter, int g)
{
	int pst = parent == UINT32_MAX ? -1 : rec(a, parent)->st;
	r->key = child_key(a, parent, letter, g);
	r->parent = parent;
	r->st = parent == UINT32_MAX ? 0 : pst < 0 ? -1 : a->next[pst][letter];
	r->lf = (r->lf & ASTAR_CLOSED) | (unsigned)letter;
	r->g = (unsigned)g;
}

static int rec_h(const struct astar *a, uint32_t i)
{
	return a->hv.p[(size_t)i * (size_t)a->stride];
}

int astar_add(struct astar *a, const uint8_t *s, uint32_t parent, int letter, int g, int h, const uint8_t *hv,
	      uint32_t *node)
{
	uint64_t w[2];
	pack(a, s, w);
	size_t at = hash_of(w) & a->mask;
	if (parent == UINT32_MAX)
		a->f0 = g + h, a->cf = 0, a->cg = 0;
	for (; a->slot[at]; at = (at + 1) & a->mask) {
		uint32_t i = a->slot[at] - 1;
		struct astar_rec *r = rec(a, i);
		if (r->w[0] != w[0] || r->w[1] != w[1])
			continue;
		*node = i;
		int c = g < r->g ? -1 : g > r->g ? 1 : prefix_cmp(a, i, parent, letter, g) > 0 ? -1 : 1;
		if (c > 0)
			return ASTAR_KEPT;
		if (r->lf & ASTAR_CLOSED)
			return ASTAR_BROKEN;
		int moved = g < r->g;
		set_prefix(a, r, parent, letter, g);
		if (moved && push(a, i, g + h, g) != 0)
			return ASTAR_FULL;
		return ASTAR_BETTER;
	}
	if (a->count == a->cap || g + h < a->cf + a->f0)
		return g + h < a->cf + a->f0 ? ASTAR_BROKEN : ASTAR_FULL;
	uint32_t i = (uint32_t)a->count;
	struct astar_rec *r = rec(a, i);
	r->w[0] = w[0], r->w[1] = w[1];
	r->lf = 0;
	set_prefix(a, r, parent, letter, g);
	uint8_t *v = a->hv.p + (size_t)i * (size_t)a->stride;
	v[0] = (uint8_t)h;
	memcpy(v + 1, hv, (size_t)a->hbytes);
	if (push(a, i, g + h, g) != 0)
		return ASTAR_FULL;
	a->count++;
	a->slot[at] = i + 1;
	*node = i;
	return ASTAR_NEW;
}

int astar_pop(struct astar *a, uint32_t *node)
{
	while (a->cf < ASTAR_FSPAN) {
		struct vec *v = &a->open[a->cf][a->cg];
		while (v->n) {
			uint32_t i = v->v[--v->n];
			struct astar_rec *r = rec(a, i);
			if ((r->lf & ASTAR_CLOSED) || r->g != a->cg || r->g + rec_h(a, i) != a->cf + a->f0)
				continue; /* a stale place: the node moved to a smaller g */
			r->lf |= ASTAR_CLOSED;
			*node = i;
			return 0;
		}
		if (++a->cg > a->cf + a->f0 || a->cg >= ASTAR_GSPAN)
			a->cf++, a->cg = 0;
	}
	return -1;
}

void astar_reopen(struct astar *a, uint32_t node)
{
	rec(a, node)->lf &= ~ASTAR_CLOSED;
}

void astar_node(const struct astar *a, uint32_t node, uint8_t *s, int *g, int *h, const uint8_t **hv)
{
	const struct astar_rec *r = rec(a, node);
	unpack(a, r->w, s);
	*g = r->g;
	*h = rec_h(a, node);
	*hv = a->hv.p + (size_t)node * (size_t)a->stride + 1;
}

size_t astar_count(const struct astar *a)
{
	return a->count;
}

/* Sorts e[0..n) by key, least first, stably (LSD radix over the bytes that differ; tmp: n entries). */
static void radix_sort(struct fent *e, struct fent *tmp, size_t n)
{
	uint64_t all_or = 0, all_and = ~(uint64_t)0;
	for (size_t i = 0; i < n; i++)
		all_or |= e[i].key, all_and &= e[i].key;
	for (int byte = 0; byte < 8; byte++) {
		int sh = 8 * byte;
		if ((((all_or ^ all_and) >> sh) & 0xff) == 0)
			continue; /* every key has the same byte here */
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[((e[i].key >> sh) & 0xff) + 1]++;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (size_t i = 0; i < n; i++)
			tmp[count[(e[i].key >> sh) & 0xff]++] = e[i];
		memcpy(e, tmp, n * sizeof *e);
	}
}

/* Sorts e[0..n) as radix_sort does, with its scratch: 0, or -1 when the memory is refused (e unchanged). */
static int sort_entries(struct fent *e, size_t n)
{
	struct bigmem tmp;
	if (bigmem_alloc(&tmp, (uint64_t)(n ? n : 1) * sizeof *e) != 0)
		return -1;
	radix_sort(e, (struct fent *)tmp.p, n);
	bigmem_free(&tmp);
	return 0;
}

/* Whole prefixes of entries x and y in letter order, a prefix of the other first (an open node's
 * own children may be open too when its expansion was cut short). */
static int entry_cmp(const struct astar *a, const struct fent *x, const struct fent *y)
{
	uint8_t px[256], py[256];
	int gx = astar_prefix(a, x->node, px), gy = astar_prefix(a, y->node, py);
	int c = memcmp(px, py, (size_t)(gx < gy ? gx : gy));
	return c ? c : (gx > gy) - (gx < gy);
}

/* Runs of equal keys (prefixes longer than the key holds) put in whole-prefix order by insertion. */
static void fix_ties(const struct astar *a, struct fent *e, size_t n)
{
	for (size_t lo = 0; lo < n;) {
		size_t hi = lo + 1;
		while (hi < n && e[hi].key == e[lo].key)
			hi++;
		for (size_t i = lo + 1; i < hi; i++)
			for (size_t j = i; j > lo && entry_cmp(a, &e[j - 1], &e[j]) > 0; j--) {
				struct fent t = e[j];
				e[j] = e[j - 1];
				e[j - 1] = t;
			}
		lo = hi;
	}
}

long astar_frontier(struct astar *a, int by_prefix)
{
	free_open(a);
	size_t n = 0;
	for (uint32_t i = 0; i < a->count; i++)
		n += !(rec(a, i)->lf & ASTAR_CLOSED);
	if (bigmem_alloc(&a->front, (uint64_t)(n ? n : 1) * sizeof(struct fent)) != 0)
		return -1;
	struct fent *e = (struct fent *)a->front.p;
	n = 0;
	for (uint32_t i = 0; i < a->count; i++) {
		const struct astar_rec *r = rec(a, i);
		if ((r->lf & ASTAR_CLOSED) || r->st < 0)
			continue;
		int h = rec_h(a, i), f = r->g + h;
		e[n++] = (struct fent){ .key = by_prefix ? r->key : (uint64_t)f << 8 | (uint64_t)h,
					.node = i,
					.f = (uint8_t)(f > 255 ? 255 : f),
					.h = (uint8_t)h,
					.learned = (uint8_t)h };
	}
	if (sort_entries(e, n) != 0) {
		bigmem_free(&a->front);
		return -1;
	}
	if (by_prefix)
		fix_ties(a, e, n);
	a->nfront = n;
	return (long)n;
}

void astar_entry(const struct astar *a, size_t i, uint32_t *node, int *f, int *st)
{
	const struct fent *e = (const struct fent *)a->front.p + i;
	*node = e->node;
	*f = e->f;
	*st = rec(a, e->node)->st;
}

void astar_learn(struct astar *a, size_t i, int h)
{
	((struct fent *)a->front.p)[i].learned = (uint8_t)(h > 255 ? 255 : h);
}

void astar_frontier_learned(struct astar *a)
{
	struct fent *e = (struct fent *)a->front.p;
	for (size_t i = 0; i < a->nfront; i++)
		e[i].key = e[i].learned;
	sort_entries(e, a->nfront); /* refused: the order stays */
}

int astar_frontier_fmin(const struct astar *a)
{
	int f = INT32_MAX;
	for (size_t i = 0; i < a->nfront; i++)
		if (((const struct fent *)a->front.p)[i].f < f)
			f = ((const struct fent *)a->front.p)[i].f;
	return f;
}
