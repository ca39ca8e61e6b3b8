#!/bin/sh
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

check "no temporary file left in the folder" test "$(ls -A "$tmp/d" | tr '\n' ' ')" = "dangling.c fifo link.c plain.c target.c x.c x.c.tbl x.c.tmp "
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

for id in int _Bool size_t NULL offsetof bool __x; do
	status_is 2 "--c-array $id: refused" $G --c-array $id -o "$tmp/d/k.c"
	err_has "... the message names it" "gen: --c-array $id: "
done
check "... no file left" test ! -e "$tmp/d/k.c"

mkdir -p "$tmp/a*"
status_is 0 "-o a path holding */" $G --c-array tab -o "$tmp/a*/b.c"
echo 'int main(void) { return 0; }' >"$tmp/main.c"
check "... the source compiles (-std=c99 -pedantic -Werror)" $cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$tmp/m" "$tmp/main.c" "$tmp/a*/b.c"
summary
