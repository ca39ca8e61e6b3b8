#!/bin/sh
# SPDX-License-Identifier: Zlib
# deb.sh: `make check-deb`: the Debian packages built from the release tarball (make dist) with
# dpkg-buildpackage -us -uc -b, checked by lintian (an error fails), unpacked into a scratch root
# (dpkg -x) and used there as a user would: the installed slidetab-query answers 3x3 puzzles from
# the packaged tables, slidetab-gen builds the 4x4 5-5-5 set into the user's own folder and
# slidetab-query answers 4x4 puzzles from it, and a program built against the -dev package's
# header, pkg-config file and .so answers a 3x3. The answers are compared with published
# distances and with bin/query on the tree's tables. slidetab-tables (Architecture: all, which
# slidetab depends on) holds exactly the default tables, and the installed slidetab-query answers
# 4x4 puzzles from them with no set built. A table the user built in tables/ and an opt-in set
# there survive the package build (its clean included) and are not packaged. lintian: no error and
# no warning. A counted skip without dpkg-buildpackage or debhelper (.ci/deps.sh pkg installs
# them). Prints the package build's wall time.
. tests/common.sh
. tests/packaging/scratch.sh
if ! command -v dpkg-buildpackage >/dev/null 2>&1 || ! command -v dh >/dev/null 2>&1; then
	skipped "Debian packages: no dpkg-buildpackage or debhelper (.ci/deps.sh pkg installs them)"
	summary
	exit $?
fi
if [ -n "${SLIDETAB_SANITIZED:-}" ]; then
	skipped "Debian packages: a sanitizer build's make check (the packages build without SAN: make check-deb)"
	summary
	exit $?
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
	skipped "Debian packages: not a git checkout (make dist needs git)"
	summary
	exit $?
fi
version=$(${MAKE:-make} -s --no-print-directory version)
${MAKE:-make} -s --no-print-directory dist DISTDIR="$tmp" >/dev/null || { ko "make dist"; summary; exit 1; }
tar -xzf "$tmp/slidetab-$version.tar.gz" -C "$tmp" || { ko "unpack the tarball"; summary; exit 1; }
src="$tmp/slidetab-$version"
mkdir -p "$src/tables"
echo "the user's own table" >"$src/tables/4x4-b0-pdb-userbuilt.tbl"
echo "an opt-in file" >"$src/tables/4x4-b0-pdb-fffe.tbl"
echo tables/4x4-b0-pdb-fffe.tbl >"$src/tables/.stamp-4x4-b0-78"
t0=$(date +%s)
# The package build's make sees none of this make's flags or variables (SAN, WERROR, -j).
if (cd "$src" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL dpkg-buildpackage -us -uc -b -j2) >"$tmp/build.log" 2>&1; then
	ok "dpkg-buildpackage -us -uc -b ($(($(date +%s) - t0)) s)"
else
	ko "dpkg-buildpackage failed:"
	tail -20 "$tmp/build.log"
	summary
	exit 1
fi
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
check "the package build left the user's table in tables/" test -f "$src/tables/4x4-b0-pdb-userbuilt.tbl"
check "... and the opt-in set" test -f "$src/tables/4x4-b0-pdb-fffe.tbl" -a -f "$src/tables/.stamp-4x4-b0-78"
for p in libslidetab0 libslidetab-dev slidetab slidetab-tables; do
	a=$arch
	[ $p = slidetab-tables ] && a=all
	deb="$tmp/${p}_${version}_$a.deb"
	if [ -f "$deb" ]; then ok "built $p ($(wc -c <"$deb") bytes)"; else ko "no $deb"; fi
done
tdeb="$tmp/slidetab-tables_${version}_all.deb"
if [ "$(dpkg-deb -f "$tdeb" Architecture 2>/dev/null)" = all ]; then ok "slidetab-tables: Architecture: all"; else
	ko "slidetab-tables is not Architecture: all"; fi
case $(dpkg-deb -f "$tmp/slidetab_${version}_$arch.deb" Depends 2>/dev/null) in
*"slidetab-tables (= $version)"*) ok "slidetab depends on slidetab-tables (= $version)" ;;
*) ko "slidetab does not depend on slidetab-tables" ;;
esac
dpkg-deb -c "$tdeb" 2>/dev/null | sed -n 's|.*\./usr/share/slidetab/tables/\([^/][^/]*\)$|\1|p' | LC_ALL=C sort >"$tmp/packaged"
default_files | sed 's|^tables/||' | LC_ALL=C sort >"$tmp/defaults"
if cmp -s "$tmp/packaged" "$tmp/defaults"; then ok "slidetab-tables holds exactly the $(wc -l <"$tmp/defaults") default tables"; else
	ko "slidetab-tables' tables are not the default ones"; diff "$tmp/defaults" "$tmp/packaged" | head -5; fi
if command -v lintian >/dev/null 2>&1; then
	lintian "$tmp/slidetab_${version}_$arch.changes" >"$tmp/lintian" 2>&1
	sed 's/^/     lintian: /' "$tmp/lintian" | grep -v 'root privileges'
	if grep -q '^E:' "$tmp/lintian"; then ko "lintian reports errors"; else ok "lintian: no errors"; fi
	if grep -q '^W:' "$tmp/lintian"; then ko "lintian reports warnings"; else ok "lintian: no warnings"; fi
else
	skipped "lintian not installed"
fi
root="$tmp/root"
for p in libslidetab0 libslidetab-dev slidetab; do dpkg -x "$tmp/${p}_${version}_$arch.deb" "$root"; done
dpkg -x "$tdeb" "$root"
iq="$root/usr/bin/slidetab-query"
ig="$root/usr/bin/slidetab-gen"
# 3x3 from the packaged tables (found beside the program: $root/usr/share/slidetab/tables).
printf '8 6 7 2 5 4 3 0 1\n6 4 7 8 5 0 3 2 1\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 8 7 0\n' >"$tmp/p3"
status_is 0 "installed slidetab-query: 3x3 from the packaged tables" "$iq" "$tmp/p3"
out_is "3x3: the two hardest (31, published), the goal (0), an odd permutation" '31\n31\n0\nunsolvable\n'
"$QUERY" --tables tables --path "$tmp/p3" >"$tmp/want-p3" 2>&1
status_is 0 "installed slidetab-query --path: 3x3" "$iq" --path "$tmp/p3"
if cmp -s "$tmp/out" "$tmp/want-p3"; then ok "3x3 paths equal the tree's query"; else ko "3x3 paths differ from the tree's query"; fi
# 4x4 from the packaged 5-5-5 sets (the man page: the default tables hold them), from a folder
# with no tables of its own, and with a centre goal (class b5).
mkdir -p "$tmp/none"
printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0\n' >"$tmp/p4d"
"$QUERY" --tables tables "$tmp/p4d" >"$tmp/want-p4d" 2>&1
status_is 0 "installed slidetab-query: 4x4 from slidetab-tables' sets" sh -c 'cd "$1" && "$2" "$3"' - "$tmp/none" "$iq" "$tmp/p4d"
if cmp -s "$tmp/out" "$tmp/want-p4d"; then ok "... $(tr '\n' ' ' <"$tmp/out")as the tree's query"; else ko "4x4 answers differ from the tree's query"; fi
# 4x4: the user builds the 5-5-5 set for the default goal's class (blank in a corner) in a folder of their own.
mkdir -p "$tmp/user"
status_is 0 "installed slidetab-gen builds the 4x4 555 set into a user folder" "$ig" -q --board 4x4 --blank 0 --pdb 555 --dir "$tmp/user"
printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n' >"$tmp/p4"
# and three 60-step random walks from the goal (a fixed seed; no step straight back), at most 60 moves away.
awk 'BEGIN { x = 12345; for (k = 0; k < 3; k++) { for (i = 0; i < 16; i++) t[i] = (i + 1) % 16; b = 15; last = -1;
	for (n = 0; n < 60;) { x = (x * 16807) % 2147483647; d = int(x / 65536) % 4;
		r = int(b / 4); c = b % 4; to = d == 0 ? b + 4 : d == 1 ? b - 1 : d == 2 ? b + 1 : b - 4;
		if ((d == 0 && r == 3) || (d == 1 && c == 0) || (d == 2 && c == 3) || (d == 3 && r == 0) || to == last) continue;
		t[b] = t[to]; t[to] = 0; last = b; b = to; n++ }
	s = t[0]; for (i = 1; i < 16; i++) s = s " " t[i]; print s } }' >>"$tmp/p4"
"$QUERY" --tables tables --path "$tmp/p4" >"$tmp/want-p4" 2>&1
status_is 0 "installed slidetab-query: 4x4 from the user's set" "$iq" --tables "$tmp/user" --path "$tmp/p4"
if cmp -s "$tmp/out" "$tmp/want-p4"; then ok "4x4 paths ($(wc -l <"$tmp/p4") puzzles) equal the tree's query"; else
	ko "4x4 answers differ from the tree's query"; diff "$tmp/want-p4" "$tmp/out" | head -5; fi
# A program compiled against the -dev package (pkg-config in the scratch root) and run on its .so.
pc="env PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$root/usr/lib/$ma/pkgconfig pkg-config"
cp examples/hint.c "$tmp/"
# shellcheck disable=SC2046
if cc -Wall -Wextra -Werror "$tmp/hint.c" $($pc --cflags slidetab) $($pc --libs slidetab) -o "$tmp/hint" 2>"$tmp/cc"; then
	ok "examples/hint.c builds against libslidetab-dev ($($pc --modversion slidetab))"
else
	ko "examples/hint.c does not build against libslidetab-dev"
	head -5 "$tmp/cc"
fi
lib=$(LD_LIBRARY_PATH="$root/usr/lib/$ma" ldd "$tmp/hint" 2>/dev/null | sed -n 's/.*libslidetab.so.0 => \([^ ]*\).*/\1/p')
case $lib in
"$root"/*) ok "the program runs on the packaged libslidetab.so.0" ;;
*) ko "the program's libslidetab.so.0 is '$lib', not the scratch root's" ;;
esac
status_is 0 "the program answers a 3x3 from the packaged tables" env LD_LIBRARY_PATH="$root/usr/lib/$ma" \
	SLIDETAB_TABLES="$root/usr/share/slidetab/tables" "$tmp/hint" 3x3 8 1 3 4 5 6 7 2 0
p=$(echo 8 1 3 4 5 6 7 2 0 | "$QUERY" --tables tables --path)
out_is "hint 3x3 8 1 3 4 5 6 7 2 0: ${#p} moves, as the tree's query says" "${#p} moves, next: $(echo "$p" | cut -c1)\n"
summary
