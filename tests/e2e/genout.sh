#!/bin/sh
# SPDX-License-Identifier: Zlib
# genout.sh: gen checks every output condition before it searches: a folder
# given as -o, a file that cannot be created (/proc/x), --dir naming a file, a block size the
# writer cannot take, every file of a pattern-database set; and it refuses option combinations
# it would otherwise drop (item 11). A refused run prints no layer line and no histogram, and
# leaves no file. Run from the repository root after `make`.
set -u
. tests/common.sh
G="$GEN -j2 --board 2x5 --blank 0" # progress on: a layer line would show that the search ran

before_search() { # before_search NAME: the last status_is run searched nothing
	err_lacks "$1: no layer searched" "^layer "
	if [ -s "$tmp/out" ]; then ko "$1: output on stdout (a histogram?)"; else ok "$1: nothing on stdout"; fi
}

mkdir -p "$tmp/d"
status_is 1 "-o a folder" $G -o "$tmp/d"
err_has "-o a folder: named" "cannot write the table $tmp/d: it is a folder"
before_search "-o a folder"
status_is 1 "-o /proc/x" $G -o /proc/x
err_has "-o /proc/x: the folder named" "/proc"
before_search "-o /proc/x"
: >"$tmp/file"
status_is 1 "--dir a file" $G --dir "$tmp/file"
err_has "--dir a file: named" "$tmp/file: Not a directory"
before_search "--dir a file"
status_is 1 "--checkpoint a file" $G --checkpoint "$tmp/file" -o "$tmp/d/x.tbl"
before_search "--checkpoint a file"
if [ -z "$(ls -A "$tmp/d")" ]; then ok "refused runs left nothing in the folder"; else ko "refused runs left $(ls -A "$tmp/d")"; fi

# The probe leaves nothing beside the table, with O_TMPFILE and with a named temporary file.
for hook in "" 1; do
	rm -rf "$tmp/o" && mkdir -p "$tmp/o"
	status_is 0 "a table written${hook:+ (named temporary files)}" env ${hook:+SLIDETAB_TEST_NO_TMPFILE=1} \
		"$GEN" -q --board 2x3 -o "$tmp/o/t.tbl"
	if [ "$(ls -A "$tmp/o")" = t.tbl ]; then ok "only the table in its folder${hook:+ (named)}"; else ko "left: $(ls -A "$tmp/o")"; fi
done

# Block sizes: a multiple of 64 the writer cannot take is refused at once, with the bound; the
# largest it can take is written and verifies.
status_is 2 "--block-entries 16777216" $G --block-entries 16777216 -o "$tmp/d/x.tbl"
err_has "the bound for 8-bit entries named" "a block holds at most 1048576 entries of up to 8 bits (1048576 bytes); 8388608 with --compress compact"
before_search "--block-entries 16777216"
status_is 2 "--block-entries 16777216 -c compact" $G -c compact --block-entries 16777216 -o "$tmp/d/x.tbl"
err_has "the bound for compact entries named" "at most 8388608 1-bit compact entries"
status_is 2 "--block-entries 100" $G --block-entries 100 -o "$tmp/d/x.tbl"
err_has "not a multiple of 64" "must be a multiple of 64"
for case in "1048576 -e plain -c none" "8388608 -c compact" "1048576 -c zlib"; do
	set -- $case
	n=$1
	shift
	status_is 0 "--block-entries $n $*" "$GEN" -q --board 2x4 --blank 0 --block-entries "$n" "$@" -o "$tmp/b.tbl"
	status_is 0 "--block-entries $n $*: verifies" "$GEN" --verify "$tmp/b.tbl"
	if bin/query --info "$tmp/b.tbl" | grep -q "$n entries per block"; then ok "--block-entries $n: in the header"; else ko "--block-entries $n: not in --info"; fi
done

# Pattern databases: every file of the set is checked before the first pattern is built.
mkdir -p "$tmp/p/4x4-b0-pdb-8cc.tbl" # the second file of 555's three is a folder
status_is 1 "--pdb 555 with its second file name taken by a folder" "$GEN" -q --board 4x4 --blank 0 --pdb 555 --dir "$tmp/p"
err_has "the file named" "$tmp/p/4x4-b0-pdb-8cc.tbl: it is a folder"
if [ "$(ls -A "$tmp/p")" = 4x4-b0-pdb-8cc.tbl ]; then ok "no pattern was built first"; else ko "files written: $(ls -A "$tmp/p")"; fi
if [ -s "$tmp/out" ]; then ko "--pdb: a pattern line on stdout"; else ok "--pdb: nothing on stdout"; fi
status_is 1 "--pdb 555 --dir a file" "$GEN" -q --board 4x4 --blank 0 --pdb 555 --dir "$tmp/file"
status_is 1 "--pattern -o a folder" "$GEN" -q --board 4x4 --blank 0 --pattern 1,2,3 -o "$tmp/d"
if [ -s "$tmp/out" ]; then ko "--pattern: a pattern line on stdout"; else ok "--pattern: refused before its search"; fi

# Options that would be dropped: a usage error naming both.
status_is 2 "--pattern with --pdb" "$GEN" --board 4x4 --blank 0 --pattern 1,2,3 --pdb 555 --dir "$tmp/d"
err_has "--pattern with --pdb: both named" "give --pattern or --pdb, not both"
status_is 2 "--board with --verify" "$GEN" --board 3x3 --verify tables/3x3-b0.tbl
err_has "--board with --verify: both named" "--verify reads the board from the table: drop --board"
if [ -s "$tmp/out" ]; then ko "--board with --verify: something verified"; else ok "--board with --verify: nothing verified"; fi
status_is 2 "--block-entries with --verify" "$GEN" --verify tables/3x3-b0.tbl --block-entries 4096
err_has "--block-entries with --verify: named" "--block-entries is for the tables gen writes"
# What gen would not do is refused with the reason: zbit and pbit sets are
# always raw, a pattern database is never compact, and its blocks are gen's choice.
for e in pbit zbit; do
	for c in zlib compact; do
		status_is 2 "--entry $e --compress $c: refused" "$GEN" -q --board 3x3 --blank 0 --pattern 1,2,3 --entry $e \
			--compress $c -o "$tmp/d/p.tbl"
		err_has "... the reason given" "gen: --entry zbit and pbit sets are written raw, to be mapped in place: drop --compress"
	done
done
status_is 2 "--pattern --compress compact: refused" "$GEN" -q --board 3x3 --blank 0 --pattern 1,2,3 -c compact -o "$tmp/d/p.tbl"
err_has "... the reason given" "gen: --compress compact is for exact tables; a pattern database is zlib (the default) or none"
status_is 2 "--pdb --block-entries: refused" "$GEN" -q --board 4x4 --blank 0 --pdb 555 --block-entries 4096 --dir "$tmp/d"
err_has "... the reason given" "gen: --block-entries is for exact tables; a pattern database's blocks are chosen by gen"
status_is 0 "--entry pbit --compress none: what gen writes, accepted" "$GEN" -q --board 3x3 --blank 0 --pattern 1,2,3 \
	--entry pbit --compress none -o "$tmp/pb.tbl"
# A set's progress: a line as each pattern is written, with the time left, and
# a closing line; nothing with -q. The make targets of the opt-in sets show it (no -q).
status_is 0 "--pdb 663 -j1: progress on stderr" "$GEN" -j1 --board 4x4 --blank 0 --pdb 663 --dir "$tmp/prog"
err_has "... a line as a pattern is written, with the time left" "^gen: [12] of 3 patterns written, [0-9]* s so far, about [0-9hms?]* left$"
err_has "... the closing line" "^gen: 3 of 3 patterns written in [0-9.]* s$"
[ "$(sort "$tmp/err" | uniq -d | wc -l)" -eq 0 ] && ok "... no line twice" || ko "... a line twice: $(cat "$tmp/err")"
status_is 0 "--pdb 555 -q: no progress" "$GEN" -q --board 4x4 --blank 0 --pdb 555 --dir "$tmp/prog"
if [ -s "$tmp/err" ]; then ko "... stderr: $(cat "$tmp/err")"; else ok "... nothing on stderr"; fi
make -n -B --no-print-directory tables-15-small tables-15 tables-24 2>/dev/null | grep -- '--pdb' | grep -v -- '--list-files' >"$tmp/mk"
check "make tables-15-small, tables-15, tables-24: gen without -q" sh -c "[ \$(wc -l <'$tmp/mk') -ge 5 ] && ! grep -q -- ' -q ' '$tmp/mk'"
status_is 0 "--verify alone still works" "$GEN" --verify tables/3x3-b0.tbl
if [ -z "$(ls -A "$tmp/d")" ]; then ok "the usage errors wrote nothing"; else ko "usage errors left $(ls -A "$tmp/d")"; fi

# --list-files names exactly the files the same command writes (the Makefile's sets rely on it).
for case in "--board 2x3 --blank 1" "--board 4x4 --blank 5 --pattern 1,2" "--board 4x4 --blank 0 --pattern 3,4,7" \
	"--board 3x5 --blank 7 --pdb auto --memory 3M" "--board 5x3 --blank 1 --pdb auto4"; do
	rm -rf "$tmp/l" && mkdir -p "$tmp/l"
	"$GEN" $case --dir "$tmp/l" --list-files > "$tmp/listed" 2>"$tmp/err"
	"$GEN" -q $case --dir "$tmp/l" > /dev/null 2>>"$tmp/err"
	ls -d "$tmp"/l/* 2>/dev/null | sort > "$tmp/written"
	if [ -s "$tmp/listed" ] && sort "$tmp/listed" | cmp -s - "$tmp/written"; then ok "--list-files $case: the files written"
	else ko "--list-files $case: listed $(cat "$tmp/listed"), wrote $(cat "$tmp/written")"; fi
done
status_is 2 "--list-files with --verify" "$GEN" --verify tables/3x3-b0.tbl --list-files

# --pdb auto says what it chose: the largest k whose build fits --memory (3 MiB: 5 tiles on
# 3x5, 360360 placements of 8 bytes), column blocks of the class's goal (blank at cell 7).
rm -rf "$tmp/a" && mkdir -p "$tmp/a"
status_is 0 "--pdb auto --memory 3M" "$GEN" -q --board 3x5 --blank 7 --pdb auto --memory 3M --dir "$tmp/a"
out_has() { if grep -q -- "$2" "$tmp/out"; then ok "$1"; else ko "$1 (stdout lacks '$2')"; head -5 "$tmp/out"; fi; }
out_has "auto: the choice" "^# auto on 3x5, blank class 7: 3 patterns of at most 5 tiles (the most that fit in 3145728 bytes)"
out_has "auto: pattern 1" "^# auto pattern 1: 1 2 6 7 10 (5 tiles): 360360 placements, 2882880 bytes to build$"
out_has "auto: pattern 2" "^# auto pattern 2: 3 4 8 11 12 (5 tiles): 360360 placements, 2882880 bytes to build$"
out_has "auto: pattern 3" "^# auto pattern 3: 5 9 13 14 (4 tiles): 32760 placements, 262080 bytes to build$"
out_has "auto: a file written" "wrote $tmp/a/3x5-b7-pdb-4c6.tbl"
status_is 0 "auto: the files verify" "$GEN" --verify "$tmp/a/3x5-b7-pdb-4c6.tbl"
# The budget of a 1-bit set is its builder's, 3/8 byte a state (gen/pdb/twobit.h): 4 MiB holds 6
# tiles of zbit on 3x5 (3603600 placements, 7925040 states), where byte entries fit 5.
rm -rf "$tmp/a" && mkdir -p "$tmp/a"
status_is 0 "--pdb auto --entry zbit --memory 4M" "$GEN" -q --board 3x5 --blank 7 --pdb auto --entry zbit --memory 4M --dir "$tmp/a"
out_has "auto zbit: the choice" "^# auto on 3x5, blank class 7: 3 patterns of at most 6 tiles (the most that fit in 4194304 bytes)"
out_has "auto zbit: pattern 1" "^# auto pattern 1: 1 2 6 7 10 11 (6 tiles): 3603600 placements, [0-9]* bytes to build$"
out_has "auto zbit: its states" "^# pattern 1 2 6 7 10 11: 7925040 entries"
status_is 0 "auto zbit: the files verify" "$GEN" --verify "$tmp/a/3x5-b7-pdb-cc6.tbl"
status_is 0 "--pdb auto --memory 4M (byte entries)" "$GEN" -q --board 3x5 --blank 7 --pdb auto --memory 4M --list-files --dir "$tmp/a"
out_has "auto mdres 4M: 5 tiles" "3x5-b7-pdb-4c6.tbl"
status_is 2 "--pdb auto: nothing fits 1K" "$GEN" --board 4x5 --pdb auto --memory 1K --dir "$tmp/a"
err_has "--pdb auto 1K: said" "no partition of 4x5 fits in --memory 1024 bytes"
status_is 2 "--memory without auto" "$GEN" --board 4x4 --pdb 555 --memory 1G --dir "$tmp/a"
err_has "--memory without auto: said" "--memory is the budget of --pdb auto"
status_is 2 "--memory 12X" "$GEN" --board 3x5 --pdb auto --memory 12X --dir "$tmp/a"
# A value that does not start with a digit gets the same message (it once exited 2 with no message).
for m in -1 '' ' 5M' K +5M 0 16E; do
	status_is 2 "--memory '$m'" "$GEN" --board 3x5 --pdb auto --memory "$m" --dir "$tmp/a"
	err_has "--memory '$m': said" "^gen: --memory $m: expected a number of bytes from 1 (e.g. 512M"
done
# --count-only with a pattern database is refused as --count-only -o is, before any search
# (it once built the whole set).
mkdir -p "$tmp/co"
for p in "--pdb auto" "--pdb auto4" "--pattern 1,2,3"; do
	status_is 2 "$p --count-only: refused" $G $p --count-only --dir "$tmp/co"
	err_has "$p --count-only: said" "^gen: --count-only counts an exact table's states"
	before_search "$p --count-only"
done
check "--count-only with a pattern database: nothing written" test -z "$(ls -A "$tmp/co")"
# The chooser stops at what gen builds (patterns of fewer than 2^32 placements: on 3x5, 9 tiles,
# 15!/6! = 1,816,214,400 placements, 7,264,857,600 bytes), however large --memory (once 100G
# planned 10 tiles, which pdbgen refused, and 2^64-1 planned 12); autoK beyond it is refused.
for m in 100G 18446744073709551615; do
	status_is 0 "--pdb auto --memory $m --list-files" "$GEN" --board 3x5 --pdb auto --memory $m --list-files
	out_is "--memory $m: 9 tiles (0x1cee) and 5 (0x6310)" '3x5-b0-pdb-1cee.tbl\n3x5-b0-pdb-6310.tbl\n'
done
status_is 2 "--pdb auto10 on 3x5: refused" "$GEN" --board 3x5 --pdb auto10 --list-files
err_has "auto10: said" "no partition of 10 tiles a pattern that gen builds"
# A plan over this machine's memory (here the address-space limit, ulimit -v 4000000 KiB, as the
# machine's memory to gen) is exit 3, before any build. Skipped where a program cannot run under
# that limit (a sanitized build reserves more).
if sh -c 'ulimit -v 4000000 && "$0" --version' "$GEN" >/dev/null 2>&1; then
	status_is 3 "--pdb auto --memory 100G over the machine's memory" sh -c \
		'ulimit -v 4000000 && "$0" --board 3x5 --pdb auto --memory 100G --dir "$1"' "$GEN" "$tmp/co"
	err_has "... said, with the numbers" "the build of a 9-tile pattern needs 7264857600 bytes, this machine allows 4096000000"
	check "... nothing written" test -z "$(ls -A "$tmp/co")"
else
	skipped "--pdb auto over the machine's memory: gen does not run under ulimit -v here"
fi
status_is 2 "--pdb auto99" "$GEN" --board 3x5 --pdb auto99 --dir "$tmp/a"
status_is 2 "--pdb 555 on 2x8" "$GEN" --board 2x8 --pdb 555 --dir "$tmp/a"

# A table gen wrote is left out of the page cache, so that its first reader reads it in the large
# pieces a mapped set asks for (docs/pdb.md). Skipped where fincore is missing or the file system
# keeps a synced file's pages when told to drop them (tmpfs): a control file shows which.
pages() { fincore --raw --noheadings --output PAGES "$1" 2>/dev/null; }
head -c 65536 /dev/zero >"$tmp/control" && sync
dd if="$tmp/control" iflag=nocache count=0 2>/dev/null
if ! command -v fincore >/dev/null 2>&1 || [ "$(pages "$tmp/control")" != 0 ]; then
	skipped "tables left out of the page cache: this system cannot show it"
else
	status_is 0 "3x3 written" "$GEN" -q --board 3x3 -o "$tmp/pc.tbl"
	check "3x3: none of its pages cached" test "$(pages "$tmp/pc.tbl")" = 0
	status_is 0 "a zero-aware pattern written" "$GEN" -q --board 4x4 --blank 0 --pattern 1,2,3,4 --entry zbit \
		-o "$tmp/pc.zbit"
	check "the pattern: none of its pages cached" test "$(pages "$tmp/pc.zbit")" = 0
fi

summary
