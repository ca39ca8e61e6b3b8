/* SPDX-License-Identifier: Zlib */
/* idafsm_build: builds the machine of skipped blank-move strings (libslidetab/search/idafsm.h) from an
 * enumeration of every string of up to a length; the library and lite compile in what it makes. */
#include "tools/idafsm_build.h"

#include <stdlib.h>
#include <string.h>

/* The enumeration: every string of up to len moves, in arrays indexed by its number. key[i] is
 * the hash of the arrangement string i leaves, with i in its low idx_bits bits, so that sorting
 * the keys brings strings with the same arrangement together. moves[i] has the first move in the
 * highest two bits, so strings of one length compare as numbers in letter order. */
#define IDX_MASK(W) ((UINT64_C(1) << (W)->idx_bits) - 1)

struct idafsm_walk {
	int len, w;     /* longest string, grid width */
	int idx_bits;   /* bits of a string's number in its key: 2 * 3^len strings < 2^idx_bits */
	int step[4];    /* cell offset of each letter */
	unsigned start; /* the blank's first cell */
	uint16_t *grid; /* tile (its home cell) at each cell; blank = w * w */
	uint64_t *key, *tmp;
	uint64_t *moves;
	uint8_t *lens;
	size_t n;
};

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15u;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

static uint64_t z(unsigned cell, unsigned tile)
{
	return mix((uint64_t)cell << 16 | tile);
}

/* Every string of up to W->len moves without a move followed by its undo, from blank cell p. */
static void enumerate(struct idafsm_walk *W, int n, unsigned p, uint64_t moves, uint64_t hash)
{
	W->key[W->n] = (hash & ~IDX_MASK(W)) | W->n;
	W->moves[W->n] = moves;
	W->lens[W->n++] = (uint8_t)n;
	if (n == W->len)
		return;
	unsigned blank = (unsigned)(W->w * W->w);
	for (int k = 0; k < 4; k++) {
		if (n > 0 && (int)(moves & 3) == 3 - k)
			continue;
		unsigned q = (unsigned)((int)p + W->step[k]), t = W->grid[q];
		uint64_t h = hash ^ z(p, blank) ^ z(q, t) ^ z(p, t) ^ z(q, blank);
		W->grid[p] = (uint16_t)t, W->grid[q] = (uint16_t)blank;
		enumerate(W, n + 1, q, moves << 2 | (uint64_t)k, h);
		W->grid[q] = (uint16_t)t, W->grid[p] = (uint16_t)blank;
	}
}

/* Sorts W->key on its hash bits (least significant digit first, 11 bits a pass: the counts stay
 * in the first-level cache). The order of the indices inside a run does not matter. */
static void sort_keys(struct idafsm_walk *W)
{
	size_t count[1 << 11];
	for (int shift = W->idx_bits; shift < 64; shift += 11) {
		memset(count, 0, sizeof count);
		for (size_t i = 0; i < W->n; i++)
			count[W->key[i] >> shift & 0x7ff]++;
		for (size_t d = 0, sum = 0; d < 1 << 11; d++) {
			size_t c = count[d];
			count[d] = sum, sum += c;
		}
		for (size_t i = 0; i < W->n; i++)
			W->tmp[count[W->key[i] >> shift & 0x7ff]++] = W->key[i];
		uint64_t *t = W->key;
		W->key = W->tmp, W->tmp = t;
	}
}

/* Plays string i from the start; cells[] gets the distinct cells its blank visits, sorted; returns
 * how many. With tiles, tiles[j] gets the tile string i leaves at at[j] (j < nat). The grid is
 * left as it was. */
static int play(struct idafsm_walk *W, size_t i, uint16_t *cells, const uint16_t *at, int nat, uint16_t *tiles)
{
	unsigned p = W->start, blank = (unsigned)(W->w * W->w), path[IDAFSM_LEN + 1];
	int len = W->lens[i], nc = 0;
	path[0] = p;
	for (int m = len - 1; m >= 0; m--) {
		unsigned q = (unsigned)((int)p + W->step[W->moves[i] >> (2 * m) & 3]);
		W->grid[p] = W->grid[q], W->grid[q] = (uint16_t)blank;
		p = q;
		path[len - m] = p;
	}
	for (int j = 0; j < nat; j++)
		tiles[j] = W->grid[at[j]];
	for (int m = 0; m <= len; m++) { /* restore, and insert into the sorted distinct cells */
		uint16_t c = (uint16_t)path[m];
		W->grid[c] = c;
		int j = nc;
		while (j > 0 && cells[j - 1] > c)
			j--;
		if (j > 0 && cells[j - 1] == c)
			continue;
		memmove(&cells[j + 1], &cells[j], (size_t)(nc - j) * sizeof cells[0]);
		cells[j] = c;
		nc++;
	}
	W->grid[W->start] = (uint16_t)blank;
	return nc;
}

/* 1 when string b (before a in the order) can replace string a: b's cells are among a's, and b
 * leaves the same tile as a on every cell of a's (so on every cell). Exact, whatever the hash. */
static int replaces(struct idafsm_walk *W, size_t b, size_t a)
{
	uint16_t ca[IDAFSM_LEN + 1], cb[IDAFSM_LEN + 1], ta[IDAFSM_LEN + 1], tb[IDAFSM_LEN + 1];
	int na = play(W, a, ca, NULL, 0, NULL), nb = play(W, b, cb, NULL, 0, NULL), i = 0;
	for (int j = 0; j < na && i < nb; j++)
		if (ca[j] == cb[i])
			i++;
	if (i < nb)
		return 0;
	play(W, a, ca, ca, na, ta);
	play(W, b, cb, ca, na, tb);
	return memcmp(ta, tb, (size_t)na * sizeof ta[0]) == 0;
}

/* A string as one number: its length above its moves (2 bits a move, < 2^58), so that keys sort
 * in the order. */
static uint64_t key(int len, uint64_t moves)
{
	return (uint64_t)len << 58 | moves;
}

static int key_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Sorts the strings idx[0..n) into the order: shorter first, then by letters. */
static void order_strings(const struct idafsm_walk *W, size_t *idx, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		size_t v = idx[i], j = i;
		uint64_t kv = key(W->lens[v], W->moves[v]);
		for (; j > 0 && key(W->lens[idx[j - 1]], W->moves[idx[j - 1]]) > kv; j--)
			idx[j] = idx[j - 1];
		idx[j] = v;
	}
}

/* Appends k to the growing array *keys (n used, *cap allocated); 0 or -1. */
static int push_key(uint64_t **keys, size_t *n, size_t *cap, uint64_t k)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 1024;
		uint64_t *k2 = realloc(*keys, c * sizeof *k2);
		if (!k2)
			return -1;
		*keys = k2, *cap = c;
	}
	(*keys)[(*n)++] = k;
	return 0;
}

/* The skipped strings as sorted keys (len, moves) from the sorted enumeration; their number, or
 * -1. In a run of keys with the same hash bits, a string is skipped when an earlier one (in the
 * order) replaces it. */
static long skipped(struct idafsm_walk *W, uint64_t **out)
{
	size_t n = 0, cap = 0, *idx = NULL, idxcap = 0;
	uint64_t *keys = NULL;
	for (size_t lo = 0, hi; lo < W->n; lo = hi) {
		for (hi = lo + 1; hi < W->n && (W->key[hi] & ~IDX_MASK(W)) == (W->key[lo] & ~IDX_MASK(W)); hi++)
			;
		if (hi - lo < 2)
			continue;
		if (hi - lo > idxcap) {
			size_t *i2 = realloc(idx, (hi - lo) * sizeof *i2);
			if (!i2)
				goto fail;
			idx = i2, idxcap = hi - lo;
		}
		for (size_t i = lo; i < hi; i++)
			idx[i - lo] = (size_t)(W->key[i] & IDX_MASK(W));
		order_strings(W, idx, hi - lo);
		for (size_t i = 1; i < hi - lo; i++)
			for (size_t j = 0; j < i; j++)
				if (replaces(W, idx[j], idx[i])) {
					if (push_key(&keys, &n, &cap, key(W->lens[idx[i]], W->moves[idx[i]])))
						goto fail;
					break;
				}
	}
	free(idx);
	if (n > 0)
		qsort(keys, n, sizeof *keys, key_cmp);
	*out = keys;
	return (long)n;
fail:
	free(idx);
	free(keys);
	return -1;
}

/* 1 when a string of `len` moves holds a shorter skipped string. */
static int holds_skipped(const uint64_t *keys, size_t n, int len, uint64_t moves)
{
	for (int i = 0; i < len; i++)
		for (int j = i + 2; j <= len; j++) {
			if (i == 0 && j == len)
				continue;
			int m = j - i;
			uint64_t sub = moves >> (2 * (len - j)) & ((UINT64_C(1) << (2 * m)) - 1);
			uint64_t k = key(m, sub);
			if (bsearch(&k, keys, n, sizeof k, key_cmp))
				return 1;
		}
	return 0;
}

/* Moore's refinement: states with the same class and successors' classes stay together. */
struct sig {
	int32_t c[5];
	int32_t s;
};

static int sig_cmp(const void *a, const void *b)
{
	const struct sig *x = a, *y = b;
	for (int i = 0; i < 5; i++)
		if (x->c[i] != y->c[i])
			return x->c[i] < y->c[i] ? -1 : 1;
	return 0;
}

/* The smallest machine equal to go[0..n) (start 0, -1 dead), its states numbered breadth first
 * from the start, into *out. 0, or -1 when out of memory or too large. */
static int minimise(const int32_t (*go)[4], int n, struct idafsm *out)
{
	struct sig *sg = malloc((size_t)n * sizeof *sg);
	int32_t *cls = calloc((size_t)n, sizeof *cls), *num = malloc((size_t)n * sizeof *num);
	int32_t(*next)[4] = NULL;
	int classes = 1, rc = -1;
	if (!sg || !cls || !num)
		goto done;
	for (;;) {
		for (int s = 0; s < n; s++) {
			sg[s].c[0] = cls[s];
			for (int k = 0; k < 4; k++)
				sg[s].c[k + 1] = go[s][k] < 0 ? -1 : cls[go[s][k]];
			sg[s].s = s;
		}
		qsort(sg, (size_t)n, sizeof *sg, sig_cmp);
		int c = 0;
		for (int i = 0; i < n; i++) {
			if (i > 0 && sig_cmp(&sg[i - 1], &sg[i]) != 0)
				c++;
			cls[sg[i].s] = c;
		}
		if (c + 1 == classes)
			break;
		classes = c + 1;
	}
	if (classes > IDAFSM_MAX_STATES || !(next = malloc((size_t)classes * sizeof *next)))
		goto done;
	/* breadth first from the start's class: num[class] is its new number */
	for (int i = 0; i < classes; i++)
		num[i] = -1;
	int32_t *rep = (int32_t *)sg; /* a state of each class, in new-number order (sg is free now) */
	int count = 0;
	num[cls[0]] = count, rep[count++] = 0;
	for (int i = 0; i < count; i++)
		for (int k = 0; k < 4; k++) {
			int t = go[rep[i]][k];
			if (t >= 0 && num[cls[t]] < 0)
				num[cls[t]] = count, rep[count++] = t;
			next[i][k] = (int32_t)(t < 0 ? -1 : num[cls[t]]);
		}
	out->nstates = count;
	out->next = (const int32_t(*)[4])next;
	rc = 0;
done:
	free(sg);
	free(cls);
	free(num);
	return rc;
}

/* Aho-Corasick over the strings keys[0..n) that hold no shorter one, plus every move followed by
 * its undo: the machine's next[][] (see idafsm.h). */
static int automaton(const uint64_t *keys, size_t n, struct idafsm *out)
{
	size_t cap = 1 + 4 * 2 + n * IDAFSM_LEN;
	int32_t(*go)[4] = malloc(cap * sizeof *go);
	int32_t *fail = malloc(cap * sizeof *fail), *queue = malloc(cap * sizeof *queue);
	uint8_t *end = calloc(cap, 1);
	if (!go || !fail || !queue || !end)
		goto oom;
	int nodes = 1;
	memset(go[0], -1, sizeof go[0]);
	for (size_t s = 0; s < n + 4; s++) {
		int len = s < n ? (int)(keys[s] >> 58) : 2;
		uint64_t moves = s < n ? keys[s] & ((UINT64_C(1) << 58) - 1) : (uint64_t)((s - n) << 2 | (3 - (s - n)));
		if (s < n && holds_skipped(keys, n, len, moves))
			continue;
		int at = 0;
		for (int i = len - 1; i >= 0; i--) {
			int k = moves >> (2 * i) & 3;
			if (go[at][k] < 0) {
				memset(go[nodes], -1, sizeof go[nodes]);
				go[at][k] = nodes++;
			}
			at = go[at][k];
		}
		end[at] = 1;
	}
	int qh = 0, qt = 0;
	for (int k = 0; k < 4; k++) {
		if (go[0][k] < 0) {
			go[0][k] = 0;
		} else {
			fail[go[0][k]] = 0;
			queue[qt++] = go[0][k];
		}
	}
	while (qh < qt) { /* breadth first: a node's fail link is settled before its children's */
		int r = queue[qh++];
		end[r] |= end[fail[r]];
		for (int k = 0; k < 4; k++) {
			int s = go[r][k];
			if (s < 0) {
				go[r][k] = go[fail[r]][k];
			} else {
				fail[s] = go[fail[r]][k];
				queue[qt++] = s;
			}
		}
	}
	for (int s = 0; s < nodes; s++)
		for (int k = 0; k < 4; k++)
			if (end[go[s][k]])
				go[s][k] = -1;
	free(fail);
	free(queue);
	free(end);
	int rc = minimise((const int32_t(*)[4])go, nodes, out);
	free(go);
	return rc;
oom:
	free(go);
	free(fail);
	free(queue);
	free(end);
	return -1;
}

int idafsm_build(int len, struct idafsm *out)
{
	memset(out, 0, sizeof *out);
	if (len < 2 || len > IDAFSM_LEN)
		return -1;
	struct idafsm_walk W = { .len = len, .w = 2 * len + 3 };
	size_t count = 1, pow3 = 1;
	for (int i = 1; i <= len; i++, pow3 *= 3)
		count += 4 * pow3;
	while ((UINT64_C(1) << W.idx_bits) < count)
		W.idx_bits++;
	size_t cells = (size_t)W.w * (size_t)W.w;
	W.step[0] = W.w, W.step[1] = -1, W.step[2] = 1, W.step[3] = -W.w;
	W.start = (unsigned)((len + 1) * W.w + len + 1);
	W.grid = malloc(cells * sizeof *W.grid);
	W.key = malloc(count * sizeof *W.key);
	W.tmp = malloc(count * sizeof *W.tmp);
	W.moves = malloc(count * sizeof *W.moves);
	W.lens = malloc(count);
	uint64_t *keys = NULL, hash = 0;
	int rc = -1;
	if (!W.grid || !W.key || !W.tmp || !W.moves || !W.lens)
		goto done;
	for (size_t c = 0; c < cells; c++) {
		W.grid[c] = (uint16_t)c;
		hash ^= z((unsigned)c, (unsigned)c);
	}
	W.grid[W.start] = (uint16_t)cells;
	hash ^= z(W.start, W.start) ^ z(W.start, (unsigned)cells);
	enumerate(&W, 0, W.start, 0, hash);
	sort_keys(&W);
	long n = skipped(&W, &keys);
	if (n >= 0)
		rc = automaton(keys, (size_t)n, out);
done:
	free(keys);
	free(W.grid);
	free(W.key);
	free(W.tmp);
	free(W.moves);
	free(W.lens);
	return rc;
}

void idafsm_free(struct idafsm *f)
{
	free((void *)f->next);
	f->next = NULL;
	f->nstates = 0;
}
