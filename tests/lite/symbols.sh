#!/bin/sh
# symbols.sh: the lite reader's objects call nothing but memcpy, memset and memcmp (nm), and its
# Cortex-M0 object (build/lite-m0/) stays within 4 KB of code and 512 bytes of static RAM; a
# wasm32 build too where clang has that target. Usage: symbols.sh OBJECT...
cd "$(dirname "$0")/../.." || exit 2
bad=0
for o in "$@"; do
	nmp=nm
	case $o in *lite-m0*) command -v arm-none-eabi-nm >/dev/null 2>&1 && nmp=arm-none-eabi-nm ;; esac
	und=$($nmp -u "$o" | awk '{print $NF}' | grep -v -x -e memcpy -e memset -e memcmp | tr '\n' ' ')
	if [ -n "$und" ]; then
		echo "lite: $o calls $und(only memcpy, memset, memcmp are allowed)" >&2
		bad=1
	fi
	echo "lite: $o: undefined: $($nmp -u "$o" | awk '{print $NF}' | tr '\n' ' ')"
	case $o in *lite-m0*)
		set -- $(arm-none-eabi-size "$o" | awk 'NR == 2 {print $1, $2, $3}')
		echo "lite: Cortex-M0 (-mcpu=cortex-m0 -mthumb -Os): $1 bytes of code," \
			"$(($2 + $3)) bytes of static RAM (data $2, bss $3)"
		if [ "$1" -gt 4096 ] || [ $(($2 + $3)) -gt 512 ]; then
			echo "lite: over 4096 B of code or 512 B of RAM" >&2
			bad=1
		fi
		;;
	esac
done
if command -v clang >/dev/null 2>&1 && clang --target=wasm32 -nostdlib -c -x c /dev/null -o /dev/null 2>/dev/null; then
	o=build/lite-wasm32.o
	clang --target=wasm32 -nostdlib -std=c99 -pedantic -ffreestanding -Os -Wall -Wextra -Werror -I. \
		-c lite/slidetab_lite.c -o $o || bad=1
	echo "lite: wasm32 (clang --target=wasm32 -nostdlib -Os): $(wc -c < $o) bytes of object"
else
	echo "lite: wasm32 skipped (no clang with the wasm32 target)"
fi
[ $bad = 0 ] && echo "lite: symbols and sizes OK"
exit $bad
