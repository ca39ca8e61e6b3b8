/* main: firmware that answers 8-puzzles from a compiled-in 3x3 compact table through lite/ (semihosting output). */
#include <stddef.h>

#include "examples/mcu/start.h"
#include "lite/slidetab_lite.h"

extern const unsigned char puzzle8[]; /* gen --board 3x3 --compress compact --c-array puzzle8 */
extern const size_t puzzle8_len;
extern const unsigned char mcu_puzzles[][9]; /* the starts (examples/mcu/puzzles.txt) */
extern const size_t mcu_npuzzles;

int main(void)
{
	struct slidetab_lite t;
	char moves[40];
	if (slidetab_lite_open(&t, puzzle8, puzzle8_len) != SLIDETAB_LITE_OK) {
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
