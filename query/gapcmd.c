/* SPDX-License-Identifier: Zlib */
/* gapcmd: query's Gap mode (AOJ 1245): each input file through the Gap driver (gap/). */
#include "query/gapcmd.h"

#include <stdio.h>

#include "gap/run.h"
#include "query/run.h"

int gapcmd_run(int path, int show, int nfiles, char **files)
{
	struct gap_options go = { .path = path, .show = show, .mem_limit = 0 };
	int outcome = RUN_OK;
	for (int i = 0; i < (nfiles ? nfiles : 1); i++) {
		const char *name = nfiles ? files[i] : "stdin";
		FILE *f = nfiles ? run_open_input(name) : stdin;
		if (!f) {
			outcome = RUN_NOTABLE;
			continue;
		}
		int st = gap_run(f, name, stdout, stderr, &go, NULL);
		if (f != stdin)
			fclose(f);
		if (st == SLIDETAB_EINVAL && outcome < RUN_BADINPUT)
			outcome = RUN_BADINPUT;
		else if (st != SLIDETAB_OK && st != SLIDETAB_EINVAL)
			outcome = RUN_NOTABLE;
	}
	return outcome;
}
