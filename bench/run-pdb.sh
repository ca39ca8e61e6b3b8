#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-pdb.sh: `make bench-pdb`: the zero-aware PDB builds (5x5 6-6-6-6, 4x4 7-8) of bin/gen beside an
# older gen (GEN_A), each set whole: wall, CPU, peak RSS and entries a CPU-second, the exact search's
# rate in the same run and the memory system's; the files are compared (cmp, CRCs recorded in
# tests/data/pdb-zbit.cksum), verified, and built again on one thread to the same bytes.
# Usage: run-pdb.sh BENCHDIR [GEN_A]   (BENCH_PDB_SETS: the sets, default "5x5:6666 4x4:78")
set -u
B=${1:?usage: run-pdb.sh BENCHDIR [GEN_A]}
A=${2:-}
sets=${BENCH_PDB_SETS:-5x5:6666 4x4:78}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-bench-pdb.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
unset SLIDETAB_TABLES
. bench/timed.sh # fail, timed
entries() { awk '/^# pattern/ {for (i = 1; i <= NF; i++) if ($i == "entries,") s += $(i - 1)} END {print s + 0}' "$tmp/out"; }

echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg) (others share the machine: compare the ratios)"
echo "# new: bin/gen at $(git rev-parse --short HEAD 2>/dev/null || echo unknown); A: ${A:-none (give GEN_A=PATH for the side-by-side)}"
echo
echo "## whole sets, --entry zbit, -j 2: A, then new; entries/cpu-s = the set's entries over the process's CPU"
printf '%-10s %-4s %13s %9s %9s %9s %14s\n' set gen entries wall_s cpu_s peak_MiB entries/cpu-s
for s in $sets; do
	board=${s%%:*} set=${s#*:}
	for g in A new; do
		gen=bin/gen
		[ $g = A ] && gen=$A
		[ -n "$gen" ] || continue
		mkdir -p "$tmp/$g-$board-$set"
		timed "$g $board $set" "$gen" --board "$board" --blank 0 --pdb "$set" --entry zbit -j 2 --dir "$tmp/$g-$board-$set"
		n=$(entries)
		awk -v s="$board-$set" -v g=$g -v n="$n" -v w="$wall" -v c="$cpu" -v r="$rss" \
			'BEGIN {printf "%-10s %-4s %13d %9.1f %9.1f %9.0f %14.3g\n", s, g, n, w, c, r / 1024, n / c}'
		echo "$board-$set $g $n $wall $cpu $rss" >>"$tmp/runs"
	done
	for f in "$tmp/new-$board-$set"/*.tbl; do
		name=$(basename "$f")
		[ -z "$A" ] || cmp -s "$f" "$tmp/A-$board-$set/$name" || fail "$name differs from A's"
		want=$(awk -v f="$name" '$3 == f {print $1, $2}' tests/data/pdb-zbit.cksum)
		got=$(cksum <"$f")
		[ -z "$want" ] || [ "$want" = "$got" ] || fail "$name: cksum $got, tests/data/pdb-zbit.cksum says $want"
		[ -n "$want" ] && echo "# $name: cksum $got as recorded"
	done
	rm -rf "$tmp/A-$board-$set"
done
echo
echo "## ratio A / new (whole process)"
awk '$2 == "A" {w[$1] = $4; c[$1] = $5; r[$1] = $6} $2 == "new" && ($1 in w) {
	printf "%-10s wall %.2fx, cpu %.2fx, peak RSS %.2fx\n", $1, w[$1] / $4, c[$1] / $5, r[$1] / $6 }' "$tmp/runs"
echo
echo "## the same bytes on one thread, and gen --verify (a fresh build compared entry by entry)"
for s in $sets; do
	board=${s%%:*} set=${s#*:}
	mkdir -p "$tmp/j1-$board-$set"
	timed "new -j 1 $board" bin/gen -q --board "$board" --blank 0 --pdb "$set" --entry zbit -j 1 --dir "$tmp/j1-$board-$set"
	echo "$board-$set -j 1: wall $wall s, cpu $cpu s, peak $((rss / 1024)) MiB"
	for f in "$tmp/new-$board-$set"/*.tbl; do
		cmp -s "$f" "$tmp/j1-$board-$set/$(basename "$f")" || fail "$(basename "$f"): -j 1 and -j 2 differ"
		timed "verify $f" bin/gen --verify "$f" -j 2
		grep -q '^OK ' "$tmp/out" || fail "$(basename "$f") fails gen --verify"
		echo "verify $(basename "$f"): wall $wall s, cpu $cpu s, peak $((rss / 1024)) MiB"
	done
	rm -rf "$tmp/j1-$board-$set" "$tmp/new-$board-$set"
done
echo
echo "## the exact search in the same run (gen --count-only, 3x4, -j 2: 2-bit states, Korf's two-bit BFS)"
timed "exact 3x4" bin/gen --board 3x4 --count-only -j 2
search=$(sed -n 's/^# search .* s wall, \([0-9.]*\) s cpu.*/\1/p' "$tmp/out")
awk -v c="$search" 'BEGIN {printf "exact 3x4: 239500800 states, search %.1f cpu-s, %.3g states/cpu-s\n", c, 239500800 / c}'
echo
echo "## the memory system (memprobe, 2 threads; 43 MiB and 373 MiB: the 2-bit states of a 6-tile 5x5 and an 8-tile 4x4 pattern)"
"$B/memprobe" 2 43 373 || fail "memprobe"
echo
[ $failed = 0 ] && echo "# every file the same bytes as A's, -j 1's and the recorded CRCs where known, and verified"
exit $failed
