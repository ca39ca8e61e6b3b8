# SPDX-License-Identifier: Zlib
# stack.awk: the deepest stack from function ENTRY over gcc's call graphs (-fcallgraph-info=su, .ci
# files): the largest sum of frames along a call chain; lite calls no function twice on one chain.
# Prints "BYTES CHAIN"; a frame of dynamic size or a cycle prints "-1 ...". Usage: awk -v entry=F -f stack.awk FILE.ci...
function deepest(f, depth,   best, e, d, t) {
	if (depth > 64 || onpath[f])
		return -1000000
	onpath[f] = 1
	best = 0
	for (e = 1; e <= nedge; e++)
		if (src[e] == f) {
			d = deepest(dst[e], depth + 1)
			if (d > best) {
				best = d
				via[f] = dst[e]
			}
		}
	onpath[f] = 0
	return best + size[f]
}
/^node:/ {
	match($0, /title: "[^"]*"/)
	t = substr($0, RSTART + 8, RLENGTH - 9)
	if (match($0, /\\n[0-9]+ bytes \((static|dynamic[^)]*)\)/)) {
		s = substr($0, RSTART + 2, RLENGTH - 2)
		split(s, w, " ")
		size[t] = s ~ /dynamic/ ? 1000000 : w[1] + 0
	}
}
/^edge:/ {
	match($0, /sourcename: "[^"]*"/)
	a = substr($0, RSTART + 13, RLENGTH - 14)
	match($0, /targetname: "[^"]*"/)
	src[++nedge] = a
	dst[nedge] = substr($0, RSTART + 13, RLENGTH - 14)
}
END {
	d = deepest(entry, 0)
	chain = entry
	for (f = entry; f in via; f = via[f]) {
		g = via[f]
		sub(/.*:/, "", g)
		chain = chain " > " g
	}
	print (d >= 1000000 || d < 0 ? -1 : d), chain
}
