#!/bin/sh
# SPDX-License-Identifier: Zlib
# wheel.sh: `make check-wheel` (after make wheel): the wheel in python/dist links the C core
# statically (readelf -d: NEEDED only libc, libm, libpthread, libz and the dynamic loader) and
# holds its tables, so that in a fresh venv with nothing else installed (no system site packages,
# pip --no-index) `slidetab.open()` answers 3x3 and 2x4 puzzles; the package's own tests
# (tests/python) then pass in a venv that sees Debian's numpy and pytest, on the installed wheel;
# and the sdist builds a wheel offline, outside the tree, that answers the same. A counted skip
# without python3-build or venv.
. tests/common.sh
PYTHON=${PYTHON:-/usr/bin/python3}
if ! "$PYTHON" -c 'import build, venv, ensurepip' 2>/dev/null; then
	skipped "wheel: no build or venv module for $PYTHON (.ci/deps.sh pkg installs python3-build)"
	summary
	exit $?
fi
version=$(${MAKE:-make} -s --no-print-directory version)
whl=$(ls python/dist/slidetab-"$version"-*-linux_*.whl 2>/dev/null | sed -n 1p)
sdist=python/dist/slidetab-$version.tar.gz
[ -f "$whl" ] && [ -f "$sdist" ] || { ko "no wheel and sdist of $version in python/dist (make wheel)"; summary; exit 1; }
ok "$(basename "$whl") ($(wc -c <"$whl") bytes), $(basename "$sdist") ($(wc -c <"$sdist") bytes)"
needed_ok() { # needed_ok WHEEL: the extension's NEEDED entries are all allowed
	rm -rf "$tmp/x" && mkdir "$tmp/x" && (cd "$tmp/x" && "$PYTHON" -m zipfile -e "$1" .) || return 1
	readelf -d "$tmp/x"/slidetab/_slidetab*.so | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >"$tmp/needed"
	grep -v -E '^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libz\.so\.1|ld-linux-[a-z0-9_-]*\.so\.[0-9])$' "$tmp/needed" >"$tmp/extra"
	[ -s "$tmp/needed" ] && [ ! -s "$tmp/extra" ]
}
if needed_ok "$PWD/$whl"; then ok "the extension needs only $(tr '\n' ' ' <"$tmp/needed")"; else
	ko "the extension needs $(tr '\n' ' ' <"$tmp/extra")(libslidetab not linked statically?)"; fi
if ls "$tmp/x"/slidetab/tables/3x3-b0.tbl "$tmp/x"/slidetab/tables/2x4-b0.tbl >/dev/null 2>&1; then
	ok "the wheel holds $(ls "$tmp/x"/slidetab/tables | wc -l) tables"; else ko "the wheel lacks the 3x3 and 2x4 tables"; fi
# smoke VENV WHEEL NAME: a fresh venv (no system site packages) with the wheel alone answers from its tables.
smoke() {
	"$PYTHON" -m venv "$1" && "$1/bin/pip" install -q --no-index --disable-pip-version-check "$2" >"$tmp/pip" 2>&1 ||
		{ ko "$3: pip install --no-index into a fresh venv"; tail -5 "$tmp/pip"; return; }
	mkdir -p "$tmp/elsewhere"
	(cd "$tmp/elsewhere" && env -u SLIDETAB_TABLES -u PYTHONPATH "$1/bin/python" -c '
import slidetab
db = slidetab.open()
print(slidetab.__file__.startswith(__import__("sys").prefix), db.distance([1, 2, 3, 4, 5, 6, 0, 7, 8]),
      db.distance([8, 6, 7, 2, 5, 4, 3, 0, 1]), db.path([1, 2, 3, 4, 5, 6, 0, 7, 8]),
      db.distance([1, 2, 3, 4, 5, 6, 0, 7], board="2x4"), db.distance([1, 2, 3, 4, 5, 6, 8, 7, 0]))
') >"$tmp/out" 2>"$tmp/err"
	out_is "$3: in a fresh venv slidetab.open() answers 3x3 (2, 31 published, rr) and 2x4 from the wheel's tables" \
		'True 2 31 rr 1 None\n'
	[ -s "$tmp/err" ] && head -5 "$tmp/err"
}
smoke "$tmp/bare" "$PWD/$whl" "wheel"
# The package's own tests on the installed wheel (numpy and pytest from Debian: --system-site-packages).
if "$PYTHON" -c 'import numpy, pytest' 2>/dev/null; then
	"$PYTHON" -m venv --system-site-packages "$tmp/full" &&
		"$tmp/full/bin/pip" install -q --no-index --disable-pip-version-check "$PWD/$whl" >"$tmp/pip" 2>&1
	where=$(cd "$tmp" && env -u PYTHONPATH "$tmp/full/bin/python" -c 'import slidetab; print(slidetab.__file__)')
	case $where in "$tmp/full"/*) ok "the tests' venv imports the wheel's slidetab" ;; *) ko "the tests' venv imports $where" ;; esac
	# (test_pip_install_into_a_venv builds ./python from the tree: make check-python's, not the wheel's)
	if env -u PYTHONPATH "$tmp/full/bin/python" -m pytest -q -p no:cacheprovider tests/python \
		-k 'not test_pip_install_into_a_venv' >"$tmp/pytest" 2>&1; then
		ok "tests/python on the installed wheel: $(tail -n 1 "$tmp/pytest")"
	else
		ko "tests/python on the installed wheel"
		tail -20 "$tmp/pytest"
	fi
else
	skipped "tests/python on the wheel: no numpy or pytest for $PYTHON"
fi
# The sdist, unpacked outside the tree, builds a wheel offline (its own copy of the library's sources).
mkdir -p "$tmp/sd" && tar -xzf "$sdist" -C "$tmp/sd"
if (cd "$tmp/sd/slidetab-$version" && "$PYTHON" -m build --no-isolation --wheel --outdir "$tmp/sdwheel" .) >"$tmp/sdlog" 2>&1; then
	w2=$(ls "$tmp"/sdwheel/*.whl | sed -n 1p)
	ok "the sdist builds $(basename "$w2") offline"
	if needed_ok "$w2"; then ok "its extension needs only $(tr '\n' ' ' <"$tmp/needed")"; else ko "its extension needs $(tr '\n' ' ' <"$tmp/extra")"; fi
	smoke "$tmp/bare2" "$w2" "the sdist's wheel"
else
	ko "the sdist does not build a wheel offline"
	tail -15 "$tmp/sdlog"
fi
summary
