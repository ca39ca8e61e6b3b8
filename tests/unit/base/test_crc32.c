/* SPDX-License-Identifier: Zlib */
/* test_crc32: the table format's CRC-32 (folded or portable) against zlib's crc32 and the published check value. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

#include "libslidetab/base/crc32.h"
#include "libslidetab/table/header.h"
#include "tests/unit/testutil.h"

#define BUF 70000

/* The catalogue's check value of CRC-32/ISO-HDLC: the CRC of "123456789" is 0xCBF43926. */
START_TEST(check_value)
{
	const uint8_t s[] = "123456789123456789";
	ck_assert_uint_eq(crc32_update(0, s, 9), 0xCBF43926u);
	ck_assert_uint_eq(crc32_portable(0, s, 9), 0xCBF43926u);
	ck_assert_uint_eq(tbl_crc(s, 9), 0xCBF43926u);
	ck_assert_uint_eq(crc32_update(0, s, 0), 0);
	/* continued: the CRC of the whole from the CRC of a prefix */
	ck_assert_uint_eq(crc32_update(crc32_update(0, s, 5), s + 5, 13), (uint32_t)crc32(0, s, 18));
}
END_TEST

/* Every length 0..600 and random (offset, length, seed) triples up to BUF: zlib's number. */
START_TEST(same_as_zlib)
{
	uint64_t r = 24;
	uint8_t *buf = malloc(BUF);
	ck_assert_ptr_nonnull(buf);
	for (size_t i = 0; i < BUF; i++)
		buf[i] = (uint8_t)testutil_rng(&r);
	for (size_t n = 0; n <= 600; n++)
		ck_assert_uint_eq(crc32_update(0, buf + 3, n), (uint32_t)crc32(0, buf + 3, (uInt)n));
	for (int t = 0; t < 3000; t++) {
		size_t off = testutil_below(&r, 64), n = testutil_below(&r, BUF - 64);
		uint32_t seed = (uint32_t)testutil_rng(&r);
		uint32_t want = (uint32_t)crc32(seed, buf + off, (uInt)n);
		ck_assert_uint_eq(crc32_update(seed, buf + off, n), want);
		ck_assert_uint_eq(crc32_portable(seed, buf + off, n), want);
	}
	/* a flipped bit anywhere in a 1 KiB block changes its CRC */
	uint32_t base = crc32_update(0, buf, 1024);
	for (int bit = 0; bit < 1024 * 8; bit++) {
		buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		ck_assert_uint_ne(crc32_update(0, buf, 1024), base);
		buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("crc32");
	TCase *tc = tcase_create("crc32");
	tcase_set_timeout(tc, 60); /* Check's default is 4 s: too short under sanitizers beside another suite */
	tcase_add_test(tc, check_value);
	tcase_add_test(tc, same_as_zlib);
	return testutil_run(s, tc);
}
