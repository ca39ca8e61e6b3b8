#!/bin/sh
# SPDX-License-Identifier: Zlib
# check.sh: `make check-abi`, the ABI gate: abidiff (Debian's abigail-tools) compares the .so built
# now with the .so of the last release (the commit in abi/BASELINE, built once in a temporary git
# worktree and kept in build/abi/COMMIT/), each with its public header. An incompatible change (a
# function removed or changed, a public struct changed, an enumerator whose value moved, such as a
# status inserted mid-enum) fails unless the soname's major changed too; an added function or an
# enumerator added at the end passes. Exit 0 compatible, 1 broken, 2 cannot check.
#   check.sh                          the tree's lib/libslidetab.so.* against the baseline
#   check.sh compare OLD.so OLDINC NEW.so NEWINC   two libraries and their header folders
cd "$(dirname "$0")/.." || exit 2
command -v abidiff >/dev/null 2>&1 || { echo "check-abi: no abidiff (.ci/deps.sh pkg installs abigail-tools)" >&2; exit 2; }
soname() { readelf -d "$1" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p'; }

# enum_values INC: "NAME VALUE" for every enumerator of the headers in folder INC, sorted; the
# names read from the preprocessed header (no comments), the values printed by a program the
# compiler builds against it. abidiff sees an enum only when a function's signature names it.
enum_values() {
	w=$(mktemp -d "${TMPDIR:-/tmp}/abi-enum.XXXXXX") || return 2
	for h in "$1"/*.h; do
		names=$(${CC:-cc} -E -P -x c "$h" 2>/dev/null | tr '\n' ' ' | grep -o 'enum[ A-Za-z0-9_]*{[^}]*}' |
			sed 's/^[^{]*{//; s/}$//' | tr ',' '\n' | sed 's/=.*//; s/[[:space:]]//g' | grep -v '^$')
		{
			echo '#include <stdio.h>'
			echo "#include \"${h##*/}\""
			echo 'int main(void) {'
			for n in $names; do printf 'printf("%%s %%lld\\n", "%s", (long long)%s);\n' "$n" "$n"; done
			echo 'return 0; }'
		} >"$w/enums.c"
		${CC:-cc} -I"$1" "$w/enums.c" -o "$w/enums" && "$w/enums" || { rm -rf "$w"; return 2; }
	done | LC_ALL=C sort
	rm -rf "$w"
}

# enums_kept OLDINC NEWINC: every enumerator of the old headers keeps its value in the new ones
# (new statuses only at the end); prints each one that moved or went.
enums_kept() {
	e_old=$(enum_values "$1") && e_new=$(enum_values "$2") || { echo "check-abi: cannot read the enums" >&2; return 2; }
	moved=$(echo "$e_old" | while read -r n v; do
		[ -n "$n" ] || continue
		w=$(echo "$e_new" | awk -v n="$n" '$1 == n { print $2 }')
		[ "$w" = "$v" ] || echo "  enumerator $n: $v, now ${w:-gone}"
	done)
	[ -z "$moved" ] && return 0
	echo "$moved"
	return 1
}

# compare OLD.so OLDINC NEW.so NEWINC: the gate's rule on two libraries.
compare() {
	report=${TMPDIR:-/tmp}/abidiff.$$
	abidiff --headers-dir1 "$2" --headers-dir2 "$4" "$1" "$3" >"$report" 2>&1
	rc=$?
	old=$(soname "$1") new=$(soname "$3")
	if [ $((rc & 1)) -ne 0 ] || [ -z "$old" ] || [ -z "$new" ]; then
		cat "$report" >&2
		echo "check-abi: abidiff could not compare $1 ($old) and $3 ($new)" >&2
		rm -f "$report"
		return 2
	fi
	# abidiff's exit code marks only removals as incompatible (8); a changed type under a function
	# (a struct's field) is "changed" in its summaries: removed or changed is broken, added is not.
	changed=$(sed -n 's/^[A-Za-z ]*changes summary: \([0-9]*\) Removed[^,]*, \([0-9]*\) Changed.*/\1 \2/p' "$report" |
		tr ' ' '\n' | grep -c -v '^0$')
	enums_kept "$2" "$4" >"$report.enums"
	erc=$?
	[ $erc -ne 2 ] || { rm -f "$report" "$report.enums"; return 2; }
	if [ $((rc & 8)) -ne 0 ] || [ "$changed" -ne 0 ] || [ $erc -ne 0 ]; then
		sed 's/^/  /' "$report"
		cat "$report.enums"
		rm -f "$report.enums"
		rm -f "$report"
		if [ "${old%.so.*}" = "${new%.so.*}" ] && [ "${old##*.so.}" != "${new##*.so.}" ]; then
			echo "check-abi: incompatible with $old, and the soname is now $new: allowed (a new major)"
			return 0
		fi
		echo "check-abi: $3 breaks the ABI of $old (above) and keeps its soname $new:" \
			"restore it, or raise SLIDETAB_VERSION_MAJOR in include/slidetab.h" >&2
		return 1
	fi
	rm -f "$report.enums"
	if [ $((rc & 4)) -ne 0 ]; then
		sed 's/^/  /' "$report"
		echo "check-abi: compatible with $old (additions only)"
	else
		echo "check-abi: the same ABI as $old"
	fi
	rm -f "$report"
	return 0
}

if [ "${1:-}" = compare ]; then
	compare "$2" "$3" "$4" "$5"
	exit $?
fi
base=$(sed -n '1s/^\([0-9a-f]\{7,40\}\).*/\1/p' abi/BASELINE)
commit=$(git rev-parse --verify -q "$base^{commit}") || { echo "check-abi: abi/BASELINE names '$base', not a commit here" >&2; exit 2; }
cache=build/abi/$commit
if ! ls "$cache"/libslidetab.so.*.* >/dev/null 2>&1; then
	wt=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-abi.XXXXXX") || exit 2
	trap 'git worktree remove --force "$wt/src" >/dev/null 2>&1; rm -rf "$wt"' EXIT
	echo "check-abi: building the baseline ${commit%"${commit#???????}"}'s library (once; kept in $cache)"
	git worktree add -q --detach "$wt/src" "$commit" || exit 2
	make -C "$wt/src" -j2 --no-print-directory libs >"$wt/log" 2>&1 || { tail -20 "$wt/log" >&2; exit 2; }
	mkdir -p "$cache" && cp -r "$wt/src/include" "$cache/" &&
		cp "$(ls "$wt/src"/lib/libslidetab.so.*.* | sed -n 1p)" "$cache/" || exit 2
fi
now=lib/libslidetab.so.$(make -s --no-print-directory version)
[ -f "$now" ] || { echo "check-abi: $now is not built (make libs)" >&2; exit 2; }
old=$(ls "$cache"/libslidetab.so.*.* | sed -n 1p)
echo "check-abi: $now against $old, abi/BASELINE's ${commit%"${commit#???????}"}"
compare "$old" "$cache/include" "$now" include
