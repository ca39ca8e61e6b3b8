/* within: weighted IDA* over a pattern-database set: a path proven at most W times the optimum. */
#include "libslidetab/bounded/within.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/model/frame.h"

/* One weighted search, in the set's frame. */
struct wsearch {
	const struct pdb_set *set;
	struct board_state s;
	int blank;
	uint64_t w1000, bound, next; /* f in thousandths of a move: 1000 g + w1000 h */
	int max_len, found, damaged;
	uint8_t *path;
};

static int wdfs(struct wsearch *x, int g, int prev)
{
	int h = pdb_set_h(x->set, &x->s);
	if (h >= PDB_UNREACHABLE) {
		x->damaged = 1;
		return 1;
	}
	uint64_t f = 1000u * (uint64_t)g + x->w1000 * (uint64_t)h;
	if (f > x->bound) {
		if (f < x->next)
			x->next = f;
		return 0;
	}
	if (h == 0 && memcmp(x->s.t, x->set->goal.t, (size_t)x->set->b.n) == 0) {
		x->found = g;
		return 1;
	}
	if (g >= x->max_len)
		return 0;
	for (int d = 0; d < BOARD_NDIRS; d++) {
		if (prev >= 0 && d == 3 - prev) /* the move undoing the last one */
			continue;
		int b0 = x->blank;
		if (board_move(&x->set->b, &x->s, &x->blank, (enum board_dir)d) != 0)
			continue;
		x->path[g] = (uint8_t)d;
		int stop = wdfs(x, g + 1, d);
		board_move(&x->set->b, &x->s, &x->blank, (enum board_dir)(3 - d));
		(void)b0;
		if (stop)
			return 1;
	}
	return 0;
}

int within_solve(const struct pdb_set *set, int rows, int cols, const struct board_state *start,
		 const struct board_state *goal, unsigned w1000, unsigned max_len, char **moves, size_t *length,
		 unsigned *h0, struct slidetab_error *err)
{
	*moves = NULL, *length = 0, *h0 = 0;
	struct frame fr;
	if (frame_find(rows, cols, goal, &set->b, &set->goal, &fr) != 0)
		return err_set(err, SLIDETAB_ENOTABLE, "no pattern-database set answers this %dx%d goal", rows, cols);
	struct wsearch x = { .set = set, .w1000 = w1000 < 1000 ? 1000 : w1000 };
	frame_map(&fr, set->b.n, start, &x.s);
	if (!board_solvable(&set->b, &x.s, &set->goal))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal");
	x.blank = board_blank(&set->b, &x.s);
	x.max_len = (int)(max_len ? max_len : WITHIN_MAX_LENGTH);
	x.path = malloc((size_t)x.max_len + 1);
	char *out = malloc((size_t)x.max_len + 1);
	if (!x.path || !out) {
		free(x.path), free(out);
		return err_set(err, SLIDETAB_ENOMEM, "within: out of memory");
	}
	int h = pdb_set_h(set, &x.s);
	*h0 = h < PDB_UNREACHABLE ? (unsigned)h : 0;
	x.found = -1;
	for (x.bound = x.w1000 * (uint64_t)h; x.found < 0 && !x.damaged;) {
		x.next = UINT64_MAX;
		wdfs(&x, 0, -1);
		if (x.found >= 0 || x.damaged || x.next == UINT64_MAX)
			break;
		x.bound = x.next;
	}
	int rc = SLIDETAB_OK;
	if (x.damaged)
		rc = err_set(err, SLIDETAB_EFORMAT, "within: a pattern-database block of the %dx%d set is damaged",
			     set->b.rows, set->b.cols);
	else if (x.found < 0)
		rc = err_set(err, SLIDETAB_ELIMIT, "within: no path of at most %d moves", x.max_len);
	if (rc != SLIDETAB_OK) {
		free(x.path), free(out);
		return rc;
	}
	int8_t back[BOARD_NDIRS]; /* the set's direction -> the caller's letter */
	for (int d = 0; d < BOARD_NDIRS; d++)
		back[fr.dir[d]] = (int8_t)d;
	for (int i = 0; i < x.found; i++)
		out[i] = board_dir_char((enum board_dir)back[x.path[i]], 0);
	out[x.found] = '\0';
	free(x.path);
	*moves = out, *length = (size_t)x.found;
	return SLIDETAB_OK;
}
