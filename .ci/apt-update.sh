#!/bin/sh
# SPDX-License-Identifier: Zlib
# apt-update.sh: apt-get OPTIONS... update, tried three times with a pause between (a mirror in the
# middle of a sync serves index files of the wrong size for a while). When a list still fails, the
# others are fetched: it says so and exits 0, and the install or download that follows fails only
# if what it needs was in that list.
n=1
until apt-get "$@" update; do
	if [ $n -ge 3 ]; then
		echo "apt-update: some lists failed to download $n times; going on with those fetched" >&2
		exit 0
	fi
	echo "apt-update: apt-get update failed (try $n of 3); again in $((15 * n)) s" >&2
	sleep $((15 * n))
	n=$((n + 1))
done
