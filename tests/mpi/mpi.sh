#!/bin/sh
# mpi.sh: gen-mpi against gen: the same histograms and byte-identical tables (raw and zlib) for P = 1..4
# on 2x3, 2x4, 3x3 (blank in a corner, on an edge, in the centre) and 2x5; a run killed with kill -9
# leaves no table and resumes from its checkpoint to the same bytes; damaged or foreign checkpoints
# are refused; the same for plain gen. Skipped (and counted) without mpirun or bin/gen-mpi.
. tests/common.sh
GENMPI=${GENMPI:-bin/gen-mpi}
# As root (CI), Open MPI needs these; oversubscribe: P up to 4 on 2 cores. Open MPI's own
# allocations are reported by LeakSanitizer in sanitizer builds (none of them ours), so leak
# detection is off for the processes mpirun starts only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$GENMPI" ]; then
	skipped "gen-mpi tests (no mpirun or $GENMPI: install openmpi-bin libopenmpi-dev, make gen-mpi)"
	summary
	exit $?
fi
mpi() { P=$1; shift; mpirun --oversubscribe -np "$P" "$GENMPI" "$@"; }

# histogram and table against gen: same board, goal, options
same() { # same NAME P GEN-ARGS...
	name=$1 P=$2
	shift 2
	"$GEN" -q "$@" -o "$tmp/g.tbl" | grep -v '^#' >"$tmp/g.hist"
	if mpi "$P" -q -j 1 "$@" -o "$tmp/m.tbl" >"$tmp/m.out" 2>"$tmp/m.err" &&
		grep -v '^#' "$tmp/m.out" | cmp -s - "$tmp/g.hist" && cmp -s "$tmp/m.tbl" "$tmp/g.tbl"; then
		ok "$name"
	else
		ko "$name"
		head -3 "$tmp/m.err"
	fi
}
for P in 1 2 3 4; do
	for bc in 2x3:0 2x3:1 2x4:0 2x4:1 3x3:0 3x3:1 3x3:4; do
		b=${bc%:*} c=${bc#*:}
		same "P=$P $b blank $c zlib" "$P" --board "$b" --blank "$c"
	done
	same "P=$P 3x3 blank 4 raw" "$P" --board 3x3 --blank 4 -c none
	same "P=$P 2x4 blank 1 compact" "$P" --board 2x4 --blank 1 -c compact
done
for P in 2 3; do
	same "P=$P 2x5 blank 2 raw" "$P" --board 2x5 --blank 2 -c none
	same "P=$P 2x5 blank 0 zlib" "$P" --board 2x5 --blank 0
done
"$GEN" -q --board 2x5 --count-only | grep -v "^#" >"$tmp/g.cnt"
status_is 0 "P=2 2x5 --count-only" mpi 2 -q -j 1 --board 2x5 --count-only
grep -v '^#' "$tmp/out" | cmp -s - "$tmp/g.cnt" && ok "P=2 --count-only histogram is gen's" || ko "P=2 --count-only histogram"
has "$tmp/out" "^# exchange: 2 processes" && ok "exchange figures printed" || ko "exchange figures printed"

# kill -9 of one process after some layers: no table; --resume: the same bytes
killed() { # killed NAME P (P = 0: plain gen)
	name=$1 P=$2 ck="$tmp/ck$2"
	rm -f "$tmp/k.tbl"
	"$GEN" -q --board 2x5 --blank 1 -c none -o "$tmp/want.tbl" >/dev/null
	if [ "$P" -eq 0 ]; then
		SLIDETAB_TEST_LAYER_DELAY_MS=60 "$GEN" -q --board 2x5 --blank 1 -c none --checkpoint "$ck" -o "$tmp/k.tbl" >/dev/null 2>&1 &
	else
		SLIDETAB_TEST_LAYER_DELAY_MS=60 mpirun --oversubscribe -x SLIDETAB_TEST_LAYER_DELAY_MS -np "$P" "$GENMPI" -q -j 1 \
			--board 2x5 --blank 1 -c none --checkpoint "$ck" -o "$tmp/k.tbl" >/dev/null 2>&1 &
	fi
	job=$!
	n=0 files=$((P > 0 ? P : 1))
	while [ "$(ls "$ck" 2>/dev/null | grep -c '^layer-1[0-9]\..*ckpt$')" -lt $files ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
	# plain gen: the process; gen-mpi: the last process of this job (its checkpoint folder is unique)
	if [ "$P" -eq 0 ]; then
		kill -9 $job
	else
		kill -9 "$(ps -eo pid=,comm=,args= | awk -v ck="$ck" '$2 == "gen-mpi" && index($0, ck) { p = $1 } END { print p }')"
	fi
	wait $job 2>/dev/null
	[ ! -e "$tmp/k.tbl" ] && ok "$name: killed after $(ls "$ck" | grep -c ckpt$) checkpoint files, no table" || ko "$name: a table after the kill"
	if [ "$P" -eq 0 ]; then
		status_is 0 "$name: --resume" "$GEN" -q --board 2x5 --blank 1 -c none --resume "$ck" -o "$tmp/k.tbl"
	else
		status_is 0 "$name: --resume" mpi "$P" -q -j 1 --board 2x5 --blank 1 -c none --resume "$ck" -o "$tmp/k.tbl"
	fi
	cmp -s "$tmp/k.tbl" "$tmp/want.tbl" && ok "$name: resumed table is gen's, byte for byte" || ko "$name: resumed table differs"
}
killed "gen" 0
killed "P=2" 2
# refusals: a flipped byte, another P, another board, another entry; a fresh run into an old checkpoint
f=$(ls "$tmp/ck2"/layer-*.proc-1-of-2.ckpt | head -1)
cp "$f" "$tmp/keep"
printf '\001' | dd of="$f" bs=1 seek=5000 conv=notrunc 2>/dev/null
status_is 1 "P=2 flipped body byte refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "names the file and the damage" "refusing the checkpoint .*proc-1-of-2.ckpt: its body is damaged"
cp "$tmp/keep" "$f"
printf '\377' | dd of="$f" bs=1 seek=24 conv=notrunc 2>/dev/null
status_is 1 "P=2 flipped header byte refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "header damage named" "its header is damaged"
cp "$tmp/keep" "$f"
status_is 2 "P=3 refuses a P=2 checkpoint" mpi 3 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "the process counts named" "written by 2 processes; this run has 3"
status_is 2 "another board refused" mpi 2 -q -j 1 --board 5x2 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "board named" "another board"
status_is 2 "another entry refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -e half -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "entry named" "another --count-only or entry encoding"
status_is 2 "gen: another goal refused" "$GEN" -q --board 2x5 --blank 2 -c none --resume "$tmp/ck0" -o "$tmp/x.tbl"
err_has "goal named" "another goal"
status_is 2 "a fresh --checkpoint into an old one refused" "$GEN" -q --board 2x5 --checkpoint "$tmp/ck0" -o "$tmp/x.tbl"
status_is 2 "gen-mpi refuses --pdb" mpi 2 --board 4x4 --pdb 555
[ ! -e "$tmp/x.tbl" ] && ok "no table from a refused run" || ko "a table from a refused run"
summary
