#!/bin/sh
# SPDX-License-Identifier: Zlib
# clean.sh: make clean removes what make built and nothing else (in a copy of the tree: scratch.sh).
# A table the user built in tables/ (4x4-b0-pdb-userbuilt.tbl) and an opt-in set (a 7-8 set's stamp
# and file, as make tables-15 leaves them) stay; the default tables, the objects, archives and
# programs go. make clean-optin-tables removes the opt-in set and nothing of the user's. A package
# build's clean (debian/rules clean: dh_auto_clean) removes nothing in tables/ (a counted skip
# without debhelper); check-deb plants the same file before dpkg-buildpackage.
. tests/common.sh
. tests/packaging/scratch.sh
tree=$tmp/tree
scratch_tree "$tree" || { ko "a copy of the tree"; summary; exit 1; }
plant() { # the user's table, a set sharing a file with a default set, and a 7-8 set
	echo "the user's own table" >"$tree/tables/4x4-b0-pdb-userbuilt.tbl"
	echo "an opt-in file" >"$tree/tables/4x4-b0-pdb-fffe.tbl"
	echo tables/4x4-b0-pdb-fffe.tbl >"$tree/tables/.stamp-4x4-b0-78"
}
plant
shared=$(sed -n 1p "$tree/tables/.stamp-4x4-b1-555")
echo "$shared" >"$tree/tables/.stamp-4x4-b1-78"
default_files | sed -n '$=' >"$tmp/n"
status_is 0 "make clean" make -C "$tree" --no-print-directory clean
check "the user's table stays" test -f "$tree/tables/4x4-b0-pdb-userbuilt.tbl"
check "the opt-in set's file stays" test -f "$tree/tables/4x4-b0-pdb-fffe.tbl"
check "the opt-in set's stamp stays" test -f "$tree/tables/.stamp-4x4-b0-78"
check "a default set's file an opt-in set also names stays ($shared)" test -f "$tree/$shared"
left=$(cd "$tree" && for s in $DEFAULT_SETS; do echo "tables/.stamp-$s"; done; for e in $DEFAULT_EXACT; do echo "tables/$e.tbl"; done)
gone=0 kept=0
for f in $left; do if [ -e "$tree/$f" ]; then kept=$((kept + 1)); else gone=$((gone + 1)); fi; done
if [ "$kept" -eq 0 ]; then ok "the default tables and stamps are gone ($gone)"; else ko "$kept default tables or stamps are left"; fi
n=$(find "$tree/tables" -name '*-pdb-*.tbl' | wc -l)
if [ "$n" -eq 3 ]; then ok "in tables/: the user's table, the opt-in file and the shared file"; else
	ko "tables/ holds $n pattern files: $(ls "$tree/tables" | head -5 | tr '\n' ' ')"; fi
check "the programs, archives and objects are gone" test ! -e "$tree/bin" -a ! -e "$tree/lib" -a ! -e "$tree/build"
status_is 0 "make clean-optin-tables" make -C "$tree" --no-print-directory clean-optin-tables
check "... removes the opt-in set's file" test ! -e "$tree/tables/4x4-b0-pdb-fffe.tbl"
check "... and its stamp" test ! -e "$tree/tables/.stamp-4x4-b0-78"
check "... and leaves the user's table" test -f "$tree/tables/4x4-b0-pdb-userbuilt.tbl"
# The package build's clean, as dpkg-buildpackage starts it.
if command -v dh >/dev/null 2>&1; then
	plant
	mkdir -p "$tree/bin" && : >"$tree/bin/gen"
	echo "made by make" >"$tree/tables/3x3-b0.tbl"
	status_is 0 "debian/rules clean" sh -c "cd '$tree' && ./debian/rules clean"
	check "... leaves the user's table" test -f "$tree/tables/4x4-b0-pdb-userbuilt.tbl"
	check "... leaves a default table make built (3x3-b0.tbl)" test -f "$tree/tables/3x3-b0.tbl"
	check "... leaves the opt-in set" test -f "$tree/tables/4x4-b0-pdb-fffe.tbl" -a -f "$tree/tables/.stamp-4x4-b0-78"
	check "... removes the build (bin/)" test ! -e "$tree/bin"
else
	skipped "debian/rules clean: no debhelper (.ci/deps.sh pkg installs it)"
fi
summary
