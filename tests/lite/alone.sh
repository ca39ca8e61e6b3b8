#!/bin/sh
# SPDX-License-Identifier: Zlib
# alone.sh: lite/'s files build on their own: copied into an empty folder, each .c compiles there
# with `cc -std=c99 -pedantic -ffreestanding -c` and no -I (a firmware or web tree holds only them).
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-alone.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
cp lite/*.c lite/*.h "$tmp/" || exit 2
bad=0 n=0
for f in "$tmp"/*.c; do
	n=$((n + 1))
	(cd "$tmp" && $cc -std=c99 -pedantic -ffreestanding -Wall -Wextra -Werror -c "$(basename "$f")") ||
		{ echo "alone: lite/$(basename "$f") does not compile in a folder holding only lite/'s files" >&2; bad=1; }
done
[ $bad = 0 ] && echo "alone: $n lite/ sources compile in a folder holding only lite/'s files"
exit $bad
