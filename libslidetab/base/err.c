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
	char old[sizeof err->msg], pre[sizeof err->msg];
	memcpy(old, err->msg, sizeof old);
	old[sizeof old - 1] = '\0';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof pre, fmt, ap);
	va_end(ap);
	size_t a = strlen(pre), b = strlen(old), cap = sizeof err->msg - 1;
	if (a > cap)
		a = cap;
	memcpy(err->msg, pre, a);
	if (a + 2 <= cap) {
		memcpy(err->msg + a, ": ", 2);
		a += 2;
	}
	if (b > cap - a)
		b = cap - a;
	memcpy(err->msg + a, old, b);
	err->msg[a + b] = '\0';
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
