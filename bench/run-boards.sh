#!/bin/sh
# run-boards.sh: `make bench-boards` (issue 27): optimal answers through the library (bench/boards.c) on
# 3x5 (100 random solvable positions, the default goal) with the sets `make` builds, and with the
# strong ones of `make tables-boards` when they are in tables/; 5x3 the same through 3x5's sets
# (the transpose); 4x5 (20 positions, two threads in each search) with tables-boards' 6-6-6-1 set.
# Every path is replayed to the goal; a failure ends the run with status 1. Usage: run-boards.sh BENCH_DIR
set -u
B=${1:-build/bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
# make's own sets alone in a folder (the search takes the strongest set it finds)
for set in 3x5-b0-auto6; do
	[ -f "tables/.stamp-$set" ] || { echo "FAIL: tables/.stamp-$set missing: run make"; exit 1; }
	cp $(cat "tables/.stamp-$set") "$tmp/" || exit 1
done
"$B/randpuz" 3x5 100 2027 > "$tmp/p35"
"$B/randpuz" 5x3 100 2027 > "$tmp/p53"
"$B/randpuz" 4x5 20 2027 > "$tmp/p45"
echo "## make's sets (3x5 class 0: auto6, 6-6-2 tiles)"
"$B/boards" "$tmp" 3x5 1 < "$tmp/p35" || exit 1
"$B/boards" "$tmp" 5x3 1 < "$tmp/p53" || exit 1
if [ -f tables/.stamp-3x5-b0-auto7 ]; then
	echo "## make tables-boards' sets (3x5 class 0: auto7, 7-7 tiles)"
	"$B/boards" tables 3x5 1 < "$tmp/p35" || exit 1
	"$B/boards" tables 5x3 1 < "$tmp/p53" || exit 1
else
	echo "## 3x5 auto7: skipped (make tables-boards builds it)"
fi
if [ -f tables/.stamp-4x5-b0-auto6 ]; then
	echo "## make tables-boards' 4x5 set (class 0: auto6, 6-6-6-1 tiles), 2 threads in each search"
	"$B/boards" tables 4x5 2 < "$tmp/p45" || exit 1
else
	echo "## 4x5: skipped (make tables-boards builds its auto6 set; make's auto4 set is for tests only)"
fi
