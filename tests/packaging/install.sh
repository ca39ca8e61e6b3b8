#!/bin/sh
# SPDX-License-Identifier: Zlib
# install.sh: what make install installs (linking one library, its own), and paths it is given (in a
# copy of the tree: scratch.sh).
# The default tables only: an opt-in set (a 7-8 set's stamps and files, as make tables-15 leaves
# them) and a table the user built in tables/ stay out, unless INSTALL_TABLES names the opt-in
# target. A PREFIX holding a space, both quotes and a backtick installs (the backtick never runs),
# the installed library finds its tables there, and $(pkg-config --cflags --libs slidetab) in a
# Makefile builds and links a program against it; make uninstall takes it all back. A PREFIX
# holding a newline is refused; make dist writes into a DISTDIR with a space and nothing else.
. tests/common.sh
. tests/packaging/scratch.sh
tree=$tmp/tree
scratch_tree "$tree" || { ko "a copy of the tree"; summary; exit 1; }
echo "the user's own table" >"$tree/tables/4x4-b0-pdb-userbuilt.tbl"
for c in 0 1 5; do # the 7-8 set as make tables-15 leaves it (newer than gen: built)
	echo "opt-in $c" >"$tree/tables/4x4-b$c-pdb-fff$c.tbl"
	echo "tables/4x4-b$c-pdb-fff$c.tbl" >"$tree/tables/.stamp-4x4-b$c-78"
done
default_files | sed 's|^tables/||' | LC_ALL=C sort >"$tmp/defaults"
mk() { make -C "$tree" --no-print-directory "$@"; }

data=share/slidetab/tables
# install links one .so, its own (build/install/): the tree's lib/libslidetab.so is not installed.
rm -f "$tree"/lib/libslidetab.so*
status_is 0 "make install PREFIX=p" mk install PREFIX="$tmp/p"
n=$(grep -c -- ' -shared ' "$tmp/out")
if [ "$n" -eq 1 ] && [ ! -e "$tree/lib/libslidetab.so" ]; then ok "... links the library once, the installed one"; else
	ko "make install linked the library $n times$([ -e "$tree/lib/libslidetab.so" ] && echo ', the tree'"'"'s lib/ too')"; fi
ls "$tmp/p/$data" | LC_ALL=C sort >"$tmp/got"
if cmp -s "$tmp/got" "$tmp/defaults"; then ok "exactly the $(wc -l <"$tmp/defaults") default tables are installed"; else
	ko "the installed tables are not the default ones"; diff "$tmp/defaults" "$tmp/got" | head -5; fi
LC_ALL=C sort "$tmp/p/$data/.installed" >"$tmp/list"
if cmp -s "$tmp/list" "$tmp/defaults"; then ok "DATADIR/.installed lists them"; else ko "DATADIR/.installed is not the default tables"; fi
status_is 0 "make install INSTALL_TABLES='tables tables-15' PREFIX=q" mk install INSTALL_TABLES='tables tables-15' PREFIX="$tmp/q"
{ cat "$tmp/defaults"; printf '4x4-b0-pdb-fff0.tbl\n4x4-b1-pdb-fff1.tbl\n4x4-b5-pdb-fff5.tbl\n'; } | LC_ALL=C sort >"$tmp/want"
ls "$tmp/q/$data" | LC_ALL=C sort >"$tmp/got"
if cmp -s "$tmp/got" "$tmp/want"; then ok "... the default tables and the 7-8 set, not the user's table"; else
	ko "INSTALL_TABLES='tables tables-15' installed other tables"; diff "$tmp/want" "$tmp/got" | head -5; fi

# A PREFIX with a space, both quotes and a backtick that would create a file if it ran.
odd="$tmp/a b\"c'd\`touch $tmp/ran\`e"
status_is 0 "make install with a PREFIX holding a space, quotes and a backtick" mk install PREFIX="$odd"
check "the backtick did not run" test ! -e "$tmp/ran"
check "the programs are in PREFIX/bin" test -x "$odd/bin/slidetab-query"
echo 8 1 3 4 5 6 7 2 0 >"$tmp/p3"
mkdir -p "$tmp/none"
status_is 0 "the installed query answers from PREFIX's tables" sh -c 'cd "$1" && "$2" "$3"' - "$tmp/none" "$odd/bin/slidetab-query" "$tmp/p3"
out_is "... 14 moves (the tree's tables say $(bin/query --tables tables "$tmp/p3"))" "$(bin/query --tables tables "$tmp/p3")\n"
mkdir -p "$tmp/user" && cp examples/hint.c "$tmp/user/"
# The user's program takes the sanitizers the library was built with (SLIDETAB_SAN: make's SAN), as
# a program linked with a sanitized library must.
printf 'hint: hint.c\n\tcc $(SAN) hint.c $(shell pkg-config --cflags --libs slidetab) -o $@\n' >"$tmp/user/Makefile"
status_is 0 "a Makefile with \$(pkg-config --cflags --libs slidetab) builds against it" \
	env PKG_CONFIG_PATH="$odd/lib/pkgconfig" make -s -C "$tmp/user" SAN="${SLIDETAB_SAN:-}" hint
status_is 0 "the program runs on the installed .so" sh -c 'cd "$1" && LD_LIBRARY_PATH="$2" ./hint 3x3 8 1 3 4 5 6 7 2 0' - "$tmp/user" "$odd/lib"
out_is "... and finds the installed tables" "14 moves, next: u\n"
status_is 0 "make uninstall with that PREFIX" mk uninstall PREFIX="$odd"
check "... leaves no folder behind" test ! -e "$odd"
nl='
'
status_is 2 "a PREFIX holding a newline is refused" mk install PREFIX="$tmp/n${nl}l"
err_has "... saying why" "newline"

# make dist into a DISTDIR with a space, from the tree (it needs git).
if git rev-parse --git-dir >/dev/null 2>&1; then
	before=$(git status --porcelain --ignored | LC_ALL=C sort)
	status_is 0 "make dist DISTDIR='x y'" make -s --no-print-directory dist DISTDIR="$tmp/x y"
	check "... writes the tarball there" test -f "$tmp/x y/slidetab-$(make -s --no-print-directory version).tar.gz"
	if [ "$(git status --porcelain --ignored | LC_ALL=C sort)" = "$before" ]; then ok "... and nothing in the tree"; else
		ko "make dist left files in the tree"; fi
else
	skipped "make dist: not a git checkout"
fi
summary
