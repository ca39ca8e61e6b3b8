#!/bin/sh
# run.sh: `make bench`: generation speed, table sizes, and query speed, against the usual baselines.
set -u
B=build/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stat() { "$B/runstat" "$@" 2>"$tmp/stat" >/dev/null; cat "$tmp/stat"; } # -> "wall cpu maxrss_kb status"

echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "## gen: every default board (blank in a corner), -j$(nproc)"
printf '%-5s %12s %9s %9s %12s %9s %10s %10s %9s %9s\n' board states wall_s cpu_s states/s peak_MiB raw_bytes zlib_bytes zlib_b/st entropy
for board in 2x2 2x3 2x4 3x3 2x5; do
	set -- $(stat bin/gen -q --board "$board" --blank 0 -o "$tmp/z.tbl")
	wall=$1 cpu=$2 rss=$3
	bin/gen -q --board "$board" --blank 0 -c none -o "$tmp/r.tbl" >/dev/null
	bin/query --info "$tmp/z.tbl" >"$tmp/info"
	states=$(awk '/^# states/ {print $3}' "$tmp/info")
	zbytes=$(wc -c <"$tmp/z.tbl")
	rbytes=$(wc -c <"$tmp/r.tbl")
	# order-0 entropy of the distance distribution, bits per state
	ent=$(grep -v '^#' "$tmp/info" | awk -v n="$states" '{p = $2 / n; if (p > 0) h -= p * log(p) / log(2)} END {printf "%.2f", h}')
	awk -v b="$board" -v s="$states" -v w="$wall" -v c="$cpu" -v r="$rss" -v rb="$rbytes" -v zb="$zbytes" -v e="$ent" \
		'BEGIN {printf "%-5s %12d %9.4f %9.4f %12.3g %9.1f %10d %10d %9.3f %9s\n", b, s, w, c, s / w, r / 1024, rb, zb, 8 * zb / s, e}'
done
echo
echo "## 3x3 whole table: gen -j1 vs a BFS over a string-keyed ordered map (std::map style)"
set -- $(stat bin/gen -q -j1 --board 3x3 -o "$tmp/z.tbl"); echo "gen -j1 3x3:        wall $1 s, process cpu $2 s, peak $3 KiB"
set -- $(stat "$B/baseline" map3x3); echo "map BFS baseline:   wall $1 s, process cpu $2 s, peak $3 KiB"
set -- $(stat /bin/true); echo "empty process:      wall $1 s, process cpu $2 s (the cost of starting any program here)"
echo
echo "## AOJ 0121: 1,000 seven-puzzle lines, whole process"
"$B/randpuz" 2x4 1000 7 first >"$tmp/seven"
set -- $(stat -i "$tmp/seven" bin/query --goal first); echo "query:              wall $1 s, cpu $2 s, peak $3 KiB"
set -- $(stat -i "$tmp/seven" "$B/baseline" seven); echo "BFS at start-up:    wall $1 s, cpu $2 s, peak $3 KiB"
echo
echo "## 1,000,000 random solvable 3x3 puzzles from a file"
"$B/randpuz" 3x3 1000000 11 >"$tmp/r33"
set -- $(stat -i "$tmp/r33" bin/query); awk -v w="$1" -v m="$3" 'BEGIN {printf "distances:          %.3f s, %.2f M puzzles/s, peak %d KiB\n", w, 1 / w, m}'
set -- $(stat -i "$tmp/r33" bin/query --path); awk -v w="$1" -v m="$3" 'BEGIN {printf "--path:             %.3f s, %.2f M puzzles/s, peak %d KiB\n", w, 1 / w, m}'
echo
echo "## one 2x5 answer in a fresh process, compressed table"
mkdir -p "$tmp/t" && bin/gen -q --board 2x5 --blank 0 -o "$tmp/t/2x5-b0.tbl" >/dev/null
echo "8 7 6 5 4 3 2 1 9 0" >"$tmp/one"
set -- $(stat -i "$tmp/one" bin/query --board 2x5 --tables "$tmp/t"); echo "blocks on demand:   wall $1 s, peak $3 KiB"
set -- $(stat -i "$tmp/one" bin/query --board 2x5 --tables "$tmp/t" --preload); echo "--preload:          wall $1 s, peak $3 KiB"
for extra in "$B"/gap_bench; do
	[ -x "$extra" ] || continue
	echo
	echo "## Gap: $extra"
	"$extra"
done
