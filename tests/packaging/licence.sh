#!/bin/sh
# SPDX-License-Identifier: Zlib
# licence.sh: the project's licence, the zlib licence with copyright "the slidetab authors", said
# in LICENSE at the root and by every route's metadata: SPDX Zlib in js/package.json and the
# Python package (setup.py --license), DEP-5 "License: Zlib" in debian/copyright with the same text.
. tests/common.sh
check "LICENSE: copyright the slidetab authors" grep -q '^Copyright (c) [0-9]* the slidetab authors$' LICENSE
check "LICENSE: the zlib licence's three conditions" \
	grep -q '^3. This notice may not be removed or altered from any source distribution.$' LICENSE
check "js/package.json: \"license\": \"Zlib\"" grep -q '"license": "Zlib"' js/package.json
PYTHON=${PYTHON:-python3}
if command -v "$PYTHON" >/dev/null 2>&1; then
	status_is 0 "python/setup.py --license" sh -c "cd python && SLIDETAB_NO_MAKE=1 $PYTHON setup.py -q --license 2>/dev/null"
	out_is "... Zlib" 'Zlib\n'
else
	skipped "python/setup.py --license: no python3 (sh .ci/deps.sh installs it)"
fi
check "debian/copyright: Files: * under License: Zlib" sh -c "grep -q '^License: Zlib$' debian/copyright"
# The licence text in debian/copyright (a continuation line each, '.' for a blank line) is LICENSE's.
awk '/^License: Zlib$/ { n++; next } n == 2 && /^ / { sub(/^ /, ""); if ($0 == ".") $0 = ""; print }' debian/copyright >"$tmp/deb"
sed '1,2d' LICENSE >"$tmp/want"
if cmp -s "$tmp/deb" "$tmp/want"; then ok "debian/copyright holds LICENSE's text"; else
	ko "debian/copyright's licence text differs from LICENSE"; diff "$tmp/want" "$tmp/deb" | head -5; fi
summary
