/* SPDX-License-Identifier: Zlib */
/* cli: the options every program reads the same way (integers, threads, --board), one message each. */
#include "common/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "libslidetab/base/num.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/board.h"

int cli_int(const char *prog, const char *option, const char *text, long min, long max, int *out)
{
	long v;
	struct slidetab_error err;
	if (num_parse_long(text, min, max, &v, &err) != SLIDETAB_OK) {
		fprintf(stderr, "%s: %s %s\n", prog, option, err.msg);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int cli_bytes(const char *prog, const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end = NULL;
	unsigned long long v = 0;
	unsigned shift = 0;
	errno = 0;
	if (*text >= '0' && *text <= '9') { /* strtoull alone would take a sign or spaces */
		v = strtoull(text, &end, 10);
		shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
		end += shift != 0;
	}
	if (!end || errno || *end || v > (max >> shift) || ((uint64_t)v << shift) < min) {
		fprintf(stderr,
			"%s: %s %s: expected a number of bytes from %llu (e.g. 512M or 4G: K, M and G are KiB, MiB "
			"and GiB)\n",
			prog, option, text, (unsigned long long)min);
		return -1;
	}
	*out = (uint64_t)v << shift;
	return 0;
}

int cli_real(const char *prog, const char *option, const char *text, double min, double max, const char *what,
	     double *out)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (end == text || *end != '\0' || errno != 0 || !(v >= min && v <= max)) {
		fprintf(stderr, "%s: %s %s: expected %s\n", prog, option, text, what);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_threads(const char *prog, const char *text, int *threads)
{
	return cli_int(prog, "-j", text, 1, POOL_MAX_THREADS, threads);
}

int cli_cpus(void)
{
	return pool_cpus();
}

/* "RxC" with 2 <= R, C and R * C <= max. */
static int parse_spec(const char *spec, long max, int *rows, int *cols)
{
	char *end;
	long r = strtol(spec, &end, 10);
	if (end == spec || (*end != 'x' && *end != 'X') || r < 2 || r > max)
		return -1;
	const char *p = end + 1;
	long c = strtol(p, &end, 10);
	if (end == p || *end != '\0' || c < 2 || c > max || r * c > max)
		return -1;
	*rows = (int)r;
	*cols = (int)c;
	return 0;
}

int cli_board_spec(const char *spec, int *rows, int *cols)
{
	return parse_spec(spec, BOARD_MAX_CELLS, rows, cols);
}

int cli_board_any_spec(const char *spec, int *rows, int *cols)
{
	return parse_spec(spec, BOARD_ANY_MAX_CELLS, rows, cols);
}
int cli_board(const char *prog, const char *text, int *rows, int *cols)
{
	if (cli_board_spec(text, rows, cols) == 0)
		return 0;
	fprintf(stderr, "%s: --board %s: expected " BOARD_RULE " (e.g. 3x3)\n", prog, text);
	return -1;
}

int cli_board_any(const char *prog, const char *text, int *rows, int *cols)
{
	if (cli_board_any_spec(text, rows, cols) == 0)
		return 0;
	fprintf(stderr, "%s: --board %s: expected " BOARD_ANY_RULE " (e.g. 3x3)\n", prog, text);
	return -1;
}
