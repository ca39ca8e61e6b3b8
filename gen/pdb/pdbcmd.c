/* SPDX-License-Identifier: Zlib */
/* pdbcmd: gen's pattern-database commands: build one pattern or a preset set, verify a PDB file. */
#include "gen/pdb/pdbcmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/table_write.h"
#include "gen/pdb/pbitgen.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/base/clock.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"
#include "libslidetab/table/read.h"

#include "slidetab.h"

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

int pdbcmd_paths(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const char *out, const char *dir, char (*paths)[PDBCMD_PATH_MAX], struct slidetab_error *err)
{
	int blank = board_blank(b, goal);
	for (int i = 0; i < count; i++) {
		int rc = out && count == 1
				 ? (snprintf(paths[i], PDBCMD_PATH_MAX, "%s", out), SLIDETAB_OK)
				 : tabname_pdb(paths[i], PDBCMD_PATH_MAX, dir, b->rows, b->cols, blank, masks[i], err);
		if (rc != SLIDETAB_OK)
			return rc;
	}
	return SLIDETAB_OK;
}

int pdbcmd_build(const struct board *b, const struct board_state *goal, const uint32_t *masks, int count,
		 const struct pdbcmd_opts *o, struct slidetab_error *err)
{
	char paths[PDB_PRESET_MAX][PDBCMD_PATH_MAX];
	int rc = pdbcmd_paths(b, goal, masks, count, o->out, o->dir, paths, err);
	for (int i = 0; rc == SLIDETAB_OK && i < count; i++) /* every file can be created before the first search */
		rc = tblw_write_check(paths[i], err);
	if (rc != SLIDETAB_OK)
		return rc;
	for (int i = 0; i < count; i++) {
		const char *path = paths[i];
		struct table_meta meta;
		int again = 0; /* a preset of several partitions may name a pattern twice: built once */
		for (int j = 0; j < i; j++)
			again |= masks[j] == masks[i];
		if (again)
			continue;
		uint8_t *packed = NULL;
		double t0 = clock_now();
		rc = o->entry == TABLE_ENTRY_PBIT
			     ? pbitgen_build(b, goal, masks[i], o->threads, &meta, &packed, err)
			     : pdbgen_build_enc(b, goal, masks[i], (int)o->entry, o->threads, &meta, &packed, err);
		if (rc != SLIDETAB_OK)
			return err_prefix(err, "pattern 0x%x", (unsigned)masks[i]);
		snprintf(meta.generator, sizeof meta.generator, "slidetab gen %s", SLIDETAB_VERSION);
		if (o->raw)
			meta.payload = TABLE_PAYLOAD_RAW;
		/* a mapped set checks a block's CRC when an answer first needs it: 1 KiB blocks make one
		 * answer check only the blocks its few thousand lookups touch */
		meta.block_entries = o->block_entries ? o->block_entries
				     : meta.payload == TABLE_PAYLOAD_RAW
					     ? (PDBCMD_MAPPED_BLOCK_BYTES * 8u / meta.entry_bits) & ~63u
					     : 0;
		double built = clock_now() - t0;
		uint64_t bytes = 0;
		rc = tblw_write_mt(path, &meta, packed, o->level, o->threads, &bytes, err);
		free(packed);
		if (rc != SLIDETAB_OK)
			return rc;
		printf("# pattern");
		for (int t = 1; t < b->n; t++)
			if (masks[i] >> t & 1)
				printf(" %d", t);
		printf(": %" PRIu64 " entries, largest value %" PRIu32
		       ", search %.2f s, total %.2f s; wrote %s: %" PRIu64 " bytes, %.3f bits/entry\n",
		       meta.entries, meta.radius, built, clock_now() - t0, path, bytes,
		       8.0 * (double)bytes / (double)meta.entries);
		fflush(stdout);
	}
	return SLIDETAB_OK;
}

/* A 1-bit PDB (zero-aware or placement) against a fresh build of its pattern: header and every
 * entry. */
static int verify_bits(const struct board *b, const struct table_meta *m, const uint8_t *packed, int threads,
		       struct slidetab_error *err)
{
	const char *what = m->entry == TABLE_ENTRY_PBIT ? "placement 1-bit PDB" : "zero-aware PDB";
	struct board_state goal;
	memset(&goal, 0, sizeof goal);
	memcpy(goal.t, m->goal, (size_t)b->n);
	struct table_meta fresh;
	uint8_t *want = NULL;
	int rc = m->entry == TABLE_ENTRY_PBIT
			 ? pbitgen_build(b, &goal, m->pattern, threads, &fresh, &want, err)
			 : pdbgen_build_enc(b, &goal, m->pattern, TABLE_ENTRY_ZBIT, threads, &fresh, &want, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (fresh.entries != m->entries || fresh.radius != m->radius ||
	    memcmp(fresh.hist, m->hist, sizeof fresh.hist) != 0)
		rc = err_set(err, SLIDETAB_EFORMAT, "%s: header differs from a fresh build", what);
	for (uint64_t i = 0; rc == SLIDETAB_OK && i < m->entries; i++)
		if (table_packed_get(packed, i, 1) != table_packed_get(want, i, 1))
			rc = err_set(err, SLIDETAB_EFORMAT, "%s: entry %" PRIu64 " differs from a fresh build", what,
				     i);
	free(want);
	return rc;
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
		rc = m->entry == TABLE_ENTRY_ZBIT || m->entry == TABLE_ENTRY_PBIT
			     ? verify_bits(&b, m, table_packed(t), threads, err)
			     : pdbgen_verify(&b, m, table_packed(t), threads, err);
	}
	table_close(t);
	return rc;
}
