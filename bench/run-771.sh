#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-771.sh: `make bench-15-771`: the zero-aware 7-8 set (TABLES, default tables/: make tables-15) against zero-aware
# 7-7-1 sets for the blank-first goal on Korf's 100: "771" ({1..7} shared, {8..14}, {15}) and "771x2", the max of
# two partitions, 771 and {1..7} {9..15} {8} (one more 7-tile file). Size, nodes, CPU and peak RSS of whole
# bench/pdbnodes processes, the three interleaved three times; the 7-tile files are built into DIR once.
# Exit 1 on a wrong length.
set -u
dir=${1:-build/bench15-771}
t=${TABLES:-tables}
gen=${GEN:-bin/gen}
pn=build/bench/pdbnodes
s78="$t/4x4-b0-pdb-fe.tbl $t/4x4-b0-pdb-ff00.tbl"
s771="$t/4x4-b0-pdb-fe.tbl $dir/4x4-b0-pdb-7f00.tbl $dir/4x4-b0-pdb-8000.tbl"
s771x2="$s771 $dir/4x4-b0-pdb-fe00.tbl $dir/4x4-b0-pdb-100.tbl $t/4x4-b0-pdb-fe.tbl"
for f in $s78; do
	[ -f "$f" ] || { echo "run-771: $f missing: run make tables-15" >&2; exit 2; }
done
mkdir -p "$dir" || exit 2
for p in 8,9,10,11,12,13,14:7f00 15:8000 9,10,11,12,13,14,15:fe00 8:100; do # built once (minutes); pdbnodes checks them
	[ -f "$dir/4x4-b0-pdb-${p#*:}.tbl" ] ||
		"$gen" -q --board 4x4 --blank 0 --pattern "${p%:*}" --entry zbit --dir "$dir" >/dev/null || exit 1
done
mb() { du -cbL $(printf '%s\n' "$@" | sort -u) | tail -n 1 | awk '{ printf "%.1f MB", $1 / 1e6 }'; }
echo "size a class: 78 $(mb $s78), 771 $(mb $s771), 771x2 $(mb $s771x2); load average $(cut -d' ' -f1-3 /proc/loadavg)"
bad=0
for r in 1 2 3; do
	for s in 78 771 771x2; do
		case $s in 78) set -- $s78 ;; 771) set -- $s771 ;; *) set -- $s771x2 ;; esac
		/usr/bin/time -f "$s: whole process %e s wall, %U+%S s cpu, %M KB peak RSS" "$pn" tests/data/korf100.txt 1 100 "$@" \
			>build/run-771.out 2>build/run-771.time || bad=1
		echo "$s: $(tail -n 1 build/run-771.out | sed 's/^# //'); $(tail -n 1 build/run-771.time | sed "s/^$s: //")"
	done
done
[ $bad = 0 ] || echo "FAIL: a wrong length"
exit $bad
