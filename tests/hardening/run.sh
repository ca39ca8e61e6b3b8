#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: runs the hardening tests (hostile tables, exit statuses, concurrency, atomic writes, limits).
# Run from the repo root after `make` (or via `make check-hardening`): sh tests/hardening/run.sh [PART]...
set -u
cd "$(dirname "$0")/../.." || exit 2
parts=${*:-"hostile exit concurrent atomic limits"}
failed=""
for p in $parts; do
	echo "== $p"
	case $p in
	hostile)
		# built by the Makefile's one rule for test programs, with the project's flags
		if [ -x "${HOSTILE_BIN:-}" ]; then "$HOSTILE_BIN" || failed="$failed hostile"; else failed="$failed hostile(not built: make check-hardening)"; fi
		;;
	exit) sh tests/hardening/exit_status.sh || failed="$failed exit" ;;
	concurrent) sh tests/hardening/concurrent.sh || failed="$failed concurrent" ;;
	atomic) sh tests/hardening/atomic.sh || failed="$failed atomic" ;;
	limits) sh tests/hardening/limits.sh || failed="$failed limits" ;;
	*) echo "run.sh: unknown part $p (hostile, exit, concurrent, atomic, limits)" >&2; exit 2 ;;
	esac
done
if [ -n "$failed" ]; then
	echo "hardening: failed:$failed"
	exit 1
fi
echo "hardening: all passed"
