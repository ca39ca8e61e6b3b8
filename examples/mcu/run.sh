#!/bin/sh
# run.sh: runs the firmware on qemu-system-arm (mps2-an385, semihosting) and compares its paths
# with query's on examples/mcu/puzzles.txt; prints its flash and RAM. A counted skip without the
# tools. Usage: run.sh [FIRMWARE.elf]
cd "$(dirname "$0")/../.." || exit 2
elf=${1:-}
if [ -z "$elf" ]; then
	echo "mcu: 1 skipped (arm-none-eabi-gcc or qemu-system-arm not installed: .ci/deps.sh mcu installs them)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slidetab-mcu.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
timeout 120 qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none \
	-semihosting-config enable=on,target=native -kernel "$elf" > "$tmp/got" 2>&1
rc=$?
bin/query --board 3x3 --path < examples/mcu/puzzles.txt > "$tmp/want"
if [ $rc -ne 0 ] || ! cmp -s "$tmp/want" "$tmp/got"; then
	echo "mcu: the firmware (exit $rc) does not answer as query does:" >&2
	diff "$tmp/want" "$tmp/got" | head -5 >&2
	exit 1
fi
set -- $(arm-none-eabi-size "$elf" | awk 'NR == 2 {print $1, $2, $3}')
echo "mcu: $(wc -l < examples/mcu/puzzles.txt) puzzles answered on an emulated Cortex-M3 as query answers them"
table=$((0x$(arm-none-eabi-nm -S "$elf" | awk '$4 == "puzzle8" { print $2 }')))
echo "mcu: firmware flash $(($1 + $2)) bytes (the 3x3 compact table $table, code and constants $(($1 - table)), data $2);" \
	"RAM $(($2 + $3)) bytes (data and bss $(($2 + $3 - 2048)), stack 2048)"
