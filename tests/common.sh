# SPDX-License-Identifier: Zlib
# common.sh: the one shell test harness, sourced by every end-to-end and hardening script from the
# repository root: the programs, a scratch folder, counters, the checks and the closing line. Only
# the tables a test names count: $SLIDETAB_TABLES is unset.
unset SLIDETAB_TABLES
GEN=${GEN:-bin/gen}
QUERY=${QUERY:-bin/query}
for b in "$GEN" "$QUERY"; do
	[ -x "$b" ] || { echo "$0: $b is missing; build first (make)" >&2; exit 2; }
done
pass=0
fail=0
skip=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
ok() { pass=$((pass + 1)); echo "ok   $*"; }
ko() { fail=$((fail + 1)); echo "FAIL $*"; }
skipped() { skip=$((skip + 1)); echo "SKIP $*"; }
check() { # check NAME COMMAND...: passes when the command succeeds
	name=$1
	shift
	if "$@" >"$tmp/cout" 2>"$tmp/cerr"; then ok "$name"; else ko "$name"; sed 's/^/     /' "$tmp/cerr" | head -5; fi
}
status_is() { # status_is WANT NAME COMMAND...: stdout in $tmp/out, stderr in $tmp/err
	want=$1 name=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"; else ko "$name: exit $got, expected $want"; sed 's/^/     /' "$tmp/err" | head -3; fi
}
has() { grep -q -- "$2" "$1"; }
out_is() { # out_is NAME TEXT: the last status_is printed exactly TEXT (a printf format)
	printf "$2" >"$tmp/want"
	if cmp -s "$tmp/out" "$tmp/want"; then ok "$1"; else ko "$1"; diff "$tmp/want" "$tmp/out" | head -5; fi
}
err_has() { if grep -q -- "$2" "$tmp/err"; then ok "$1"; else ko "$1 (stderr lacks '$2')"; head -3 "$tmp/err"; fi; }
err_lacks() { if grep -q -- "$2" "$tmp/err"; then ko "$1 (stderr has '$2')"; else ok "$1"; fi; }
# writing_started PID DIR: waits (at most 20 s) until process PID holds a file in DIR open, seen on
# two polls 50 ms apart (gen's check before its search opens and removes one for a moment).
writing_started() {
	i=0 seen=0
	while [ $i -lt 400 ]; do
		if ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "-> $2/"; then seen=$((seen + 1)); else seen=0; fi
		[ $seen -ge 2 ] && return 0
		kill -0 "$1" 2>/dev/null || return 1
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
# hint_build KIND PREFIX OUT: examples/hint.c built in folder OUT as a user builds it against the
# libslidetab installed at PREFIX: KIND shared (pkg-config --libs) or static (PREFIX's libslidetab.a
# and pkg-config --static). A sanitized library ($SLIDETAB_SAN) needs those flags in the program too.
hint_build() {
	mkdir -p "$3" && cp examples/hint.c "$3/" || return 1
	pc="env PKG_CONFIG_PATH=$2/lib/pkgconfig pkg-config"
	if [ "$1" = shared ]; then hl=$($pc --libs slidetab)
	else hl="$2/lib/libslidetab.a $($pc --static --libs-only-other slidetab) -lz -lm -pthread"; fi
	# shellcheck disable=SC2086
	(cd "$3" && cc -Wall -Wextra -Werror hint.c $($pc --cflags slidetab) ${SLIDETAB_SAN:-} $hl -o "hint-$1")
}
# full_dev NAME: sets $full to a device every write to fails with ENOSPC, for a case NAME that
# tests write errors. /dev/full is never given to a writer that could rename onto it (as root, a
# writer bug would replace the device for the whole machine): root gets a private node of the same
# device in $tmp. Returns 1, counting NAME as skipped, when /dev/full is not a character device.
full_dev() {
	if [ ! -c /dev/full ]; then skipped "$1 (/dev/full is not a character device)"; return 1; fi
	full=/dev/full
	[ "$(id -u)" -eq 0 ] || return 0 # without root nothing can be renamed into /dev
	full=$tmp/full
	[ -c "$full" ] || { rm -f "$full" && mknod "$full" c "$((0x$(stat -c %t /dev/full)))" "$((0x$(stat -c %T /dev/full)))" &&
		chmod 666 "$full"; } 2>/dev/null
	[ -c "$full" ] && return 0
	skipped "$1 (no private full device: mknod failed)"
	return 1
}
# full_kept NAME: after a write to $full, the device is still a character device.
full_kept() { if [ -c "$full" ]; then ok "$1: $full is still a character device"; else ko "$1: $full was replaced"; fi; }
# news_sections: NEWS's sections, newest first, one line each: "VERSION COMMIT" for a release
# ("VERSION -" until its commit is written beside it), "VERSION unreleased" for the next release's
# (the rule is NEWS's head).
news_sections() {
	sed -n -e 's/^slidetab \([0-9][0-9.]*\) (unreleased)$/\1 unreleased/p' \
		-e 's/^slidetab \([0-9][0-9.]*\) (\([0-9a-f]\{7,40\}\),.*/\1 \2/p' \
		-e 's/^slidetab \([0-9][0-9.]*\)\( .*\)*$/\1 -/p' NEWS
}
summary() { # the closing line: skips are counted and shown
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" -eq 0 ]
}
