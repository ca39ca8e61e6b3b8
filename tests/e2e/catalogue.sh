#!/bin/sh
# SPDX-License-Identifier: Zlib
# catalogue.sh: a pattern-database set (a preset's partition of the tiles, one file a pattern) of
# which a folder holds some files but not all is named with the files it lacks, through query:
# in the notice when a weaker set answers and in the error when none does; a damaged, truncated
# or foreign member is refused by its file's name, never answered from; bench24 and bench15 name
# the member they miss. The expected file names are written out here (RxC-bB-pdb-MASK.tbl, MASK
# the pattern's tiles as bits, from libslidetab/pdb/preset.c's tile lists). Run from the
# repository root after `make`.
set -u
. tests/common.sh
B=${B:-build}
p15='1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'
p24='1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24'
err_is() { # err_is NAME TEXT: the last status_is wrote exactly the line TEXT on stderr
	printf '%s\n' "$2" >"$tmp/want"
	if cmp -s "$tmp/err" "$tmp/want"; then ok "$1"; else ko "$1"; diff "$tmp/want" "$tmp/err" | head -5; fi
}
s555=$tmp/s555
check "gen --pdb 555 (4x4, blank 0)" "$GEN" -q --board 4x4 --blank 0 --pdb 555 --dir "$s555"

# 4x4: the whole 5-5-5 set answers without a word.
status_is 0 "4x4, the 555 set whole" sh -c "echo $p15 | $QUERY --tables '$s555'"
out_is "... 1 move" "1\n"
check "... no notice" test ! -s "$tmp/err"

# 4x4: 6-6-3 half built (its 3-tile pattern {13,14,15} = 0xe000 alone): the 5-5-5 set answers,
# and the notice names the two 6-tile files it lacks: {1,4,5,8,9,12} = 0x1332, {2,3,6,7,10,11} = 0xccc.
p=$tmp/half663
cp -r "$s555" "$p"
check "gen --pattern 13,14,15 (663's third pattern)" "$GEN" -q --board 4x4 --blank 0 --pattern 13,14,15 -o "$p/4x4-b0-pdb-e000.tbl"
status_is 0 "4x4, 663 half there beside 555" sh -c "echo $p15 | $QUERY --tables '$p'"
out_is "... answered from 555: 1 move" "1\n"
err_is "... the notice names the 663 files missing" \
	"query: note: 4x4: answering from the 555 set in $p, more slowly; the 663 set there lacks 4x4-b0-pdb-1332.tbl and 4x4-b0-pdb-ccc.tbl: build it there with \`gen --board 4x4 --blank 0 --pdb 663\`"

# 4x4: 7-7-1 x2 begun ({8..14} = 0x7f00 alone, an empty file standing in: a set not whole is never
# opened), 555 whole: the notice names each file it lacks once, though the preset lists {1..7} =
# 0xfe twice; then {15} = 0x8000, {9..15} = 0xfe00 and {8} = 0x100.
p=$tmp/half771x2
cp -r "$s555" "$p"
: >"$p/4x4-b0-pdb-7f00.tbl"
status_is 0 "4x4, 771x2 begun beside 555" sh -c "echo $p15 | $QUERY --tables '$p'"
out_is "... answered from 555: 1 move" "1\n"
err_is "... the notice names each 771x2 file missing once" \
	"query: note: 4x4: answering from the 555 set in $p, more slowly; the 771x2 set there lacks 4x4-b0-pdb-fe.tbl, 4x4-b0-pdb-8000.tbl, 4x4-b0-pdb-fe00.tbl and 4x4-b0-pdb-100.tbl: build it there with \`gen --board 4x4 --blank 0 --pdb 771x2\`"

# 4x4: 7-8 and 6-6-3 begun alike (one file each: {8..15} = 0xff00 and {13,14,15} = 0xe000), 555
# whole: the notice names the stronger, 78, and its {1..7} = 0xfe.
p=$tmp/half78
cp -r "$s555" "$p"
: >"$p/4x4-b0-pdb-ff00.tbl"
: >"$p/4x4-b0-pdb-e000.tbl"
status_is 0 "4x4, 78 and 663 begun alike beside 555" sh -c "echo $p15 | $QUERY --tables '$p'"
err_is "... the notice names the stronger" \
	"query: note: 4x4: answering from the 555 set in $p, more slowly; the 78 set there lacks 4x4-b0-pdb-fe.tbl: build it there with \`gen --board 4x4 --blank 0 --pdb 78\`"

# 4x4: the 5-5-5 set without {2,3,6,7,11} = 0x8cc, and nothing else: the error names it.
p=$tmp/no8cc
cp -r "$s555" "$p"
rm "$p/4x4-b0-pdb-8cc.tbl"
status_is 2 "4x4, 555 lacking one file, no other set" sh -c "echo $p15 | $QUERY --tables '$p'"
out_is "... the puzzle's line says error" "error\n"
err_is "... the error names the file missing" \
	"query: the 555 set lacks 4x4-b0-pdb-8cc.tbl; no other pattern databases for 4x4 with the blank in the class of cell 0 in $p; build the 555 set (0.2 MB, a second) with \`gen --board 4x4 --blank 0 --pdb 555\` in that folder"

# The search path's folders: 663 half there in $SLIDETAB_TABLES, 555 whole in the user's folder,
# which comes before the tree's tables (whatever sets they hold, e.g. tables-15's stronger 78).
mkdir -p "$tmp/env" "$tmp/home/.local/share/slidetab"
cp "$tmp/half663/4x4-b0-pdb-e000.tbl" "$tmp/env/"
cp -r "$s555" "$tmp/home/.local/share/slidetab/tables"
status_is 0 "663 half there in \$SLIDETAB_TABLES, the user's 555 answers" sh -c \
	"echo $p15 | env -u XDG_DATA_HOME HOME='$tmp/home' SLIDETAB_TABLES='$tmp/env' $QUERY"
out_is "... 1 move" "1\n"
err_has "... the notice names the folder and the files" \
	"; the 663 set in \$SLIDETAB_TABLES lacks 4x4-b0-pdb-1332.tbl and 4x4-b0-pdb-ccc.tbl: build it there with \`gen --board 4x4 --blank 0 --pdb 663\`$"

# A half set no stronger than the one that answers is not worth a word: 555 lacking a file in
# $SLIDETAB_TABLES, the user's 555 whole.
status_is 0 "555 half there in \$SLIDETAB_TABLES, the user's 555 answers" sh -c \
	"echo $p15 | env -u XDG_DATA_HOME HOME='$tmp/home' SLIDETAB_TABLES='$tmp/no8cc' $QUERY"
out_is "... 1 move" "1\n"
check "... no notice" test ! -s "$tmp/err"

# A 200-character folder: the messages stay one line, whole, the file missing named.
long=$tmp/$(printf '%0200d' 0 | cut -c$((${#tmp} + 2))-)
mkdir -p "$long"
cp "$p"/*.tbl "$long/"
status_is 2 "a 200-character folder (${#long}), 555 lacking one file" sh -c "echo $p15 | $QUERY --tables '$long'"
err_is "... one line, whole, naming the file" \
	"query: the 555 set lacks 4x4-b0-pdb-8cc.tbl; no other pattern databases for 4x4 with the blank in the class of cell 0 in the folder opened; build the 555 set (0.2 MB, a second) with \`gen --board 4x4 --blank 0 --pdb 555\` in that folder"
cp "$s555"/*.tbl "$long/"
cp "$tmp/half663/4x4-b0-pdb-e000.tbl" "$long/"
status_is 0 "... 663 half there beside 555" sh -c "echo $p15 | $QUERY --tables '$long'"
err_is "... the notice: one line, whole, naming the files" \
	"query: note: 4x4: answering from the 555 set in the folder opened, more slowly; the 663 set there lacks 4x4-b0-pdb-1332.tbl and 4x4-b0-pdb-ccc.tbl: build it there with \`gen --board 4x4 --blank 0 --pdb 663\`"

# 5x5: `make tables-24` interrupted after two of the 6-6-6-6 files ({1,2,5,6,7,12} = 0x10e6 and
# {3,4,8,9,13,14} = 0x6318; a set not whole is never opened, so empty files stand in for them
# here: building one takes minutes), the 4-4-4-4-4-4 set whole: it answers, and the notice names
# {10,11,15,16,20,21} = 0x318c00 and {17,18,19,22,23,24} = 0x1ce0000.
s444=$tmp/s444
check "gen --pdb 444444 (5x5, blank 0)" "$GEN" -q --board 5x5 --blank 0 --pdb 444444 --dir "$s444"
p=$tmp/half6666
cp -r "$s444" "$p"
: >"$p/5x5-b0-pdb-10e6.tbl"
: >"$p/5x5-b0-pdb-6318.tbl"
status_is 0 "5x5, 6666 half there beside 444444" sh -c "echo $p24 | $QUERY --tables '$p'"
out_is "... answered from 444444: 1 move" "1\n"
err_is "... the notice names the 6666 files missing" \
	"query: note: 5x5: answering from the 444444 set in $p, far more slowly; the 6666 set there lacks 5x5-b0-pdb-318c00.tbl and 5x5-b0-pdb-1ce0000.tbl: build it with \`make tables-24\`"
status_is 0 "5x5, the 444444 set whole, no 6666 file" sh -c "echo $p24 | $QUERY --tables '$s444'"
err_is "... the notice as before: no 6666 set" \
	"query: note: 5x5: no 6666 pattern databases, answering from the 444444 set in $s444, far more slowly; build 6666 with \`make tables-24\`"

# 5x5: 4-4-4-4-4-4 without {1,2,3,4} = 0x1e: no set answers, the error names it.
p=$tmp/no1e
cp -r "$s444" "$p"
rm "$p/5x5-b0-pdb-1e.tbl"
status_is 2 "5x5, 444444 lacking one file" sh -c "echo $p24 | $QUERY --tables '$p'"
err_is "... the error names the file missing" \
	"query: the 444444 set lacks 5x5-b0-pdb-1e.tbl; no other pattern databases for 5x5 with the blank in the class of cell 0 in $p; build the 444444 set (0.1 MB, a second) with \`gen --board 5x5 --blank 0 --pdb 444444\` in that folder"

# A damaged or foreign member of the 5-5-5 set: refused by its name (exit 3), every puzzle's line
# an error, never a length.
p=$tmp/damaged m=4x4-b0-pdb-8cc.tbl
damaged() { # damaged WHAT COMMAND: COMMAND spoils $p/$m in a fresh copy of the set
	rm -rf "$p" && cp -r "$s555" "$p" && sh -c "$2"
	status_is 3 "555 with $1" sh -c "printf '%s\n%s\n' '$p15' '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0' | $QUERY --tables '$p'"
	out_is "... no answer" "error\nerror\n"
	err_has "... the member named" "^query: refusing pattern databases 555 in $p: .*$p/$m"
}
damaged "a truncated member" "truncate -s 5000 '$p/$m'"
damaged "an empty member" ": >'$p/$m'"
damaged "a byte of a member's header flipped" "printf X | dd of='$p/$m' bs=1 seek=40 conv=notrunc 2>/dev/null"
damaged "a byte of a member's payload flipped" "printf X | dd of='$p/$m' bs=1 seek=30000 conv=notrunc 2>/dev/null"
damaged "another pattern's file renamed to a member's name" "cp '$p/4x4-b0-pdb-1132.tbl' '$p/$m'"
err_has "... said so" "holds the 4x4 pattern database of tiles 0x1132, not 0x8cc as its name says"
damaged "another board's pattern database renamed" "cp tables/3x5-b0-pdb-c66.tbl '$p/$m'"
err_has "... said so" "holds the 3x5 pattern database of tiles 0xc66, not 0x8cc as its name says"
damaged "an exact table renamed" "cp tables/3x3-b0.tbl '$p/$m'"
err_has "... said so" "holds the exact table of 3x3, not the pattern database of tiles 0x8cc its name says"
damaged "another blank class's member renamed" "cp tables/4x4-b1-pdb-8cc.tbl '$p/$m'"

# The benches load a preset by name: a member missing is named, and they stop (non-zero).
if [ -x "$B/bench/bench24" ] && [ -x "$B/bench/bench15" ]; then
	status_is 2 "bench24 --set 444444, a member missing" "$B/bench/bench24" --dir "$tmp/no1e" --set 444444
	err_is "... names it and how to build the set" \
		"bench24: set 444444: pdb: opening $tmp/no1e/5x5-b0-pdb-1e.tbl: No such file or directory (build it with \`gen --board 5x5 --blank 0 --pdb 444444 --dir $tmp/no1e\`)"
	status_is 1 "bench15 --set 555, a member missing" "$B/bench/bench15" --dir "$tmp/no8cc" --build none --set 555 --no-korf
	err_is "... names it" "bench15: set 555, blank 0: pdb: opening $tmp/no8cc/4x4-b0-pdb-8cc.tbl: No such file or directory"
	check "... and reports no wrong answers" sh -c "! grep -q FAIL '$tmp/out'"
	p=$tmp/damaged
	rm -rf "$p" && cp -r "$s555" "$p" && cp "$p/4x4-b0-pdb-1132.tbl" "$p/$m"
	status_is 1 "bench15 --set 555, another pattern's file under a member's name" "$B/bench/bench15" --dir "$p" --build none --set 555 --no-korf
	err_has "... refused by name" "$p/$m holds the 4x4 pattern database of tiles 0x1132, not 0x8cc"
else
	skipped "bench24 and bench15 (make $B/bench/bench24 $B/bench/bench15)"
fi
summary
