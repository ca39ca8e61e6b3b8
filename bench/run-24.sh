#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-24.sh: `make bench-24`: the 24 puzzle with the 6-6-6-6 set make tables-24 built in TABLES (default tables/).
# 1. One answer from the shell: a whole `query` process on line 38 of Korf & Felner's 50 at the default memory
#    (A*+IDA*) and with --memory 0 (IDA*), interleaved three times (wall, CPU, peak RSS). 2. The ten easiest lines
#    (TEN: other lines), each by IDA*, A*+IDA* for the path and A*+IDA* for the length at 256 MiB to 16 GiB, in
#    turn: nodes, wall, CPU, peak RSS, totals, ratios and the projection for all 50. 3. With VS=DIR (a folder holding another encoding or
#    preset of the set, e.g. the 4-bit 6666 set: gen --pdb 6666 --entry mdres --dir DIR) and VS_SET (default 6666),
#    LINES (default 38,40,25,44,30,28) answered by both sets, interleaved, side by side. 4. With BENCH_A=PATH (another
#    build's bench24, e.g. main's), LINES (default 38,40,44) answered by that binary and this one on TABLES' 6666
#    (A on BENCH_A_TABLES' when given: a build that reads another table format), interleaved three times, and the
#    ratio of their median CPU times; BENCH_A_OPTS adds options to both (e.g. '--memory 1G --length-only').
#    5. With PEER24=DIR (clausecker/24puzzle built there; PEER24_PDB its PDBs), LINES (default 38 40 25) answered
#    by that peer's solver and by bench24 in turn (bench/run-24-peer.sh, which `make bench-24-peer` runs alone).
#    Exit 1 on a wrong answer.
set -u
bench=${1:-build/bench}
t=${TABLES:-tables}
korf=tests/data/korf50-24.txt
bad=0
line38=$(grep -v '^#' "$korf" | sed -n 38p | awk '{ NF = 25; print }')
want38=$(grep -v '^#' "$korf" | sed -n 38p | awk '{ print $26 }')
echo "## one answer from the shell: query --board 5x5 --goal first, line 38 ($want38 moves), tables in $t;"
echo "## the default memory (A*+IDA*) and --memory 0 (IDA*), interleaved"
for r in 1 2 3; do
	for m in default 0; do
		mem=
		[ $m = default ] || mem="--memory $m"
		echo "$line38" | /usr/bin/time -f "whole process %e s wall, %U+%S s cpu, %M KB peak RSS" \
			bin/query --tables "$t" --board 5x5 --goal first -j 2 -q $mem >build/run-24.out 2>build/run-24.time || bad=1
		got=$(cat build/run-24.out)
		[ "$got" = "$want38" ] || { echo "FAIL: line 38: query said '$got'"; bad=1; }
		echo "line 38, memory $m: $got moves; $(tail -n 1 build/run-24.time)"
	done
done
echo
# Each line answered by each search in turn (one bench24 process each, -j 2): IDA* and A*+IDA* for
# the smallest path, and A*+IDA* for the length alone at four budgets.
echo "## Korf & Felner's ten easiest, bench24 -j 2, interleaved line by line:"
echo "## ida: IDA* (--memory 0); path: A*+IDA* at 4 GiB, the smallest path; len-B: A*+IDA* at B bytes, the length"
echo "## (the path any optimal one; bench24 replays it); nodes generated, wall and CPU s, peak RSS of the process"
printf '%-5s %-9s %6s %14s %9s %9s %9s\n' line search length nodes wall cpu "RSS MB"
rm -f build/run-24.rows
for l in ${TEN:-38 40 25 32 44 37 30 13 1 28}; do
	for c in ida:0: path:4G: len-256M:256M:--length-only len-1G:1G:--length-only len-4G:4G:--length-only \
		len-16G:16G:--length-only; do
		name=${c%%:*} rest=${c#*:}
		mem=${rest%%:*} opt=${rest#*:}
		/usr/bin/time -f "%e %U %S %M" -o build/run-24.time "$bench/bench24" -j 2 --dir "$t" --set 6666 \
			--korf "$korf" --lines "$l" --memory "$mem" $opt >build/run-24.out 2>/dev/null || bad=1
		awk -v l="$l" -v n="$name" 'NR == FNR { w = $1; c = $2 + $3; r = $4 / 1024; next }
			$1 == l { ok = $2 == $3; printf "%-5s %-9s %6s %14s %9.2f %9.2f %9.0f%s\n", l, n, $2, $4, w, c, r, ok ? "" : "  FAIL"
			print l, n, $4, w, c, r, $5 >> "build/run-24.rows" }' build/run-24.time build/run-24.out
		grep -q "^# 1 of 1 optimal" build/run-24.out || { echo "FAIL: line $l, $name"; bad=1; }
	done
done
echo
echo "## totals over the lines, and each search against ida (nodes and CPU)"
awk '{ n[$2] += $3; w[$2] += $4; c[$2] += $5; if ($6 > r[$2]) r[$2] = $6; kf[$2] += $7; if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 } }
	END { for (i = 1; i <= k; i++) { s = order[i]
		printf "%-9s nodes %14.0f  wall %8.2f s  cpu %8.2f s  peak RSS %5.0f MB  nodes/ida %.3f  cpu/ida %.3f\n",
			s, n[s], w[s], c[s], r[s], n[s] / n["ida"], c[s] / c["ida"] } }' build/run-24.rows
# The projection for all 50 lines (the method: docs/pdb.md): this run's nodes per published
# 6-6-6-6 expansion on these lines, times the published expansions of all 50, at this run's rate.
awk -v pub=tests/data/korf50-24-nodes.txt 'BEGIN { while ((getline x < pub) > 0) { split(x, f, " "); if (f[1] ~ /^[0-9]+$/) { kf[f[1]] = f[3]; all += f[3] } } }
	{ n[$2] += $3; c[$2] += $5; k[$2] += kf[$1]; if (!($2 in seen)) { seen[$2] = 1; order[++m] = $2 } }
	END { for (i = 1; i <= m; i++) { s = order[i]; if (k[s] > 0 && c[s] > 0)
		printf "# projection, %-9s %.3g nodes a published expansion, %.3g nodes/s (wall, 2 threads): all 50 lines %.3g nodes, %.1f h\n",
			s, n[s] / k[s], n[s] / (c[s] / 2), n[s] / k[s] * all, n[s] / k[s] * all / (n[s] / (c[s] / 2)) / 3600 } }' build/run-24.rows
rm -f build/run-24.rows
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
	echo "## side by side, interleaved: A = $BENCH_A (tables in $ta), B = $bench/bench24 (tables in $t), lines $lines,"
	echo "## options '${BENCH_A_OPTS:-}' (none: IDA*, the smallest path) (CPU s of the lines)"
	for r in 1 2 3; do
		for side in "A:$BENCH_A" "B:$bench/bench24"; do
			dir=$t
			[ "${side%%:*}" = A ] && dir=$ta
			cpu=$("${side#*:}" -j 2 --dir "$dir" --set 6666 --korf "$korf" --lines "$lines" ${BENCH_A_OPTS:-} 2>/dev/null |
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
if [ -n "${PEER24:-}" ]; then
	echo
	sh bench/run-24-peer.sh "$bench" || bad=1
fi
[ $bad = 0 ] || echo "FAIL: a wrong answer"
exit $bad
