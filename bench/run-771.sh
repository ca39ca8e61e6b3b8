#!/bin/sh
# run-771.sh: `make bench-15-771`: the zero-aware 7-8 set (tables/, make tables-15) against a zero-aware 7-7-1 set
# ({1..7} shared, {8..14}, {15}; built into DIR once) on Korf's 100 for the blank-first goal: size, nodes, CPU and
# peak RSS of whole bench/pdbnodes processes, the two interleaved three times. Exit 1 on a wrong length.
set -u
dir=${1:-build/bench15-771}
gen=${GEN:-bin/gen}
pn=build/bench/pdbnodes
s78="tables/4x4-b0-pdb-fe.tbl tables/4x4-b0-pdb-ff00.tbl"
s771="tables/4x4-b0-pdb-fe.tbl $dir/4x4-b0-pdb-7f00.tbl $dir/4x4-b0-pdb-8000.tbl"
for f in tables/4x4-b0-pdb-fe.tbl tables/4x4-b0-pdb-ff00.tbl; do
	[ -f "$f" ] || { echo "run-771: $f missing: run make tables-15" >&2; exit 2; }
done
mkdir -p "$dir" || exit 2
for p in 8,9,10,11,12,13,14:7f00 15:8000; do # built once (minutes); pdbnodes checks what it loads
	[ -f "$dir/4x4-b0-pdb-${p#*:}.tbl" ] ||
		"$gen" -q --board 4x4 --blank 0 --pattern "${p%:*}" --entry zbit --dir "$dir" >/dev/null || exit 1
done
mb() { du -cbL "$@" | tail -n 1 | awk '{ printf "%.1f MB", $1 / 1e6 }'; }
echo "size a class: 78 $(mb $s78), 771 $(mb $s771); load average $(cut -d' ' -f1-3 /proc/loadavg)"
bad=0
for r in 1 2 3; do
	for s in 78 771; do
		if [ $s = 78 ]; then set -- $s78; else set -- $s771; fi
		/usr/bin/time -f "$s: whole process %e s wall, %U+%S s cpu, %M KB peak RSS" "$pn" tests/data/korf100.txt 1 100 "$@" \
			>build/run-771.out 2>build/run-771.time || bad=1
		echo "$s: $(tail -n 1 build/run-771.out | sed 's/^# //'); $(tail -n 1 build/run-771.time | sed "s/^$s: //")"
	done
done
[ $bad = 0 ] || echo "FAIL: a wrong length"
exit $bad
