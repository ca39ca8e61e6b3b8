#!/bin/sh
# exports.sh: the shared library exports exactly the slidetab_ API of include/slidetab.h, and none
# of the programs' code (the table writer, the text formats) is inside it. Exit 1 otherwise.
cd "$(dirname "$0")/../.." || exit 2
so=lib/libslidetab.so
[ -f "$so" ] || { echo "exports: $so is not built" >&2; exit 2; }
command -v nm >/dev/null 2>&1 || { echo "exports: 0 passed, 0 failed, 1 skipped (no nm)"; exit 0; }
tmp=${TMPDIR:-/tmp}/exports.$$
nm -D --defined-only "$so" | awk '$2 ~ /^[TDBR]$/ { print $3 }' | sort > "$tmp.so"
sed -n 's/^SLIDETAB_API [^(]*[ *]\(slidetab_[a-z_]*\)(.*/\1/p' include/slidetab.h | sort > "$tmp.h"
bad=0
if ! cmp -s "$tmp.so" "$tmp.h"; then
	echo "exports: $so and include/slidetab.h differ (< only in the .so, > only in the header):" >&2
	diff "$tmp.so" "$tmp.h" | grep '^[<>]' >&2
	bad=1
fi
# Nothing of the programs' archive: no writer, no text formats, no option parsing.
if nm "$so" | grep -E ' [TtDdBb] (table_write|table_write_mt|table_write_stored|table_blocks_make|input_init|input_next|cli_int|batch_run)$' >&2; then
	echo "exports: $so carries code of common/" >&2
	bad=1
fi
[ $bad = 0 ] && echo "exports: $(wc -l < "$tmp.h") functions, exactly the header's; no code of common/"
rm -f "$tmp.so" "$tmp.h"
exit $bad
