#!/bin/sh
# SPDX-License-Identifier: Zlib
# input.sh: end-to-end tests of query's puzzle reader: strict tokens, exact line accounting, messages.
set -u
Q=${QUERY:-bin/query}
. tests/common.sh

# t NAME INPUT WANT_EXIT WANT_OUT WANT_ERR_GREP QUERY_ARGS...: INPUT is a printf format (~ stands
# for a NUL byte); WANT_OUT the output lines joined by spaces; WANT_ERR "" wants an empty stderr.
t() {
	name=$1 input=$2 want_rc=$3 want_out=$4 want_err=$5
	shift 5
	printf "$input" | tr '~' '\000' | "$Q" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(tr '\n' ' ' <"$tmp/out")
	if [ "$rc" -eq "$want_rc" ] && [ "$out" = "$want_out" ] && { if [ -n "$want_err" ]; then grep -q -- "$want_err" "$tmp/err"; else [ ! -s "$tmp/err" ]; fi; } &&
		! LC_ALL=C grep -q '[[:cntrl:]]' "$tmp/err"; then
		ok "$name"
	else
		ko "$name: exit $rc, output '$out' (want '$want_out', exit $want_rc)"
		sed 's/^/     /' "$tmp/err" | head -3
	fi
}

t "bad first token 8a" '1 2 3 4 5 6 7 8 0\n8a 1 3 4 5 6 7 2 0\n' 1 "0 error " "line 2: column 1: '8a'"
t "a1 is not a blank" 'a1 2 3 4 5 6 7 8 0\n' 1 "error " "'a1'"
t "--goal 1junk" '1 2 3 4 5 6 7 8 0\n' 2 "error " "'1junk'" --goal "1junk 2 3 4 5 6 7 8 0"
for g in " " "" "#" ","; do
	t "--goal '$g': no tiles" '1 2 3 4 5 6 7 8 0\n' 2 "error " "^query: --goal: no tiles$" --goal "$g"
done
t "a short line swallows nothing" '8 1 3 4 5 6 7 2 0\n1 2 3\n8 1 3 4 5 6 7 2 0\n1 2 3 4 5 6 7 8 0\n' 1 \
	"14 error 14 0 " "line 2: a puzzle in rows of 3 stops after 1 of 3 rows"
t "BOM, CR-only, CRLF, trailing comment" '\357\273\2771 2 3 4 5 6 7 8 0\r8 1 3 4 5 6 7 2 0 # c\r\n1,2,3,4,5,6,7,8,x\n' 0 \
	"0 14 0 " ""
t "NUL names its line" '1 2 3 4 5 6 7 8 0\n1 2 3 4 5~ 6 7 8 0\n1 2 3 4 5 6 7 8 0\n' 1 "0 error 0 " \
	'line 2: column 9: .5\\x00'
t "control bytes escaped" '1 2 3 4 5 6 7 8 \033[31m\n' 1 "error " '\\x1b\[31m'
# three rows of three are the one 3x3 puzzle they are; rows of 2x3 need --board
t "rows of three without --board: one 3x3 puzzle" '1 3 0\n4 2 5\n7 8 6\n' 0 "4 " ""
t "... twice, then a whole line" '1 3 0\n4 2 5\n7 8 6\n1 2 3\n4 5 6\n7 0 8\n1 2 3 4 5 6 7 8 0\n' 0 "4 1 0 " ""
t "... two rows of three (2x3) and the end: an error naming --board 2x3" '1 2 3\n4 0 5\n' 1 "error " "(2 of 3 rows); rows of a 2x3 puzzle need --board 2x3$"
# every puzzle unsolvable for the goal and solvable for the other corner goal
# (AOJ 0121's lines without --goal first): said once on stderr, exit status unchanged.
t "AOJ 0121 lines without --goal first: said once" '0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n7 6 5 4 3 2 1 0\n' 0 \
	"unsolvable unsolvable unsolvable " "^query: every puzzle is unsolvable for the goal with the blank last, and each would be solvable with the blank first: give --goal first (AOJ 0121's goal is the blank first)$"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && ok "... once" || ko "... once: $(cat "$tmp/err")"
t "... and the converse for --goal first" '1 2 3 4 5 6 7 0\n' 0 "unsolvable " "every puzzle is\\|the puzzle is unsolvable for the goal with the blank first, and each would be solvable with the blank last: give --goal last" --goal first
t "one puzzle solvable: nothing said" '0 1 2 3 4 5 6 7\n1 2 3 4 5 6 7 0\n' 0 "unsolvable 0 " ""
t "unsolvable for both corners (3x3): nothing said" '1 2 3 4 5 6 8 7 0\n' 0 "unsolvable " ""
t "a goal of the user's: nothing said" '0 1 2 3 4 5 6 7\n' 0 "unsolvable " "" --goal "1 2 3 4 5 6 7 0"
t "a leading case count" '2\n1 2 3 4 5 6 7 8 0\n' 1 "error 0 " "looks like a case count (--style hdu3567"
t "7 tokens" '1 2 3 4 5 6 0\n' 1 "error " "7 tokens is no board query knows"
t "--pairs: 8 tokens ambiguous" '1 2 3 0 1 2 0 3\n' 1 "error " "8 tokens could be 2x2 (a start and goal) or 2x4" --pairs
t "--pairs: 12 tokens ambiguous" '1 2 3 4 5 6 7 8 9 10 11 0\n' 1 "error " "12 tokens could be 2x3 (a start and goal), 3x4 or 2x6" --pairs
# Every puzzle gets its line when no board fits a line or --goal does not fit the board
t "12 tokens: each puzzle its error" '1 2 3 4 5 6 7 8 9 10 11 0\n2 1 3 4 5 6 7 8 9 10 11 0\n1 2 3 4 5 6 7 8 9 11 10 0\n' 1 \
	"error error error " "stdin: line 3: 12 tokens could be 3x4 or 2x6"
t "24 tokens: each puzzle its error" "$(seq -s ' ' 1 23) 0\n$(seq -s ' ' 1 23) 0\n" 1 "error error " \
	"line 2: 24 tokens is no board query knows"
t "a later line decides the board" '1 2 3 4 5 6 7 8 9 10 11 0\n1 2 3 4 5 6 7 0 8\n' 1 "error 1 " "line 1: 12 tokens could be"
t "--goal of 2x2 for 3x3 puzzles: each its error" '1 2 3 4 5 6 7 8 0\n8 1 3 4 5 6 7 2 0\n1 2 3 4 5 6 7 0 8\n' 2 \
	"error error error " "^query: --goal: line 1: 4 tokens" --goal "1 2 3 0"
[ "$(grep -c -- --goal "$tmp/err")" -eq 1 ] && ok "--goal's message once" || ko "--goal's message once: $(cat "$tmp/err")"
t "--goal fits one board of two files' boards" '1 2 3 0\n' 0 "0 " "" --goal "1 2 3 0"
printf '1 2 3 4 5 6 7 8 0\n1 2 3 0\n' >"$tmp/in1"
printf '1 2 0 3\n' >"$tmp/in2"
status_is 2 "--goal for 2x2, a 3x3 file then a 2x2 file" "$Q" --goal "1 2 0 3" --json "$tmp/in1" "$tmp/in2"
[ "$(grep -c '"error"' "$tmp/out")" -eq 2 ] && [ "$(wc -l <"$tmp/out")" -eq 3 ] && ok "--json: three lines, two errors" ||
	ko "--json: three lines, two errors: $(cat "$tmp/out")"
t "--pairs --board 2x2: a pair on one line" '1 2 3 0 1 2 0 3\n' 0 "1 " "" --pairs --board 2x2
t "hdu3567: count announced 3, 2 given" '3\n12X453786\n12345678X\n564178X23\n7568X4123\n' 1 \
	"Case 1: 2 dd Case 2: 8 urrulldr " "line 1: 3 cases announced, 2 given" --style hdu3567
t "hdu3567: count matches" '2\n12X453786\n12345678X\n564178X23\n7568X4123\n' 0 \
	"Case 1: 2 dd Case 2: 8 urrulldr " "" --style hdu3567

# Past 4,096 characters only spaces, tabs, commas and a comment may follow (skipped at any length,
# tests/formats/long-comments); a token that ends past the limit makes the line too long.
sp=$(printf '%5000s' '')
t "a token past column 4096 after spaces" "8 1 3 4 5 6 7 2 0${sp}1\n1 2 3 4 5 6 7 8 0\n" 1 "error 0 " "line 1: line too long"
t "a puzzle starting past column 4096" "${sp}8 1 3 4 5 6 7 2 0\n1 2 3 4 5 6 7 8 0\n" 1 "error 0 " "line 1: line too long"
t "a glued '#' past column 4096 is a token" "8 1 3 4 5 6 7 2 0${sp}x#\n" 1 "error " "line 1: line too long"
t "a comment's '#' glued to a token past the limit" "$(printf '%4087s' '')1 2 3 4 5#${sp}\n" 1 "error " "line 1: line too long"

summary
