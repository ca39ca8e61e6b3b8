/* SPDX-License-Identifier: Zlib */
/* err: the one error model: every library function returns a SLIDETAB_* status and fills a message. */
#include "libslidetab/base/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int err_set(struct slidetab_error *err, int status, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
		err->status = status;
	}
	return status;
}

int err_prefix(struct slidetab_error *err, const char *fmt, ...)
{
	if (!err)
		return SLIDETAB_OK;
	char pre[sizeof err->msg], all[3 * sizeof err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof pre, fmt, ap);
	va_end(ap);
	err->msg[sizeof err->msg - 1] = '\0';
	size_t a = strlen(pre), n = (size_t)snprintf(all, sizeof all, "%s: %s", pre, err->msg),
	       cap = sizeof err->msg - 1;
	if (n > cap) {
		/* The message stays whole: a path shortened before ("...") loses more of its middle, else
		 * the prefix (a long path) loses its middle to "..."; else the end is cut. */
		size_t excess = n - cap;
		char *q = strstr(all, "...");
		if (q && (size_t)(q - all) >= excess + 8)
			memmove(q - excess, q, strlen(q) + 1);
		else if (a >= excess + 3 + 16) {
			size_t head = (a - excess - 3) / 3;
			memmove(all + head + 3, all + head + 3 + excess, n - head - 3 - excess + 1);
			memcpy(all + head, "...", 3);
		}
	}
	n = strlen(all) < cap ? strlen(all) : cap;
	memcpy(err->msg, all, n);
	err->msg[n] = '\0';
	return err->status;
}

void err_escape(const char *s, size_t n, char *out, size_t cap)
{
	size_t k = 0;
	if (cap == 0)
		return;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char tmp[8];
		if (c < 0x20 || c >= 0x7f)
			snprintf(tmp, sizeof tmp, "\\x%02x", c);
		else if (c == '\'' || c == '"' || c == '\\')
			snprintf(tmp, sizeof tmp, "\\%c", c);
		else
			tmp[0] = (char)c, tmp[1] = '\0';
		size_t t = strlen(tmp);
		if (k + t + 4 > cap) { /* room for "..." and the NUL */
			if (k + 4 <= cap)
				memcpy(out + k, "...", 3), k += 3;
			break;
		}
		memcpy(out + k, tmp, t);
		k += t;
	}
	out[k] = '\0';
}
