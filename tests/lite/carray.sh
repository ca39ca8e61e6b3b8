#!/bin/sh
# SPDX-License-Identifier: Zlib
# carray.sh: gen --c-array writes a table as C source whose bytes are exactly the table gen -o
# writes with the same options, a const array that compiles with -Wall -Wextra -Werror -pedantic
# (C99 and C11), and a set (--pdb) as one source of its files in --list-files order; bad names and
# missing -o are usage errors (exit 2) that leave no file behind.
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-carray.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail() { echo "carray: $*" >&2; exit 1; }
cc=${CC:-cc}
for opts in "--board 2x3 --blank 1 --compress compact" "--board 2x2 --compress none --entry plain" "--board 3x3"; do
	bin/gen -q $opts -o "$tmp/t.tbl" > /dev/null || fail "gen $opts failed"
	bin/gen -q $opts --c-array tab_1 -o "$tmp/t.c" > /dev/null || fail "gen $opts --c-array failed"
	[ ! -e "$tmp/t.c.tbl" ] && [ ! -e "$tmp/t.c.tmp" ] || fail "temporary files left behind"
	grep -q '^tab_1_ALIGN const unsigned char tab_1\[\] = {$' "$tmp/t.c" || fail "no const array tab_1"
	cat > "$tmp/dump.c" <<'C'
#include <stdio.h>
extern const unsigned char tab_1[];
extern const size_t tab_1_len;
int main(void) { return fwrite(tab_1, 1, tab_1_len, stdout) == tab_1_len ? 0 : 1; }
C
	for std in c99 c11; do
		$cc -std=$std -pedantic -Wall -Wextra -Werror -o "$tmp/dump" "$tmp/dump.c" "$tmp/t.c" ||
			fail "$opts: -std=$std does not compile"
		"$tmp/dump" > "$tmp/back.tbl" && cmp -s "$tmp/back.tbl" "$tmp/t.tbl" ||
			fail "$opts: the array is not the table"
	done
	nm "$tmp/dump" | grep -q ' [Rr] tab_1$' || fail "$opts: tab_1 is not read-only data"
done
# a set (--pdb, 1-bit placement entries): NAME[i] and NAME_len[i] are its files in --list-files order
opts="--board 3x3 --pdb auto4 --entry pbit"
bin/gen -q $opts --dir "$tmp" > /dev/null || fail "gen $opts failed"
bin/gen -q $opts --c-array set_1 -o "$tmp/s.c" > /dev/null || fail "gen $opts --c-array failed"
[ ! -e "$tmp/s.c.d" ] && [ ! -e "$tmp/s.c.tmp" ] || fail "temporary files left behind by the set"
cat > "$tmp/dumps.c" <<'C'
#include <stdio.h>
extern const void *const set_1[];
extern const size_t set_1_len[];
extern const int set_1_count;
int main(int argc, char **argv)
{
	int i = argc == 2 ? argv[1][0] - '0' : 0;
	if (argc != 2)
		return printf("%d\n", set_1_count) < 0;
	return fwrite(set_1[i], 1, set_1_len[i], stdout) == set_1_len[i] ? 0 : 1;
}
C
$cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$tmp/dumps" "$tmp/dumps.c" "$tmp/s.c" || fail "the set does not compile"
[ "$("$tmp/dumps")" = "$(bin/gen $opts --dir "$tmp" --list-files | wc -l)" ] || fail "the set's count differs"
i=0
for f in $(bin/gen $opts --dir "$tmp" --list-files); do
	"$tmp/dumps" $i > "$tmp/back.tbl" && cmp -s "$tmp/back.tbl" "$f" || fail "the set's array $i is not $f"
	i=$((i + 1))
done
for bad in "--c-array 1x -o $tmp/b.c" "--c-array a-b -o $tmp/b.c" "--c-array ok" \
	"--c-array ok --count-only -o $tmp/b.c" "--pdb 555 --c-array ok"; do
	bin/gen -q --board 2x2 $bad > /dev/null 2>&1
	rc=$?
	[ $rc -eq 2 ] || fail "gen --board 2x2 $bad: exit $rc, expected 2"
	[ ! -e "$tmp/b.c" ] || fail "gen $bad left $tmp/b.c"
done
echo "carray: 3 tables and a set of $i as C sources equal to their files (C99 and C11), 5 usage errors refused"
