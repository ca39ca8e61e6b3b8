#!/bin/sh
# SPDX-License-Identifier: Zlib
# pbit.sh: 1-bit placement pattern databases (gen --entry pbit) through the programs: the 5-5-5 sets
# of every 4x4 blank class answer positions for goals of that class (any tile order) with the same
# lengths and smallest paths as the default sets, --within keeps its bound and ratio on them, gen
# --verify accepts them, and damaged blocks make answers errors (exit 3), never other numbers.
set -u
. tests/common.sh
p=$tmp/pbit
mkdir -p "$p"
for k in 0 1 5; do
	check "gen --pdb 555 --entry pbit, class $k" "$GEN" -q --board 4x4 --blank "$k" --pdb 555 --entry pbit --dir "$p"
done
for f in "$p"/*.tbl; do
	check "gen --verify $(basename "$f")" "$GEN" --verify "$f"
done

# walks GOAL SEED COUNT: COUNT positions, each a random walk of 30 to 60 blank moves from GOAL.
walks() {
	awk -v goal="$1" -v seed="$2" -v count="$3" 'BEGIN {
		srand(seed)
		for (k = 0; k < count; k++) {
			n = split(goal, t, " ")
			for (c = 1; c <= 16; c++) if (t[c] == 0) b = c - 1
			for (m = 30 + k % 31; m > 0;) {
				d = int(rand() * 4); r = int(b / 4); col = b % 4
				to = d == 0 ? (r < 3 ? b + 4 : -1) : d == 1 ? (r > 0 ? b - 4 : -1) : d == 2 ? (col < 3 ? b + 1 : -1) : (col > 0 ? b - 1 : -1)
				if (to < 0) continue
				t[b + 1] = t[to + 1]; t[to + 1] = 0; b = to; m--
			}
			line = t[1]; for (c = 2; c <= 16; c++) line = line " " t[c]; print line
		}
	}'
}

# Goals of each class, tiles in other orders than the sets' own goals.
for goal in "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0" "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0" \
	"2 0 1 3 4 5 6 7 8 9 10 11 12 13 14 15" "7 6 5 4 0 3 2 1 8 9 10 11 12 13 14 15" \
	"1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15" "15 1 2 3 4 5 6 7 8 9 0 10 11 12 13 14"; do
	walks "$goal" 7 12 >"$tmp/w"
	"$QUERY" --tables tables --board 4x4 --goal "$goal" --path "$tmp/w" >"$tmp/want" 2>"$tmp/err"
	status_is 0 "pbit sets answer goal '$goal'" "$QUERY" --tables "$p" --board 4x4 --goal "$goal" --path "$tmp/w"
	if cmp -s "$tmp/out" "$tmp/want" && [ "$(grep -c '^[dlru]*$' "$tmp/out")" -eq 12 ]; then
		ok "... the default sets' 12 smallest paths"
	else
		ko "... paths differ from the default sets'"
		diff "$tmp/want" "$tmp/out" | head -4
	fi
done

# --within 1.5 on the pbit sets: every length at most 1.5 times the optimum, every bound at most it.
goal="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"
walks "$goal" 11 10 >"$tmp/w"
"$QUERY" --tables tables --board 4x4 "$tmp/w" >"$tmp/opt"
status_is 0 "--within 1.5 on the pbit sets" "$QUERY" --tables "$p" --board 4x4 --within 1.5 "$tmp/w"
if paste -d' ' "$tmp/opt" "$tmp/out" | awk '{ if (NF != 4 || $3 != ">=" || $2 > 1.5 * $1 || $4 > $1 || $2 < $1) bad = 1 } END { exit bad || NR != 10 }'; then
	ok "... 10 lengths within 1.5x of the optimum, bounds below it"
else
	ko "... a length or bound out of range"
	paste -d' ' "$tmp/opt" "$tmp/out" | head -4
fi

# A byte flipped in every 1 KiB block of one pattern: each answer is an error, exit 3.
f=$(ls "$p"/4x4-b0-pdb-*.tbl | head -n 1)
size=$(wc -c <"$f")
off=$((size - 65520))
while [ "$off" -lt "$size" ]; do
	v=$(od -An -tu1 -j "$off" -N1 "$f" | tr -d ' ')
	printf "\\$(printf %o $((255 - v)))" | dd of="$f" bs=1 seek="$off" conv=notrunc 2>/dev/null
	off=$((off + 1024))
done
walks "$goal" 3 4 >"$tmp/w"
status_is 3 "damaged pbit blocks are refused" "$QUERY" --tables "$p" --board 4x4 "$tmp/w"
out_is "... one error line a puzzle" 'error\nerror\nerror\nerror\n'
err_has "... the message names the damage" "damaged\|CRC"
status_is 1 "gen --verify refuses the damaged file" "$GEN" --verify "$f"


# SIGINT during a 1-bit PDB build (4x4 tiles 1-7, zero-aware: seconds of search): gen ends by the
# signal and leaves no file, temporary or named.
mkdir -p "$tmp/zint"
"$GEN" -q --board 4x4 --blank 0 --pattern 1,2,3,4,5,6,7 --entry zbit -o "$tmp/zint/z.tbl" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
r=$?
check "SIGINT during a zbit build ends gen by the signal (exit $r)" test $r -eq 130
check "interrupted zbit build: nothing left" test -z "$(ls -A "$tmp/zint")"

summary
