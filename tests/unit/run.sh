#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: runs unit suites JOBS at a time, each through $EMU when set (make check-unit, check-cross).
# Usage: run.sh JOBS SUITE...
# Each suite writes SUITE.log (its temporary files are its own: mkstemp, mkdtemp); its output is
# shown whole when it ends, with its time and exit status. Every suite runs; any failing one fails the run.
# Give the longest suites first: the two jobs then end close together.
set -u
jobs=$1
shift
printf '%s\n' "$@" | xargs -P "$jobs" -n 1 sh -c '
	s=$(date +%s)
	$EMU "$1" >"$1.log" 2>&1
	rc=$?
	echo "== ${EMU:+$EMU }$1"
	cat "$1.log"
	echo "== $1: $(($(date +%s) - s)) s, exit $rc"
	[ $rc -eq 0 ]' sh
