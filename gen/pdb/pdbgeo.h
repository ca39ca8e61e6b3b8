/* SPDX-License-Identifier: Zlib */
/* pdbgeo: board geometry as bit masks, shared by the pattern-database build and its verification. */
#ifndef SLIDETAB_PDBGEO_H
#define SLIDETAB_PDBGEO_H

#include <stdint.h>

#include "libslidetab/base/err.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/format.h"

#define PDBGEN_CHUNK_SHIFT 13 /* placements per unit of work: 8192 (a multiple of 64) */
#define PDBGEN_CHUNK       ((uint64_t)1 << PDBGEN_CHUNK_SHIFT)
#define PDBGEN_MAX_THREADS POOL_MAX_THREADS

struct pdbgeo {
	int n, cols;
	uint32_t full, notfirst, notlast; /* all cells; cells not in column 0; not in the last */
	int8_t nbr[PDB_MAX_CELLS][BOARD_NDIRS];
	uint8_t dist[PDB_MAX_CELLS][PDB_MAX_CELLS];
	uint32_t adj[PDB_MAX_CELLS];                 /* neighbours of each cell */
	uint32_t betw[PDB_MAX_CELLS][PDB_MAX_CELLS]; /* cells strictly between two cells */
	int nbytes;                                  /* bytes of a cell mask */
	uint8_t pc8[256];                            /* popcount */
	uint8_t sel8[256][8];                        /* sel8[f][j]: position of the j-th set bit of f */
	uint8_t pext8[256][256];                     /* pext8[f][x]: bits of x at f's set bits, packed */
	uint8_t pdep8[256][256];                     /* pdep8[f][x]: low bits of x spread to f's set bits */
};

/* The worker count of a build or verification: `threads` within 1..PDBGEN_MAX_THREADS. */
static inline int pdbgeo_threads(int threads)
{
	return threads < 1 ? 1 : threads > PDBGEN_MAX_THREADS ? PDBGEN_MAX_THREADS : threads;
}

/* The header fields of a finished PDB of pattern on board b for goal: kind PDB, placement ranking,
 * mdres entries in zlib blocks (builders of other encodings change those), block_entries 0 (the
 * writer's choice); the histogram, radius and entry width are the builder's. */
void pdbgeo_meta(struct table_meta *m, const struct board *b, const struct board_state *goal, uint32_t pattern,
		 uint64_t entries, const char *generator);

/* Fills g for board b (at most 32 cells). */
void pdbgeo_init(struct pdbgeo *g, const struct board *b);

/* Checks the board, goal and pattern of a PDB; *k gets the number of pattern tiles. */
int pdbgeo_check_args(const struct board *b, const struct board_state *goal, uint32_t pattern, uint8_t *tiles, int *k,
		      struct slidetab_error *err);

/* The start of a 1-bit builder: *packed_out NULL, *meta_out zeroed, the arguments checked
 * (pdbgeo_check_args), and SLIDETAB_EINVAL with the message too_many past max_k tiles. */
int pdbgeo_begin(const struct board *b, const struct board_state *goal, uint32_t pattern, int max_k,
		 const char *too_many, uint8_t *tiles, int *k, struct table_meta *meta_out, uint8_t **packed_out,
		 struct slidetab_error *err);

/* Cells connected to cell t through cells of `freem` (t itself in freem). */
static inline uint32_t pdbgeo_flood(const struct pdbgeo *g, uint32_t freem, unsigned t)
{
	uint32_t r = 1u << t;
	for (;;) {
		uint32_t x = r | r << g->cols | r >> g->cols | (r & g->notlast) << 1 | (r & g->notfirst) >> 1;
		x &= freem;
		if (x == r)
			return r;
		r = x;
	}
}

/* Bits of `cells` (a subset of freem) renumbered by rank within freem (pext), and back (pdep). */
static inline uint32_t pdbgeo_compact(const struct pdbgeo *g, uint32_t cells, uint32_t freem)
{
	uint32_t out = 0;
	unsigned sh = 0;
	for (int b = 0; b < g->nbytes; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		out |= (uint32_t)g->pext8[f][cells >> (8 * b) & 0xffu] << sh;
		sh += g->pc8[f];
	}
	return out;
}

static inline uint32_t pdbgeo_expand(const struct pdbgeo *g, uint32_t bits, uint32_t freem)
{
	uint32_t out = 0;
	for (int b = 0; b < g->nbytes; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		out |= (uint32_t)g->pdep8[f][bits & 0xffu] << (8 * b);
		bits >>= g->pc8[f];
	}
	return out;
}

/* Cell of the j-th set bit of freem (j < popcount). */
static inline unsigned pdbgeo_select(const struct pdbgeo *g, uint32_t freem, unsigned j)
{
	for (int b = 0;; b++) {
		unsigned f = freem >> (8 * b) & 0xffu;
		if (j < g->pc8[f])
			return 8u * (unsigned)b + g->sel8[f][j];
		j -= g->pc8[f];
	}
}

#endif
