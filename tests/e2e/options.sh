#!/bin/sh
# SPDX-License-Identifier: Zlib
# options.sh: end-to-end tests of the options the README promises: --upper, --show, --unsolvable,
# -j, --goal, $SLIDETAB_TABLES and the lookup order, gen --pattern and --count-only, not enough
# disk, make static. Run from the repository root after `make`.
set -u
. tests/common.sh
cleanup() { [ -n "${mounted:-}" ] && umount "$tmp/small" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

# --show and --upper on a sliding puzzle (ALDS1_13_B's sample: 4 moves).
status_is 0 "--show --upper --path" sh -c 'echo 1 3 0 4 2 5 7 8 6 | bin/query --tables tables --show --upper --path'
out_is "--show prints every board along the path" 'LDRD\n 1  3  .\n 4  2  5\n 7  8  6\n\nL\n 1  .  3\n 4  2  5\n 7  8  6\n\nD\n 1  2  3\n 4  .  5\n 7  8  6\n\nR\n 1  2  3\n 4  5  .\n 7  8  6\n\nD\n 1  2  3\n 4  5  6\n 7  8  .\n\n'

# --show on 2x2's antipode (6 moves either way round its 12-state cycle): the smallest path goes
# d first and passes every letter; an unsolvable puzzle shows no board.
status_is 0 "--show --path on 2x2's antipode" sh -c 'echo 0 3 2 1 | bin/query --tables tables --show --path'
out_is "--show: every letter moves the blank its way" 'druldr\n .  3\n 2  1\n\nd\n 2  3\n .  1\n\nr\n 2  3\n 1  .\n\nu\n 2  .\n 1  3\n\nl\n .  2\n 1  3\n\nd\n 1  2\n .  3\n\nr\n 1  2\n 3  .\n\n'
status_is 0 "--show on an unsolvable 2x2" sh -c 'echo 1 3 2 0 | bin/query --tables tables --show'
out_is "--show: the word alone, no board" 'unsolvable\n'

# --hint: the distance and every optimal first move (the goal: "-"); the antipode has two, d and r.
status_is 0 "--hint on 2x2" sh -c "printf '1 2 3 0\n1 2 0 3\n0 3 2 1\n' | bin/query --tables tables --hint"
out_is "--hint: 0 -, 1 r, 6 dr" '0 -\n1 r\n6 dr\n'
status_is 0 "--hint --upper" sh -c "printf '1 2 3 0\n0 3 2 1\n' | bin/query --tables tables --hint --upper"
out_is "--hint --upper: the letters in upper case" '0 -\n6 DR\n'
status_is 0 "--hint --json --upper" sh -c "echo 0 3 2 1 | bin/query --tables tables --hint --json --upper"
out_is "--hint --json --upper" '{"line":1,"input":"0 3 2 1","goal":"1 2 3 0","solvable":true,"distance":6,"hint":"DR"}\n'

# --style hdu3567 with --upper: the paths in upper case; a bad case is "Case N: error".
status_is 1 "hdu3567 --upper, a bad second case" sh -c "printf '2\n12X453786\n12345678X\n1234567XZ\n12345678X\n' | bin/query --tables tables --style hdu3567 --upper"
out_is "hdu3567 --upper: DD, then the error case" 'Case 1: 2\nDD\nCase 2: error\n'

# --json: a message's backslashes are escaped (the control byte shown as \x1f by the message).
status_is 1 "--json on a control byte" sh -c "printf '1 2 3 \\037\n' | bin/query --tables tables --json"
out_is "--json: the message's backslash escaped" '{"line":1,"error":"line 1: column 7: '"'"'\\\\x1f'"'"' is not a number or a blank mark (x X _ .)"}\n'

# --fast --json: its length and lower bound are the plain line's "LENGTH >= LOWER", in that order.
status_is 0 "--fast" sh -c 'echo 8 1 3 4 5 6 7 2 0 | bin/query --tables tables --fast'
cp "$tmp/out" "$tmp/plain"
status_is 0 "--fast --json" sh -c 'echo 8 1 3 4 5 6 7 2 0 | bin/query --tables tables --fast --json'
check "--fast --json: length and lower_bound as the plain line says them" sh -c \
	"sed 's/.*\"length\":\\([0-9]*\\),\"lower_bound\":\\([0-9]*\\)}\$/\\1 >= \\2/' '$tmp/out' | cmp -s - '$tmp/plain'"

# --unsolvable WORD on a pair that is really unsolvable (two tiles swapped).
status_is 0 "--unsolvable on an unsolvable pair" sh -c "printf '1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0\n' | bin/query --tables tables --board 3x3 --pairs --unsolvable Impossible"
out_is "the word, then the solvable pair's distance" 'Impossible\n1\n'

# A valid explicit goal: the goal itself is 0, a neighbour 1, and the default goal spelled out is the default.
status_is 0 "--goal as tiles" sh -c "printf '8 7 6 5 4 3 2 1 0\n8 7 6 5 4 3 2 0 1\n' | bin/query --tables tables --goal '8 7 6 5 4 3 2 1 0'"
out_is "--goal: 0 for the goal, 1 for a neighbour" '0\n1\n'
bin/query --tables tables --goal last tests/formats/alds1_13_b/in >"$tmp/a" 2>/dev/null
bin/query --tables tables --goal '1 2 3 4 5 6 7 8 0' tests/formats/alds1_13_b/in >"$tmp/b" 2>/dev/null
if cmp -s "$tmp/a" "$tmp/b"; then ok "--goal spelled out = --goal last"; else ko "--goal spelled out = --goal last"; fi

# -j: the same answers, in the same order, on one thread and on two (4x4, Korf's first instances).
head -4 tests/data/korf100.txt | cut -d' ' -f1-16 >"$tmp/k"
status_is 0 "4x4 -j1" bin/query --tables tables --board 4x4 --goal first -j1 --path "$tmp/k"
cp "$tmp/out" "$tmp/j1"
status_is 0 "4x4 -j2" bin/query --tables tables --board 4x4 --goal first -j2 --path "$tmp/k"
if cmp -s "$tmp/out" "$tmp/j1"; then ok "-j1 and -j2 print the same"; else ko "-j1 and -j2 differ"; fi
awk '{ print length($0) }' "$tmp/out" >"$tmp/lens"
head -4 tests/data/korf100.txt | awk '{ print $17 }' >"$tmp/want"
if cmp -s "$tmp/lens" "$tmp/want"; then ok "Korf's first four: published optimal lengths"; else ko "Korf's lengths"; fi

# Where tables are looked up: --tables, else $SLIDETAB_TABLES, else (no install) ./tables.
mkdir -p "$tmp/env"
cp tables/3x3-b0.tbl "$tmp/env/"
printf 'X' | dd of="$tmp/env/3x3-b0.tbl" bs=1 seek=30000 conv=notrunc 2>/dev/null
status_is 3 "\$SLIDETAB_TABLES is used when set" sh -c "echo 8 7 6 5 4 3 2 1 0 | SLIDETAB_TABLES=$tmp/env bin/query --goal first"
status_is 0 "--tables wins over \$SLIDETAB_TABLES" sh -c "echo 8 7 6 5 4 3 2 1 0 | SLIDETAB_TABLES=$tmp/env bin/query --tables tables --goal first"
status_is 0 "with neither, ./tables" sh -c 'echo 8 7 6 5 4 3 2 1 0 | bin/query --goal first'
status_is 2 "a table missing everywhere names every folder searched" sh -c "echo 1 2 3 4 5 6 7 8 9 10 11 0 | SLIDETAB_TABLES=$tmp/env bin/query --board 3x4"
# (\$SLIDETAB_TABLES by its name; the tree's tables, which ./tables is here, once)
if grep -qF "in \$SLIDETAB_TABLES or $(pwd)/tables; build it with \`gen --board 3x4 --blank 0 --dir \$SLIDETAB_TABLES\`" "$tmp/err"; then
	ok "the folders are named in order"
else
	ko "folders named"
	cat "$tmp/err"
fi

# Progress on stderr when it is not a terminal (a log file): one line per depth, the depth and
# its states as the histogram says, the states so far, 100% and nothing left at the end; then the
# lines of the write.
bin/gen -j2 --board 2x4 --blank 0 -o "$tmp/p24.tbl" >"$tmp/h" 2>"$tmp/prog"
awk '/^layer/ { sub(":", "", $2); print $2, $3 }' "$tmp/prog" >"$tmp/layers"
grep -v '^#' "$tmp/h" >"$tmp/hist"
if cmp -s "$tmp/layers" "$tmp/hist"; then ok "gen's layer lines on a log: every depth with its states"; else ko "layer lines"; head -3 "$tmp/prog"; fi
if grep -q "^layer   0: *1 state, *1 so far" "$tmp/prog" && grep -q "^layer   1: *2 states, *3 so far" "$tmp/prog"; then
	ok "layer 0: 1 state, layer 1: 2 states"
else ko "layer 0 and 1 lines: $(grep -m2 '^layer' "$tmp/prog" | tr '\n' '|')"; fi
if tail -n 3 "$tmp/prog" | head -n 1 | grep -q "20160 so far (100.0%), .* states/s, about 0s left$"; then
	ok "the last layer line: every state, 100%, nothing left"
else ko "last layer line: $(tail -n 3 "$tmp/prog" | head -n 1)"; fi
if tail -n 2 "$tmp/prog" | head -n 1 | grep -q "^gen: search done in .* s; packing and writing $tmp/p24.tbl$" &&
	tail -n 1 "$tmp/prog" | grep -q "^gen: table written in .* s$"; then ok "the write is announced and timed"
else ko "write lines: $(tail -n 2 "$tmp/prog" | tr '\n' '|')"; fi
bin/gen -q --board 2x4 --blank 0 --count-only >/dev/null 2>"$tmp/prog"
if [ ! -s "$tmp/prog" ]; then ok "-q: no progress"; else ko "-q printed progress"; fi
# On a terminal (script(1) gives gen one) the live line shows the layer, the states so far,
# states/s and the time left; $SLIDETAB_TEST_LIVE_MS=0 draws it at every chunk of a small board.
if command -v script >/dev/null 2>&1; then
	SLIDETAB_TEST_LIVE_MS=0 script -qec "bin/gen -j1 --board 2x5 --blank 0 --count-only" /dev/null >"$tmp/tty" 2>&1
	if tr '\r' '\n' <"$tmp/tty" | grep -q "^.\[Klayer [0-9]* ([0-9]*% scanned): [0-9]* states ([0-9.]*%), .* states/s, .* s, about .* left"; then
		ok "the live line on a terminal: layer, states so far, states/s, time left"
	else ko "live line: $(tr '\r' '\n' <"$tmp/tty" | grep -m1 scanned)"; fi
else skipped "script(1) is not installed: no terminal for the live line"; fi

# gen --count-only prints the published histogram; gen --pattern builds a PDB that verifies.
bin/gen -q --board 2x4 --blank 0 --count-only | grep -v '^#' >"$tmp/h"
if cmp -s "$tmp/h" tests/data/hist/2x4-corner.txt; then ok "gen --count-only: the published 2x4 histogram"; else ko "count-only histogram"; fi
status_is 0 "gen --pattern" bin/gen -q --board 2x3 --pattern 1,2,3 -o "$tmp/p.tbl"
if grep -q "120 entries" "$tmp/out"; then ok "--pattern 1,2,3 on 2x3: 6*5*4 placements"; else ko "--pattern entries"; fi
status_is 0 "the pattern database verifies" bin/gen --verify "$tmp/p.tbl"
# Seven of eight tiles on 3x3: some placements cannot be reached; the table is still written.
status_is 0 "gen --pattern with unreachable placements" bin/gen -q --board 3x3 --pattern 1,2,3,4,5,6,7 -o "$tmp/p7.tbl"
status_is 0 "it verifies" bin/gen --verify "$tmp/p7.tbl"

# Not enough disk: refused up front with exit 3 (a 64 KiB tmpfs; needs root to mount).
mkdir -p "$tmp/small"
if mount -t tmpfs -o size=64k tmpfs "$tmp/small" 2>/dev/null; then
	mounted=1
	status_is 3 "gen refuses a table the disk cannot hold" bin/gen -q --board 2x5 -o "$tmp/small/x.tbl"
	if grep -q "are free in $tmp/small" "$tmp/err"; then ok "the message names the free bytes"; else ko "free bytes named"; fi
	if [ -z "$(ls -A "$tmp/small")" ]; then ok "nothing left on the small disk"; else ko "files left on the small disk"; fi
else
	skipped "not enough disk (mounting a tmpfs needs root)"
fi

# make static: a static query that answers from the tables (sanitizer builds cannot link statically).
if [ -n "${SLIDETAB_SANITIZED:-}" ]; then
	skipped "make static (a sanitizer build cannot be linked statically)"
elif make -s static >/dev/null 2>"$tmp/err"; then
	status_is 0 "bin/query-static answers" sh -c 'echo 8 1 3 4 5 6 7 2 0 | bin/query-static --tables tables'
	out_is "bin/query-static: the right distance" '14\n'
	if readelf -d bin/query-static 2>&1 | grep -q "no dynamic section"; then ok "bin/query-static is static"; else ko "query-static is not static"; fi
else
	ko "make static"; head -3 "$tmp/err"
fi

summary
