/* SPDX-License-Identifier: Zlib */
/* idafsm: the finite-state machine of blank-move strings that IDA* never needs to follow. */
#ifndef SLIDETAB_IDAFSM_H
#define SLIDETAB_IDAFSM_H

#include <stdint.h>

/*
 * Two strings of blank moves (letters d < l < r < u, numbered 0..3; 3 - k undoes k) that leave
 * the same arrangement on an open grid are duplicates. When A and B are duplicates, B is no
 * longer than A, B comes before A (shorter, or the same length and smaller in letter order), and
 * every cell B's blank visits is one A's blank visits, then on any board B can be played wherever
 * A can, and a path holding A is never the lexicographically smallest optimal path: putting B in
 * its place gives a shorter or a smaller one. So IDA* may skip every path holding such an A (and
 * every path holding a move followed by its undo) and still finds that path.
 *
 * The machine recognises these strings A up to IDAFSM_LEN moves (Taylor & Korf, 1993, built the
 * same kind of machine for the 15 puzzle). State 0 is the start; next[s][k] is the state after
 * letter k, or -1 when the string so far ends in a skipped one.
 */

#define IDAFSM_LEN        16        /* longest string compared (349,984 states, 5.6 MB: docs/pdb.md) */
#define IDAFSM_MAX_STATES (1 << 20) /* A* keeps a state in 21 bits (astar.c) */

struct idafsm {
	int nstates;
	const int32_t (*next)[4];
};

/* The search's machine (IDAFSM_LEN): compiled in, so no search pays for building it (20 s of CPU
 * and 2.2 GB); never NULL. */
const struct idafsm *idafsm_get(void);

/* The machine as data (idafsm_data.c, written by `make idafsm-data` from the builder in
 * tools/idafsm_build.h; test_idafsm compares them on strings of up to 13 moves, `make
 * idafsm-data-check` state for state). */
extern const struct idafsm idafsm_data;

#endif
