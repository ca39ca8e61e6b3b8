#!/bin/sh
# SPDX-License-Identifier: Zlib
# includes.sh: the house rules over every quoted #include (docs/design.md, "Layout rules"): the library includes
# only itself and the public header; lite/ only itself; common/ adds the library's internals but
# the handle's (libslidetab/answer.h) and the reader's state (libslidetab/table/table.h, which only
# common/table_stream.c shares); the programs use the public header, common/ and their own
# folder, with the few named exceptions below. Exit 1 on a broken rule, naming the file, the line
# and the rule. lite/'s files name their siblings alone ("slidetab_lite.h"), so that a firmware
# tree holding just those files builds them. The Python extension's files name their private header
# alone ("_slidetab.h"), which an sdist, laid out differently, holds beside them too.
cd "$(dirname "$0")/../.." || exit 2
# allowed FILE: the include prefixes a source file may name (space-separated; a prefix ending in
# .h names one header).
allowed() {
	case $1 in
	libslidetab/*) echo "slidetab.h libslidetab/" ;;
	common/*) echo "slidetab.h libslidetab/ common/" ;;
	query/*) echo "slidetab.h common/ query/ gap/run.h libslidetab/table/read.h" ;;
	gap/*) echo "slidetab.h gap/ libslidetab/base/err.h common/tok.h" ;;
	gen/*) echo "slidetab.h common/ libslidetab/ gen/" ;; # the format's writer may use internals
	tools/*) echo "slidetab.h libslidetab/ tools/" ;; # generators of the library's and lite's sources
	lite/*) echo "" ;; # freestanding: only its own files, by their bare names (below)
	examples/mcu/*) echo "lite/ examples/mcu/" ;; # the firmware: the freestanding reader and its own startup
	examples/*) echo "slidetab.h lite/" ;;
	python/*) echo "slidetab.h" ;; # the Python extension stands on the public header alone
	include/*) echo "" ;;
	*) echo "*" ;; # tests, benchmarks and fuzz targets may reach anything they test
	esac
}
bad=0 files=0
for f in $(git ls-files --cached --others --exclude-standard '*.c' '*.h' 2>/dev/null ||
	find . -name '*.[ch]' | sed 's#^\./##'); do
	files=$((files + 1))
	ok=$(allowed "$f")
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r line; do
		inc=$(echo "$line" | sed 's/^[^"]*"\([^"]*\)".*/\1/')
		n=${line%%:*}
		case $inc in
		../*|*/../*) echo "$f:$n: \"$inc\": includes name their path from the root, never ../"; continue ;;
		esac
		case $f:$inc in
		lite/*:*/*) echo "$f:$n: \"$inc\": lite/ names its own headers alone (\"slidetab_lite.h\")"; continue ;;
		lite/*) [ -f "lite/$inc" ] && continue
			echo "$f:$n: \"$inc\": no such file in lite/"; continue ;;
		python/slidetab/*:_*.h) [ -f "python/slidetab/$inc" ] && continue # the extension's private header, beside it
			echo "$f:$n: \"$inc\": no such file in python/slidetab/"; continue ;;
		esac
		[ -f "$inc" ] || [ -f "include/$inc" ] || { echo "$f:$n: \"$inc\": no such file from the root"; continue; }
		[ "$ok" = "*" ] && continue
		hit=0
		for p in $ok; do
			case $p in
			*.h) [ "$inc" = "$p" ] && hit=1 ;;
			*) case $inc in "$p"*) hit=1 ;; esac ;;
			esac
		done
		[ $hit = 1 ] || { echo "$f:$n: \"$inc\": ${f%%/*}/ may include only: $ok"; continue; }
		case $inc:$f in
		gen/exit.h:*/main.c) ;; # exit statuses are chosen in the programs' main.c files only
		gen/exit.h:*) echo "$f:$n: \"$inc\": exit statuses are chosen in main.c files only" ;;
		libslidetab/answer.h:libslidetab/* | libslidetab/handle.h:libslidetab/*) ;; # the handle's internals
		libslidetab/answer.h:* | libslidetab/handle.h:*) echo "$f:$n: \"$inc\": the handle's internals are the library's alone" ;;
		libslidetab/table/table.h:libslidetab/* | libslidetab/table/table.h:common/table_stream.c) ;; # the reader's state
		libslidetab/table/table.h:*) echo "$f:$n: \"$inc\": the reader's state is read.c's and common/table_stream.c's alone" ;;
		esac
	done
done > "${TMPDIR:-/tmp}/includes.$$"
if [ -s "${TMPDIR:-/tmp}/includes.$$" ]; then
	cat "${TMPDIR:-/tmp}/includes.$$" >&2
	bad=$(wc -l < "${TMPDIR:-/tmp}/includes.$$")
fi
rm -f "${TMPDIR:-/tmp}/includes.$$"
echo "includes: $files files, $bad broken rules"
[ "$bad" -eq 0 ]
