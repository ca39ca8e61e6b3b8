# common.sh: the preamble every hardening script shares (sourced): binaries, a scratch folder, counters.
# Usage: NAME=<script name> . tests/hardening/common.sh   (from the repo root)
GEN=${GEN:-bin/gen}
QUERY=${QUERY:-bin/query}
for b in "$GEN" "$QUERY"; do
	[ -x "$b" ] || { echo "$NAME: $b is missing; build first" >&2; exit 2; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
pass=0
fail=0
skipped=0
ok() { pass=$((pass + 1)); echo "PASS: $*"; }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
# The closing line every script prints: skips are counted and shown, never silent.
summary() {
	echo "$pass passed, $fail failed, $skipped skipped"
	[ "$fail" -eq 0 ]
}
