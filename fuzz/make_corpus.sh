#!/bin/sh
# SPDX-License-Identifier: Zlib
# make_corpus.sh: regenerates the committed seed corpus in fuzz/corpus/ (run from the repo root after the build).
set -u
G=bin/gen
[ -x "$G" ] || { echo "make_corpus.sh: build bin/gen first" >&2; exit 2; }
C=fuzz/corpus
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
mkdir -p "$C/input" "$C/table" "$C/gap"

# Puzzle inputs: byte 0 is the mode (low nibble board, 0x10 pairs, 0x20 count line, 0x40 raw lines, 0x60 a --goal,
# 0x80 the rest is a --board argument).
inp() { name=$1; mode=$2; shift 2; { printf "\\$mode"; printf "$@"; } > "$C/input/$name"; }
inp seven          000 '0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n7 6 5 4 3 2 1 0\n'
inp eight-rows     005 '1 3 0\n4 2 5\n7 8 6\n'
inp fifteen-rows   011 '1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n'
inp eight-x        000 '2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n'
inp pairs-line     020 '1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5\n'
inp pairs-rows     025 '1 2 3\n0 8 4\n7 6 5\n1 0 3\n8 2 4\n7 6 5\n'
inp hdu3567        060 '2\n12X453786\n12345678X\n564178X23\n7568X4123\n'
inp commas-crlf    000 '# a comment\r\n\r\n1,2,3,0\r\n_ 1 2 3\r\n'
inp errors         004 '1 2 3 4 5 6 7 7\n1 2 3\n9 9 9 9 9 9 9 9\n1 2 3 4 5 6 7 z\n1 2 3 4 5 6 7 0 1\n'
inp ambiguous12    000 '1 2 3 4 5 6 7 8 9 10 11 0\n'
inp board3x4       007 '1 2 3 4 5 6 7 8 9 10 11 0\n1 2 3 4\n5 6 7 8\n9 10 11 0\n'
inp raw-lines      100 'a\n\nb\r\nccc'
inp half-puzzle    005 '1 2 3\n4 5 6\n'
inp pairs-bad-goal 020 '1 2 3 0\n1 2 3 0 1 2 3 0\n'
inp board-spec       200 '2x3'
inp board-spec-upper 200 '5X5'

# Tables: byte 0 flags (1 fix header CRC, 2 fix index CRC, 4 fix block CRCs, 8 preload first).
# These are small tables: gen writes them with the small header (version 2, docs/FORMAT.md); the
# seeds without "small" in their names have the full header (version 1), as older gens wrote them.
F=SLIDETAB_TEST_FULL_HEADER
env $F=1 $G -q --board 2x2 --compress none -o "$T/2x2-raw.tbl" > /dev/null || exit 1
env $F=1 $G -q --board 2x3 -o "$T/2x3-zlib.tbl" > /dev/null || exit 1
env $F=1 $G -q --board 2x2 --compress compact -o "$T/2x2-compact.tbl" > /dev/null || exit 1
env $F=1 $G -q --board 2x3 --blank 1 --entry plain --compress none -o "$T/2x3-plain-raw.tbl" > /dev/null || exit 1
$G -q --board 2x2 --compress none -o "$T/s-2x2-raw.tbl" > /dev/null || exit 1
$G -q --board 2x3 -o "$T/s-2x3-zlib.tbl" > /dev/null || exit 1
$G -q --board 2x4 --compress compact -o "$T/s-2x4-compact.tbl" > /dev/null || exit 1
tbl() { name=$1; flags=$2; src=$3; { printf "\\$flags"; cat "$src"; } > "$C/table/$name"; }
tbl 2x2-raw           000 "$T/2x2-raw.tbl"
tbl 2x2-raw-fix       007 "$T/2x2-raw.tbl"
tbl 2x3-zlib          000 "$T/2x3-zlib.tbl"
tbl 2x3-zlib-preload  017 "$T/2x3-zlib.tbl"
tbl 2x2-compact       007 "$T/2x2-compact.tbl"
tbl 2x3-plain-raw     010 "$T/2x3-plain-raw.tbl"
head -c 5000 "$T/2x3-zlib.tbl" > "$T/trunc"; tbl 2x3-truncated 000 "$T/trunc"
cp "$T/2x2-raw.tbl" "$T/flip"; printf '\377' | dd of="$T/flip" bs=1 seek=8193 conv=notrunc 2>/dev/null
tbl 2x2-payload-flip 000 "$T/flip"
cp "$T/2x3-zlib.tbl" "$T/hflip"; printf '\011' | dd of="$T/hflip" bs=1 seek=124 conv=notrunc 2>/dev/null
tbl 2x3-header-field-fixed 001 "$T/hflip"
tbl small-2x2-raw      000 "$T/s-2x2-raw.tbl"
tbl small-2x2-raw-fix  007 "$T/s-2x2-raw.tbl"
tbl small-2x3-zlib     017 "$T/s-2x3-zlib.tbl"
tbl small-2x4-compact  007 "$T/s-2x4-compact.tbl"
cp "$T/s-2x2-raw.tbl" "$T/sflip"; printf '\377' | dd of="$T/sflip" bs=1 seek=115 conv=notrunc 2>/dev/null
tbl small-payload-flip 000 "$T/sflip"
cp "$T/s-2x3-zlib.tbl" "$T/shflip"; printf '\011' | dd of="$T/shflip" bs=1 seek=36 conv=notrunc 2>/dev/null
tbl small-header-field-fixed 001 "$T/shflip"
printf 'NOTATABLE' > "$T/magic"; tbl wrong-magic 000 "$T/magic"
: > "$T/empty"; tbl empty 000 "$T/empty"

# Tables in memory (fuzz_buffer): the table alone, no flag byte.
mkdir -p "$C/buffer"
cp "$T/2x2-raw.tbl" "$C/buffer/2x2-raw"
$G -q --board 2x3 --compress none -o "$C/buffer/2x3-raw" > /dev/null || exit 1
cp "$T/2x2-compact.tbl" "$C/buffer/2x2-compact"
cp "$T/s-2x2-raw.tbl" "$C/buffer/small-2x2-raw"
cp "$T/s-2x4-compact.tbl" "$C/buffer/small-2x4-compact"

# Gap inputs: byte 0 bit 0 --path, bit 1 --show.
gap() { name=$1; mode=$2; shift 2; { printf "\\$mode"; printf "$@"; } > "$C/gap/$name"; }
S=/work/shared/data/gap-sample.txt
for s in tests/data/gap-sample.txt data/gap-sample.txt; do [ -f "$s" ] && { S=$s; break; }; done
if [ -f "$S" ]; then
	{ printf '\000'; cat "$S"; } > "$C/gap/sample"
	{ printf '\001'; head -n 11 "$S" | sed '1s/.*/2/'; } > "$C/gap/sample-path"
fi
gap solved-show 002 '1\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n'
gap errors      000 '3\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n\n1 2 3\n\nx y\n'
gap count-only  000 '0\n'
# lite's solver: 9 bytes (the radius, then the start's shuffle) and a 3x3 pattern's entry bits (the
# payload, the file's last 378 bytes): an answer of 19 moves, a budget run out, and half the bits zeroed.
mkdir -p "$C/lite_solve"
$G -q --board 3x3 --blank 0 --pattern 1,2,3,4 --entry pbit -o "$T/p.tbl" > /dev/null
tail -c 378 "$T/p.tbl" > "$T/bits"
{ printf '\014\172\214\101\003\371\314\031\212'; cat "$T/bits"; } > "$C/lite_solve/walk"
{ printf '\014\000\000\000\000\000\000\000\000'; cat "$T/bits"; } > "$C/lite_solve/zeros"
{ printf '\007\005\004\003\002\001\000\001\002'; head -c 189 /dev/zero; tail -c 189 "$T/bits"; } > "$C/lite_solve/flipped"
# the zero-aware set of the same pattern (the first byte's top bit; radius 16; its last 690 bytes): an answer of 21 moves
$G -q --board 3x3 --blank 0 --pattern 1,2,3,4 --entry zbit -o "$T/z.tbl" > /dev/null
{ printf '\220\241\136\366\361\132\035\203\013'; tail -c 690 "$T/z.tbl"; } > "$C/lite_solve/zbit-walk"
echo "corpus: $(ls "$C/input" | wc -l) input, $(ls "$C/table" | wc -l) table, $(ls "$C/buffer" | wc -l) buffer, $(ls "$C/gap" | wc -l) gap, $(ls "$C/lite_solve" | wc -l) lite_solve files"
