#!/bin/sh
# SPDX-License-Identifier: Zlib
# values.sh: query's values against ones computed without slidetab (tests/e2e/values.awk: a
# breadth-first search in awk, and walks whose Manhattan distance is their length): every --json
# member (line, input, goal, solvable, distance, path), the plain distance and --path lines, the
# lexicographically smallest path for goals under each symmetry of 3x3, and --max-depth's lines.
set -u
. tests/common.sh
A="awk -f tests/e2e/values.awk"

same_file() { # same_file NAME WANT GOT
	if cmp -s "$2" "$3"; then ok "$1"; else ko "$1"; diff "$2" "$3" | head -4 | sed 's/^/     /'; fi
}

# 2x4 (the seven puzzle), the default goal and one with the blank elsewhere: every member.
for goal in "1 2 3 4 5 6 7 0" "1 2 3 0 4 5 6 7"; do
	$A -v mode=perm -v R=2 -v C=4 -v n=300 -v seed=7 >"$tmp/p"
	$A -v mode=json -v R=2 -v C=4 -v goal="$goal" "$tmp/p" >"$tmp/want"
	status_is 0 "2x4 --json --path, goal $goal" $QUERY --tables tables --board 2x4 --goal "$goal" --json --path "$tmp/p"
	same_file "2x4 --json --path: every member as computed" "$tmp/want" "$tmp/out"
	sed 's/,"path":"[a-z]*"//' "$tmp/want" >"$tmp/want2"
	$QUERY --tables tables --board 2x4 --goal "$goal" --json "$tmp/p" >"$tmp/got" 2>"$tmp/err"
	same_file "2x4 --json (no path)" "$tmp/want2" "$tmp/got"
	sed -n 's/.*"distance":\([0-9]*\).*/\1/p; /"solvable":false/s/.*/unsolvable/p' "$tmp/want" >"$tmp/want3"
	$QUERY --tables tables --board 2x4 --goal "$goal" "$tmp/p" >"$tmp/got" 2>"$tmp/err"
	same_file "2x4 plain distances" "$tmp/want3" "$tmp/got"
	sed -n 's/.*"path":"\([a-z]*\)".*/\1/p; /"solvable":false/s/.*/unsolvable/p' "$tmp/want" >"$tmp/want4"
	$QUERY --tables tables --board 2x4 --goal "$goal" --path "$tmp/p" >"$tmp/got" 2>"$tmp/err"
	same_file "2x4 plain --path: the smallest shortest paths" "$tmp/want4" "$tmp/got"
done
grep -q '"solvable":true' "$tmp/want" && grep -q '"solvable":false' "$tmp/want" && ok "2x4: both kinds of answer" ||
	ko "2x4: both kinds of answer"

# 3x3: goals under each of the 8 symmetries of the square (tiles renamed at random), answered
# from the one table of their class; the expected paths from one search mapped by the symmetry.
# A corner goal and an edge goal: their images put the blank on every corner and edge cell, and
# the library maps edges 3 and 5 onto its table through the symmetries that transpose.
for goal in "1 2 3 4 5 6 7 8 0" "1 0 2 3 4 5 6 7 8"; do
	$A -v mode=sym -v R=3 -v C=3 -v goal="$goal" -v n=96 -v seed=5 -v cases="$tmp/pairs" >"$tmp/want"
	status_is 0 "3x3 goals under every symmetry of $goal" $QUERY --tables tables --pairs --json --path "$tmp/pairs"
	same_file "3x3 goals under every symmetry: distances and smallest paths as computed" "$tmp/want" "$tmp/out"
done

# --max-depth on 4x4 and 5x5: puzzles of known distance 6..25 (Manhattan-tight walks), limits at
# the median distance and one below it.
for board in 4x4 5x5; do
	r=${board%x*} c=${board#*x}
	$A -v mode=walk -v R="$r" -v C="$c" -v n=24 -v seed=11 >"$tmp/w"
	cut -d' ' -f2- "$tmp/w" >"$tmp/p"
	goal="$(seq -s ' ' 1 $((r * c - 1))) 0"
	mid=$(cut -d' ' -f1 "$tmp/w" | sort -n | sed -n 12p) # a limit equal to some puzzle's distance, and one below
	for d in "$mid" $((mid - 1)); do
		awk -v d=$d '{ print ($1 <= d ? $1 : "not solvable within " d) }' "$tmp/w" >"$tmp/want"
		status_is 0 "$board --max-depth $d" $QUERY --tables tables --board "$board" --max-depth $d "$tmp/p"
		same_file "$board --max-depth $d: the distance, or not solvable within $d" "$tmp/want" "$tmp/out"
		awk -v d=$d -v g="$goal" '{ s = $2; for (i = 3; i <= NF; i++) s = s " " $i
			printf "{\"line\":%d,\"input\":\"%s\",\"goal\":\"%s\",\"solvable\":true,", NR, s, g
			if ($1 <= d) printf "\"distance\":%d}\n", $1; else printf "\"distance\":null,\"within\":%d}\n", d }' \
			"$tmp/w" >"$tmp/want"
		$QUERY --tables tables --board "$board" --max-depth $d --json "$tmp/p" >"$tmp/got" 2>"$tmp/err"
		same_file "$board --max-depth $d --json" "$tmp/want" "$tmp/got"
	done
	[ "$(awk -v m="$mid" '$1 < m - 1' "$tmp/w" | wc -l)" -gt 0 ] && [ "$(awk -v m="$mid" '$1 > m' "$tmp/w" | wc -l)" -gt 0 ] &&
		ok "$board: puzzles on both sides of the limits" || ko "$board: puzzles on both sides of the limits"
done
summary
