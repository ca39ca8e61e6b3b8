#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-mpi.sh: gen-mpi on two processes of one thread against gen on two threads, the same two cores:
# 3x4 and 2x6 full zlib tables (byte-identical, checked) and --count-only (the same histogram,
# checked), three runs of each interleaved (gen, gen-mpi, gen, ...), the medians side by side with
# their ratio; then the last table run's cross-process share and bytes per layer, and the peak
# memory of each process.
# BENCH_MPI_2X7=1 adds 2x7 --count-only on two processes (29 min 28 s at 4591b59, 5.21 GiB a process).
set -u
cd "$(dirname "$0")/.." || exit 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-bench-mpi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
# sub A B: A - B in seconds; div A B: A / B; med A B C: the median (awk: bc is not on a bare Debian)
sub() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a - b}'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
med() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
fail=0
# run BOARD WHAT: three interleaved runs of gen -j 2 and gen-mpi, WHAT a table (g.tbl and m.tbl) or
# a count; prints the medians.
run() {
	b=$1 what=$2 g="" m="" same="tables byte-identical"
	[ "$what" = table ] || same="histograms equal"
	for _ in 1 2 3; do
		if [ "$what" = table ]; then set -- -o "$tmp/g.tbl"; else set -- --count-only; fi
		t0=$(now)
		bin/gen -q -j 2 --board "$b" --blank 0 "$@" >"$tmp/g.out" || fail=1
		t1=$(now)
		[ "$what" = count ] || set -- -o "$tmp/m.tbl"
		mpirun -np 2 bin/gen-mpi -j 1 --board "$b" --blank 0 "$@" >"$tmp/m.out" 2>"$tmp/m.err" || fail=1
		t2=$(now)
		g="$g $(sub "$t1" "$t0")" m="$m $(sub "$t2" "$t1")"
		if [ "$what" = table ]; then
			cmp -s "$tmp/g.tbl" "$tmp/m.tbl" || { same="tables DIFFERENT"; fail=1; }
		else
			grep -v '^#' "$tmp/g.out" >"$tmp/g.h"
			grep -v '^#' "$tmp/m.out" | cmp -s - "$tmp/g.h" || { same="histograms DIFFERENT"; fail=1; }
		fi
	done
	# shellcheck disable=SC2086 # the run times, one word each
	mg=$(med $g) mm=$(med $m)
	echo "== $b $what: gen -j 2 $mg s, mpirun -np 2 gen-mpi -j 1 $mm s (medians of$g and$m), ratio" \
		"$(div "$mm" "$mg") (target <= 1.1); $same"
}
for b in 3x4 2x6; do
	run "$b" table
	mv "$tmp/m.err" "$tmp/m.keep" 2>/dev/null
	grep '^# exchange\|^# seconds\|^# peak' "$tmp/m.out" >"$tmp/m.sum"
	grep -o 'working set.*' "$tmp/g.out" >"$tmp/g.sum"
	run "$b" count
	grep '^gen-mpi: layer' "$tmp/m.keep" | sed 's/^/   /'
	sed 's/^/   /' "$tmp/m.sum"
	echo "   gen's peak: $(cat "$tmp/g.sum")"
done
if [ "${BENCH_MPI_2X7:-}" = 1 ]; then
	t0=$(now)
	mpirun -np 2 bin/gen-mpi -j 1 --board 2x7 --count-only >"$tmp/7.out" 2>"$tmp/7.err" || fail=1
	t1=$(now)
	grep -v '^#' docs/2x7-histogram.txt >"$tmp/7.want"
	grep -v '^#' "$tmp/7.out" | cmp -s - "$tmp/7.want" && h="equal to docs/2x7-histogram.txt" || { h="DIFFERENT from docs/2x7-histogram.txt"; fail=1; }
	echo "== 2x7 --count-only, mpirun -np 2 gen-mpi -j 1: $(sub "$t1" "$t0") s; histogram $h"
	grep '^gen-mpi: layer' "$tmp/7.err" | sed 's/^/   /'
	grep '^#' "$tmp/7.out" | sed 's/^/   /'
fi
exit $fail
