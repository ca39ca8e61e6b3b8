/* SPDX-License-Identifier: Zlib */
/* slidetab_lite: the freestanding reader (slidetab_lite.h): checks, ranking, symmetries and walks of its own. */
#include "slidetab_lite.h"

void *memset(void *s, int c, size_t n);

/* The header fields this reader uses (docs/FORMAT.md): byte offsets, little-endian. L_: the full
 * header (version 1, 4096 bytes, then the block index); S_: the small header (version 2, at most
 * 256 bytes, of a table of one block). */
enum {
	L_HEADER = 4096,
	L_VERSION = 8,
	L_BOM = 12,
	L_HSIZE = 16,
	L_KIND = 20,
	L_ROWS = 24,
	L_COLS = 25,
	L_CELLS = 26,
	L_BITS = 27,
	L_RANKING = 28,
	L_ENTRY = 32,
	L_PAYLOAD = 36,
	L_ENTRIES = 40,
	L_RADIUS = 48,
	L_PATTERN = 52,
	L_GOAL = 56,
	L_HISTLEN = 120,
	L_BLOCKENT = 124,
	L_BLOCKS = 128,
	L_INDEXOFF = 136,
	L_INDEXSIZE = 144,
	L_PAYOFF = 152,
	L_PAYSIZE = 160,
	L_INDEXCRC = 168,
	L_HIST = 176,
	L_CRC = 4092,
	L_HIST_MAX = 256,
	L_INDEX_ENTRY = 16,
	S_MAX = 256,
	S_KIND = 20, /* u8: kind, rows, cols, cells, bits, ranking, entry, payload */
	S_ENTRIES = 28,
	S_PATTERN = 32,
	S_BLOCKENT = 36,
	S_PAYSIZE = 40,
	S_PAYCRC = 44,
	S_RADIUS = 48,
	S_GOAL = 76 /* then the histogram, u32 counts */
};
enum { ENC_PLAIN = 1, ENC_HALF = 2, ENC_MDRES = 3, ENC_MOD4 = 4 };
#define L_BAD 0xffffffffu /* a size no valid field has */

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A u64 field: its value when it fits 32 bits, else L_BAD. */
static uint32_t get64(const uint8_t *p)
{
	return get32(p + 4) ? L_BAD : get32(p);
}

/* zlib's CRC-32, four bits at a time (64 bytes of table in flash). */
static uint32_t crc32(const uint8_t *p, uint32_t len)
{
	static const uint32_t nib[16] = { 0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4,
					  0x4db26158, 0x5005713c, 0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
					  0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c };
	uint32_t c = 0xffffffffu;
	while (len--) {
		c ^= *p++;
		c = c >> 4 ^ nib[c & 15];
		c = c >> 4 ^ nib[c & 15];
	}
	return ~c;
}

/* 1 when p[0..n) holds 0..n-1 once each. */
int slidetab_lite_is_perm(const uint8_t *p, int n)
{
	uint32_t seen = 0;
	for (int c = 0; c < n; c++) {
		if (p[c] >= n || (seen >> p[c] & 1))
			return 0;
		seen |= 1u << p[c];
	}
	return 1;
}

/* Reads the header of either version; its CRC must match. */
static int read_header(const uint8_t *h, size_t len, struct slidetab_lite_hdr *x)
{
	static const uint8_t magic[8] = { 'S', 'L', 'I', 'D', 'E', 'T', 'A', 'B' };
	uint32_t version = get32(h + L_VERSION), size = get32(h + L_HSIZE);
	for (int i = 0; i < 8; i++)
		if (h[i] != magic[i])
			return SLIDETAB_LITE_EFORMAT;
	if (get32(h + L_BOM) != 0x01020304u || size > len || !(version == 1 ? size == L_HEADER : version == 2) ||
	    (version == 2 && (size > S_MAX || (size & 7) || size < S_GOAL + 4)) ||
	    get32(h + size - 4) != crc32(h, size - 4))
		return SLIDETAB_LITE_EFORMAT;
	x->size = size;
	if (version == 1) {
		x->kind = get32(h + L_KIND), x->ranking = get32(h + L_RANKING), x->payload = get32(h + L_PAYLOAD);
		x->enc = get32(h + L_ENTRY), x->rows = h[L_ROWS], x->cols = h[L_COLS], x->n = h[L_CELLS];
		x->bits = h[L_BITS], x->pattern = get32(h + L_PATTERN), x->radius = get32(h + L_RADIUS);
		x->entries = get64(h + L_ENTRIES), x->per = get32(h + L_BLOCKENT);
		x->goal = h + L_GOAL, x->hist = h + L_HIST, x->hstep = 8;
		return x->radius < L_HIST_MAX && get32(h + L_HISTLEN) == x->radius + 1 ? SLIDETAB_LITE_OK
										       : SLIDETAB_LITE_EFORMAT;
	}
	const uint8_t *u = h + S_KIND; /* kind, rows, cols, cells, bits, ranking, entry, payload */
	x->kind = u[0], x->rows = u[1], x->cols = u[2], x->n = u[3], x->bits = u[4], x->ranking = u[5];
	x->enc = u[6], x->payload = u[7], x->pattern = get32(h + S_PATTERN), x->radius = get32(h + S_RADIUS);
	x->entries = get32(h + S_ENTRIES), x->per = get32(h + S_BLOCKENT);
	x->goal = h + S_GOAL, x->hist = h + S_GOAL + x->n, x->hstep = 4;
	uint32_t end = S_GOAL + (uint32_t)x->n + 4 * (x->radius + 1);
	if (x->radius >= L_HIST_MAX || ((end + 4 + 7) & ~7u) != size)
		return SLIDETAB_LITE_EFORMAT;
	for (uint32_t i = end; i < size - 4; i++) /* the small header's zeros */
		if (h[i])
			return SLIDETAB_LITE_EFORMAT;
	return SLIDETAB_LITE_OK;
}

/* The histogram: radius + 1 counts summing to `states`, the last one not zero. */
static int check_hist(const struct slidetab_lite_hdr *x, uint32_t states)
{
	uint32_t sum = 0, k = 0;
	for (uint32_t d = 0; d <= x->radius; d++) {
		const uint8_t *c = x->hist + x->hstep * d;
		k = x->hstep == 8 ? get64(c) : get32(c);
		if (k > states || sum + k > states)
			return SLIDETAB_LITE_EFORMAT;
		sum += k;
	}
	return sum == states && k != 0 ? SLIDETAB_LITE_OK : SLIDETAB_LITE_EFORMAT;
}

/* The header's own fields: what they describe and that they agree (no size used yet). */
static int check_meta(const struct slidetab_lite_hdr *x)
{
	int n = x->n;
	uint32_t states = 1;
	if (x->kind != 1 || x->ranking != 1 || x->payload != 1 || x->pattern != 0 || x->rows < 2 || x->cols < 2 ||
	    n != x->rows * x->cols || n > SLIDETAB_LITE_MAX_CELLS || x->bits < 1 || x->bits > 8 || x->enc < ENC_PLAIN ||
	    x->enc > ENC_MOD4 || !slidetab_lite_is_perm(x->goal, n))
		return SLIDETAB_LITE_EFORMAT;
	for (uint32_t i = 3; i <= (uint32_t)n; i++)
		states *= i;
	return x->entries == states ? check_hist(x, states) : SLIDETAB_LITE_EFORMAT;
}

/* The sizes against len, the index and every block (offset, size, CRC): they tile the payload. */
static int check_layout(const uint8_t *h, size_t len, struct slidetab_lite_hdr *x)
{
	uint32_t bits = (uint32_t)x->bits, per = x->per, entries = x->entries;
	uint32_t packed = (entries * bits + 7) >> 3, start = 0, off = 0;
	if (per == 0 || (per & 63) || per > (1u << 26))
		return SLIDETAB_LITE_EFORMAT;
	x->payload_at = h + (x->size == L_HEADER ? get32(h + L_PAYOFF) : x->size);
	if (x->size != L_HEADER) /* small: one block right after the header */
		return per >= entries && get32(h + S_PAYSIZE) == packed && len - x->size == packed &&
				       get32(h + S_PAYCRC) == crc32(h + x->size, packed)
			       ? SLIDETAB_LITE_OK
			       : SLIDETAB_LITE_EFORMAT;
	uint32_t blocks = get64(h + L_BLOCKS), isize = get64(h + L_INDEXSIZE), poff = get64(h + L_PAYOFF);
	uint32_t psize = get64(h + L_PAYSIZE);
	if (blocks == 0 || blocks > entries || get64(h + L_INDEXOFF) != L_HEADER || isize != blocks * L_INDEX_ENTRY ||
	    poff == L_BAD || poff < L_HEADER + isize || poff > len || psize != len - poff || psize != packed)
		return SLIDETAB_LITE_EFORMAT;
	const uint8_t *index = h + L_HEADER;
	if (get32(h + L_INDEXCRC) != crc32(index, isize))
		return SLIDETAB_LITE_EFORMAT;
	for (uint32_t i = L_HEADER + isize; i < poff; i++) /* the padding no CRC covers: zeros */
		if (h[i])
			return SLIDETAB_LITE_EFORMAT;
	for (uint32_t b = 0; b < blocks; b++, start += per) {
		const uint8_t *e = index + b * L_INDEX_ENTRY;
		uint32_t size = start < entries ? (per * bits) >> 3 : 0;
		if (size > packed - off)
			size = packed - off;
		if (size == 0 || get64(e) != off || get32(e + 8) != size)
			return SLIDETAB_LITE_EFORMAT;
		if (get32(e + 12) != crc32(h + poff + off, size))
			return SLIDETAB_LITE_EFORMAT;
		off += size;
	}
	return off == packed && start >= entries ? SLIDETAB_LITE_OK : SLIDETAB_LITE_EFORMAT;
}

int slidetab_lite_open(struct slidetab_lite *t, const void *bytes, size_t len)
{
	const uint8_t *h = bytes;
	struct slidetab_lite_hdr x;
	if (!t)
		return SLIDETAB_LITE_EINVAL;
	memset(t, 0, sizeof *t);
	if (!h)
		return SLIDETAB_LITE_EINVAL;
	int rc = len < S_GOAL + 4 || (len >> 16 >> 16) != 0 ? SLIDETAB_LITE_EFORMAT : read_header(h, len, &x);
	if (rc == SLIDETAB_LITE_OK)
		rc = check_meta(&x);
	if (rc == SLIDETAB_LITE_OK)
		rc = check_layout(h, len, &x);
	if (rc != SLIDETAB_LITE_OK)
		return rc;
	t->rows = (uint8_t)x.rows, t->cols = (uint8_t)x.cols, t->n = (uint8_t)x.n, t->bits = (uint8_t)x.bits;
	t->enc = (uint8_t)x.enc, t->radius = x.radius;
	t->entries = x.payload_at;
	for (int r = 0, c = 0; r < t->rows; r++)
		for (int k = 0; k < t->cols; k++, c++)
			t->row[c] = (uint8_t)r, t->col[c] = (uint8_t)k;
	for (int c = 0; c < t->n; c++) {
		t->goal[c] = x.goal[c];
		t->goal_cell[t->goal[c]] = (uint8_t)c;
	}
	int m = t->n - 1;
	t->w[m - 3] = 1; /* w[i] = (m-1-i)!/2, m >= 3 */
	for (int i = m - 4; i >= 0; i--)
		t->w[i] = t->w[i + 1] * (uint32_t)(m - 1 - i);
	return SLIDETAB_LITE_OK;
}

int slidetab_lite_container(const void *bytes, size_t len, struct slidetab_lite_hdr *x)
{
	const uint8_t *h = bytes;
	int rc = len < S_GOAL + 4 || (len >> 16 >> 16) != 0 ? SLIDETAB_LITE_EFORMAT : read_header(h, len, x);
	if (rc == SLIDETAB_LITE_OK && (x->bits < 1 || x->bits > 8 || x->entries > L_BAD / 8))
		rc = SLIDETAB_LITE_EFORMAT; /* the packed size below fits 32 bits */
	if (rc == SLIDETAB_LITE_OK)
		rc = check_hist(x, x->entries);
	return rc == SLIDETAB_LITE_OK ? check_layout(h, len, x) : rc;
}

int slidetab_lite_board(const struct slidetab_lite *t, int *rows, int *cols)
{
	if (!t || !rows || !cols || t->n == 0)
		return SLIDETAB_LITE_EINVAL;
	*rows = t->rows, *cols = t->cols;
	return SLIDETAB_LITE_OK;
}

static unsigned taxicab(const struct slidetab_lite *t, int a, int b)
{
	int dr = t->row[a] - t->row[b], dc = t->col[a] - t->col[b];
	return (unsigned)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
}

/* The stored value of a state in the table's frame: d (plain, half, mdres) or d mod 4 (compact). */
static unsigned value(const struct slidetab_lite *t, const uint8_t *s)
{
	uint8_t seq[SLIDETAB_LITE_MAX_CELLS];
	int m = 0, blank = 0;
	unsigned md = 0;
	for (int c = 0; c < t->n; c++) {
		if (s[c])
			seq[m++] = s[c], md += taxicab(t, c, t->goal_cell[s[c]]);
		else
			blank = c;
	}
	uint32_t rank = 0; /* the half rank of seq: its first m-2 Lehmer digits (docs/FORMAT.md) */
	for (int i = 0; i < m - 2; i++) {
		uint32_t d = 0;
		for (int j = i + 1; j < m; j++)
			d += seq[j] < seq[i];
		rank += d * t->w[i];
	}
	uint32_t bit = (rank * t->n + (uint32_t)blank) * t->bits;
	const uint8_t *p = t->entries + (bit >> 3);
	unsigned sh = bit & 7, e = (unsigned)p[0] >> sh;
	if (sh + t->bits > 8)
		e |= (unsigned)p[1] << (8 - sh);
	e &= (1u << t->bits) - 1;
	if (t->enc == ENC_PLAIN)
		return e;
	return 2 * e + (t->enc == ENC_MDRES ? md : taxicab(t, blank, t->goal_cell[0]) & 1);
}

/* A user's goal carried onto the table's: a board symmetry that takes its blank onto the table
 * goal's blank, then the tiles renamed so that the goals are equal. */
struct lite_frame {
	uint8_t cell[SLIDETAB_LITE_MAX_CELLS], rename[SLIDETAB_LITE_MAX_CELLS];
};

static int frame_find(const struct slidetab_lite *t, const uint8_t *g, struct lite_frame *f)
{
	int R = t->rows, C = t->cols, gb = 0;
	for (int c = 0; c < t->n; c++)
		if (g[c] == 0)
			gb = c;
	for (int s = 0; s < (R == C ? 8 : 4); s++) { /* bit 0 flips the rows, bit 1 the columns, bit 2 transposes */
		for (int c = 0; c < t->n; c++) {
			int r = s & 1 ? R - 1 - t->row[c] : t->row[c], k = s & 2 ? C - 1 - t->col[c] : t->col[c];
			f->cell[c] = (uint8_t)(s & 4 ? k * C + r : r * C + k);
		}
		if (f->cell[gb] != t->goal_cell[0])
			continue;
		for (int c = 0; c < t->n; c++)
			f->rename[g[c]] = t->goal[f->cell[c]];
		return 0;
	}
	return -1;
}

static unsigned value_of(const struct slidetab_lite *t, const struct lite_frame *f, const uint8_t *us)
{
	uint8_t ts[SLIDETAB_LITE_MAX_CELLS] = { 0 };
	for (int c = 0; c < t->n; c++)
		ts[f->cell[c]] = f->rename[us[c]];
	return value(t, ts);
}

/* Parity of the arrangement read as a permutation, and the blank's cell. */
static unsigned parity(const struct slidetab_lite *t, const uint8_t *s, int *blank)
{
	unsigned inv = 0;
	for (int i = 0; i < t->n; i++) {
		if (s[i] == 0)
			*blank = i;
		for (int j = i + 1; j < t->n; j++)
			inv += s[j] < s[i];
	}
	return inv & 1;
}

/* Checks start and goal (the default goal when NULL), their parities and the goal's class. */
static int prepare(const struct slidetab_lite *t, const unsigned char *start, const unsigned char *goal, uint8_t *s,
		   uint8_t *g, struct lite_frame *f)
{
	if (!t || t->n == 0 || !start)
		return SLIDETAB_LITE_EINVAL;
	for (int c = 0; c < t->n; c++)
		s[c] = start[c], g[c] = goal ? goal[c] : (uint8_t)(c + 1 < t->n ? c + 1 : 0);
	if (!slidetab_lite_is_perm(s, t->n) || !slidetab_lite_is_perm(g, t->n))
		return SLIDETAB_LITE_EINVAL;
	int sb = 0, gb = 0;
	if ((parity(t, s, &sb) ^ parity(t, g, &gb)) != (taxicab(t, sb, gb) & 1))
		return SLIDETAB_LITE_UNSOLVABLE;
	return frame_find(t, g, f) == 0 ? SLIDETAB_LITE_OK : SLIDETAB_LITE_ENOTABLE;
}

/* From s to the goal g, one move closer each step, the first of d, l, r, u that is: the moves go
 * into moves[0 .. cap-1) while they fit (moves may be NULL), their count into *steps. */
static int walk(const struct slidetab_lite *t, const struct lite_frame *f, uint8_t *s, const uint8_t *g, char *moves,
		size_t cap, unsigned *steps)
{
	static const char letter[4] = { 'd', 'l', 'r', 'u' };
	int mod4 = t->enc == ENC_MOD4, b = 0;
	unsigned v = value_of(t, f, s);
	for (int c = 0; c < t->n; c++)
		if (s[c] == 0)
			b = c;
	for (*steps = 0;; ++*steps) {
		int at_goal = 1;
		for (int c = 0; c < t->n && at_goal; c++)
			at_goal = s[c] == g[c];
		if (mod4 ? at_goal : v == 0)
			return SLIDETAB_LITE_OK;
		if (*steps == t->radius)
			return SLIDETAB_LITE_EFORMAT; /* farther than the table's radius: inconsistent */
		unsigned want = mod4 ? (v + 3) & 3 : v - 1;
		int d = 0;
		for (; d < 4; d++) {
			int r = t->row[b], k = t->col[b];
			int to = d == 0   ? (r + 1 < t->rows ? b + t->cols : -1)
				 : d == 1 ? (k > 0 ? b - 1 : -1)
				 : d == 2 ? (k + 1 < t->cols ? b + 1 : -1)
					  : (r > 0 ? b - t->cols : -1);
			if (to < 0)
				continue;
			s[b] = s[to], s[to] = 0;
			unsigned nv = value_of(t, f, s);
			if (nv == want) {
				b = to, v = nv;
				break;
			}
			s[to] = s[b], s[b] = 0;
		}
		if (d == 4)
			return SLIDETAB_LITE_EFORMAT; /* no neighbour one move closer */
		if (moves && *steps + 1 < cap)
			moves[*steps] = letter[d];
	}
}

int slidetab_lite_distance(const struct slidetab_lite *t, const unsigned char *start, const unsigned char *goal,
			   unsigned *dist)
{
	uint8_t s[SLIDETAB_LITE_MAX_CELLS], g[SLIDETAB_LITE_MAX_CELLS];
	struct lite_frame f;
	if (!dist)
		return SLIDETAB_LITE_EINVAL;
	int rc = prepare(t, start, goal, s, g, &f);
	if (rc != SLIDETAB_LITE_OK)
		return rc;
	if (t->enc != ENC_MOD4) {
		*dist = value_of(t, &f, s);
		return SLIDETAB_LITE_OK;
	}
	return walk(t, &f, s, g, NULL, 0, dist);
}

int slidetab_lite_path(const struct slidetab_lite *t, const unsigned char *start, const unsigned char *goal,
		       char *moves, size_t cap)
{
	uint8_t s[SLIDETAB_LITE_MAX_CELLS], g[SLIDETAB_LITE_MAX_CELLS];
	struct lite_frame f;
	unsigned steps;
	if (!moves || cap == 0)
		return SLIDETAB_LITE_EINVAL;
	moves[0] = '\0';
	int rc = prepare(t, start, goal, s, g, &f);
	if (rc != SLIDETAB_LITE_OK)
		return rc;
	if (t->enc != ENC_MOD4 && value_of(t, &f, s) >= cap)
		return SLIDETAB_LITE_EINVAL;
	if ((rc = walk(t, &f, s, g, moves, cap, &steps)) != SLIDETAB_LITE_OK) {
		moves[0] = '\0';
		return rc;
	}
	if (steps >= cap) {
		moves[0] = '\0';
		return SLIDETAB_LITE_EINVAL;
	}
	moves[steps] = '\0';
	return SLIDETAB_LITE_OK;
}
