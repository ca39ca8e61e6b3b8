#!/bin/sh
# SPDX-License-Identifier: Zlib
# cross.sh: cross builds for armhf (32-bit little-endian) and s390x (64-bit big-endian), tested under qemu-user.
# Usage: cross.sh deps          install the cross compilers and qemu-user (as root, from Debian)
#        cross.sh sysroot ARCH  zlib and Check for ARCH unpacked into build/sysroot/ARCH (no multiarch:
#                               zlib1g-dev:s390x cannot be installed next to the amd64 one)
#        cross.sh env ARCH      prints the make variables of a cross build for ARCH (CC, CFLAGS, EMU)
#        cross.sh run ARCH...   for each ARCH: make clean, the sysroot, make check-cross, make clean
set -eu
cd "$(dirname "$0")/.."

triplet() {
	case $1 in
	armhf) echo arm-linux-gnueabihf ;;
	s390x) echo s390x-linux-gnu ;;
	*) echo "cross: unknown architecture $1 (armhf or s390x)" >&2; exit 2 ;;
	esac
}
qemu_of() {
	case $1 in
	armhf) echo qemu-arm ;;
	s390x) echo qemu-s390x ;;
	esac
}

deps() {
	missing=""
	for p in gcc-arm-linux-gnueabihf gcc-s390x-linux-gnu qemu-user; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	echo "cross: installing$missing" >&2
	sh .ci/apt-update.sh -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}

# The target's packages are downloaded with apt's own client, through a private list of the
# target's architecture (the machine's dpkg configuration is left alone), then unpacked.
sysroot() {
	arch=$1 t=$(triplet "$1") sr=build/sysroot/$1 apt=build/sysroot/apt
	[ -f "$sr/.done" ] && return 0
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs" "$sr"
	o="-o Dir::State::Lists=$PWD/$apt/lists -o Dir::Cache=$PWD/$apt/cache"
	o="$o -o APT::Architectures::=$arch -o Debug::NoLocking=1"
	sh .ci/apt-update.sh -qq $o
	(cd "$apt/debs" && apt-get -qq $o download zlib1g-dev:"$arch" zlib1g:"$arch" check:"$arch" \
		libsubunit-dev:"$arch" libsubunit0:"$arch" 2>/dev/null)
	for f in "$apt"/debs/*_"$arch".deb; do dpkg-deb -x "$f" "$sr"; done
	# absolute symlinks (libz.so -> /lib/...) point into the sysroot instead
	find "$sr" -type l | while read -r l; do
		case $(readlink "$l") in /*) ln -sf "$PWD/$sr$(readlink "$l")" "$l" ;; esac
	done
	if [ ! -f "$sr/usr/include/zlib.h" ] || [ ! -f "$sr/usr/lib/$t/libcheck_pic.a" ]; then
		echo "cross: sysroot $sr incomplete" >&2
		exit 1
	fi
	touch "$sr/.done"
}

env_of() {
	t=$(triplet "$1") sr=$PWD/build/sysroot/$1
	echo "CC=$t-gcc"
	echo "CFLAGS=-isystem $sr/usr/include -L$sr/usr/lib/$t -L$sr/lib/$t"
	# The toolchain's own libc first: with -L alone, its ld.so would find a Debian multiarch libc of
	# another version (libc6:armhf, which zlib1g-dev:armhf pulls in) in /lib/$t before its own.
	echo "EMU=$(qemu_of "$1") -L /usr/$t -E LD_LIBRARY_PATH=/usr/$t/lib:$sr/usr/lib/$t:$sr/lib/$t"
}

run() {
	for arch in "$@"; do
		echo "== cross build for $arch ($(triplet "$arch")), tested under $(qemu_of "$arch")"
		make clean >/dev/null
		sysroot "$arch"
		cc=$(env_of "$arch" | sed -n 's/^CC=//p')
		cflags=$(env_of "$arch" | sed -n 's/^CFLAGS=//p')
		emu=$(env_of "$arch" | sed -n 's/^EMU=//p')
		start=$(date +%s)
		make -j"$(nproc 2>/dev/null || echo 2)" WERROR=-Werror CC="$cc" CFLAGS="$cflags" all
		make WERROR=-Werror CC="$cc" CFLAGS="$cflags" EMU="$emu" check-cross
		echo "== $arch: $(($(date +%s) - start)) s"
	done
	make clean >/dev/null
}

case ${1:-} in
deps) deps ;;
sysroot) sysroot "$2" ;;
env) env_of "$2" ;;
run) shift; run "$@" ;;
*) sed -n '2,7p' "$0" >&2; exit 2 ;;
esac
