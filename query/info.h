/* SPDX-License-Identifier: Zlib */
/* info: prints a table's header and depth histogram for people (query --info). */
#ifndef SLIDETAB_INFO_H
#define SLIDETAB_INFO_H

#include <stdio.h>

#include "slidetab.h"

/* Prints the header of the table at path, then `depth count` lines (with bars when bars is set).
 * Returns SLIDETAB_OK, or SLIDETAB_EIO / SLIDETAB_EFORMAT / SLIDETAB_ENOMEM with a message. */
int info_print(const char *path, FILE *out, int bars, struct slidetab_error *err);

#endif
