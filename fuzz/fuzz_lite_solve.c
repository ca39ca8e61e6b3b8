/* fuzz_lite_solve: libFuzzer target for lite's solver on sets whose CRCs match but whose entries are arbitrary.
 *
 * A file with a wrong CRC never gets past slidetab_lite_pdb_open, so the target wraps the input
 * in a well-formed container: a 3x3 1-bit placement PDB of tiles 1..4 (3,024 entries, the small
 * header of docs/FORMAT.md with its CRCs) whose entry bits, radius and start are the input's.
 * Whatever the bits say, the solver must not crash, must end within its budget, and an answer it
 * gives must be a path that takes the start to the goal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lite/slidetab_lite_solve.h"

enum { ENTRIES = 3024, PAYLOAD = ENTRIES / 8, GOAL = 76 };

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
static size_t make_file(uint8_t *f, const uint8_t *bits, unsigned radius)
{
	static const uint8_t head[] = { 'S', 'L', 'I', 'D', 'E', 'T', 'A', 'B' };
	size_t end = GOAL + 9 + 4 * (radius + 1), hs = (end + 4 + 7) & ~(size_t)7;
	memset(f, 0, hs);
	memcpy(f, head, 8);
	put32(f + 8, 2);
	put32(f + 12, 0x01020304u);
	put32(f + 16, (uint32_t)hs);
	const uint8_t u8[8] = { 2, 3, 3, 9, 1, 2, 6, 1 }; /* kind, rows, cols, cells, bits, ranking, entry, payload */
	memcpy(f + 20, u8, 8);
	put32(f + 28, ENTRIES);
	put32(f + 32, 0x1e);
	put32(f + 36, 8192);
	put32(f + 40, PAYLOAD);
	memcpy(f + hs, bits, PAYLOAD);
	put32(f + 44, crc(f + hs, PAYLOAD));
	put32(f + 48, radius);
	for (int c = 0; c < 9; c++)
		f[GOAL + c] = (uint8_t)c;          /* blank first */
	put32(f + GOAL + 9 + 4 * radius, ENTRIES); /* the histogram: every placement at the radius */
	put32(f + hs - 4, crc(f, hs - 4));
	return hs + PAYLOAD;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t bits[PAYLOAD] = { 0 }, file[512 + PAYLOAD], s[9], g[9], t[9];
	if (size < 10)
		return 0;
	unsigned radius = data[0] % 40;
	for (int c = 0; c < 9; c++)
		s[c] = (uint8_t)c, g[c] = (uint8_t)c;
	for (int c = 8; c > 0; c--) { /* the start: a shuffle the input drives */
		int j = data[c] % (c + 1);
		uint8_t x = s[c];
		s[c] = s[j], s[j] = x;
	}
	memcpy(bits, data + 9, size - 9 < PAYLOAD ? size - 9 : PAYLOAD);
	size_t len = make_file(file, bits, radius);
	const void *files[1] = { file };
	struct slidetab_lite_pdb p;
	unsigned d = 0;
	char m[SLIDETAB_LITE_SOLVE_MAX_DEPTH + 1];
	if (slidetab_lite_pdb_open(&p, files, &len, 1) != SLIDETAB_LITE_OK)
		return 0;
	int rc = slidetab_lite_solve(&p, s, g, 5000, &d, m, sizeof m);
	if (rc < 0 || rc > SLIDETAB_LITE_EBUDGET || rc == SLIDETAB_LITE_ENOTABLE)
		abort();
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
