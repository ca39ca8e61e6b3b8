#!/bin/sh
# SPDX-License-Identifier: Zlib
# install.sh: what `make install` leaves and `make uninstall` takes: a DESTDIR install
# deployed to its PREFIX, a program linked statically with the installed libslidetab.a finding the
# installed tables with no .so to look beside, the installed programs naming slidetab-gen, and
# uninstall removing exactly what install installed while a table the user built there stays, and
# the folders install created (not those that were there), a PREFIX holding spaces.
set -u
. tests/common.sh
prefix=$tmp/prefix
stage=$tmp/stage
data=share/slidetab/tables

same() { # same NAME WANT GOT
	if [ "$2" = "$3" ]; then ok "$1"; else ko "$1: got '$3', expected '$2'"; fi
}

check "make install DESTDIR PREFIX=$prefix" make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix"
check "DESTDIR: nothing at PREFIX itself" test ! -e "$prefix"
# Which tables are installed (the default ones): tests/packaging/install.sh.
check "the list of installed tables names 3x3-b0.tbl" grep -qx 3x3-b0.tbl "$stage$prefix/$data/.installed"
for f in $(cat "$stage$prefix/$data/.installed"); do
	cmp -s "tables/$f" "$stage$prefix/$data/$f" || ko "installed $f differs from tables/$f"
done

# Deployed as a package manager would: the staged tree copied to PREFIX.
mkdir -p "$prefix" && cp -R "$stage$prefix/." "$prefix/"
out=$tmp/elsewhere
check "hint: static build with pkg-config --static" hint_build static "$prefix" "$out"
check "hint-static has no libslidetab.so" sh -c "! readelf -d '$out/hint-static' | grep -q libslidetab"
# No $SLIDETAB_TABLES, no ./tables, no share/slidetab/tables beside the program's folder: only the
# folder make install recorded in the library leads to the tables.
check "no tables beside the example" test ! -e "$tmp/$data" -a ! -e "$out/tables"
want=$(echo 8 1 3 4 5 6 7 2 0 | bin/query --tables tables --path)
got=$(cd "$out" && ./hint-static 3x3 8 1 3 4 5 6 7 2 0 2>&1)
same "hint-static finds the installed tables" "${#want} moves, next: $(echo "$want" | cut -c1)" "$got"
got=$(cd "$out" && ./hint-static 2x4 7 6 5 4 3 2 1 0 2>&1)
same "hint-static: an unsolvable 2x4 puzzle" "$(echo 7 6 5 4 3 2 1 0 | bin/query --tables tables)" "$got"

# The installed programs name the generator as installed; the tree's query still says gen.
mkdir -p "$tmp/none"
printf '1 2 3 4 5 6 7 8 9 10 11 0\n' >"$tmp/p12"
status_is 2 "installed query: no 3x4 table" sh -c "cd '$out' && '$prefix/bin/slidetab-query' --board 3x4 '$tmp/p12'"
err_has "installed query: build it with slidetab-gen" "build it with \`slidetab-gen --board 3x4 --blank 0"
printf '1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15\n' >"$tmp/p16"
status_is 2 "installed query: no 4x4 set" "$prefix/bin/slidetab-query" --tables "$tmp/none" "$tmp/p16"
err_has "installed query: build them with slidetab-gen" "\`slidetab-gen --board 4x4 --blank 0 --pdb 555\` in that folder"
status_is 2 "tree query: no 3x4 table" bin/query --tables "$tmp/none" --board 3x4 "$tmp/p12"
err_has "tree query: build it with gen" "build it with \`gen --board 3x4 --blank 0"

# A table the user built into the installed folder, then uninstall.
check "the user builds a 3x2 table into the installed folder" "$GEN" -q --board 3x2 --dir "$stage$prefix/$data"
check "make install again" make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix"
check "the user's table is not on the list" sh -c "! grep -q 3x2 '$stage$prefix/$data/.installed'"
check "make uninstall DESTDIR" make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix"
check "the user's table stays" test -f "$stage$prefix/$data/3x2-b0.tbl"
left=$(cd "$stage" && find . \( -type f -o -type l \) ! -name 3x2-b0.tbl)
same "nothing of ours left after uninstall" "" "$left"
check "uninstall again: nothing to do, the user's table stays" sh -c \
	"make --no-print-directory uninstall DESTDIR='$stage' PREFIX='$prefix' && test -f '$stage$prefix/$data/3x2-b0.tbl'"
rm -f "$stage$prefix/$data/3x2-b0.tbl"
check "make uninstall at PREFIX (the deployed copy)" make --no-print-directory uninstall PREFIX="$prefix"
check "the emptied data folders are gone" test ! -e "$prefix/share/slidetab"

# A PREFIX holding spaces (unquoted, it once made stray folders in the project and failed):
# installed there, nothing new in the project, the installed query answers from its tables; then
# uninstall removes every folder install created, up to the one it made for PREFIX's parent.
before=$(ls -A)
sp="$tmp/with space/pre fix"
check "make install PREFIX='$sp'" make --no-print-directory install PREFIX="$sp"
same "nothing new in the project" "$before" "$(ls -A)"
check "installed there" test -x "$sp/bin/slidetab-query" -a -f "$sp/share/slidetab/tables/3x3-b0.tbl"
same "its query finds its tables" "$(echo 8 1 3 4 5 6 7 2 0 | bin/query --tables tables)" \
	"$(cd "$tmp" && echo 8 1 3 4 5 6 7 2 0 | "$sp/bin/slidetab-query" 2>&1)"
check "make uninstall PREFIX='$sp'" make --no-print-directory uninstall PREFIX="$sp"
check "every folder install created is gone" test ! -e "$tmp/with space"
# Folders that were there before install stay, even empty: only those it created go.
mkdir -p "$tmp/own/bin" "$tmp/own/share"
check "make install into a PREFIX with bin/ and share/ already there" make --no-print-directory install PREFIX="$tmp/own"
check "make uninstall" make --no-print-directory uninstall PREFIX="$tmp/own"
same "left: the folders that were there before" "./bin ./share" "$(cd "$tmp/own" && find . -mindepth 1 | sort | tr '\n' ' ' | sed 's/ $//')"
summary
