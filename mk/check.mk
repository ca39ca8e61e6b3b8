# SPDX-License-Identifier: Zlib
# mk/check.mk: the test programs and suites (unit, e2e, hardening, replay, fuzz, cross, layout,
# mpi, python) that make check runs one after another.
.PHONY: check-unit check-e2e check-hardening check-replay fuzz check-cross check-layout check-mpi check-python examples

# Every test program (unit tests, hostile tables, the e2e path checker) is built by one rule.
$(B)/tests/%: %.c $(PROG_LIBS) | $$(@D)/
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -MF $@.d -o $@ $< $(PROG_LIBS) $(CHECK_LIBS) $(LDLIBS)

# test_astar refuses chosen reallocations (its __wrap_realloc) in the middle of a search, and
# counts the looks at the clock (its __wrap_clock_now).
$(B)/tests/test_astar: LDLIBS += -Wl,--wrap=realloc -Wl,--wrap=clock_now

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

# The house rules over every #include (tests/layout/includes.sh, README "What is where"), the
# shared library's exports: exactly the header's functions, no code of common/ (exports.sh), the
# house style (format.sh), facts said once (facts.sh: the presets, the cell limits; version.sh: the
# version), the README's 300 lines, its figures those of docs/BENCHMARKS.md (readme.sh), the
# make files' 300 lines each (makefiles.sh), the product sources' 600 (sources.sh), and one
# meaning per struct, union and enum tag (names.sh).
check-layout: lib/libslidetab.so.$(LIBVERSION) bin/gen bin/query $(MAN_PAGES) $(B)/slidetab.pc
	@for t in includes exports format facts readme makefiles names; do sh tests/layout/$$t.sh || exit 1; done
	@MAKE="$(MAKE)" sh tests/layout/sources.sh
	@sh tests/layout/licence.sh
	@MAKE="$(MAKE)" SLIDETAB_SAN="$(SAN)" sh tests/layout/version.sh

# Hostile tables, exit statuses, concurrent use, resource limits (tests/hardening).
HARDENING_PARTS ?= hostile exit concurrent atomic limits
check-hardening: bin/gen bin/query tables $(B)/tests/test_hostile
	@HOSTILE_BIN=$(B)/tests/test_hostile SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/hardening/run.sh $(HARDENING_PARTS)

# Every fuzz target replayed without libFuzzer on its seeds and on the known crashes
# (tests/hardening/regress/TARGET-*), built with the project's compiler and flags.
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)
REPLAY_BIN := $(FUZZ_SRC:fuzz/%.c=$(B)/fuzz-replay/%)
$(B)/fuzz-replay/%: fuzz/%.c fuzz/replay.c $(QUERY_LIB) $(GAP_OBJ) $(LITE_OBJ) $(ARCHIVES) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))

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

check-e2e: bin/gen bin/query tables $(B)/tests/pathcheck $(B)/tests/tblcmp $(B)/bench/randpuz $(B)/bench/bench24 \
	$(B)/bench/bench15 examples
	@sh tests/e2e/run.sh
	@sh tests/e2e/cli.sh
	@SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/e2e/options.sh
	@for t in input find catalogue ckpt genout carray encoder values pbit search; do B="$(B)" sh tests/e2e/$$t.sh || exit 1; done
	@SLIDETAB_SAN="$(SAN)" sh tests/e2e/install.sh
	@SLIDETAB_SAN="$(SAN)" sh tests/e2e/lib.sh

# The library's example programs, built against the header and static library in the tree.
examples: $(B)/examples/hint
$(B)/examples/%: examples/%.c lib/libslidetab.a | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS) -Iinclude)

# gen-mpi against gen (tests/mpi): skipped, and counted, where Open MPI is not installed.
check-mpi: bin/gen bin/query $(if $(HAVE_MPI),bin/gen-mpi)
	@sh tests/mpi/mpi.sh

# The package's tests (tests/python, pytest): skipped, and counted, without Python's headers,
# numpy or pytest, and in sanitizer builds (the archive would need the sanitizer's runtime).
check-python: bin/query tables
	@PYTHON="$(PYTHON)" MAKE="$(MAKE)" WERROR="$(WERROR)" SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/python/run.sh

