/* idafsm_write: writes libslidetab/search/idafsm_data.c, the machine idafsm_build makes (make idafsm-data). */
#include <stdio.h>

#include "libslidetab/search/idafsm.h"
#include "tests/unit/search/idafsm_build.h"

int main(void)
{
	struct idafsm f;
	if (idafsm_build(IDAFSM_LEN, &f) != 0) {
		fprintf(stderr, "idafsm_write: out of memory\n");
		return 1;
	}
	printf("/* idafsm_data: the machine of skipped blank-move strings of up to IDAFSM_LEN moves, as idafsm_build\n"
	       " * makes it (written by `make idafsm-data`; test_idafsm checks the two are equal). */\n"
	       "#include \"libslidetab/search/idafsm.h\"\n\n"
	       "/* clang-format off */\n"
	       "static const int16_t next[%d][4] = {\n",
	       f.nstates);
	for (int s = 0; s < f.nstates; s++)
		printf("%s{%d,%d,%d,%d},%s", s % 4 ? "" : "\t", f.next[s][0], f.next[s][1], f.next[s][2], f.next[s][3],
		       s % 4 == 3 || s == f.nstates - 1 ? "\n" : " ");
	printf("};\n/* clang-format on */\n\n"
	       "const struct idafsm idafsm_data = { %d, next };\n",
	       f.nstates);
	idafsm_free(&f);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
