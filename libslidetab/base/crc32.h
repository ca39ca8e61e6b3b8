/* SPDX-License-Identifier: Zlib */
/* crc32: the CRC-32 of the table format (zlib's: ISO-HDLC, reflected 0xEDB88320), fast where the CPU can. */
#ifndef SLIDETAB_CRC32_H
#define SLIDETAB_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* The CRC of the bytes before p[0..n) being crc (0 for none), continued over p[0..n); the same
 * number as zlib's crc32(crc, p, n). On x86-64 with PCLMULQDQ (checked at run time) 16-byte
 * pieces are folded with carry-less multiplication; elsewhere, and for the last n % 16 bytes,
 * zlib computes it. */
uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n);

/* The same through zlib alone (for tests and measurements). */
uint32_t crc32_portable(uint32_t crc, const uint8_t *p, size_t n);

/* 1 when crc32_update uses the carry-less multiply. */
int crc32_accelerated(void);

#endif
