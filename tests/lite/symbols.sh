#!/bin/sh
# SPDX-License-Identifier: Zlib
# symbols.sh: lite's objects call nothing but memcpy, memset and memcmp (nm); on the Cortex-M0
# (build/lite-m0/) the reader stays within 4 KB of code and 512 bytes of static RAM, the solver
# within 8 KB of code (its move machine, slidetab_lite_fsm, is data beside it), 0 bytes of static
# RAM and SLIDETAB_LITE_SOLVE_STACK bytes of stack on its deepest call chain (gcc's call graph,
# tests/lite/stack.awk; the stack is fixed, whatever the answer's length); a wasm32 build too where
# clang has that target. Without arm-none-eabi-gcc (no build/lite-m0/ object given) the Cortex-M0
# limits are a counted SKIP naming what installs it. Usage: symbols.sh OBJECT...
cd "$(dirname "$0")/../.." || exit 2
bad=0 skip=0
case " $* " in *lite-m0*) ;; *)
	echo "SKIP lite: the Cortex-M0 code, static RAM and stack limits (arm-none-eabi-gcc is not installed:" \
		".ci/deps.sh mcu, or apt-get install gcc-arm-none-eabi, installs it)"
	skip=1 ;;
esac
for o in "$@"; do
	nmp=nm
	case $o in *lite-m0*) command -v arm-none-eabi-nm >/dev/null 2>&1 && nmp=arm-none-eabi-nm ;; esac
	own=$($nmp --defined-only "$(dirname "$o")"/*.o | awk 'NF == 3 && $2 ~ /[TDRB]/ {print "-e", $3}')
	und=$($nmp -u "$o" | awk '{print $NF}' | grep -v -x -e memcpy -e memset -e memcmp $own | tr '\n' ' ')
	if [ -n "$und" ]; then
		echo "lite: $o calls $und(only memcpy, memset, memcmp and lite's own are allowed)" >&2
		bad=1
	fi
	echo "lite: $o: undefined: $($nmp -u "$o" | awk '{print $NF}' | tr '\n' ' ')"
	case $o in *lite-m0*)
		set -- $(arm-none-eabi-size "$o" | awk 'NR == 2 {print $1, $2, $3}')
		name=$(basename "$o" .o)
		echo "lite: $name on the Cortex-M0 (-mcpu=cortex-m0 -mthumb -Os): $1 bytes of code or constants," \
			"$(($2 + $3)) bytes of static RAM (data $2, bss $3)"
		code=4096 ram=512
		case $name in slidetab_lite_solve) code=8192 ram=0 ;; slidetab_lite_fsm) code=1000000 ram=0 ;; esac
		if [ "$1" -gt $code ] || [ $(($2 + $3)) -gt $ram ]; then
			echo "lite: $name is over $code B of code or $ram B of static RAM" >&2
			bad=1
		fi
		;;
	esac
done
most=$(awk '$2 == "SLIDETAB_LITE_SOLVE_STACK" { print $3 }' lite/slidetab_lite_solve.h)
for f in slidetab_lite_solve slidetab_lite_pdb_open slidetab_lite_open slidetab_lite_path; do
	set -- build/lite-m0/*.ci
	[ -f "$1" ] && [ $skip = 0 ] || break
	set -- $(awk -v entry=$f -f tests/lite/stack.awk build/lite-m0/*.ci)
	echo "lite: $f on the Cortex-M0: $1 bytes of stack ($*)" | sed 's/(\([0-9-]*\) /(/'
	if [ "$1" -lt 0 ] || [ "$1" -gt "$most" ]; then
		echo "lite: $f takes over $most bytes of stack, or a stack of no fixed size" >&2
		bad=1
	fi
done
if command -v clang >/dev/null 2>&1 && clang --target=wasm32 -nostdlib -c -x c /dev/null -o /dev/null 2>/dev/null; then
	for c in lite/*.c; do
		o=build/lite-wasm32-$(basename "$c" .c).o
		clang --target=wasm32 -nostdlib -std=c99 -pedantic -ffreestanding -Os -Wall -Wextra -Werror -I. \
			-c "$c" -o "$o" || bad=1
		echo "lite: $c on wasm32 (clang --target=wasm32 -nostdlib -Os): $(wc -c < "$o") bytes of object"
	done
else
	echo "lite: wasm32 skipped (no clang with the wasm32 target)"
fi
[ $bad = 0 ] && echo "lite: symbols and sizes OK, $skip skipped"
exit $bad
