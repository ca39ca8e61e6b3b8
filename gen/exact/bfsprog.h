/* SPDX-License-Identifier: Zlib */
/* bfsprog: the search's progress: a live line on a terminal and one log line per layer, both with
 * the states so far, states/s and the time left estimated from the known state count. */
#ifndef SLIDETAB_BFSPROG_H
#define SLIDETAB_BFSPROG_H

#include <stdint.h>
#include <stdio.h>

struct bfsprog {
	FILE *log;      /* per-layer lines, or NULL */
	int live;       /* 1: a live line on stderr (a terminal) */
	uint64_t count; /* states the search will reach */
	double t0, last;
	double every; /* seconds between live lines: 0.5, or $SLIDETAB_TEST_LIVE_MS (a test hook) */
};

void bfsprog_start(struct bfsprog *p, FILE *log, int live, uint64_t count);

/* The live line while layer `layer` is scanned (`done` of `chunks`); at most twice a second. */
void bfsprog_live(struct bfsprog *p, unsigned layer, uint64_t so_far, uint64_t done, uint64_t chunks);

/* "1h02m", "3m05s" or "12s": the time left after el seconds at the mean rate so far, so_far of
 * count done ("?" before 5%). */
void bfsprog_eta(char *buf, size_t size, double el, uint64_t so_far, uint64_t count);

/* The log line of a finished layer of `states` states. */
void bfsprog_layer(struct bfsprog *p, unsigned layer, uint64_t states, uint64_t so_far);

#endif
