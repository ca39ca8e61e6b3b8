# SPDX-License-Identifier: Zlib
# mk/bench.mk: the benchmark programs and the bench targets (each writes its figures into its own
# section of docs/BENCHMARKS.md through bench/record.sh).
.PHONY: bench bench-large bench-15 bench-15-771 bench-15-code bench-15-small bench-15-78 bench-15-pbit bench-24 bench-24-peer \
	bench-boards bench-bounded bench-python bench-mpi bench-lite bench-pdb

$(B)/bench/%: bench/%.c $(PROG_LIBS) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))

# Every bench target writes its figures, stamped with machine, date and commit, into its own section
# of docs/BENCHMARKS.md through bench/record.sh (only when it passes; BENCH_NOTE adds a note).
bench: all $(BENCH_BIN)
	@sh bench/record.sh bench sh bench/run.sh

bench-large: all $(BENCH_BIN) $(B)/tests/pathcheck $(B)/tests/tblcmp
	@sh bench/record.sh bench-large sh bench/run-large.sh

# This build's query against another (QUERY_A=PATH, e.g. main's bin/query) on the 7-8 set in
# DIR15 (default tables, make tables-15): one answer and Korf's 100, whole processes interleaved.
DIR15 ?= tables
bench-15-code: all $(B)/bench/bench15
	@test -n "$(QUERY_A)" || { echo "bench-15-code: give QUERY_A=PATH, the query to compare with" >&2; exit 2; }
	sh bench/record.sh bench-15-code $(B)/bench/bench15 -j 2 --shell $(QUERY_A):$(DIR15),bin/query:$(DIR15)

# The zero-aware 7-7-1 set (35.5 MB a class) against 7-8 (make tables-15) on Korf's 100 (docs/pdb.md).
bench-15-771: all $(B)/bench/pdbnodes
	sh bench/record.sh bench-15-771 sh bench/run-771.sh build/bench15-771

# The 15-puzzle targets on one set (class 0 is enough): each of Korf's 100 as its own whole query
# process, then the 100 as one batch, on every core; with QUERY_A=PATH, that query side by side (e.g.
# an older build), on the same tables (QUERY_A_TABLES=DIR: its own copy, for a build of another
# format, or to keep the page cache each build leaves apart: bench15 drops the set's files from the
# page cache first, and the first side to read them decides how they are cached). Each query sees
# only the set's files. bench-15-small: the small set (make tables-15-small);
# bench-15-78: the 7-8 set (make tables-15).
comma := ,
define bench15_each
$(call sets_built,$(1),$(3),4x4-b0-$(2))
@sh bench/record.sh $(1) $(B)/bench/bench15 -j $$(nproc) --set $(2) \
	--each $(if $(QUERY_A),$(QUERY_A):$(or $(QUERY_A_TABLES),tables)$(comma))tables
endef
bench-15-small: all $(B)/bench/bench15
	$(call bench15_each,bench-15-small,771x2,tables-15-small)
bench-15-78: all $(B)/bench/bench15
	$(call bench15_each,bench-15-78,78,tables-15)

# The 7-8 set of 4x4 with 1-bit placement entries against zero-aware ones and a mix of the two: builds,
# sizes, nodes and answers side by side (bench/run-15-pbit.sh; builds both sets, minutes).
bench-15-pbit: all $(B)/bench/pdbnodes $(B)/bench/bench15
	sh bench/record.sh bench-15-pbit sh bench/run-15-pbit.sh build/bench15-pbit

# 555, 663 and 78 built and timed for the corner, edge and centre classes, then Korf's 100 and
# random positions solved with 78 for each class.
bench-15: all $(BENCH_BIN)
	sh bench/record.sh bench-15 $(B)/bench/bench15 -j $$(nproc) --dir build/bench15 --build 555,663,78 --classes 0,1,5 --set 78 --random 100 --korf tests/data/korf100.txt
	$(call sets_built,bench-15,tables-15,$(PDB_SETS_15))
	sh bench/record.sh bench-15-mapped $(B)/bench/bench15 -j $$(nproc) --set 78 --classes 0,1,5 --random 100 --build none --dir tables
	sh bench/record.sh bench-15-shell $(B)/bench/bench15 -j $$(nproc) --shell build/bench15,tables

# query --fast and --within: whole-process times on 10x10 and 16x16, 5x5 --within 1.5
# with the small default set, Korf's 100 ratios to the published optima (each puzzle capped at 10 s).
bench-bounded: all $(B)/bench/bounded
	sh bench/record.sh bench-bounded sh bench/bounded.sh

# The 24 puzzle with the zero-aware 6-6-6-6 set (bench/run-24.sh): line 38 from the shell, whole process, and Korf &
# Felner's ten easiest beside the published counts; VS=DIR [VS_SET=NAME] adds a side-by-side run against another set.
# BENCH_A=PATH (another build's bench24; BENCH_A_TABLES=DIR its tables; BENCH_A_OPTS options for both) adds lines
# answered by both binaries, interleaved, and their CPU ratio.
# Run make tables-24 first: the set is not rebuilt here when gen changes (4 minutes), only its presence is required.
bench-24: all $(B)/bench/bench24
	$(call sets_built,bench-24,tables-24,5x5-b0-6666)
	sh bench/record.sh bench-24 sh bench/run-24.sh $(B)/bench

# The 24 puzzle beside a peer's solver alone (bench/run-24-peer.sh; also bench-24's last section when PEER24 is set):
# PEER24=DIR, where clausecker/24puzzle was built outside the tree, PEER24_PDB=DIR its PDBs for its reinefeld-t
# catalogue (docs/BENCHMARKS.md says how to build both); LINES (default 38 40 25) one whole process each, the peer's
# then ours, both CPU times on the line and their ratio.
bench-24-peer: all $(B)/bench/bench24
	@test -n "$(PEER24)" || { echo "bench-24-peer: give PEER24=DIR, the folder where clausecker/24puzzle was built" >&2; exit 2; }
	$(call sets_built,bench-24-peer,tables-24,5x5-b0-6666)
	sh bench/record.sh bench-24-peer sh bench/run-24-peer.sh $(B)/bench

# The other boards: 3x5, 100 random positions, and 4x5, 20, optimal through the library (bench/boards.c),
# with the sets make builds and, when make tables-boards has built them, the strong ones.
bench-boards: all $(B)/bench/boards $(B)/bench/randpuz
	@sh bench/record.sh bench-boards sh bench/run-boards.sh $(B)/bench

# The batch calls side by side: slidetab_distances in C, and the Python calls, on 1,000,000
# random 3x3 starts.
bench-python: all python $(B)/bench/batchbench $(B)/bench/randpuz
	@$(B)/bench/randpuz 3x3 1000000 11 > $(B)/bench/starts-3x3.txt
	@PYTHONPATH=python $(PYTHON) bench/python.py $(B)/bench/batchbench $(B)/bench/starts-3x3.txt

# gen-mpi -np 2 -j 1 against gen -j 2 on 3x4 and 2x6 (BENCH_MPI_2X7=1: also 2x7 --count-only, about 30 min).
bench-mpi: all bin/gen-mpi
	@sh bench/record.sh bench-mpi sh bench/run-mpi.sh


# lite's solver, native: zbit and pbit 6-6-3 and 5-5-5 sets side by side on Korf's lines 1-10
# (bench/run-lite.sh: nodes, nodes a second, and the library's search on the same files).
bench-lite: all $(B)/bench/litenodes $(B)/bench/pdbnodes
	sh bench/record.sh bench-lite sh bench/run-lite.sh build/bench-lite

# The zero-aware PDB builds (bench/run-pdb.sh): 5x5 6-6-6-6 and 4x4 7-8, whole sets, beside GEN_A=PATH (an
# older gen) when given: wall, CPU, peak RSS, entries a CPU-second, the exact search's rate, the files compared
# with A's, -j 1's and tests/data/pdb-zbit.cksum, and verified. Half an hour with GEN_A; not in make check.
bench-pdb: all $(B)/bench/runstat $(B)/bench/memprobe
	sh bench/record.sh bench-pdb sh bench/run-pdb.sh $(B)/bench $(GEN_A)
