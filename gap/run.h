/* SPDX-License-Identifier: Zlib */
/* run: the Gap driver: answers a whole contest input, one line per layout, problems reported as it goes. */
#ifndef SLIDETAB_GAP_RUN_H
#define SLIDETAB_GAP_RUN_H

#include <stdio.h>

#include "gap/reader.h"
#include "gap/search.h"

/*
 * Reads a whole contest input from in (gap/reader.h) and prints one answer line per layout on out:
 * the minimum number of moves, -1 when the goal cannot be reached, or "error" when the layout is
 * bad or its search hit the memory cap. With opt->path each answer line is followed by a path
 * line: "<n>:" then the moves in order, each "<card>@r<row>c<col>" naming the gap (1-based) the
 * card fills, e.g. "2: 17@r1c7 27@r2c7"; "0:" for the goal itself and "-1: none". With opt->show
 * the layouts from the start to the goal follow, each after a blank line: 4 lines of 8 cells,
 * gaps as "..". Each problem goes to diag (when not NULL) as "gap: <in_name>: line L (layout K):
 * ..." and the other layouts are still answered. Empty input prints nothing. opt may be NULL.
 *
 * Returns SLIDETAB_OK when every layout was answered; SLIDETAB_EINVAL when some input was bad
 * (err: the first problem); SLIDETAB_EIO when writing to out failed (nothing more is answered);
 * SLIDETAB_ENOMEM when reading ran out of memory. err gets the message of the first problem of
 * the worst kind (it is also on diag).
 */
int gap_run(FILE *in, const char *in_name, FILE *out, FILE *diag, const struct gap_options *opt,
	    struct slidetab_error *err);

#endif
