#!/bin/sh
# run.sh: `make check-js`: the npm package's tests (js/test/*.test.js, node's own runner) against
# bin/query, and the page's in headless Chromium (js/test/page.test.js skips itself, counted,
# without chromium); a counted skip of them all without node, npm, clang's wasm32 or wasm-ld.
. tests/common.sh
if [ "${HAVE_JS:-}" != 1 ]; then
	skipped "js tests: no ${NODE:-node}, npm, clang (wasm32) or wasm-ld; .ci/deps.sh installs nodejs npm clang lld"
	summary
	exit $?
fi
# node's runner prints a TAP-like report and its own counts (# pass, # skipped, # fail).
${NODE:-node} --test --test-reporter=spec js/test/*.test.js 2>&1 | tee "$tmp/log"
status=$?
grep -q '^ℹ fail 0$' "$tmp/log" || status=1
exit $status
