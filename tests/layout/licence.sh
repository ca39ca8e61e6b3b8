#!/bin/sh
# licence.sh: the project is under the zlib licence (LICENSE), and every source file says so on one
# of its first three lines (SPDX-License-Identifier: Zlib), generated sources included.
cd "$(dirname "$0")/../.." || exit 2
fail=0
grep -q "^This software is provided 'as-is', without any express or implied" LICENSE 2>/dev/null &&
	grep -q 'the slidetab authors' LICENSE || { echo "licence: LICENSE is not the zlib licence of the slidetab authors" >&2; fail=1; }
files=$(git ls-files --cached --others --exclude-standard 2>/dev/null |
	grep -Ev '^(tests/(formats|hardening/regress|data)|fuzz/corpus)/' |
	grep -E '\.(c|h|sh|js|ts|py|pyi|awk|mk|css|ld|html|toml)$|(^|/)(Makefile|rules|run)$|^docs/man/.*\.[1-9]$')
n=0
for f in $files; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	head -3 "$f" | grep -q 'SPDX-License-Identifier: Zlib' || { echo "licence: $f: no SPDX-License-Identifier: Zlib in its first three lines" >&2; fail=1; }
done
if [ $fail -ne 0 ]; then
	echo "licence: 0 passed, 1 failed, 0 skipped"
	exit 1
fi
echo "licence: 1 passed, 0 failed, 0 skipped ($n source files)"
