#!/bin/sh
# SPDX-License-Identifier: Zlib
# limits.sh: bounded memory on huge inputs, gen refusing boards that cannot fit, and clean failures under ulimit -v.
# Run from the repo root after the build: sh tests/hardening/limits.sh   (about 30-60 s)
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/common.sh
RSS_LIMIT_KB=${RSS_LIMIT_KB:-32768} # what "small" means for query's peak RSS (under ASan too: about 9 MB there)
# ulimit -v cannot run under AddressSanitizer (SLIDETAB_SANITIZED=1, make check SAN=...: it
# reserves terabytes of address space): those cases are counted as skips there, the rest run.
# ulimit_case NAME: 0 when the ulimit -v case may run, else counts it as skipped.
ulimit_case() {
	[ -z "${SLIDETAB_SANITIZED:-}" ] && return 0
	skipped "$1 (ulimit -v under AddressSanitizer)"
	return 1
}

# Tables for query: a 3x3 table of our own (so the test does not depend on tables/).
mkdir -p "$tmp/tables"
"$GEN" -q --board 3x3 --blank 0 -o "$tmp/tables/3x3-b0.tbl" > /dev/null 2>&1 &&
	"$GEN" -q --board 2x5 --blank 0 -o "$tmp/tables/2x5-b0.tbl" > /dev/null 2>&1 ||
	{ echo "limits.sh: cannot build the tables" >&2; exit 2; }

# measure RSSFILE CMD...: runs CMD on this stdin/stdout, writes its peak RSS (KB) to RSSFILE and
# returns its exit status. /usr/bin/time -v when it works, else VmHWM from /proc while it runs.
if /usr/bin/time -v true > /dev/null 2>&1; then have_time=1; else have_time=0; fi
measure() {
	rssf=$1
	shift
	if [ $have_time -eq 1 ]; then
		/usr/bin/time -v -o "$rssf.tv" "$@"
		mrc=$?
		sed -n 's/.*Maximum resident set size (kbytes): *//p' "$rssf.tv" > "$rssf"
		return $mrc
	fi
	exec 3<&0
	"$@" <&3 &
	mp=$!
	peak=0
	while kill -0 $mp 2> /dev/null; do
		v=$(sed -n 's/^VmHWM: *\([0-9]*\).*/\1/p' /proc/$mp/status 2> /dev/null)
		[ -n "$v" ] && [ "$v" -gt "$peak" ] && peak=$v
		sleep 0.05
	done
	wait $mp
	mrc=$?
	exec 3<&-
	echo $peak > "$rssf"
	return $mrc
}
rss() { r=$(cat "$1" 2> /dev/null); echo "${r:-0}"; }

# 1. 300 MB of puzzle lines through a pipe: all answered, memory stays small.
LINES=16700000 # 18 bytes a line: 300.6 MB
yes "8 6 7 2 5 4 3 0 1" | head -n $LINES |
	{ measure "$tmp/big.rss" "$QUERY" --tables "$tmp/tables" 2> "$tmp/big.err"; echo $? > "$tmp/big.rc"; } |
	uniq -c > "$tmp/big.out"
got=$(cat "$tmp/big.out" | tr -s ' ' | sed 's/^ //')
if [ "$(cat "$tmp/big.rc")" = 0 ] && [ "$got" = "$LINES 31" ] && [ "$(rss "$tmp/big.rss")" -lt $RSS_LIMIT_KB ]; then
	ok "300 MB of puzzles through a pipe: $LINES answers of 31, peak RSS $(rss "$tmp/big.rss") KB"
else
	ko "300 MB of puzzles: exit $(cat "$tmp/big.rc"), answers '$got', peak RSS $(rss "$tmp/big.rss") KB, $(head -c 200 "$tmp/big.err")"
fi

# 2. One 100 MB line (then a good puzzle): `error` for it, a message naming the line, bounded memory;
# a line of spaces or a comment that long is skipped (exit 0, no message), the puzzle before it kept.
onehundred() { head -c 100000000 /dev/zero | tr '\0' "$1"; }
for where in first middle last-unterminated spaces comment; do
	wrc=1
	case $where in
	first) { onehundred 7; printf '\n1 3 0 4 2 5 7 8 6\n'; } > "$tmp/long.in" ; want="error 4 " line=1 ;;
	middle) { printf '1 3 0 4 2 5 7 8 6\n# comment\n'; onehundred 1; printf '\n1 3 0 4 2 5 7 8 6\n'; } > "$tmp/long.in"
		want="4 error 4 " line=3 ;;
	last-unterminated) { printf '1 3 0 4 2 5 7 8 6\n'; onehundred x; } > "$tmp/long.in"; want="4 error " line=2 ;;
	spaces) { printf '1 3 0 4 2 5 7 8 6\n'; onehundred ' '; printf '\n'; } > "$tmp/long.in"; want="4 " wrc=0 ;;
	comment) { printf '1 3 0 4 2 5 7 8 6 # '; onehundred c; printf '\n#'; onehundred ' '; } > "$tmp/long.in"
		want="4 " wrc=0 ;;
	esac
	measure "$tmp/long.rss" "$QUERY" --tables "$tmp/tables" < "$tmp/long.in" > "$tmp/long.out" 2> "$tmp/long.err"
	rc=$?
	out=$(tr '\n' ' ' < "$tmp/long.out")
	if [ $rc -eq $wrc ] && [ "$out" = "$want" ] && [ "$(rss "$tmp/long.rss")" -lt $RSS_LIMIT_KB ] &&
		if [ $wrc -eq 1 ]; then grep -q "line $line:.*too long" "$tmp/long.err"; else [ ! -s "$tmp/long.err" ]; fi; then
		ok "a 100 MB line ($where): output '$out', exit $rc, peak RSS $(rss "$tmp/long.rss") KB"
	else
		ko "a 100 MB line ($where): exit $rc, output '$out' (want '$want'), peak RSS $(rss "$tmp/long.rss") KB," \
			"stderr: $(head -c 200 "$tmp/long.err")"
	fi
done
rm -f "$tmp/long.in"

# 2b. A line of thousands of tokens, and a number that overflows: refused, not misread.
{ printf '1 3 0 4 2 5 7 8 6'; i=0; while [ $i -lt 1500 ]; do printf ' 1'; i=$((i + 1)); done
  printf '\n99999999999999999999 3 0 4 2 5 7 8 6\n1 3 0 4 2 5 7 8 6\n'; } > "$tmp/tok.in"
"$QUERY" --tables "$tmp/tables" --board 3x3 < "$tmp/tok.in" > "$tmp/tok.out" 2> "$tmp/tok.err"
rc=$?
if [ $rc -eq 1 ] && [ "$(tr '\n' ' ' < "$tmp/tok.out")" = "error error 4 " ] && grep -q "line 1" "$tmp/tok.err" &&
	grep -q "line 2" "$tmp/tok.err"; then
	ok "3000 tokens on a line and a 20-digit tile: two errors naming lines 1 and 2"
else
	ko "many tokens / huge number: exit $rc, output '$(tr '\n' ' ' < "$tmp/tok.out")', $(head -c 300 "$tmp/tok.err")"
fi

# 3. gen refuses up front a board whose table cannot fit, naming the numbers, exit 3.
for spec in "4x4 10461394944000" "3x5 653837184000" "2x7 43589145600" "5x5 7755605021665492992000000"; do
	board=${spec% *}
	states=${spec#* }
	"$GEN" --board $board -o "$tmp/big-$board.tbl" > /dev/null 2> "$tmp/gen.err"
	rc=$?
	# up front: the message names the board and its state count, and no layer was searched
	if [ $rc -eq 3 ] && grep -q "$board has $states states" "$tmp/gen.err" && ! grep -q "^layer" "$tmp/gen.err" &&
		[ ! -e "$tmp/big-$board.tbl" ]; then
		ok "gen --board $board refused up front (exit 3): $(head -n 1 "$tmp/gen.err" | cut -c1-110)"
	else
		ko "gen --board $board: exit $rc: $(head -c 300 "$tmp/gen.err")"
	fi
done

# 4. ulimit -v below what a 3x4 table needs: a clear message and exit 3, no crash, no file.
for kb in 65536 262144 524288; do
	ulimit_case "gen --board 3x4 under ulimit -v $kb" || continue
	(ulimit -v $kb && exec "$GEN" --board 3x4 -o "$tmp/3x4.tbl") > /dev/null 2> "$tmp/ulim.err"
	rc=$?
	if [ $rc -eq 3 ] && grep -q "memory" "$tmp/ulim.err" && grep -q "239500800" "$tmp/ulim.err" && [ ! -e "$tmp/3x4.tbl" ]; then
		ok "gen --board 3x4 under ulimit -v $kb: exit 3, $(head -n 1 "$tmp/ulim.err" | cut -c1-100)"
	else
		ko "gen --board 3x4 under ulimit -v $kb: exit $rc, $(head -c 300 "$tmp/ulim.err")"
	fi
done
# 2x7 --count-only needs ~10 GiB: a 1 GiB limit must refuse it before searching.
if ulimit_case "gen --board 2x7 --count-only under ulimit -v 1 GiB"; then
	(ulimit -v 1048576 && exec "$GEN" --board 2x7 --count-only) > /dev/null 2> "$tmp/ulim.err"
	rc=$?
	if [ $rc -eq 3 ] && grep -q "GiB" "$tmp/ulim.err"; then
		ok "gen --board 2x7 --count-only under ulimit -v 1 GiB: exit 3, names the GiB"
	else
		ko "gen --board 2x7 --count-only under ulimit -v 1 GiB: exit $rc, $(head -c 300 "$tmp/ulim.err")"
	fi
fi
# The compact 2x7 table needs 0.375 bytes a state (15.2 GiB): refused before searching, no file.
if ulimit_case "gen --board 2x7 --compress compact under ulimit -v 1 GiB"; then
	(ulimit -v 1048576 && exec "$GEN" --board 2x7 --compress compact -o "$tmp/2x7.tbl") > /dev/null 2> "$tmp/ulim.err"
	rc=$?
	if [ $rc -eq 3 ] && grep -q "43589145600 states; a table needs 15.2 GiB of memory (0.375 bytes a state)" "$tmp/ulim.err" &&
		[ ! -e "$tmp/2x7.tbl" ]; then
		ok "gen --board 2x7 --compress compact under ulimit -v 1 GiB: exit 3, names 15.2 GiB"
	else
		ko "gen --board 2x7 --compress compact under ulimit -v 1 GiB: exit $rc, $(head -c 300 "$tmp/ulim.err")"
	fi
fi

# 4b. Limits around what a small run needs, so allocations fail part-way (threads, the search,
# deflate): every run either succeeds with a table that verifies or exits 3 with a message.
# Never a crash, a hang, or another status.
badlist=""
kb=6144
ulimit_case "gen --board 2x5 under ulimit -v 6..40 MB" || kb=999999
while [ $kb -le 40960 ]; do
	rm -f "$tmp/sweep.tbl"
	(ulimit -v $kb && exec timeout 60 "$GEN" -q --board 2x5 -o "$tmp/sweep.tbl") > /dev/null 2> "$tmp/sweep.err"
	rc=$?
	case $rc in
	0) v=$("$GEN" --verify "$tmp/sweep.tbl" 2>&1); [ "${v%% *}" = OK ] || badlist="$badlist ${kb}KB:table-fails-verify" ;;
	3) grep -q "memory" "$tmp/sweep.err" || badlist="$badlist ${kb}KB:exit-3-without-a-memory-message" ;;
	*) badlist="$badlist ${kb}KB:exit-$rc($(head -n 1 "$tmp/sweep.err" | cut -c1-60 | tr ' ' '_'))" ;;
	esac
	kb=$((kb + 2048))
done
if [ $kb -eq 999999 ]; then
	:
elif [ -z "$badlist" ]; then
	ok "gen --board 2x5 under ulimit -v 6..40 MB: every run verified or exited 3 with a message"
else
	ko "gen --board 2x5 under tight ulimit -v:$badlist"
fi
badlist=""
ran=0
for kb in 3072 4096 6144 8192 12288 16384 24576; do
	ulimit_case "query --preload under ulimit -v $kb KB" || continue
	# loader check: below the program's own mappings (the library's 5.6 MB move machine among
	# them) the loader exits 127 or the process dies before main
	(ulimit -v $kb && exec timeout 60 "$QUERY" --version) < /dev/null > /dev/null 2>&1
	if [ $? -ne 0 ]; then
		skipped "query --preload under ulimit -v $kb KB: too small to start the program"
		continue
	fi
	ran=$((ran + 1))
	printf '1 2 3 4 5 6 7 8 9 0\n1 2 3 4 5 6 7 8 0 9\n6 2 3 4 5 1 7 8 9 0\n' |
		(ulimit -v $kb && exec timeout 60 "$QUERY" --tables "$tmp/tables" --preload) > "$tmp/q.out" 2> "$tmp/q.err"
	rc=$?
	case $rc in
	0) [ "$(tr '\n' ' ' < "$tmp/q.out")" = "0 1 unsolvable " ] || badlist="$badlist ${kb}KB:wrong-answers" ;;
	2) grep -q "memory" "$tmp/q.err" || badlist="$badlist ${kb}KB:exit-2-without-a-memory-message" ;;
	*) badlist="$badlist ${kb}KB:exit-$rc" ;;
	esac
done
if [ $ran -eq 0 ]; then
	:
elif [ -z "$badlist" ]; then
	ok "query --preload under ulimit -v 3..24 MB: right answers or a refusal with a message ($ran limits)"
else
	ko "query under tight ulimit -v:$badlist"
fi

summary
