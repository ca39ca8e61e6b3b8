#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-15-pbit.sh: `make bench-15-pbit`: the 7-8 set of 4x4 (blank in cell 0) with 1-bit placement
# entries (pbit), with zero-aware 1-bit entries (zbit), and mixed (the 7-tile pattern zero-aware,
# the 8-tile one placement), side by side in one run: the build of each (wall, CPU, peak memory),
# its size on disk, then Korf's first 10 lines by bench/pdbnodes (nodes, CPU; whole processes
# interleaved three times: the placement set alone generates tens of times the nodes, so not all
# 100), then each of Korf's 100 as its own query process and the 100 as one batch (bench15 --each,
# zbit against mixed). Exit 1 on a wrong length.
# Usage: run-15-pbit.sh [DIR] (default build/bench15-pbit; the sets are built into DIR/ENTRY).
set -u
dir=${1:-build/bench15-pbit}
gen=${GEN:-bin/gen}
pn=build/bench/pdbnodes
b15=build/bench/bench15
mkdir -p "$dir/zbit" "$dir/pbit" "$dir/mixed" || exit 2
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
for e in zbit pbit; do
	rm -f "$dir/$e"/*.tbl
	/usr/bin/time -f "build $e: %e s wall, %U+%S s cpu, %M KB peak RSS" \
		"$gen" -q -j "$(nproc)" --board 4x4 --blank 0 --pdb 78 --entry "$e" --dir "$dir/$e" >/dev/null 2>"$dir/time" ||
		{ cat "$dir/time" >&2; exit 1; }
	tail -n 1 "$dir/time"
done
set -- $("$gen" --board 4x4 --blank 0 --pdb 78 --list-files) # the 7-tile file, then the 8-tile one
cp "$dir/zbit/$1" "$dir/mixed/$1" && cp "$dir/pbit/$2" "$dir/mixed/$2" || exit 2
f7=$1 f8=$2
for s in zbit pbit mixed; do
	echo "size $s: $(du -cb "$dir/$s/$f7" "$dir/$s/$f8" | tail -n 1 | awk '{ printf "%.1f MB", $1 / 1e6 }') a class"
done
bad=0
for r in 1 2 3; do
	for s in zbit pbit mixed; do
		/usr/bin/time -f "$s: whole process %e s wall, %U+%S s cpu, %M KB peak RSS" "$pn" tests/data/korf100.txt 1 10 \
			"$dir/$s/$f7" "$dir/$s/$f8" >"$dir/out" 2>"$dir/time" || bad=1
		echo "$s: $(tail -n 1 "$dir/out" | sed 's/^# //'); $(tail -n 1 "$dir/time" | sed "s/^$s: //")"
	done
done
"$b15" -j "$(nproc)" --set 78 --each "bin/query:$dir/zbit,bin/query:$dir/mixed" || bad=1
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
[ $bad = 0 ] || echo "FAIL: a wrong length"
exit $bad
