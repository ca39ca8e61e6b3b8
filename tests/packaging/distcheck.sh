#!/bin/sh
# SPDX-License-Identifier: Zlib
# distcheck.sh: `make distcheck` (opt-in, about as long as make check): the release tarball
# (make dist) unpacked into an empty folder builds with make and passes make check there.
. tests/common.sh
mk=${1:-make}
version=$($mk -s --no-print-directory version)
status_is 0 "make dist" $mk -s --no-print-directory dist DISTDIR="$tmp"
tar -xzf "$tmp/slidetab-$version.tar.gz" -C "$tmp" || { ko "unpack"; summary; exit 1; }
t0=$(date +%s)
if (cd "$tmp/slidetab-$version" && $mk -j2 && $mk -j2 check) >"$tmp/log" 2>&1; then
	ok "make && make check in the unpacked tarball ($(($(date +%s) - t0)) s)"
else
	ko "make && make check in the unpacked tarball:"
	tail -30 "$tmp/log"
fi
summary
