/* SPDX-License-Identifier: Zlib */
/* hint: slidetab_hint, a start's distance and every optimal first move (the moves to a neighbour one closer). */
#include <string.h>

#include "libslidetab/answer.h"
#include "libslidetab/base/err.h"
#include "slidetab.h"

/* From an exact table: the start's distance, then each neighbour's stored value (compact tables:
 * d mod 4, enough to tell one closer from one farther). */
static int hint_exact(const struct answer_goal *ag, const struct board_state *s, unsigned *dist, unsigned *moves,
		      struct slidetab_error *err)
{
	struct exact *x = ag->x;
	struct board_state ts;
	memset(&ts, 0, sizeof ts);
	frame_map(&ag->f, ag->b.n, s, &ts);
	unsigned d, v, bits = 0;
	int rc = exact_distance(x, &ts, &d, err);
	if (rc != SLIDETAB_OK)
		return rc;
	unsigned closer = x->meta->entry == TABLE_ENTRY_MOD4 ? (d + 3) & 3 : d - 1;
	int blank = board_blank(&x->b, &ts);
	for (int ud = 0; ud < BOARD_NDIRS && d > 0; ud++) {
		struct board_state nb = ts;
		int nbl = blank;
		if (board_move(&x->b, &nb, &nbl, (enum board_dir)ag->f.dir[ud]) != 0)
			continue;
		if ((rc = exact_value(x, &nb, &v, err)) != SLIDETAB_OK)
			return rc;
		bits |= (unsigned)(v == closer) << ud;
	}
	*dist = d, *moves = bits;
	return SLIDETAB_OK;
}

/* By IDA*: the start's distance d, then whether each neighbour is solved within d - 1 moves (it is
 * d - 1 or d + 1 away, so the bounded search stops early for the farther ones). */
static int hint_search(slidetab *db, const struct answer_goal *ag, const struct board_state *s, unsigned *dist,
		       unsigned *moves, struct slidetab_error *err)
{
	unsigned d, nd, bits = 0;
	int rc = answer_set_search(db, ag, s, ag->max_depth, ag->threads, &d, NULL, 0, err);
	if (rc != SLIDETAB_OK)
		return rc;
	int blank = board_blank(&ag->b, s);
	for (int dir = 0; dir < BOARD_NDIRS && d > 0; dir++) {
		struct board_state nb = *s;
		int nbl = blank;
		if (board_move(&ag->b, &nb, &nbl, (enum board_dir)dir) != 0)
			continue;
		/* d - 1 = 0 would mean no limit: the comparison below still decides. */
		rc = answer_set_search(db, ag, &nb, d - 1, ag->threads, &nd, NULL, 0, err);
		if (rc == SLIDETAB_OK)
			bits |= (unsigned)(nd + 1 == d) << dir;
		else if (rc != SLIDETAB_ELIMIT)
			return rc;
	}
	*dist = d, *moves = bits;
	return SLIDETAB_OK;
}

int slidetab_hint(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
		  unsigned *dist, unsigned *moves, struct slidetab_error *err)
{
	struct answer_goal ag;
	struct board_state s;
	int rc = answer_goal(db, rows, cols, goal, &ag, err);
	if (rc == SLIDETAB_OK)
		rc = answer_start(&ag, start, "start", &s, err);
	if (rc == SLIDETAB_OK && (!dist || !moves))
		rc = err_set(err, SLIDETAB_EINVAL, "no place for the %s (NULL)", dist ? "moves" : "distance");
	if (rc != SLIDETAB_OK)
		return rc;
	if (!board_solvable(&ag.b, &s, &ag.g))
		return err_set(err, SLIDETAB_UNSOLVABLE, "the start cannot reach the goal (the parities differ)");
	if ((rc = answer_open(db, &ag, err)) != SLIDETAB_OK)
		return rc;
	rc = ag.searched ? hint_search(db, &ag, &s, dist, moves, err) : hint_exact(&ag, &s, dist, moves, err);
	answer_close(&ag);
	return rc;
}
