# SPDX-License-Identifier: Zlib
# values.awk: query's answers computed independently of slidetab, for tests/e2e/values.sh.
#   mode=json R=2 C=4 goal="T T ..." (puzzles on stdin, one a line): the exact --json --path line
#     of each puzzle, from a breadth-first search over every state from the goal, the path the
#     lexicographically smallest optimal one (the blank's moves, d < l < r < u).
#   mode=sym R=3 C=3 goal=G n=K seed=S cases=FILE: K start-and-goal lines (to FILE) whose goals
#     are G under each symmetry of the square in turn, tiles renamed at random, and the expected
#     --json --path line of each, from the one search from G mapped through the symmetry.
#   mode=perm R=2 C=4 n=K seed=S: K random arrangements of the tiles and the blank.
#   mode=walk R=4 C=4 n=K seed=S: K puzzles made by random walks from the goal (tiles 1..N-1 then
#     the blank) whose Manhattan distance equals the walk's length, which makes that length the
#     exact distance (Manhattan distance is a lower bound): "DISTANCE TILES..." lines.
function key(a, n,    s, i) { s = ""; for (i = 0; i < n; i++) s = s sprintf("%c", 65 + a[i]); return s }
function unkey(s, a, n,    i) { for (i = 0; i < n; i++) a[i] = index(ALPHA, substr(s, i + 1, 1)) - 1 }
function blank_of(a, n,    i) { for (i = 0; i < n; i++) if (a[i] == 0) return i; return -1 }
# The cell the blank moves to with letter m ("d", "l", "r" or "u"), or -1.
function target(b, m) {
	if (m == "d") return int(b / C) < R - 1 ? b + C : -1
	if (m == "u") return int(b / C) > 0 ? b - C : -1
	if (m == "l") return b % C > 0 ? b - 1 : -1
	return b % C < C - 1 ? b + 1 : -1
}
function bfs(goalkey, n,    head, tail, q, s, a, b, k, t, nk) {
	head = 0; tail = 0; q[tail++] = goalkey; dist[goalkey] = 0
	while (head < tail) {
		s = q[head++]; unkey(s, a, n); b = blank_of(a, n)
		for (k = 1; k <= 4; k++) {
			t = target(b, MOVES[k]); if (t < 0) continue
			a[b] = a[t]; a[t] = 0; nk = key(a, n); a[t] = a[b]; a[b] = 0
			if (!(nk in dist)) { dist[nk] = dist[s] + 1; q[tail++] = nk }
		}
	}
}
function joined(a, n,    s, i) { s = a[0]; for (i = 1; i < n; i++) s = s " " a[i]; return s }
# The distance of state a to the goal: the search's own goal when NSYM is 0, else the goal
# SIGMA(SYM(goal)) (a board symmetry, then a renaming of the tiles), through the state that
# maps onto a under them; -1 when a cannot reach it.
function dg(a, n,    z, c, s) {
	if (!NSYM) { s = key(a, n); return (s in dist) ? dist[s] : -1 }
	for (c = 0; c < n; c++) z[c] = UNSIGMA[a[SYM[c]]]
	s = key(z, n)
	return (s in dist) ? dist[s] : -1
}
function json(line, a, n, goalstr,    d, e, path, b, k, t) {
	printf "{\"line\":%d,\"input\":\"%s\",\"goal\":\"%s\",", line, joined(a, n), goalstr
	if ((d = dg(a, n)) < 0) { print "\"solvable\":false}"; return }
	path = ""
	for (e = d; e > 0; e--) {
		b = blank_of(a, n)
		for (k = 1; k <= 4; k++) {
			t = target(b, MOVES[k]); if (t < 0) continue
			a[b] = a[t]; a[t] = 0
			if (dg(a, n) == e - 1) { path = path MOVES[k]; break }
			a[t] = a[b]; a[b] = 0
		}
	}
	printf "\"solvable\":true,\"distance\":%d,\"path\":\"%s\"}\n", d, path
}
# Cell c of a square board under symmetry y (0 the identity, 1-3 the rotations, 4-7 the flips).
function sym_cell(y, c,    r, k, m) {
	r = int(c / C); k = c % C; m = C - 1
	if (y == 0) return c
	if (y == 1) return k * C + m - r
	if (y == 2) return (m - r) * C + m - k
	if (y == 3) return (m - k) * C + r
	if (y == 4) return r * C + m - k
	if (y == 5) return (m - r) * C + k
	if (y == 6) return k * C + r
	return (m - k) * C + m - r
}
# count cases, each a start and its goal on one line (to file cases): the goal is the search's
# goal under symmetry (case mod 8) with its tiles renamed at random; the expected --json line.
function sym_cases(n, count, seed, cases,    i, y, c, g1, g, x, sig, j, v, w) {
	srand(seed); NSYM = 1
	for (i = 1; i <= count; i++) {
		y = (i - 1) % 8
		for (c = 0; c < n; c++) { SYM[c] = sym_cell(y, c); g1[SYM[c]] = ga[c] }
		for (v = 0; v < n; v++) sig[v] = v
		for (v = n - 1; v > 1; v--) { j = 1 + int(rand() * v); w = sig[v]; sig[v] = sig[j]; sig[j] = w }
		for (v = 0; v < n; v++) UNSIGMA[sig[v]] = v
		for (c = 0; c < n; c++) g[c] = sig[g1[c]]
		for (c = 0; c < n; c++) x[c] = c
		for (c = n - 1; c > 0; c--) { j = int(rand() * (c + 1)); v = x[c]; x[c] = x[j]; x[j] = v }
		print joined(x, n), joined(g, n) > cases
		json(i, x, n, joined(g, n))
	}
}
function manhattan(a, n,    i, t, m) {
	m = 0
	for (i = 0; i < n; i++) if (a[i]) { t = a[i] - 1; m += abs(int(t / C) - int(i / C)) + abs(t % C - i % C) }
	return m
}
function abs(x) { return x < 0 ? -x : x }
function perms(n, count, seed,    k, i, j, x, a) {
	srand(seed)
	for (k = 0; k < count; k++) {
		for (i = 0; i < n; i++) a[i] = i
		for (i = n - 1; i > 0; i--) { j = int(rand() * (i + 1)); x = a[i]; a[i] = a[j]; a[j] = x }
		print joined(a, n)
	}
}
function walks(n, count, seed,    made, tries, a, i, len, b, k, t, last) {
	srand(seed); made = 0
	for (tries = 0; made < count && tries < 100000; tries++) {
		for (i = 0; i < n - 1; i++) a[i] = i + 1
		a[n - 1] = 0; b = n - 1; last = ""; len = 6 + int(rand() * 20)
		for (i = 0; i < len; i++) {
			do { k = 1 + int(rand() * 4); t = target(b, MOVES[k]) } while (t < 0 || MOVES[k] == OPP[last])
			a[b] = a[t]; a[t] = 0; b = t; last = MOVES[k]
		}
		if (manhattan(a, n) == len) { print len, joined(a, n); made++ }
	}
}
BEGIN {
	ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	split("d l r u", MOVES, " "); OPP["d"] = "u"; OPP["u"] = "d"; OPP["l"] = "r"; OPP["r"] = "l"
	N = R * C
	if (mode == "walk") { walks(N, n, seed); exit }
	if (mode == "perm") { perms(N, n, seed); exit }
	split(goal, g, " "); for (i = 0; i < N; i++) ga[i] = g[i + 1]
	bfs(key(ga, N), N)
	if (mode == "sym") { sym_cases(N, n, seed, cases); exit }
}
mode == "json" && NF == N { for (i = 0; i < N; i++) p[i] = $(i + 1); json(NR, p, N, goal) }
