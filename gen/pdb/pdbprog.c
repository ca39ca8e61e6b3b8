/* SPDX-License-Identifier: Zlib */
/* pdbprog: how far the pattern being built has come, for gen's progress line (see pdbprog.h). */
#include "gen/pdb/pdbprog.h"

#include <stdatomic.h>

/* Both halves in one word, so a reader never pairs one pattern's count with another's total:
 * the fraction in millionths. */
static _Atomic uint32_t millionths;

void pdbprog_publish(uint64_t reached, uint64_t states)
{
	uint32_t m = states ? (uint32_t)((double)reached / (double)states * 1e6) : 0;
	atomic_store_explicit(&millionths, m > 1000000u ? 1000000u : m, memory_order_relaxed);
}

double pdbprog_fraction(void)
{
	return atomic_load_explicit(&millionths, memory_order_relaxed) / 1e6;
}
