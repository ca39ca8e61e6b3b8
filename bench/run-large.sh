#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-large.sh: `make bench-large`: the 239.5-million-state boards (3x4, 2x6): whole runs against
# the baseline commit side by side (the same entries, read back by build/tests/tblcmp with plain
# zlib; the compressed bytes differ since 0.5.0's libdeflate writer), build time, memory, sizes per
# encoding, the deflate levels and inflate speeds, the memory probe beside the search's rate,
# verify time, and query on the compressed 3x4 table. BENCH_2X7=1 adds the complete 2x7 count-only search (tens of
# minutes on two cores); BENCH_2X7_TABLE=1 builds the exact 2x7 table (5.45 GB in $TMPDIR, 17 GiB
# of memory), verifies it and times answers from it (about 40 minutes). BENCH_BASE (default
# aef895b, main before libdeflate: zlib level 9) is built in a temporary git worktree; BENCH_REPEAT
# (default 2) runs of each, interleaved.
set -u
B=build/bench
BASE=${BENCH_BASE:-aef895b}
REPEAT=${BENCH_REPEAT:-2}
tmp=$(mktemp -d)
cleanup() { git worktree remove --force "$tmp/base" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
stat() { "$B/runstat" "$@" 2>"$tmp/stat" >"$tmp/stdout"; tail -n 1 "$tmp/stat"; }
# The checks every figure stands on; any that fails ends the run with FAIL and exit status 1.
exited0() { [ "$1" = 0 ] || fail "$2 exited with status $1"; } # exited0 STATUS WHAT
verified() { [ "$1" = 0 ] && grep -q '^OK ' "$tmp/stdout" || fail "gen --verify $2: status $1, $(head -c 300 "$tmp/stdout")"; }
is_distance() { grep -qx '[0-9][0-9]*' "$tmp/stdout" || fail "$1: '$(head -c 100 "$tmp/stdout")' is not a distance"; }
echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) (other jobs share the machine: compare the ratios)"
echo
echo "## whole runs against $BASE, full zlib tables (blank in a corner), -j2, $REPEAT runs each, interleaved"
git worktree add --detach "$tmp/base" "$BASE" >/dev/null 2>&1 || fail "cannot make a worktree of $BASE"
make -s -C "$tmp/base" -j2 bin/gen >/dev/null 2>&1 || fail "cannot build bin/gen of $BASE"
# Same table except the header's generator string (bytes 88..119) and the header CRC (4092..4095).
same_table() {
	cmp -s -n 88 "$1" "$2" && cmp -s -i 120 -n 3972 "$1" "$2" && cmp -s -i 4096 "$1" "$2" &&
		[ "$(bin/query --info "$1" | grep -v '^# \(table\|generator\)')" = "$(bin/query --info "$2" | grep -v '^# \(table\|generator\)')" ]
}
printf '%-5s %-8s %3s %9s %9s %9s %9s %9s %9s\n' board gen run wall_s cpu_s peak_MiB Mstates/s search_s search_cpu
for board in 3x4 2x6; do
	for i in $(seq "$REPEAT"); do
		for g in base new; do
			if [ $g = base ]; then exe="$tmp/base/bin/gen"; else exe=bin/gen; fi
			set -- $(stat "$exe" -q -j2 --board $board --blank 0 -o "$tmp/$g.tbl")
			[ "$4" = 0 ] || fail "$g gen on $board exited with status $4"
			# the search alone, as gen reports it: "# search W s wall, C s cpu, ..."
			search=$(awk '/^# search/ {print $3, $6}' "$tmp/stdout")
			[ -n "$search" ] || fail "$g gen on $board printed no search line"
			echo "$board $g $1 $2 $3 $search" >>"$tmp/runs"
			awk -v b=$board -v g=$g -v i="$i" -v w="$1" -v c="$2" -v r="$3" -v s="$search" \
				'BEGIN {split(s, x, " "); printf "%-5s %-8s %3s %9.2f %9.2f %9.1f %9.2f %9.2f %9.2f\n", b, g, i, w, c, r / 1024, 239500800 / w / 1e6, x[1], x[2]}'
		done
		build/tests/tblcmp "$tmp/base.tbl" "$tmp/new.tbl" >/dev/null || fail "$board: the new table's entries or header differ from $BASE's"
	done
	echo "$board: every entry and the header's histogram as $BASE's (tblcmp, plain zlib); $(wc -c <"$tmp/base.tbl") bytes then, $(wc -c <"$tmp/new.tbl") now"
done
echo
echo "## ratio ($BASE / new): whole process, the search alone (gen's own line) and the rest (packing and writing: process - search), fastest and slowest runs"
printf '%-5s %-7s %-25s %-25s %s\n' board what "wall_s base|new" "cpu_s base|new" "wall ratio (fastest, slowest)"
for board in 3x4 2x6; do
	for what in process search write; do
		awk -v b=$board -v what=$what '$1 == b {
			k = $2; wv = what == "process" ? $3 : what == "search" ? $6 : $3 - $6; cv = what == "process" ? $4 : what == "search" ? $7 : $4 - $7
			if (!(k in wmin) || wv < wmin[k]) wmin[k] = wv; if (!(k in wmax) || wv > wmax[k]) wmax[k] = wv
			if (!(k in cmin) || cv < cmin[k]) cmin[k] = cv; if (!(k in cmax) || cv > cmax[k]) cmax[k] = cv
		} END {
			printf "%-5s %-7s %5.1f-%-5.1f | %5.1f-%-5.1f  %5.1f-%-5.1f | %5.1f-%-5.1f  %.2f, %.2f\n", b, what,
				wmin["base"], wmax["base"], wmin["new"], wmax["new"], cmin["base"], cmax["base"], cmin["new"], cmax["new"],
				wmin["base"] / wmin["new"], wmax["base"] / wmax["new"]
		}' "$tmp/runs"
	done
done
echo
echo "## compact tables (1 bit a state, now written packed by the search) against $BASE's, and the count rate"
for board in 3x4 2x6; do
	"$tmp/base/bin/gen" -q -j2 --board $board --blank 0 -c compact -o "$tmp/cb.tbl" >/dev/null || fail "$BASE compact $board"
	for j in 1 2; do
		set -- $(stat bin/gen -q -j$j --board $board --blank 0 -c compact -o "$tmp/cn.tbl")
		[ "$4" = 0 ] || fail "compact $board -j$j exited with status $4"
		same_table "$tmp/cb.tbl" "$tmp/cn.tbl" || fail "$board compact -j$j: differs from $BASE's"
		echo "$board compact -j$j: identical to $BASE's; wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB"
	done
done
set -- $(stat bin/gen -q -j2 --board 2x6 --blank 0 --count-only)
awk -v w="$1" -v c="$2" 'BEGIN {printf "2x6 --count-only -j2: wall %.2f s, cpu %.2f s, %.2f M states/s; 2x7 (43,589,145,600 states) at this rate: %.0f s (its 10.9 GB working set is in DRAM, not in cache as 2x6'"'"'s 60 MB: an optimistic bound)\n", w, c, 239500800 / w / 1e6, 43589145600 / (239500800 / w)}'
echo
echo "## full tables (blank in a corner), whole process"
printf '%-5s %3s %9s %9s %9s %9s %s\n' board -j wall_s cpu_s peak_MiB Mstates/s radius
for run in "3x4 1" "3x4 2" "2x6 2"; do
	set -- $run
	set -- "$1" "$2" $(stat bin/gen -q -j"$2" --board "$1" --blank 0 -o "$tmp/$1.tbl")
	[ "$6" = 0 ] || fail "gen on $1 -j$2 exited with status $6"
	radius=$(grep '^# states' "$tmp/stdout" | sed 's/.*radius //')
	# 3x4's 239,500,800 states are at most 53 moves from a corner goal (a published figure)
	[ "$1" != 3x4 ] || grep -q '^# states 239500800, radius 53 ' "$tmp/stdout" || fail "3x4: $(grep '^# states' "$tmp/stdout")"
	awk -v b="$1" -v j="$2" -v w="$3" -v c="$4" -v r="$5" -v rad="$radius" \
		'BEGIN {printf "%-5s %3s %9.2f %9.2f %9.1f %9.2f %s\n", b, j, w, c, r / 1024, 239500800 / w / 1e6, rad}'
done
echo
echo "## bytes on disk, 3x4 (blank in a corner)"
printf '%-32s %12s %10s\n' encoding bytes bits/state
# "zlib9": the encoder of 0.4.0 (zlib, level 9) through the test hook, beside the default encoder
for enc in "none mdres" "zlib mdres" "zlib9 mdres" "zlib half" "compact -"; do
	set -- $enc
	hook=0
	[ "$1" = zlib9 ] && hook=1 && set -- zlib "$2" "(zlib's encoder, level 9)"
	if [ "$2" = - ]; then bin/gen -q --board 3x4 --blank 0 -c "$1" -o "$tmp/e.tbl" >/dev/null
	else SLIDETAB_TEST_ZLIB_DEFLATE=$hook bin/gen -q --board 3x4 --blank 0 -c "$1" -e "$2" -o "$tmp/e.tbl" >/dev/null; fi
	bytes=$(wc -c <"$tmp/e.tbl")
	awk -v e="$1/$2 ${3:-}" -v b="$bytes" 'BEGIN {printf "%-32s %12d %10.3f\n", e, b, 8 * b / 239500800}'
	[ "$1/$2" = zlib/mdres ] && [ $hook = 0 ] && cp "$tmp/e.tbl" "$tmp/levels.tbl"
	[ "$1" = compact ] && cp "$tmp/e.tbl" "$tmp/compact.tbl"
done
echo
echo "## deflate levels on the 3x4 table's blocks (one thread each; gen deflates on every core), and inflate"
"$B/deflatelv" "$tmp/levels.tbl" || fail "deflatelv"
rm -f "$tmp/levels.tbl"
echo
echo "## the memory system (memprobe, 2 threads; 57 MiB is the 3x4/2x6 2-bit working set) beside the search"
rc=0
"$B/memprobe" 2 57 2048 >"$tmp/probe" || rc=$? # its own status, not a pipe's
cat "$tmp/probe"
[ "$rc" -eq 0 ] || fail "memprobe"
# The search's own rate (gen's "# search" line, the last 3x4 and 2x6 runs above) and the traffic it
# implies. No hardware counters here (perf: cache events not supported in this guest), so bytes a
# state come from the search's structure (docs/search.md): each state, once in the frontier, marks
# its vertical neighbours far away (a random 64-byte line each: 4/3 a state on 3x4, 1 on 2x6), and
# the 2-bit array (1/4 byte a state) is read and written by every layer that flags its block.
for board in 3x4 2x6; do
	awk -v b=$board '$1 == b && $2 == "new" {s = $6} END {print s}' "$tmp/runs" >"$tmp/s"
	awk -v b=$board -v s="$(cat "$tmp/s")" -v L="$(if [ $board = 3x4 ]; then echo 53; else echo 60; fi)" \
		-v rnd="$(awk '/^ *57 MiB/ {print $5}' "$tmp/probe")" -v seq="$(awk '/^ *57 MiB/ {print $4}' "$tmp/probe")" 'BEGIN {
		v = b == "3x4" ? 4 / 3 : 1; rate = 239500800 / s
		printf "%s search: %.1f M states/s; %.2f random lines a state = %.1f M lines/s (probe: %.1f M/s, %.0f%%);", b, rate / 1e6, v, rate * v / 1e6, rnd, 100 * rate * v / 1e6 / rnd
		printf " sweeps at most %.1f bytes a state (%d layers x 1/4 byte x read+write) = %.2f GB/s at most (probe: %.2f GB/s)\n", L * 0.5, L, rate * L * 0.5 / 1e9, seq
	}'
done
echo
echo "## gen --verify, 3x4 zlib table"
set -- $(stat bin/gen --verify "$tmp/3x4.tbl"); verified "$4" 3x4
echo "verify: wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB, $(cat "$tmp/stdout")"
echo
echo "## query on the compressed 3x4 table"
mkdir -p "$tmp/t" && mv "$tmp/3x4.tbl" "$tmp/t/3x4-b0.tbl"
"$B/randpuz" 3x4 1 3 first >"$tmp/one" # one random solvable position
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t"); exited0 "$4" "query on 3x4"
is_distance "3x4 answer"
d34=$(cat "$tmp/stdout"); echo "one answer, fresh process:      wall $1 s, peak $3 KiB, answer $d34"
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t" --path); exited0 "$4" "query --path on 3x4"
awk -v d="$d34" 'BEGIN {s = ""; for (i = 0; i < d; i++) s = s "."; print s}' >"$tmp/d34"
build/tests/pathcheck 3x4 "$tmp/one" "$tmp/d34" "$tmp/stdout" first || fail "the 3x4 path is not a legal path of $d34 moves to the goal"
echo "one path, fresh process:        wall $1 s, peak $3 KiB"
"$B/randpuz" 3x4 1000000 5 >"$tmp/r34"
set -- $(stat -i "$tmp/r34" bin/query --board 3x4 --tables "$tmp/t" --preload); exited0 "$4" "query --preload on 3x4"
[ "$(grep -cx '[0-9][0-9]*' "$tmp/stdout")" = 1000000 ] || fail "3x4 --preload: not 1,000,000 distances"
head -n 1000 "$tmp/stdout" >"$tmp/a34"
awk -v w="$1" -v m="$3" 'BEGIN {printf "1,000,000 puzzles, --preload:   wall %.2f s, %.2f M puzzles/s (including the inflate), peak %d MiB\n", w, 1 / w, m / 1024}'
mv "$tmp/compact.tbl" "$tmp/t/3x4-b0.tbl"
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t"); exited0 "$4" "query on the compact 3x4 table"
is_distance "3x4 compact answer"
[ "$(cat "$tmp/stdout")" = "$d34" ] || fail "3x4: the compact table says $(cat "$tmp/stdout"), the zlib table $d34"
echo "one answer from the compact table: wall $1 s, peak $3 KiB, answer $d34"
# the first 1,000 of the million, from the compact table (decoded by walking to the goal, another
# path through the code than the zlib table's entries)
head -n 1000 "$tmp/r34" | bin/query --board 3x4 --tables "$tmp/t" >"$tmp/c34" || fail "query on the compact 3x4 table"
cmp -s "$tmp/a34" "$tmp/c34" || fail "3x4: the compact table's answers differ from the zlib table's"
echo "1,000 of them from the compact table: the zlib table's answers"
if [ "${BENCH_2X7:-0}" = 1 ]; then
	echo
	echo "## 2x7 count-only (43,589,145,600 states)"
	set -- $(stat bin/gen -q --board 2x7 --blank 0 --count-only); exited0 "$4" "gen --count-only on 2x7"
	grep -v '^#' "$tmp/stdout" | cmp -s - docs/2x7-histogram.txt || fail "2x7 count-only: the histogram is not docs/2x7-histogram.txt"
	echo "wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB; $(grep '^# states' "$tmp/stdout"); histogram = docs/2x7-histogram.txt"
fi
if [ "${BENCH_2X7_TABLE:-0}" = 1 ]; then
	echo
	echo "## the exact 2x7 table (43,589,145,600 states), compact, -j2"
	mkdir -p "$tmp/t7"
	set -- $(stat bin/gen -q --board 2x7 --blank 0 --compress compact --dir "$tmp/t7"); exited0 "$4" "gen on 2x7"
	grep -v '^#' "$tmp/stdout" | cmp -s - docs/2x7-histogram.txt || fail "2x7 table: the histogram is not docs/2x7-histogram.txt"
	t7="$tmp/t7/2x7-b0.tbl"
	[ -f "$t7" ] || fail "gen wrote no 2x7 table"
	bytes=$(wc -c <"$t7")
	awk -v w="$1" -v c="$2" -v m="$3" -v b="$bytes" 'BEGIN {printf "build: wall %.0f s, cpu %.0f s, peak %.2f GiB, %.0f bytes on disk, %.4f bits a state\n", w, c, m / 1048576, b, b * 8 / 43589145600}'
	grep '^# \(search\|write\)' "$tmp/stdout" || true
	set -- $(stat bin/gen --verify "$t7"); verified "$4" 2x7
	echo "verify: wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB, $(cat "$tmp/stdout")"
	"$B/randpuz" 2x7 1 3 first >"$tmp/one7"
	"$B/randpuz" 2x7 1000 9 first >"$tmp/r7"
	cold="warm page cache (cannot drop it)"
	sync && echo 3 2>/dev/null >/proc/sys/vm/drop_caches && cold="cold page cache"
	set -- $(stat -i "$tmp/one7" bin/query --board 2x7 --goal first --tables "$tmp/t7" --path); exited0 "$4" "query --path on 2x7"
	echo "one answer with its path, fresh process, $cold: wall $1 s, peak $3 KiB, $(cat "$tmp/stdout")"
	set -- $(stat -i "$tmp/r7" bin/query --board 2x7 --goal first --tables "$tmp/t7"); exited0 "$4" "query on 2x7"
	awk '{s = ""; for (i = 0; i < $1; i++) s = s "."; print s}' "$tmp/stdout" >"$tmp/d7"
	set -- $(stat -i "$tmp/r7" bin/query --board 2x7 --goal first --tables "$tmp/t7" --path); exited0 "$4" "query --path on 2x7"
	build/tests/pathcheck 2x7 "$tmp/r7" "$tmp/d7" "$tmp/stdout" first || fail "a 2x7 path is wrong"
	echo "1,000 random positions with paths, one process: wall $1 s, peak $3 KiB; every path as long as the distance and ending at the goal"
fi
