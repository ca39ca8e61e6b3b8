#!/bin/sh
# SPDX-License-Identifier: Zlib
# names.sh: one meaning per name: no struct, union or enum tag is defined twice in the tree's C
# (tests, benchmarks and tools too; a name that means two things says its side with a prefix:
# lite_, pbitgen_, test_api_, ...). Exit 1 naming each tag defined twice and its files.
cd "$(dirname "$0")/../.." || exit 2
files=$(git ls-files --cached --others --exclude-standard '*.c' '*.h' 2>/dev/null | grep -v '^fuzz/corpus')
# A definition: the tag at the start of a line (after typedef, static or const), then { here or
# alone on its line (the brace on the next).
twice=$(for f in $files; do
	sed -n 's/^[[:space:]]*\(typedef[[:space:]]\{1,\}\)\{0,1\}\(static[[:space:]]\{1,\}\)\{0,1\}\(const[[:space:]]\{1,\}\)\{0,1\}\(struct\|union\|enum\)[[:space:]]\{1,\}\([A-Za-z_][A-Za-z_0-9]*\)[[:space:]]*\({.*\)\{0,1\}$/\4 \5/p' "$f" |
		sort -u | sed "s|\$| $f|"
done | awk '{ k = $1 " " $2; n[k]++; f[k] = f[k] " " $3 } END { for (k in n) if (n[k] > 1) print k ":" f[k] }' | sort)
if [ -n "$twice" ]; then
	echo "$twice" >&2
	echo "names: the tags above are defined in more than one file: give each its side's prefix" >&2
	echo "names: 0 passed, 1 failed, 0 skipped"
	exit 1
fi
echo "names: 1 passed, 0 failed, 0 skipped ($(echo "$files" | wc -l) files, every struct, union and enum tag defined once)"
