#!/bin/sh
# SPDX-License-Identifier: Zlib
# search.sh: end-to-end tests of query's options for long searches: --memory (A*+IDA*) gives the
# same answers at every budget and refuses budgets it cannot have, --timeout gives the puzzle that
# runs out an `error` line (exit 4) and still answers the next, and is refused where it would not
# be kept; -q is accepted. Run from the
# repository root after `make`.
set -u
. tests/common.sh

# 4x4's automatic 4-tile zero-aware set, built here: a consistent heuristic, weak enough that
# Korf's 100 lines 10, 37 and 53 (about a second each) reach an iteration that starts A*+IDA* on
# its own (test_astar checks that it does). Every budget prints the published distances: 0 (plain
# IDA*), 4K (too little to start A*), 1M (a store cut short) and 64M.
mkdir "$tmp/z"
"$GEN" -q --board 4x4 --blank 0 --pdb auto4 --entry zbit --dir "$tmp/z" >/dev/null
sed -n '10p;37p;53p' tests/data/korf100.txt >"$tmp/korf"
awk '{ NF = 16; print }' "$tmp/korf" >"$tmp/p44"
awk '{ print $17 }' "$tmp/korf" >"$tmp/lens"
for m in 0 4K 1M 64M; do
	status_is 0 "4x4 --memory $m" bin/query --tables "$tmp/z" --board 4x4 --goal first --memory $m -j 2 "$tmp/p44"
	if cmp -s "$tmp/out" "$tmp/lens"; then ok "4x4 --memory $m: Korf's distances"; else ko "4x4 --memory $m distances"; fi
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
	err_has "--timeout $t: query's parser says it" "query: --timeout $t: expected seconds"
done
# The bounded solver keeps no time limit: --timeout with it is refused, not ignored.
for o in "--within 1.5" --fast; do
	status_is 2 "--timeout with $o is refused" sh -c "echo 1 2 3 4 5 6 7 8 0 | bin/query --tables tables $o --timeout 1"
	err_has "--timeout with $o: said" "query: --timeout applies to optimal searches, not to --fast or --within"
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
