/* SPDX-License-Identifier: Zlib */
/* gen/exit: gen's and gen-mpi's exit statuses (gen(1)), for their main.c files alone
 * (tests/layout/includes.sh): the one place where a status becomes an exit status. */
#ifndef SLIDETAB_GEN_EXIT_H
#define SLIDETAB_GEN_EXIT_H

#include "slidetab.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_RESOURCES = 3 };

/* The exit status of a run that ended with `status`. `reading`: an unreadable file named by the
 * user (--verify) is a usage error; elsewhere an I/O failure is a failed run. */
static inline int gen_exit_status(int status, int reading)
{
	switch (status) {
	case SLIDETAB_OK: return EXIT_OK;
	case SLIDETAB_EINVAL: return EXIT_USAGE;
	case SLIDETAB_ENOMEM:
	case SLIDETAB_ENOSPC: return EXIT_RESOURCES;
	case SLIDETAB_EIO: return reading ? EXIT_USAGE : EXIT_FAIL;
	default: return EXIT_FAIL;
	}
}

#endif
