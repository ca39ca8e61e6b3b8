/* SPDX-License-Identifier: Zlib */
/* gen: builds exact distance tables (and pattern databases) by exhaustive reverse BFS. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/input.h"
#include "common/table_write.h"
#include "gen/carray.h"
#include "gen/exact/exactcmd.h"
#include "gen/exact/verify.h"
#include "gen/exit.h"
#include "gen/genargs.h"
#include "gen/pdb/pdbcmd.h"
#include "gen/pdbauto.h"
#include "gen/presets.h"
#include "gen/setprog.h"
#include "libslidetab/base/physmem.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/board.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"
#include "libslidetab/table/read.h"

static void usage(FILE *f)
{
	char n16[128], n25[128];
	fprintf(f,
		"Usage: gen --board RxC [--blank CELL | --goal \"T T ...\"] [-o FILE] [options]\n"
		"       gen --board RxC --blank CELL (--pattern 1,2,3 [-o FILE] |\n"
		"                                      --pdb NAME [--memory BYTES] [--dir DIR])\n"
		"       gen --verify FILE\n"
		"Builds the exact distance table of every state reachable from a goal, by\n"
		"breadth-first search backwards from the goal.\n\n"
		"  -b, --board RxC       board size, 2x2 up to 3x4/2x6 for tables; 2x7 with\n"
		"                        --compress compact (15.2 GiB) or --count-only (10.2 GiB)\n"
		"      --blank CELL      goal = tiles in order with the blank at CELL (default: last cell)\n"
		"  -g, --goal \"...\"      any goal, row by row (0 or x = blank)\n"
		"  -o, --output FILE     table file (default: DIR/RxC-bK.tbl, K the blank's class)\n"
		"  -j, --threads N       worker threads (default: all cores)\n"
		"  -c, --compress KIND   none (raw, mmap-able), zlib (default), compact (~1 bit/state)\n"
		"  -e, --entry KIND      half (d/2), mdres ((d - manhattan)/2; default), plain (d);\n"
		"                        PDBs: mdres, zbit (zero-aware, 1 bit an entry, mapped in place),\n"
		"                        or pbit (placements alone, 1 bit an entry, mapped in place)\n"
		"  -l, --level N         deflate level 1..12 (default 4; zlib's encoder, where gen is\n"
		"                        built without libdeflate: 1..9, default 9)\n"
		"      --block-entries N entries per block, a multiple of 64 up to 1048576 (8388608 with\n"
		"                        compact; default: 32 KiB blocks); smaller blocks make cold\n"
		"                        lookups cheaper and tables larger\n"
		"      --count-only      search and print the histogram, write no table\n"
		"      --checkpoint DIR  a checkpoint in DIR after each layer (removed when the run succeeds)\n"
		"      --resume DIR      continue from the checkpoint in DIR (same board, goal and entry)\n"
		"      --list-files      print the tables this command would write, one a line, and stop\n"
		"      --pattern LIST    build the additive pattern database of these tiles\n"
		"      --pdb NAME        build a disjoint set as DIR/RxC-bB-pdb-MASK.tbl: a preset (below);\n"
		"                        on any board of 13..%d cells auto (blocks of whole columns, or rows\n"
		"                        when taller than wide, of the most tiles that fit --memory) or autoK\n"
		"                        (blocks of K tiles)\n"
		"      --memory BYTES    the budget of --pdb auto: the build's memory for one pattern\n"
		"                        (default 512M; K, M, G suffixes)\n"
		"      --dir DIR         folder for tables named by the default rule (default: .; made\n"
		"                        with its parents when missing)\n"
		"      --c-array NAME    write -o FILE as C source: const unsigned char NAME[], size_t NAME_len\n"
		"                        (a set, --pdb or --pattern: NAME[i], NAME_len[i], NAME_count),\n"
		"                        and their declarations in FILE's name with .h for .c\n"
		"      --verify FILE     check a table completely; prints OK or the first violation\n"
		"  -q, --quiet           no progress on stderr (per depth; for a set, per pattern written\n"
		"                        with the time left, a line a second at most)\n"
		"  -h, --help            this help\n"
		"  -V, --version         version\n\n"
		"Presets of --pdb (docs/pdb.md):\n  4x4: %s\n  5x5: %s\n\n"
		"Output: the depth histogram on stdout (`depth count` lines) and a summary (# lines).\n"
		"Exit status: 0 success, 1 failure (write error, table fails --verify), 2 usage error,\n"
		"3 the run needs more memory or disk than this machine has.\n\n"
		"Examples:\n"
		"  gen --board 3x3 --blank 0 --dir tables\n"
		"  gen --board 2x4 --blank 0 --compress none\n"
		"  gen --board 2x7 --count-only\n"
		"  gen --board 2x7 --blank 0 --compress compact --dir tables\n"
		"  gen --board 4x4 --blank 0 --pdb 78 --dir tables\n"
		"  gen --board 4x4 --blank 0 --pdb 78 --entry zbit --dir tables\n"
		"  gen --board 4x5 --blank 0 --pdb auto --memory 256M --dir tables\n"
		"  gen --board 3x3 --compress compact --c-array puzzle8 -o puzzle8.c\n"
		"  gen --verify tables/3x3-b0.tbl\n",
		PDB_MAX_CELLS, presets_names(16, n16, sizeof n16), presets_names(25, n25, sizeof n25));
}

static int fail(int status, int reading, const struct slidetab_error *err)
{
	fprintf(stderr, "gen: %s\n", err->msg);
	return gen_exit_status(status, reading);
}

/* Checks what was written to stdout reached it. */
static int finish_output(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "gen: writing the output: %s\n", strerror(errno));
		return status == EXIT_OK ? EXIT_FAIL : status;
	}
	return status;
}

static int run_verify(const struct gen_args *a)
{
	struct slidetab_error err;
	int is_pdb;
	int rc = pdbcmd_verify(a->verify, a->threads, &is_pdb, &err);
	if (rc == SLIDETAB_OK && !is_pdb)
		rc = verify_table(a->verify, a->threads, &err);
	if (rc == SLIDETAB_OK) {
		printf("OK %s\n", a->verify);
		return EXIT_OK;
	}
	if (rc != SLIDETAB_EFORMAT)
		return fail(rc, 1, &err);
	printf("FAIL %s: %s\n", a->verify, err.msg);
	return EXIT_FAIL;
}

/* --pdb auto or autoK (k, 0 for auto): the partition of the goal's blank class (pdb_auto), k the
 * largest that fits the --memory budget for auto; prints the choice (unless --list-files). The
 * count, or after a message -1 (no such partition) or -2 (its build exceeds this machine's memory). */
static int auto_masks(const struct gen_args *a, const struct board *b, const struct board_state *goal, int k,
		      uint32_t masks[PDB_PRESET_MAX])
{
	uint64_t budget = a->memory ? a->memory : PDBAUTO_DEFAULT_MEMORY;
	int cls = board_blank_class(b, board_blank(b, goal));
	if (k == 0 && (k = pdbauto_choose(b->rows, b->cols, a->entry, budget)) < 0) {
		fprintf(stderr, "gen: --pdb auto: no partition of %dx%d fits in --memory %" PRIu64 " bytes\n", b->rows,
			b->cols, budget);
		return -1;
	}
	int count = pdb_auto(b->rows, b->cols, cls, k, masks);
	uint64_t need = pdbauto_bytes(b->rows, b->cols, k, a->entry), have = physmem_allowed();
	if (count < 0 || need == UINT64_MAX) {
		fprintf(stderr,
			"gen: --pdb %s: %dx%d has no partition of %d tiles a pattern that gen builds "
			"(at most %d patterns of fewer than 2^32 placements)\n",
			a->pdb, b->rows, b->cols, k, PDB_PRESET_MAX);
		return -1;
	}
	if (a->list_files)
		return count;
	if (need > have) {
		fprintf(stderr,
			"gen: --pdb %s on %dx%d: the build of a %d-tile pattern needs %" PRIu64
			" bytes, this machine allows %" PRIu64 "%s\n",
			a->pdb, b->rows, b->cols, k, need, have, k > 1 ? "; give a smaller --memory or autoK" : "");
		return -2;
	}
	printf("# %s on %dx%d, blank class %d: %d patterns of at most %d tiles (", a->pdb, b->rows, b->cols, cls, count,
	       k);
	if (!strcmp(a->pdb, "auto"))
		printf("the most that fit in %" PRIu64 " bytes", budget);
	else
		printf("as named");
	printf("), columns %s\n", b->cols >= b->rows ? "first (top to bottom, left to right)" : "rows first");
	for (int i = 0; i < count; i++) {
		struct pdb_ranker r;
		int kt = pdb_popcount32(masks[i]);
		pdb_ranker_init(&r, b->n, kt);
		printf("# auto pattern %d:", i + 1);
		for (int t = 1; t < b->n; t++)
			if (masks[i] >> t & 1)
				printf(" %d", t);
		printf(" (%d tiles): %" PRIu64 " placements, %" PRIu64 " bytes to build\n", kt, r.count,
		       pdbauto_bytes(b->rows, b->cols, kt, a->entry));
	}
	fflush(stdout);
	return count;
}

/* The summary's mention of the header gen --c-array writes beside out (none for a device or pipe). */
static const char *header_note(const char *out)
{
	static char note[4200];
	char h[4096];
	if (carray_header_name(out, h, sizeof h) <= 0)
		return "";
	snprintf(note, sizeof note, ", declarations in %s", h);
	return note;
}

/* --c-array with --pdb or --pattern: the set is written as usual into a new folder of its own in
 * $TMPDIR (else /tmp), then turned into one C source at -o, and the folder removed. */
static int run_c_array_set(const struct gen_args *a, const struct board *b, const struct board_state *goal,
			   const uint32_t *masks, int count, struct pdbcmd_opts *o)
{
	char dir[4096], paths[PDB_PRESET_MAX][PDBCMD_PATH_MAX];
	const char *files[PDB_PRESET_MAX];
	long bytes = 0, table_bytes = 0;
	struct slidetab_error err;
	int rc = carray_check(a->out, &err);
	if (rc == SLIDETAB_OK)
		rc = carray_temp_dir(dir, sizeof dir, &err);
	if (rc != SLIDETAB_OK)
		return fail(rc, 0, &err);
	o->out = NULL;
	o->dir = dir;
	rc = pdbcmd_paths(b, goal, masks, count, NULL, dir, paths, &err);
	for (int i = 0; i < count; i++)
		files[i] = paths[i];
	if (rc == SLIDETAB_OK)
		rc = carray_temp_files(files, count, &err);
	if (rc == SLIDETAB_OK)
		rc = pdbcmd_build(b, goal, masks, count, o, &err);
	if (rc == SLIDETAB_OK)
		rc = carray_write_set(a->c_array, files, count, a->out, &bytes, &table_bytes, &err);
	carray_temp_dir_remove();
	if (rc == SLIDETAB_OK)
		printf("# wrote %s: %ld bytes of C source (%s[], a set of %d table%s, %ld bytes)%s\n", a->out, bytes,
		       a->c_array, count, count == 1 ? "" : "s", table_bytes, header_note(a->out));
	return rc == SLIDETAB_OK ? EXIT_OK : fail(rc, 0, &err);
}

static int run_pdb(const struct gen_args *a, const struct board *b, const struct board_state *goal)
{
	uint32_t masks[PDB_PRESET_MAX];
	int count = 1;
	struct slidetab_error err;
	if (a->pattern && pdbcmd_parse_pattern(a->pattern, b->n, &masks[0]) != 0) {
		fprintf(stderr, "gen: --pattern %s: expected distinct tiles 1..%d separated by commas\n", a->pattern,
			b->n - 1);
		return EXIT_USAGE;
	}
	int k;
	if (a->pdb && pdbauto_name(a->pdb, &k) == 0) {
		if ((count = auto_masks(a, b, goal, k, masks)) < 0)
			return count == -2 ? EXIT_RESOURCES : EXIT_USAGE;
	} else if (a->pdb && (count = pdb_preset_board(a->pdb, b->rows, b->cols, masks)) < 0) {
		char n16[128], n25[128];
		fprintf(stderr,
			"gen: --pdb %s: presets are %s for 4x4, %s for 5x5; auto (or autoK, K tiles a pattern) on "
			"any board of up to %d cells\n",
			a->pdb, presets_names(16, n16, sizeof n16), presets_names(25, n25, sizeof n25), PDB_MAX_CELLS);
		return EXIT_USAGE;
	}
	if (a->list_files) {
		char paths[PDB_PRESET_MAX][PDBCMD_PATH_MAX];
		int rc = pdbcmd_paths(b, goal, masks, count, a->out, a->dir, paths, &err);
		for (int i = 0; rc == SLIDETAB_OK && i < count; i++)
			printf("%s\n", paths[i]);
		return rc == SLIDETAB_OK ? EXIT_OK : fail(rc, 0, &err);
	}
	struct pdbcmd_opts o = { .out = a->out,
				 .dir = a->dir,
				 .threads = a->threads,
				 .level = a->level,
				 .entry = a->entry,
				 .raw = a->compress == 0,
				 .block_entries = (uint32_t)a->block_entries };
	if (a->c_array)
		return run_c_array_set(a, b, goal, masks, count, &o);
	char paths[PDB_PRESET_MAX][PDBCMD_PATH_MAX];
	struct setprog prog;
	int rc = a->quiet ? SLIDETAB_OK : pdbcmd_paths(b, goal, masks, count, a->out, a->dir, paths, &err);
	if (rc != SLIDETAB_OK)
		return fail(rc, 0, &err);
	if (!a->quiet)
		setprog_start(&prog, b->n, masks, paths, count);
	rc = pdbcmd_build(b, goal, masks, count, &o, &err);
	if (!a->quiet)
		setprog_stop(&prog, rc == SLIDETAB_OK);
	return rc == SLIDETAB_OK ? EXIT_OK : fail(rc, 0, &err);
}

/* --c-array: the table is written to a temporary file of its own, then turned into C source at -o. */
static int run_c_array(const struct gen_args *a, const struct board *b, const struct board_state *goal,
		       struct exactcmd_opts *o)
{
	char tbl[4096];
	long bytes = 0, table_bytes = 0;
	struct slidetab_error err;
	int rc = carray_check(a->out, &err);
	if (rc == SLIDETAB_OK && (rc = carray_temp_table(tbl, sizeof tbl, &err)) == SLIDETAB_OK) {
		o->out = tbl;
		o->intermediate = 1;
		rc = exactcmd_run(b, goal, o, &err);
		if (rc == SLIDETAB_OK)
			rc = carray_write(a->c_array, tbl, a->out, &bytes, &table_bytes, &err);
		else
			carray_abandon();
	}
	if (rc == SLIDETAB_OK)
		printf("# wrote %s: %ld bytes of C source (%s[], a table of %ld bytes)%s\n", a->out, bytes, a->c_array,
		       table_bytes, header_note(a->out));
	return rc == SLIDETAB_OK ? EXIT_OK : fail(rc, 0, &err);
}

/* --dir DIR: made when missing, with its parents (mkdir -p), so that the library's advice (`gen ...
 * --dir ~/.local/share/slidetab/tables`) works as given. 0, or -1 after a message. */
static int make_dir(const char *dir)
{
	char p[4096];
	struct stat st;
	if (stat(dir, &st) == 0 || snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p)
		return 0; /* there (or too long: the writer names the problem) */
	for (char *q = p + 1;; q++) {
		if (*q && *q != '/')
			continue;
		char c = *q;
		*q = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			fprintf(stderr, "gen: --dir %s: creating %s: %s\n", dir, p, strerror(errno));
			return -1;
		}
		if (!(*q = c))
			return 0;
	}
}

static int run_gen(const struct gen_args *a)
{
	struct board b;
	struct board_state goal;
	if (a->dir && !a->list_files && !a->count_only && make_dir(a->dir) != 0)
		return EXIT_FAIL;
	if (board_init(&b, a->rows, a->cols) != 0) {
		fprintf(stderr, "gen: %dx%d is not a board (" BOARD_RULE ")\n", a->rows, a->cols);
		return EXIT_USAGE;
	}
	if (genargs_goal(a, &b, &goal) != 0)
		return EXIT_USAGE;
	if (a->pattern || a->pdb)
		return run_pdb(a, &b, &goal);
	char defname[TABNAME_MAX];
	struct slidetab_error err;
	struct exactcmd_opts o = { .out = a->out,
				   .threads = a->threads,
				   .level = a->level,
				   .count_only = a->count_only,
				   .quiet = a->quiet,
				   .compress = a->compress,
				   .entry = a->entry,
				   .block_entries = (uint32_t)a->block_entries,
				   .report = stdout,
				   .checkpoint = a->checkpoint,
				   .resume = a->resume };
	if (!o.out && !o.count_only) {
		int rc = tabname_exact(defname, sizeof defname, a->dir, b.rows, b.cols, board_blank(&b, &goal), &err);
		if (rc != SLIDETAB_OK)
			return fail(rc, 0, &err);
		o.out = defname;
	}
	if (a->list_files) {
		printf("%s\n", o.out);
		return EXIT_OK;
	}
	if (a->c_array)
		return run_c_array(a, &b, &goal, &o);
	int rc = exactcmd_run(&b, &goal, &o, &err);
	return rc == SLIDETAB_OK ? EXIT_OK : fail(rc, 0, &err);
}

/* Ends the process as the signal would, leaving no temporary table behind. */
static void on_signal(int sig)
{
	tblw_write_abandon();
	carray_abandon();
	signal(sig, SIG_DFL);
	raise(sig);
}

int main(int argc, char **argv)
{
	struct gen_args a;
	int rc = genargs_parse(argc, argv, &a, "gen", usage);
	if (rc != 0)
		return rc > 0 ? finish_output(EXIT_OK) : EXIT_USAGE;
	if (a.verify)
		return finish_output(run_verify(&a));
	/* A signal ends the process; the table is written to an unnamed file until complete, so an
	 * interrupted run leaves nothing under the final name (and, on file systems without unnamed
	 * files, the handler removes the named temporary one). */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	return finish_output(run_gen(&a));
}
