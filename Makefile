# SPDX-License-Identifier: Zlib
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
# The generators' code the tests share (tools/): the builder of the IDA* move machine.
TOOLS_LIB := $(B)/tools/idafsm_build.o
# Unit tests: tests/unit/AREA/test_MODULE.c, built as build/tests/test_MODULE.
TEST_SRC := $(wildcard tests/unit/*/test_*.c)
TEST_BIN := $(addprefix $(B)/tests/,$(basename $(notdir $(TEST_SRC))))
# make check-unit runs the suites UNIT_JOBS at a time (tests/unit/run.sh), the longest first (natively
# and under qemu) so that the jobs end together; unit_order: the suites of $(1) in that order.
UNIT_JOBS ?= 2
UNIT_LONGEST := pdb cache bfs zpdb fast query
unit_order = $(foreach t,$(UNIT_LONGEST),$(filter $(B)/tests/test_$(t),$(1))) $(filter-out $(UNIT_LONGEST:%=$(B)/tests/test_%),$(1))
vpath %.c $(sort $(dir $(TEST_SRC))) tests/hardening tests/e2e
TEST_PROGS := $(TEST_BIN) $(B)/tests/test_hostile $(B)/tests/pathcheck $(B)/tests/tblcmp
# What the test and bench programs link: gen's and query's modules but their main, the archives.
PROG_LIBS = $(GEN_LIB) $(QUERY_LIB) $(GAP_OBJ) $(TOOLS_LIB) $(ARCHIVES)
BENCH_SRC := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

# Default tables: every board up to 10 cells, one table per class of blank cell.
TABLES_SMALL := 2x2-b0 2x3-b0 2x3-b1 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4 2x5-b0 2x5-b1 2x5-b2
TABLES_LARGE := 3x4-b0 3x4-b1 3x4-b4 3x4-b5 2x6-b0 2x6-b1 2x6-b2
GENFLAGS ?= -q

.PHONY: all libs demo deps tables tables-exact tables-large tables-15 tables-15-small tables-24 tables-boards tables-2x7 \
	check static gen-mpi clean clean-build clean-optin-tables FORCE
.DELETE_ON_ERROR:

all: bin/gen bin/query libs tables

deps:
	@sh .ci/deps.sh

# Answers the published sample of every format from the freshly built tables.
demo: all
	@for d in tests/formats/*; do [ -f $$d/cmd ] || continue; \
		echo "== $$(basename $$d): $$(cat $$d/cmd) < $$d/in"; sh -c "$$(cat $$d/cmd)" < $$d/in; done

# Folders: a rule that writes into one names it as an order-only prerequisite, `| $$(@D)/`, and this
# one rule makes it (mkdir -p: jobs racing under -j are fine; a folder's time rebuilds nothing;
# precious: never removed as an intermediate file).
.SECONDEXPANSION:
.PRECIOUS: %/
%/:
	@mkdir -p $@

# The recipes every family uses, written once. compile CC FLAGS: $< into $@ (and its .d file);
# archive: $@ from the objects $^; solink: the shared library $@ from $^ (exports only the
# slidetab_ API, the soname of the major).
define compile
$(1) -MMD -MP -c $< -o $@
endef
define archive
rm -f $@
$(AR) rcs $@ $^
endef
define solink
$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libslidetab.so.$(SOVERSION) -Wl,--no-undefined -o $@ $^ $(LIB_LDLIBS)
endef
# link CC FLAGS: the program $@ from $^.
define link
$(1) -o $@ $^ $(LDLIBS)
endef

$(B)/libslidetab/%.o: libslidetab/%.c | $$(@D)/
	$(call compile,$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS))

$(B)/%.o: %.c | $$(@D)/
	$(call compile,$(CC) $(ALL_CFLAGS))

# libslidetab: the static archive (every library module, for the programs and tests) and the
# shared library (exports only the slidetab_ API); libslidetab-common: the programs' own archive.
lib/libslidetab.a: $(LIB_OBJ) | $$(@D)/
	$(archive)

lib/libslidetab-common.a: $(COMMON_OBJ) | $$(@D)/
	$(archive)

lib/libslidetab.so.$(LIBVERSION): $(LIB_OBJ) | $$(@D)/
	$(solink)
	ln -sf libslidetab.so.$(LIBVERSION) lib/libslidetab.so.$(SOVERSION)
	ln -sf libslidetab.so.$(SOVERSION) lib/libslidetab.so

libs: lib/libslidetab.a lib/libslidetab-common.a lib/libslidetab.so.$(LIBVERSION)

bin/gen: $(GEN_OBJ) $(ARCHIVES) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))

bin/query: $(QUERY_OBJ) $(GAP_OBJ) $(ARCHIVES) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))

# gen-mpi: gen's exact search on several processes (Open MPI: libopenmpi-dev). Its own objects
# (gen/mpi/) are compiled with mpicc; the plain build never needs MPI.
MPICC ?= mpicc
MPI_SRC := $(wildcard gen/mpi/*.c)
MPI_OBJ := $(MPI_SRC:%.c=$(B)/%.o)
$(B)/gen/mpi/%.o: gen/mpi/%.c | $$(@D)/
	$(call compile,$(MPICC) $(ALL_CFLAGS))

bin/gen-mpi: $(MPI_OBJ) $(GEN_LIB) $(ARCHIVES) | $$(@D)/
	$(call link,$(MPICC) $(ALL_CFLAGS))

gen-mpi: bin/gen-mpi
HAVE_MPI := $(shell command -v $(MPICC) >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && echo 1)

static: $(QUERY_OBJ) $(GAP_OBJ) $(ARCHIVES) | bin/
	$(CC) $(ALL_CFLAGS) -static -s -o bin/query-static $^ $(LDLIBS)
	@ls -l bin/query-static

# The gen that makes tables: bin/gen, or when cross-compiling one built for the build machine
# with HOSTCC from the same sources (tables are the same bytes on every machine).
HOST_B = $(B)/host
HOST_CFLAGS = -std=c11 -D_GNU_SOURCE -O2 $(HOST_ARCH) -g -Wall -Wextra $(WERROR) -pthread -I. -Iinclude $(HOST_DEFLATE_FLAGS)
HOST_GEN_OBJ := $(addprefix $(HOST_B)/,$(GEN_SRC:.c=.o) $(COMMON_SRC:.c=.o) $(LIB_SRC:.c=.o))
HOST_QUERY_OBJ := $(addprefix $(HOST_B)/,$(QUERY_SRC:.c=.o) $(GAP_SRC:.c=.o) $(COMMON_SRC:.c=.o) $(LIB_SRC:.c=.o))
GEN_RUN := $(if $(CROSS),$(HOST_B)/bin/gen,bin/gen)
$(HOST_B)/%.o: %.c | $$(@D)/
	$(call compile,$(HOSTCC) $(HOST_CFLAGS))
$(HOST_B)/bin/gen $(HOST_B)/bin/query: LDLIBS = -lz -lm $(HOST_DEFLATE_LIBS)
$(HOST_B)/bin/gen: $(HOST_GEN_OBJ) | $$(@D)/
	$(call link,$(HOSTCC) $(HOST_CFLAGS))
$(HOST_B)/bin/query: $(HOST_QUERY_OBJ) | $$(@D)/
	$(call link,$(HOSTCC) $(HOST_CFLAGS))

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
	@$(MAKE) --no-print-directory check-packaging

# Applies the house style (.clang-format, clang-format 14) to every C file.
format:
	git ls-files '*.c' '*.h' | xargs clang-format -i

# clean removes what make builds and nothing else: in tables/, the default tables (a file an opt-in
# set shares with them stays); an opt-in set, or any file make did not write, is never removed.
# clean-build leaves tables/ alone (a package build's clean: debian/rules); clean-optin-tables
# removes the opt-in sets' files (OPTIN_TABLES), on purpose only.
clean: clean-build
	rm -f $(wildcard $(filter-out $(OPTIN_TABLE_FILES),$(TABLE_FILES_tables)) tables/.stamp-*.tmp)
clean-build:
	rm -rf $(B) bin lib python/build python/dist python/slidetab/*.so python/*.egg-info
clean-optin-tables:
	rm -f $(wildcard $(filter-out $(TABLE_FILES_tables),$(OPTIN_TABLE_FILES)))

# One family a file: the tables; lite, mcu, wasm, js and the page; the test suites; the
# benchmarks; install, the Python package, the tarball and the packages.
include mk/tables.mk mk/lite.mk mk/check.mk mk/bench.mk mk/dist.mk

-include $(LIB_OBJ:.o=.d) $(COMMON_OBJ:.o=.d) $(GEN_OBJ:.o=.d) $(MPI_OBJ:.o=.d) $(QUERY_OBJ:.o=.d) $(GAP_OBJ:.o=.d) $(TEST_PROGS:=.d) \
	$(HOST_GEN_OBJ:.o=.d) $(HOST_QUERY_OBJ:.o=.d) $(LITE_OBJ:.o=.d) $(INST_NAME_OBJ:.o=.d) $(TOOLS_LIB:.o=.d) $(B)/tools/idafsm_write.d
