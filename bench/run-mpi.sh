#!/bin/sh
# run-mpi.sh: gen-mpi on two processes of one thread against gen on two threads, the same two cores:
# 3x4 and 2x6 full zlib tables (byte-identical, checked), wall times side by side with the ratio,
# the cross-process share and bytes per layer, and the peak memory of each process.
# BENCH_MPI_2X7=1 adds 2x7 --count-only on two processes (29 min 28 s at 4591b59, 5.21 GiB a process).
set -u
cd "$(dirname "$0")/.." || exit 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-bench-mpi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
# sub A B: A - B in seconds; div A B: A / B (awk: bc is not on a bare Debian)
sub() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a - b}'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
fail=0
for b in 3x4 2x6; do
	t0=$(now)
	bin/gen -q -j 2 --board "$b" --blank 0 -o "$tmp/g.tbl" >"$tmp/g.out" || fail=1
	t1=$(now)
	mpirun -np 2 bin/gen-mpi -j 1 --board "$b" --blank 0 -o "$tmp/m.tbl" >"$tmp/m.out" 2>"$tmp/m.err" || fail=1
	t2=$(now)
	if cmp -s "$tmp/g.tbl" "$tmp/m.tbl"; then same="byte-identical"; else same="DIFFERENT"; fail=1; fi
	echo "== $b zlib table: gen -j 2 $(sub "$t1" "$t0") s, mpirun -np 2 gen-mpi -j 1 $(sub "$t2" "$t1") s," \
		"ratio $(div "$(sub "$t2" "$t1")" "$(sub "$t1" "$t0")") (target <= 1.5); tables $same"
	grep '^gen-mpi: layer' "$tmp/m.err" | sed 's/^/   /'
	grep '^# exchange\|^# peak' "$tmp/m.out" | sed 's/^/   /'
	echo "   gen's peak: $(grep -o 'working set.*' "$tmp/g.out")"
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
