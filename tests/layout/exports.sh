#!/bin/sh
# SPDX-License-Identifier: Zlib
# exports.sh: the shared library exports exactly the slidetab_ API of include/slidetab.h, none of
# the programs' code (the table writer, the text formats) is inside it, and every function of
# libslidetab/ is reachable from those exports (--gc-sections). Exit 1 otherwise.
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
if nm "$so" | grep -E ' [TtDdBb] (tblw_write|tblw_write_mt|tblw_write_stored|tblw_blocks_make|input_init|input_next|tok_split|tblstream_read_block|cli_int|cli_bytes|batch_run)$' >&2; then
	echo "exports: $so carries code of common/" >&2
	bad=1
fi
# Every library function reachable from the exports: the library's sources compiled without
# inlining, a function a section, and linked with --gc-sections; a function the linker removes is
# code no caller of the .so can reach (test, bench or program code: it belongs in tests/, bench/,
# gen/ or common/).
cc=${CC:-cc}
if command -v "$cc" >/dev/null 2>&1; then
	mkdir -p "$tmp.d"
	for f in $(git ls-files --cached --others --exclude-standard 'libslidetab/*.c' 2>/dev/null); do
		"$cc" -std=c11 -D_GNU_SOURCE -O0 -fno-inline -pthread -I. -Iinclude -fPIC -fvisibility=hidden \
			-ffunction-sections -DSLIDETAB_BUILDING_LIBRARY -c "$f" -o "$tmp.d/$(echo "$f" | tr / @).o" ||
			echo "exports: $f does not compile for the reachability check" >&2 &
	done
	wait
	"$cc" -shared -o "$tmp.d/gc.so" "$tmp.d"/*.o -Wl,--gc-sections -Wl,--print-gc-sections -lz -lm -pthread \
		2>&1 | sed -n "s/.*section '\.text\.\([^']*\)' in file '.*\/\([^']*\)\.o'.*/\2 \1/p" | tr @ / |
		sort > "$tmp.gc"
	[ -f "$tmp.d/gc.so" ] || { echo "exports: the reachability link failed" >&2; bad=1; }
	if grep . "$tmp.gc" >&2; then
		echo "exports: the library functions above (FILE FUNCTION) are unreachable from the exports" \
			"(move them to tests/, bench/, gen/ or common/)" >&2
		bad=1
	fi
	rm -rf "$tmp.d" "$tmp.gc"
else
	echo "exports: reachability: 0 passed, 0 failed, 1 skipped (no $cc)"
fi
[ $bad = 0 ] && echo "exports: $(wc -l < "$tmp.h") functions, exactly the header's; no code of common/;" \
	"every library function reachable"
rm -f "$tmp.so" "$tmp.h"
exit $bad
