#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: `make check-js`: the npm package's tests (js/test/*.test.js, node's own runner) against
# bin/query, and the page's in headless Chromium (js/test/page.test.js skips itself, counted,
# without chromium); a counted skip of them all without node, npm, clang's wasm32 or wasm-ld, and
# in sanitizer builds.
. tests/common.sh
why=""
if [ -n "${SLIDETAB_SANITIZED:-}" ]; then
	why="a sanitizer build (the wasm and the page do not change with it: they run in the plain build)"
elif [ "${HAVE_JS:-}" != 1 ]; then
	why="no ${NODE:-node}, npm, clang (wasm32) or wasm-ld; .ci/deps.sh installs nodejs npm clang lld"
fi
if [ -n "$why" ]; then
	skipped "js tests: $why"
	summary
	exit $?
fi
# node's runner prints a TAP-like report and its own counts (# pass, # skipped, # fail).
# node's own status (not a pipe's), and no test failed or cancelled (a call that never settles
# drains the event loop: node then cancels its test)
${NODE:-node} --test --test-reporter=spec js/test/*.test.js >"$tmp/log" 2>&1
status=$?
cat "$tmp/log"
grep -q '^ℹ fail 0$' "$tmp/log" && grep -q '^ℹ cancelled 0$' "$tmp/log" || status=1
exit $status
