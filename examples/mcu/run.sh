#!/bin/sh
# SPDX-License-Identifier: Zlib
# run.sh: runs each firmware on qemu-system-arm (semihosting) and compares its paths with query's
# on its puzzles; prints its flash and RAM (and, for a firmware that reports them in "# stack N"
# and "# time N" lines, the stack it took and its time), and fails a flash over MAX-FLASH bytes
# (the flash targets). A counted skip without the tools.
# Usage: run.sh [FIRMWARE.elf BOARD TABLE-SYMBOL PUZZLES MAX-FLASH MACHINE QUERY-OPTION|-]...
cd "$(dirname "$0")/../.." || exit 2
if [ $# -eq 0 ]; then
	echo "mcu: 1 skipped (arm-none-eabi-gcc or qemu-system-arm not installed: .ci/deps.sh mcu installs them)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-mcu.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
while [ $# -ge 7 ]; do
	elf=$1 board=$2 sym=$3 puzzles=$4 max=$5 machine=$6 qopt=$7
	shift 7
	[ "$qopt" = - ] && qopt=
	timeout 120 qemu-system-arm -M "$machine" -nographic -monitor none -serial none \
		-semihosting-config enable=on,target=native -kernel "$elf" > "$tmp/out" 2>&1
	rc=$?
	grep -v '^# ' "$tmp/out" > "$tmp/got"
	bin/query --board "$board" $qopt --path < "$puzzles" > "$tmp/want"
	if [ $rc -ne 0 ] || ! cmp -s "$tmp/want" "$tmp/got"; then
		echo "mcu: the $board firmware (exit $rc) does not answer as query does:" >&2
		diff "$tmp/want" "$tmp/got" | head -5 >&2
		exit 1
	fi
	set -- $(arm-none-eabi-size "$elf" | awk 'NR == 2 {print $1, $2, $3}') "$@"
	ends=$(arm-none-eabi-nm "$elf" | awk '$3 == "_stack_bottom" { b = $1 } $3 == "_stack_top" { t = $1 } END { print t, b }')
	stack=$((0x${ends% *} - 0x${ends#* }))
	echo "mcu: $(wc -l < "$puzzles") $board puzzles answered on an emulated $machine as query answers them"
	table=0
	for size in $(arm-none-eabi-nm -S "$elf" | awk -v s="$sym" '$4 == s || $4 ~ "^" s "_[0-9]+$" { print $2 }'); do
		table=$((table + 0x$size))
	done
	echo "mcu: $board firmware flash $(($1 + $2)) bytes (the $board tables $table, code and constants" \
		"$(($1 - table)), data $2); RAM $(($2 + $3)) bytes (data and bss $(($2 + $3 - stack)), stack $stack)"
	used=$(awk '$2 == "stack" { print $3 }' "$tmp/out") cs=$(awk '$2 == "time" { print $3 }' "$tmp/out")
	nodes=$(awk '$2 == "nodes" { print ", " $3 " nodes" }' "$tmp/out")
	[ -n "$used" ] && echo "mcu: $board firmware: $used bytes of stack taken at most, $cs cs of the host's processor time$nodes"
	if [ $(($1 + $2)) -gt "$max" ]; then
		echo "mcu: the $board firmware's flash, $(($1 + $2)) bytes, is over its target of $max" >&2
		exit 1
	fi
	shift 3
done
