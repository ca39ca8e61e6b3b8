/* cli: the options every program reads the same way (integers, threads, --board), one message each. */
#include "common/cli.h"

#include <stdio.h>

#include "libslidetab/base/pool.h"
#include "libslidetab/base/tok.h"
#include "libslidetab/model/board.h"

int cli_int(const char *prog, const char *option, const char *text, long min, long max, int *out)
{
	long v;
	struct slidetab_error err;
	if (tok_parse_long(text, min, max, &v, &err) != SLIDETAB_OK) {
		fprintf(stderr, "%s: %s %s\n", prog, option, err.msg);
		return -1;
	}
	*out = (int)v;
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

int cli_board(const char *prog, const char *text, int *rows, int *cols)
{
	if (board_parse_spec(text, rows, cols) == 0)
		return 0;
	fprintf(stderr, "%s: --board %s: expected " BOARD_RULE " (e.g. 3x3)\n", prog, text);
	return -1;
}

int cli_board_any(const char *prog, const char *text, int *rows, int *cols)
{
	if (board_parse_any_spec(text, rows, cols) == 0)
		return 0;
	fprintf(stderr, "%s: --board %s: expected " BOARD_ANY_RULE " (e.g. 3x3)\n", prog, text);
	return -1;
}
