#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: `make bench`: generation speed, table sizes and query speed against the usual baselines.
# Every timed command must exit 0 and its answers are checked (against published histograms or an
# independent BFS); ratios are computed from the times measured in this run. Exits 1 on any failure.
set -u
B=build/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset SLIDETAB_TABLES
. bench/timed.sh # fail, timed
same() { cmp -s "$1" "$2" || fail "$3"; }

echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "## gen: every default board (blank in a corner), -j$(nproc); search = gen's own figure"
printf '%-5s %10s %9s %9s %9s %11s %9s %10s %10s %9s %8s\n' board states wall_s cpu_s search_ms states/s peak_MiB raw_bytes zlib_bytes zlib_b/st entropy
for board in 2x2 2x3 2x4 3x3 2x5; do
	timed "gen $board" bin/gen -q --board "$board" --blank 0 -o "$tmp/z.tbl"
	search=$(sed -n 's/^# search .* s wall, \([0-9.]*\) s cpu.*/\1/p' "$tmp/out")
	grep -v '^#' "$tmp/out" >"$tmp/hist"
	[ -f "tests/data/hist/$board-corner.txt" ] && same "$tmp/hist" "tests/data/hist/$board-corner.txt" "gen $board: histogram differs from the published one"
	bin/gen --verify "$tmp/z.tbl" >/dev/null || fail "gen $board: the table fails --verify"
	bin/gen -q --board "$board" --blank 0 -c none -o "$tmp/r.tbl" >/dev/null
	states=$(awk '{ s += $2 } END { print s }' "$tmp/hist")
	zbytes=$(wc -c <"$tmp/z.tbl")
	rbytes=$(wc -c <"$tmp/r.tbl")
	# order-0 entropy of the distance distribution, bits per state
	ent=$(awk -v n="$states" '{p = $2 / n; if (p > 0) h -= p * log(p) / log(2)} END {printf "%.2f", h}' "$tmp/hist")
	awk -v b="$board" -v s="$states" -v w="$wall" -v c="$cpu" -v se="$search" -v r="$rss" -v rb="$rbytes" -v zb="$zbytes" -v e="$ent" \
		'BEGIN {printf "%-5s %10d %9.4f %9.4f %9.1f %11.3g %9.1f %10d %10d %9.3f %8s\n", b, s, w, c, se * 1000, s / w, r / 1024, rb, zb, 8 * zb / s, e}'
done
echo
echo "## 3x3 whole table, one thread: gen against a BFS over a string-keyed ordered map (std::map style)"
timed "gen -j1 3x3" bin/gen -q -j1 --board 3x3 -o "$tmp/z.tbl"
gw=$wall gc=$cpu gr=$rss
gs=$(sed -n 's/^# search .* s wall, \([0-9.]*\) s cpu.*/\1/p' "$tmp/out")
timed "map BFS" "$B/baseline" map3x3
mw=$wall mc=$cpu mr=$rss
grep -q '^181440 states$' "$tmp/out" || fail "the map BFS did not find 181440 states"
timed "empty process" /bin/true
awk -v gw="$gw" -v gc="$gc" -v gr="$gr" -v gs="$gs" -v mw="$mw" -v mc="$mc" -v mr="$mr" -v tw="$wall" 'BEGIN {
	printf "gen -j1:          wall %.4f s, cpu %.4f s (search alone %.4f s), peak %d KiB\n", gw, gc, gs, gr
	printf "map BFS:          wall %.4f s, cpu %.4f s, peak %d KiB\n", mw, mc, mr
	printf "empty process:    wall %.4f s (the cost of starting any program here)\n", tw
	printf "ratio (map/gen):  %.1fx less CPU, %.1fx less wall\n", mc / gc, mw / gw }'
echo
echo "## AOJ 0121: 1,000 seven-puzzle lines, whole process"
"$B/randpuz" 2x4 1000 7 first >"$tmp/seven"
timed "query seven" -i "$tmp/seven" bin/query --tables tables --goal first
qw=$wall qr=$rss
cp "$tmp/out" "$tmp/q.out"
timed "BFS at start-up" -i "$tmp/seven" "$B/baseline" seven
same "$tmp/out" "$tmp/q.out" "seven puzzle: query and the BFS program disagree"
awk -v qw="$qw" -v qr="$qr" -v bw="$wall" -v br="$rss" 'BEGIN {
	printf "query:            wall %.4f s, peak %d KiB\n", qw, qr
	printf "BFS at start-up:  wall %.4f s, peak %d KiB (the same 1,000 answers)\n", bw, br
	printf "ratio:            %.1fx faster\n", bw / qw }'
echo
echo "## 1,000,000 random solvable 3x3 puzzles from a file (answers checked against a BFS)"
"$B/randpuz" 3x3 1000000 11 >"$tmp/r33"
"$B/baseline" answer3x3 <"$tmp/r33" >"$tmp/ref"
timed "query 3x3 distances" -i "$tmp/r33" bin/query --tables tables
same "$tmp/out" "$tmp/ref" "3x3 distances differ from the BFS"
awk -v w="$wall" -v m="$rss" 'BEGIN {printf "distances:        %.3f s, %.2f M puzzles/s, peak %d KiB\n", w, 1 / w, m}'
timed "query 3x3 paths" -i "$tmp/r33" bin/query --tables tables --path
awk '{ print length($0) }' "$tmp/out" >"$tmp/lens"
same "$tmp/lens" "$tmp/ref" "3x3 path lengths differ from the BFS distances"
awk -v w="$wall" -v m="$rss" 'BEGIN {printf "--path:           %.3f s, %.2f M puzzles/s, peak %d KiB\n", w, 1 / w, m}'
echo
echo "## one 2x5 answer in a fresh process, compressed table: one block against the whole table"
mkdir -p "$tmp/t" && bin/gen -q --board 2x5 --blank 0 -o "$tmp/t/2x5-b0.tbl" >/dev/null
echo "8 7 6 5 4 3 2 1 9 0" >"$tmp/one"
bin/query --tables tables --board 2x5 --goal first "$tmp/one" >"$tmp/want"
timed "one block" -i "$tmp/one" env SLIDETAB_WHOLE_LOAD=0 bin/query --board 2x5 --goal first --tables "$tmp/t"
same "$tmp/out" "$tmp/want" "2x5 answer from one block is wrong"
bw=$wall br=$rss
timed "whole table" -i "$tmp/one" bin/query --board 2x5 --goal first --tables "$tmp/t"
same "$tmp/out" "$tmp/want" "2x5 answer from the whole table is wrong"
awk -v bw="$bw" -v br="$br" -v ww="$wall" -v wr="$rss" 'BEGIN {
	printf "one block (SLIDETAB_WHOLE_LOAD=0): wall %.4f s, peak %d KiB\n", bw, br
	printf "whole table (the default):         wall %.4f s, peak %d KiB\n", ww, wr }'
for extra in "$B"/gap_bench; do
	[ -x "$extra" ] || continue
	echo
	echo "## Gap: $extra"
	"$extra" || fail "gap_bench"
done
echo
echo "## libslidetab: a call for a missing table (remembered a second), a lookup, a stat (one run, in turns)"
mkdir -p "$tmp/miss"
bin/gen -q --board 3x3 --blank 0 --dir "$tmp/miss" >/dev/null || fail "gen 3x3 for bench_miss"
"$B/bench_miss" "$tmp/miss" || fail "bench_miss"
[ "$failed" -eq 0 ] && echo "# every timed command exited 0 and every answer checked out"
exit "$failed"
