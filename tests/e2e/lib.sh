#!/bin/sh
# SPDX-License-Identifier: Zlib
# lib.sh: libslidetab as users get it (run from the repository root after make): `make install`
# into a temporary PREFIX (and a DESTDIR run), examples/hint.c built from another folder with
# pkg-config against the shared and the static library, the installed slidetab-query finding the
# installed tables, the exported symbols and soname, the installed header alone in C99 and C++,
# and `make uninstall` leaving nothing behind.
set -u
. tests/common.sh
root=$(pwd)
prefix=$tmp/prefix

same() { # same NAME WANT GOT
	if [ "$2" = "$3" ]; then ok "$1"; else ko "$1: got '$3', expected '$2'"; fi
}

# What hint must print for a puzzle, from bin/query's path ("N moves, next: L", or solved/unsolvable).
expect_hint() { # expect_hint RxC TILES...
	board=$1
	shift
	p=$(echo "$*" | bin/query --tables tables --board "$board" --path)
	case $p in
	unsolvable) echo unsolvable ;;
	'') echo solved ;;
	*) echo "${#p} moves, next: $(echo "$p" | cut -c1)" ;;
	esac
}

check "make install PREFIX=$prefix" make --no-print-directory install PREFIX="$prefix"
for f in include/slidetab.h lib/libslidetab.a lib/libslidetab.so lib/libslidetab.so.0 lib/pkgconfig/slidetab.pc \
	bin/slidetab-gen bin/slidetab-query share/slidetab/tables/3x3-b0.tbl; do
	check "installed $f" test -e "$prefix/$f"
done
check "installed man pages" sh -c "ls '$prefix'/share/man/man1/*.1 '$prefix'/share/man/man3/*.3"

# DESTDIR: the files land under DESTDIR, the programs still expect PREFIX.
check "make install DESTDIR" make --no-print-directory install PREFIX=/opt/slidetab DESTDIR="$tmp/stage"
check "DESTDIR: header, library, pkg-config file" test -f "$tmp/stage/opt/slidetab/include/slidetab.h" -a \
	-f "$tmp/stage/opt/slidetab/lib/libslidetab.a" -a -f "$tmp/stage/opt/slidetab/lib/pkgconfig/slidetab.pc"
check "DESTDIR: slidetab.pc names PREFIX, not DESTDIR" sh -c \
	"grep -q /opt/slidetab '$tmp/stage/opt/slidetab/lib/pkgconfig/slidetab.pc' && ! grep -q '$tmp' '$tmp/stage/opt/slidetab/lib/pkgconfig/slidetab.pc'"
check "DESTDIR: nothing outside it" test ! -e /opt/slidetab

# From another folder: hint.c against the installed library, shared and static.
out=$tmp/elsewhere
check "hint: shared build with pkg-config" hint_build shared "$prefix" "$out"
check "hint-shared needs libslidetab.so.0" sh -c "readelf -d '$out/hint-shared' | grep -q 'NEEDED.*libslidetab.so.0'"
check "hint: static build with pkg-config --static" hint_build static "$prefix" "$out"
check "hint-static does not need libslidetab.so" sh -c "! readelf -d '$out/hint-static' | grep -q libslidetab"
for puzzle in "3x3 8 1 3 4 5 6 7 2 0" "3x3 1 2 3 4 5 6 7 8 0" "3x3 2 1 3 4 5 6 7 8 0" "2x4 7 6 5 4 3 2 1 0"; do
	# shellcheck disable=SC2086
	want=$(expect_hint $puzzle)
	for kind in shared static; do
		# shellcheck disable=SC2086
		got=$(cd "$out" && LD_LIBRARY_PATH="$prefix/lib" SLIDETAB_TABLES="$prefix/share/slidetab/tables" \
			"./hint-$kind" $puzzle 2>&1)
		same "hint-$kind $puzzle" "$want" "$got"
	done
done
same "the known 8 puzzle is 14 moves" "14" "$(expect_hint 3x3 8 1 3 4 5 6 7 2 0 | cut -d' ' -f1)"
# No $SLIDETAB_TABLES and no ./tables: the library finds the tables installed beside it.
got=$(cd "$out" && LD_LIBRARY_PATH="$prefix/lib" ./hint-shared 3x3 8 1 3 4 5 6 7 2 0 2>&1)
same "hint-shared finds the installed tables" "$(expect_hint 3x3 8 1 3 4 5 6 7 2 0)" "$got"
got=$(cd "$out" && LD_LIBRARY_PATH="$prefix/lib" ./hint-shared 3x3 1 1 3 4 5 6 7 2 0 2>&1)
status=$?
check "hint: a bad board is an error with a message" sh -c "[ $status -ne 0 ] && echo '$got' | grep -q 'invalid argument'"

# The installed query, run from elsewhere with no --tables and no $SLIDETAB_TABLES, finds the
# installed tables (the build used the default PREFIX).
want=$(echo 8 1 3 4 5 6 7 2 0 | bin/query --tables tables --path)
got=$(cd "$out" && echo 8 1 3 4 5 6 7 2 0 | "$prefix/bin/slidetab-query" --path 2>&1)
same "installed slidetab-query finds the installed tables" "$want" "$got"
check "installed slidetab-gen verifies an installed table" sh -c \
	"cd '$out' && '$prefix/bin/slidetab-gen' --verify '$prefix/share/slidetab/tables/2x3-b0.tbl' | grep -q '^OK'"

# Exports and soname.
bad=$(nm -D --defined-only lib/libslidetab.so | awk '$2 ~ /^[A-Z]$/ && $3 !~ /^slidetab_/ { print $3 }')
same "libslidetab.so exports only slidetab_ names" "" "$bad"
check "libslidetab.so exports slidetab_open and slidetab_path" sh -c \
	"nm -D --defined-only lib/libslidetab.so | grep -q ' T slidetab_open$' && nm -D --defined-only lib/libslidetab.so | grep -q ' T slidetab_path$'"
soname=$(readelf -d lib/libslidetab.so | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
same "soname" "libslidetab.so.0" "$soname"

# The installed header alone, as C99 and as C++.
printf '#include <slidetab.h>\nint main(void) { return slidetab_version() == 0; }\n' >"$tmp/h.c"
check "header alone: cc -std=c99 -pedantic -Wall -Wextra -Werror" \
	cc -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" "$tmp/h.c"
if command -v c++ >/dev/null 2>&1; then
	check "header alone: c++" c++ -Wall -Wextra -Werror -pedantic -fsyntax-only -x c++ -I"$prefix/include" "$tmp/h.c"
else
	ko "header alone: c++ (no c++ compiler: .ci/deps.sh installs g++)"
fi

# Uninstall leaves nothing of ours.
check "make uninstall" make --no-print-directory uninstall PREFIX="$prefix"
left=$(cd "$prefix" && find . -type f -o -type l | grep -i slidetab)
same "nothing of ours left after uninstall" "" "$left"
check "make uninstall DESTDIR" make --no-print-directory uninstall PREFIX=/opt/slidetab DESTDIR="$tmp/stage"
left=$(cd "$tmp/stage" && find . -type f -o -type l | grep -i slidetab)
same "nothing of ours left after uninstall (DESTDIR)" "" "$left"

cd "$root" || exit 1
summary
