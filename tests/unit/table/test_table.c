/* SPDX-License-Identifier: Zlib */
/* test_table: the container round-trips, and damaged tables are refused with a clear message. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "common/table_write.h"
#include "libslidetab/model/board.h"
#include "libslidetab/table/read.h"
#include "tests/unit/testutil.h"

/* A synthetic exact 2x4 table (20160 entries): contents need not be distances here. */
static void make_meta(struct table_meta *m, uint32_t payload)
{
	memset(m, 0, sizeof *m);
	m->kind = TABLE_KIND_EXACT;
	m->ranking = TABLE_RANK_SEQ_BLANK;
	m->entry = TABLE_ENTRY_PLAIN;
	m->payload = payload;
	m->rows = 2, m->cols = 4, m->cells = 8;
	m->entry_bits = 6;
	m->entries = 20160;
	m->block_entries = 4096;
	for (int c = 0; c < 8; c++)
		m->goal[c] = (uint8_t)((c + 1) % 8);
	m->radius = 36;
	m->hist[0] = 1;
	m->hist[36] = 20159;
	snprintf(m->generator, sizeof m->generator, "test");
}

static uint8_t *make_payload(const struct table_meta *m)
{
	uint8_t *p = calloc(table_packed_bytes(m->entries, m->entry_bits), 1);
	for (uint64_t i = 0; i < m->entries; i++)
		table_packed_set(p, i, m->entry_bits, (unsigned)((i * 7 + i / 100) % 37));
	return p;
}

static char path[64];

static void write_good(uint32_t payload)
{
	struct table_meta m;
	make_meta(&m, payload);
	uint8_t *p = make_payload(&m);
	struct slidetab_error err;
	uint64_t bytes = 0;
	ck_assert_msg(tblw_write(path, &m, p, 9, &bytes, &err) == SLIDETAB_OK, "%s", err.msg);
	struct stat st;
	stat(path, &st);
	ck_assert_uint_eq(bytes, (uint64_t)st.st_size);
	free(p);
}

static void setup(void)
{
	snprintf(path, sizeof path, "/tmp/slidetab-table-%d.tbl", (int)getpid());
}

static void teardown(void)
{
	unlink(path);
}

static long file_size(void)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void flip_bit(long byte, int bit)
{
	FILE *f = fopen(path, "r+b");
	fseek(f, byte, SEEK_SET);
	int c = fgetc(f);
	fseek(f, byte, SEEK_SET);
	fputc(c ^ (1 << bit), f);
	fclose(f);
}

/* Opens with preload (every CRC checked) and expects refusal with msg containing `what`. */
static void expect_refused(const char *what)
{
	struct table *t;
	struct slidetab_error err = { 0 };
	int rc = table_open(&t, path, TABLE_PRELOAD, &err);
	ck_assert_int_ne(rc, SLIDETAB_OK);
	ck_assert_msg(strstr(err.msg, what) != NULL, "message '%s' lacks '%s'", err.msg, what);
	ck_assert_msg(strstr(err.msg, path) != NULL, "message '%s' does not name the file", err.msg);
}

START_TEST(roundtrip)
{
	for (uint32_t payload = TABLE_PAYLOAD_RAW; payload <= TABLE_PAYLOAD_ZLIB; payload++) {
		write_good(payload);
		struct table_meta m;
		make_meta(&m, payload);
		uint8_t *want = make_payload(&m);
		for (unsigned flags = 0; flags <= TABLE_PRELOAD; flags += TABLE_PRELOAD) {
			struct table *t;
			struct slidetab_error err;
			ck_assert_msg(table_open(&t, path, flags, &err) == SLIDETAB_OK, "%s", err.msg);
			ck_assert_msg(table_check_all(t, &err) == SLIDETAB_OK, "%s",
				      err.msg); /* again after preload: a no-op */
			ck_assert_ptr_nonnull(table_packed(t));
			const struct table_meta *got = table_get_meta(t);
			ck_assert_uint_eq(got->entries, 20160);
			ck_assert_uint_eq(got->radius, 36);
			ck_assert_uint_eq(got->hist[36], 20159);
			ck_assert_mem_eq(got->goal, m.goal, 8);
			ck_assert_str_eq(got->generator, "test");
			for (uint64_t i = 0; i < m.entries; i++) {
				unsigned v;
				ck_assert(table_lookup(t, i, &v, &err) == SLIDETAB_OK);
				ck_assert_uint_eq(v, table_packed_get(want, i, 6));
			}
			table_close(t);
		}
		free(want);
	}
}
END_TEST

/* The file's bytes, malloc'ed; *len its size. */
static uint8_t *file_bytes(size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	uint8_t *p = malloc(*len);
	ck_assert_uint_eq(fread(p, 1, *len, f), *len);
	fclose(f);
	return p;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Writes m with payload p; returns the file's bytes and checks its version and header size. */
static uint8_t *write_variant(const struct table_meta *m, const uint8_t *p, uint32_t version, uint32_t hsize,
			      size_t *len)
{
	struct slidetab_error err;
	ck_assert_msg(tblw_write(path, m, p, 9, NULL, &err) == SLIDETAB_OK, "%s", err.msg);
	uint8_t *bytes = file_bytes(len);
	ck_assert_uint_eq(le32(bytes + 8), version);
	ck_assert_uint_eq(le32(bytes + 16), hsize);
	struct table *t;
	ck_assert_msg(table_open(&t, path, TABLE_PRELOAD, &err) == SLIDETAB_OK, "%s", err.msg);
	const struct table_meta *got = table_get_meta(t);
	ck_assert_uint_eq(got->entries, m->entries);
	ck_assert_uint_eq(got->radius, m->radius);
	ck_assert_mem_eq(got->hist, m->hist, sizeof m->hist);
	ck_assert_mem_eq(got->goal, m->goal, 8);
	ck_assert_str_eq(got->generator, m->generator);
	ck_assert_uint_eq(table_blocks(t), 1);
	for (uint64_t i = 0; i < m->entries; i++) {
		unsigned v;
		ck_assert(table_lookup(t, i, &v, &err) == SLIDETAB_OK);
		ck_assert_uint_eq(v, table_packed_get(p, i, m->entry_bits));
	}
	table_close(t);
	return bytes;
}

/* A table of one block gets the small header (docs/FORMAT.md): 8 u8 fields and 6 u32 at 20..51,
 * 24 bytes of name, 8 of goal, 37 u32 counts and the CRC: 236 bytes, padded to 240, then the block
 * right after it. The same table with the full header (as older writers made it, through the
 * test hook) holds the same payload bytes at 8192. */
START_TEST(small_header)
{
	for (uint32_t payload = TABLE_PAYLOAD_RAW; payload <= TABLE_PAYLOAD_ZLIB; payload++) {
		struct table_meta m;
		make_meta(&m, payload);
		m.block_entries = 20160; /* one block */
		uint8_t *p = make_payload(&m);
		size_t small_len, full_len;
		uint8_t *small = write_variant(&m, p, 2, 240, &small_len);
		ck_assert(setenv("SLIDETAB_TEST_FULL_HEADER", "1", 1) == 0);
		uint8_t *full = write_variant(&m, p, 1, 4096, &full_len);
		ck_assert(unsetenv("SLIDETAB_TEST_FULL_HEADER") == 0);
		ck_assert_uint_eq(full_len - 8192, small_len - 240);
		ck_assert_mem_eq(full + 8192, small + 240, small_len - 240);
		if (payload == TABLE_PAYLOAD_RAW)
			ck_assert_mem_eq(small + 240, p, 15120); /* 20160 6-bit entries */
		free(small);
		free(full);
		/* a histogram too long for 256 bytes (radius 60: 332) keeps the full header */
		m.hist[36] = 0, m.hist[60] = 20159, m.radius = 60;
		free(write_variant(&m, p, 1, 4096, &small_len));
		free(p);
	}
}
END_TEST

START_TEST(header_bit_flip)
{
	write_good(TABLE_PAYLOAD_ZLIB);
	flip_bit(40, 3); /* entry count */
	expect_refused("header checksum mismatch");
}
END_TEST

START_TEST(payload_bit_flip)
{
	for (uint32_t payload = TABLE_PAYLOAD_RAW; payload <= TABLE_PAYLOAD_ZLIB; payload++) {
		write_good(payload);
		flip_bit(file_size() - 5, 0);
		expect_refused("checksum mismatch (the payload is damaged)");
		/* Without preload the header passes, and the damaged block is refused when used. */
		struct table *t;
		struct slidetab_error err;
		ck_assert(table_open(&t, path, 0, &err) == SLIDETAB_OK);
		unsigned v;
		ck_assert(table_lookup(t, 0, &v, &err) == SLIDETAB_OK);
		ck_assert_int_eq(table_lookup(t, 20159, &v, &err), SLIDETAB_EFORMAT);
		ck_assert(strstr(err.msg, "block 4") != NULL);
		table_close(t);
	}
}
END_TEST

START_TEST(truncated)
{
	write_good(TABLE_PAYLOAD_ZLIB);
	long size = file_size();
	ck_assert_int_eq(truncate(path, size - 1), 0);
	expect_refused("sizes do not add up");
	ck_assert_int_eq(truncate(path, 100), 0);
	expect_refused("truncated table");
}
END_TEST

START_TEST(empty_file)
{
	FILE *f = fopen(path, "w");
	fclose(f);
	expect_refused("empty file");
}
END_TEST

START_TEST(wrong_magic)
{
	write_good(TABLE_PAYLOAD_RAW);
	flip_bit(0, 1);
	expect_refused("bad magic");
}
END_TEST

/* Rewrites a header field and its CRC, as a well-meaning but different program would. */
static void patch32(long off, uint32_t v)
{
	FILE *f = fopen(path, "r+b");
	uint8_t h[TABLE_HEADER_SIZE];
	ck_assert(fread(h, 1, sizeof h, f) == sizeof h);
	for (int i = 0; i < 4; i++)
		h[off + i] = (uint8_t)(v >> (8 * i));
	uint32_t c = (uint32_t)crc32(0, h, TABLE_HEADER_SIZE - 4);
	for (int i = 0; i < 4; i++)
		h[TABLE_HEADER_SIZE - 4 + i] = (uint8_t)(c >> (8 * i));
	fseek(f, 0, SEEK_SET);
	fwrite(h, 1, sizeof h, f);
	fclose(f);
}

START_TEST(future_version)
{
	write_good(TABLE_PAYLOAD_ZLIB);
	patch32(8, 3);
	expect_refused("version 3 is not supported");
	write_good(TABLE_PAYLOAD_ZLIB);
	patch32(8, 2); /* a full header that claims to be a small one */
	expect_refused("small header of 4096 bytes");
}
END_TEST

START_TEST(sizes_do_not_add_up)
{
	write_good(TABLE_PAYLOAD_ZLIB);
	patch32(40, 20161); /* entry count that no 2x4 table has */
	expect_refused("entries, but a 2x4");
	write_good(TABLE_PAYLOAD_ZLIB);
	patch32(160, 5); /* payload size */
	expect_refused("sizes do not add up");
}
END_TEST

START_TEST(full_disk)
{
	struct table_meta m;
	make_meta(&m, TABLE_PAYLOAD_RAW);
	uint8_t *p = make_payload(&m);
	struct slidetab_error err = { 0 };
	char buf[4096];
	const char *full = testutil_full_dev(buf, sizeof buf);
	if (full) {
		struct stat st;
		ck_assert_int_eq(tblw_write(full, &m, p, 9, NULL, &err), SLIDETAB_EIO);
		ck_assert_msg(strstr(err.msg, "No space left on device") != NULL, "%s", err.msg);
		ck_assert_msg(stat(full, &st) == 0 && S_ISCHR(st.st_mode), "%s was replaced", full);
		if (full == buf)
			unlink(buf);
	}
	/* A folder that cannot be written: the old file stays, nothing new appears. */
	ck_assert_int_eq(tblw_write("/nonexistent-dir/x.tbl", &m, p, 9, NULL, &err), SLIDETAB_EIO);
	ck_assert_msg(strstr(err.msg, "/nonexistent-dir") != NULL, "%s", err.msg);
	free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");
	tcase_set_timeout(tc, 60); /* Check's default is 4 s: too short under sanitizers beside another suite */
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, roundtrip);
	tcase_add_test(tc, small_header);
	tcase_add_test(tc, header_bit_flip);
	tcase_add_test(tc, payload_bit_flip);
	tcase_add_test(tc, truncated);
	tcase_add_test(tc, empty_file);
	tcase_add_test(tc, wrong_magic);
	tcase_add_test(tc, future_version);
	tcase_add_test(tc, sizes_do_not_add_up);
	tcase_add_test(tc, full_disk);
	return testutil_run(s, tc);
}
