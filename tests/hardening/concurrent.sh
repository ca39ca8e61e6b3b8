#!/bin/sh
# SPDX-License-Identifier: Zlib
# concurrent.sh: racing gens on one path, query answering while gen replaces its table, and many queries on one mapped table.
# Run from the repo root after the build: sh tests/hardening/concurrent.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/common.sh

# puzzles COUNT CELLS SEED: random arrangements (about half of them unsolvable), one per line.
puzzles() {
	awk -v n="$1" -v cells="$2" -v seed="$3" 'BEGIN { srand(seed)
		for (i = 0; i < n; i++) {
			for (c = 0; c < cells; c++) a[c] = c
			for (c = cells - 1; c > 0; c--) { j = int(rand() * (c + 1)); t = a[c]; a[c] = a[j]; a[j] = t }
			line = a[0]; for (c = 1; c < cells; c++) line = line " " a[c]
			print line
		} }'
}

# only_file DIR NAME: the folder holds exactly NAME (no temporary leftovers).
only_file() {
	[ "$(ls -A "$1")" = "$2" ]
}

# A reference table built on its own, in another encoding (plain entries), for the answers.
mkdir -p "$tmp/ref"
"$GEN" -q --board 3x3 --blank 0 --entry plain -o "$tmp/ref/3x3-b0.tbl" > /dev/null 2>&1 ||
	{ echo "concurrent.sh: cannot build the reference table" >&2; exit 2; }
{ echo "1 3 0 4 2 5 7 8 6"; echo "8 6 7 2 5 4 3 0 1"; puzzles 20000 9 7; } > "$tmp/p.txt"
"$QUERY" --tables "$tmp/ref" "$tmp/p.txt" > "$tmp/ref.txt" 2> "$tmp/ref.err"
if [ "$(head -n 2 "$tmp/ref.txt" | tr '\n' ' ')" = "4 31 " ] && [ "$(wc -l < "$tmp/ref.txt")" -eq 20002 ]; then
	ok "reference answers (published: 1 3 0 4 2 5 7 8 6 -> 4, 8 6 7 2 5 4 3 0 1 -> 31)"
else
	ko "reference answers: $(head -n 2 "$tmp/ref.txt" | tr '\n' ' ') $(head -c 200 "$tmp/ref.err")"
fi

# 1. Two gens writing the same path at once (different encodings, so a mix would show).
mkdir -p "$tmp/race"
for round in 1 2 3; do
	"$GEN" -q --board 2x5 --blank 0 -o "$tmp/race/2x5-b0.tbl" > "$tmp/race1.out" 2>&1 &
	p1=$!
	"$GEN" -q --board 2x5 --blank 0 --compress none -o "$tmp/race/2x5-b0.tbl" > "$tmp/race2.out" 2>&1 &
	p2=$!
	wait $p1; r1=$?
	wait $p2; r2=$?
	v=$("$GEN" --verify "$tmp/race/2x5-b0.tbl" 2>&1)
	if [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && [ "${v%% *}" = OK ] && only_file "$tmp/race" 2x5-b0.tbl; then
		ok "two gens on one path at once (round $round): both exit 0, table verifies, no leftovers"
	else
		ko "two gens on one path (round $round): exits $r1/$r2, verify: $v, folder: $(ls -A "$tmp/race" | tr '\n' ' ')"
	fi
done

# 1b. A gen killed while it works leaves the old table whole and nothing else, at moments told by
# events, not delays: early in the search (its layer 1 line), late in it (layer 40), and while
# writing (its output open). The hook $SLIDETAB_TEST_WRITE_DELAY_MS makes the write last long
# enough that no run can end before its signal.
# layer_seen PID FILE N: waits (at most 20 s) until FILE, gen's stderr, has its line for layer N.
layer_seen() {
	i=0
	while [ $i -lt 400 ]; do
		grep -q "^layer *$3:" "$2" && return 0
		kill -0 "$1" 2> /dev/null || return 1
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
for at in "KILL 1" "KILL 40" "KILL write" "TERM write"; do
	sig=${at% *} when=${at#* }
	SLIDETAB_TEST_WRITE_DELAY_MS=100 "$GEN" --board 2x5 --blank 0 --level 9 -o "$tmp/race/2x5-b0.tbl" > /dev/null \
		2> "$tmp/kill.err" &
	p=$!
	if [ "$when" = write ]; then writing_started $p "$tmp/race"; else layer_seen $p "$tmp/kill.err" "$when"; fi
	seen=$?
	kill -s "$sig" $p 2> /dev/null
	wait $p 2> /dev/null
	r=$?
	v=$("$GEN" --verify "$tmp/race/2x5-b0.tbl" 2>&1)
	moment=$([ "$when" = write ] && echo "while writing" || echo "at layer $when")
	if [ $seen -ne 0 ]; then
		ko "gen never got to $moment (exit $r): $(head -c 200 "$tmp/kill.err")"
	elif [ $r -le 128 ]; then
		ko "gen ended (exit $r) before SIG$sig $moment"
	elif [ "${v%% *}" = OK ] && only_file "$tmp/race" 2x5-b0.tbl; then
		ok "gen killed by SIG$sig $moment: the old table verifies, no leftovers"
	else
		ko "gen killed by SIG$sig $moment: verify: $v, folder: $(ls -A "$tmp/race" | tr '\n' ' ')"
	fi
done

# 2. A query with the table open keeps answering while gen replaces the file under it.
for kind in zlib none compact; do
	rm -rf "$tmp/live"
	mkdir -p "$tmp/live"
	"$GEN" -q --board 3x3 --blank 0 --compress $kind -o "$tmp/live/3x3-b0.tbl" > /dev/null 2>&1
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo" || { ko "mkfifo"; continue; }
	"$QUERY" --tables "$tmp/live" < "$tmp/fifo" > "$tmp/live.out" 2> "$tmp/live.err" &
	qp=$!
	(
		# 10 slices of 2002 lines, 0.25 s apart: the stream lasts about 2.5 s
		for i in 0 1 2 3 4 5 6 7 8 9; do
			sed -n "$((i * 2002 + 1)),$((i * 2002 + 2002))p" "$tmp/p.txt"
			sleep 0.25
		done
	) > "$tmp/fifo" &
	wp=$!
	sleep 0.4 # the first slice is answered: the table is open
	gens=0
	gfail=0
	for k in 1 2 3 4 5 6; do
		case $k in 1 | 4) c=none ;; 2 | 5) c=zlib ;; *) c=compact ;; esac
		"$GEN" -q --board 3x3 --blank 0 --compress $c -o "$tmp/live/3x3-b0.tbl" > /dev/null 2>&1 || gfail=$((gfail + 1))
		gens=$((gens + 1))
		sleep 0.2
	done
	wait $wp
	wait $qp
	qr=$?
	if [ $qr -eq 0 ] && [ $gfail -eq 0 ] && cmp -s "$tmp/live.out" "$tmp/ref.txt" && only_file "$tmp/live" 3x3-b0.tbl; then
		ok "query on a $kind table answers 20002 puzzles correctly while gen replaced it $gens times"
	else
		ko "query while gen replaces a $kind table: query exit $qr, gen failures $gfail, $(wc -l < "$tmp/live.out") lines," \
			"$(cmp "$tmp/live.out" "$tmp/ref.txt" 2>&1 | head -n 1) $(head -c 200 "$tmp/live.err")"
	fi
done

# 3. Several queries answer from one memory-mapped raw table at once.
mkdir -p "$tmp/shared"
"$GEN" -q --board 3x3 --blank 0 --compress none -o "$tmp/shared/3x3-b0.tbl" > /dev/null 2>&1
"$QUERY" --tables "$tmp/ref" --path "$tmp/p.txt" > "$tmp/ref-path.txt" 2> /dev/null
for mode in distance path preload; do
	case $mode in
	distance) opts="" want="$tmp/ref.txt" ;;
	path) opts="--path" want="$tmp/ref-path.txt" ;;
	preload) opts="--preload" want="$tmp/ref.txt" ;;
	esac
	pids=""
	for i in 1 2 3 4; do
		"$QUERY" --tables "$tmp/shared" $opts "$tmp/p.txt" > "$tmp/multi.$i" 2> "$tmp/multi.$i.err" &
		pids="$pids $!"
	done
	rcs=""
	for p in $pids; do
		wait $p
		rcs="$rcs $?"
	done
	same=1
	for i in 1 2 3 4; do
		cmp -s "$tmp/multi.$i" "$want" || same=0
	done
	if [ "$rcs" = " 0 0 0 0" ] && [ $same -eq 1 ]; then
		ok "4 queries at once on one raw mapped table ($mode): identical, correct answers"
	else
		ko "4 queries on one raw table ($mode): exits$rcs, identical to the reference: $same"
	fi
done

summary
