/* fsm_write: writes lite/slidetab_lite_fsm.c, the machine idafsm_build makes for strings of up to LEN moves (make lite-fsm). */
#include <stdio.h>
#include <stdlib.h>

#include "libslidetab/search/idafsm.h"
#include "tests/unit/search/idafsm_build.h"

int main(int argc, char **argv)
{
	int len = argc == 2 ? atoi(argv[1]) : 0;
	struct idafsm f;
	if (len < 2 || len > IDAFSM_LEN) {
		fprintf(stderr, "usage: fsm_write LEN (2..%d)\n", IDAFSM_LEN);
		return 2;
	}
	if (idafsm_build(len, &f) != 0) {
		fprintf(stderr, "fsm_write: out of memory\n");
		return 1;
	}
	printf("/* slidetab_lite_fsm: the machine of skipped blank-move strings of up to %d moves for lite's solver,\n"
	       " * as idafsm_build(%d) makes it (written by `make lite-fsm LITE_FSM_LEN=%d`; test_lite_solve checks\n"
	       " * the two are equal). %d states, %d bytes. */\n"
	       "#include \"slidetab_lite_solve.h\"\n\n"
	       "/* clang-format off */\n"
	       "const int16_t slidetab_lite_fsm[%d][4] = {\n",
	       len, len, len, f.nstates, f.nstates * 8, f.nstates);
	for (int s = 0; s < f.nstates; s++)
		printf("%s{%d,%d,%d,%d},%s", s % 4 ? "" : "\t", f.next[s][0], f.next[s][1], f.next[s][2], f.next[s][3],
		       s % 4 == 3 || s == f.nstates - 1 ? "\n" : " ");
	printf("};\n/* clang-format on */\n\n"
	       "const unsigned slidetab_lite_fsm_len = %d, slidetab_lite_fsm_states = %d;\n",
	       len, f.nstates);
	idafsm_free(&f);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
