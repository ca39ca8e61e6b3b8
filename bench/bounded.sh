#!/bin/sh
# SPDX-License-Identifier: Zlib
# bounded.sh: figures of query --fast and --within: whole-process times, 5x5 --within 1.5, Korf's 100 ratios.
# Usage: sh bench/bounded.sh [N5] [TIMEOUT]  (N5 random 5x5 positions, default 100; TIMEOUT seconds a
# puzzle, default 10, where each puzzle is its own process: the small 5x5 set and Korf's at W 1.2)
set -u
n5=${1:-100}
lim=${2:-10}
Q="bin/query --tables tables"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-bounded.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }

# COUNT random solvable RxC positions for the blank-last goal (a shuffle; two tiles swapped when
# its parity is wrong), one a line.
randpos() {
	awk -v R="$1" -v C="$2" -v k="$3" -v seed="$4" 'BEGIN { srand(seed); n = R * C
		for (p = 0; p < k; p++) {
			for (i = 0; i < n; i++) t[i] = i
			for (i = n - 1; i > 0; i--) { j = int(rand() * (i + 1)); x = t[i]; t[i] = t[j]; t[j] = x }
			inv = 0; for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) { a = t[i] ? t[i] - 1 : n - 1; b = t[j] ? t[j] - 1 : n - 1; if (a > b) inv++ }
			for (i = 0; i < n; i++) if (t[i] == 0) bl = i
			taxi = (R - 1 - int(bl / C)) + (C - 1 - bl % C)
			if (inv % 2 != taxi % 2) { i = t[0] ? 0 : 2; j = t[1] ? 1 : 2; x = t[i]; t[i] = t[j]; t[j] = x }
			s = ""; for (i = 0; i < n; i++) s = s (i ? " " : "") t[i]; print s } }'
}

echo "--fast, whole process (query started once per puzzle), 20 random solvable positions each:"
for b in 10x10 16x16; do
	r=${b%x*} c=${b#*x}
	randpos "$r" "$c" 20 7 >"$tmp/p"
	worst=0 tot=0 lens=0
	while read -r line; do
		t0=$(now)
		out=$(echo "$line" | $Q --fast --board "$b") || exit 1
		t1=$(now)
		d=$(((t1 - t0) / 1000))
		tot=$((tot + d)); [ "$d" -gt "$worst" ] && worst=$d
		lens=$((lens + ${out%% *}))
	done <"$tmp/p"
	echo "  $b: mean $((tot / 20 / 1000)).$(((tot / 20) % 1000 / 100)) ms, worst $((worst / 1000)) ms, mean length $((lens / 20)) moves"
done

randpos 5 5 "$n5" 11 >"$tmp/p5"
if [ -f tables/.stamp-5x5-b0-6666 ]; then
	echo "--within 1.5 on 5x5, $n5 random positions, Korf & Felner's 6-6-6-6 set (make tables-24), one handle (the set loaded once, not timed):"
	build/bench/bounded tables 5 5 1.5 0 <"$tmp/p5" || exit 1
else
	echo "--within 1.5 on 5x5, $n5 random positions, the 5x5 set make builds (4-4-4-4-4-4, the small one; make tables-24 builds the 6-6-6-6 one), ${lim} s a puzzle at most, whole process:"
	done5=0 tot=0 worst=0 okb=0
	while read -r line; do
		t0=$(now)
		out=$(echo "$line" | timeout "$lim" $Q --within 1.5 2>/dev/null)
		st=$?
		t1=$(now)
		[ "$st" -eq 0 ] || continue
		d=$(((t1 - t0) / 1000000))
		done5=$((done5 + 1)); tot=$((tot + d)); [ "$d" -gt "$worst" ] && worst=$d
		echo "$out" | awk '{ exit !($1 * 2 <= 3 * $3) }' && okb=$((okb + 1))
	done <"$tmp/p5"
	[ "$done5" -gt 0 ] && echo "  answered $done5 of $n5 within ${lim} s: mean $((tot / done5)) ms, worst $worst ms; length <= 1.5 x bound: $okb of $done5"
	[ "$done5" -gt 0 ] || echo "  answered none of $n5 within ${lim} s"
fi

echo "Korf's 100 (4x4, blank-first goal): lengths over the published optima"
cut -d' ' -f1-16 tests/data/korf100.txt >"$tmp/k"
cut -d' ' -f17 tests/data/korf100.txt >"$tmp/kopt"
$Q --fast --goal first "$tmp/k" >"$tmp/kf" || exit 1
paste -d' ' "$tmp/kf" "$tmp/kopt" | awk '{ r += $1 / $4; n++ } END { printf "  --fast: mean length / optimum %.2f over %d\n", r / n, n }'
kdone=0 kr=0
: >"$tmp/kw"
while read -r line; do
	out=$(echo "$line" | timeout "$lim" $Q --within 1.2 --goal first 2>/dev/null) || out=timeout
	echo "$out" >>"$tmp/kw"
done <"$tmp/k"
paste -d' ' "$tmp/kw" "$tmp/kopt" | awk -v lim="$lim" '$1 != "timeout" { r += $1 / $4; n++; if ($1 > 1.2 * $4) bad++ }
	END { printf "  --within 1.2: mean length / optimum %.3f over the %d answered within %s s (the 4x4 sets in tables/), %d over 1.2\n", n ? r / n : 0, n, lim, bad }'
