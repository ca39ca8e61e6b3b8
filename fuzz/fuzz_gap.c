/* SPDX-License-Identifier: Zlib */
/* fuzz_gap: libFuzzer target for the Gap contest-input reader and solver driver (gap/). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gap/run.h"

/* Every answer line without --path/--show is a move count, -1 or `error`. */
static void check_answers(const char *out, size_t len)
{
	const char *p = out, *end = out + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			abort(); /* an unterminated answer line */
		size_t n = (size_t)(nl - p);
		if (!(n == 5 && !memcmp(p, "error", 5))) {
			size_t i = (n > 0 && p[0] == '-') ? 1 : 0;
			if (i == n)
				abort();
			for (; i < n; i++)
				if (p[i] < '0' || p[i] > '9')
					abort();
		}
		p = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	/* Byte 0: bit 0 --path, bit 1 --show. A small memory cap keeps hard layouts quick. */
	struct gap_options opt = { .path = data[0] & 1, .show = (data[0] >> 1) & 1, .mem_limit = 1u << 20 };
	data++, size--;
	static char empty[1];
	FILE *in = fmemopen(size ? (void *)data : empty, size ? size : 1, "r");
	if (!in)
		return 0;
	if (!size)
		fgetc(in);
	char *obuf = NULL, *ebuf = NULL;
	size_t olen = 0, elen = 0;
	FILE *out = open_memstream(&obuf, &olen), *err = open_memstream(&ebuf, &elen);
	if (!out || !err)
		abort();
	struct slidetab_error e;
	int rc = gap_run(in, "fuzz", out, err, &opt, &e);
	fclose(out);
	fclose(err);
	if (rc != SLIDETAB_OK && rc != SLIDETAB_EINVAL)
		abort();
	if (rc == SLIDETAB_EINVAL && (elen == 0 || strncmp(e.msg, "gap: fuzz", 9) != 0))
		abort(); /* a failure without a message */
	for (size_t i = 0; i < elen; i++)
		if ((unsigned char)ebuf[i] < 0x20 && ebuf[i] != '\n')
			abort(); /* a control byte of the input echoed raw */
	if (!opt.path && !opt.show)
		check_answers(obuf, olen);
	free(obuf);
	free(ebuf);
	fclose(in);
	return 0;
}
