/* SPDX-License-Identifier: Zlib */
/* slidetab_lite_solve: a freestanding optimal solver (IDA*) over 1-bit pattern databases in memory or flash.
 *
 * C99, no heap, no OS, no libc beyond memcpy, memset and memcmp, only the freestanding headers, no
 * recursion (an explicit stack inside the call: at most SLIDETAB_LITE_SOLVE_STACK bytes, measured
 * with -fstack-usage by make check-lite), as the reader slidetab_lite.h. It opens a set of 1-bit
 * pattern databases as gen writes them (docs/FORMAT.md): zero-aware ("zbit", entry 5: one bit a
 * placement and region of the blank) or placement ("pbit", entry 6: one bit a placement), used in
 * place (the bytes must stay valid and unchanged while the handle is used), every CRC checked at
 * open, and answers the length and the lexicographically smallest optimal path (the blank's
 * moves, d < l < r < u) of a board of at most SLIDETAB_LITE_PDB_MAX_CELLS cells for any goal whose
 * blank a board symmetry takes onto the set's goal blank (tiles renamed), as the reader does.
 * Boards and goals as in slidetab.h: tiles row by row, 0 the blank. */
#ifndef SLIDETAB_LITE_SOLVE_H
#define SLIDETAB_LITE_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "slidetab_lite.h"

#define SLIDETAB_LITE_PDB_MAX_CELLS    16   /* 4x4 */
#define SLIDETAB_LITE_PDB_MAX_PATTERNS 8    /* files a set */
#define SLIDETAB_LITE_PDB_MAX_TILES    8    /* a pattern's: 16!/8! placements fit 32 bits */
#define SLIDETAB_LITE_SOLVE_MAX_DEPTH  128  /* the longest answer (4x4: 80); longer: EINVAL */
#define SLIDETAB_LITE_SOLVE_STACK      4096 /* bytes of stack a call takes at most (make check-lite) */
/* The zero-aware patterns' maps (sets of cells their tiles hold) the handle numbers at most, over
 * the distinct pattern sizes of a set: C(16,6) + C(16,3) = 8568 holds a 4x4 6-6-3 or 5-5-5 set. */
#define SLIDETAB_LITE_PDB_ZMAPS 8568

/* The solver's statuses beyond the reader's 0-4. Lite's numbers never mean something else in
 * slidetab.h: a status that means what a library status means has the library's number (the
 * reader's 0-4 and ENOPATH, the library's SLIDETAB_ELIMIT), one the library has no counterpart for
 * has a number from 16 up, which the library does not use (its statuses end at 9,
 * SLIDETAB_ETIMEOUT). tests/unit/lite/test_lite_solve.c checks both. */
/* slidetab_lite_solve's status when it generated `budget` nodes without an answer: lite's own. */
#define SLIDETAB_LITE_EBUDGET 16
/* slidetab_lite_solve_within's status when the start is more than `maxlen` moves from the goal:
 * no path of at most maxlen moves (a finding, not a failure; never returned by the others). The
 * library's SLIDETAB_ELIMIT (no solution within the move limit). */
#define SLIDETAB_LITE_ENOPATH 7

/* An open set: fixed size, no pointer but to the caller's bytes. Every field is private. */
struct slidetab_lite_pdb {
	const uint8_t *bits[SLIDETAB_LITE_PDB_MAX_PATTERNS];                     /* each pattern's entries */
	uint32_t w[SLIDETAB_LITE_PDB_MAX_PATTERNS][SLIDETAB_LITE_PDB_MAX_TILES]; /* rank weights */
	uint32_t zregions[SLIDETAB_LITE_PDB_MAX_PATTERNS]; /* zero-aware: the regions of all maps; 0: pbit */
	uint16_t zmap[SLIDETAB_LITE_PDB_MAX_PATTERNS];     /* zero-aware: its maps' first slot in zcum */
	uint8_t radius[SLIDETAB_LITE_PDB_MAX_PATTERNS];
	uint8_t k[SLIDETAB_LITE_PDB_MAX_PATTERNS];                                      /* tiles a pattern */
	uint8_t tile_goal[SLIDETAB_LITE_PDB_MAX_PATTERNS][SLIDETAB_LITE_PDB_MAX_TILES]; /* pattern tiles' goal cells */
	uint8_t rows, cols, n, npat, reflect;
	uint8_t goal[SLIDETAB_LITE_PDB_MAX_CELLS];      /* the set's goal */
	uint8_t goal_cell[SLIDETAB_LITE_PDB_MAX_CELLS]; /* [tile]: its cell in the goal */
	uint8_t tile_pat[SLIDETAB_LITE_PDB_MAX_CELLS];  /* [tile]: pattern << 4 | index, 0xff none */
	uint8_t refl_tile[SLIDETAB_LITE_PDB_MAX_CELLS]; /* the diagonal reflection's renaming */
	uint8_t row[SLIDETAB_LITE_PDB_MAX_CELLS], col[SLIDETAB_LITE_PDB_MAX_CELLS];
	uint16_t not_first, not_last; /* the cells but the first (last) column's */
	uint16_t zused;               /* zcum's slots in use */
	uint16_t binom[SLIDETAB_LITE_PDB_MAX_CELLS + 1][SLIDETAB_LITE_PDB_MAX_TILES + 1]; /* C(c, j) */
	uint16_t zcum[SLIDETAB_LITE_PDB_ZMAPS]; /* [zmap[q] + colex number of a map]: the regions before it */
};

/* Opens the set files[0..nfiles) of lens[] bytes each, in the order `gen --entry zbit (pbit)
 * --list-files` lists them: every file completely checked (as slidetab_lite_open does) and then
 * the set (one board and goal, disjoint patterns of at most SLIDETAB_LITE_PDB_MAX_TILES tiles and
 * at most n - 2, n - 3 zero-aware, whose maps fit SLIDETAB_LITE_PDB_ZMAPS). SLIDETAB_LITE_EINVAL
 * for a NULL argument or nfiles outside 1..SLIDETAB_LITE_PDB_MAX_PATTERNS, SLIDETAB_LITE_EFORMAT
 * for anything else. */
int slidetab_lite_pdb_open(struct slidetab_lite_pdb *p, const void *const files[], const size_t lens[], int nfiles);

/* Solves start -> goal (n tiles each; goal NULL: tiles in order with the blank last): *dist the
 * optimal length and, when moves is not NULL, the lexicographically smallest optimal move string,
 * NUL-terminated, into moves[cap] (a cap of at most the length is SLIDETAB_LITE_EINVAL). budget:
 * the most nodes to generate, 0 for no limit. Statuses as the reader's (0 OK, 1 unsolvable, 2 bad
 * input, 3 no set for the goal's blank class, 4 damaged set) and SLIDETAB_LITE_EBUDGET; on any
 * but 0 nothing is written to *dist or moves. */
int slidetab_lite_solve(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			unsigned long budget, unsigned *dist, char *moves, size_t cap);

/* slidetab_lite_solve, and *nodes (not NULL) the nodes the search generated, as the library counts
 * them, whatever the status but EINVAL and UNSOLVABLE (untouched then): with SLIDETAB_LITE_EBUDGET
 * the budget, at most. */
int slidetab_lite_solve_nodes(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			      unsigned long budget, unsigned *dist, char *moves, size_t cap, unsigned long *nodes);

/* slidetab_lite_solve_nodes searching only paths of at most maxlen moves: the same answer and the
 * same nodes when the optimal length is at most maxlen (IDA*'s iterations up to it, the same search);
 * SLIDETAB_LITE_ENOPATH when it is longer, proved without the iterations past maxlen (no node when
 * the start's heuristic alone exceeds it), nothing written to *dist or moves then. nodes may be NULL.
 * A maxlen of at least SLIDETAB_LITE_SOLVE_MAX_DEPTH bounds nothing. */
int slidetab_lite_solve_within(const struct slidetab_lite_pdb *p, const unsigned char *start, const unsigned char *goal,
			       unsigned maxlen, unsigned long budget, unsigned *dist, char *moves, size_t cap,
			       unsigned long *nodes);

/* The machine of move strings the search skips (libslidetab/search/idafsm.h, made by idafsm_build
 * with the length of lite/slidetab_lite_fsm.c): next state after letter k, -1 skipped. */
extern const int16_t slidetab_lite_fsm[][4];
extern const unsigned slidetab_lite_fsm_len, slidetab_lite_fsm_states; /* its length and states */

#endif
