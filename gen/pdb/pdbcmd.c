/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#include "gen/pdb/pdbcmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"
#include "common/table_write.h"
#include "libslidetab/table/read.h"
#include "libslidetab/base/version.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/base/clock.h"

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

int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, int threads, int level, struct slidetab_error *err)
{
	int blank = board_blank(b, goal);
	char paths[PDB_PRESET_MAX][1024];
	for (int i = 0; i < count; i++) { /* every file can be created before the first search */
		int rc = out && count == 1 ? (snprintf(paths[i], sizeof paths[i], "%s", out), SLIDETAB_OK)
					   : tabname_pdb(paths[i], sizeof paths[i], dir, b->rows, b->cols, blank, masks[i], err);
		if (rc == SLIDETAB_OK)
			rc = table_write_check(paths[i], err);
		if (rc != SLIDETAB_OK)
			return rc;
	}
	for (int i = 0; i < count; i++) {
		const char *path = paths[i];
		struct table_meta meta;
		uint8_t *packed = NULL;
		double t0 = clock_now();
		int rc = pdbgen_build(b, goal, masks[i], threads, &meta, &packed, err);
		if (rc != SLIDETAB_OK)
			return err_prefix(err, "pattern 0x%x", (unsigned)masks[i]);
		snprintf(meta.generator, sizeof meta.generator, "slidetab gen %s", SLIDETAB_VERSION);
		double built = clock_now() - t0;
		uint64_t bytes = 0;
		rc = table_write_mt(path, &meta, packed, level, threads, &bytes, err);
		free(packed);
		if (rc != SLIDETAB_OK)
			return rc;
		printf("# pattern");
		for (int t = 1; t < b->n; t++)
			if (masks[i] >> t & 1)
				printf(" %d", t);
		printf(": %" PRIu64 " entries, largest value %" PRIu32 ", search %.2f s, total %.2f s; wrote %s: %" PRIu64
		       " bytes, %.3f bits/entry\n",
		       meta.entries, meta.radius, built, clock_now() - t0, path, bytes, 8.0 * (double)bytes / (double)meta.entries);
		fflush(stdout);
	}
	return SLIDETAB_OK;
}

int pdbcmd_verify(const char *path, int threads, int *is_pdb, struct slidetab_error *err)
{
	struct table *t;
	*is_pdb = 0;
	int rc = table_open(&t, path, 0, err);
	if (rc != SLIDETAB_OK)
		return rc;
	const struct table_meta *m = table_get_meta(t);
	if (m->kind != TABLE_KIND_PDB) {
		table_close(t);
		return SLIDETAB_OK;
	}
	*is_pdb = 1;
	rc = table_check_all(t, err);
	if (rc == SLIDETAB_OK) {
		struct board b;
		board_init(&b, m->rows, m->cols);
		rc = pdbgen_verify(&b, m, table_packed(t), threads, err);
	}
	table_close(t);
	return rc;
}
