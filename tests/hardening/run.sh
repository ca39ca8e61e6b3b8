#!/bin/sh
# run.sh: builds test_hostile and runs every hardening test (hostile tables, exit statuses, concurrency, limits).
# Run from the repo root after the build: sh tests/hardening/run.sh [hostile|exit|concurrent|limits]...
set -u
cd "$(dirname "$0")/../.." || exit 2
CC=${CC:-cc}
B=build/hardening
parts=${*:-"hostile exit concurrent limits"}
failed=""
for p in $parts; do
	echo "== $p"
	case $p in
	hostile)
		if [ -n "${HOSTILE_BIN:-}" ]; then # built by the Makefile with the project's flags
			"$HOSTILE_BIN" || failed="$failed hostile"
			continue
		fi
		mkdir -p "$B"
		# shellcheck disable=SC2046
		if $CC -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -pthread $(pkg-config --cflags check) \
			-o "$B/test_hostile" tests/hardening/test_hostile.c core/*.c \
			$(pkg-config --libs check 2> /dev/null || echo -lcheck) -lz -lm; then
			"$B/test_hostile" || failed="$failed hostile"
		else
			failed="$failed hostile(build)"
		fi
		;;
	exit) sh tests/hardening/exit_status.sh || failed="$failed exit" ;;
	concurrent) sh tests/hardening/concurrent.sh || failed="$failed concurrent" ;;
	limits) sh tests/hardening/limits.sh || failed="$failed limits" ;;
	*) echo "run.sh: unknown part $p (hostile, exit, concurrent, limits)" >&2; exit 2 ;;
	esac
done
if [ -n "$failed" ]; then
	echo "hardening: failed:$failed"
	exit 1
fi
echo "hardening: all passed"
