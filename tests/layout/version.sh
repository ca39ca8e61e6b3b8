#!/bin/sh
# SPDX-License-Identifier: Zlib
# version.sh: the release is said once, in include/slidetab.h (SLIDETAB_VERSION_MAJOR/MINOR/PATCH),
# and everything else that names it agrees: the header's own string, the Makefile, the .so's file
# name and soname, the .pc file, the built man pages, gen --version, query --version, the library's
# slidetab_version(), the Python package, NEWS (its newest release, and the next one's section above
# it), debian/changelog and js/package.json (when there).
# Run from make check-layout (after make); exit 1 on the first disagreement counted.
cd "$(dirname "$0")/../.." || exit 2
. tests/common.sh
num() { sed -n "s/^#define SLIDETAB_VERSION_$1[[:space:]]*\\([0-9][0-9]*\\)\$/\\1/p" include/slidetab.h; }
want="$(num MAJOR).$(num MINOR).$(num PATCH)"
major=$(num MAJOR)
case $want in
[0-9]*.[0-9]*.[0-9]*) ok "header: $want" ;;
*) ko "header: SLIDETAB_VERSION_MAJOR/MINOR/PATCH not found in include/slidetab.h"; summary; exit 1 ;;
esac
same() { # same WHAT GOT: GOT is the version
	if [ "$2" = "$want" ]; then ok "$1: $2"; else ko "$1 says '$2', the header $want"; fi
}
printf '#include <stdio.h>\n#include "slidetab.h"\nint main(void) { puts(SLIDETAB_VERSION); puts(slidetab_version()); return 0; }\n' >"$tmp/v.c"
# (a sanitized library, $SLIDETAB_SAN, needs those flags in the program too)
# shellcheck disable=SC2086
if cc ${SLIDETAB_SAN:-} -Iinclude "$tmp/v.c" -o "$tmp/v" lib/libslidetab.a -lz -lm -pthread 2>"$tmp/cc"; then
	same "SLIDETAB_VERSION" "$("$tmp/v" | sed -n 1p)"
	same "slidetab_version()" "$("$tmp/v" | sed -n 2p)"
else
	ko "a program printing SLIDETAB_VERSION did not build"
	head -3 "$tmp/cc"
fi
same "Makefile VERSION" "$(${MAKE:-make} -s --no-print-directory version)"
so=lib/$(readlink "lib/libslidetab.so.$major" 2>/dev/null)
same "lib/libslidetab.so.$major's file name" "${so#lib/libslidetab.so.}"
soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ "$soname" = "libslidetab.so.$major" ]; then ok "soname $soname"; else ko "soname '$soname', the header's major $major"; fi
same "build/slidetab.pc" "$(sed -n 's/^Version: //p' build/slidetab.pc)"
for m in docs/man/*.[1-9]; do
	th=$(sed -n '/^\.TH /s/^\.TH [^"]*"[^"]*" "slidetab \([^"]*\)".*/\1/p' "$m")
	[ "$th" = "@VERSION@" ] || ko "$m's .TH names '$th', not @VERSION@ (make fills it in)"
	same "build/man/${m#docs/man/}" "$(sed -n '/^\.TH /s/^\.TH [^"]*"[^"]*" "slidetab \([^"]*\)".*/\1/p' "build/man/${m#docs/man/}")"
done
same "gen --version" "$($GEN --version | sed -n 's/^gen (slidetab) //p')"
same "query --version" "$($QUERY --version | sed -n 's/^query (slidetab) \([^,]*\),.*/\1/p')"
same "query --version's libslidetab" "$($QUERY --version | sed -n 's/.*, libslidetab //p')"
py=$(cd python && SLIDETAB_NO_MAKE=1 python3 setup.py --version 2>/dev/null | tail -n 1)
same "python/setup.py --version" "$py"
# NEWS (its head says the rule): the next release's section, "X.Y.Z (unreleased)", only first and
# above the header's version; the first release after it, the header's version; every "Since" of
# the header a section's version.
news_sections >"$tmp/news"
same "NEWS (its newest release)" "$(grep -v ' unreleased$' "$tmp/news" | sed -n '1s/ .*//p')"
next=$(sed -n '1s/ unreleased$//p' "$tmp/news")
if grep -n ' unreleased$' "$tmp/news" | grep -qv '^1:'; then
	ko "NEWS: an unreleased section below the first"
elif [ -n "$next" ]; then
	later=$(printf '%s\n%s\n' "$want" "$next" | sort -V | sed -n 2p)
	if [ "$next" != "$want" ] && [ "$later" = "$next" ]; then ok "NEWS: $next (unreleased) above it"; else
		ko "NEWS: the unreleased section says $next, not a version after the header's $want"; fi
fi
for v in $(grep -o 'Since [0-9][0-9.]*[0-9]' include/slidetab.h | sed 's/Since //' | sort -u); do
	grep -q "^$v " "$tmp/news" && ok "slidetab.h's Since $v: a section of NEWS" ||
		ko "slidetab.h says Since $v, which no section of NEWS names (the next release: X.Y.Z (unreleased))"
done
if [ -f debian/changelog ]; then
	same "debian/changelog" "$(sed -n '1s/^slidetab (\([^-)]*\)[-)].*/\1/p' debian/changelog)"
	if [ -f debian/control ]; then
		grep -q "^Package: libslidetab$major\$" debian/control && ok "debian/control: libslidetab$major" ||
			ko "debian/control has no package libslidetab$major (the soname's major)"
	fi
else
	skipped "no debian/changelog"
fi
if [ -f js/package.json ]; then
	same "js/package.json" "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' js/package.json)"
else
	skipped "no js/package.json"
fi
summary
