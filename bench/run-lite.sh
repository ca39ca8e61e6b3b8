#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-lite.sh: `make bench-lite`: lite's solver (native) on Korf's lines FIRST..LAST (default 1..10)
# with the 4x4 sets of the corner class side by side in one run: zero-aware (zbit) and placement
# (pbit) 6-6-3 and 5-5-5, each set's size, then bench/litenodes ROUNDS times (default 2) over the
# four sets in turn: lite's nodes, CPU and nodes a second, and the library's IDA* on the same files
# with lite's move machine (nodes and paths must be lite's; its nodes a second beside lite's), then
# the library's own search (its 12-move machine, bench/pdbnodes) for the node count it reports.
# Exit 1 on a wrong length or an answer whose nodes or path differ from the library's.
# Usage: run-lite.sh [DIR [FIRST LAST [ROUNDS]]] (default build/bench-lite; the sets are built into DIR/SET).
set -u
dir=${1:-build/bench-lite} first=${2:-1} last=${3:-10} rounds=${4:-2}
gen=${GEN:-bin/gen}
ln=build/bench/litenodes
pn=build/bench/pdbnodes
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
sets="zbit663 pbit663 zbit555 pbit555"
for s in $sets; do
	e=${s%???} pdb=${s#????}
	mkdir -p "$dir/$s" || exit 2
	if [ ! -f "$dir/$s/.done" ]; then
		rm -f "$dir/$s"/*.tbl
		"$gen" -q -j "$(nproc)" --board 4x4 --blank 0 --pdb "$pdb" --entry "$e" --dir "$dir/$s" >/dev/null || exit 1
		touch "$dir/$s/.done"
	fi
	echo "$s: $(du -cb "$dir/$s"/*.tbl | tail -n 1 | cut -f1) bytes (gen --board 4x4 --blank 0 --pdb $pdb --entry $e)"
done
bad=0
r=1
while [ $r -le "$rounds" ]; do
	args=
	for s in $sets; do args="$args $s $(ls "$dir/$s"/*.tbl | tr '\n' ' ') --"; done
	"$ln" tests/data/korf100.txt "$first" "$last" ${args% --} >"$dir/out" || bad=1
	echo "round $r:"
	grep '^# ' "$dir/out" | sed 's/^# /  /'
	r=$((r + 1))
done
for s in zbit663 pbit663; do
	echo "the library's own search (12-move machine), $s: $("$pn" tests/data/korf100.txt "$first" "$last" \
		"$dir/$s"/*.tbl | tail -n 1 | sed 's/^# //')" || bad=1
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
[ $bad = 0 ] || echo "FAIL: a wrong length, or an answer that differs from the library's"
exit $bad
