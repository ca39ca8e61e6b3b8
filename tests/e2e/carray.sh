#!/bin/sh
# SPDX-License-Identifier: Zlib
# carray.sh: gen --c-array NAME -o PATH loses nothing: a symbolic link stays a link
# (its target gets the source), a FIFO is written through and stays a FIFO, a dangling link is
# refused, the user's PATH.tbl and PATH.tmp are left as they were, and no temporary file is left
# (in PATH's folder or $TMPDIR); the summary line and the source name PATH, not a temporary table;
# C keywords and <stddef.h>'s names are refused (exit 2); a PATH holding */ still compiles.
# Run from the repository root after `make`.
set -u
. tests/common.sh
cc=${CC:-cc}
G="$GEN -q --board 2x3"
mkdir -p "$tmp/d" "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"

status_is 0 "--c-array to a regular file" $G --c-array tab -o "$tmp/d/plain.c"
check "the summary line names the C file" has "$tmp/out" "^# wrote $tmp/d/plain.c: [0-9]* bytes of C source"
check "no line names a .tbl file" sh -c "! grep -q 'tbl' '$tmp/out' '$tmp/d/plain.c'"
check "the source's first line names the C file" sh -c "head -1 '$tmp/d/plain.c' | grep -qF '/* $tmp/d/plain.c: '"
check "the summary counts the file's bytes" has "$tmp/out" "^# wrote $tmp/d/plain.c: $(wc -c <"$tmp/d/plain.c") bytes"

echo mine >"$tmp/d/x.c.tbl"
echo mine >"$tmp/d/x.c.tmp"
status_is 0 "--c-array beside the user's x.c.tbl and x.c.tmp" $G --c-array tab -o "$tmp/d/x.c"
check "x.c.tbl and x.c.tmp kept as they were" sh -c "[ \"\$(cat '$tmp/d/x.c.tbl' '$tmp/d/x.c.tmp')\" = \"\$(printf 'mine\nmine')\" ]"

echo old >"$tmp/d/target.c"
ln -s target.c "$tmp/d/link.c"
status_is 0 "--c-array through a symbolic link" $G --c-array tab -o "$tmp/d/link.c"
check "the link is still a link" test -L "$tmp/d/link.c"
tail -n +2 "$tmp/d/plain.c" >"$tmp/want.c" # the source after its first line, which names the file
check "its target holds the source" sh -c "tail -n +2 '$tmp/d/target.c' | cmp -s - '$tmp/want.c'"
ln -s missing.c "$tmp/d/dangling.c"
status_is 1 "--c-array through a dangling link: refused" $G --c-array tab -o "$tmp/d/dangling.c"
err_has "... named" "cannot write $tmp/d/dangling.c: a symbolic link"
check "... the link left as it was" sh -c "[ \"\$(readlink '$tmp/d/dangling.c')\" = missing.c ] && [ ! -e '$tmp/d/missing.c' ]"

mkfifo "$tmp/d/fifo"
timeout 20 cat "$tmp/d/fifo" >"$tmp/fromfifo" &
reader=$!
status_is 0 "--c-array into a FIFO" $G --c-array tab -o "$tmp/d/fifo"
wait $reader
check "the FIFO is still a FIFO" test -p "$tmp/d/fifo"
check "the reader got the source" sh -c "tail -n +2 '$tmp/fromfifo' | cmp -s - '$tmp/want.c'"

check "no temporary file left in the folder" test "$(ls -A "$tmp/d" | tr '\n' ' ')" = "dangling.c fifo link.c link.h plain.c plain.h target.c x.c x.c.tbl x.c.tmp x.h "
check "no temporary file left in \$TMPDIR" test -z "$(ls -A "$tmp/tmpdir")"

# SIGINT while the intermediate table is written (slowed by $SLIDETAB_TEST_WRITE_DELAY_MS): gen
# ends by the signal and leaves nothing in $TMPDIR or beside the C file.
mkdir -p "$tmp/int"
SLIDETAB_TEST_WRITE_DELAY_MS=100 $GEN -q --board 2x5 -c none --c-array tab -o "$tmp/int/x.c" >/dev/null 2>&1 &
p=$!
if writing_started $p "$tmp/tmpdir"; then
	kill -INT $p
	wait $p
	r=$?
	check "SIGINT during --c-array ends gen by the signal (exit $r)" test $r -eq 130
	check "... nothing left in \$TMPDIR" test -z "$(ls -A "$tmp/tmpdir")"
	check "... nothing beside the C file" test -z "$(ls -A "$tmp/int")"
else
	wait $p
	ko "gen --c-array never opened its table in \$TMPDIR"
fi

# The header beside the source: NAME's declarations, included by a program that
# uses the table or the set, compiled and linked with the source; none beside a FIFO (above).
mkdir -p "$tmp/h"
status_is 0 "--c-array: a table and its header" $G --c-array tab -o "$tmp/h/tab.c"
check "... the summary names the header" has "$tmp/out" "^# wrote $tmp/h/tab.c: .*, declarations in $tmp/h/tab.h\$"
status_is 0 "--c-array: a set and its header" "$GEN" -q --board 3x3 --blank 0 --pattern 1,2,3 --entry pbit --c-array set \
	-o "$tmp/h/set.c"
check "... the header holds the set's declarations" sh -c "grep -qx 'extern const void \*const set\[\];' '$tmp/h/set.h' &&
	grep -qx 'extern const size_t set_len\[\];' '$tmp/h/set.h' && grep -qx 'extern const int set_count;' '$tmp/h/set.h'"
status_is 0 "-o a name without .c: its header is the name with .h" $G --c-array other -o "$tmp/h/other.inc"
check "... other.inc.h" test -f "$tmp/h/other.inc.h"
$GEN -q --board 2x3 -o "$tmp/t2x3.tbl" >/dev/null
printf '#include "tab.h"\n#include "set.h"\n#include "tab.h"\nint main(void) { return tab_len == %s && set_count == 1 && set_len[0] > 0 && tab[0] == 0x%s ? 0 : 1; }\n' \
	"$(wc -c <"$tmp/t2x3.tbl")" "$(od -An -tx1 -N1 "$tmp/t2x3.tbl" | tr -d ' ')" >"$tmp/h/use.c"
check "... a program including both headers (twice) compiles and links (-std=c99 -pedantic -Werror)" \
	$cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$tmp/h/use" "$tmp/h/use.c" "$tmp/h/tab.c" "$tmp/h/set.c"
check "... and reads the table's length and first byte through the header" "$tmp/h/use"

# A set stopped by SIGTERM or SIGINT: its folder in $TMPDIR, with the patterns
# already written, is removed, and nothing is left beside the C file.
for sig in TERM:15 INT:2; do
	num=${sig#*:} sig=${sig%:*}
	mkdir -p "$tmp/sig$sig"
	$GEN -q -j1 --board 4x4 --blank 0 --pdb 555 --entry pbit --c-array tab -o "$tmp/sig$sig/x.c" >/dev/null 2>&1 &
	p=$!
	i=0
	while [ $i -lt 400 ] && ! ls "$tmp"/tmpdir/slidetab-carray-*/*.tbl >/dev/null 2>&1 && kill -0 $p 2>/dev/null; do
		sleep 0.05
		i=$((i + 1))
	done
	if ls "$tmp"/tmpdir/slidetab-carray-*/*.tbl >/dev/null 2>&1; then
		kill -$sig $p
		wait $p
		r=$?
		check "SIG$sig during a set's --c-array ends gen by the signal (exit $r)" test $r -eq $((128 + num))
		check "... nothing left in \$TMPDIR" test -z "$(ls -A "$tmp/tmpdir")"
		check "... nothing beside the C file" test -z "$(ls -A "$tmp/sig$sig")"
	else
		wait $p
		ko "gen --c-array never wrote a pattern of its set in \$TMPDIR"
	fi
done

for id in int _Bool size_t NULL offsetof bool __x _Tab __tab; do
	status_is 2 "--c-array $id: refused" $G --c-array $id -o "$tmp/d/k.c"
	err_has "... the message names it" "gen: --c-array $id: "
done
check "... no file left" test ! -e "$tmp/d/k.c"

mkdir -p "$tmp/a*"
status_is 0 "-o a path holding */" $G --c-array tab -o "$tmp/a*/b.c"
echo 'int main(void) { return 0; }' >"$tmp/main.c"
check "... the source compiles (-std=c99 -pedantic -Werror)" $cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$tmp/m" "$tmp/main.c" "$tmp/a*/b.c"
summary
