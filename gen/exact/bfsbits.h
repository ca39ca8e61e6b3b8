/* SPDX-License-Identifier: Zlib */
/* bfsbits: the search's compact (MOD4) entries written straight into a 1-bit packed array. */
#ifndef SLIDETAB_BFSBITS_H
#define SLIDETAB_BFSBITS_H

#include <stdint.h>

/* The 32 pair flags of x (bits 0, 2, ..., 62) gathered into bits 0..31. */
static inline uint32_t bfsbits_gather(uint64_t x)
{
	x &= UINT64_C(0x5555555555555555);
	x = (x | x >> 1) & UINT64_C(0x3333333333333333);
	x = (x | x >> 2) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	x = (x | x >> 4) & UINT64_C(0x00ff00ff00ff00ff);
	x = (x | x >> 8) & UINT64_C(0x0000ffff0000ffff);
	return (uint32_t)(x | x >> 16);
}

/* Sets the entry bit of the states of word wi (states 32 wi .. 32 wi + 31) flagged in pairs.
 * Layout: entry i is bit i % 8 of byte i / 8 (the table's LSB-first packing), so word wi owns
 * bytes 4 wi .. 4 wi + 3; a search chunk is a whole number of words, so one thread writes them. */
static inline void bfsbits_set_word(uint8_t *packed, uint64_t wi, uint64_t pairs)
{
	uint32_t m = bfsbits_gather(pairs);
	uint8_t *p = packed + wi * 4;
	for (int k = 0; k < 4; k++)
		p[k] |= (uint8_t)(m >> (8 * k));
}

#endif
