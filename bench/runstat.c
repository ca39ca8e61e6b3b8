/* SPDX-License-Identifier: Zlib */
/* runstat: runs a command and reports its wall time, CPU time and peak memory (for benchmarks). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libslidetab/base/clock.h"

/* Usage: runstat [-i INPUT] [-o OUTPUT] CMD ARGS...; prints "wall_s cpu_s maxrss_kb status" on stderr. */
int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	int i = 1;
	for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] && !argv[i][2]; i += 2) {
		if (argv[i][1] == 'i')
			in = argv[i + 1];
		else if (argv[i][1] == 'o')
			out = argv[i + 1];
	}
	if (i >= argc) {
		fprintf(stderr, "usage: runstat [-i INPUT] [-o OUTPUT] CMD ARGS...\n");
		return 2;
	}
	double t0 = clock_now();
	pid_t pid = fork();
	if (pid == 0) {
		if (in && !freopen(in, "r", stdin))
			_exit(127);
		if (out && !freopen(out, "w", stdout))
			_exit(127);
		execvp(argv[i], argv + i);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
		perror("runstat");
		return 2;
	}
	double wall = clock_now() - t0;
	double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
		     ru.ru_stime.tv_usec * 1e-6;
	fprintf(stderr, "%.4f %.4f %ld %d\n", wall, cpu, ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
