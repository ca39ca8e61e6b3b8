# slidetab: builds libslidetab, the programs' common archive, gen and query, the default tables, tests and benchmarks.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCDIR = $(PREFIX)/include
MANDIR = $(PREFIX)/share/man
DATADIR = $(PREFIX)/share/slidetab/tables
# The release, read from include/slidetab.h (said once there): VERSION names the .so file, its
# major (SOVERSION) the soname; the .pc file, the man pages and the packages take it from here.
version_of = $(shell sed -n 's/^\#define SLIDETAB_VERSION_$(1)[[:space:]]*\([0-9][0-9]*\)$$/\1/p' include/slidetab.h)
SOVERSION := $(call version_of,MAJOR)
VERSION := $(SOVERSION).$(call version_of,MINOR).$(call version_of,PATCH)
LIBVERSION := $(VERSION)
# The man pages as make writes them, with VERSION in their headers (docs/man/* say @VERSION@).
MAN_PAGES = $(patsubst docs/man/%,$(B)/man/%,$(wildcard docs/man/*.[1-9]))

CC ?= cc
OPT ?= -O2
WERROR ?=
SAN ?=
CFLAGS ?=
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)
# The target is what CC compiles for (a cross build: make CC=arm-linux-gnueabihf-gcc); the build
# machine is what HOSTCC compiles for. They differ (CROSS=1) when the first fields of their
# -dumpmachine differ; then the tables are made by a gen built with HOSTCC in build/host/, and the
# programs run only under an emulator (EMU, see check-cross and docs/embedded.md).
HOSTCC ?= cc
TARGET_CPU := $(firstword $(subst -, ,$(shell $(CC) -dumpmachine 2>/dev/null)))
HOST_CPU := $(firstword $(subst -, ,$(shell $(HOSTCC) -dumpmachine 2>/dev/null)))
CROSS ?= $(if $(filter $(TARGET_CPU),$(HOST_CPU)),,1)
# x86-64 targets: use the popcnt instruction (every x86-64 CPU since 2008 has it); elsewhere the default.
x86_64_of = $(if $(shell $(1) -E -dM -x c /dev/null 2>/dev/null | grep -w __x86_64__),-mpopcnt,)
ARCH ?= $(call x86_64_of,$(CC))
HOST_ARCH ?= $(call x86_64_of,$(HOSTCC))
# EMU runs a target program on the build machine (empty natively; .ci/cross.sh env ARCH prints it:
# "qemu-arm -L /usr/arm-linux-gnueabihf -E LD_LIBRARY_PATH=/usr/arm-linux-gnueabihf/lib:...").
EMU ?=
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(OPT) $(ARCH) -g -Wall -Wextra $(WERROR) $(SAN) -pthread -I. -Iinclude $(CFLAGS)
# The library's objects: position independent, every symbol hidden but the slidetab_ API.
LIB_CFLAGS = -fPIC -fvisibility=hidden -DSLIDETAB_BUILDING_LIBRARY
LDLIBS = -lz -lm
LIB_LDLIBS := $(LDLIBS) # the shared library's own: it never deflates
B = build
# libdeflate (Debian's libdeflate-dev) deflates the table blocks, a zlib stream each as before; used
# when CC links it (with CFLAGS: a cross build's sysroot), else zlib's encoder does (LIBDEFLATE=0
# forces that). has_deflate: whether the compiler $(1) with flags $(2) links a libdeflate program.
has_deflate = $(shell printf '\043include <libdeflate.h>\nint main(void){return libdeflate_alloc_compressor(4) == 0;}\n' | \
	$(1) $(2) -x c - -o /dev/null -ldeflate >/dev/null 2>&1 && echo 1)
ifeq ($(origin LIBDEFLATE),undefined)
LIBDEFLATE := $(call has_deflate,$(CC),$(CFLAGS))
endif
ifeq ($(origin HOST_LIBDEFLATE),undefined)
HOST_LIBDEFLATE := $(if $(CROSS),$(call has_deflate,$(HOSTCC),),$(LIBDEFLATE))
endif
ifeq ($(LIBDEFLATE),1)
ALL_CFLAGS += -DSLIDETAB_HAVE_LIBDEFLATE
LDLIBS += -ldeflate
endif
HOST_DEFLATE_FLAGS = $(if $(filter 1,$(HOST_LIBDEFLATE)),-DSLIDETAB_HAVE_LIBDEFLATE)
HOST_DEFLATE_LIBS = $(if $(filter 1,$(HOST_LIBDEFLATE)),-ldeflate)

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
# make check-unit runs the suites UNIT_JOBS at a time (tests/unit/run.sh), the longest first (natively
# and under qemu) so that the jobs end together; unit_order: the suites of $(1) in that order.
UNIT_JOBS ?= 2
UNIT_LONGEST := pdb cache bfs zpdb fast query
unit_order = $(foreach t,$(UNIT_LONGEST),$(filter $(B)/tests/test_$(t),$(1))) $(filter-out $(UNIT_LONGEST:%=$(B)/tests/test_%),$(1))
# Every test program (unit tests, hostile tables, the e2e path checker) is built by one rule.
vpath %.c $(sort $(dir $(TEST_SRC))) tests/hardening tests/e2e
TEST_PROGS := $(TEST_BIN) $(B)/tests/test_hostile $(B)/tests/pathcheck $(B)/tests/tblcmp
BENCH_SRC := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

# Default tables: every board up to 10 cells, one table per class of blank cell.
TABLES_SMALL := 2x2-b0 2x3-b0 2x3-b1 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4 2x5-b0 2x5-b1 2x5-b2
TABLES_LARGE := 3x4-b0 3x4-b1 3x4-b4 3x4-b5 2x6-b0 2x6-b1 2x6-b2
GENFLAGS ?= -q

.PHONY: wasm js web check-js bench-web idafsm-data lite-fsm format python check-python bench-python check-layout check-lite check-cross check-mcu mcu check-replay all libs demo deps tables tables-exact tables-large tables-15 tables-15-small tables-24 tables-boards tables-2x7 bench-24 bench-boards bench-bounded check check-unit check-e2e check-hardening bench bench-large bench-15 bench-15-771 bench-15-code bench-15-small bench-15-78 bench-15-pbit \
	install uninstall version dist distcheck check-deb check-abi wheel wheel-tables check-wheel clean static fuzz examples gen-mpi check-mpi bench-mpi
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
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libslidetab.so.$(SOVERSION) -Wl,--no-undefined -o $@ $^ $(LIB_LDLIBS)
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

# gen-mpi -np 2 -j 1 against gen -j 2 on 3x4 and 2x6 (BENCH_MPI_2X7=1: also 2x7 --count-only, about 30 min).
bench-mpi: all bin/gen-mpi
	@sh bench/record.sh bench-mpi sh bench/run-mpi.sh

static: $(QUERY_OBJ) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -static -s -o bin/query-static $^ $(LDLIBS)
	@ls -l bin/query-static

# The gen that makes tables: bin/gen, or when cross-compiling one built for the build machine
# with HOSTCC from the same sources (tables are the same bytes on every machine).
HOST_B = $(B)/host
HOST_CFLAGS = -std=c11 -D_GNU_SOURCE -O2 $(HOST_ARCH) -g -Wall -Wextra $(WERROR) -pthread -I. -Iinclude $(HOST_DEFLATE_FLAGS)
HOST_GEN_OBJ := $(addprefix $(HOST_B)/,$(GEN_SRC:.c=.o) $(COMMON_SRC:.c=.o) $(LIB_SRC:.c=.o))
HOST_QUERY_OBJ := $(addprefix $(HOST_B)/,$(QUERY_SRC:.c=.o) $(GAP_SRC:.c=.o) $(COMMON_SRC:.c=.o) $(LIB_SRC:.c=.o))
GEN_RUN := $(if $(CROSS),$(HOST_B)/bin/gen,bin/gen)
$(HOST_B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -MMD -MP -c $< -o $@
$(HOST_B)/bin/gen: $(HOST_GEN_OBJ)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $^ -lz -lm $(HOST_DEFLATE_LIBS)
$(HOST_B)/bin/query: $(HOST_QUERY_OBJ)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $^ -lz -lm $(HOST_DEFLATE_LIBS)

# Tables depend on the generator, so they are rebuilt when gen changes. gen names each file by
# the one rule of libslidetab/table/name.h (RxC-bK.tbl, K the class of the blank cell).
tables/%.tbl: $(GEN_RUN)
	@mkdir -p tables
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
set_gen = --board $(word 1,$(subst -, ,$(1))) --blank $(subst b,,$(word 2,$(subst -, ,$(1)))) \
	--pdb $(word 3,$(subst -, ,$(1))) --dir tables
# A set name's -pbit (-zbit) asks gen for 1-bit placement (zero-aware) entries; 78, 771x2 and 6666
# without either are zero-aware.
set_entry = $(if $(filter %-pbit,$(1)),--entry pbit,$(if $(filter %-78 %-771x2 %-6666 %-zbit,$(1)),--entry zbit))
set_files = $(shell cat tables/.stamp-$(1) 2>/dev/null)
set_stale = $(if $(filter-out $(wildcard $(call set_files,$(1))),$(call set_files,$(1))),FORCE)
.SECONDEXPANSION:
tables/.stamp-%: $(GEN_RUN) $$(call set_stale,$$*)
	@mkdir -p tables
	$(GEN_RUN) $(if $(filter %-6666,$*),,-q) $(call set_gen,$*) $(call set_entry,$*) > /dev/null
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
tables/2x7-b0.tbl: | bin/gen
	@mkdir -p tables
	bin/gen --board 2x7 --blank 0 --compress compact --dir tables

$(B)/tests/%: %.c $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -MF $@.d -o $@ $< $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES) $(CHECK_LIBS) $(LDLIBS)

# test_astar refuses chosen reallocations (its __wrap_realloc) in the middle of a search, and
# counts the looks at the clock (its __wrap_clock_now).
$(B)/tests/test_astar: LDLIBS += -Wl,--wrap=realloc -Wl,--wrap=clock_now

$(B)/bench/%: bench/%.c $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(ARCHIVES) $(LDLIBS)

# The freestanding reader (lite/, docs/embedded.md): C99, no libc but memcpy/memset/memcmp. Its
# test links it with the library it is compared with; check-lite also checks its undefined symbols
# and, where arm-none-eabi-gcc is installed, its Cortex-M0 size (at most 4 KB of code, 512 B of RAM).
LITE_CFLAGS = -std=c99 -pedantic -ffreestanding $(OPT) $(ARCH) -g -Wall -Wextra $(WERROR) $(SAN) -I. $(CFLAGS)
# The solver (lite/slidetab_lite_solve.c, with its move machine slidetab_lite_fsm.c) is checked the
# same way: at most 8 KB of Cortex-M0 code without the machine, 0 B of static RAM, and a stack
# (-fstack-usage) within SLIDETAB_LITE_SOLVE_STACK.
LITE_NAMES := slidetab_lite slidetab_lite_solve slidetab_lite_fsm
LITE_OBJ := $(LITE_NAMES:%=$(B)/lite/%.o)
$(B)/lite/%.o: lite/%.c
	@mkdir -p $(dir $@)
	$(CC) $(LITE_CFLAGS) -MMD -MP -c $< -o $@
$(B)/tests/test_lite $(B)/tests/test_lite_solve: $(B)/tests/%: tests/unit/lite/%.c $(LITE_OBJ) $(GEN_LIB) $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -MF $@.d -o $@ $< $(LITE_OBJ) $(GEN_LIB) $(ARCHIVES) $(CHECK_LIBS) $(LDLIBS)
M0_CC ?= arm-none-eabi-gcc
M0_CFLAGS = -std=c99 -pedantic -mcpu=cortex-m0 -mthumb -Os -ffreestanding -Wall -Wextra -Werror -I.
$(B)/lite-m0/%.o: lite/%.c $(wildcard lite/*.h)
	@mkdir -p $(dir $@)
	$(M0_CC) $(M0_CFLAGS) -fstack-usage -fcallgraph-info=su -c $< -o $@
# The target's objects without sanitizers (their runtime calls are not the reader's).
$(B)/lite-plain/%.o: lite/%.c $(wildcard lite/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=c99 -pedantic -ffreestanding -O2 -Wall -Wextra -Werror -I. -c $< -o $@
-include $(LITE_OBJ:.o=.d) $(HOST_GEN_OBJ:.o=.d) $(HOST_QUERY_OBJ:.o=.d)
check-lite: $(LITE_NAMES:%=$(B)/lite-plain/%.o) $(if $(shell command -v $(M0_CC) 2>/dev/null),$(LITE_NAMES:%=$(B)/lite-m0/%.o)) bin/gen
	@sh tests/lite/symbols.sh $(filter %.o,$^)
	@sh tests/lite/carray.sh
	@sh tests/lite/alone.sh

# examples/mcu/: firmware for qemu-system-arm's mps2-an385 (Cortex-M3, semihosting) that answers
# 8-puzzles from a compiled-in 3x3 compact table through lite/ (and a 2x4 one, firmware-2x4.elf), and
# 15-puzzles on the mps2-an386 (Cortex-M4) through lite's solver (firmware-4x4.elf). check-mcu runs
# them against query (a counted skip without arm-none-eabi-gcc and qemu-system-arm) and prints their
# flash and RAM.
MCU_CC ?= arm-none-eabi-gcc
MCU_CFLAGS = -std=c99 -mcpu=cortex-m3 -mthumb -Os -ffreestanding -fno-tree-loop-distribute-patterns -Wall -Wextra \
	-Werror -ffunction-sections -fdata-sections -I.
HAVE_MCU := $(shell command -v $(MCU_CC) >/dev/null 2>&1 && command -v qemu-system-arm >/dev/null 2>&1 && echo 1)
$(B)/mcu/puzzle8.c: $(GEN_RUN)
	@mkdir -p $(dir $@)
	$(GEN_RUN) -q -j2 --board 3x3 --compress compact --c-array puzzle8 -o $@ > /dev/null
$(B)/mcu/puzzle7.c: $(GEN_RUN)
	@mkdir -p $(dir $@)
	$(GEN_RUN) -q -j2 --board 2x4 --compress compact --c-array puzzle7 -o $@ > /dev/null
$(B)/mcu/puzzle15.c: $(GEN_RUN)
	@mkdir -p $(dir $@)
	$(GEN_RUN) -q -j2 --board 4x4 --blank 0 --pdb 555 --entry pbit --c-array puzzle15 -o $@ > /dev/null
$(B)/mcu/puzzles.c $(B)/mcu/puzzles-2x4.c $(B)/mcu/puzzles-4x4.c: $(B)/mcu/%.c: examples/mcu/%.txt
	@mkdir -p $(dir $@)
	awk 'BEGIN { print "/* puzzles: $< as C (made by make). */"; print "#include <stddef.h>" } \
		NR == 1 { print "const unsigned char mcu_puzzles[][" NF "] = {" } { gsub(/ +/, ", "); print "\t{ " $$0 " }," } \
		END { print "};"; print "const size_t mcu_npuzzles = " NR ";" }' $< > $@
MCU_FW_SRC = examples/mcu/main.c examples/mcu/start.c lite/slidetab_lite.c examples/mcu/mcu.ld
$(B)/mcu/firmware.elf: $(MCU_FW_SRC) $(B)/mcu/puzzle8.c $(B)/mcu/puzzles.c
	$(MCU_CC) $(MCU_CFLAGS) -nostdlib -T examples/mcu/mcu.ld -Wl,--gc-sections -o $@ $(filter %.c,$^) -lgcc
# The seven-puzzle (2x4) answerer: the same firmware with the 2x4 compact table.
$(B)/mcu/firmware-2x4.elf: $(MCU_FW_SRC) $(B)/mcu/puzzle7.c $(B)/mcu/puzzles-2x4.c
	$(MCU_CC) $(MCU_CFLAGS) -DMCU_TABLE=puzzle7 -DMCU_CELLS=8 -nostdlib -T examples/mcu/mcu.ld -Wl,--gc-sections \
		-o $@ $(filter %.c,$^) -lgcc
# The 15-puzzle answerer (Cortex-M4, mps2-an386): lite's solver and its move machine with the 5-5-5
# pbit set in flash (gen --c-array), 8 KB of stack; it answers start and goal pairs.
MCU4_CFLAGS = $(subst cortex-m3,cortex-m4,$(MCU_CFLAGS))
MCU15_SRC = examples/mcu/solve15.c examples/mcu/start.c lite/slidetab_lite.c lite/slidetab_lite_solve.c \
	lite/slidetab_lite_fsm.c examples/mcu/mcu.ld
$(B)/mcu/firmware-4x4.elf: $(MCU15_SRC) $(wildcard lite/*.h) $(B)/mcu/puzzle15.c $(B)/mcu/puzzles-4x4.c
	$(MCU_CC) $(MCU4_CFLAGS) -nostdlib -T examples/mcu/mcu.ld -Wl,--gc-sections -Wl,--defsym=mcu_stack_size=8192 \
		-o $@ $(filter %.c,$^) -lgcc
mcu: $(B)/mcu/firmware.elf $(B)/mcu/firmware-2x4.elf $(B)/mcu/firmware-4x4.elf
check-mcu: $(if $(HAVE_MCU),$(B)/mcu/firmware.elf $(B)/mcu/firmware-2x4.elf $(B)/mcu/firmware-4x4.elf) bin/query tables
	@sh examples/mcu/run.sh $(if $(HAVE_MCU),$(B)/mcu/firmware.elf 3x3 puzzle8 examples/mcu/puzzles.txt 28672 mps2-an385 - \
		$(B)/mcu/firmware-2x4.elf 2x4 puzzle7 examples/mcu/puzzles-2x4.txt 6144 mps2-an385 - \
		$(B)/mcu/firmware-4x4.elf 4x4 puzzle15 examples/mcu/puzzles-4x4.txt 262144 mps2-an386 --pairs)

# A cross build under EMU (.ci/cross.sh, docs/embedded.md): every unit suite under qemu-user
# (CROSS_SUITES, all of them), each timed, with SLIDETAB_TEST_EMULATED=1 (the suites shrink their
# largest cases, each saying how next to the case: tests/unit/testutil.h), the pattern databases
# the build machine's gen made (SLIDETAB_TEST_HOST_TABLES, tests/unit/testtables.h) and Check's
# timeouts times 10; then query's answers on the default tables against the build machine's and
# gen's tables against its gen's, byte for byte (tests/cross/answers.sh). The cases that run gen or query as programs (tag cli) are left out.
CROSS_SUITES ?= $(sort $(TEST_BIN:$(B)/tests/test_%=%))
CROSS_PUZZLES ?= 100
# The suites run CROSS_JOBS at a time (tests/unit/run.sh).
CROSS_JOBS ?= $(UNIT_JOBS)
check-cross: $(CROSS_SUITES:%=$(B)/tests/test_%) bin/gen bin/query $(HOST_B)/bin/query $(GEN_RUN) tables
	@CK_EXCLUDE_TAGS=cli CK_TIMEOUT_MULTIPLIER=10 SLIDETAB_TEST_EMULATED=1 SLIDETAB_TEST_HOST_TABLES=tables \
		EMU="$(EMU)" sh tests/unit/run.sh $(CROSS_JOBS) $(call unit_order,$(CROSS_SUITES:%=$(B)/tests/test_%))
	@EMU="$(EMU)" sh tests/cross/answers.sh $(CROSS_PUZZLES)

# The parts run one after another (each builds with -j): the hardening tests measure time and
# memory, and must not share the machine with the other parts.
check:
	@$(MAKE) --no-print-directory check-layout
	@$(MAKE) --no-print-directory check-lite
	@$(MAKE) --no-print-directory check-mcu
	@$(MAKE) --no-print-directory check-unit
	@$(MAKE) --no-print-directory check-replay
	@$(MAKE) --no-print-directory check-e2e
	@$(MAKE) --no-print-directory check-hardening
	@$(MAKE) --no-print-directory check-mpi
	@$(MAKE) --no-print-directory check-python
	@$(MAKE) --no-print-directory check-js

# The house rules over every #include (tests/layout/includes.sh, README "What is where"), the
# shared library's exports: exactly the header's functions, no code of common/ (exports.sh), the
# house style (format.sh), facts said once (facts.sh: the presets, the cell limits; version.sh: the
# version) and the README's 300 lines, its figures those of docs/BENCHMARKS.md (readme.sh).
check-layout: lib/libslidetab.so.$(LIBVERSION) bin/gen bin/query $(MAN_PAGES) $(B)/slidetab.pc
	@sh tests/layout/includes.sh
	@sh tests/layout/exports.sh
	@sh tests/layout/format.sh
	@sh tests/layout/facts.sh
	@sh tests/layout/readme.sh
	@MAKE="$(MAKE)" SLIDETAB_SAN="$(SAN)" sh tests/layout/version.sh

# Applies the house style (.clang-format, clang-format 14) to every C file.
# The IDA* automaton compiled into the library (libslidetab/search/idafsm_data.c), rewritten from
# idafsm_build after a change to tests/unit/search/idafsm_build.h; test_idafsm fails until it is.
# lite's machine (lite/slidetab_lite_fsm.c): idafsm_build's for strings of up to LITE_FSM_LEN moves.
LITE_FSM_LEN ?= 8
$(B)/tests/fsm_write: tests/lite/fsm_write.c $(ARCHIVES)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ARCHIVES) $(LDLIBS)
lite-fsm: $(B)/tests/fsm_write
	$(B)/tests/fsm_write $(LITE_FSM_LEN) > lite/slidetab_lite_fsm.c.tmp && mv lite/slidetab_lite_fsm.c.tmp lite/slidetab_lite_fsm.c
idafsm-data: $(B)/tests/idafsm_write
	$(B)/tests/idafsm_write > libslidetab/search/idafsm_data.c.tmp && mv libslidetab/search/idafsm_data.c.tmp libslidetab/search/idafsm_data.c

format:
	git ls-files '*.c' '*.h' | xargs clang-format -i

# Hostile tables, exit statuses, concurrent use, resource limits (tests/hardening).
HARDENING_PARTS ?= hostile exit concurrent atomic limits
check-hardening: bin/gen bin/query tables $(B)/tests/test_hostile
	@HOSTILE_BIN=$(B)/tests/test_hostile SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/hardening/run.sh $(HARDENING_PARTS)

# Every fuzz target replayed without libFuzzer on its seeds and on the known crashes
# (tests/hardening/regress/TARGET-*), built with the project's compiler and flags.
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)
REPLAY_BIN := $(FUZZ_SRC:fuzz/%.c=$(B)/fuzz-replay/%)
$(B)/fuzz-replay/%: fuzz/%.c fuzz/replay.c $(QUERY_LIB) $(GAP_OBJ) $(LITE_OBJ) $(ARCHIVES)
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
	@EMU="$(EMU)" sh tests/unit/run.sh $(UNIT_JOBS) $(call unit_order,$(TEST_BIN))

check-e2e: bin/gen bin/query tables $(B)/tests/pathcheck $(B)/tests/tblcmp $(B)/bench/randpuz examples
	@sh tests/e2e/run.sh
	@sh tests/e2e/cli.sh
	@SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/e2e/options.sh
	@sh tests/e2e/input.sh
	@sh tests/e2e/ckpt.sh
	@sh tests/e2e/genout.sh
	@sh tests/e2e/carray.sh
	@sh tests/e2e/encoder.sh
	@sh tests/e2e/values.sh
	@sh tests/e2e/pbit.sh
	@sh tests/e2e/search.sh
	@SLIDETAB_SAN="$(SAN)" sh tests/e2e/install.sh
	@SLIDETAB_SAN="$(SAN)" sh tests/e2e/lib.sh

# The library's example programs, built against the header and static library in the tree.
examples: $(B)/examples/hint
$(B)/examples/%: examples/%.c lib/libslidetab.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Iinclude -o $@ $^ $(LDLIBS)

# WebAssembly, the npm package and the page (docs/web.md): build/wasm/slidetab.wasm is lite/ and
# js/src/wasm.c built by Debian's clang and wasm-ld (no libc, no emscripten; with the 15-puzzle
# solver when lite/slidetab_lite_solve.c is there). make js stages the package slidetab in
# build/js/package (its sources, the wasm, the compact 2x4 and 3x3 tables of every blank class that
# gen makes, package.json with the version of include/slidetab.h) and packs it; make web stages
# the page (examples/web) with the package and its tables in build/web; check-js runs js/test.
WASM_CC ?= clang
WASM_SRC := js/src/wasm.c lite/slidetab_lite.c $(wildcard lite/slidetab_lite_solve.c lite/slidetab_lite_fsm.c)
WASM_CFLAGS = --target=wasm32 -nostdlib -std=c99 -ffreestanding -Os -Wall -Wextra -Werror -I. -Ilite \
	$(if $(filter %solve.c,$(WASM_SRC)),-DSTW_SOLVER)
WASM_LDFLAGS = -Wl,--no-entry -Wl,--strip-all -Wl,--stack-first -Wl,-z,stack-size=65536
JS_TABLES := 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4
JS_PKG = $(B)/js/package
JS_FILES := index.js index.d.ts worker.js README.md
NODE ?= node
HAVE_JS := $(shell command -v $(NODE) >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && command -v wasm-ld >/dev/null 2>&1 && \
	$(WASM_CC) --target=wasm32 -c -x c /dev/null -o /dev/null 2>/dev/null && echo 1)
wasm: $(B)/wasm/slidetab.wasm
$(B)/wasm/slidetab.wasm: $(WASM_SRC) lite/slidetab_lite.h $(wildcard lite/slidetab_lite_solve.h)
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS) -o $@ $(WASM_SRC)
	@echo "wasm: $@: $$(wc -c < $@) bytes"
$(B)/js/tables/%.tbl: $(GEN_RUN)
	@mkdir -p $(dir $@)
	$(GEN_RUN) -q --board $(word 1,$(subst -b, ,$*)) --blank $(word 2,$(subst -b, ,$*)) --compress compact -o $@ > /dev/null
$(JS_PKG)/package.json: js/package.json include/slidetab.h
	@mkdir -p $(dir $@)
	sed 's/"version": "[^"]*"/"version": "$(VERSION)"/' js/package.json > $@
js: $(JS_PKG)/package.json $(JS_FILES:%=js/src/%) $(B)/wasm/slidetab.wasm $(JS_TABLES:%=$(B)/js/tables/%.tbl)
	@mkdir -p $(JS_PKG)/tables
	cp $(patsubst %,js/src/%,$(filter-out index.js,$(JS_FILES))) $(B)/wasm/slidetab.wasm $(JS_PKG)/
	sed "s/^export const version = '[^']*'/export const version = '$(VERSION)'/" js/src/index.js > $(JS_PKG)/index.js
	cp $(JS_TABLES:%=$(B)/js/tables/%.tbl) $(JS_PKG)/tables/
	cd $(B)/js && npm pack --silent --offline ./package > /dev/null && ls slidetab-$(VERSION).tgz
# The page's 15-puzzle sets (with the solver only): 663 for the corner class of the blank (the
# default goal's), loaded at once; 555 for the edge and centre classes, loaded when a goal needs them.
WEB_SETS := $(if $(wildcard lite/slidetab_lite_solve.c),4x4-b0-663 4x4-b1-555 4x4-b5-555)
web_set_gen = --board $(word 1,$(subst -, ,$(1))) --blank $(subst b,,$(word 2,$(subst -, ,$(1)))) \
	--pdb $(word 3,$(subst -, ,$(1))) --entry pbit --dir $(B)/web/sets
$(B)/web/sets/%.list: $(GEN_RUN)
	@mkdir -p $(dir $@)
	$(GEN_RUN) -q $(call web_set_gen,$*) > /dev/null
	$(GEN_RUN) $(call web_set_gen,$*) --list-files | sed 's|.*/||' > $@.tmp && mv $@.tmp $@
$(B)/web/sets.json: $(WEB_SETS:%=$(B)/web/sets/%.list)
	@mkdir -p $(dir $@)
	{ printf '{'; sep=; for f in $^; do k=$$(basename $$f .list); \
		printf '%s\n  "%s": [%s]' "$$sep" "$${k%-*}" "$$(sed 's/.*/"&"/' $$f | paste -sd, -)"; sep=,; done; \
		printf '\n}\n'; } > $@
web: js $(B)/web/sets.json
	@mkdir -p $(B)/web/slidetab
	cp examples/web/*.html examples/web/*.js examples/web/*.css tests/data/korf100.txt $(B)/web/
	cp -r $(JS_PKG)/. $(B)/web/slidetab/
# Korf's 100 in headless Chromium through korf.html (opt-in, about a minute): lengths, paths, total time, download.
bench-web: web
	@$(NODE) js/test/korf.js
check-js: $(if $(and $(HAVE_JS),$(if $(SAN),,1)),web) bin/query tables
	@NODE="$(NODE)" HAVE_JS=$(HAVE_JS) SLIDETAB_SANITIZED=$(if $(SAN),1,) sh js/test/run.sh

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

# Issue 24's 15-puzzle targets (class 0 is enough): each of Korf's 100 as its own whole query
# process, then the 100 as one batch, on every core; with QUERY_A=PATH, that query side by side (e.g.
# an older build), on the same tables (QUERY_A_TABLES=DIR: its own copy, for a build of another
# format, or to keep the page cache each build leaves apart: bench15 drops the set's files from the
# page cache first, and the first side to read them decides how they are cached). Each query sees
# only the set's files. bench-15-small: the small set (make tables-15-small);
# bench-15-78: the 7-8 set (make tables-15).
comma := ,
bench15_each = @for f in tables/.stamp-4x4-b0-$(2) $(call set_files,4x4-b0-$(2)); do \
		test -f $$f || { echo "$(1): $$f missing: run make $(3)" >&2; exit 2; }; done; \
	sh bench/record.sh $(1) $(B)/bench/bench15 -j $$(nproc) --set $(2) \
		--each $(if $(QUERY_A),$(QUERY_A):$(or $(QUERY_A_TABLES),tables)$(comma))tables
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
	@for f in $(PDB_SETS_15:%=tables/.stamp-%) $(foreach s,$(PDB_SETS_15),$(call set_files,$(s))); do \
		test -f $$f || { echo "bench-15: $$f missing: run make tables-15" >&2; exit 2; }; done
	sh bench/record.sh bench-15-mapped $(B)/bench/bench15 -j $$(nproc) --set 78 --classes 0,1,5 --random 100 --build none --dir tables
	sh bench/record.sh bench-15-shell $(B)/bench/bench15 -j $$(nproc) --shell build/bench15,tables

# query --fast and --within (issue 27): whole-process times on 10x10 and 16x16, 5x5 --within 1.5
# with the small default set, Korf's 100 ratios to the published optima (each puzzle capped at 10 s).
bench-bounded: all $(B)/bench/bounded
	sh bench/record.sh bench-bounded sh bench/bounded.sh

# The 24 puzzle with the zero-aware 6-6-6-6 set (bench/run-24.sh): line 38 from the shell, whole process, and Korf &
# Felner's ten easiest beside the published counts; VS=DIR [VS_SET=NAME] adds a side-by-side run against another set.
# BENCH_A=PATH (another build's bench24; BENCH_A_TABLES=DIR its tables) adds lines answered by both binaries, interleaved, and their CPU ratio.
# Run make tables-24 first: the set is not rebuilt here when gen changes (4 minutes), only its presence is required.
bench-24: all $(B)/bench/bench24
	@for f in tables/.stamp-5x5-b0-6666 $(call set_files,5x5-b0-6666); do \
		test -f $$f || { echo "bench-24: $$f missing: run make tables-24" >&2; exit 2; }; done
	sh bench/record.sh bench-24 sh bench/run-24.sh $(B)/bench

# Issue 27's targets: 3x5, 100 random positions, and 4x5, 20, optimal through the library (bench/boards.c),
# with the sets make builds and, when make tables-boards has built them, the strong ones.
bench-boards: all $(B)/bench/boards $(B)/bench/randpuz
	@sh bench/record.sh bench-boards sh bench/run-boards.sh $(B)/bench

# Python: the slidetab package (python/), a C extension linked with lib/libslidetab.a, built in
# place (PYTHONPATH=python) with Debian's interpreter, the one python3-dev, python3-numpy and
# python3-pytest serve (the first python3 on PATH may be another one without them).
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || command -v python3)
python: lib/libslidetab.a
	cd python && SLIDETAB_NO_MAKE=1 CFLAGS="$(WERROR)" $(PYTHON) setup.py -q build_ext --inplace \
		--build-temp ../$(B)/python

# The package's tests (tests/python, pytest): skipped, and counted, without Python's headers,
# numpy or pytest, and in sanitizer builds (the archive would need the sanitizer's runtime).
check-python: bin/query tables
	@PYTHON="$(PYTHON)" MAKE="$(MAKE)" WERROR="$(WERROR)" SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/python/run.sh

# The wheel (python3 -m build, Debian's python3-build; docs/packaging.md): the extension links the
# library statically and the package holds the exact tables up to 9 cells (WHEEL_TABLES, which
# setup.py asks for with make -s wheel-tables). check-wheel installs it into a fresh venv offline
# and runs the package's tests there (tests/packaging/wheel.sh); also the sdist, built offline.
WHEEL_TABLES := $(foreach t,$(TABLES_SMALL),$(if $(filter 2x2-% 2x3-% 2x4-% 3x3-%,$(t)),tables/$(t).tbl))
wheel-tables: $(WHEEL_TABLES)
	@for t in $(WHEEL_TABLES); do echo $$t; done
wheel: lib/libslidetab.a $(WHEEL_TABLES)
	rm -rf python/dist
	cd python && SLIDETAB_NO_MAKE=1 $(PYTHON) -m build --no-isolation --wheel --sdist --outdir dist . >/dev/null
	@ls -l python/dist
check-wheel: wheel bin/query tables
	@PYTHON="$(PYTHON)" sh tests/packaging/wheel.sh

# Issue 26's targets side by side: slidetab_distances in C, and the Python calls, on 1,000,000
# random 3x3 starts.
bench-python: all python $(B)/bench/batchbench $(B)/bench/randpuz
	@$(B)/bench/randpuz 3x3 1000000 11 > $(B)/bench/starts-3x3.txt
	@PYTHONPATH=python $(PYTHON) bench/python.py $(B)/bench/batchbench $(B)/bench/starts-3x3.txt

# make install builds its own library and programs (build/install/): the same objects but
# libslidetab/table/name.c, compiled with the installed data folder, which a program linked
# statically with the installed libslidetab.a finds its tables in (it has no .so to look beside),
# and with the installed generator's name for messages (slidetab-gen). Tables are still looked
# for beside the .so or the program first, so a moved install finds its own. A new PREFIX
# rebuilds them.
INST = $(B)/install
INST_NAME_OBJ = $(INST)/libslidetab/table/name.o
INST_LIB_OBJ = $(filter-out $(B)/libslidetab/table/name.o,$(LIB_OBJ)) $(INST_NAME_OBJ)
INST_DEFS = -DSLIDETAB_DATADIR='"$(DATADIR)"' -DSLIDETAB_GEN_PROGRAM='"slidetab-gen"'
.PHONY: FORCE
$(INST)/datadir: FORCE
	@mkdir -p $(INST)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(INST_NAME_OBJ): libslidetab/table/name.c $(INST)/datadir
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) $(INST_DEFS) -MMD -MP -c $< -o $@
$(INST)/libslidetab.a: $(INST_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^
$(INST)/libslidetab.so.$(LIBVERSION): $(INST_LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libslidetab.so.$(SOVERSION) -Wl,--no-undefined -o $@ $^ $(LIB_LDLIBS)
$(INST)/slidetab-gen: $(GEN_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)
$(INST)/slidetab-query: $(QUERY_OBJ) $(GAP_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

# Programs are installed as slidetab-gen and slidetab-query. The tables of tables/ are installed
# into DATADIR and added to DATADIR/.installed, the list uninstall removes by: tables a user
# built there stay.
INST_FILES = $(INST)/slidetab-gen $(INST)/slidetab-query $(INST)/libslidetab.a $(INST)/libslidetab.so.$(LIBVERSION)
# Every path quoted (a PREFIX may hold spaces). The folders an install without DESTDIR creates
# (those missing before, parents included) are listed in DATADIR/.installed-dirs for uninstall,
# which removes them when they are left empty, and no other folder (a DESTDIR tree is deployed
# elsewhere, where its folders may have been there before: none is listed).
INST_DIRS = "$(BINDIR)" "$(DATADIR)" "$(LIBDIR)/pkgconfig" "$(INCDIR)" "$(MANDIR)/man1" "$(MANDIR)/man3"
# The .pc file and the man pages (MAN_PAGES) carry VERSION; the .pc file is rewritten when its
# contents change (PREFIX, LIBDIR, INCDIR or VERSION).
$(B)/man/%: docs/man/% include/slidetab.h
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/' $< > $@
$(B)/slidetab.pc: FORCE
	@mkdir -p $(B)
	@printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: slidetab\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -lslidetab\nLibs.private: -lz -lm -pthread\nCflags: -I$${includedir}\n' \
		'$(PREFIX)' '$(LIBDIR)' '$(INCDIR)' 'optimal answers for sliding-tile puzzles from precomputed tables' \
		'$(VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
# The release (make -s version), for scripts: dist, debian/, the Python package.
version:
	@echo $(VERSION)

# INSTALL_TABLES: what install builds into tables/ first (debian/rules: tables-exact, the exact
# tables alone; a user builds pattern databases with slidetab-gen).
INSTALL_TABLES ?= tables
install: $(INST_FILES) libs $(INSTALL_TABLES) $(MAN_PAGES) $(B)/slidetab.pc
	@for p in $(if $(DESTDIR),,$(INST_DIRS)); do \
		while [ "$$p" != / ] && [ "$$p" != . ] && [ ! -e "$$p" ]; do echo "$$p"; p=$$(dirname "$$p"); done; \
	done >"$(INST)/dirs.new"
	for p in $(INST_DIRS); do install -d "$(DESTDIR)$$p" || exit 1; done
	{ cat "$(DESTDIR)$(DATADIR)/.installed-dirs" 2>/dev/null || true; cat "$(INST)/dirs.new"; } | LC_ALL=C sort -u \
		>"$(DESTDIR)$(DATADIR)/.installed-dirs.new"
	mv "$(DESTDIR)$(DATADIR)/.installed-dirs.new" "$(DESTDIR)$(DATADIR)/.installed-dirs"
	install -m 755 $(INST)/slidetab-gen "$(DESTDIR)$(BINDIR)/slidetab-gen"
	install -m 755 $(INST)/slidetab-query "$(DESTDIR)$(BINDIR)/slidetab-query"
	install -m 644 tables/*.tbl "$(DESTDIR)$(DATADIR)/"
	{ cat "$(DESTDIR)$(DATADIR)/.installed" 2>/dev/null || true; cd tables && ls *.tbl; } | sort -u >"$(DESTDIR)$(DATADIR)/.installed.new"
	mv "$(DESTDIR)$(DATADIR)/.installed.new" "$(DESTDIR)$(DATADIR)/.installed"
	install -m 644 include/slidetab.h "$(DESTDIR)$(INCDIR)/"
	install -m 644 $(INST)/libslidetab.a "$(DESTDIR)$(LIBDIR)/"
	install -m 755 $(INST)/libslidetab.so.$(LIBVERSION) "$(DESTDIR)$(LIBDIR)/"
	ln -sf libslidetab.so.$(LIBVERSION) "$(DESTDIR)$(LIBDIR)/libslidetab.so.$(SOVERSION)"
	ln -sf libslidetab.so.$(SOVERSION) "$(DESTDIR)$(LIBDIR)/libslidetab.so"
	install -m 644 $(B)/slidetab.pc "$(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc"
	install -m 644 $(B)/man/slidetab-gen.1 $(B)/man/slidetab-query.1 "$(DESTDIR)$(MANDIR)/man1/"
	install -m 644 $(B)/man/slidetab.3 "$(DESTDIR)$(MANDIR)/man3/"
	@echo "install: the Python package is not installed with the library: it links libslidetab statically;" \
		"install it with pip install ./python (python/README.md), and give it these tables with" \
		"SLIDETAB_TABLES=$(DATADIR) or slidetab.open(tables='$(DATADIR)')"

# Removes what install installed and nothing else: the tables named in DATADIR/.installed (an
# install without that list: the names in tables/), never a user's own table; the folders install
# created (DATADIR/.installed-dirs; without it, the data folders) only when that leaves them empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/slidetab-gen" "$(DESTDIR)$(BINDIR)/slidetab-query" "$(DESTDIR)$(INCDIR)/slidetab.h"
	rm -f "$(DESTDIR)$(LIBDIR)/libslidetab.a" "$(DESTDIR)$(LIBDIR)/libslidetab.so.$(LIBVERSION)" \
		"$(DESTDIR)$(LIBDIR)/libslidetab.so.$(SOVERSION)" "$(DESTDIR)$(LIBDIR)/libslidetab.so"
	rm -f "$(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc"
	rm -f "$(DESTDIR)$(MANDIR)/man1/slidetab-gen.1" "$(DESTDIR)$(MANDIR)/man1/slidetab-query.1"
	rm -f "$(DESTDIR)$(MANDIR)/man3/slidetab.3"
	@d='$(DESTDIR)$(DATADIR)'; list="$$d/.installed"; [ -f "$$list" ] || list=/dev/null; \
		{ cat "$$list"; [ -f "$$d/.installed" ] || (cd tables && ls *.tbl 2>/dev/null); } | \
		while IFS= read -r f; do case $$f in */*|.*|'') ;; *) echo "rm -f $$d/$$f"; rm -f "$$d/$$f" ;; esac; done; \
		dirs=$$(LC_ALL=C sort -r "$$d/.installed-dirs" 2>/dev/null); \
		rm -f "$$d/.installed" "$$d/.installed-dirs"; rmdir "$$d" '$(DESTDIR)$(PREFIX)/share/slidetab' 2>/dev/null; \
		echo "$$dirs" | while IFS= read -r p; do [ -z "$$p" ] || rmdir '$(DESTDIR)'"$$p" 2>/dev/null; done; true

# Packages (docs/packaging.md). make dist: DISTDIR/slidetab-VERSION.tar.gz from the files git
# tracks (as they are in the work tree), the same bytes from every run: names sorted, owner 0,
# modes u=rwX,go=rX, every time SOURCE_DATE_EPOCH (default: the last commit's), gzip -n.
DISTDIR ?= .
DIST = slidetab-$(VERSION)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
dist:
	@test -n "$(SOURCE_DATE_EPOCH)" || { echo "dist: not a git checkout (or give SOURCE_DATE_EPOCH)" >&2; exit 2; }
	@mkdir -p $(DISTDIR)
	git ls-files -z | LC_ALL=C tar -cf $(DISTDIR)/$(DIST).tar.tmp --sort=name --format=gnu --owner=0 --group=0 \
		--numeric-owner --mode=u=rwX,go=rX --mtime=@$(SOURCE_DATE_EPOCH) --transform 's,^,$(DIST)/,' \
		--no-recursion --null -T -
	gzip -9n < $(DISTDIR)/$(DIST).tar.tmp > $(DISTDIR)/$(DIST).tar.gz.tmp
	rm -f $(DISTDIR)/$(DIST).tar.tmp
	mv $(DISTDIR)/$(DIST).tar.gz.tmp $(DISTDIR)/$(DIST).tar.gz
	@echo "dist: $(DISTDIR)/$(DIST).tar.gz"

# The tarball built in an empty folder with make && make check (opt-in: the whole check, about
# 15 minutes on two cores; CI builds it with check-deb instead).
distcheck:
	@sh tests/packaging/distcheck.sh "$(MAKE)"

# The Debian packages built from the tarball, installed into a scratch root and used there
# (tests/packaging/deb.sh; a counted skip without dpkg-buildpackage and debhelper).
check-deb: bin/query tables
	@MAKE="$(MAKE)" sh tests/packaging/deb.sh

# The ABI gate (abi/check.sh): this .so against the release named in abi/BASELINE, with abidiff.
check-abi: lib/libslidetab.so.$(LIBVERSION)
	@sh abi/check.sh

clean:
	rm -rf $(B) bin lib tables/*.tbl tables/.stamp-* python/build python/dist python/slidetab/*.so python/*.egg-info

-include $(LIB_OBJ:.o=.d) $(COMMON_OBJ:.o=.d) $(GEN_OBJ:.o=.d) $(MPI_OBJ:.o=.d) $(QUERY_OBJ:.o=.d) $(GAP_OBJ:.o=.d) $(TEST_PROGS:=.d) $(INST_NAME_OBJ:.o=.d)
