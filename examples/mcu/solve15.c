/* SPDX-License-Identifier: Zlib */
/* solve15: firmware that answers 15-puzzles (start and goal pairs) from a compiled-in 5-5-5 zbit set
 * through lite/'s solver (semihosting output). */
#include <stddef.h>

#include "examples/mcu/start.h"
#include "lite/slidetab_lite_solve.h"

extern const void *const puzzle15[]; /* gen --board 4x4 --blank 0 --pdb 555 --entry zbit --c-array puzzle15 */
extern const size_t puzzle15_len[];
extern const int puzzle15_count;
extern const unsigned char mcu_puzzles[][32]; /* start, then goal (examples/mcu/puzzles-4x4.txt) */
extern const size_t mcu_npuzzles;

/* Each puzzle's path, then "# stack N" (the most stack any call took, main's frame included),
 * "# time N" (centiseconds of the host's processor time) and "# nodes N" (the nodes of all
 * answers), which run.sh reads and strips. */
int main(void)
{
	static struct slidetab_lite_pdb p; /* in RAM's bss: the handle holds zero-aware sets' map counts */
	char moves[96];
	unsigned d;
	unsigned long nodes = 0, all = 0;
	mcu_stack_paint();
	unsigned t0 = mcu_clock();
	if (slidetab_lite_pdb_open(&p, puzzle15, puzzle15_len, puzzle15_count) != SLIDETAB_LITE_OK) {
		mcu_puts("mcu: the set is refused\n");
		return 1;
	}
	for (size_t i = 0; i < mcu_npuzzles; i++) {
		int rc = slidetab_lite_solve_nodes(&p, mcu_puzzles[i], mcu_puzzles[i] + 16, 0, &d, moves, sizeof moves,
						   &nodes);
		if (rc == SLIDETAB_LITE_OK) {
			mcu_puts(moves);
			all += nodes;
		} else if (rc == SLIDETAB_LITE_UNSOLVABLE) {
			mcu_puts("unsolvable");
		} else {
			mcu_puts("mcu: solve failed\n");
			return 1;
		}
		mcu_puts("\n");
	}
	unsigned t1 = mcu_clock();
	mcu_puts("# stack ");
	mcu_putu(mcu_stack_used());
	mcu_puts("\n# time ");
	mcu_putu(t1 - t0);
	mcu_puts("\n# nodes ");
	mcu_putu(all);
	mcu_puts("\n");
	return 0;
}
