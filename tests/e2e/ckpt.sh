#!/bin/sh
# SPDX-License-Identifier: Zlib
# ckpt.sh: gen's checkpoints (--checkpoint, --resume) in one process, without MPI: a run killed
# with SIGKILL at several points of saving a layer (the test hook $SLIDETAB_TEST_CKPT_KILL,
# docs/distributed.md: before the rename, between the rename and the removal of the older file,
# after it) leaves no table, exactly the files the protocol says, and resumes to the bytes and
# histogram of an uninterrupted run, leaving no checkpoint file behind; damaged and foreign
# checkpoints are refused with exit 1 and 2, naming the file, and lose nothing; a checkpoint
# folder that cannot be written fails before the first layer. Run from the repository root.
set -u
. tests/common.sh
export LC_ALL=C
G="$GEN -q -j2 --board 2x5 --blank 1 -c none"
ck=$tmp/ck
$G -o "$tmp/want.tbl" | grep -v '^#' >"$tmp/want.hist"
# 2x5 with the blank at cell 1 has 56 layers (radius 55): its last checkpoint is layer-56.
last=$(($(wc -l <"$tmp/want.hist")))
f() { echo "layer-$1.proc-0-of-1.ckpt"; } # the file of this process after $1 layers

files_are() { # files_are NAME FILE...: the checkpoint folder holds exactly these files
	name=$1
	shift
	want=$(for x in "$@"; do echo "$x"; done | sort | tr '\n' ' ')
	got=$(ls -A "$ck" 2>/dev/null | sort | tr '\n' ' ')
	if [ "$got" = "$want" ]; then ok "$name"; else ko "$name: the folder holds '$got', expected '$want'"; fi
}
no_table() { if [ ! -e "$tmp/k.tbl" ]; then ok "$1: no table"; else ko "$1: a table after the kill"; fi; }
same_result() { # same_result NAME: the resumed run's table and histogram are the uninterrupted run's
	if cmp -s "$tmp/k.tbl" "$tmp/want.tbl"; then ok "$1: the table is the uninterrupted run's, byte for byte"; else ko "$1: the table differs"; fi
	if grep -v '^#' "$tmp/out" | cmp -s - "$tmp/want.hist"; then ok "$1: the same histogram"; else ko "$1: the histogram differs"; fi
}
killed() { # killed POINT ARGS...: a run killed at POINT ($SLIDETAB_TEST_CKPT_KILL) with SIGKILL
	at=$1
	shift
	status_is 137 "killed at $at (SIGKILL)" env SLIDETAB_TEST_CKPT_KILL="$at" "$@" -o "$tmp/k.tbl"
	no_table "killed at $at"
}

# Each point, then a second kill during the resumed run, then the resumed run to its end.
for case in "5:tmp $(f 4) $(f 5).tmp" "5:renamed $(f 4) $(f 5)" "5 $(f 5)" "$last:renamed $(f $((last - 1))) $(f $last)" \
	"$last $(f $last)"; do
	set -- $case
	point=$1
	shift
	rm -rf "$ck" "$tmp/k.tbl"
	killed "$point" $G --checkpoint "$ck"
	files_are "killed at $point: the older layer, the newer one as the kill left it" "$@"
	k=${point%%:*}
	if [ "$k" -lt "$last" ]; then
		again=$((k + 3))
		killed "$again" $G --resume "$ck"
		files_are "resumed from $point, killed after layer $again: one file, no stale layer" "$(f $again)"
	fi
	status_is 0 "resumed from $point to the end" $G --resume "$ck" -o "$tmp/k.tbl"
	same_result "resumed from $point"
	files_are "resumed from $point: the finished run removed its checkpoint"
done

# Killed before the first checkpoint was complete: nothing to resume (exit 2); a fresh run
# into the folder takes the temporary file's place and ends with an empty folder.
rm -rf "$ck" "$tmp/k.tbl"
killed 1:tmp $G --checkpoint "$ck"
files_are "killed before the first rename: only its temporary file" "$(f 1).tmp"
status_is 2 "nothing to resume from a temporary file alone" $G --resume "$ck" -o "$tmp/k.tbl"
err_has "the message says there is no checkpoint" "no checkpoint of process 0 in $ck"
status_is 0 "a fresh run into that folder" $G --checkpoint "$ck" -o "$tmp/k.tbl"
same_result "fresh run over a temporary file"
files_are "the fresh run removed the temporary file and its own checkpoint"

# Other runs: killed with -j1 and resumed with -j3; count-only; compact (one byte a state in the
# checkpoint, packed after); the default zlib table.
rm -rf "$ck" "$tmp/k.tbl"
killed 20 $GEN -q -j1 --board 2x5 --blank 1 -c none --checkpoint "$ck"
status_is 0 "killed at -j1, resumed at -j3" $GEN -q -j3 --board 2x5 --blank 1 -c none --resume "$ck" -o "$tmp/k.tbl"
same_result "-j1 then -j3"
rm -rf "$ck"
status_is 137 "count-only killed after layer 30" env SLIDETAB_TEST_CKPT_KILL=30 $GEN -q --board 2x5 --blank 1 --count-only --checkpoint "$ck"
status_is 0 "count-only resumed" $GEN -q --board 2x5 --blank 1 --count-only --resume "$ck"
if grep -v '^#' "$tmp/out" | cmp -s - "$tmp/want.hist"; then ok "count-only: the same histogram"; else ko "count-only histogram"; fi
files_are "count-only: no checkpoint left"
for kind in compact zlib; do
	"$GEN" -q --board 2x5 --blank 1 -c $kind -o "$tmp/want-$kind.tbl" >/dev/null
	rm -rf "$ck" "$tmp/k.tbl"
	killed 12:renamed $GEN -q --board 2x5 --blank 1 -c $kind --checkpoint "$ck"
	status_is 0 "$kind: resumed" $GEN -q --board 2x5 --blank 1 -c $kind --resume "$ck" -o "$tmp/k.tbl"
	if cmp -s "$tmp/k.tbl" "$tmp/want-$kind.tbl"; then ok "$kind: the table is the uninterrupted run's"; else ko "$kind: the table differs"; fi
	files_are "$kind: no checkpoint left"
done

# A failed write keeps the checkpoint (the last layer), and it resumes.
rm -rf "$ck" "$tmp/k.tbl"
if full_dev "a run whose table write fails"; then
	status_is 1 "a run whose table write fails ($full)" $G --checkpoint "$ck" -o "$full"
	full_kept "a run whose table write fails"
	files_are "the failed run kept its last checkpoint" "$(f $last)"
	status_is 0 "resumed after the failed write" $G --resume "$ck" -o "$tmp/k.tbl"
	same_result "resumed after the failed write"
fi

# Refusals, on the one file of a run killed after layer 8 (its name is known exactly).
rm -rf "$ck" "$tmp/k.tbl"
killed 8 $G --checkpoint "$ck"
live=$ck/$(f 8)
files_are "killed after layer 8: one file" "$(f 8)"
cp "$live" "$tmp/keep"
damaged() { # damaged NAME MESSAGE: --resume refuses the damaged file with exit 1 and keeps it
	status_is 1 "$1 refused" $G --resume "$ck" -o "$tmp/k.tbl"
	err_has "$1: the file and the damage named" "refusing the checkpoint $live: $2"
	files_are "$1: the refused file is kept" "$(f 8)"
	cp "$tmp/keep" "$live"
}
printf '\001' | dd of="$live" bs=1 seek=5000 conv=notrunc 2>/dev/null
damaged "a flipped body byte" "its body is damaged"
printf '\377' | dd of="$live" bs=1 seek=24 conv=notrunc 2>/dev/null
damaged "a flipped header byte" "its header is damaged"
printf 'X' | dd of="$live" bs=1 seek=0 conv=notrunc 2>/dev/null
damaged "another magic" "not a slidetab checkpoint"
head -c 5000 "$tmp/keep" >"$live"
damaged "a truncated file" "it is too short"
printf 'X' >>"$live"
damaged "a byte appended" "it is longer than its header says"
foreign() { # foreign NAME MESSAGE ARGS...: --resume with ARGS refuses the file with exit 2
	name=$1 msg=$2
	shift 2
	status_is 2 "$name refused" "$GEN" -q "$@" --resume "$ck"
	err_has "$name: the file and the reason named" "refusing the checkpoint $live: .*$msg"
}
foreign "another board" "another board" --board 5x2 --blank 1 -c none -o "$tmp/k.tbl"
foreign "another goal" "another goal" --board 2x5 --blank 2 -c none -o "$tmp/k.tbl"
foreign "another entry" "another --count-only or entry encoding" --board 2x5 --blank 1 -c none -e half -o "$tmp/k.tbl"
foreign "count-only against a table's" "another --count-only or entry encoding" --board 2x5 --blank 1 --count-only
mv "$live" "$ck/layer-8.proc-0-of-2.ckpt"
status_is 2 "another process count refused" $G --resume "$ck" -o "$tmp/k.tbl"
err_has "another process count: both counts named" "written by 2 processes; this run has 1"
mv "$ck/layer-8.proc-0-of-2.ckpt" "$live"
status_is 2 "a fresh --checkpoint into a folder holding one" $G --checkpoint "$ck" -o "$tmp/k.tbl"
err_has "the message says how to continue" "already holds a checkpoint: continue it with --resume"
files_are "nothing lost by the refused runs" "$(f 8)"
status_is 0 "the kept file resumes" $G --resume "$ck" -o "$tmp/k.tbl"
same_result "resumed after the refusals"
mkdir -p "$tmp/empty"
status_is 2 "--resume from an empty folder" $G --resume "$tmp/empty" -o "$tmp/k.tbl"

# A checkpoint folder that is a file fails before the first layer (progress on, so a layer
# line would show), with exit 1.
: >"$tmp/file"
status_is 1 "--checkpoint FILE" "$GEN" -j2 --board 2x5 --blank 1 -c none --checkpoint "$tmp/file" -o "$tmp/k.tbl"
err_has "the folder named" "cannot write checkpoints into $tmp/file"
err_lacks "no layer searched first" "^layer "

summary
