#!/bin/sh
# run.sh: runs each firmware on qemu-system-arm (mps2-an385, semihosting) and compares its paths
# with query's on its puzzles; prints its flash and RAM, and fails a flash over MAX-FLASH bytes
# (issue 25's targets). A counted skip without the tools.
# Usage: run.sh [FIRMWARE.elf BOARD TABLE-SYMBOL PUZZLES MAX-FLASH]...
cd "$(dirname "$0")/../.." || exit 2
if [ $# -eq 0 ]; then
	echo "mcu: 1 skipped (arm-none-eabi-gcc or qemu-system-arm not installed: .ci/deps.sh mcu installs them)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-mcu.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
while [ $# -ge 5 ]; do
	elf=$1 board=$2 sym=$3 puzzles=$4 max=$5
	shift 5
	timeout 120 qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none \
		-semihosting-config enable=on,target=native -kernel "$elf" > "$tmp/got" 2>&1
	rc=$?
	bin/query --board "$board" --path < "$puzzles" > "$tmp/want"
	if [ $rc -ne 0 ] || ! cmp -s "$tmp/want" "$tmp/got"; then
		echo "mcu: the $board firmware (exit $rc) does not answer as query does:" >&2
		diff "$tmp/want" "$tmp/got" | head -5 >&2
		exit 1
	fi
	set -- $(arm-none-eabi-size "$elf" | awk 'NR == 2 {print $1, $2, $3}') "$@"
	echo "mcu: $(wc -l < "$puzzles") $board puzzles answered on an emulated Cortex-M3 as query answers them"
	table=$((0x$(arm-none-eabi-nm -S "$elf" | awk -v s="$sym" '$4 == s { print $2 }')))
	echo "mcu: $board firmware flash $(($1 + $2)) bytes (the $board compact table $table, code and constants" \
		"$(($1 - table)), data $2); RAM $(($2 + $3)) bytes (data and bss $(($2 + $3 - 2048)), stack 2048)"
	if [ $(($1 + $2)) -gt "$max" ]; then
		echo "mcu: the $board firmware's flash, $(($1 + $2)) bytes, is over its target of $max" >&2
		exit 1
	fi
	shift 3
done
