/* SPDX-License-Identifier: Zlib */
/* num: whole decimal numbers read from text (environment variables, options). */
#include "libslidetab/base/num.h"

#include <string.h>

int num_parse_long(const char *s, long min, long max, long *out, struct slidetab_error *err)
{
	char shown[64];
	long v = 0;
	size_t n = strlen(s);
	int ok = n > 0 && n <= 18;
	for (size_t i = 0; ok && i < n; i++) {
		ok = s[i] >= '0' && s[i] <= '9';
		v = v * 10 + (s[i] - '0');
	}
	if (!ok || v < min || v > max) {
		err_escape(s, n, shown, sizeof shown);
		return err_set(err, SLIDETAB_EINVAL, "'%s': expected a whole number from %ld to %ld", shown, min, max);
	}
	*out = v;
	return SLIDETAB_OK;
}
