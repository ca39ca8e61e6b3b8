/* SPDX-License-Identifier: Zlib */
/* err: the one error model: every library function returns a SLIDETAB_* status and fills a message. */
#ifndef SLIDETAB_ERR_H
#define SLIDETAB_ERR_H

#include <stddef.h>

#include "slidetab.h"

/* Fills err (when not NULL) with status and a printf-style message; returns status. */
int err_set(struct slidetab_error *err, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Puts "prefix: " in front of err's message (keeps its status); returns the status. When both do not
 * fit, the message stays whole and the prefix (a long path) loses its middle to "...". */
int err_prefix(struct slidetab_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes bytes s[0..n) into out[cap] as printable text: control and non-ASCII bytes become \xHH,
 * quotes and backslashes are escaped, and a long text is cut with "...". */
void err_escape(const char *s, size_t n, char *out, size_t cap);

#endif
