/* SPDX-License-Identifier: Zlib */
/* main: firmware that answers puzzles from a compiled-in compact table through lite/ (semihosting output). */
#include <stddef.h>

#include "examples/mcu/start.h"
#include "lite/slidetab_lite.h"

/* The board's table and cells: the 8-puzzle by default; the Makefile builds a 2x4 one with
 * -DMCU_TABLE=puzzle7 -DMCU_CELLS=8. */
#ifndef MCU_TABLE
#define MCU_TABLE puzzle8 /* gen --board 3x3 --compress compact --c-array puzzle8 */
#define MCU_CELLS 9
#endif
#define MCU_CAT(a, b)  a##b
#define MCU_LEN(table) MCU_CAT(table, _len)

extern const unsigned char MCU_TABLE[];
extern const size_t MCU_LEN(MCU_TABLE);
extern const unsigned char mcu_puzzles[][MCU_CELLS]; /* the starts (examples/mcu/puzzles*.txt) */
extern const size_t mcu_npuzzles;

int main(void)
{
	struct slidetab_lite t;
	char moves[40];
	if (slidetab_lite_open(&t, MCU_TABLE, MCU_LEN(MCU_TABLE)) != SLIDETAB_LITE_OK) {
		mcu_puts("mcu: the table is refused\n");
		return 1;
	}
	for (size_t i = 0; i < mcu_npuzzles; i++) {
		int rc = slidetab_lite_path(&t, mcu_puzzles[i], NULL, moves, sizeof moves);
		if (rc == SLIDETAB_LITE_OK)
			mcu_puts(moves);
		else if (rc == SLIDETAB_LITE_UNSOLVABLE)
			mcu_puts("unsolvable");
		else {
			mcu_puts("mcu: lookup failed\n");
			return 1;
		}
		mcu_puts("\n");
	}
	return 0;
}
