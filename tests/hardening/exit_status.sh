#!/bin/sh
# SPDX-License-Identifier: Zlib
# exit_status.sh: every exit status gen and query document in --help (0 ok, 1 bad input/verify, 2 usage/missing table, 3 damaged table/resources).
# Run from the repo root after the build: sh tests/hardening/exit_status.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/common.sh

# check WANT DESC INPUT CMD...: runs CMD with INPUT (printf format; "" = no input) on stdin and
# checks its exit status. A status other than WANT, or a crash, fails; so does a non-zero
# status with nothing on stderr.
check() {
	want=$1 desc=$2 input=$3
	shift 3
	printf "$input" > "$tmp/in"
	"$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ $got -eq "$want" ] && { [ $got -eq 0 ] || [ -s "$tmp/err" ] || grep -q FAIL "$tmp/out"; }; then
		ok "exit $want: $desc"
	else
		ko "exit $got (want $want): $desc: $(head -c 200 "$tmp/err")"
	fi
}
# out_is TEXT DESC: stdout of the last check, newlines as spaces.
out_is() {
	got=$(tr '\n' ' ' < "$tmp/out")
	if [ "$got" = "$1" ]; then ok "  output: $2"; else ko "  output of $2: '$got', want '$1'"; fi
}

# crc32 FILE OFFSET LENGTH AT: writes zlib's CRC-32 of FILE[OFFSET, OFFSET+LENGTH) at AT, little-endian
# (gzip's trailer holds exactly that).
crc32_at() {
	tail -c +$(($2 + 1)) "$1" | head -c "$3" | gzip -c | tail -c 8 | head -c 4 |
		dd of="$1" bs=1 seek="$4" conv=notrunc 2> /dev/null
}
# poke FILE OFFSET: changes one byte (xor 0x1f).
poke() {
	v=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
	printf "\\$(printf %o $((v ^ 31)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}

mkdir -p "$tmp/tables" "$tmp/empty" "$tmp/damaged" "$tmp/foreign" "$tmp/late"
"$GEN" -q --board 3x3 --blank 0 -o "$tmp/tables/3x3-b0.tbl" > /dev/null 2>&1 &&
	"$GEN" -q --board 2x2 --blank 0 -o "$tmp/tables/2x2-b0.tbl" > /dev/null 2>&1 &&
	"$GEN" -q --board 2x3 --blank 0 --compress none --entry plain -o "$tmp/raw23.tbl" > /dev/null 2>&1 ||
	{ echo "exit_status.sh: cannot build the tables" >&2; exit 2; }

# ---- gen ----
check 0 "gen --help" "" "$GEN" --help
check 0 "gen --version" "" "$GEN" --version
check 0 "gen --board 2x2 -o FILE" "" "$GEN" -q --board 2x2 -o "$tmp/ok.tbl"
check 0 "gen --board 2x3 --count-only" "" "$GEN" -q --board 2x3 --count-only
check 0 "gen --verify on a good table" "" "$GEN" --verify "$tmp/tables/3x3-b0.tbl"
out_is "OK $tmp/tables/3x3-b0.tbl " "gen --verify prints OK"

if full_dev "gen -o a full device"; then
	check 1 "gen -o $full (a full device: write error)" "" "$GEN" -q --board 2x3 -o "$full"
	full_kept "gen -o a full device"
fi
check 1 "gen -o into a folder that does not exist (write error)" "" "$GEN" -q --board 2x2 -o "$tmp/no/such/dir/x.tbl"
# The 2x3 table is one block: gen writes it with the small header (docs/FORMAT.md: its size at
# offset 16, the block's CRC at 44, its own CRC at size - 4, the payload right after it); the same
# table with the full header (as gen 0.4.0 wrote it: payload at 8192, block 0 CRC in the index at
# 4096 + 12, index CRC at 168, header CRC at 4092) must fail the same ways.
SLIDETAB_TEST_FULL_HEADER=1 "$GEN" -q --board 2x3 --blank 0 --compress none --entry plain -o "$tmp/full23.tbl" > /dev/null 2>&1
hs=$(od -An -tu4 -j16 -N4 "$tmp/raw23.tbl" | tr -d ' ')
for hdr in small full; do
	if [ $hdr = small ]; then src=$tmp/raw23.tbl pay=$hs; else src=$tmp/full23.tbl pay=8192; fi
	cp "$src" "$tmp/flip.tbl"
	poke "$tmp/flip.tbl" $((pay + 108))
	check 1 "gen --verify on a table ($hdr header) with a payload byte damaged (CRC mismatch)" "" "$GEN" --verify "$tmp/flip.tbl"
	head -c $((pay + 100)) "$src" > "$tmp/trunc.tbl"
	check 1 "gen --verify on a truncated table ($hdr header)" "" "$GEN" --verify "$tmp/trunc.tbl"
	if command -v gzip > /dev/null 2>&1; then
		# A forgery: one entry changed and every CRC recomputed. Only a full verify can catch it.
		cp "$src" "$tmp/forged.tbl"
		poke "$tmp/forged.tbl" $((pay + 108))
		if [ $hdr = small ]; then
			crc32_at "$tmp/forged.tbl" $pay 225 44                   # the block's CRC
			crc32_at "$tmp/forged.tbl" 0 $((hs - 4)) $((hs - 4))     # header CRC
		else
			crc32_at "$tmp/forged.tbl" 8192 225 $((4096 + 12)) # block 0 CRC (the 2x3 table is one block)
			crc32_at "$tmp/forged.tbl" 4096 16 168              # index CRC
			crc32_at "$tmp/forged.tbl" 0 4092 4092              # header CRC
		fi
		check 0 "query --info accepts the forged table ($hdr header; its CRCs are all valid)" "" "$QUERY" --info "$tmp/forged.tbl"
		check 1 "gen --verify on a forged table ($hdr header; one entry changed, CRCs recomputed)" "" "$GEN" --verify "$tmp/forged.tbl"
	else
		skipped "forged-table verify, $hdr header (no gzip to compute CRC-32)"
	fi
done

# gen --verify of a zero-aware set's file compares every entry with a fresh build: its first, a
# middle and its last entry flipped (1 bit each, docs/FORMAT.md's full header: entries packed from
# bit 0 at payload offset P), with the block's, the index's and the header's CRCs made right, so
# that only the entry comparison can tell: exit 1 naming the entry.
u64() { od -An -tu8 -j "$2" -N 8 "$1" | tr -d ' '; }
mkdir -p "$tmp/zbit"
if command -v gzip > /dev/null 2>&1 &&
	"$GEN" -q --board 3x5 --pdb auto5 --entry zbit --dir "$tmp/zbit" > /dev/null 2>&1; then
	z=$tmp/zbit/3x5-b0-pdb-6210.tbl # the pattern 4 9 13 14: 47,784 entries in 6 blocks of 8,192
	P=$(u64 "$z" 152) isize=$(u64 "$z" 144) per=$(od -An -tu4 -j 124 -N 4 "$z" | tr -d ' ')
	for e in 0 23892 47783; do
		cp "$z" "$tmp/zflip.tbl"
		byte=$((P + e / 8)) blk=$((e / per))
		v=$(od -An -tu1 -j $byte -N 1 "$tmp/zflip.tbl" | tr -d ' ')
		printf "\\$(printf %o $((v ^ (1 << (e % 8)))))" | dd of="$tmp/zflip.tbl" bs=1 seek=$byte conv=notrunc 2> /dev/null
		at=$((4096 + 16 * blk))
		crc32_at "$tmp/zflip.tbl" $((P + $(u64 "$z" $at))) "$(od -An -tu4 -j $((at + 8)) -N 4 "$z" | tr -d ' ')" $((at + 12))
		crc32_at "$tmp/zflip.tbl" 4096 "$isize" 168 # the index's CRC
		crc32_at "$tmp/zflip.tbl" 0 4092 4092       # the header's
		check 0 "query --info accepts the zero-aware file with entry $e flipped (its CRCs are all valid)" "" \
			"$QUERY" --info "$tmp/zflip.tbl"
		check 1 "gen --verify on a zero-aware file with entry $e flipped, CRCs made right" "" "$GEN" --verify "$tmp/zflip.tbl"
		if grep -q "entry $e differs" "$tmp/out"; then ok "  FAIL names entry $e"; else ko "  FAIL names entry $e: $(head -c 200 "$tmp/out")"; fi
	done
else
	skipped "zero-aware entries flipped (no gzip to compute CRC-32, or gen --pdb failed)"
fi

check 2 "gen without arguments" "" "$GEN"
check 2 "gen --bogus" "" "$GEN" --bogus
check 2 "gen --board 9x9" "" "$GEN" --board 9x9
check 2 "gen --board 3" "" "$GEN" --board 3
check 2 "gen --board 4294967296x4294967296 (overflowing numbers)" "" "$GEN" --board 4294967296x4294967296
check 2 "gen --board 4294967299x4611686018427387904 (product wraps negative)" "" "$GEN" --board 4294967299x4611686018427387904 -o "$tmp/x.tbl"
check 2 "gen --board 2x3 --blank 6" "" "$GEN" --board 2x3 --blank 6
check 2 "gen --board 2x3 --blank -1" "" "$GEN" --board 2x3 --blank -1
check 2 "gen --board 2x3 --goal with a tile twice" "" "$GEN" --board 2x3 --goal "1 2 3 4 4 0"
check 2 "gen --board 2x3 --goal too short" "" "$GEN" --board 2x3 --goal "1 2 3"
check 2 "gen --blank and --goal together" "" "$GEN" --board 2x3 --blank 1 --goal "1 2 3 4 5 0"
check 2 "gen -j 0" "" "$GEN" --board 2x3 -j 0
check 2 "gen --level 13" "" "$GEN" --board 2x3 --level 13
check 2 "gen --compress foo" "" "$GEN" --board 2x3 --compress foo
check 2 "gen --entry foo" "" "$GEN" --board 2x3 --entry foo
check 2 "gen with a stray argument" "" "$GEN" --board 2x3 stray
check 2 "gen --verify on a missing file (missing table)" "" "$GEN" --verify "$tmp/missing.tbl"

check 3 "gen --board 4x4 (too large, refused up front)" "" "$GEN" --board 4x4 -o "$tmp/x.tbl"
check 3 "gen --board 3x5 (too large, refused up front)" "" "$GEN" --board 3x5 -o "$tmp/x.tbl"
# Sanitizer builds reserve terabytes of address space, so ulimit -v cannot apply to them.
if [ -z "${SLIDETAB_SANITIZED:-}" ]; then
	check 3 "gen --board 3x4 under ulimit -v 256 MB" "" sh -c "ulimit -v 262144 && exec \"$GEN\" --board 3x4 -o \"$tmp/x.tbl\""
else
	skipped "gen --board 3x4 under ulimit -v (sanitizer builds reserve terabytes of address space)"
fi

# ---- query ----
check 0 "query --help" "" "$QUERY" --help
check 0 "query --version" "" "$QUERY" --version
check 0 "query answers" '1 3 0\n4 2 5\n7 8 6\n8 6 7 2 5 4 3 0 1\n' "$QUERY" --tables "$tmp/tables" --board 3x3
out_is "4 31 " "query answers 4 and 31"
check 0 "query: an unsolvable puzzle is an answer, not an error" '1 2 3 4 5 6 8 7 0\n' "$QUERY" --tables "$tmp/tables"
out_is "unsolvable " "unsolvable"
check 0 "query on empty input" "" "$QUERY" --tables "$tmp/tables"
check 0 "query --info on a good table" "" "$QUERY" --info "$tmp/tables/3x3-b0.tbl"

check 1 "query: a tile twice" '1 3 0 4 2 5 7 8 6\n1 1 0 4 2 5 7 8 6\n8 6 7 2 5 4 3 0 1\n' "$QUERY" --tables "$tmp/tables"
out_is "4 error 31 " "the bad line says error, the rest answered"
check 1 "query: a tile out of range" '1 3 0 4 2 5 7 8 9\n' "$QUERY" --tables "$tmp/tables"
check 1 "query: not a number" '1 3 0 4 2 5 7 8 6\n1 3 0 4 2 5 7 8 z\n' "$QUERY" --tables "$tmp/tables"
out_is "4 error " "the line that is not a number says error"
check 1 "query: a row too short" '1 3 0\n4 2\n7 8 6\n' "$QUERY" --tables "$tmp/tables" --board 3x3
check 1 "query: input ends inside a puzzle" '1 3 0\n4 2 5\n' "$QUERY" --tables "$tmp/tables" --board 3x3
check 1 "query --pairs: goal missing" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/tables" --pairs
check 1 "query --style hdu3567: bad count line" 'x\n12X453786\n12345678X\n' "$QUERY" --tables "$tmp/tables" --style hdu3567

check 2 "query --bogus" "" "$QUERY" --bogus
check 2 "query --board 17x16 (over 256 cells)" "" "$QUERY" --board 17x16
check 2 "query --board 1x9" "" "$QUERY" --board 1x9
check 0 "query --board 9x9 --fast (any board up to 256 cells)" "" "$QUERY" --board 9x9 --fast
check 2 "query --board 4294967299x4611686018427387904 (product wraps negative)" '1 2 3 0\n' "$QUERY" --tables "$tmp/tables" --board 4294967299x4611686018427387904
check 2 "query --style foo" "" "$QUERY" --style foo
check 2 "query --goal with --pairs" "" "$QUERY" --goal first --pairs
check 2 "query --goal that is not a board" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/tables" --goal "1 2 3"
check 2 "query: missing table" '1 2 3 0\n' "$QUERY" --tables "$tmp/empty"
check 2 "query: missing table folder" '1 2 3 0\n' "$QUERY" --tables "$tmp/no-such-folder"
check 2 "query: missing input file" "" "$QUERY" --tables "$tmp/tables" "$tmp/no-such-input.txt"
check 2 "query --info on a missing file" "" "$QUERY" --info "$tmp/missing.tbl"
check 1 "query: board cannot be told (12 tokens): bad input" '1 2 3 4 5 6 7 8 9 10 11 0\n1 2 3 4 5 6 7 8 0\n' "$QUERY" --tables "$tmp/tables"
out_is "error 0 " "that line says error, the next decides the board"
check 1 "query: board cannot be told (7 tokens): bad input" '1 2 3 4 5 6 0\n' "$QUERY" --tables "$tmp/tables"
out_is "error " "its line says error"

head -c 5000 "$tmp/tables/3x3-b0.tbl" > "$tmp/damaged/3x3-b0.tbl"
check 3 "query: truncated table" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/damaged"
check 3 "query --info on a truncated table" "" "$QUERY" --info "$tmp/damaged/3x3-b0.tbl"
echo "this is not a table" > "$tmp/damaged/3x3-b0.tbl"
check 3 "query: a text file where the table should be" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/damaged"
: > "$tmp/damaged/3x3-b0.tbl"
check 3 "query: an empty table file" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/damaged"
cp "$tmp/raw23.tbl" "$tmp/foreign/3x3-b0.tbl"
check 3 "query: a 2x3 table under a 3x3 name (foreign)" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/foreign"
cp "$tmp/tables/3x3-b0.tbl" "$tmp/late/3x3-b0.tbl"
size=$(wc -c < "$tmp/late/3x3-b0.tbl")
poke "$tmp/late/3x3-b0.tbl" $((size - 10)) # the last of its 3 zlib blocks
# Loaded lazily ($SLIDETAB_WHOLE_LOAD=0: a block when a lookup first needs it), the damage is found
# only by the lookup that reaches it: the puzzles before and after it, in good blocks, are answered.
check 3 "query: damage found when a lookup reaches the bad block" '1 3 0 4 2 5 7 8 6\n8 6 7 2 5 4 3 0 1\n1 3 0 4 2 5 7 8 6\n' \
	env SLIDETAB_WHOLE_LOAD=0 "$QUERY" --tables "$tmp/late"
out_is "4 error 4 " "the lookups in good blocks answered, the one in the bad block an error"
check 3 "query: a small table is checked whole at first use: the same damage found then" '1 3 0 4 2 5 7 8 6\n' \
	"$QUERY" --tables "$tmp/late"
out_is "error " "found before the first answer"
check 3 "query --preload: the same damage found up front" '1 3 0 4 2 5 7 8 6\n' "$QUERY" --tables "$tmp/late" --preload
check 3 "query --info on that table" "" "$QUERY" --info "$tmp/late/3x3-b0.tbl"

summary
