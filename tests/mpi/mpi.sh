#!/bin/sh
# SPDX-License-Identifier: Zlib
# mpi.sh: gen-mpi against gen: the same histograms and byte-identical tables (raw and zlib) for P = 1..4
# on 2x3, 2x4, 3x3 (blank in a corner, on an edge, in the centre) and 2x5; a run killed with SIGKILL
# at a known point (the test hook $SLIDETAB_TEST_CKPT_KILL) leaves no table and exactly the expected
# checkpoint files, and resumes to the same bytes leaving none; damaged or foreign checkpoints are
# refused; the same for plain gen; a failing or killed process ends the whole job. Skipped (and
# counted) without mpirun or bin/gen-mpi.
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

# Standard output that cannot be written is a failure, as for gen (mpirun itself ignores errors
# writing its own); through a pipe the histogram arrives whole.
if full_dev "P=2 --count-only to a full device"; then
	status_is 1 "P=2 --count-only > $full fails" sh -c "mpirun --oversubscribe -np 2 '$GENMPI' -q -j 1 --board 2x5 --count-only >'$full'"
	err_has "the write error named" "gen-mpi: writing the output: No space left on device"
fi
mpi 2 -q -j 1 --board 2x5 --count-only | cat | grep -v '^#' >"$tmp/piped"
cmp -s "$tmp/piped" "$tmp/g.cnt" && ok "P=2 through a pipe: gen's histogram" || ko "P=2 through a pipe: the histogram differs"

# Killed with SIGKILL at a known point of saving a layer (the hook $SLIDETAB_TEST_CKPT_KILL, given
# to every process): no table, exactly the files the protocol leaves; --resume: gen's bytes, and
# no checkpoint file once it is done.
want_files() { # want_files NAME DIR P LAYER...: DIR holds exactly the files of these layers, every process
	wname=$1 dir=$2 np=$3
	shift 3
	procs=$((np > 0 ? np : 1))
	want=$(for d in "$@"; do q=0; while [ $q -lt $procs ]; do echo "layer-$d.proc-$q-of-$procs.ckpt"; q=$((q + 1)); done; done | sort | tr '\n' ' ')
	got=$(ls -A "$dir" 2>/dev/null | sort | tr '\n' ' ')
	if [ "$got" = "$want" ]; then ok "$wname"; else ko "$wname: '$got', expected '$want'"; fi
}
run_ck() { # run_ck P KILL-POINT ARGS...: gen (P = 0) or gen-mpi on 2x5, blank 1, raw, killed at the point
	np=$1 at=$2
	shift 2
	if [ "$np" -eq 0 ]; then
		env SLIDETAB_TEST_CKPT_KILL="$at" "$GEN" -q --board 2x5 --blank 1 -c none "$@" -o "$tmp/k.tbl"
	else
		SLIDETAB_TEST_CKPT_KILL="$at" mpirun --oversubscribe -x SLIDETAB_TEST_CKPT_KILL -np "$np" "$GENMPI" -q -j 1 \
			--board 2x5 --blank 1 -c none "$@" -o "$tmp/k.tbl"
	fi
}
"$GEN" -q --board 2x5 --blank 1 -c none -o "$tmp/want.tbl" >/dev/null
killed() { # killed NAME P (P = 0: plain gen): killed between the rename of layer 10 and the removal of layer 9
	name=$1 P=$2 ck="$tmp/ck$2"
	rm -rf "$ck" "$tmp/k.tbl"
	run_ck "$P" 10:renamed --checkpoint "$ck" >/dev/null 2>&1
	r=$?
	[ $r -ne 0 ] && [ ! -e "$tmp/k.tbl" ] && ok "$name: killed after renaming layer 10 (exit $r), no table" || ko "$name: exit $r after the kill, or a table"
	want_files "$name: layers 9 and 10 of every process" "$ck" "$P" 9 10
}
resumed() { # resumed NAME P: killed once more after layer 15 of the resumed run, then resumed to the end
	rname=$1 P=$2 ck="$tmp/ck$2"
	run_ck "$P" 15 --resume "$ck" >/dev/null 2>&1
	want_files "$rname: the resumed run killed after layer 15 holds layer 15 only" "$ck" "$P" 15
	status_is 0 "$rname: --resume" run_ck "$P" "" --resume "$ck"
	cmp -s "$tmp/k.tbl" "$tmp/want.tbl" && ok "$rname: resumed table is gen's, byte for byte" || ko "$rname: resumed table differs"
	want_files "$rname: no checkpoint file left" "$ck" "$P"
}
killed "gen" 0
resumed "gen" 0
killed "P=2" 2
# refusals, on the live file of process 1 (layer 10; layer 9 is the stale one): a flipped byte,
# another P, another board, another entry; a fresh run into an old checkpoint
f="$tmp/ck2/layer-10.proc-1-of-2.ckpt"
cp "$f" "$tmp/keep"
printf '\001' | dd of="$f" bs=1 seek=5000 conv=notrunc 2>/dev/null
status_is 1 "P=2 flipped body byte refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "names the file and the damage" "refusing the checkpoint $f: its body is damaged"
cp "$tmp/keep" "$f"
printf '\377' | dd of="$f" bs=1 seek=24 conv=notrunc 2>/dev/null
status_is 1 "P=2 flipped header byte refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "header damage named" "refusing the checkpoint $f: its header is damaged"
cp "$tmp/keep" "$f"
status_is 2 "P=3 refuses a P=2 checkpoint" mpi 3 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "the process counts named" "written by 2 processes; this run has 3"
status_is 2 "another board refused" mpi 2 -q -j 1 --board 5x2 --blank 1 -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "board named" "another board"
status_is 2 "another entry refused" mpi 2 -q -j 1 --board 2x5 --blank 1 -e half -c none --resume "$tmp/ck2" -o "$tmp/x.tbl"
err_has "entry named" "another --count-only or entry encoding"
want_files "P=2: the refused runs removed nothing" "$tmp/ck2" 2 9 10
resumed "P=2" 2
killed "P=3" 3
resumed "P=3" 3
rm -rf "$tmp/ck0"
run_ck 0 8 --checkpoint "$tmp/ck0" >/dev/null 2>&1
status_is 2 "gen: another goal refused" "$GEN" -q --board 2x5 --blank 2 -c none --resume "$tmp/ck0" -o "$tmp/x.tbl"
err_has "goal named" "another goal"
status_is 2 "a fresh --checkpoint into an old one refused" "$GEN" -q --board 2x5 --checkpoint "$tmp/ck0" -o "$tmp/x.tbl"

# A failing process ends the whole job with its status: process 0 fails writing the table while
# the others still send it their blocks (they would wait for ever); one process killed by a
# signal ends the others too.
if full_dev "P=3: process 0 fails its write"; then
	status_is 1 "P=3: process 0 fails its write: the job ends" timeout 120 mpirun --oversubscribe -np 3 "$GENMPI" -q -j 1 \
		--board 2x5 --blank 1 -c none -o "$full"
	err_has "the failing process and its error named" "gen-mpi: process 0: .*No space left on device"
	full_kept "P=3: process 0 fails its write"
fi
rm -rf "$tmp/ck9" "$tmp/k.tbl"
# only process 1 sees the hook: it kills itself before renaming layer 12 while process 0 waits
SLIDETAB_TEST_CKPT_KILL=12:tmp timeout 120 mpirun --oversubscribe -x SLIDETAB_TEST_CKPT_KILL -np 2 sh -c \
	'[ "$OMPI_COMM_WORLD_RANK" = 1 ] || unset SLIDETAB_TEST_CKPT_KILL; exec "$0" "$@"' "$GENMPI" -q -j 1 \
	--board 2x5 --blank 1 -c none --checkpoint "$tmp/ck9" -o "$tmp/k.tbl" >/dev/null 2>&1
r=$?
[ $r -ne 0 ] && [ $r -ne 124 ] && [ ! -e "$tmp/k.tbl" ] && ok "P=2: process 1 killed alone: the job ends (exit $r), no table" ||
	ko "P=2: process 1 killed alone: exit $r (124: the job hung), or a table"
status_is 0 "P=2: resumed after one process was killed" mpi 2 -q -j 1 --board 2x5 --blank 1 -c none --resume "$tmp/ck9" -o "$tmp/k.tbl"
cmp -s "$tmp/k.tbl" "$tmp/want.tbl" && ok "P=2: that resumed table is gen's" || ko "P=2: that resumed table differs"
want_files "P=2: no checkpoint file left after it" "$tmp/ck9" 2
status_is 2 "gen-mpi refuses --pdb" mpi 2 --board 4x4 --pdb 555
[ ! -e "$tmp/x.tbl" ] && ok "no table from a refused run" || ko "a table from a refused run"
summary
