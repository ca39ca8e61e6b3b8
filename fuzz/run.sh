#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: builds the libFuzzer targets with clang into build/fuzz/ and runs each for SECONDS (default 60).
# Usage: fuzz/run.sh [SECONDS]   (from the repo root). Exit 0: no target crashed; 1: a crash (see
# build/fuzz/artifacts/); 2: the build failed. Env: CLANG (default clang, else clang-14), TARGETS
# (default: every fuzz/fuzz_*.c), FUZZ_JOBS (targets at a time, default one a core), FUZZ_FLAGS (more
# libFuzzer options).
set -u
SECS=${1:-60}
case $SECS in ''|*[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.." || exit 2
CLANG=${CLANG:-}
if [ -z "$CLANG" ]; then
	for c in clang clang-14; do command -v $c >/dev/null 2>&1 && { CLANG=$c; break; }; done
fi
[ -n "$CLANG" ] || { echo "fuzz: clang not found" >&2; exit 2; }
B=build/fuzz
mkdir -p "$B/obj" "$B/artifacts"
SAN="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
BASE="-std=c11 -D_GNU_SOURCE -g -O1 -pthread -fno-omit-frame-pointer -I. -Iinclude"
OWN="-Wall -Wextra -Werror"   # our targets are held to the project's warning rules
THEIRS="-Wall -Wextra"        # other people's files: warnings reported, not fatal here

# compile SRC FLAGS...: one object per source under $B/obj; prints its path.
compile() {
	src=$1; shift
	obj=$B/obj/$(echo "$src" | tr '/' '_' | sed 's/\.c$/.o/')
	"$CLANG" $BASE $SAN "$@" -fsanitize=fuzzer-no-link -c "$src" -o "$obj" 2>"$obj.log" || {
		cat "$obj.log" >&2; return 1; }
	echo "$obj"
}

# The code under test, compiled once: the library, the common archive, the Gap solver and lite/.
lib_objs=""
for s in libslidetab/*.c libslidetab/*/*.c common/*.c gap/*.c lite/*.c; do
	o=$(compile "$s" $THEIRS) || { echo "fuzz: building $s failed" >&2; exit 2; }
	lib_objs="$lib_objs $o"
done

# build NAME: the target fuzz/NAME.c (ours, held to -Werror) linked with the code under test.
build() {
	objs=$(compile "fuzz/$1.c" $OWN) || return 1
	"$CLANG" $BASE $SAN -o "$B/$1" $objs $lib_objs -lz -lm
}

# Every fuzz/fuzz_*.c is a target; a target that does not build fails the run (exit 2).
TARGETS=${TARGETS:-$(for f in fuzz/fuzz_*.c; do basename "$f" .c; done)}
built=""
status=0
for t in $TARGETS; do
	[ -f "fuzz/$t.c" ] || { echo "fuzz: unknown target $t" >&2; exit 2; }
	if build "$t"; then
		built="$built $t"
	else
		echo "fuzz: building $t failed" >&2; exit 2
	fi
done

# Known crashing inputs (tests/hardening/regress/<target>-*) are replayed first: each one that
# still crashes is a bug not yet fixed, and fails the run.
for t in $built; do
	for f in tests/hardening/regress/$t-*; do
		[ -f "$f" ] || continue
		if "./$B/$t" -rss_limit_mb=2048 "$f" > "$B/replay.log" 2>&1; then
			echo "$t: regression $f: fixed (no crash)"
		else
			status=1
			echo "$t: regression $f: STILL CRASHES: $(grep -m 1 -E 'SUMMARY|runtime error' "$B/replay.log" | cut -c1-150)"
		fi
	done
done

# fuzz_one T: fuzzes T for SECS from a fresh copy of its seed corpus; one summary line (and a
# crash's first errors) on stdout; exit 1 on a crash.
fuzz_one() {
	t=$1 corpus=$B/corpus-$1 log=$B/$1.log
	rm -rf "$corpus"; mkdir -p "$corpus" "$B/artifacts/$t"
	seed=fuzz/corpus/${t#fuzz_}
	[ -d "$seed" ] && cp "$seed"/* "$corpus"/ 2>/dev/null
	case $t in
	fuzz_table | fuzz_buffer) extra="-max_len=32768" ;;
	*) extra="-max_len=4096" ;;
	esac
	"./$B/$t" -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$B/artifacts/$t/" $extra ${FUZZ_FLAGS:-} "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ $rc -ne 0 ]; then
		echo "$t: CRASH (exit $rc) after ${execs:-?} runs; artifacts in $B/artifacts/$t/"
		grep -m 3 -E 'ERROR: |runtime error|SUMMARY' "$log" | sed 's/^/    /'
		return 1
	fi
	echo "$t: ok, ${execs:-?} runs, ${cov:-cov: ?}, corpus $(ls "$corpus" | wc -l) files"
}

# FUZZ_JOBS targets at a time (default: one a core), each for its full SECS.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
set -- $built
while [ $# -gt 0 ]; do
	batch="" n=0
	while [ $# -gt 0 ] && [ $n -lt "$jobs" ]; do
		echo "== $1: ${SECS}s (log $B/$1.log)"
		fuzz_one "$1" >"$B/$1.summary" &
		batch="$batch $1:$!" n=$((n + 1))
		shift
	done
	for tp in $batch; do
		wait "${tp#*:}" || status=1
		cat "$B/${tp%%:*}.summary"
	done
done
exit $status
