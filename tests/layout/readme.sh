#!/bin/sh
# SPDX-License-Identifier: Zlib
# readme.sh: the README stays within its budget of 300 lines (the rest goes to docs/, figures to
# docs/BENCHMARKS.md, release notes to NEWS), and every figure of its "Measured figures" summary
# (a number with a unit: ms, s, M/s) and of its gen section (times and sizes: ms, s, min, KB, MB,
# GB, GiB; KiB and MiB there are the format's blocks and the defaults) is one docs/BENCHMARKS.md
# states too. Exit 1 otherwise.
cd "$(dirname "$0")/../.." || exit 2
budget=300 bad=0
lines=$(wc -l < README.md)
if [ "$lines" -gt $budget ]; then
	echo "readme: README.md has $lines lines, over its budget of $budget (move detail to docs/)" >&2
	bad=1
fi
figs=$({
	sed -n '/^## Measured figures/,/^## /p' README.md | tr '\n' ' ' |
		grep -oE '[0-9][0-9.,]*(–[0-9][0-9.,]*)? (ms|s|M/s)\b'
	sed -n '/^## gen$/,/^## /p' README.md | tr '\n' ' ' |
		grep -oE '[0-9][0-9.,]*(–[0-9][0-9.,]*)? (ms|s|min|KB|MB|GB|GiB)\b'
} | sort -u)
echo "$figs" | while IFS= read -r f; do
	[ -n "$f" ] || continue
	grep -qF -- "$f" docs/BENCHMARKS.md || echo "readme: the README's figure \"$f\" is not in docs/BENCHMARKS.md"
done > "${TMPDIR:-/tmp}/readme.$$"
if [ -s "${TMPDIR:-/tmp}/readme.$$" ]; then
	cat "${TMPDIR:-/tmp}/readme.$$" >&2
	bad=1
fi
rm -f "${TMPDIR:-/tmp}/readme.$$"
n=$(echo "$figs" | grep -c .)
[ $bad = 0 ] && echo "readme: $lines of $budget lines; $n figures of the summary and the gen section, each in docs/BENCHMARKS.md"
exit $bad
