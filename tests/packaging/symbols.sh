#!/bin/sh
# SPDX-License-Identifier: Zlib
# symbols.sh: each line of debian/libslidetab0.symbols names the release that added the function,
# found here from git's history and NEWS, apart from the file: the first commit that wrote
# "NAME(" into include/slidetab.h (git log -S), then the oldest release NEWS names (by its commit)
# that holds that commit; none holds it: the next release, NEWS's "X.Y.Z (unreleased)" (NEWS's head
# says the rule), else the release the header says now, unless NEWS already names that release's
# commit. dpkg-gensymbols -c4 checks the names only, never the versions. A counted skip outside a
# git checkout with its history (the tarball).
. tests/common.sh
if ! git rev-parse --verify -q HEAD >/dev/null 2>&1 || [ "$(git rev-list --count HEAD 2>/dev/null)" -lt 2 ]; then
	skipped "symbols' releases: not a git checkout with its history"
	summary
	exit $?
fi
version=$(make -s --no-print-directory version)
# NEWS's releases, "X.Y.Z COMMIT" oldest first, and the next release's version (if NEWS has its section).
news_sections | grep ' [0-9a-f]*$' | tac >"$tmp/releases"
next=$(news_sections | sed -n 's/ unreleased$//p')
n=$(wc -l <"$tmp/releases")
if [ "$n" -ge 6 ]; then ok "NEWS names $n releases by their commits"; else ko "NEWS names $n releases by their commits"; fi
sed -n 's/^ \(slidetab_[a-z_0-9]*\)@Base \([0-9.]*\)$/\1 \2/p' debian/libslidetab0.symbols >"$tmp/symbols"
while read -r name said; do
	first=$(git log --reverse --format=%H -S"$name(" -- include/slidetab.h | sed -n 1p)
	if [ -z "$first" ]; then ko "$name: no commit wrote '$name(' into include/slidetab.h"; continue; fi
	added=
	while read -r rel commit; do
		if git merge-base --is-ancestor "$first" "$commit" 2>/dev/null; then added=$rel; break; fi
	done <"$tmp/releases"
	if [ -z "$added" ] && [ -n "$next" ]; then
		added=$next
	elif [ -z "$added" ]; then
		added=$version
		grep -q "^$version " "$tmp/releases" && added="the release after $version (the header still says $version)"
	fi
	if [ "$said" = "$added" ]; then ok "$name@Base $said"; else
		ko "$name@Base $said: added in $added (first in $(git log -1 --format=%h "$first"))"; fi
done <"$tmp/symbols"
m=$(wc -l <"$tmp/symbols")
[ "$m" -ge 18 ] && ok "the symbols file lists $m functions" || ko "the symbols file lists $m functions"
summary
