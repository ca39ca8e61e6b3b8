# slidetab: builds libslidetab, the programs' common archive, gen and query, the default tables, tests and benchmarks.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCDIR = $(PREFIX)/include
MANDIR = $(PREFIX)/share/man
DATADIR = $(PREFIX)/share/slidetab/tables
SOVERSION = 0
LIBVERSION = 0.3.0

CC ?= cc
OPT ?= -O2
WERROR ?=
SAN ?=
CFLAGS ?=
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)
# x86-64: use the popcnt instruction (every x86-64 CPU since 2008 has it); elsewhere the default.
ARCH ?= $(if $(filter x86_64,$(shell uname -m)),-mpopcnt,)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(OPT) $(ARCH) -g -Wall -Wextra $(WERROR) $(SAN) -pthread -I. -Iinclude $(CFLAGS)
# The library's objects: position independent, every symbol hidden but the slidetab_ API.
LIB_CFLAGS = -fPIC -fvisibility=hidden -DSLIDETAB_BUILDING_LIBRARY
LDLIBS = -lz -lm
B = build

# libslidetab/ is everything the library is built from; common/ is what only the programs share
# (the table writer, the text formats, the command-line helpers), a second archive never in the .so.
LIB_SRC := $(wildcard libslidetab/*.c libslidetab/*/*.c)
COMMON_SRC := $(wildcard common/*.c)
GEN_SRC := $(wildcard gen/*.c gen/exact/*.c gen/pdb/*.c)
QUERY_SRC := $(wildcard query/*.c)
GAP_SRC := $(wildcard gap/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
COMMON_OBJ := $(COMMON_SRC:%.c=$(B)/%.o)
GEN_OBJ := $(GEN_SRC:%.c=$(B)/%.o)
QUERY_OBJ := $(QUERY_SRC:%.c=$(B)/%.o)
GAP_OBJ := $(GAP_SRC:%.c=$(B)/%.o)
GEN_LIB := $(filter-out $(B)/gen/main.o,$(GEN_OBJ))
QUERY_LIB := $(filter-out $(B)/query/main.o,$(QUERY_OBJ))
# The archives every program links: the common archive first (it uses library internals).
ARCHIVES := lib/libslidetab-common.a lib/libslidetab.a
# Unit tests: tests/unit/AREA/test_MODULE.c, built as build/tests/test_MODULE.
TEST_SRC := $(wildcard tests/unit/*/test_*.c)
TEST_BIN := $(addprefix $(B)/tests/,$(basename $(notdir $(TEST_SRC))))
# Every test program (unit tests, hostile tables, the e2e path checker) is built by one rule.
vpath %.c $(sort $(dir $(TEST_SRC))) tests/hardening tests/e2e
TEST_PROGS := $(TEST_BIN) $(B)/tests/test_hostile $(B)/tests/pathcheck
BENCH_SRC := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

# Default tables: every board up to 10 cells, one table per class of blank cell.
TABLES_SMALL := 2x2-b0 2x3-b0 2x3-b1 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4 2x5-b0 2x5-b1 2x5-b2
TABLES_LARGE := 3x4-b0 3x4-b1 3x4-b4 3x4-b5 2x6-b0 2x6-b1 2x6-b2
GENFLAGS ?= -q

.PHONY: check-layout check-replay all libs demo deps tables tables-large tables-15 tables-24 tables-2x7 bench-24 check check-unit check-e2e check-hardening bench bench-large bench-15 \
	install uninstall clean static fuzz examples gen-mpi check-mpi bench-mpi
.DELETE_ON_ERROR:

all: bin/gen bin/query libs tables

deps:
	@sh .ci/deps.sh

# Answers the published sample of every format from the freshly built tables.
demo: all
	@for d in tests/formats/*; do [ -f $$d/cmd ] || continue; \
		echo "== $$(basename $$d): $$(cat $$d/cmd) < $$d/in"; sh -c "$$(cat $$d/cmd)" < $$d/in; done

$(B)/libslidetab/%.o: libslidetab/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -MMD -MP -c $< -o $@

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# libslidetab: the static archive (every library module, for the programs and tests) and the
# shared library (exports only the slidetab_ API); libslidetab-common: the programs' own archive.
lib/libslidetab.a: $(LIB_OBJ)
	@mkdir -p lib
	rm -f $@
	$(AR) rcs $@ $^

lib/libslidetab-common.a: $(COMMON_OBJ)
	@mkdir -p lib
	rm -f $@
	$(AR) rcs $@ $^

lib/libslidetab.so.$(LIBVERSION): $(LIB_OBJ)
	@mkdir -p lib
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libslidetab.so.$(SOVERSION) -Wl,--no-undefined -o $@ $^ $(LDLIBS)
	ln -sf libslidetab.so.$(LIBVERSION) lib/libslidetab.so.$(SOVERSION)
	ln -sf libslidetab.so.$(SOVERSION) lib/libslidetab.so

libs: lib/libslidetab.a lib/libslidetab-common.a lib/libslidetab.so.$(LIBVERSION)

bin/gen: $(GEN_OBJ) $(ARCHIVES)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

bin/query: $(QUERY_OBJ) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

# gen-mpi: gen's exact search on several processes (Open MPI: libopenmpi-dev). Its own objects
# (gen/mpi/) are compiled with mpicc; the plain build never needs MPI.
MPICC ?= mpicc
MPI_SRC := $(wildcard gen/mpi/*.c)
MPI_OBJ := $(MPI_SRC:%.c=$(B)/%.o)
$(B)/gen/mpi/%.o: gen/mpi/%.c
	@mkdir -p $(dir $@)
	$(MPICC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

bin/gen-mpi: $(MPI_OBJ) $(GEN_LIB) $(ARCHIVES)
	@mkdir -p bin
	$(MPICC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

gen-mpi: bin/gen-mpi
HAVE_MPI := $(shell command -v $(MPICC) >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && echo 1)

# gen-mpi against gen (tests/mpi): skipped, and counted, where Open MPI is not installed.
check-mpi: bin/gen bin/query $(if $(HAVE_MPI),bin/gen-mpi)
	@sh tests/mpi/mpi.sh

# gen-mpi -np 2 -j 1 against gen -j 2 on 3x4 and 2x6 (BENCH_MPI_2X7=1: also 2x7 --count-only, 45+ min).
bench-mpi: all bin/gen-mpi
	@sh bench/run-mpi.sh

static: $(QUERY_OBJ) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -static -s -o bin/query-static $^ $(LDLIBS)
	@ls -l bin/query-static

# Tables depend on the generator, so they are rebuilt when gen changes. gen names each file by
# the one rule of libslidetab/table/name.h (RxC-bK.tbl, K the class of the blank cell).
tables/%.tbl: bin/gen
	@mkdir -p tables
	bin/gen $(GENFLAGS) --board $(word 1,$(subst -b, ,$*)) --blank $(word 2,$(subst -b, ,$*)) --dir tables > /dev/null
	@test -f $@ || { echo "gen did not write $@ (naming rule changed?)" >&2; exit 1; }

# 4x4 pattern databases, one file per pattern (MASK in hex), for each class of blank cell: the
# corner (b0), the edge (b1) and the centre (b5), so that every goal is answered. The small
# 5-5-5 sets by default, 7-8 with tables-15. Each set is one grouped target.
PDB_CLASSES := 0 1 5
pdb_files = $(foreach m,$(2),tables/4x4-b$(1)-pdb-$(m).tbl)
define pdb_rule
$(call pdb_files,$(1),$(3)) &: bin/gen
	@mkdir -p tables
	bin/gen -q --board 4x4 --blank $(1) --pdb $(2) $(4) --dir tables > /dev/null
endef
$(foreach c,$(PDB_CLASSES),$(eval $(call pdb_rule,$(c),555,1132 8cc e600)))
$(foreach c,$(PDB_CLASSES),$(eval $(call pdb_rule,$(c),78,fe ff00,--entry zbit)))
PDB_555 := $(foreach c,$(PDB_CLASSES),$(call pdb_files,$(c),1132 8cc e600))
PDB_78 := $(foreach c,$(PDB_CLASSES),$(call pdb_files,$(c),fe ff00))

# 5x5 (blank in cell 0): the small 4-4-4-4-4-4 set by default (under a second), Korf & Felner's
# 6-6-6-6 set with tables-24 (opt-in: minutes and 2 GB of working memory per pattern).
PDB24_SMALL := $(foreach m,1e 108420 4380 610800 1041040 8a2000,tables/5x5-b0-pdb-$(m).tbl)
PDB24_6666 := $(foreach m,10e6 6318 318c00 1ce0000,tables/5x5-b0-pdb-$(m).tbl)
$(PDB24_SMALL) &: bin/gen
	@mkdir -p tables
	bin/gen -q --board 5x5 --blank 0 --pdb 444444 --dir tables > /dev/null
$(PDB24_6666) &: bin/gen
	@mkdir -p tables
	bin/gen -q --board 5x5 --blank 0 --pdb 6666 --dir tables

tables: $(TABLES_SMALL:%=tables/%.tbl) $(PDB_555) $(PDB24_SMALL)
tables-large: $(TABLES_LARGE:%=tables/%.tbl)
tables-15: $(PDB_78)
tables-24: $(PDB24_6666)

# The exact 2x7 table (opt-in, never part of make or make check): compact entries, 1 bit for each
# of the 43,589,145,600 states (5.45 GB on disk); the search needs 15.2 GiB of memory and takes
# tens of minutes on two cores. Built once: a newer gen does not rebuild it (order-only).
tables-2x7: tables/2x7-b0.tbl
tables/2x7-b0.tbl: | bin/gen
	@mkdir -p tables
	bin/gen --board 2x7 --blank 0 --compress compact --dir tables

$(B)/tests/%: %.c $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -MF $@.d -o $@ $< $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES) $(CHECK_LIBS) $(LDLIBS)

$(B)/bench/%: bench/%.c $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES) $(LDLIBS)

# The suites run one after another (each builds with -j): the hardening tests measure time and
# memory, and must not share the machine with the other suites.
check:
	@$(MAKE) --no-print-directory check-layout
	@$(MAKE) --no-print-directory check-unit
	@$(MAKE) --no-print-directory check-replay
	@$(MAKE) --no-print-directory check-e2e
	@$(MAKE) --no-print-directory check-hardening
	@$(MAKE) --no-print-directory check-mpi

# The house rules over every #include (tests/layout/includes.sh, README "Layout").
check-layout:
	@sh tests/layout/includes.sh

# Hostile tables, exit statuses, concurrent use, resource limits (tests/hardening).
HARDENING_PARTS ?= hostile exit concurrent atomic limits
check-hardening: bin/gen bin/query tables $(B)/tests/test_hostile
	@HOSTILE_BIN=$(B)/tests/test_hostile SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/hardening/run.sh $(HARDENING_PARTS)

# Every fuzz target replayed without libFuzzer on its seeds and on the known crashes
# (tests/hardening/regress/TARGET-*), built with the project's compiler and flags.
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)
REPLAY_BIN := $(FUZZ_SRC:fuzz/%.c=$(B)/fuzz-replay/%)
$(B)/fuzz-replay/%: fuzz/%.c fuzz/replay.c $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

check-replay: $(REPLAY_BIN) tables
	@set -e; for t in $(REPLAY_BIN); do n=$$(basename $$t); \
		files=$$(ls fuzz/corpus/$${n#fuzz_}/* tests/hardening/regress/$$n-* 2>/dev/null || true); \
		echo "== $$n: $$(echo $$files | wc -w) inputs"; [ -z "$$files" ] || $$t $$files >/dev/null; done; \
		echo "replay: every seed and known crash ran through"

# libFuzzer targets (clang), FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz:
	@sh fuzz/run.sh $(FUZZ_SECONDS)

check-unit: $(TEST_BIN) bin/query tables
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done

check-e2e: bin/gen bin/query tables $(B)/tests/pathcheck $(B)/bench/randpuz examples
	@sh tests/e2e/run.sh
	@sh tests/e2e/cli.sh
	@SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/e2e/options.sh
	@sh tests/e2e/input.sh
	@SLIDETAB_SAN="$(SAN)" sh tests/e2e/lib.sh

# The library's example programs, built against the header and static library in the tree.
examples: $(B)/examples/hint
$(B)/examples/%: examples/%.c lib/libslidetab.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Iinclude -o $@ $^ $(LDLIBS)

bench: all $(BENCH_BIN)
	@sh bench/run.sh

bench-large: all $(BENCH_BIN) $(B)/tests/pathcheck
	@sh bench/run-large.sh

# 555, 663 and 78 built and timed for the corner, edge and centre classes, then Korf's 100 and
# random positions solved with 78 for each class.
bench-15: all $(BENCH_BIN)
	$(B)/bench/bench15 -j $$(nproc) --dir build/bench15 --build 555,663,78 --classes 0,1,5 --set 78 --random 100 --korf tests/data/korf100.txt
	@for f in $(PDB_78); do test -f $$f || { echo "bench-15: $$f missing: run make tables-15" >&2; exit 2; }; done
	$(B)/bench/bench15 -j $$(nproc) --set 78 --classes 0,1,5 --random 100 --build none --dir tables
	$(B)/bench/bench15 -j $$(nproc) --shell build/bench15,tables

# Ten of Korf & Felner's 50 24-puzzle instances with the 6-6-6-6 set. Run make tables-24 first:
# the set is not rebuilt here when gen changes (7 minutes), only its presence is required.
bench-24: all $(B)/bench/bench24
	@for f in $(PDB24_6666); do test -f $$f || { echo "bench-24: $$f missing: run make tables-24" >&2; exit 2; }; done
	$(B)/bench/bench24 -j 2 --dir tables --set 6666 --korf tests/data/korf50-24.txt

# Programs are installed as slidetab-gen and slidetab-query; they find the tables in
# PREFIX/share/slidetab/tables beside their bin folder, whatever PREFIX the build had.
install: bin/gen bin/query libs tables
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	install -m 755 bin/gen $(DESTDIR)$(BINDIR)/slidetab-gen
	install -m 755 bin/query $(DESTDIR)$(BINDIR)/slidetab-query
	install -m 644 tables/*.tbl $(DESTDIR)$(DATADIR)/
	install -m 644 include/slidetab.h $(DESTDIR)$(INCDIR)/
	install -m 644 lib/libslidetab.a $(DESTDIR)$(LIBDIR)/
	install -m 755 lib/libslidetab.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libslidetab.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/libslidetab.so.$(SOVERSION)
	ln -sf libslidetab.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libslidetab.so
	printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: slidetab\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -lslidetab\nLibs.private: -lz -lm -pthread\nCflags: -I$${includedir}\n' \
		'$(PREFIX)' '$(LIBDIR)' '$(INCDIR)' 'optimal answers for sliding-tile puzzles from precomputed tables' \
		'$(LIBVERSION)' > $(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc
	install -m 644 docs/man/slidetab-gen.1 docs/man/slidetab-query.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 docs/man/slidetab.3 $(DESTDIR)$(MANDIR)/man3/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/slidetab-gen $(DESTDIR)$(BINDIR)/slidetab-query $(DESTDIR)$(INCDIR)/slidetab.h
	rm -f $(DESTDIR)$(LIBDIR)/libslidetab.a $(DESTDIR)$(LIBDIR)/libslidetab.so*
	rm -f $(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc
	rm -f $(DESTDIR)$(MANDIR)/man1/slidetab-gen.1 $(DESTDIR)$(MANDIR)/man1/slidetab-query.1
	rm -f $(DESTDIR)$(MANDIR)/man3/slidetab.3
	rm -rf $(DESTDIR)$(PREFIX)/share/slidetab

clean:
	rm -rf $(B) bin lib tables/*.tbl

-include $(LIB_OBJ:.o=.d) $(COMMON_OBJ:.o=.d) $(GEN_OBJ:.o=.d) $(MPI_OBJ:.o=.d) $(QUERY_OBJ:.o=.d) $(GAP_OBJ:.o=.d) $(TEST_PROGS:=.d)
