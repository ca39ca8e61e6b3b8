#!/bin/sh
# SPDX-License-Identifier: Zlib
# record.sh: writes a bench target's output into its own section of docs/BENCHMARKS.md, stamped with machine, date and commit.
# Usage: record.sh SECTION CMD [ARG...]  runs CMD, shows its stdout as it comes, records it only if CMD exits 0;
#        record.sh SECTION < OUTPUT       records OUTPUT.
# The section (between <!-- bench:SECTION begin --> and <!-- bench:SECTION end -->) is replaced, or appended when
# new. BENCH_NOTE, if set, is recorded with the stamp (say there whether the machine was shared). Exit: CMD's status.
set -u
[ $# -ge 1 ] || { echo "usage: record.sh SECTION [CMD [ARG...]] (or OUTPUT on stdin)" >&2; exit 2; }
sec=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
doc="$root/docs/BENCHMARKS.md"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-record.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
start=$(date -u '+%Y-%m-%d %H:%M UTC')
if [ $# -gt 0 ]; then
	line=
	command -v stdbuf >/dev/null 2>&1 && line="stdbuf -oL" # C programs' lines show as they come
	{ $line "$@"; echo $? >"$tmp/rc"; } | tee "$tmp/out"
	rc=$(cat "$tmp/rc")
	if [ "$rc" != 0 ]; then
		echo "record: $* exited with status $rc: docs/BENCHMARKS.md left as it was" >&2
		exit "$rc"
	fi
else
	cat >"$tmp/out"
fi
load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
# uncommitted changes to the code (not to docs/ or the README) are said with the commit
[ -z "$(git -C "$root" status --porcelain --untracked-files=no -- . ':!docs' ':!README.md' 2>/dev/null)" ] ||
	commit="$commit with uncommitted changes"
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')
mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo 2>/dev/null)
envs=$(env | grep '^BENCH_[A-Z0-9_]*=' | grep -v '^BENCH_NOTE=' | sort | tr '\n' ' ')
{
	echo "<!-- bench:$sec begin: written by bench/record.sh; rerun \`make $sec\` instead of editing -->"
	echo "## make $sec"
	echo
	echo "Recorded by \`make $sec\`: started $start, commit $commit; $(uname -m), ${cpu:-unknown CPU}," \
		"$(nproc) CPUs, ${mem:-unknown memory}; load average ${load0:-?} at the start, ${load1:-?} at the end${envs:+; ${envs% }}."
	[ -n "${BENCH_NOTE:-}" ] && echo "Note: $BENCH_NOTE"
	echo
	echo '```text'
	cat "$tmp/out"
	echo '```'
	echo "<!-- bench:$sec end -->"
} >"$tmp/section"
[ -f "$doc" ] || printf '# Benchmarks\n\nWritten by the bench targets (bench/record.sh); never edited by hand.\n' >"$doc"
awk -v sec="$sec" -v file="$tmp/section" '
	function put() { while ((getline l < file) > 0) print l; done = 1 }
	index($0, "<!-- bench:" sec " begin") == 1 { skip = 1; put(); next }
	skip && index($0, "<!-- bench:" sec " end") == 1 { skip = 0; next }
	!skip { print }
	END { if (!done) { print ""; put() } }' "$doc" >"$tmp/doc" && cat "$tmp/doc" >"$doc" || exit 1
echo "record: docs/BENCHMARKS.md, section make $sec, at $commit" >&2
