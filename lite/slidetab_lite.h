/* SPDX-License-Identifier: Zlib */
/* slidetab_lite: a freestanding reader of raw and compact exact tables held in memory or flash.
 *
 * C99, no heap, no OS, no zlib, no threads, no libc beyond memcpy, memset and memcmp, and only the
 * freestanding headers: for microcontrollers (it compiles to under 4 KB of Cortex-M0 code) and
 * wasm32. It answers from one exact table of docs/FORMAT.md with a raw payload (any entry
 * encoding: plain, half, mdres or compact) of a board of at most SLIDETAB_LITE_MAX_CELLS cells,
 * used in place (the bytes must stay valid and unchanged while the handle is used). Boards and
 * goals as in slidetab.h: tiles row by row, 0 the blank, goal NULL = tiles in order with the blank
 * last; any goal whose blank is in the class of the table's goal blank under the board's
 * symmetries. Statuses are slidetab.h's numbers. */
#ifndef SLIDETAB_LITE_H
#define SLIDETAB_LITE_H

#include <stddef.h>
#include <stdint.h>

#define SLIDETAB_LITE_MAX_CELLS 12 /* n!/2 states and their entry bits fit in 32 bits (3x4, 2x6) */

/* The reader's statuses: the numbers of the library's statuses of the same meaning (slidetab.h's
 * SLIDETAB_OK .. SLIDETAB_EFORMAT); the solver adds its own (slidetab_lite_solve.h). */
enum slidetab_lite_status {
	SLIDETAB_LITE_OK = 0,
	SLIDETAB_LITE_UNSOLVABLE = 1, /* the start cannot reach the goal */
	SLIDETAB_LITE_EINVAL = 2,     /* a bad argument: NULL, tiles not 0..n-1 once each, cap too small */
	SLIDETAB_LITE_ENOTABLE = 3,   /* the goal's blank is in another class than the table's */
	SLIDETAB_LITE_EFORMAT = 4     /* the table is damaged, foreign, zlib-compressed or too large */
};

/* An open table: fixed size, no pointer but to the caller's bytes. Every field is private. */
struct slidetab_lite {
	const uint8_t *entries; /* the packed entries (the raw payload) */
	uint32_t radius;
	uint8_t rows, cols, n, bits, enc;
	uint8_t goal[SLIDETAB_LITE_MAX_CELLS];      /* the table's goal */
	uint8_t goal_cell[SLIDETAB_LITE_MAX_CELLS]; /* where each tile is in it */
	uint8_t row[SLIDETAB_LITE_MAX_CELLS], col[SLIDETAB_LITE_MAX_CELLS];
	uint32_t w[SLIDETAB_LITE_MAX_CELLS]; /* rank weights: (m-1-i)!/2 */
};

/* Checks the table completely (magic, version, byte-order mark, sizes, the header, index and
 * every block CRC) and opens it: SLIDETAB_LITE_EFORMAT for anything else. */
int slidetab_lite_open(struct slidetab_lite *t, const void *bytes, size_t len);

/* The table's board. */
int slidetab_lite_board(const struct slidetab_lite *t, int *rows, int *cols);

/* The minimum number of moves from start to goal (n tiles each; goal NULL: the default goal). */
int slidetab_lite_distance(const struct slidetab_lite *t, const unsigned char *start, const unsigned char *goal,
			   unsigned *dist);

/* The lexicographically smallest optimal move string (the blank's moves, "dlru"), NUL-terminated,
 * into moves[cap]; a cap of at most the distance is SLIDETAB_LITE_EINVAL, nothing written past it. */
int slidetab_lite_path(const struct slidetab_lite *t, const unsigned char *start, const unsigned char *goal,
		       char *moves, size_t cap);

/* Shared with lite's other files (slidetab_lite_solve.c), not for applications: a table's header
 * as read by slidetab_lite_container, and a check of a permutation. */
struct slidetab_lite_hdr {
	uint32_t size, kind, ranking, payload, pattern, enc, radius, entries, per;
	int rows, cols, n, bits;
	const uint8_t *goal, *hist; /* hist: radius + 1 counts, hstep bytes each (u64 or u32) */
	unsigned hstep;
	const uint8_t *payload_at; /* the packed entries */
};

/* Checks a table's container whatever it describes (magic, version, byte-order mark, the header
 * CRC, a histogram summing to its entries, the sizes, the index and every block CRC) and reads its
 * header into *x: SLIDETAB_LITE_OK or SLIDETAB_LITE_EFORMAT. The fields are the caller's to check. */
int slidetab_lite_container(const void *bytes, size_t len, struct slidetab_lite_hdr *x);

/* 1 when p[0..n) holds 0..n-1 once each. */
int slidetab_lite_is_perm(const uint8_t *p, int n);

#endif
