#!/bin/sh
# SPDX-License-Identifier: Zlib
# run-24-peer.sh: `make bench-24-peer` (and bench-24's last section when PEER24 is set): the 24 puzzle beside a peer's
# solver, clausecker/24puzzle built outside the tree (docs/BENCHMARKS.md says how), line by line, whole processes.
# PEER24=DIR     the peer's build folder: its cmd/parsearch (the solver) and catalogues/
# PEER24_PDB=DIR the folder of its pattern databases for the catalogue (default PEER24/pdb): every one must be there,
#                or the peer would spend an hour building them in the middle of the bench
# PEER24_CAT=F   its catalogue (default PEER24/catalogues/reinefeld-t.cat: the zero-aware 6-6-6-6 and its transpose)
# LINES          lines of Korf & Felner's 50 (default 38 40 25; spaces or commas), each answered by A = the peer's
#                `parsearch -j 2` and then B = our `bench24 -j 2` (A*+IDA* at 4 GiB, the length: what `query` does by
#                default here) on TABLES' 6666 (default tables/); wall, CPU and peak RSS by /usr/bin/time.
# Both lengths must equal the published one and A's path must solve the line, else FAIL and exit 1.
set -u
bench=${1:-build/bench}
t=${TABLES:-tables}
korf=tests/data/korf50-24.txt
peer=${PEER24:?give PEER24=DIR, the folder where clausecker/24puzzle was built}
pdb=${PEER24_PDB:-$peer/pdb}
cat=${PEER24_CAT:-$peer/catalogues/reinefeld-t.cat}
solver=$peer/cmd/parsearch
lines=$(echo "${LINES:-38 40 25}" | tr ',' ' ')
tmp=build/run-24-peer
[ -x "$solver" ] || { echo "run-24-peer: $solver: no such program (build the peer: docs/BENCHMARKS.md)" >&2; exit 2; }
[ -r "$cat" ] || { echo "run-24-peer: $cat: cannot read the peer's catalogue" >&2; exit 2; }
# The peer names each PDB after its tile set (zero included); a missing one it would build, silently, for minutes.
for ts in $(grep -v '^#' "$cat"); do
	[ -s "$pdb/$ts.pdb" ] || { echo "run-24-peer: $pdb/$ts.pdb missing: build the peer's PDBs first (docs/BENCHMARKS.md)" >&2; exit 2; }
done
mkdir -p build
bad=0
rev=$(git -C "$peer" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")
echo "## side by side with a peer: A = clausecker/24puzzle ($rev) $solver -j 2, catalogue $(basename "$cat"), PDBs in $pdb;"
echo "## B = $bench/bench24 -j 2 --memory 4G --length-only on the 6666 set in $t; lines $lines, A then B, one whole process each"
echo "## (A searches one puzzle on one thread: its threads share out puzzles, so compare CPU). nodes: A's expanded,"
echo "## B's generated children (not the same count); wall and CPU s and peak RSS MB of the process"
printf '%-5s %5s %5s %5s %13s %13s %8s %8s %8s %8s %6s %6s %7s\n' line publ lenA lenB "nodes A" "nodes B" \
	"wall A" "wall B" "cpu A" "cpu B" "MB A" "MB B" "cpu A/B"
rm -f "$tmp.rows"
for l in $lines; do
	case $l in '' | *[!0-9]* | 0) echo "FAIL: line '$l': no line number of $korf"; bad=1; continue ;; esac
	row=$(grep -v '^#' "$korf" | sed -n "${l}p")
	want=$(echo "$row" | awk '{ print $26 }')
	[ -n "$want" ] || { echo "FAIL: no line $l in $korf"; bad=1; continue; }
	echo "$row" | awk '{ NF = 25; OFS = ","; $1 = $1; print }' >"$tmp.in"
	/usr/bin/time -f "%e %U %S %M" -o "$tmp.timeA" "$solver" -j 2 -d "$pdb" "$cat" "$tmp.in" >"$tmp.outA" 2>"$tmp.errA" ||
		{ echo "FAIL: line $l: the peer exited with status $?: $(tail -n 1 "$tmp.errA")"; bad=1; }
	# The peer's line: the puzzle, the length, the nodes expanded, the path (the blank's squares, comma-separated):
	# the path is replayed on the puzzle and must reach the goal in exactly the length it printed.
	a=$(awk -v start="$(cat "$tmp.in")" 'NF >= 3 && $(NF - 2) ~ /^[0-9]+$/ && $(NF - 1) ~ /^[0-9]+$/ { len = $(NF - 2); n = $(NF - 1); p = $NF }
		END { if (len == "") { print "? ? no answer"; exit }
			k = split(start, g, ","); for (i = 1; i <= k; i++) if (g[i] == 0) z = i - 1
			m = len > 0 ? split(p, mv, ",") : 0; why = m == len ? "" : "a path of " m " moves"
			for (i = 1; i <= m && why == ""; i++) { d = mv[i]; dz = d - z
				if (!(dz == 5 || dz == -5 || (dz == 1 && d % 5 != 0) || (dz == -1 && z % 5 != 0))) why = "move " i " is no move"
				else { g[z + 1] = g[d + 1]; g[d + 1] = 0; z = d } }
			for (i = 1; i <= k && why == ""; i++) if (g[i] != i - 1) why = "the path does not reach the goal"
			print len, n, why }' "$tmp.outA")
	lenA=${a%% *} a=${a#* } nodesA=${a%% *} whyA=${a#* }
	/usr/bin/time -f "%e %U %S %M" -o "$tmp.timeB" "$bench/bench24" -j 2 --dir "$t" --set 6666 --korf "$korf" \
		--lines "$l" --memory 4G --length-only >"$tmp.outB" 2>/dev/null || bad=1
	b=$(awk -v l="$l" '$1 == l && NF >= 4 { len = $2; n = $4 } /^# 1 of 1 optimal/ { ok = 1 } END { print (len == "" ? "?" : len), (n == "" ? "?" : n), ok + 0 }' "$tmp.outB")
	lenB=${b%% *} b=${b#* } nodesB=${b%% *} okB=${b#* }
	# (time's last line: a failed command's has a line before it)
	awk -v l="$l" -v want="$want" -v la="$lenA" -v lb="$lenB" -v na="$nodesA" -v nb="$nodesB" -v rows="$tmp.rows" '
		FNR == NR { wa = $1; ca = $2 + $3; ra = $4 / 1024; next } { wb = $1; cb = $2 + $3; rb = $4 / 1024 }
		END { printf "%-5s %5s %5s %5s %13s %13s %8.2f %8.2f %8.2f %8.2f %6.0f %6.0f %7.2f\n", l, want, la, lb, na, nb,
			wa, wb, ca, cb, ra, rb, (cb > 0 ? ca / cb : 0)
			print l, na, nb, wa, wb, ca, cb, ra, rb >> rows }' "$tmp.timeA" "$tmp.timeB"
	[ "$lenA" = "$want" ] && [ -z "$whyA" ] || { echo "FAIL: line $l: the peer said length $lenA${whyA:+ ($whyA)}, published $want"; bad=1; }
	[ "$lenB" = "$want" ] && [ "$okB" = 1 ] || { echo "FAIL: line $l: bench24 said length $lenB, published $want"; bad=1; }
done
[ -f "$tmp.rows" ] && awk '{ na += $2; nb += $3; wa += $4; wb += $5; ca += $6; cb += $7; if ($8 > ra) ra = $8; if ($9 > rb) rb = $9 }
	END { printf "total: A %.0f nodes, %.2f s wall, %.2f s cpu, %.0f MB peak; B %.0f nodes, %.2f s wall, %.2f s cpu, %.0f MB peak\n",
		na, wa, ca, ra, nb, wb, cb, rb
		if (ca > 0 && cb > 0 && wb > 0 && rb > 0)
			printf "cpu A/B %.2f (B used %.3f of A'\''s CPU), wall A/B %.2f, peak RSS A/B %.1f\n", ca / cb, cb / ca, wa / wb, ra / rb }' "$tmp.rows"
rm -f "$tmp.rows" "$tmp.in" "$tmp.outA" "$tmp.errA" "$tmp.timeA" "$tmp.outB" "$tmp.timeB"
[ $bad = 0 ] || echo "FAIL: a wrong or missing answer"
exit $bad
