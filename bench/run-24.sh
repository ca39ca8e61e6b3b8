#!/bin/sh
# run-24.sh: `make bench-24`: the 24 puzzle with the 6-6-6-6 set make tables-24 built in TABLES (default tables/).
# 1. One answer from the shell: a whole `query` process on line 38 of Korf & Felner's 50, three times (wall, CPU,
#    peak RSS). 2. The ten easiest lines (bench24 -j 2: length, nodes beside Korf & Felner's and Clausecker's
#    published counts, time, and the projection for all 50). 3. With VS=DIR (a folder holding another encoding or
#    preset of the set, e.g. the 4-bit 6666 set: gen --pdb 6666 --entry mdres --dir DIR) and VS_SET (default 6666),
#    LINES (default 38,40,25,44,30,28) answered by both sets, interleaved, side by side. 4. With BENCH_A=PATH (another
#    build's bench24, e.g. main's), LINES (default 38,40,44) answered by that binary and this one on TABLES' 6666
#    (A on BENCH_A_TABLES' when given: a build that reads another table format), interleaved three times, and the
#    ratio of their median CPU times. Exit 1 on a wrong answer.
set -u
bench=${1:-build/bench}
t=${TABLES:-tables}
korf=tests/data/korf50-24.txt
bad=0
line38=$(grep -v '^#' "$korf" | sed -n 38p | awk '{ NF = 25; print }')
want38=$(grep -v '^#' "$korf" | sed -n 38p | awk '{ print $26 }')
echo "## one answer from the shell: query --board 5x5 --goal first, line 38 ($want38 moves), tables in $t"
for r in 1 2 3; do
	echo "$line38" | /usr/bin/time -f "whole process %e s wall, %U+%S s cpu, %M KB peak RSS" \
		bin/query --tables "$t" --board 5x5 --goal first -j 2 >build/run-24.out 2>build/run-24.time || bad=1
	got=$(cat build/run-24.out)
	[ "$got" = "$want38" ] || { echo "FAIL: line 38: query said '$got'"; bad=1; }
	echo "line 38: $got moves; $(tail -n 1 build/run-24.time)"
done
echo
echo "## Korf & Felner's ten easiest, bench24 -j 2 (each search on both threads)"
"$bench/bench24" -j 2 --dir "$t" --set 6666 --korf "$korf" || bad=1
if [ -n "${VS:-}" ]; then
	lines=${LINES:-38,40,25,44,30,28}
	echo
	echo "## side by side, interleaved: $t's 6666 against $VS's ${VS_SET:-6666}, lines $lines"
	for r in 1 2; do
		for d in "$t:6666" "$VS:${VS_SET:-6666}"; do
			echo "# $d, run $r"
			"$bench/bench24" -j 2 --dir "${d%:*}" --set "${d##*:}" --korf "$korf" --lines "$lines" 2>/dev/null |
				grep -v '^# nodes' || bad=1
		done
	done
fi
if [ -n "${BENCH_A:-}" ]; then
	lines=${LINES:-38,40,44}
	echo
	rm -f build/run-24.ab
	ta=${BENCH_A_TABLES:-$t}
	echo "## side by side, interleaved: A = $BENCH_A (tables in $ta), B = $bench/bench24 (tables in $t), lines $lines (CPU s of the lines)"
	for r in 1 2 3; do
		for side in "A:$BENCH_A" "B:$bench/bench24"; do
			dir=$t
			[ "${side%%:*}" = A ] && dir=$ta
			cpu=$("${side#*:}" -j 2 --dir "$dir" --set 6666 --korf "$korf" --lines "$lines" 2>/dev/null |
				awk '/^# [0-9]+ of [0-9]+ optimal/ { ok = $2 == $4 } $1 == "total" { c = $6 } END { if (ok) print c }')
			[ -n "$cpu" ] || { echo "FAIL: ${side%%:*} did not answer every line optimally"; bad=1; }
			echo "${side%%:*} run $r: ${cpu:-?} s cpu"
			echo "${side%%:*} ${cpu:-0}" >>build/run-24.ab
		done
	done
	ma=$(awk '$1 == "A" { print $2 }' build/run-24.ab | sort -n | sed -n 2p)
	mb=$(awk '$1 == "B" { print $2 }' build/run-24.ab | sort -n | sed -n 2p)
	rm -f build/run-24.ab
	awk -v a="$ma" -v b="$mb" 'BEGIN { if (a > 0) printf "median CPU: A %.2f s, B %.2f s, B/A %.3f\n", a, b, b / a }'
fi
[ $bad = 0 ] || echo "FAIL: a wrong answer"
exit $bad
