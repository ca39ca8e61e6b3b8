# SPDX-License-Identifier: Zlib
# mk/tables.mk: the tables make builds into tables/: the default exact tables and pattern-database
# sets (make, make tables), the opt-in ones (tables-large, tables-15, tables-15-small, tables-24,
# tables-boards, tables-2x7), and the files of each, which install, clean and the benchmarks use.
# Tables depend on the generator, so they are rebuilt when gen changes. gen names each file by
# the one rule of libslidetab/table/name.h (RxC-bK.tbl, K the class of the blank cell).
tables/%.tbl: $(GEN_RUN) | $$(@D)/
	$(GEN_RUN) $(GENFLAGS) --board $(word 1,$(subst -b, ,$*)) --blank $(word 2,$(subst -b, ,$*)) --dir tables > /dev/null
	@test -f $@ || { echo "gen did not write $@ (naming rule changed?)" >&2; exit 1; }

# Pattern-database sets, named BOARD-bCLASS-PRESET: the Makefile knows only the presets (their tiles
# live in libslidetab/pdb/preset.c) and asks gen for the files of each set (--list-files, the one
# naming rule), which it keeps in the set's stamp, tables/.stamp-SET. A set is rebuilt when gen
# changes or one of its files is missing. 4x4: the corner (b0), edge (b1) and centre (b5) classes,
# so that every goal is answered; the small 5-5-5 sets by default, 7-8 with tables-15. 5x5 (blank in
# cell 0): the small 4-4-4-4-4-4 set by default, Korf & Felner's 6-6-6-6 with tables-24 (minutes).
# Every other board of 13..25 cells takes automatic partitions (autoK: blocks of whole columns of K
# tiles, docs/pdb.md); CxR is answered through RxC's sets. 3x5 and 4x5, every class (0 1 2 5 6 7):
# small sets by default (seconds; 3x5's class 0, the default goal's, 6-6-2, zbit), strong ones with
# tables-boards (3x5: 7-7 for class 0, 6-6-2 for the others; 4x5: 6-6-6-1 for class 0; minutes).
BOARD_CLASSES := 0 1 2 5 6 7
# 3x5's default sets have zero-aware 1-bit entries (a set name's -zbit: gen --entry zbit): as fast to
# build as mdres, mapped in place, 1.25-1.4x faster answers (docs/pdb.md), tables-boards' too; 4x5's
# stay mdres (fewer nodes with zbit but no faster answers, 3x the bytes).
PDB_SETS := 4x4-b0-555 4x4-b1-555 4x4-b5-555 5x5-b0-444444 3x5-b0-auto6-zbit \
	$(patsubst %,3x5-b%-auto5-zbit,$(filter-out 0,$(BOARD_CLASSES))) $(BOARD_CLASSES:%=4x5-b%-auto4)
PDB_SETS_15 := 4x4-b0-78 4x4-b1-78 4x4-b5-78
# The small 15-puzzle set (opt-in): 7-7-1 maxed with a second 7-7-1 sharing {1..7}, 53 MB a class (docs/pdb.md).
PDB_SETS_15_SMALL := 4x4-b0-771x2 4x4-b1-771x2 4x4-b5-771x2
PDB_SETS_24 := 5x5-b0-6666
PDB_SETS_BOARDS := 3x5-b0-auto7-zbit $(patsubst %,3x5-b%-auto6-zbit,$(filter-out 0,$(BOARD_CLASSES))) 4x5-b0-auto6
# set_part N SET: the set name's Nth field (BOARD, bCLASS, PRESET); set_args SET DIR: gen's
# arguments that build SET into DIR.
set_part = $(word $(1),$(subst -, ,$(2)))
set_args = --board $(call set_part,1,$(1)) --blank $(subst b,,$(call set_part,2,$(1))) --pdb $(call set_part,3,$(1)) --dir $(2)
set_gen = $(call set_args,$(1),tables)
# A set name's -pbit (-zbit) asks gen for 1-bit placement (zero-aware) entries; 78, 771x2 and 6666
# without either are zero-aware.
set_entry = $(if $(filter %-pbit,$(1)),--entry pbit,$(if $(filter %-78 %-771x2 %-6666 %-zbit,$(1)),--entry zbit))
set_files = $(shell cat tables/.stamp-$(1) 2>/dev/null)
# sets_built TARGET MAKE-TARGET SETS: a recipe line that stops TARGET (exit 2) unless the stamp and
# files of each set are there, naming the make target that builds them.
sets_built = @for f in $(foreach s,$(3),tables/.stamp-$(s) $(call set_files,$(s))); do \
	test -f $$f || { echo "$(1): $$f missing: run make $(2)" >&2; exit 2; }; done
set_stale = $(if $(filter-out $(wildcard $(call set_files,$(1))),$(call set_files,$(1))),FORCE)
# The opt-in sets (minutes) show gen's progress on stderr: a line as each pattern is written, with the time left.
tables/.stamp-%: $(GEN_RUN) $$(call set_stale,$$*) | $$(@D)/
	$(GEN_RUN) $(if $(filter $(PDB_SETS),$*),-q) $(call set_gen,$*) $(call set_entry,$*) > /dev/null
	$(GEN_RUN) $(call set_gen,$*) --list-files > $@.tmp && mv $@.tmp $@

tables: $(TABLES_SMALL:%=tables/%.tbl) $(PDB_SETS:%=tables/.stamp-%)
tables-exact: $(TABLES_SMALL:%=tables/%.tbl)
tables-large: $(TABLES_LARGE:%=tables/%.tbl)
tables-15: $(PDB_SETS_15:%=tables/.stamp-%)
tables-15-small: $(PDB_SETS_15_SMALL:%=tables/.stamp-%)
tables-24: $(PDB_SETS_24:%=tables/.stamp-%)
tables-boards: $(PDB_SETS_BOARDS:%=tables/.stamp-%)

# The exact 2x7 table (opt-in, never part of make or make check): compact entries, 1 bit for each
# of the 43,589,145,600 states (5.45 GB on disk); the search needs 15.2 GiB of memory and takes
# tens of minutes on two cores. Built once: a newer gen does not rebuild it (order-only).
tables-2x7: tables/2x7-b0.tbl
tables/2x7-b0.tbl: | bin/gen $$(@D)/
	bin/gen --board 2x7 --blank 0 --compress compact --dir tables

# TABLE_FILES_T: the files the tables target T writes into tables/ (a set's files are those its
# stamp names: read when a recipe runs, after the sets are built). install installs those of
# INSTALL_TABLES; clean removes the default tables (make's), clean-optin-tables the opt-in ones.
sets_files = $(foreach s,$(1),tables/.stamp-$(s) $(call set_files,$(s)))
TABLE_FILES_tables-exact = $(TABLES_SMALL:%=tables/%.tbl)
TABLE_FILES_tables = $(TABLE_FILES_tables-exact) $(call sets_files,$(PDB_SETS))
TABLE_FILES_tables-large = $(TABLES_LARGE:%=tables/%.tbl)
TABLE_FILES_tables-15 = $(call sets_files,$(PDB_SETS_15))
TABLE_FILES_tables-15-small = $(call sets_files,$(PDB_SETS_15_SMALL))
TABLE_FILES_tables-24 = $(call sets_files,$(PDB_SETS_24))
TABLE_FILES_tables-boards = $(call sets_files,$(PDB_SETS_BOARDS))
TABLE_FILES_tables-2x7 = tables/2x7-b0.tbl
OPTIN_TABLES := tables-large tables-15 tables-15-small tables-24 tables-boards tables-2x7
OPTIN_TABLE_FILES = $(foreach t,$(OPTIN_TABLES),$(TABLE_FILES_$(t)))
