/* SPDX-License-Identifier: Zlib */
/* gen-mpi: gen's exact search and table on several processes (MPI), each holding a slice of the states. */
#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/table_write.h"
#include "gen/exact/exactcmd.h"
#include "gen/exit.h"
#include "gen/genargs.h"
#include "gen/mpi/bfsmpi.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/table/name.h"
#include "libslidetab/table/read.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: mpirun -np P gen-mpi --board RxC [--blank CELL | --goal \"T T ...\"] [-o FILE] [options]\n"
		   "gen's exact search and table on P processes, each holding 1/P of the states; the table\n"
		   "and histogram are byte for byte gen's. Options as gen's (see gen --help):\n"
		   "  -b, --board RxC  --blank CELL  -g, --goal  -o, --output FILE  --dir DIR\n"
		   "  -j, --threads N (per process)  -c, --compress none|zlib|compact  -e, --entry half|mdres|plain\n"
		   "  -l, --level N  --block-entries N  --count-only  -q, --quiet  -h, --help  -V, --version\n"
		   "      --checkpoint DIR  a checkpoint after each layer (one file per process)\n"
		   "      --resume DIR      continue from the checkpoint in DIR (same board, goal, entry and P)\n\n"
		   "Output: gen's histogram and summary on stdout from process 0, plus # exchange and peak\n"
		   "memory lines; per layer, the share of neighbour updates that crossed processes (stderr).\n"
		   "Exit status: gen's (0, 1, 2, 3); a failing process ends the whole job with its status.\n");
}

static int proc;

/* Ends the whole job: a message naming this process, then MPI_Abort with gen's exit status. (The
 * messages of the processes it kills may be lost: failures every process agrees on end normally.) */
static void fail_job(int status, const struct slidetab_error *err)
{
	fprintf(stderr, "gen-mpi: process %d: %s\n", proc, err->msg);
	fflush(stderr);
	MPI_Abort(MPI_COMM_WORLD, gen_exit_status(status, 0));
}

static void on_signal(int sig)
{
	tblw_write_abandon();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The options, with only process 0's messages shown. 0 run, 1 stop with success, -1 usage error. */
static int parse(int argc, char **argv, struct gen_args *a)
{
	int saved[2] = { -1, -1 };
	if (proc != 0) {
		int null = open("/dev/null", O_WRONLY);
		for (int fd = 1; fd <= 2 && null >= 0; fd++) {
			saved[fd - 1] = dup(fd);
			dup2(null, fd);
		}
		if (null >= 0)
			close(null);
	}
	int rc = genargs_parse(argc, argv, a, "gen-mpi", usage);
	if (rc == 0 && (a->verify || a->pattern || a->pdb || a->list_files)) {
		fprintf(stderr,
			"gen-mpi: builds exact tables; use gen for --verify, --pattern, --pdb and --list-files\n");
		rc = -1;
	}
	fflush(stdout);
	fflush(stderr);
	for (int fd = 1; fd <= 2; fd++)
		if (saved[fd - 1] >= 0) {
			dup2(saved[fd - 1], fd);
			close(saved[fd - 1]);
		}
	return rc;
}

/* Process 0's stream for the histogram and summary. Under mpirun on this machine, its stdout is a
 * pty or pipe that mpirun copies to its own, ignoring errors there (Open MPI 4): `mpirun ... > /dev/full`
 * would lose the histogram and exit 0. So when its parent is mpirun (Linux: /proc), process 0
 * writes straight into mpirun's standard output (when that is another file than its own), appending,
 * and a write error is its own (exit 1, as gen's). Elsewhere (another node, another launcher, no /proc): stdout. */
static FILE *report_stream(void)
{
	char path[64], comm[32] = "";
	int parent = (int)getppid();
	snprintf(path, sizeof path, "/proc/%d/comm", parent);
	FILE *f = fopen(path, "r");
	if (f && !fgets(comm, sizeof comm, f))
		comm[0] = '\0';
	if (f)
		fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	struct stat mine, theirs;
	if ((strcmp(comm, "mpirun") && strcmp(comm, "mpiexec") && strcmp(comm, "orterun")) || fstat(1, &mine) != 0)
		return stdout;
	snprintf(path, sizeof path, "/proc/%d/fd/1", parent);
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	FILE *out = fd >= 0 && fstat(fd, &theirs) == 0 && (theirs.st_dev != mine.st_dev || theirs.st_ino != mine.st_ino)
			    ? fdopen(fd, "w")
			    : NULL;
	if (!out && fd >= 0)
		close(fd);
	return out ? out : stdout;
}

/* Flushes (and closes, if it is not stdout) process 0's report; EXIT_FAIL with a message when
 * what was written did not reach it. */
static int finish_report(FILE *report, int rc)
{
	int bad = fflush(report) != 0 || ferror(report), e = errno;
	if (report != stdout && fclose(report) != 0 && !bad)
		bad = 1, e = errno;
	if (!bad)
		return rc;
	fprintf(stderr, "gen-mpi: writing the output: %s\n", strerror(e));
	return rc == EXIT_OK ? EXIT_FAIL : rc;
}

static int procs_on_this_machine(void)
{
	MPI_Comm local;
	int n = 1;
	if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local) == MPI_SUCCESS) {
		MPI_Comm_size(local, &n);
		MPI_Comm_free(&local);
	}
	return n;
}

static int run(const struct gen_args *a)
{
	struct board b;
	struct board_state goal;
	struct slidetab_error err;
	if (board_init(&b, a->rows, a->cols) != 0) {
		if (proc == 0)
			fprintf(stderr, "gen-mpi: %dx%d is not a board (" BOARD_RULE ")\n", a->rows, a->cols);
		return EXIT_USAGE;
	}
	if (genargs_goal(a, &b, &goal) != 0)
		return EXIT_USAGE;
	char defname[TABNAME_MAX];
	struct exactcmd_opts o = { .out = a->out,
				   .threads = a->threads,
				   .level = a->level,
				   .count_only = a->count_only,
				   .quiet = a->quiet || proc != 0,
				   .compress = a->compress,
				   .entry = a->entry,
				   .block_entries = (uint32_t)a->block_entries,
				   .report = proc == 0 ? report_stream() : NULL,
				   .checkpoint = a->checkpoint,
				   .resume = a->resume };
	int rc = SLIDETAB_OK;
	if (!o.out && !o.count_only &&
	    (rc = tabname_exact(defname, sizeof defname, a->dir, b.rows, b.cols, board_blank(&b, &goal), &err)) !=
		    SLIDETAB_OK) {
		if (proc == 0)
			fprintf(stderr, "gen-mpi: %s\n", err.msg);
		return gen_exit_status(rc, 0);
	}
	if (!o.out && !o.count_only)
		o.out = defname;
	struct bfsmpi x;
	if (b.n > RANK_MAX_CELLS)
		rc = err_set(&err, SLIDETAB_ENOMEM, "%dx%d is too large to rank", b.rows, b.cols);
	else
		rc = bfsmpi_init(&x, rank_states(b.n), a->threads, a->quiet, &err);
	int together = 0;
	struct exactcmd_dist dist = { &x.part, procs_on_this_machine(), bfsmpi_write, &together };
	o.dist = &dist;
	if (rc == SLIDETAB_OK)
		rc = exactcmd_run(&b, &goal, &o, &err);
	if (rc != SLIDETAB_OK && together) { /* every process is here: end normally, so no message is lost */
		fprintf(stderr, "gen-mpi: process %d: %s\n", proc, err.msg);
		fflush(stderr);
		MPI_Barrier(MPI_COMM_WORLD); /* every message written before any process exits */
		bfsmpi_free(&x);
		return gen_exit_status(rc, 0);
	}
	if (rc != SLIDETAB_OK)
		fail_job(rc, &err);
	bfsmpi_report(&x, o.report);
	bfsmpi_free(&x);
	return o.report ? finish_report(o.report, EXIT_OK) : EXIT_OK;
}

int main(int argc, char **argv)
{
	int level;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &level); /* only the main thread calls MPI */
	MPI_Comm_rank(MPI_COMM_WORLD, &proc);
	struct gen_args a;
	int rc = parse(argc, argv, &a);
	if (rc == 0) {
		signal(SIGPIPE, SIG_IGN);
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
		signal(SIGHUP, on_signal);
		rc = run(&a);
	} else {
		rc = rc > 0 ? EXIT_OK : EXIT_USAGE;
	}
	if (fflush(stdout) != 0 && rc == EXIT_OK)
		rc = EXIT_FAIL;
	MPI_Finalize();
	return rc;
}
