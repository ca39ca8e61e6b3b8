#!/bin/sh
# SPDX-License-Identifier: Zlib
# answers.sh: query built for another machine (run under $EMU) gives the build machine's answers
# (build/host/bin/query) on the default tables: distances and paths of random start and goal pairs
# (every goal class, solvable or not) on every board up to 10 cells and its transpose; and gen
# built for it (bin/gen under $EMU) writes the build machine's gen's table bytes, small header
# (docs/FORMAT.md, version 2) and full header alike.
# Usage: EMU="qemu-arm -L ..." sh tests/cross/answers.sh [PUZZLES a board]
cd "$(dirname "$0")/../.." || exit 2
n=${1:-100}
for q in bin/query build/host/bin/query bin/gen build/host/bin/gen; do
	[ -x $q ] || { echo "cross: $q missing (make check-cross builds it)" >&2; exit 2; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-cross.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0 total=0
for board in 2x2 2x3 3x2 2x4 4x2 3x3 2x5 5x2; do
	cells=$(( ${board%x*} * ${board#*x} ))
	# two random arrangements a line (start, goal), seeded by the board: the same puzzles every run
	awk -v n="$n" -v c="$cells" -v seed="$cells${board%x*}" 'BEGIN { srand(seed);
		for (p = 0; p < n; p++) { line = "";
			for (k = 0; k < 2; k++) { for (i = 0; i < c; i++) t[i] = i;
				for (i = c - 1; i > 0; i--) {
					j = int(rand() * (i + 1)); x = t[i]; t[i] = t[j]; t[j] = x }
				for (i = 0; i < c; i++) line = line " " t[i] }
			print line } }' > "$tmp/in"
	for mode in "" --path; do
		build/host/bin/query --board "$board" --pairs $mode < "$tmp/in" > "$tmp/want" 2>&1
		$EMU bin/query --board "$board" --pairs $mode < "$tmp/in" > "$tmp/got" 2>&1
		total=$((total + n))
		if ! cmp -s "$tmp/want" "$tmp/got"; then
			echo "cross: $board $mode: answers differ from the build machine's:" >&2
			diff "$tmp/want" "$tmp/got" | head -5 >&2
			bad=1
		fi
	done
	solved=$(grep -c -v unsolvable "$tmp/want")
	echo "cross: $board: $n puzzles ($solved solvable), distances and paths equal"
done
echo "cross: $total answers compared under ${EMU:-no emulator}"
tables=0
# Both gens deflate with zlib's encoder (the hook): the cross sysroots have no libdeflate, and the
# two encoders write the same entries in other bytes (tests/e2e/encoder.sh compares those).
SLIDETAB_TEST_ZLIB_DEFLATE=1
export SLIDETAB_TEST_ZLIB_DEFLATE
for spec in "2x3" "2x4 --compress none" "2x4 --compress compact" "3x3 --compress compact" "3x3 --blank 4"; do
	build/host/bin/gen -q -j2 --board $spec -o "$tmp/host.tbl" > /dev/null 2>&1
	$EMU bin/gen -q -j2 --board $spec -o "$tmp/target.tbl" > /dev/null 2>&1
	if [ -s "$tmp/host.tbl" ] && cmp -s "$tmp/host.tbl" "$tmp/target.tbl"; then
		tables=$((tables + 1))
	else
		echo "cross: gen --board $spec: the table differs from the build machine's" >&2
		bad=1
	fi
done
echo "cross: $tables tables written byte for byte as the build machine's gen writes them (4 small headers, 1 full)"
exit $bad
