# SPDX-License-Identifier: Zlib
# timed.sh: what the bench scripts share, sourced after they set B (the bench programs' folder) and tmp.
# fail MESSAGE: prints FAIL and makes the script exit 1 at its end ($failed).
# timed NAME [-i IN] CMD...: runs CMD with stdout in $tmp/out; sets wall cpu rss (KiB); checks exit 0.
failed=0
fail() { failed=1; echo "FAIL: $*"; }
timed() {
	name=$1
	shift
	"$B/runstat" -o "$tmp/out" "$@" 2>"$tmp/stat" >/dev/null
	set -- $(tail -n 1 "$tmp/stat")
	wall=$1 cpu=$2 rss=$3
	[ "${4:-1}" -eq 0 ] || fail "$name exited with status ${4:-?}"
}
