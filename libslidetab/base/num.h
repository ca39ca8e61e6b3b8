/* SPDX-License-Identifier: Zlib */
/* num: whole decimal numbers read from text (environment variables, options). */
#ifndef SLIDETAB_NUM_H
#define SLIDETAB_NUM_H

#include "libslidetab/base/err.h"

/* Parses a whole string as a decimal number in [min, max] (no sign, no spaces, no junk).
 * Returns SLIDETAB_OK or SLIDETAB_EINVAL with a message naming the text and the range. */
int num_parse_long(const char *s, long min, long max, long *out, struct slidetab_error *err);

#endif
