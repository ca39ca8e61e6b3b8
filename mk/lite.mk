# SPDX-License-Identifier: Zlib
# mk/lite.mk: the freestanding reader and solver (lite/), its Cortex-M0 checks, the mcu firmware,
# WebAssembly, the npm package and the page, and the generators of the move machines.
.PHONY: check-lite mcu check-mcu lite-fsm idafsm-data idafsm-data-check wasm js web bench-web check-js

# The freestanding reader (lite/, docs/embedded.md): C99, no libc but memcpy/memset/memcmp. Its
# test links it with the library it is compared with; check-lite also checks its undefined symbols
# and, where arm-none-eabi-gcc is installed, its Cortex-M0 size (at most 4 KB of code, 512 B of RAM).
# The flags every freestanding build of lite/ shares (LITE_STD), then each target's own.
LITE_STD := -std=c99 -pedantic -ffreestanding
LITE_CFLAGS = $(LITE_STD) $(OPT) $(ARCH) -g -Wall -Wextra $(WERROR) $(SAN) -I. $(CFLAGS)
# The solver (lite/slidetab_lite_solve.c, with its move machine slidetab_lite_fsm.c) is checked the
# same way: at most 8 KB of Cortex-M0 code without the machine, 0 B of static RAM, and a stack
# (-fstack-usage) within SLIDETAB_LITE_SOLVE_STACK.
LITE_NAMES := slidetab_lite slidetab_lite_solve slidetab_lite_fsm
LITE_OBJ := $(LITE_NAMES:%=$(B)/lite/%.o)
$(B)/lite/%.o: lite/%.c | $$(@D)/
	$(call compile,$(CC) $(LITE_CFLAGS))
$(B)/tests/test_lite $(B)/tests/test_lite_solve: $(B)/tests/%: tests/unit/lite/%.c $(LITE_OBJ) $(GEN_LIB) $(TOOLS_LIB) $(ARCHIVES) | $$(@D)/
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -MF $@.d -o $@ $< $(LITE_OBJ) $(GEN_LIB) $(TOOLS_LIB) $(ARCHIVES) $(CHECK_LIBS) $(LDLIBS)
# test_lite_solve gives the library lite's move machine (its __wrap_idafsm_get): the same search.
$(B)/tests/test_lite_solve: LDLIBS += -Wl,--wrap=idafsm_get
$(B)/bench/litenodes: LDLIBS += -Wl,--wrap=idafsm_get
$(B)/bench/litenodes: bench/litenodes.c $(LITE_OBJ) $(ARCHIVES) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))
M0_CC ?= arm-none-eabi-gcc
M0_CFLAGS = $(LITE_STD) -mcpu=cortex-m0 -mthumb -Os -Wall -Wextra -Werror -I.
$(B)/lite-m0/%.o: lite/%.c $(wildcard lite/*.h) | $$(@D)/
	$(M0_CC) $(M0_CFLAGS) -fstack-usage -fcallgraph-info=su -c $< -o $@
# The target's objects without sanitizers (their runtime calls are not the reader's).
$(B)/lite-plain/%.o: lite/%.c $(wildcard lite/*.h) | $$(@D)/
	$(CC) $(LITE_STD) -O2 -Wall -Wextra -Werror -I. -c $< -o $@
HAVE_M0 := $(if $(shell command -v $(M0_CC) 2>/dev/null),1)
check-lite: $(LITE_NAMES:%=$(B)/lite-plain/%.o) $(if $(HAVE_M0),$(LITE_NAMES:%=$(B)/lite-m0/%.o)) bin/gen
	$(if $(HAVE_M0),,@echo "SKIP lite: the Cortex-M0 size and stack limits: no $(M0_CC) (sh .ci/deps.sh mcu installs it)")
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
# The compiled-in tables, $(B)/mcu/NAME.c from gen --c-array NAME with gen's arguments MCU_TABLE_NAME.
MCU_TABLE_puzzle8 = --board 3x3 --compress compact
MCU_TABLE_puzzle7 = --board 2x4 --compress compact
# The 15-puzzle firmware's set: zero-aware 5-5-5, chosen by measurement (docs/embedded.md: 12x fewer
# nodes than pbit 5-5-5 for 1.6x its flash; 6-6-3 zbit 1.5x fewer again for 8.4x the flash).
MCU15_PDB ?= 555
MCU15_ENTRY ?= zbit
MCU_TABLE_puzzle15 = --board 4x4 --blank 0 --pdb $(MCU15_PDB) --entry $(MCU15_ENTRY)
$(B)/mcu/puzzle8.c $(B)/mcu/puzzle7.c $(B)/mcu/puzzle15.c: $(B)/mcu/%.c: $(GEN_RUN) | $$(@D)/
	$(GEN_RUN) -q -j2 $(MCU_TABLE_$*) --c-array $* -o $@ > /dev/null
$(B)/mcu/puzzles.c $(B)/mcu/puzzles-2x4.c $(B)/mcu/puzzles-4x4.c: $(B)/mcu/%.c: examples/mcu/%.txt | $$(@D)/
	awk 'BEGIN { print "/* puzzles: $< as C (made by make). */"; print "#include <stddef.h>" } \
		NR == 1 { print "const unsigned char mcu_puzzles[][" NF "] = {" } { gsub(/ +/, ", "); print "\t{ " $$0 " }," } \
		END { print "};"; print "const size_t mcu_npuzzles = " NR ";" }' $< > $@
# Each firmware is linked by one rule from its sources with its own MCU_FW_FLAGS.
MCU_FW_SRC = examples/mcu/main.c examples/mcu/start.c lite/slidetab_lite.c examples/mcu/mcu.ld
MCU_FW := $(B)/mcu/firmware.elf $(B)/mcu/firmware-2x4.elf $(B)/mcu/firmware-4x4.elf
$(B)/mcu/firmware.elf: $(MCU_FW_SRC) $(B)/mcu/puzzle8.c $(B)/mcu/puzzles.c
# The seven-puzzle (2x4) answerer: the same firmware with the 2x4 compact table.
$(B)/mcu/firmware-2x4.elf: MCU_FW_FLAGS = -DMCU_TABLE=puzzle7 -DMCU_CELLS=8
$(B)/mcu/firmware-2x4.elf: $(MCU_FW_SRC) $(B)/mcu/puzzle7.c $(B)/mcu/puzzles-2x4.c
# The 15-puzzle answerer (Cortex-M4, mps2-an386): lite's solver and its move machine with the 5-5-5
# zbit set in flash (gen --c-array), 8 KB of stack; it answers start and goal pairs.
MCU15_SRC = examples/mcu/solve15.c examples/mcu/start.c lite/slidetab_lite.c lite/slidetab_lite_solve.c \
	lite/slidetab_lite_fsm.c examples/mcu/mcu.ld
$(B)/mcu/firmware-4x4.elf: MCU_FW_FLAGS = -mcpu=cortex-m4 -Wl,--defsym=mcu_stack_size=8192
$(B)/mcu/firmware-4x4.elf: $(MCU15_SRC) $(wildcard lite/*.h) $(B)/mcu/puzzle15.c $(B)/mcu/puzzles-4x4.c
$(MCU_FW): | $$(@D)/
	$(MCU_CC) $(MCU_CFLAGS) $(MCU_FW_FLAGS) -nostdlib -T examples/mcu/mcu.ld -Wl,--gc-sections -o $@ $(filter %.c,$^) -lgcc
mcu: $(MCU_FW)
check-mcu: $(if $(HAVE_MCU),$(MCU_FW)) bin/query tables
	@sh examples/mcu/run.sh $(if $(HAVE_MCU),$(B)/mcu/firmware.elf 3x3 puzzle8 examples/mcu/puzzles.txt 28672 mps2-an385 - \
		$(B)/mcu/firmware-2x4.elf 2x4 puzzle7 examples/mcu/puzzles-2x4.txt 6144 mps2-an385 - \
		$(B)/mcu/firmware-4x4.elf 4x4 puzzle15 examples/mcu/puzzles-4x4.txt 393216 mps2-an386 --pairs)

# tools/: the generators of sources. idafsm_write writes the machine idafsm_build makes (tools/):
# the library's (libslidetab/search/idafsm_data.c; test_idafsm and idafsm-data-check fail until it is
# rewritten after a change to the builder) and lite's for strings of up to LITE_FSM_LEN moves
# (lite/slidetab_lite_fsm.c).
LITE_FSM_LEN ?= 8
$(B)/tools/idafsm_write: $(B)/tools/idafsm_write.o $(TOOLS_LIB) | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))
lite-fsm: $(B)/tools/idafsm_write
	$< --lite $(LITE_FSM_LEN) > lite/slidetab_lite_fsm.c.tmp && mv lite/slidetab_lite_fsm.c.tmp lite/slidetab_lite_fsm.c
idafsm-data: $(B)/tools/idafsm_write
	$< --library > libslidetab/search/idafsm_data.c.tmp && mv libslidetab/search/idafsm_data.c.tmp libslidetab/search/idafsm_data.c
# The compiled-in machine against a build, state for state (2.2 GB and about 20 s: not in make check).
idafsm-data-check: $(B)/tools/idafsm_write
	$< --library | cmp - libslidetab/search/idafsm_data.c

# WebAssembly, the npm package and the page (docs/web.md): build/wasm/slidetab.wasm is lite/ and
# js/src/wasm.c built by Debian's clang and wasm-ld (no libc, no emscripten; with the 15-puzzle
# solver when lite/slidetab_lite_solve.c is there). make js stages the package slidetab in
# build/js/package (its sources, the wasm, the compact 2x4 and 3x3 tables of every blank class that
# gen makes, with the solver the zero-aware 6-6-3 set of the 15 puzzle's corner class as
# tables/4x4-b0-663-N.tbl in gen --list-files order, package.json with the version of
# include/slidetab.h) and packs it; make web stages the page (examples/web) with the package and its tables in build/web; check-js runs js/test.
WASM_CC ?= clang
WASM_SRC := js/src/wasm.c lite/slidetab_lite.c $(wildcard lite/slidetab_lite_solve.c lite/slidetab_lite_fsm.c)
WASM_CFLAGS = --target=wasm32 -nostdlib -std=c99 -ffreestanding -Os -Wall -Wextra -Werror -I. -Ilite \
	$(if $(filter %solve.c,$(WASM_SRC)),-DSTW_SOLVER)
WASM_LDFLAGS = -Wl,--no-entry -Wl,--strip-all -Wl,--stack-first -Wl,-z,stack-size=65536
JS_TABLES := 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4
JS_SET := $(if $(wildcard lite/slidetab_lite_solve.c),4x4-b0-663)
JS_PKG = $(B)/js/package
JS_FILES := index.js index.d.ts worker.js README.md
NODE ?= node
HAVE_JS := $(shell command -v $(NODE) >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && command -v wasm-ld >/dev/null 2>&1 && \
	$(WASM_CC) --target=wasm32 -c -x c /dev/null -o /dev/null 2>/dev/null && echo 1)
wasm: $(B)/wasm/slidetab.wasm
$(B)/wasm/slidetab.wasm: $(WASM_SRC) lite/slidetab_lite.h $(wildcard lite/slidetab_lite_solve.h) | $$(@D)/
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS) -o $@ $(WASM_SRC)
	@echo "wasm: $@: $$(wc -c < $@) bytes"
$(B)/js/tables/%.tbl: $(GEN_RUN) | $$(@D)/
	$(GEN_RUN) -q --board $(word 1,$(subst -b, ,$*)) --blank $(word 2,$(subst -b, ,$*)) --compress compact -o $@ > /dev/null
$(JS_PKG)/package.json: js/package.json include/slidetab.h | $$(@D)/
	sed 's/"version": "[^"]*"/"version": "$(VERSION)"/' js/package.json > $@
$(B)/js/sets/%.list: $(GEN_RUN) | $$(@D)/
	$(GEN_RUN) -q $(call web_set_gen,$*,$(B)/js/sets) > /dev/null
	$(GEN_RUN) $(call web_set_gen,$*,$(B)/js/sets) --list-files > $@.tmp && mv $@.tmp $@
js: $(JS_PKG)/package.json $(JS_FILES:%=js/src/%) $(B)/wasm/slidetab.wasm $(JS_TABLES:%=$(B)/js/tables/%.tbl) \
	$(JS_SET:%=$(B)/js/sets/%.list) | $(JS_PKG)/tables/
	@rm -f $(JS_PKG)/tables/*
	cp $(patsubst %,js/src/%,$(filter-out index.js,$(JS_FILES))) $(B)/wasm/slidetab.wasm LICENSE $(JS_PKG)/
	sed "s/^export const version = '[^']*'/export const version = '$(VERSION)'/; \
		s/^export const SETS = .*/export const SETS = {$(if $(JS_SET), '$(JS_SET)': $$(wc -l < $(B)/js/sets/$(JS_SET).list) )};/" \
		js/src/index.js > $(JS_PKG)/index.js
	cp $(JS_TABLES:%=$(B)/js/tables/%.tbl) $(JS_PKG)/tables/
	$(if $(JS_SET),i=0; for f in $$(cat $(B)/js/sets/$(JS_SET).list); do i=$$((i + 1)); cp $$f $(JS_PKG)/tables/$(JS_SET)-$$i.tbl; done)
	cd $(B)/js && npm pack --silent --offline ./package > /dev/null && ls slidetab-$(VERSION).tgz
# The page's 15-puzzle sets (with the solver only), zero-aware (docs/pdb.md): 663 for the corner
# class of the blank (the default goal's, 3.0 MB), loaded at once; 555 for the edge and centre
# classes (352 KB), loaded when a goal needs them. web_set_gen SET DIR: gen's arguments for SET.
WEB_SETS := $(if $(wildcard lite/slidetab_lite_solve.c),4x4-b0-663 4x4-b1-555 4x4-b5-555)
web_set_gen = $(call set_args,$(1),$(2)) --entry zbit
$(B)/web/sets/zbit-%.list: $(GEN_RUN) | $$(@D)/
	$(GEN_RUN) -q $(call web_set_gen,$*,$(B)/web/sets) > /dev/null
	$(GEN_RUN) $(call web_set_gen,$*,$(B)/web/sets) --list-files | sed 's|.*/||' > $@.tmp && mv $@.tmp $@
$(B)/web/sets.json: $(WEB_SETS:%=$(B)/web/sets/zbit-%.list) | $$(@D)/
	{ printf '{'; sep=; for f in $^; do k=$$(basename $$f .list); k=$${k#zbit-}; \
		printf '%s\n  "%s": [%s]' "$$sep" "$${k%-*}" "$$(sed 's/.*/"&"/' $$f | paste -sd, -)"; sep=,; done; \
		printf '\n}\n'; } > $@
web: js $(B)/web/sets.json | $(B)/web/slidetab/
	cp examples/web/*.html examples/web/*.js examples/web/*.css tests/data/korf100.txt $(B)/web/
	cp -r $(JS_PKG)/. $(B)/web/slidetab/
# In headless Chromium (opt-in, minutes): Korf's 100 through korf.html (lengths, paths, total time, download),
# hints for 100 random 15-puzzle positions in a worker (their time distribution), wasm's nodes/s against
# native lite's (build/bench/litenodes) on the same set; written into docs/BENCHMARKS.md.
bench-web: web bin/query $(B)/bench/litenodes
	@sh bench/record.sh bench-web $(NODE) js/test/korf.js
check-js: $(if $(and $(HAVE_JS),$(if $(SAN),,1)),web) bin/query tables
	@NODE="$(NODE)" HAVE_JS=$(HAVE_JS) SLIDETAB_SANITIZED=$(if $(SAN),1,) sh js/test/run.sh
