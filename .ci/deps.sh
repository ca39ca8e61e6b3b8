#!/bin/sh
# SPDX-License-Identifier: Zlib
# deps.sh: installs the packages slidetab needs (as root), or prints the command to run.
# (libdeflate deflates the table blocks; without it the build falls back to zlib's encoder.
# Open MPI for gen-mpi and its tests; the plain build does not need it. Python's headers, numpy,
# pytest, pip and venv for the Python package and its tests, make python and make check-python.
# clang and lld build the wasm32 module (make wasm), nodejs runs the npm package's tests and packs
# it (npm, when nodejs brings none), chromium runs the page's: make check-js, docs/web.md.)
# Usage: deps.sh [fuzz] [mcu] [pkg]   (fuzz: also clang and its libFuzzer runtime, for `make fuzz`;
#        mcu: arm-none-eabi-gcc and qemu-system-arm, for make check-lite and check-mcu; the cross
#        compilers and qemu-user come from .ci/cross.sh deps; pkg: debhelper, lintian, abigail-tools
#        and python3-build (with setuptools and wheel), for make check-deb, check-abi and check-wheel)
# Plain sh, so a bare Debian runs it before make exists (`sh .ci/deps.sh && make demo`): it then
# installs build-essential, which brings make and cc. `make deps` runs the same script.
set -u
want="zlib1g-dev libdeflate-dev check pkg-config g++ libopenmpi-dev openmpi-bin python3-dev python3-numpy python3-pytest python3-pip python3-venv clang lld nodejs chromium"
for a in "$@"; do
	[ "$a" = fuzz ] && want="$want clang libclang-rt-dev"
	[ "$a" = mcu ] && want="$want gcc-arm-none-eabi qemu-system-arm"
	[ "$a" = pkg ] && want="$want debhelper lintian abigail-tools python3-build python3-setuptools python3-wheel"
done
missing=""
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
command -v cc >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || missing="$missing build-essential"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
	echo "deps: installing$missing" >&2
	sh "$(dirname "$0")/apt-update.sh" -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
	exit $?
fi
echo "deps: missing packages:$missing" >&2
echo "deps: run: sudo apt-get update && sudo apt-get install -y$missing" >&2
exit 1
