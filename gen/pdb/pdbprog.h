/* SPDX-License-Identifier: Zlib */
/* pdbprog: how far the pattern being built has come, for gen's progress line (gen/setprog.c). */
#ifndef SLIDETAB_PDBPROG_H
#define SLIDETAB_PDBPROG_H

#include <stdint.h>

/* One gauge for the process (gen builds one pattern at a time): the states reached of the
 * pattern's states, set by the two-bit search (gen/pdb/twobit.c) as each depth closes and back to
 * none when its search is freed (twobit_free); read by another thread. */
void pdbprog_publish(uint64_t reached, uint64_t states);

/* reached / states of the pattern being built, 0 when none is. */
double pdbprog_fraction(void);

#endif
