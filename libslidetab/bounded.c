/* SPDX-License-Identifier: Zlib */
/* bounded: slidetab_solve_bounded, the public call of the bounded answers (fast, and within W of the optimum). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/answer.h"
#include "libslidetab/base/err.h"
#include "libslidetab/bounded/fast.h"
#include "libslidetab/bounded/within.h"

/* max(h0, ceil(1000 length / w1000)), raised to the length's parity (every path between two
 * states has the same parity, the optimum's too). */
static unsigned within_bound(unsigned h0, size_t length, unsigned w1000)
{
	unsigned lb = (unsigned)((1000u * (unsigned long long)length + w1000 - 1) / w1000);
	if (h0 > lb)
		lb = h0;
	return lb + ((lb ^ (unsigned)length) & 1u);
}

/* --within: the exact answer where a table has it, else weighted IDA* over the board's set. */
static int within_answer(slidetab *db, int rows, int cols, const uint8_t *start, const uint8_t *goal, unsigned w1000,
			 char **moves, size_t *length, unsigned *lb, struct slidetab_error *err)
{
	if (rows * cols > BOARD_MAX_CELLS)
		return err_set(err, SLIDETAB_ENOTABLE,
			       "no pattern databases for %dx%d (only boards up to %d cells have them, and --within "
			       "needs them): within 0 (query --fast) answers any board up to 256 cells",
			       rows, cols, BOARD_MAX_CELLS);
	struct answer_goal ag;
	struct board_state s;
	int rc = answer_goal(db, rows, cols, goal, &ag, err);
	if (rc == SLIDETAB_OK)
		rc = answer_start(&ag, start, "start", &s, err);
	if (rc == SLIDETAB_OK)
		rc = answer_open(db, &ag, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!ag.searched) { /* an exact table: the optimum itself */
		answer_close(&ag);
		char *path = malloc(BOARD_MAX_CELLS * 16);
		if (!path)
			return err_set(err, SLIDETAB_ENOMEM, "within: out of memory");
		rc = slidetab_path(db, rows, cols, start, goal, path, BOARD_MAX_CELLS * 16, err);
		if (rc != SLIDETAB_OK) {
			free(path);
			return rc;
		}
		*moves = path, *length = strlen(path), *lb = (unsigned)*length;
		return SLIDETAB_OK;
	}
	unsigned h0;
	rc = within_solve(ag.set, rows, cols, &s, &ag.g, w1000, ag.max_depth, moves, length, &h0, err);
	answer_close(&ag);
	if (rc == SLIDETAB_OK)
		*lb = within_bound(h0, *length, w1000);
	return rc;
}

/* Checks every argument of slidetab_solve_bounded but the tiles; SLIDETAB_OK or SLIDETAB_EINVAL. */
static int check_args(slidetab *db, int rows, int cols, const unsigned char *start, double within, char *moves,
		      size_t cap, unsigned *length, unsigned *lower_bound, struct slidetab_error *err)
{
	if (!db)
		return err_set(err, SLIDETAB_EINVAL, "no handle (NULL)");
	if (!start)
		return err_set(err, SLIDETAB_EINVAL, "no start (NULL)");
	if (!moves || cap == 0)
		return err_set(err, SLIDETAB_EINVAL, "no room for the moves");
	if (!length || !lower_bound)
		return err_set(err, SLIDETAB_EINVAL, "no place for the length or the lower bound (NULL)");
	if (!(within == 0 || (within >= 1 && isfinite(within))))
		return err_set(err, SLIDETAB_EINVAL, "within %g: give 0 (fast) or a factor of at least 1 (e.g. 1.2)",
			       within);
	if (within > 1000)
		return err_set(err, SLIDETAB_EINVAL, "within %g: give at most 1000", within);
	if (rows < 2 || cols < 2 || rows > BOARD_ANY_MAX_CELLS || cols > BOARD_ANY_MAX_CELLS ||
	    rows * cols > BOARD_ANY_MAX_CELLS)
		return err_set(err, SLIDETAB_EINVAL, "%dx%d is not a board (" BOARD_ANY_RULE ")", rows, cols);
	return SLIDETAB_OK;
}

int slidetab_solve_bounded(slidetab *db, int rows, int cols, const unsigned char *start, const unsigned char *goal,
			   double within, char *moves, size_t cap, unsigned *length, unsigned *lower_bound,
			   struct slidetab_error *err)
{
	int rc = check_args(db, rows, cols, start, within, moves, cap, length, lower_bound, err);
	if (rc != SLIDETAB_OK)
		return rc;
	moves[0] = '\0', *length = *lower_bound = 0;
	int n = rows * cols;
	uint8_t g[BOARD_ANY_MAX_CELLS];
	for (int c = 0; c < n; c++)
		g[c] = goal ? goal[c] : (uint8_t)((c + 1) % n);
	if ((rc = fast_check_tiles(rows, cols, start, "start", err)) != SLIDETAB_OK ||
	    (rc = fast_check_tiles(rows, cols, g, "goal", err)) != SLIDETAB_OK)
		return rc;
	char *path = NULL;
	size_t len = 0;
	unsigned lb = 0;
	if (within == 0) {
		rc = fast_solve(rows, cols, start, g, &path, &len, err);
		lb = fast_lower_bound(rows, cols, start, g);
	} else {
		unsigned w1000 = (unsigned)floor(within * 1000.0 + 1e-9);
		rc = within_answer(db, rows, cols, start, goal ? g : NULL, w1000, &path, &len, &lb, err);
	}
	if (rc == SLIDETAB_OK && len + 1 > cap)
		rc = err_set(err, SLIDETAB_EINVAL, "the path is %zu moves: moves needs %zu bytes, got %zu", len,
			     len + 1, cap);
	if (rc == SLIDETAB_OK) {
		memcpy(moves, path, len + 1);
		*length = (unsigned)len, *lower_bound = lb;
	}
	free(path);
	return rc;
}
