#!/bin/sh
# SPDX-License-Identifier: Zlib
# dist.sh: make dist writes slidetab-VERSION.tar.gz with the same bytes from two runs (another
# umask, the work tree's times touched in between, another time zone), holding exactly the files git
# tracks under slidetab-VERSION/, owned by 0/0, every time SOURCE_DATE_EPOCH (the last commit's).
. tests/common.sh
command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1 || { skipped "dist: not a git checkout"; summary; exit $?; }
version=$(${MAKE:-make} -s --no-print-directory version)
tarball=slidetab-$version
status_is 0 "make dist (1)" ${MAKE:-make} -s --no-print-directory dist DISTDIR="$tmp/a"
touch README.md
status_is 0 "make dist (2: umask 077, TZ=Asia/Tokyo, files touched)" sh -c "umask 077; TZ=Asia/Tokyo ${MAKE:-make} -s --no-print-directory dist DISTDIR='$tmp/b'"
if cmp -s "$tmp/a/$tarball.tar.gz" "$tmp/b/$tarball.tar.gz"; then ok "two runs give the same bytes ($(wc -c <"$tmp/a/$tarball.tar.gz") bytes)"; else
	ko "two runs of make dist differ"; fi
tar -tzf "$tmp/a/$tarball.tar.gz" >"$tmp/names"
git ls-files | LC_ALL=C sort | sed "s,^,$tarball/," >"$tmp/want"
if cmp -s "$tmp/names" "$tmp/want"; then ok "the tarball holds the $(wc -l <"$tmp/want") tracked files, sorted"; else
	ko "the tarball's names are not git ls-files' (sorted)"; diff "$tmp/want" "$tmp/names" | head -5; fi
epoch=$(git log -1 --format=%ct)
tar --numeric-owner --full-time -tvzf "$tmp/a/$tarball.tar.gz" | awk '{ print $2 }' | sort -u >"$tmp/owners"
if [ "$(cat "$tmp/owners")" = "0/0" ]; then ok "every file owned by 0/0"; else ko "owners: $(tr '\n' ' ' <"$tmp/owners")"; fi
want_time=$(TZ=UTC date -d "@$epoch" '+%Y-%m-%d %H:%M:%S')
TZ=UTC tar --full-time -tvzf "$tmp/a/$tarball.tar.gz" | awk '{ print $4, $5 }' | sort -u >"$tmp/times"
if [ "$(cat "$tmp/times")" = "$want_time" ]; then ok "every time is the last commit's ($want_time UTC)"; else
	ko "times: $(head -3 "$tmp/times" | tr '\n' ' ')"; fi
summary
