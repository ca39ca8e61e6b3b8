#!/bin/sh
# SPDX-License-Identifier: Zlib
# sources.sh: no product source file over 600 lines (SOURCE_LINES): one concept a file, split along
# its seams when it grows. Product sources are the tracked source files (C, headers, JavaScript,
# Python, shell, CSS, HTML, the linker script) outside tests/, bench/ and fuzz/; the make files have
# their own budget (makefiles.sh). Generated data is exempt, by rule: a file whose head says it is
# "written by `make TARGET`" and whose path that target's recipe (make -n TARGET) names.
. tests/common.sh
max=${SOURCE_LINES:-600}
files=$(git ls-files --cached --others --exclude-standard 2>/dev/null || find . -type f | sed 's#^\./##')
files=$(echo "$files" | grep -Ev '^(tests|bench|fuzz|build)/' | grep -E '\.(c|h|sh|js|mjs|ts|py|pyi|awk|css|ld|html)$')
n=0 big=0
for f in $files; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	lines=$(wc -l <"$f")
	[ "$lines" -le "$max" ] && continue
	big=$((big + 1))
	target=$(head -n 5 "$f" | tr '\n' ' ' | sed -n 's/.*written by `make \([A-Za-z0-9_.-]*\).*/\1/p')
	if [ -n "$target" ] && ${MAKE:-make} -n --no-print-directory "$target" 2>/dev/null | grep -qF "$f"; then
		ok "$f: $lines lines of generated data (make $target writes it)"
	else
		ko "$f: $lines lines, over $max: split it along its seams (one concept a file)"
	fi
done
[ "$n" -gt 100 ] && ok "$n product source files, $big over $max lines" || ko "only $n product source files found"
summary
