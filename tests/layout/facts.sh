#!/bin/sh
# SPDX-License-Identifier: Zlib
# facts.sh: facts said once. The presets of --pdb are listed in libslidetab/pdb/preset.c alone and
# gen --help prints them from there (every one); the 25- and 256-cell limits are numbers in
# include/slidetab.h alone (SLIDETAB_MAX_CELLS, SLIDETAB_BOUNDED_MAX_CELLS), every other
# declaration derives from them. Exit 1 naming what is said twice or missing.
cd "$(dirname "$0")/../.." || exit 2
[ -x bin/gen ] || { echo "facts: bin/gen is not built" >&2; exit 2; }
bad=0 checked=0
help=$(bin/gen --help)
for name in $(sed -n 's/^[[:space:]]*{ "\([^"]*\)",.*/\1/p' libslidetab/pdb/preset.c); do
	checked=$((checked + 1))
	echo "$help" | grep -q "[ :]$name\(,\|\$\)" || { echo "facts: gen --help does not name preset $name" >&2; bad=1; }
done
[ "$checked" -gt 0 ] || { echo "facts: no presets found in libslidetab/pdb/preset.c" >&2; bad=1; }
files=$(git ls-files --cached --others --exclude-standard '*.c' '*.h' | grep -Ev '^(tests|bench|fuzz|include)/')
if grep -nE '^[[:space:]]*#[[:space:]]*define[[:space:]]+[A-Z_]*MAX_CELLS[[:space:]]+\(?(25|256)\b' $files >&2; then
	echo "facts: a cell limit declared again (derive it from include/slidetab.h)" >&2
	bad=1
fi
[ $bad = 0 ] && echo "facts: $checked presets, each in gen --help; the cell limits only in slidetab.h"
exit $bad
