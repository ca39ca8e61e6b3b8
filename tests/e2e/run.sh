#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: end-to-end tests of the real gen and query binaries (run from the repository root).
set -u
. tests/common.sh

# Every format of SPEC §2, byte for byte (or any shortest path where the problem accepts one,
# `accept` in its folder), with exit status 0 and nothing on stderr.
for dir in tests/formats/*/; do
	name=$(basename "$dir")
	[ -f "$dir/cmd" ] || continue
	cmd=$(cat "$dir/cmd")
	case $cmd in *"--puzzle gap"*) ;; *) cmd="$cmd --tables tables" ;; esac
	sh -c "$cmd" <"$dir/in" >"$tmp/got" 2>"$tmp/err"
	st=$?
	if [ "$st" -ne 0 ] || [ -s "$tmp/err" ]; then
		ko "format $name: exit $st, stderr: $(head -c 200 "$tmp/err")"
	elif cmp -s "$tmp/got" "$dir/out"; then
		ok "format $name"
	elif [ -f "$dir/accept" ] && build/tests/pathcheck 3x3 "$dir/in" "$dir/out" "$tmp/got"; then
		ok "format $name (a shortest path other than the published one)"
	else
		ko "format $name"
		diff "$dir/out" "$tmp/got" | head -5
		head -3 "$tmp/err"
	fi
done

# --preload (every block checked and inflated up front, lookups in the whole array) against the
# lazy path (\$SLIDETAB_WHOLE_LOAD=0: each lookup inflates its block into the cache), on 3x3
# goals of every blank class: the same answers and paths.
build/bench/randpuz 3x3 1500 5 >"$tmp/p"
for goal in "1 2 3 4 5 6 7 8 0" "1 0 2 3 4 5 6 7 8" "1 2 3 4 0 5 6 7 8"; do
	SLIDETAB_WHOLE_LOAD=0 bin/query --tables tables --goal "$goal" --path "$tmp/p" >"$tmp/p1" 2>&1
	SLIDETAB_WHOLE_LOAD=0 bin/query --tables tables --goal "$goal" --preload --path "$tmp/p" >"$tmp/p2" 2>&1
	check "--preload answers like the lazy block cache, goal $goal" cmp "$tmp/p1" "$tmp/p2"
	check "... 1500 lines, answered" sh -c "[ \$(grep -c '^[dlru]*\$' '$tmp/p2') -gt 700 ] && [ \$(wc -l <'$tmp/p2') -eq 1500 ]"
done

# Every default table verifies completely (not the opt-in 2x7 table: its check is a fresh
# 43.6-billion-state search, `gen --verify tables/2x7-b0.tbl`).
for t in tables/*.tbl; do
	case $t in tables/2x7-* | tables/7x2-*) continue ;; esac
	check "verify $t" bin/gen --verify "$t"
done

# Both header variants (docs/FORMAT.md). tests/data/v1/2x3-b0.tbl is the default 2x3 table as gen
# 0.4.0 wrote it (the full header: payload at 8192); today's (one block: the small header, the
# payload at its size) deflated by zlib's encoder as 0.4.0 did (the hook) holds the same payload
# bytes, and query and gen --verify read both alike.
v1=tests/data/v1/2x3-b0.tbl new=tables/2x3-b0.tbl z=$tmp/z23.tbl
SLIDETAB_TEST_ZLIB_DEFLATE=1 bin/gen -q --board 2x3 --blank 0 -o "$z" >/dev/null
hsize=$(od -An -tu4 -j16 -N4 "$z" | tr -d ' ')
check "2x3 table: the small header (version 2), $hsize bytes (at most 256)" \
	sh -c "[ \$(od -An -tu4 -j8 -N4 '$new' | tr -d ' ') -eq 2 ] && [ \$(od -An -tu4 -j8 -N4 '$z' | tr -d ' ') -eq 2 ] && [ $hsize -le 256 ]"
tail -c +8193 "$v1" >"$tmp/v1.pay"
tail -c +$((hsize + 1)) "$z" >"$tmp/v2.pay"
check "2x3: the 0.4.0 table's payload = today's through zlib's encoder, byte for byte" cmp "$tmp/v1.pay" "$tmp/v2.pay"
check "gen --verify reads the 0.4.0 table" bin/gen --verify "$v1"
bin/query --info "$v1" | grep -v '^#' >"$tmp/i1"
bin/query --info "$new" | grep -v '^#' >"$tmp/i2"
check "query --info: the same histogram from both" cmp "$tmp/i1" "$tmp/i2"
build/bench/randpuz 2x3 300 7 >"$tmp/p23"
bin/query --tables tests/data/v1 --path "$tmp/p23" >"$tmp/a1" 2>&1
bin/query --tables tables --path "$tmp/p23" >"$tmp/a2" 2>&1
check "query: 300 2x3 paths from the 0.4.0 table = from today's" cmp "$tmp/a1" "$tmp/a2"
for c in none zlib compact; do
	bin/gen -q --board 2x4 --compress $c -o "$tmp/s.tbl" >/dev/null
	SLIDETAB_TEST_FULL_HEADER=1 bin/gen -q --board 2x4 --compress $c -o "$tmp/f.tbl" >/dev/null
	h=$(od -An -tu4 -j16 -N4 "$tmp/s.tbl" | tr -d ' ')
	check "2x4 $c: the small header's payload = the full header's" \
		sh -c "[ $h -le 256 ] && tail -c +$((h + 1)) '$tmp/s.tbl' | cmp -s - '$tmp/f.tbl' 0 8192"
done

# gen's histogram on stdout equals the published one.
bin/gen -q --board 3x3 -o "$tmp/33.tbl" | grep -v '^#' >"$tmp/h"
check "gen 3x3 histogram = published" cmp "$tmp/h" tests/data/hist/3x3-corner.txt
bin/gen -q --board 2x4 --blank 0 -o "$tmp/24.tbl" | grep -v '^#' >"$tmp/h"
check "gen 2x4 histogram = published" cmp "$tmp/h" tests/data/hist/2x4-corner.txt
bin/query --info "$tmp/33.tbl" | grep -v '^#' >"$tmp/h"
check "query --info histogram = published" cmp "$tmp/h" tests/data/hist/3x3-corner.txt
# The count at the radius in words that fit it: 2x2's radius 6 holds 1 state, 3x3's 31 two
# (the published histograms' last lines).
bin/query --info tables/2x2-b0.tbl >"$tmp/i22"
check "query --info 2x2: radius 6 (1 state at the radius)" has "$tmp/i22" "^# radius     6 (1 state at the radius)$"
bin/query --info "$tmp/33.tbl" >"$tmp/i33"
check "query --info 3x3: radius 31 (2 states at the radius)" has "$tmp/i33" "^# radius     31 (2 states at the radius)$"

# Reproducible: the same bytes whatever -j is.
bin/gen -q -j1 --board 2x5 --blank 2 -o "$tmp/a.tbl" >/dev/null
bin/gen -q -j2 --board 2x5 --blank 2 -o "$tmp/b.tbl" >/dev/null
check "gen -j1 and -j2 write identical tables" cmp "$tmp/a.tbl" "$tmp/b.tbl"
# The same block index and payload (everything after the 4096-byte header, whose generator string
# changes with the version) as commit 9cea412 wrote, which packed one-byte entries: the zlib table
# of zlib's encoder at level 9 (the test hook; the default encoder, libdeflate, writes other bytes
# of the same entries, checked by encoder.sh) and the compact one, whose bits the search now
# writes packed itself, at -j1 and -j3.
SLIDETAB_TEST_ZLIB_DEFLATE=1 bin/gen -q -j1 --board 2x5 --blank 2 -o "$tmp/z.tbl" >/dev/null
check "2x5 zlib table (zlib's encoder): 9cea412's index and payload" sh -c "tail -c +4097 '$tmp/z.tbl' | sha256sum | grep -q '^80cde7e4602a72dcab5a3e4f0f36d101a01ded0e43e0b13925e945e7c78d5814 '"
for j in 1 3; do
	bin/gen -q -j$j --board 2x5 --blank 1 --compress compact -o "$tmp/c$j.tbl" >/dev/null
	check "2x5 compact table, -j$j: 9cea412's index and payload" sh -c "tail -c +4097 '$tmp/c$j.tbl' | sha256sum | grep -q '^32a0892a978d6d33310942277d8f90a23a003d3ac0c9ea4e3ef762ec51e5f9ca '"
done
check "the compact table verifies" bin/gen --verify "$tmp/c1.tbl"
mkdir -p "$tmp/ck"
bin/gen -q -j2 --board 2x5 --blank 1 --compress compact --checkpoint "$tmp/ck" -o "$tmp/ck.tbl" >/dev/null
check "2x5 compact table with --checkpoint (one byte a state, packed after): the same bytes" cmp "$tmp/c1.tbl" "$tmp/ck.tbl"

# Bad input: message with the line, `error` in place, the rest answered, exit 1.
printf '1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 0 8\n' >"$tmp/bad"
status_is 1 "bad line in a batch" bin/query --tables tables "$tmp/bad"
printf '0\nerror\n1\n' >"$tmp/want"
check "bad line keeps answers aligned" cmp "$tmp/out" "$tmp/want"
check "bad line message names line and tile" has "$tmp/err" "line 2: column [0-9]*: tile 9 out of range for 3x3"
status_is 0 "empty input" sh -c 'bin/query --tables tables </dev/null'
check "empty input prints nothing" test ! -s "$tmp/out"
status_is 1 "ambiguous board: an error line" sh -c 'echo 1 2 3 4 5 6 7 8 9 10 11 0 | bin/query --tables tables'
out_is "ambiguous board: its line says error" 'error\n'
mkdir -p "$tmp/none"
status_is 2 "3x4 puzzle with no 3x4 table" sh -c "echo 1 2 3 4 5 6 7 8 9 10 11 0 | bin/query --board 3x4 --tables $tmp/none"
check "3x4: the message names the table and the gen command" has "$tmp/err" "no table 3x4-b0.tbl .* in $tmp/none; build it with \`gen --board 3x4 --blank 0\` in that folder"
check "3x4: the puzzle gets its line" test "$(cat "$tmp/out")" = error

# Tables: missing, damaged, foreign.
status_is 2 "missing table" sh -c 'echo 1 2 3 4 5 6 7 8 0 | bin/query --tables /nonexistent'
check "missing table names the gen command" has "$tmp/err" "in /nonexistent; build it with \`gen --board 3x3 --blank 0\` in that folder"
mkdir -p "$tmp/t" && cp tables/3x3-b0.tbl "$tmp/t/"
printf 'X' | dd of="$tmp/t/3x3-b0.tbl" bs=1 seek=30000 conv=notrunc 2>/dev/null
status_is 3 "damaged table refused" sh -c "echo 8 7 6 5 4 3 2 1 0 | bin/query --tables $tmp/t --preload"
check "damaged table message" has "$tmp/err" "checksum mismatch"
printf 'error\n' >"$tmp/want"
check "damaged table: the puzzle's line says error" cmp "$tmp/out" "$tmp/want"
status_is 3 "damaged table refused by --info" bin/query --info "$tmp/t/3x3-b0.tbl"
status_is 1 "damaged table fails --verify" bin/gen --verify "$tmp/t/3x3-b0.tbl"
cp tables/2x4-b0.tbl "$tmp/t/3x3-b0.tbl"
status_is 3 "foreign table (another board under the name) refused" sh -c "echo 8 7 6 5 4 3 2 1 0 | bin/query --tables $tmp/t"
: >"$tmp/t/3x3-b0.tbl"
status_is 3 "empty table file refused" sh -c "echo 8 7 6 5 4 3 2 1 0 | bin/query --tables $tmp/t"

# Writing safely: a full disk, an interrupted run.
if full_dev "gen to a full disk"; then
	status_is 1 "gen to a full disk ($full)" bin/gen -q --board 2x3 -o "$full"
	check "full disk message" has "$tmp/err" "No space left on device"
	full_kept "gen to a full disk"
fi
# SIGINT while gen rewrites a table (slowed by the hook $SLIDETAB_TEST_WRITE_DELAY_MS, through a
# named temporary file: $SLIDETAB_TEST_NO_TMPFILE): the old table stays whole under its name and
# no temporary file is left.
mkdir -p "$tmp/int"
bin/gen -q --board 2x5 --blank 2 -c none -o "$tmp/int/x.tbl" >/dev/null
cp "$tmp/int/x.tbl" "$tmp/old.tbl"
SLIDETAB_TEST_WRITE_DELAY_MS=100 SLIDETAB_TEST_NO_TMPFILE=1 bin/gen -q --board 2x5 --blank 0 -c none -o "$tmp/int/x.tbl" >/dev/null 2>&1 &
p=$!
if writing_started $p "$tmp/int"; then
	kill -INT $p
	wait $p
	r=$?
	check "SIGINT during the write ends gen by the signal (exit $r)" test $r -eq 130
	check "interrupted write: the old table is whole under its name" cmp "$tmp/int/x.tbl" "$tmp/old.tbl"
	check "interrupted write: no temporary file left" test "$(ls -A "$tmp/int")" = x.tbl
else
	wait $p
	ko "gen never opened its temporary file in $tmp/int"
fi
status_is 1 "gen into a missing folder" bin/gen -q --board 2x2 -o /nonexistent/x.tbl
status_is 3 "gen refuses a board that cannot fit" bin/gen --board 4x4
check "refusal names the numbers" has "$tmp/err" "10461394944000"

# Usage.
status_is 0 "gen --help" bin/gen --help
status_is 0 "query --help" bin/query --help
# --hint's letters are the gap's moves, said in --help and the README's synopsis.
check "query --help: --hint's letters are the gap's (blank's) moves" sh -c \
	"sed -n '/--hint/,/--upper/p' '$tmp/out' | tr -s ' \n' '  ' | grep -q \"the letters are the gap's (blank's) moves\""
check "README: the query synopsis has --hint, its letters the gap's moves" sh -c \
	"grep -q '^query .*--hint' README.md && grep -q \"(\\\`--hint\\\`: \\\`14 lr\\\`, the blank's (gap's) moves)\" README.md"
status_is 0 "gen --version" bin/gen --version
status_is 0 "query --version" bin/query --version
status_is 2 "gen unknown option" bin/gen --frobnicate
status_is 2 "query unknown option" bin/query --frobnicate
status_is 2 "gen bad board" bin/gen --board 1x9
status_is 2 "query bad goal" sh -c 'echo 1 2 3 4 5 6 7 8 0 | bin/query --tables tables --goal "1 2 3"'

summary
