#!/bin/sh
# SPDX-License-Identifier: Zlib
# cli.sh: end-to-end tests of query's and gen's command-line behaviour on bad input, bad options,
# missing or odd tables and failed writes: every puzzle gets one line, every error a
# message and a non-zero exit status. Run from the repository root after `make`.
set -u
. tests/common.sh
Q="bin/query --tables tables"

# 4x4: a bad puzzle is one `error` line; the others are still answered.
printf '1 2 3\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n' >"$tmp/p"
status_is 1 "4x4: a bad puzzle does not end the run" $Q --board 4x4 "$tmp/p"
out_is "4x4: bad puzzle then the goal" 'error\n0\n'

# Every 4x4 goal: the blank on an edge and in the centre, from their own sets.
printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n' >"$tmp/p"
status_is 0 "4x4 goal with the blank in the centre" $Q --board 4x4 --goal "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15" "$tmp/p"
out_is "4x4 centre goal: distance" '32\n'
status_is 0 "4x4 goal with the blank on an edge" $Q --board 4x4 --goal "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15" "$tmp/p"

# Advice that can be followed: the suggested gen command builds what query then loads.
mkdir -p "$tmp/pd"
status_is 2 "4x4 centre goal without its set" bin/query --tables "$tmp/pd" --board 4x4 --goal "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15" "$tmp/p"
err_has "the message names the gen command for the centre class, the quickest set" \
	"in $tmp/pd; build the 555 set (0.2 MB, a second) with \`gen --board 4x4 --blank 5 --pdb 555\` in that folder"
out_is "the puzzle still gets its line" 'error\n'
(cd "$tmp/pd" && "$OLDPWD/bin/gen" -q --board 4x4 --blank 5 --pdb 555 >/dev/null)
status_is 0 "after building the suggested set as advised, it answers" bin/query --tables "$tmp/pd" --board 4x4 --goal "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15" "$tmp/p"
out_is "the same distance from the new set" '32\n'
echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0" >"$tmp/p5"
status_is 0 "5x5: answered from the small 444444 set" $Q "$tmp/p5"
out_is "5x5: the goal itself" '0\n'
echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24" >"$tmp/p5"
status_is 0 "5x5: one move" $Q --path "$tmp/p5"
out_is "5x5: the path" 'r\n'
status_is 2 "5x5 without pattern databases" bin/query --tables "$tmp/pd" "$tmp/p5"
err_has "5x5: the message names the gen command of the quickest set" \
	"build the 444444 set (0.1 MB, a second) with \`gen --board 5x5 --blank 0 --pdb 444444\` in that folder"

# --goal with no tiles: a clear message, printable.
for g in " " "" "#" ","; do
	status_is 2 "--goal '$g'" sh -c "echo 1 2 3 4 5 6 7 8 0 | $Q --goal '$g'"
	if LC_ALL=C grep -q '[^ -~]' "$tmp/err"; then ko "--goal '$g': message is printable"; else ok "--goal '$g': message is printable"; fi
done
status_is 2 "--tables ''" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables ''"
err_has "--tables '' says the folder name is empty" "empty"
# The longest folder name taken is 960 characters (room for a table's name after it), on every path.
d960=/$(printf '%0959d' 0)
status_is 2 "--tables of 960 characters is a folder name: the table is missing" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables '$d960'"
out_is "... the puzzle's line" "error\n"
err_has "... no table in the folder opened" "no table 3x3-b0.tbl (3x3, blank in the class of cell 0) in the folder opened"
status_is 2 "--tables of 961 characters" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables '${d960}1'"
err_has "... says how long and the limit" "the table folder name is 961 characters long: at most 960$"
status_is 2 "\$SLIDETAB_TABLES of 961 characters" sh -c "echo 1 2 3 4 5 6 7 8 0 | SLIDETAB_TABLES='${d960}1' bin/query"
err_has "... says how long and the limit" "\$SLIDETAB_TABLES is 961 characters long: at most 960$"

# Input files: a folder or a missing file is reported, the others answered, exit 2.
echo 1 2 3 4 5 6 7 8 0 >"$tmp/a"
echo 8 1 3 4 5 6 7 2 0 >"$tmp/b"
status_is 2 "a folder as input" $Q "$tmp/a" "$tmp" "$tmp/b"
err_has "a folder is named" "Is a directory"
out_is "the files around the folder are answered" '0\n14\n'
status_is 2 "a missing file between two" $Q "$tmp/a" /nonexistent "$tmp/b"
out_is "the file after the missing one is answered" '0\n14\n'

# --json output holds JSON only, even for --max-depth and errors.
printf '5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12\n1 2 3\n' >"$tmp/p"
status_is 1 "--json --max-depth" $Q --board 4x4 --json --max-depth 2 "$tmp/p"
if grep -qv '^{.*}$' "$tmp/out"; then ko "--json lines are objects"; else ok "--json lines are objects"; fi
if grep -q '"within":2' "$tmp/out" && grep -q '"error":"line 2' "$tmp/out"; then ok "--json: the limit and the error message"; else ko "--json: the limit and the error message"; cat "$tmp/out"; fi

# Write errors are failures.
if full_dev "write errors on standard output"; then
	status_is 2 "query > $full" sh -c "echo 1 2 3 4 5 6 7 8 0 | $Q > '$full'"
	status_is 2 "query --info > $full" sh -c "bin/query --info tables/3x3-b0.tbl > '$full'"
	status_is 1 "gen --count-only > $full" sh -c "bin/gen -q --board 2x3 --count-only > '$full'"
	status_is 2 "query --puzzle gap > $full" sh -c "bin/query --puzzle gap < tests/formats/aoj1245/in > '$full'"
	full_kept "write errors on standard output"
fi

# hdu3567: the announced number of cases is checked.
status_is 1 "hdu3567: fewer cases than announced" sh -c "printf '3\n12X453786\n12345678X\n12345678X\n12X453786\n' | $Q --style hdu3567"
err_has "hdu3567: the counts are named" "3 cases announced, 2 given"

# Options that do not apply are refused; a typo gets one line, not the help.
status_is 2 "--puzzle gap --json" sh -c "bin/query --puzzle gap --json </dev/null"
status_is 2 "--puzzle gap --board" sh -c "bin/query --puzzle gap --board 3x3 </dev/null"
status_is 2 "--json --show" sh -c "bin/query --json --show </dev/null"
status_is 2 "--json --style hdu3567" sh -c "bin/query --json --style hdu3567 </dev/null"
status_is 2 "--info with an input file" bin/query --info tables/3x3-b0.tbl "$tmp/a"
status_is 2 "gen --count-only -o" bin/gen -q --board 2x3 --count-only -o "$tmp/x.tbl"
status_is 2 "a typo in an option" bin/query --pth
if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then ok "a typo gets one line"; else ko "a typo gets one line"; fi
err_has "the typo message is prefixed query:" "^query: --pth"

# Tables: gen's default names are what query loads, for any cell of a class and either orientation.
mkdir -p "$tmp/t"
bin/gen -q --board 2x5 --blank 3 --dir "$tmp/t" >/dev/null
status_is 0 "gen --blank 3 writes the class's name" test -f "$tmp/t/2x5-b1.tbl"
status_is 0 "query answers a goal with the blank at cell 3 from it" sh -c "echo 1 2 3 0 4 5 6 7 8 9 | bin/query --tables $tmp/t --goal '1 2 3 0 4 5 6 7 8 9'"
out_is "distance 0 for the goal itself" '0\n'
status_is 0 "and a goal with the blank at cell 1 (same class)" sh -c "echo 1 0 2 3 4 5 6 7 8 9 | bin/query --tables $tmp/t --goal '1 0 2 3 4 5 6 7 8 9'"
bin/gen -q --board 3x2 --blank 0 -o "$tmp/t/2x3-b0.tbl" >/dev/null
status_is 0 "a 3x2 table saved under the 2x3 name is used" sh -c "echo 0 1 2 3 4 5 | bin/query --tables $tmp/t --board 2x3 --goal first"
mkdir -p "$tmp/t/3x3-b0.tbl"
status_is 2 "a folder where a table should be is an I/O error, not a damaged table" sh -c "echo 8 1 3 4 5 6 7 2 0 | bin/query --tables $tmp/t --goal first"
status_is 2 "a missing table" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables $tmp/none"
err_has "the missing table's message says where it looked" "in $tmp/none"

# gen checks its output folder before searching.
status_is 1 "gen into a missing folder" bin/gen --board 3x4 -o /nonexistent/x.tbl
err_lacks "gen did not search first (no layer line)" "^layer"

# The block cache: a table loaded one block at a time ($SLIDETAB_WHOLE_LOAD=0), with 443 blocks
# for 64 cache slots, answers like the whole table; damage is found when a lookup reaches it.
mkdir -p "$tmp/bc"
bin/gen -q --board 2x5 --blank 0 --block-entries 4096 --dir "$tmp/bc" >/dev/null
build/bench/randpuz 2x5 3000 7 first >"$tmp/r" || ko "randpuz 2x5 failed (exit $?)"
[ "$(wc -l <"$tmp/r")" -eq 3000 ] || ko "randpuz 2x5 wrote $(wc -l <"$tmp/r") puzzles, not 3000"
status_is 0 "2x5 from the whole table" bin/query --tables "$tmp/bc" --goal first --path "$tmp/r"
cp "$tmp/out" "$tmp/whole"
status_is 0 "2x5 through the block cache" env SLIDETAB_WHOLE_LOAD=0 bin/query --tables "$tmp/bc" --goal first --path "$tmp/r"
if cmp -s "$tmp/out" "$tmp/whole"; then ok "block cache (with eviction) answers like the whole table"; else ko "block cache answers differ"; fi
status_is 0 "2x5 with --preload" bin/query --tables "$tmp/bc" --preload --goal first --path "$tmp/r"
if cmp -s "$tmp/out" "$tmp/whole"; then ok "--preload answers like the whole table"; else ko "--preload answers differ"; fi
size=$(wc -c <"$tmp/bc/2x5-b0.tbl")
printf 'X' | dd of="$tmp/bc/2x5-b0.tbl" bs=1 seek=$((size - 20000)) conv=notrunc 2>/dev/null
status_is 3 "a damaged block found by a lookup" env SLIDETAB_WHOLE_LOAD=0 bin/query --tables "$tmp/bc" --goal first "$tmp/r"
err_has "the damaged block's message names the table" "$tmp/bc/2x5-b0.tbl: block [0-9]* checksum mismatch"
if [ "$(wc -l <"$tmp/out")" -eq 3000 ] && grep -q '^error$' "$tmp/out" && grep -q '^[0-9]' "$tmp/out"; then
	ok "every puzzle has its line: answers before and after the damaged block, error where it is needed"
else ko "lines around a damaged block"; fi
grep -n '^[0-9]' "$tmp/out" | cut -d: -f1 >"$tmp/answered"
bin/query --tables tables --goal first "$tmp/r" >"$tmp/right"
if [ -s "$tmp/answered" ] && awk 'NR==FNR { want[FNR] = $0; next } { if ($0 != "error" && $0 != want[FNR]) bad = 1 } END { exit bad }' "$tmp/right" "$tmp/out"; then
	ok "the answers given around the damage are right"
else ko "answers around the damage"; fi

# --fast and --within: usage errors, boards without an optimal method, batches of any board.
status_is 2 "--within 0.9 is a usage error" sh -c "echo 1 2 3 0 | $Q --within 0.9"
has "$tmp/err" "--within 0.9" && ok "... naming it" || ko "--within 0.9 message"
status_is 2 "--within abc is a usage error" sh -c "echo 1 2 3 0 | $Q --within abc"
status_is 2 "--fast with --within is a usage error" sh -c "echo 1 2 3 0 | $Q --fast --within 2"
status_is 2 "--board 16x17 (272 cells) is a usage error" sh -c "echo 1 2 3 0 | $Q --fast --board 16x17"
status_is 2 "--board 1x5 is a usage error" sh -c "echo 1 2 3 4 0 | $Q --fast --board 1x5"
status_is 2 "--fast with --hint is a usage error" sh -c "echo 1 2 3 0 | $Q --fast --hint"
seq 1 99 | tr '\n' ' ' >"$tmp/p10"; echo 0 >>"$tmp/p10"
status_is 1 "10x10 without --fast: refused" sh -c "$Q --board 10x10 < '$tmp/p10'"
has "$tmp/err" "--fast" && ok "... naming --fast" || ko "10x10 refusal message"
out_is "10x10 without --fast: one error line" 'error\n'
{ cat "$tmp/p10"; echo 1 2 3; cat "$tmp/p10"; } >"$tmp/p10b"
status_is 1 "10x10 --fast batch with a bad line" sh -c "$Q --fast --board 10x10 < '$tmp/p10b'"
out_is "... one line per puzzle" '0 >= 0\nerror\n0 >= 0\n'
status_is 0 "--fast 16x16 --json" sh -c "$Q --fast --json --board 16x16 --goal first < /dev/null"

summary
