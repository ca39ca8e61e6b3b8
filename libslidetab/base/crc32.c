/* SPDX-License-Identifier: Zlib */
/* crc32: CRC-32 by folding 16-byte pieces with carry-less multiplication (x86-64), else through zlib. */
#include "libslidetab/base/crc32.h"

#include <limits.h>
#include <zlib.h>

uint32_t crc32_portable(uint32_t crc, const uint8_t *p, size_t n)
{
	uLong c = crc;
	while (n > 0) {
		uInt k = n > UINT_MAX / 2 ? UINT_MAX / 2 : (uInt)n;
		c = crc32(c, p, k);
		p += k;
		n -= k;
	}
	return (uint32_t)c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/*
 * The folding method of Gopal et al., "Fast CRC Computation for Generic Polynomials Using
 * PCLMULQDQ Instruction" (Intel, 2009), in the bit-reflected form. With P the CRC polynomial, the
 * constants are x^e mod P, bit-reflected and shifted left by one: K1 = x^(128+32) mod P and
 * K2 = x^(128-32) mod P fold 128 bits forward by 128 (K4A, K4B by 512, four pieces at a time);
 * K3 = x^64 mod P takes 96 bits to 64; MU and P1 are the Barrett reduction's floor(x^64 / P) and
 * P itself (33 bits each).
 */
#define CRC_K4A UINT64_C(0x154442bd4) /* x^(512+32) mod P, x^(512-32) mod P: 512 bits forward */
#define CRC_K4B UINT64_C(0x1c6e41596)
#define CRC_K1  UINT64_C(0x1751997d0)
#define CRC_K2  UINT64_C(0x0ccaa009e)
#define CRC_K3  UINT64_C(0x163cd6124)
#define CRC_MU  UINT64_C(0x1f7011641)
#define CRC_P1  UINT64_C(0x1db710641)

__attribute__((target("pclmul"))) static inline __m128i load(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* x carried forward over the distance of k's constants, plus the piece y. */
__attribute__((target("pclmul"))) static inline __m128i fold1(__m128i x, __m128i k, __m128i y)
{
	return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)), y);
}

/* The register (not inverted) after n bytes (n a positive multiple of 16) from register r. */
__attribute__((target("pclmul"))) static uint32_t fold(uint32_t r, const uint8_t *p, size_t n)
{
	const __m128i k12 = _mm_set_epi64x((long long)CRC_K2, (long long)CRC_K1);
	const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
	__m128i x = _mm_xor_si128(load(p), _mm_cvtsi32_si128((int)r));
	size_t i = 16;
	if (n >= 128) { /* four lanes 64 bytes apart, then folded into one */
		const __m128i k4 = _mm_set_epi64x((long long)CRC_K4B, (long long)CRC_K4A);
		__m128i x1 = load(p + 16), x2 = load(p + 32), x3 = load(p + 48);
		for (i = 64; i + 64 <= n; i += 64) {
			x = fold1(x, k4, load(p + i));
			x1 = fold1(x1, k4, load(p + i + 16));
			x2 = fold1(x2, k4, load(p + i + 32));
			x3 = fold1(x3, k4, load(p + i + 48));
		}
		x = fold1(fold1(fold1(x, k12, x1), k12, x2), k12, x3);
	}
	for (; i < n; i += 16)
		x = fold1(x, k12, load(p + i));
	/* 128 -> 96 bits (the 32 zero bits the CRC appends), then 96 -> 64 */
	x = _mm_xor_si128(_mm_srli_si128(x, 8), _mm_clmulepi64_si128(x, k12, 0x10));
	__m128i k3 = _mm_set_epi64x(0, (long long)CRC_K3);
	x = _mm_xor_si128(_mm_srli_si128(x, 4), _mm_clmulepi64_si128(_mm_and_si128(x, mask32), k3, 0x00));
	/* Barrett: 64 -> 32 bits */
	__m128i mp = _mm_set_epi64x((long long)CRC_MU, (long long)CRC_P1);
	__m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, mask32), mp, 0x10);
	t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), mp, 0x00);
	x = _mm_xor_si128(x, t);
	return (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(x, 4));
}

int crc32_accelerated(void)
{
	static int have = -1; /* a benign race: every thread computes the same */
	int h = __atomic_load_n(&have, __ATOMIC_RELAXED);
	if (h < 0) {
		__builtin_cpu_init();
		h = __builtin_cpu_supports("pclmul") ? 1 : 0;
		__atomic_store_n(&have, h, __ATOMIC_RELAXED);
	}
	return h;
}

uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	size_t body = n & ~(size_t)15;
	if (body == 0 || !crc32_accelerated())
		return crc32_portable(crc, p, n);
	crc = ~fold(~crc, p, body);
	return crc32_portable(crc, p + body, n - body);
}
#else
int crc32_accelerated(void)
{
	return 0;
}

uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	return crc32_portable(crc, p, n);
}
#endif
