/* SPDX-License-Identifier: Zlib */
/* fuzz_buffer: libFuzzer target for slidetab_open_buffer (include/slidetab.h) on arbitrary bytes.
 *
 * The input is the table. When it opens, the table's board is not known to the caller, so every
 * board the exact tables cover is asked a few puzzles (start and goal shuffled by the input's
 * last bytes); distance and path must agree. A refusal must leave no handle and say why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slidetab.h"

static void shuffle(unsigned char *t, int n, uint32_t *seed)
{
	for (int i = 0; i < n; i++)
		t[i] = (unsigned char)i;
	for (int i = n - 1; i > 0; i--) {
		*seed = *seed * 1103515245u + 12345u;
		int j = (int)((*seed >> 8) % (uint32_t)(i + 1));
		unsigned char x = t[i];
		t[i] = t[j], t[j] = x;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int boards[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 }, { 2, 5 },
					 { 5, 2 }, { 3, 4 }, { 4, 3 }, { 2, 6 }, { 6, 2 }, { 4, 4 } };
	slidetab *db = NULL;
	struct slidetab_error err;
	if (slidetab_open_buffer(&db, data, size, &err) != SLIDETAB_OK) {
		if (db || !err.msg[0] || err.status == SLIDETAB_OK)
			abort();
		return 0;
	}
	uint32_t seed = size >= 4 ? (uint32_t)data[size - 1] << 24 | (uint32_t)data[size - 2] << 16 |
					    (uint32_t)data[size - 3] << 8 | data[size - 4]
				  : 1;
	for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
		int r = boards[k][0], c = boards[k][1];
		for (int q = 0; q < 3; q++) {
			unsigned char s[16], g[16];
			char moves[128];
			unsigned d;
			shuffle(s, r * c, &seed);
			shuffle(g, r * c, &seed);
			int rc = slidetab_distance(db, r, c, s, q ? g : NULL, &d, &err);
			int rp = slidetab_path(db, r, c, s, q ? g : NULL, moves, sizeof moves, NULL);
			if (rc != rp && rp != SLIDETAB_EINVAL) /* EINVAL: a path longer than moves[] */
				abort();
			if (rc == SLIDETAB_OK && rp == SLIDETAB_OK && strlen(moves) != d)
				abort();
		}
	}
	slidetab_close(db);
	return 0;
}
