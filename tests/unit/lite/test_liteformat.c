/* SPDX-License-Identifier: Zlib */
/* test_liteformat: lite/slidetab_lite.c's own copy of the header offsets equals libslidetab/table/format.h's, field by field. */
#include <check.h>
#include <stddef.h>

/* The reader's source itself, for its private enum (this program does not link lite's object); its
 * S_ names, which format.h has too, renamed LITE_S_. */
#define S_MAX      LITE_S_MAX
#define S_KIND     LITE_S_KIND
#define S_ENTRIES  LITE_S_ENTRIES
#define S_PATTERN  LITE_S_PATTERN
#define S_BLOCKENT LITE_S_BLOCKENT
#define S_PAYSIZE  LITE_S_PAYSIZE
#define S_PAYCRC   LITE_S_PAYCRC
#define S_RADIUS   LITE_S_RADIUS
#define S_GOAL     LITE_S_GOAL
#include "lite/slidetab_lite.c"
#undef S_MAX
#undef S_KIND
#undef S_ENTRIES
#undef S_PATTERN
#undef S_BLOCKENT
#undef S_PAYSIZE
#undef S_PAYCRC
#undef S_RADIUS
#undef S_GOAL

#include "libslidetab/table/format.h"
#include "tests/unit/testutil.h"

static const struct {
	const char *name;
	long lite, lib;
} fields[] = {
#define SAME(L, H)                                                                                                     \
	{                                                                                                              \
#L " = " #H, (long)(L), (long)(H)                                                                      \
	}
	SAME(L_HEADER, TABLE_HEADER_SIZE),
	SAME(L_VERSION, H_VERSION),
	SAME(L_BOM, H_BOM),
	SAME(L_HSIZE, H_HSIZE),
	SAME(L_KIND, H_KIND),
	SAME(L_ROWS, H_ROWS),
	SAME(L_COLS, H_COLS),
	SAME(L_CELLS, H_CELLS),
	SAME(L_BITS, H_BITS),
	SAME(L_RANKING, H_RANKING),
	SAME(L_ENTRY, H_ENTRY),
	SAME(L_PAYLOAD, H_PAYLOAD),
	SAME(L_ENTRIES, H_ENTRIES),
	SAME(L_RADIUS, H_RADIUS),
	SAME(L_PATTERN, H_PATTERN),
	SAME(L_GOAL, H_GOAL),
	SAME(L_HISTLEN, H_HISTLEN),
	SAME(L_BLOCKENT, H_BLOCKENT),
	SAME(L_BLOCKS, H_BLOCKS),
	SAME(L_INDEXOFF, H_INDEXOFF),
	SAME(L_INDEXSIZE, H_INDEXSIZE),
	SAME(L_PAYOFF, H_PAYOFF),
	SAME(L_PAYSIZE, H_PAYSIZE),
	SAME(L_INDEXCRC, H_INDEXCRC),
	SAME(L_HIST, H_HIST),
	SAME(L_CRC, H_CRC),
	SAME(L_HIST_MAX, TABLE_HIST_MAX),
	SAME(L_INDEX_ENTRY, INDEX_ENTRY),
	SAME(LITE_S_MAX, TABLE_SMALL_MAX),
	SAME(LITE_S_KIND, S_KIND),
	SAME(LITE_S_ENTRIES, S_ENTRIES),
	SAME(LITE_S_PATTERN, S_PATTERN),
	SAME(LITE_S_BLOCKENT, S_BLOCKENT),
	SAME(LITE_S_PAYSIZE, S_PAYSIZE),
	SAME(LITE_S_PAYCRC, S_PAYCRC),
	SAME(LITE_S_RADIUS, S_RADIUS),
	SAME(LITE_S_GOAL, S_GOAL),
	SAME(ENC_PLAIN, TABLE_ENTRY_PLAIN),
	SAME(ENC_HALF, TABLE_ENTRY_HALF),
	SAME(ENC_MDRES, TABLE_ENTRY_MDRES),
	SAME(ENC_MOD4, TABLE_ENTRY_MOD4),
#undef SAME
};

START_TEST(offsets_equal)
{
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		ck_assert_msg(fields[i].lite == fields[i].lib, "%s: lite has %ld, format.h %ld", fields[i].name,
			      fields[i].lite, fields[i].lib);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("liteformat");
	TCase *tc = tcase_create("liteformat");
	tcase_add_test(tc, offsets_equal);
	return testutil_run(s, tc);
}
