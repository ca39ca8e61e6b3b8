/* SPDX-License-Identifier: Zlib */
/* idafsm_write: writes as C the machine idafsm_build makes: the library's (libslidetab/search/idafsm_data.c,
 * make idafsm-data) or lite's for strings of up to LEN moves (lite/slidetab_lite_fsm.c, make lite-fsm). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/search/idafsm.h"
#include "tools/idafsm_build.h"

static void write_states(const struct idafsm *f)
{
	for (int s = 0; s < f->nstates; s++)
		printf("%s{%d,%d,%d,%d},%s", s % 4 ? "" : "\t", f->next[s][0], f->next[s][1], f->next[s][2],
		       f->next[s][3], s % 4 == 3 || s == f->nstates - 1 ? "\n" : " ");
}

static void write_library(const struct idafsm *f)
{
	printf("/* SPDX-License-Identifier: Zlib */\n"
	       "/* idafsm_data: the machine of skipped blank-move strings of up to IDAFSM_LEN moves, as "
	       "idafsm_build\n"
	       " * makes it (written by `make idafsm-data`; test_idafsm compares the two on strings of up to "
	       "13 moves,\n"
	       " * `make idafsm-data-check` state for state). */\n"
	       "#include \"libslidetab/search/idafsm.h\"\n\n"
	       "/* clang-format off */\n"
	       "static const int32_t next[%d][4] = {\n",
	       f->nstates);
	write_states(f);
	printf("};\n/* clang-format on */\n\n"
	       "const struct idafsm idafsm_data = { %d, next };\n",
	       f->nstates);
}

static void write_lite(const struct idafsm *f, int len)
{
	printf("/* SPDX-License-Identifier: Zlib */\n"
	       "/* slidetab_lite_fsm: the machine of skipped blank-move strings of up to %d moves for lite's solver,\n"
	       " * as idafsm_build(%d) makes it (written by `make lite-fsm LITE_FSM_LEN=%d`; test_lite_solve checks\n"
	       " * the two are equal). %d states, %d bytes. */\n"
	       "#include \"slidetab_lite_solve.h\"\n\n"
	       "/* clang-format off */\n"
	       "const int16_t slidetab_lite_fsm[%d][4] = {\n",
	       len, len, len, f->nstates, f->nstates * 8, f->nstates);
	write_states(f);
	printf("};\n/* clang-format on */\n\n"
	       "const unsigned slidetab_lite_fsm_len = %d, slidetab_lite_fsm_states = %d;\n",
	       len, f->nstates);
}

int main(int argc, char **argv)
{
	int lite = argc == 3 && strcmp(argv[1], "--lite") == 0;
	int len = lite ? atoi(argv[2]) : IDAFSM_LEN;
	if (!(lite || (argc == 2 && strcmp(argv[1], "--library") == 0)) || len < 2 || len > IDAFSM_LEN) {
		fprintf(stderr, "usage: idafsm_write --library | --lite LEN (2..%d)\n", IDAFSM_LEN);
		return 2;
	}
	struct idafsm f;
	if (idafsm_build(len, &f) != 0) {
		fprintf(stderr, "idafsm_write: out of memory\n");
		return 1;
	}
	if (lite && f.nstates > INT16_MAX) { /* lite's table is int16_t */
		fprintf(stderr, "idafsm_write: %d states do not fit lite's int16_t table\n", f.nstates);
		idafsm_free(&f);
		return 1;
	}
	if (lite)
		write_lite(&f, len);
	else
		write_library(&f);
	idafsm_free(&f);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
