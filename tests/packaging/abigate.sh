#!/bin/sh
# SPDX-License-Identifier: Zlib
# abigate.sh: make check's ABI gate: abi/check.sh on the tree's .so against abi/BASELINE's release
# (make check-abi), a counted skip, saying what installs it, without abidiff or outside a git
# checkout (the tarball: the baseline is a commit). CI runs it within make check.
. tests/common.sh
if ! command -v abidiff >/dev/null 2>&1; then
	skipped "ABI gate (check-abi): no abidiff (.ci/deps.sh pkg installs abigail-tools)"
elif ! git rev-parse --verify -q "$(sed -n '1s/^\([0-9a-f]*\).*/\1/p' abi/BASELINE)^{commit}" >/dev/null 2>&1; then
	skipped "ABI gate (check-abi): abi/BASELINE's commit is not here (not a git checkout)"
else
	status_is 0 "ABI gate: abi/check.sh against abi/BASELINE's release" sh abi/check.sh
	sed 's/^/     /' "$tmp/out" | tail -3
	[ -s "$tmp/err" ] && sed 's/^/     /' "$tmp/err" | tail -5
fi
summary
