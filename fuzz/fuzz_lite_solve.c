/* SPDX-License-Identifier: Zlib */
/* fuzz_lite_solve: libFuzzer target for lite's solver on pbit and zbit sets whose CRCs match but whose entries are arbitrary.
 *
 * A file with a wrong CRC never gets past slidetab_lite_pdb_open, so the target wraps the input
 * in a well-formed container: a 3x3 1-bit PDB of tiles 1..4 (the small header of docs/FORMAT.md
 * with its CRCs), placement (pbit: 3,024 entries) or, when the first byte's top bit is set,
 * zero-aware (zbit: 4! x 230 regions of the 126 maps = 5,520 entries), whose entry bits, radius
 * and start are the input's. Whatever the bits say, the solver must not crash, must generate at
 * most its budget of nodes (and, when it answers, answer the same with exactly the nodes it
 * reports and run out with one less), and an answer it gives must be a path that takes the start
 * to the goal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lite/slidetab_lite_solve.h"

enum { PBIT_ENTRIES = 3024, ZBIT_ENTRIES = 5520, PAYLOAD = ZBIT_ENTRIES / 8, GOAL = 76, BUDGET = 5000 };

static uint32_t crc(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = c >> 1 ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

/* The file: header (size hs), then the payload; returns its length. */
static size_t make_file(uint8_t *f, const uint8_t *bits, unsigned radius, int zbit)
{
	uint32_t entries = zbit ? ZBIT_ENTRIES : PBIT_ENTRIES, bytes = entries / 8;
	static const uint8_t head[] = { 'S', 'L', 'I', 'D', 'E', 'T', 'A', 'B' };
	size_t end = GOAL + 9 + 4 * (radius + 1), hs = (end + 4 + 7) & ~(size_t)7;
	memset(f, 0, hs);
	memcpy(f, head, 8);
	put32(f + 8, 2);
	put32(f + 12, 0x01020304u);
	put32(f + 16, (uint32_t)hs);
	/* kind, rows, cols, cells, bits, ranking (placement 2, zero-aware 4), entry (pbit 6, zbit 5), payload */
	const uint8_t u8[8] = { 2, 3, 3, 9, 1, zbit ? 4 : 2, zbit ? 5 : 6, 1 };
	memcpy(f + 20, u8, 8);
	put32(f + 28, entries);
	put32(f + 32, 0x1e);
	put32(f + 36, 8192);
	put32(f + 40, bytes);
	memcpy(f + hs, bits, bytes);
	put32(f + 44, crc(f + hs, bytes));
	put32(f + 48, radius);
	for (int c = 0; c < 9; c++)
		f[GOAL + c] = (uint8_t)c;          /* blank first */
	put32(f + GOAL + 9 + 4 * radius, entries); /* the histogram: every entry at the radius */
	put32(f + hs - 4, crc(f, hs - 4));
	return hs + bytes;
}

/* The budget holds: at most BUDGET nodes whatever the status; an answer comes again with exactly
 * the nodes it reports, the same answer, and not with one node less. */
static void budget_holds(const struct slidetab_lite_pdb *p, const uint8_t *s, const uint8_t *g, int rc,
			 unsigned long nodes, unsigned d, const char *m)
{
	unsigned d2 = 0;
	unsigned long again = 0;
	char m2[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1];
	if (rc == SLIDETAB_LITE_UNSOLVABLE)
		return;
	if (nodes > BUDGET)
		abort();
	if (rc != SLIDETAB_LITE_OK)
		return;
	if (slidetab_lite_solve_nodes(p, s, g, nodes ? nodes : BUDGET, &d2, m2, sizeof m2, &again) !=
		    SLIDETAB_LITE_OK ||
	    again != nodes || d2 != d || strcmp(m2, m) != 0)
		abort();
	if (nodes > 1 &&
	    slidetab_lite_solve_nodes(p, s, g, nodes - 1, &d2, m2, sizeof m2, &again) != SLIDETAB_LITE_EBUDGET)
		abort();
	if (nodes > 1 && again > nodes - 1)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t bits[PAYLOAD] = { 0 }, file[512 + PAYLOAD], s[9], g[9], t[9];
	if (size < 10)
		return 0;
	unsigned radius = (data[0] & 0x7f) % 40;
	int zbit = data[0] >> 7;
	for (int c = 0; c < 9; c++)
		s[c] = (uint8_t)c, g[c] = (uint8_t)c;
	for (int c = 8; c > 0; c--) { /* the start: a shuffle the input drives */
		int j = data[c] % (c + 1);
		uint8_t x = s[c];
		s[c] = s[j], s[j] = x;
	}
	memcpy(bits, data + 9, size - 9 < PAYLOAD ? size - 9 : PAYLOAD);
	size_t len = make_file(file, bits, radius, zbit);
	const void *files[1] = { file };
	static struct slidetab_lite_pdb p; /* about 17 KB */
	unsigned d = 0;
	unsigned long nodes = 0;
	char m[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1];
	if (slidetab_lite_pdb_open(&p, files, &len, 1) != SLIDETAB_LITE_OK)
		abort(); /* a well-formed container of either kind opens */
	int rc = slidetab_lite_solve_nodes(&p, s, g, BUDGET, &d, m, sizeof m, &nodes);
	if (rc != SLIDETAB_LITE_OK && rc != SLIDETAB_LITE_UNSOLVABLE && rc != SLIDETAB_LITE_EINVAL &&
	    rc != SLIDETAB_LITE_EFORMAT && rc != SLIDETAB_LITE_EBUDGET)
		abort(); /* no other status: the goal's class is the set's, and no maxlen bounds the search */
	budget_holds(&p, s, g, rc, nodes, d, m);
	if (rc != SLIDETAB_LITE_OK)
		return 0;
	memcpy(t, s, 9); /* the answer replays: d moves of the blank from s to g */
	int b = 0;
	while (t[b])
		b++;
	for (unsigned i = 0; i < d; i++) {
		int r = b / 3, c = b % 3,
		    to = m[i] == 'd'   ? (r < 2 ? b + 3 : -1)
			 : m[i] == 'u' ? (r > 0 ? b - 3 : -1)
			 : m[i] == 'l' ? (c > 0 ? b - 1 : -1)
			 : m[i] == 'r' ? (c < 2 ? b + 1 : -1)
				       : -1;
		if (to < 0)
			abort();
		t[b] = t[to], t[to] = 0, b = to;
	}
	if (m[d] != '\0' || memcmp(t, g, 9) != 0)
		abort();
	return 0;
}
