#!/bin/sh
# SPDX-License-Identifier: Zlib
# search.sh: end-to-end tests of query's options for long searches: --memory (A*+IDA*) gives the
# same answers at every budget and refuses budgets it cannot have, --timeout gives the puzzle that
# runs out an `error` line (exit 4) and still answers the next, -q is accepted. Run from the
# repository root after `make`.
set -u
. tests/common.sh

# 3x5 (a zero-aware set: A*+IDA* runs) and 4x4 random positions: every budget prints plain IDA*'s
# distances and paths.
build/bench/randpuz 3x5 6 7 >"$tmp/p35"
build/bench/randpuz 4x4 3 9 >"$tmp/p44"
for b in 3x5 4x4; do
	f="$tmp/p$(echo $b | tr -d x)"
	status_is 0 "$b --memory 0 --path" bin/query --tables tables --board $b --memory 0 --path "$f"
	cp "$tmp/out" "$tmp/plain"
	for m in 4K 1G; do
		status_is 0 "$b --memory $m --path" bin/query --tables tables --board $b --memory $m --path "$f"
		if cmp -s "$tmp/out" "$tmp/plain"; then ok "$b --memory $m: plain IDA*'s paths"; else ko "$b --memory $m paths differ"; fi
	done
	awk '{ print length($0) }' "$tmp/plain" >"$tmp/lens"
	status_is 0 "$b --memory 64M, distances" bin/query --tables tables --board $b --memory 64M "$f"
	if cmp -s "$tmp/out" "$tmp/lens"; then ok "$b: distances are the paths' lengths"; else ko "$b distances"; fi
done

# Budgets that are not budgets, refused by query's parser (common/cli.c's one message for byte sizes),
# and one over the machine, refused by the library (slidetab_set_memory).
for m in abc -1 1T 12Q 16E; do
	status_is 2 "--memory $m is refused" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables tables --memory $m"
	err_has "--memory $m: query's parser says so" "^query: --memory $m: expected a number of bytes from 0 (e.g. 512M"
done
status_is 2 "--memory 99999999G is refused" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables tables --memory 99999999G"
if [ "$(getconf LONG_BIT 2>/dev/null)" = 64 ]; then # a 32-bit size_t: over its range, the parser's
	err_has "--memory 99999999G: the library says so" "^query: 107374181326258176 bytes of memory: this machine allows"
fi
for t in abc -1 1e12 nan; do
	status_is 2 "--timeout $t is refused" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables tables --timeout $t"
	err_has "--timeout $t: the message names it" "timeout"
done

# A 5x5 puzzle that takes minutes with the small set, a deadline of 0.2 s, then an easy one.
hard=$(grep -v '^#' tests/data/korf50-24.txt | sed -n 1p | awk '{ NF = 25; print }')
easy='1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24'
status_is 4 "--timeout 0.2: exit 4" sh -c "printf '%s\n%s\n' '$hard' '$easy' | bin/query --tables tables --board 5x5 --goal first --timeout 0.2 -q -j 2"
out_is "the hard puzzle's line says error, the next is answered" 'error\n1\n'
err_has "the message says what ran out" "no answer within 0.2 s"
status_is 0 "--timeout 60 on the easy one" sh -c "echo '$easy' | bin/query --tables tables --board 5x5 --goal first --timeout 60 --quiet"
out_is "its distance" '1\n'

summary
