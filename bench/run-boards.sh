#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-boards.sh: `make bench-boards`: optimal answers through the library (bench/boards.c) on
# 3x5 (100 random solvable positions, the default goal) with the sets `make` builds (against the same
# tiles with mdres entries, built here in seconds), and with the
# strong ones of `make tables-boards` when they are in tables/; 5x3 the same through 3x5's sets
# (the transpose); 4x5 (20 positions, two threads in each search) with tables-boards' 6-6-6-1 set.
# Every path is replayed to the goal; a failure ends the run with status 1. Usage: run-boards.sh BENCH_DIR
set -u
B=${1:-build/bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
# make's own sets alone in a folder (the search takes the strongest set it finds)
for set in 3x5-b0-auto6-zbit; do
	[ -f "tables/.stamp-$set" ] || { echo "FAIL: tables/.stamp-$set missing: run make"; exit 1; }
	cp $(cat "tables/.stamp-$set") "$tmp/" || exit 1
done
"$B/randpuz" 3x5 100 2027 > "$tmp/p35"
"$B/randpuz" 5x3 100 2027 > "$tmp/p53"
"$B/randpuz" 4x5 20 2027 > "$tmp/p45"
# boards DIR RxC THREADS < PUZZLES, its per-puzzle lines dropped; its error shown when it fails
run() { "$B/boards" "$1" "$2" "$3" 2>"$tmp/err" || { grep -v ' moves, ' "$tmp/err"; echo "FAIL: boards $*"; exit 1; }; }
# the same 6-6-2 partition with Manhattan-residue entries (make's set before zbit), built here
mkdir "$tmp/mdres" && bin/gen -q --board 3x5 --blank 0 --pdb auto6 --dir "$tmp/mdres" > /dev/null || exit 1
echo "## make's sets (3x5 class 0: auto6, 6-6-2 tiles, zbit entries) against the same tiles' mdres entries, interleaved"
for round in 1 2; do
	echo "# round $round: zbit, then mdres"
	run "$tmp" 3x5 1 < "$tmp/p35"
	run "$tmp/mdres" 3x5 1 < "$tmp/p35"
done
run "$tmp" 5x3 1 < "$tmp/p53"
if [ -f tables/.stamp-3x5-b0-auto7-zbit ]; then
	echo "## make tables-boards' sets (3x5 class 0: auto7, 7-7 tiles, zbit)"
	run tables 3x5 1 < "$tmp/p35"
	run tables 5x3 1 < "$tmp/p53"
else
	echo "## 3x5 auto7: skipped (make tables-boards builds it)"
fi
# 4x5 may take long with 6-6-6-1: at most BENCH_BOARDS_SECONDS (default 1200) seconds, then the
# puzzles answered so far are shown and the run goes on (the target is missed).
if [ -f tables/.stamp-4x5-b0-auto6 ]; then
	echo "## make tables-boards' 4x5 set (class 0: auto6, 6-6-6-1 tiles), 2 threads in each search"
	limit=${BENCH_BOARDS_SECONDS:-1200}
	timeout "$limit" "$B/boards" tables 4x5 2 < "$tmp/p45" 2>"$tmp/e45"
	rc=$?
	sed 's/^/#   /' "$tmp/e45"
	if [ "$rc" = 124 ]; then
		echo "4x5: stopped after $limit s with $(grep -c ' moves, ' "$tmp/e45") of 20 answered (all optimal, replayed)"
	elif [ "$rc" != 0 ]; then
		echo "FAIL: boards 4x5 exited with status $rc"
		exit 1
	fi
else
	echo "## 4x5: skipped (make tables-boards builds its auto6 set; make's auto4 set is for tests only)"
fi
