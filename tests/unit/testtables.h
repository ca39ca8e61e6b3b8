/* SPDX-License-Identifier: Zlib */
/* testtables: unit tests build the small tables they need themselves, in a temporary folder, with
 * gen's own pipeline (exact tables) and generator (pattern databases: presets and automatic sets). */
#ifndef SLIDETAB_TESTTABLES_H
#define SLIDETAB_TESTTABLES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/table_write.h"
#include "gen/exact/exactcmd.h"
#include "gen/pdb/pdbgen.h"
#include "libslidetab/pdb/pdb.h"
#include "libslidetab/table/name.h"
#include "libslidetab/table/read.h"
#include "tests/unit/testpdb.h"

static inline void testtables_fail(const char *what, const struct slidetab_error *err)
{
	fprintf(stderr, "building test tables: %s: %s\n", what, err->msg);
	exit(1);
}

/* The set `preset` of rows x cols for the goal with the blank at `blank`, built in memory: pattern
 * i zero-aware when bit i of `zbits` is set, else 4-bit; when `extra` is not 0, that pattern too
 * (a second partition, holding only its tiles). */
static inline struct pdb_set *testtables_built_set(const char *preset, int rows, int cols, int blank, unsigned zbits,
						   uint32_t extra)
{
	uint32_t masks[PDB_PRESET_MAX + 1];
	int n = pdb_preset_for(preset, rows * cols, masks);
	if (n < 0) {
		fprintf(stderr, "building test tables: no preset %s for %dx%d\n", preset, rows, cols);
		exit(1);
	}
	if (extra)
		masks[n++] = extra;
	struct board b;
	struct board_state g;
	struct slidetab_error err;
	struct pdb_set *set;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	if (pdb_set_new(&set, &b, &g, &err) != 0)
		testtables_fail(preset, &err);
	for (int i = 0; i < n; i++) {
		struct table_meta m;
		uint8_t *p;
		int entry = zbits >> i & 1 ? TABLE_ENTRY_ZBIT : TABLE_ENTRY_MDRES;
		if (pdbgen_build_enc(&b, &g, masks[i], entry, 2, &m, &p, &err) != 0 ||
		    testpdb_add(set, &m, p, &err) != 0)
			testtables_fail(preset, &err);
	}
	return set;
}

/* DIR/RxC-bK.tbl for the goal with the blank at `blank` (compress: 0 raw, 1 zlib, 2 compact) with
 * entries of the given kind (TABLE_ENTRY_*; compact tables hold d mod 4 whatever it is). */
static inline void testtables_exact_entry(const char *dir, int rows, int cols, int blank, int compress, uint32_t entry)
{
	char path[TABNAME_MAX];
	struct slidetab_error err;
	struct board b;
	struct board_state g;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	if (tabname_exact(path, sizeof path, dir, rows, cols, blank, &err) != SLIDETAB_OK)
		testtables_fail(dir, &err);
	struct exactcmd_opts o = {
		.out = path, .threads = 2, .level = 6, .quiet = 1, .compress = compress, .entry = entry
	};
	if (exactcmd_run(&b, &g, &o, &err) != SLIDETAB_OK)
		testtables_fail(path, &err);
}

/* The same with the default entries (Manhattan residues). */
static inline void testtables_exact(const char *dir, int rows, int cols, int blank, int compress)
{
	testtables_exact_entry(dir, rows, cols, blank, compress, TABLE_ENTRY_MDRES);
}

/* Copies the file from to the file to; 0 when from cannot be read. */
static inline int testtables_copy(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[65536];
	size_t n;
	int ok = out != NULL;
	while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
		ok = fwrite(buf, 1, n, out) == n;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = 0;
	return ok;
}

/* The set of masks[0..n-1] for rows x cols and the goal with the blank at `blank`, named as query
 * looks for it, with entries `entry` (TABLE_ENTRY_MDRES or TABLE_ENTRY_ZBIT); each file copied from
 * the folder host when it holds it (host NULL: always built). */
static inline void testtables_masks_from(const char *dir, int rows, int cols, int blank, const uint32_t *masks, int n,
					 uint32_t entry, const char *what, const char *host)
{
	struct board b;
	struct board_state g;
	board_init(&b, rows, cols);
	board_goal(&b, blank, &g);
	for (int i = 0; i < n; i++) {
		struct table_meta m;
		uint8_t *p;
		char path[TABNAME_MAX], from[TABNAME_MAX];
		struct slidetab_error err;
		if (host && *host &&
		    tabname_pdb(from, sizeof from, host, rows, cols, blank, masks[i], &err) == SLIDETAB_OK &&
		    tabname_pdb(path, sizeof path, dir, rows, cols, blank, masks[i], &err) == SLIDETAB_OK &&
		    testtables_copy(from, path))
			continue;
		if (pdbgen_build_enc(&b, &g, masks[i], entry, 2, &m, &p, &err) != SLIDETAB_OK ||
		    tabname_pdb(path, sizeof path, dir, rows, cols, blank, masks[i], &err) != SLIDETAB_OK ||
		    tblw_write(path, &m, p, 6, NULL, &err) != SLIDETAB_OK)
			testtables_fail(what, &err);
		free(p);
	}
}

/* The same, always built. */
static inline void testtables_masks(const char *dir, int rows, int cols, int blank, const uint32_t *masks, int n,
				    uint32_t entry, const char *what)
{
	testtables_masks_from(dir, rows, cols, blank, masks, n, entry, what, NULL);
}

/* The preset set (555 of 4x4, 444444 of 5x5, ...) for rows x cols and the goal with the blank at
 * `blank`, named as query looks for it. */
static inline void testtables_preset(const char *dir, int rows, int cols, int blank, const char *preset)
{
	uint32_t masks[PDB_PRESET_MAX];
	testtables_masks(dir, rows, cols, blank, masks, pdb_preset_for(preset, rows * cols, masks), TABLE_ENTRY_MDRES,
			 preset);
}

/* The automatic set of k tiles a pattern (gen --pdb autoK) for rows x cols and the blank class of
 * cell `blank` (blank must be the class's own cell, as make builds them), entries `entry`. */
static inline void testtables_auto_entry(const char *dir, int rows, int cols, int blank, int k, uint32_t entry)
{
	uint32_t masks[PDB_PRESET_MAX];
	testtables_masks(dir, rows, cols, blank, masks, pdb_auto(rows, cols, blank, k, masks), entry, "auto");
}

/* The same with Manhattan-residue entries. */
static inline void testtables_auto(const char *dir, int rows, int cols, int blank, int k)
{
	testtables_auto_entry(dir, rows, cols, blank, k, TABLE_ENTRY_MDRES);
}

/* The 5-5-5 set of 4x4 for the goal with the blank at `blank`, named as query looks for it. */
static inline void testtables_555(const char *dir, int blank)
{
	testtables_preset(dir, 4, 4, blank, "555");
}

/* The same for a suite that only answers from the set: under an emulator (make check-cross),
 * where building a 555 set takes minutes, $SLIDETAB_TEST_HOST_TABLES names the folder of the
 * tables the build machine's gen made (tables/), and the set is copied from there. */
static inline void testtables_555_answers(const char *dir, int blank)
{
	uint32_t masks[PDB_PRESET_MAX];
	testtables_masks_from(dir, 4, 4, blank, masks, pdb_preset_for("555", 16, masks), TABLE_ENTRY_MDRES, "555",
			      getenv("SLIDETAB_TEST_HOST_TABLES"));
}

/* A fresh temporary folder (its name in dir[32]); remove it with testtables_remove. */
static inline void testtables_dir(char dir[32])
{
	strcpy(dir, "/tmp/slidetab-tables-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
}

static inline void testtables_remove(const char *dir)
{
	char cmd[64];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

#endif
