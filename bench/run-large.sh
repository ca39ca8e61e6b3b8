#!/bin/sh
# run-large.sh: `make bench-large`: the 239.5-million-state boards (3x4, 2x6): build time, memory,
# sizes per encoding, verify time, and query on the compressed 3x4 table. BENCH_2X7=1 adds the
# complete 2x7 count-only search (about an hour on two cores).
set -u
B=build/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stat() { "$B/runstat" "$@" 2>"$tmp/stat" >"$tmp/stdout"; tail -n 1 "$tmp/stat"; }

echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "## full tables (blank in a corner), whole process"
printf '%-5s %3s %9s %9s %9s %9s %s\n' board -j wall_s cpu_s peak_MiB Mstates/s radius
for run in "3x4 1" "3x4 2" "2x6 2"; do
	set -- $run
	set -- "$1" "$2" $(stat bin/gen -q -j"$2" --board "$1" --blank 0 -o "$tmp/$1.tbl")
	radius=$(grep '^# states' "$tmp/stdout" | sed 's/.*radius //')
	awk -v b="$1" -v j="$2" -v w="$3" -v c="$4" -v r="$5" -v rad="$radius" \
		'BEGIN {printf "%-5s %3s %9.2f %9.2f %9.1f %9.2f %s\n", b, j, w, c, r / 1024, 239500800 / w / 1e6, rad}'
done
echo
echo "## bytes on disk, 3x4 (blank in a corner)"
printf '%-32s %12s %10s\n' encoding bytes bits/state
for enc in "none mdres" "zlib mdres" "zlib half" "compact -"; do
	set -- $enc
	if [ "$2" = - ]; then bin/gen -q --board 3x4 --blank 0 -c "$1" -o "$tmp/e.tbl" >/dev/null
	else bin/gen -q --board 3x4 --blank 0 -c "$1" -e "$2" -o "$tmp/e.tbl" >/dev/null; fi
	bytes=$(wc -c <"$tmp/e.tbl")
	awk -v e="$1/$2" -v b="$bytes" 'BEGIN {printf "%-32s %12d %10.3f\n", e, b, 8 * b / 239500800}'
	[ "$1" = compact ] && cp "$tmp/e.tbl" "$tmp/compact.tbl"
done
echo
echo "## gen --verify, 3x4 zlib table"
set -- $(stat bin/gen --verify "$tmp/3x4.tbl"); echo "verify: wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB, $(cat "$tmp/stdout")"
echo
echo "## query on the compressed 3x4 table"
mkdir -p "$tmp/t" && mv "$tmp/3x4.tbl" "$tmp/t/3x4-b0.tbl"
"$B/randpuz" 3x4 1 3 first >"$tmp/one" # one random solvable position
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t"); echo "one answer, fresh process:      wall $1 s, peak $3 KiB, answer $(cat "$tmp/stdout")"
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t" --path); echo "one path, fresh process:        wall $1 s, peak $3 KiB"
"$B/randpuz" 3x4 1000000 5 >"$tmp/r34"
set -- $(stat -i "$tmp/r34" bin/query --board 3x4 --tables "$tmp/t" --preload)
awk -v w="$1" -v m="$3" 'BEGIN {printf "1,000,000 puzzles, --preload:   wall %.2f s, %.2f M puzzles/s (including the inflate), peak %d MiB\n", w, 1 / w, m / 1024}'
mv "$tmp/compact.tbl" "$tmp/t/3x4-b0.tbl"
set -- $(stat -i "$tmp/one" bin/query --board 3x4 --goal first --tables "$tmp/t"); echo "one answer from the compact table: wall $1 s, peak $3 KiB, answer $(cat "$tmp/stdout")"
if [ "${BENCH_2X7:-0}" = 1 ]; then
	echo
	echo "## 2x7 count-only (43,589,145,600 states)"
	set -- $(stat bin/gen -q --board 2x7 --blank 0 --count-only)
	echo "wall $1 s, cpu $2 s, peak $(($3 / 1024)) MiB; $(grep '^# states' "$tmp/stdout")"
fi
