/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#include "pdbcmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/pdb.h"
#include "../core/table.h"
#include "../core/version.h"
#include "pdbgen.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_RESOURCES = 3 };

int pdbcmd_parse_pattern(const char *list, int n, uint32_t *mask)
{
	*mask = 0;
	const char *p = list;
	while (*p) {
		char *end;
		long t = strtol(p, &end, 10);
		if (end == p || t < 1 || t >= n || (*mask >> t & 1))
			return -1;
		*mask |= 1u << t;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return -1;
	}
	return *mask ? 0 : -1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, int threads, int level)
{
	int blank = board_blank(b, goal);
	for (int i = 0; i < count; i++) {
		char path[1024], err[512];
		if (out && count == 1)
			snprintf(path, sizeof path, "%s", out);
		else if (pdb_preset_path(path, sizeof path, dir ? dir : ".", b->rows, b->cols, blank, masks[i]) != 0) {
			fprintf(stderr, "gen: folder name too long\n");
			return EXIT_USAGE;
		}
		struct table_meta meta;
		uint8_t *packed = NULL;
		double t0 = now();
		if (pdbgen_build(b, goal, masks[i], threads, &meta, &packed, err, sizeof err) != 0) {
			fprintf(stderr, "gen: pattern 0x%x: %s\n", (unsigned)masks[i], err);
			return strstr(err, "memory") ? EXIT_RESOURCES : EXIT_FAIL;
		}
		snprintf(meta.generator, sizeof meta.generator, "slidetab gen %s", SLIDETAB_VERSION);
		double built = now() - t0;
		uint64_t bytes = 0;
		struct table_err terr;
		int rc = table_write_mt(path, &meta, packed, level, threads, &bytes, &terr);
		free(packed);
		if (rc != TABLE_OK) {
			fprintf(stderr, "gen: %s\n", terr.msg);
			return rc == TABLE_ENOMEM ? EXIT_RESOURCES : EXIT_FAIL;
		}
		printf("# pattern");
		for (int t = 1; t < b->n; t++)
			if (masks[i] >> t & 1)
				printf(" %d", t);
		printf(": %" PRIu64 " entries, largest value %" PRIu32 ", search %.2f s, total %.2f s; wrote %s: %" PRIu64
		       " bytes, %.3f bits/entry\n",
		       meta.entries, meta.radius, built, now() - t0, path, bytes, 8.0 * (double)bytes / (double)meta.entries);
		fflush(stdout);
	}
	return EXIT_OK;
}

int pdbcmd_verify(const char *path, int threads, char *msg, size_t msglen)
{
	struct table *t;
	struct table_err err;
	int rc = table_open(&t, path, 0, &err);
	if (rc != TABLE_OK) {
		snprintf(msg, msglen, "%s", err.msg);
		return rc == TABLE_EFORMAT ? 1 : rc == TABLE_ENOMEM ? 3 : 2;
	}
	const struct table_meta *m = table_get_meta(t);
	if (m->kind != TABLE_KIND_PDB) {
		table_close(t);
		return -1;
	}
	rc = table_check_all(t, &err);
	if (rc != TABLE_OK) {
		snprintf(msg, msglen, "%s", err.msg);
		table_close(t);
		return rc == TABLE_ENOMEM ? 3 : 1;
	}
	struct board b;
	board_init(&b, m->rows, m->cols);
	rc = pdbgen_verify(&b, m, table_packed(t), threads, msg, msglen) == 0 ? 0 : 1;
	table_close(t);
	return rc;
}
