#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: `make check-python`: the slidetab package's pytest suite (tests/python) under Debian's
# interpreter ($PYTHON); a counted skip where Python's headers, numpy or pytest are missing, or in
# a sanitizer build (the archive's objects would need the sanitizer's runtime inside python).
. tests/common.sh
PYTHON=${PYTHON:-/usr/bin/python3}
why=""
if [ -n "${SLIDETAB_SANITIZED:-}" ]; then
	why="a sanitizer build (run them in a plain build)"
elif ! command -v "$PYTHON" >/dev/null 2>&1; then
	why="no $PYTHON; .ci/deps.sh installs python3-dev python3-numpy python3-pytest"
elif ! "$PYTHON" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
	why="no Python.h for $PYTHON; .ci/deps.sh installs python3-dev"
elif ! "$PYTHON" -c 'import numpy, pytest' 2>/dev/null; then
	why="no numpy or pytest for $PYTHON; .ci/deps.sh installs python3-numpy python3-pytest"
fi
if [ -n "$why" ]; then
	skipped "python tests: $why"
	summary
	exit $?
fi
if ! ${MAKE:-make} --no-print-directory python WERROR="${WERROR:-}" >"$tmp/build" 2>&1; then
	cat "$tmp/build"
	ko "make python"
	summary
	exit 1
fi
PYTHONPATH=python "$PYTHON" -m pytest -q -p no:cacheprovider tests/python
