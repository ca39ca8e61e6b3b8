/* SPDX-License-Identifier: Zlib */
/* fast: a constructive solver for any RxC board of up to 256 cells: a valid path in milliseconds, not optimal. */
#include "libslidetab/bounded/fast.h"

#include <stdlib.h>
#include <string.h>

/* The blank's moves, in the order of board.h: d, l, r, u; the inverse of d is 3 - d. */
static const char fast_letters[] = "dlru";
static const int fast_dr[4] = { 1, 0, 0, -1 }, fast_dc[4] = { 0, -1, 1, 0 };

#define FAST_FINAL_MAX    6   /* cells left for the breadth-first finish (2x2, 2x3, 3x2) */
#define FAST_FINAL_STATES 729 /* 6! arrangements, 9 * 9 * 9 window states */

/* The puzzle being solved, always towards the canonical goal (cell x holds x + 1, blank last). */
struct fs {
	int R, C, n;
	uint8_t t[FAST_MAX_CELLS], pos[FAST_MAX_CELLS], lock[FAST_MAX_CELLS];
	int r0, c0;             /* the unsolved part: rows r0.., columns c0.. */
	int br0, br1, bc0, bc1; /* the box a tile's search keeps to: rows br0..br1, columns bc0..bc1 */
	char *mv;
	size_t len, cap;
	int oom;
	uint32_t gen, *stamp; /* breadth-first searches: stamp[s] == gen when s was reached */
	uint16_t *par, *queue;
	uint8_t *pdir, *tmp;
	size_t states;
};

static int nbr(const struct fs *f, int cell, int d)
{
	int r = cell / f->C + fast_dr[d], c = cell % f->C + fast_dc[d];
	return r < 0 || c < 0 || r >= f->R || c >= f->C ? -1 : r * f->C + c;
}

/* Moves the blank (it must stay on the board) and records the move, dropping it with the last
 * one when they cancel. */
static void do_move(struct fs *f, int d)
{
	int b = f->pos[0], c = nbr(f, b, d);
	uint8_t tile = f->t[c];
	f->t[b] = tile, f->pos[tile] = (uint8_t)b;
	f->t[c] = 0, f->pos[0] = (uint8_t)c;
	if (f->len > 0 && f->mv[f->len - 1] == fast_letters[3 - d]) {
		f->len--;
		return;
	}
	if (f->len + 1 >= f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 4096;
		char *m = realloc(f->mv, cap);
		if (!m) {
			f->oom = 1;
			return;
		}
		f->mv = m, f->cap = cap;
	}
	f->mv[f->len++] = fast_letters[d];
}

static int is_free(const struct fs *f, int cell)
{
	int r = cell / f->C, c = cell % f->C;
	return cell >= 0 && r >= f->r0 && c >= f->c0 && r >= f->br0 && r <= f->br1 && c >= f->bc0 && c <= f->bc1 &&
	       !f->lock[cell];
}

/* The box around cells a, b and c with one cell to spare on each side (the whole board: NULL). */
static void set_box(struct fs *f, const int *abc)
{
	f->br0 = f->bc0 = 0, f->br1 = f->R - 1, f->bc1 = f->C - 1;
	if (!abc)
		return;
	f->br0 = f->R, f->bc0 = f->C, f->br1 = f->bc1 = -1;
	for (int i = 0; i < 3; i++) {
		int r = abc[i] / f->C, c = abc[i] % f->C;
		f->br0 = r - 1 < f->br0 ? r - 1 : f->br0, f->br1 = r + 1 > f->br1 ? r + 1 : f->br1;
		f->bc0 = c - 1 < f->bc0 ? c - 1 : f->bc0, f->bc1 = c + 1 > f->bc1 ? c + 1 : f->bc1;
	}
}

/* Replays the search's moves from state `end` back to `start` (parents in par, moves in pdir). */
static void replay(struct fs *f, unsigned start, unsigned end)
{
	size_t k = 0;
	for (unsigned s = end; s != start; s = f->par[s])
		f->tmp[k++] = f->pdir[s];
	while (k > 0)
		do_move(f, f->tmp[--k]);
}

static int tile_search(struct fs *f, int tile, int to);

/* tile_search kept to the box around the tile, its target and the blank (fast), else the whole free part. */
static int tile_to(struct fs *f, int tile, int to)
{
	int abc[3] = { f->pos[tile], to, f->pos[0] };
	set_box(f, abc);
	int rc = tile_search(f, tile, to);
	set_box(f, NULL);
	return rc == 0 ? 0 : tile_search(f, tile, to);
}

/* Index of cell in win[0..k), or -1. */
static int win_index(const int *win, int k, int cell)
{
	for (int i = 0; i < k; i++)
		if (win[i] == cell)
			return i;
	return -1;
}

/* Brings the blank into one of the cells win[0..k) through free cells by a shortest way. 0, or
 * -1 when none is reachable. */
static int blank_into(struct fs *f, const int *win, int k)
{
	unsigned q0 = f->pos[0];
	if (win_index(win, k, (int)q0) >= 0)
		return 0;
	size_t head = 0, tail = 1;
	f->stamp[q0] = ++f->gen;
	f->queue[0] = (uint16_t)q0;
	while (head < tail) {
		unsigned q = f->queue[head++];
		for (int d = 0; d < 4; d++) {
			int q2 = nbr(f, (int)q, d);
			if (!is_free(f, q2) || f->stamp[q2] == f->gen)
				continue;
			f->stamp[q2] = f->gen, f->par[q2] = (uint16_t)q, f->pdir[q2] = (uint8_t)d;
			if (win_index(win, k, q2) >= 0) {
				replay(f, q0, (unsigned)q2);
				return 0;
			}
			f->queue[tail++] = (uint16_t)q2;
		}
	}
	return -1;
}

/* Brings tiles ta and tb (both in the window win[0..k), k <= 9, and so is the blank) to cells a
 * and b by a breadth-first search over (ta's cell, tb's cell, blank's cell) inside the window; the
 * window's other tiles are moved as they come. 0, or -1 when no way exists. */
static int pair_into(struct fs *f, const int *win, int k, int ta, int a, int tb, int b)
{
	unsigned kk = (unsigned)k, la = (unsigned)win_index(win, k, a), lb = (unsigned)win_index(win, k, b);
	unsigned s0 = ((unsigned)win_index(win, k, f->pos[ta]) * kk + (unsigned)win_index(win, k, f->pos[tb])) * kk +
		      (unsigned)win_index(win, k, f->pos[0]);
	if (s0 / (kk * kk) == la && s0 / kk % kk == lb)
		return 0;
	size_t head = 0, tail = 1;
	f->stamp[s0] = ++f->gen;
	f->queue[0] = (uint16_t)s0;
	while (head < tail) {
		unsigned s = f->queue[head++], pa = s / (kk * kk), pb = s / kk % kk, q = s % kk;
		for (int d = 0; d < 4; d++) {
			int c2 = nbr(f, win[q], d), l2 = win_index(win, k, c2);
			if (l2 < 0 || !is_free(f, c2))
				continue;
			unsigned na = (unsigned)l2 == pa ? q : pa, nb = (unsigned)l2 == pb ? q : pb;
			unsigned ns = (na * kk + nb) * kk + (unsigned)l2;
			if (f->stamp[ns] == f->gen)
				continue;
			f->stamp[ns] = f->gen, f->par[ns] = (uint16_t)s, f->pdir[ns] = (uint8_t)d;
			if (na == la && nb == lb) {
				replay(f, s0, ns);
				return 0;
			}
			f->queue[tail++] = (uint16_t)ns;
		}
	}
	return -1;
}

/* Brings tile to cell `to` by a shortest sequence over (tile cell, blank cell) pairs, moving only
 * free cells. 0, or -1 when none. */
static int tile_search(struct fs *f, int tile, int to)
{
	unsigned n = (unsigned)f->n, s0 = f->pos[tile] * n + f->pos[0];
	if (f->pos[tile] == to)
		return 0;
	size_t head = 0, tail = 1;
	f->stamp[s0] = ++f->gen;
	f->queue[0] = (uint16_t)s0;
	while (head < tail) {
		unsigned s = f->queue[head++], p = s / n, q = s % n;
		for (int d = 0; d < 4; d++) {
			int q2 = nbr(f, (int)q, d);
			if (!is_free(f, q2))
				continue;
			unsigned np = (unsigned)q2 == p ? q : p, ns = np * n + (unsigned)q2;
			if (f->stamp[ns] == f->gen)
				continue;
			f->stamp[ns] = f->gen, f->par[ns] = (uint16_t)s, f->pdir[ns] = (uint8_t)d;
			if ((int)np == to) {
				replay(f, s0, ns);
				return 0;
			}
			f->queue[tail++] = (uint16_t)ns;
		}
	}
	return -1;
}

/* Places the tiles of cells[0..k) (a row or column of the unsolved part, k >= 2): all but the last
 * two one by one; then the first of those two at the last cell, the second into the window
 * win[0..nwin) (the line's last 3x3 corner, or 3x2) at its cell `far`, and a search inside the
 * window turns both in (done directly, the second tile could be walled in at the line's end). */
static int solve_line(struct fs *f, const int *cells, int k, const int *win, int nwin, int far)
{
	for (int i = 0; i < k - 2; i++) {
		if (tile_to(f, cells[i] + 1, cells[i]) != 0)
			return -1;
		f->lock[cells[i]] = 1;
	}
	int a = cells[k - 2], b = cells[k - 1], ta = a + 1, tb = b + 1;
	if (f->t[a] == ta && f->t[b] == tb)
		return 0;
	if (tile_to(f, ta, b) != 0)
		return -1;
	f->lock[b] = 1;
	if (win_index(win, nwin, f->pos[tb]) < 0 && tile_to(f, tb, far) != 0)
		return -1;
	f->lock[b] = 0;
	f->lock[f->pos[ta]] = f->lock[f->pos[tb]] = 1;
	int rc = blank_into(f, win, nwin);
	f->lock[f->pos[ta]] = f->lock[f->pos[tb]] = 0;
	return rc != 0 ? rc : pair_into(f, win, nwin, ta, a, tb, b);
}

/* Rank of a permutation of 0..k-1 (Lehmer code). */
static unsigned perm_rank(const uint8_t *p, int k)
{
	unsigned r = 0;
	for (int i = 0; i < k; i++) {
		unsigned less = 0;
		for (int j = i + 1; j < k; j++)
			less += p[j] < p[i];
		r = r * (unsigned)(k - i) + less;
	}
	return r;
}

/* Finishes the last cells (at most 6, the bottom-right corner) by a breadth-first search over
 * their arrangements: each cell's value is the local index of its tile's goal cell. */
static int finish(struct fs *f)
{
	int cell[FAST_FINAL_MAX], k = 0, local[FAST_MAX_CELLS];
	for (int c = 0; c < f->n; c++)
		if (is_free(f, c))
			local[c] = k, cell[k++] = c;
	uint8_t q[FAST_FINAL_STATES][FAST_FINAL_MAX], goal[FAST_FINAL_MAX];
	for (int j = 0; j < k; j++) {
		int tile = f->t[cell[j]];
		q[0][j] = (uint8_t)local[tile ? tile - 1 : f->n - 1];
		goal[j] = (uint8_t)j;
	}
	unsigned s0 = perm_rank(q[0], k), g = perm_rank(goal, k);
	if (s0 == g)
		return 0;
	f->stamp[s0] = ++f->gen;
	for (size_t head = 0, tail = 1; head < tail; head++) {
		unsigned s = perm_rank(q[head], k);
		int bl = 0;
		while (q[head][bl] != k - 1)
			bl++;
		for (int d = 0; d < 4; d++) {
			int c2 = nbr(f, cell[bl], d);
			if (!is_free(f, c2))
				continue;
			uint8_t *nq = q[tail];
			memcpy(nq, q[head], (size_t)k);
			nq[bl] = nq[local[c2]], nq[local[c2]] = (uint8_t)(k - 1);
			unsigned ns = perm_rank(nq, k);
			if (f->stamp[ns] == f->gen)
				continue;
			f->stamp[ns] = f->gen, f->par[ns] = (uint16_t)s, f->pdir[ns] = (uint8_t)d;
			if (ns == g) {
				replay(f, s0, ns);
				return 0;
			}
			if (tail + 1 < FAST_FINAL_STATES)
				tail++;
		}
	}
	return -1;
}

/* Solves f's board to the canonical goal: the longer side's outer line first, until 6 cells or fewer are left. */
static int solve_canonical(struct fs *f)
{
	int cells[FAST_MAX_CELLS], win[9];
	while ((f->R - f->r0) * (f->C - f->c0) > FAST_FINAL_MAX) {
		int h = f->R - f->r0, w = f->C - f->c0, k = 0, nwin = 0, rc;
		if (h >= w) { /* the top row; its window: 3 rows by the last 3 (or 2) columns */
			for (int c = f->c0; c < f->C; c++)
				cells[k++] = f->r0 * f->C + c;
			for (int r = f->r0; r < f->r0 + 3; r++)
				for (int c = w > 2 ? f->C - 3 : f->c0; c < f->C; c++)
					win[nwin++] = r * f->C + c;
			rc = solve_line(f, cells, k, win, nwin, (f->r0 + 2) * f->C + f->C - 1);
			f->r0++;
		} else { /* the left column; its window: the last 3 (or 2) rows by 3 columns */
			for (int r = f->r0; r < f->R; r++)
				cells[k++] = r * f->C + f->c0;
			for (int r = h > 2 ? f->R - 3 : f->r0; r < f->R; r++)
				for (int c = f->c0; c < f->c0 + 3; c++)
					win[nwin++] = r * f->C + c;
			rc = solve_line(f, cells, k, win, nwin, (f->R - 1) * f->C + f->c0 + 2);
			f->c0++;
		}
		memset(f->lock, 0, sizeof f->lock);
		if (rc != 0 || f->oom)
			return -1;
	}
	return finish(f);
}

int fast_check_tiles(int rows, int cols, const uint8_t *tiles, const char *what, struct slidetab_error *err)
{
	uint8_t seen[FAST_MAX_CELLS] = { 0 };
	int n = rows * cols;
	for (int c = 0; c < n; c++) {
		if (tiles[c] >= n)
			return err_set(err, SLIDETAB_EINVAL,
				       "%s: cell %d holds tile %u, out of range for %dx%d (0..%d)", what, c, tiles[c],
				       rows, cols, n - 1);
		if (seen[tiles[c]]++)
			return err_set(err, SLIDETAB_EINVAL, "%s: tile %u appears twice (cell %d)", what, tiles[c], c);
	}
	return SLIDETAB_OK;
}

int fast_solvable(int rows, int cols, const uint8_t *start, const uint8_t *goal)
{
	int n = rows * cols, where[FAST_MAX_CELLS], parity = 0, sb = 0, gb = 0;
	uint8_t done[FAST_MAX_CELLS] = { 0 };
	for (int c = 0; c < n; c++) {
		where[goal[c]] = c;
		if (!start[c])
			sb = c;
		if (!goal[c])
			gb = c;
	}
	for (int c = 0; c < n; c++) { /* cell c's tile goes to where[start[c]]: count the cycles */
		if (done[c])
			continue;
		int len = 0;
		for (int x = c; !done[x]; x = where[start[x]])
			done[x] = 1, len++;
		parity ^= (len - 1) & 1;
	}
	int taxi = abs(sb / cols - gb / cols) + abs(sb % cols - gb % cols);
	return parity == (taxi & 1);
}

/* Linear conflicts of one line (a row when row is set): tiles in it that belong to it, read in
 * order, less the longest run of them whose goal positions increase; two moves each. */
static unsigned line_conflicts(int rows, int cols, const uint8_t *s, const int *where, int line, int row)
{
	int goalpos[FAST_MAX_CELLS], m = 0, len = row ? cols : rows;
	for (int i = 0; i < len; i++) {
		int c = row ? line * cols + i : i * cols + line, t = s[c];
		if (!t)
			continue;
		int gc = where[t];
		if (row ? gc / cols == line : gc % cols == line)
			goalpos[m++] = row ? gc % cols : gc / cols;
	}
	int best[FAST_MAX_CELLS], lis = 0;
	for (int i = 0; i < m; i++) { /* longest increasing run: best[j] ends the j+1-long runs lowest */
		int lo = 0, hi = lis;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (best[mid] < goalpos[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		best[lo] = goalpos[i];
		if (lo == lis)
			lis++;
	}
	(void)rows;
	return 2u * (unsigned)(m - lis);
}

unsigned fast_lower_bound(int rows, int cols, const uint8_t *start, const uint8_t *goal)
{
	int n = rows * cols, where[FAST_MAX_CELLS], sb = 0;
	unsigned h = 0;
	for (int c = 0; c < n; c++)
		where[goal[c]] = c;
	for (int c = 0; c < n; c++) {
		int t = start[c], g = where[t];
		if (!t) {
			sb = c;
			continue;
		}
		h += (unsigned)(abs(c / cols - g / cols) + abs(c % cols - g % cols));
	}
	for (int r = 0; r < rows; r++)
		h += line_conflicts(rows, cols, start, where, r, 1);
	for (int c = 0; c < cols; c++)
		h += line_conflicts(rows, cols, start, where, c, 0);
	int gb = where[0];
	unsigned taxi = (unsigned)(abs(sb / cols - gb / cols) + abs(sb % cols - gb % cols));
	return h + ((h ^ taxi) & 1u);
}

static int fs_alloc(struct fs *f)
{
	size_t states = (size_t)f->n * (size_t)f->n;
	if (states < FAST_FINAL_STATES)
		states = FAST_FINAL_STATES;
	f->states = states;
	f->stamp = calloc(states, sizeof *f->stamp);
	f->par = malloc(states * sizeof *f->par);
	f->queue = malloc(states * sizeof *f->queue);
	f->pdir = malloc(states);
	f->tmp = malloc(states);
	return f->stamp && f->par && f->queue && f->pdir && f->tmp ? 0 : -1;
}

static void fs_free(struct fs *f)
{
	free(f->stamp), free(f->par), free(f->queue), free(f->pdir), free(f->tmp);
}

/* Solves f (set up on the relabelled start) and walks the blank back along the reversed walk of
 * `walk` moves; checks that the result is the relabelled goal. */
static int fs_run(struct fs *f, const uint8_t *walk, int nwalk, const uint8_t *lgoal, struct slidetab_error *err)
{
	if (fs_alloc(f) != 0)
		return err_set(err, SLIDETAB_ENOMEM, "fast: out of memory for a %dx%d board", f->R, f->C);
	int rc = solve_canonical(f);
	for (int i = nwalk - 1; rc == 0 && i >= 0; i--)
		do_move(f, 3 - walk[i]);
	if (f->oom)
		return err_set(err, SLIDETAB_ENOMEM, "fast: out of memory for the path on %dx%d", f->R, f->C);
	if (rc != 0 || memcmp(f->t, lgoal, (size_t)f->n) != 0)
		return err_set(err, SLIDETAB_EINVAL, "fast: internal error: the %dx%d path does not reach the goal",
			       f->R, f->C);
	return SLIDETAB_OK;
}

int fast_solve(int rows, int cols, const uint8_t *start, const uint8_t *goal, char **moves, size_t *length,
	       struct slidetab_error *err)
{
	*moves = NULL, *length = 0;
	if (rows < 2 || cols < 2 || rows > FAST_MAX_CELLS || cols > FAST_MAX_CELLS || rows * cols > FAST_MAX_CELLS)
		return err_set(err, SLIDETAB_EINVAL, "fast: %dx%d: boards are RxC with R, C >= 2 and R*C <= %d", rows,
			       cols, FAST_MAX_CELLS);
	int n = rows * cols, rc = fast_check_tiles(rows, cols, start, "start", err);
	if (rc == SLIDETAB_OK)
		rc = fast_check_tiles(rows, cols, goal, "goal", err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!fast_solvable(rows, cols, start, goal))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	/* The goal with its blank walked down, then right, to the last cell; tiles renamed so that
	 * walked goal is the canonical one. */
	uint8_t g2[FAST_MAX_CELLS], lab[FAST_MAX_CELLS], walk[2 * FAST_MAX_CELLS], lgoal[FAST_MAX_CELLS];
	memcpy(g2, goal, (size_t)n);
	int gb = 0, nwalk = 0;
	while (goal[gb])
		gb++;
	for (int r = gb / cols; r < rows - 1; r++)
		walk[nwalk++] = 0;
	for (int c = gb % cols; c < cols - 1; c++)
		walk[nwalk++] = 2;
	for (int i = 0, b = gb; i < nwalk; i++) {
		int to = walk[i] == 0 ? b + cols : b + 1;
		g2[b] = g2[to], g2[to] = 0, b = to;
	}
	for (int c = 0; c < n; c++)
		lab[g2[c]] = c == n - 1 ? 0 : (uint8_t)(c + 1);
	struct fs *f = calloc(1, sizeof *f);
	if (!f)
		return err_set(err, SLIDETAB_ENOMEM, "fast: out of memory");
	f->R = rows, f->C = cols, f->n = n;
	set_box(f, NULL);
	for (int c = 0; c < n; c++) {
		f->t[c] = lab[start[c]], f->pos[f->t[c]] = (uint8_t)c;
		lgoal[c] = lab[goal[c]];
	}
	rc = fs_run(f, walk, nwalk, lgoal, err);
	fs_free(f);
	if (rc == SLIDETAB_OK) {
		if (!f->mv && !(f->mv = malloc(1)))
			rc = err_set(err, SLIDETAB_ENOMEM, "fast: out of memory");
		else
			f->mv[f->len] = '\0', *moves = f->mv, *length = f->len, f->mv = NULL;
	}
	free(f->mv);
	free(f);
	return rc;
}
