#!/bin/sh
# SPDX-License-Identifier: Zlib
# encoder.sh: the deflate encoder of 0.5.0 (libdeflate, where the build has it) against the writer
# of 0.4.0 (zlib's encoder at level 9, taken with the test hook $SLIDETAB_TEST_ZLIB_DEFLATE): every
# default exact table at -j 1 and -j 3, with and without --checkpoint,
# holds the same header and the same entries, read back by build/tests/tblcmp, which inflates every
# block with plain zlib and no slidetab code; the new tables pass gen --verify and answer queries
# as the old ones. SLIDETAB_TEST_LARGE=1 adds 3x4 (about a minute on two cores). Run from the
# repository root after `make` and `make build/tests/tblcmp`.
set -u
. tests/common.sh
# Every table here gets the full header (version 1), the one tblcmp reads: this compares encoders;
# tests/e2e/run.sh shows the small header holds the full one's payload, byte for byte.
SLIDETAB_TEST_FULL_HEADER=1
export SLIDETAB_TEST_FULL_HEADER
CMP=build/tests/tblcmp
[ -x "$CMP" ] || { echo "$0: $CMP is missing; build first" >&2; exit 2; }
boards="2x2:0 2x3:0 2x3:1 2x4:0 2x4:1 3x3:0 3x3:1 3x3:4 2x5:0 2x5:1 2x5:2"
[ "${SLIDETAB_TEST_LARGE:-0}" = 1 ] && boards="$boards 3x4:0"
for bb in $boards; do
	b=${bb%:*} k=${bb#*:}
	SLIDETAB_TEST_ZLIB_DEFLATE=1 "$GEN" -q -j1 --board "$b" --blank "$k" -o "$tmp/old.tbl" >"$tmp/old.hist" ||
		{ ko "$b-b$k: the 0.4.0 writer failed"; continue; }
	for run in "-j1" "-j3" "-j1 --checkpoint $tmp/ck" "-j3 --checkpoint $tmp/ck"; do
		# shellcheck disable=SC2086
		"$GEN" -q $run --board "$b" --blank "$k" -o "$tmp/new.tbl" >"$tmp/new.hist" ||
			{ ko "$b-b$k $run: gen failed"; continue; }
		what="$b-b$k ${run%% --*}$(case $run in *checkpoint*) echo " --checkpoint" ;; esac)"
		check "$what: the entries and header of the 0.4.0 writer's table" "$CMP" "$tmp/old.tbl" "$tmp/new.tbl"
		# the histogram and its summary lines, but the timings and the byte count
		grep -v '^# \(search\|wrote\)' "$tmp/old.hist" >"$tmp/oh"
		grep -v '^# \(search\|wrote\)' "$tmp/new.hist" >"$tmp/nh"
		check "$what: the same histogram printed" cmp "$tmp/oh" "$tmp/nh"
	done
	if cmp -s "$tmp/old.tbl" "$tmp/new.tbl"; then
		skipped "$b-b$k: the same bytes (a build without libdeflate: one encoder)"
	else
		ok "$b-b$k: the compressed bytes differ (two encoders compared)"
	fi
	check "$b-b$k: gen --verify passes on the new table" "$GEN" --verify "$tmp/new.tbl"
	mkdir -p "$tmp/o" "$tmp/n"
	cp "$tmp/old.tbl" "$tmp/o/$b-b$k.tbl" && cp "$tmp/new.tbl" "$tmp/n/$b-b$k.tbl"
done
# other block sizes (a short last block: 2x5 has 1,814,400 states) and a raw payload
for opt in "--block-entries 192" "--block-entries 1048576" "-c none"; do
	# shellcheck disable=SC2086
	SLIDETAB_TEST_ZLIB_DEFLATE=1 "$GEN" -q -j1 --board 2x5 --blank 1 $opt -o "$tmp/old.tbl" >/dev/null &&
		"$GEN" -q -j3 --board 2x5 --blank 1 $opt -o "$tmp/new.tbl" >/dev/null
	check "2x5-b1 $opt: the 0.4.0 writer's entries" "$CMP" "$tmp/old.tbl" "$tmp/new.tbl"
done
# queries on 2x5 and 3x3 from both sets of tables: the same answers (the reader reads the new blocks)
for b in 2x5 3x3; do
	build/bench/randpuz $b 2000 7 >"$tmp/in" || { ko "randpuz $b"; continue; }
	"$QUERY" --board $b --tables "$tmp/o" --path "$tmp/in" >"$tmp/qo" 2>&1
	"$QUERY" --board $b --tables "$tmp/n" --path "$tmp/in" >"$tmp/qn" 2>&1
	if [ "$(wc -l <"$tmp/qn")" = 2000 ] && cmp -s "$tmp/qo" "$tmp/qn"; then ok "$b: 2,000 paths from the new tables, as from the old"
	else ko "$b: the new tables answer otherwise"; diff "$tmp/qo" "$tmp/qn" | head -3; fi
done
summary
