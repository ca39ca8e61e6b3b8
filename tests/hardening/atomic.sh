#!/bin/sh
# SPDX-License-Identifier: Zlib
# atomic.sh: gen's promise that an interrupted or failed write leaves no table under the final
# name and no stray temporary file, tested where it can break: a signal that provably lands while
# the table is being written (the test hook $SLIDETAB_TEST_WRITE_DELAY_MS slows the write down, and
# the kill waits until gen holds the output file open), a size-limited tmpfs that fills during the
# write, and the path for file systems without O_TMPFILE ($SLIDETAB_TEST_NO_TMPFILE). The tmpfs
# needs root (CI runs as root); without it those cases are counted as skipped.
. tests/common.sh

# interrupt MODE SIG DIR: gen writes a 2x5 table slowly into DIR; SIG lands during the write.
interrupt() {
	mode=$1 sig=$2 dir=$3
	rm -rf "$dir" && mkdir -p "$dir"
	env SLIDETAB_TEST_WRITE_DELAY_MS=100 ${mode:+SLIDETAB_TEST_NO_TMPFILE=1} \
		"$GEN" -q --board 2x5 --blank 0 -c none -o "$dir/2x5-b0.tbl" >/dev/null 2>&1 &
	p=$!
	if ! writing_started $p "$dir"; then
		ko "${mode:-O_TMPFILE}: gen never opened its output"
		wait $p
		return
	fi
	kill -s "$sig" $p
	wait $p
	r=$?
	if [ $r -gt 128 ] && [ -z "$(ls -A "$dir")" ]; then
		ok "${mode:-O_TMPFILE}: SIG$sig during the write (exit $r): no table, no temporary file"
	else
		ko "${mode:-O_TMPFILE}: SIG$sig during the write: exit $r, folder: $(ls -A "$dir" | tr '\n' ' ')"
	fi
}

for sig in TERM INT HUP; do
	interrupt "" $sig "$tmp/a"
	interrupt named $sig "$tmp/b"
done
# SIGKILL cannot be caught: the unnamed file vanishes with the process; a named one would stay
# (documented in docs/hardening.md), so only the O_TMPFILE path is promised here.
interrupt "" KILL "$tmp/a"

# The same hook, uninterrupted: the bytes do not depend on it or on the temporary file's kind.
"$GEN" -q --board 2x5 --blank 0 -c none -o "$tmp/plain.tbl" >/dev/null
SLIDETAB_TEST_WRITE_DELAY_MS=1 SLIDETAB_TEST_NO_TMPFILE=1 "$GEN" -q --board 2x5 --blank 0 -c none -o "$tmp/hooked.tbl" >/dev/null
if cmp -s "$tmp/plain.tbl" "$tmp/hooked.tbl" && [ "$(ls "$tmp" | grep -c tmp)" -eq 0 ]; then
	ok "named temporary path: the same table, nothing left over"
else
	ko "named temporary path: the table differs or a temporary file stayed"
fi

# A disk that fills during the write: gen passes its up-front check, then the disk is filled.
fill_during_write() {
	mode=$1
	small=$tmp/small
	mkdir -p "$small"
	if ! mount -t tmpfs -o size=3m tmpfs "$small" 2>/dev/null; then
		skipped "${mode:-O_TMPFILE}: a disk that fills during the write (mounting a tmpfs needs root)"
		return
	fi
	env SLIDETAB_TEST_WRITE_DELAY_MS=100 ${mode:+SLIDETAB_TEST_NO_TMPFILE=1} \
		"$GEN" -q --board 2x5 --blank 0 -c none -o "$small/2x5-b0.tbl" >/dev/null 2>"$tmp/fill.err" &
	p=$!
	if writing_started $p "$small"; then
		dd if=/dev/zero of="$small/filler" bs=64k 2>/dev/null # until the disk is full
		wait $p
		r=$?
		rm -f "$small/filler"
		if [ $r -eq 1 ] && grep -q "No space left on device" "$tmp/fill.err" && [ -z "$(ls -A "$small")" ]; then
			ok "${mode:-O_TMPFILE}: the disk filled during the write: exit 1, the message says so, nothing left"
		else
			ko "${mode:-O_TMPFILE}: disk full during the write: exit $r, $(head -c 200 "$tmp/fill.err"), left: $(ls -A "$small" | tr '\n' ' ')"
		fi
	else
		wait $p
		ko "${mode:-O_TMPFILE}: gen never opened its output on the small disk"
	fi
	umount "$small"
}
fill_during_write ""
fill_during_write named

summary
