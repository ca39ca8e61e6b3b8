/* SPDX-License-Identifier: Zlib */
/* batch: slidetab_distances, the distances of many starts to one goal, spread over the library's worker pool.
 *
 * The goal is checked and its table (or pattern-database set) found once per call. On exact
 * boards each start is then checked, mapped into the table's frame, tested for solvability and
 * ranked in one pass (the parity of its rank's digits is the seq parity the table's goal needs),
 * and looked up: no per-board preparation. Starts go to the workers in chunks; searched boards
 * (4x4, 5x5) go one at a time, as slidetab_batch_plan spreads them. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "libslidetab/answer.h"
#include "libslidetab/base/err.h"
#include "libslidetab/base/pool.h"
#include "libslidetab/model/rank.h"
#include "libslidetab/plan.h"
#include "slidetab.h"

#define BATCH_CHUNK 4096 /* starts a worker claims at a time on exact boards */

struct batch {
	slidetab *db;
	const struct answer_goal *ag;
	const unsigned char *starts;
	unsigned *dists;
	size_t n, cells;
	unsigned per_search;  /* threads inside one search */
	pthread_mutex_t lock; /* guards bad and err */
	size_t bad;           /* the first start that failed (n: none) */
	struct slidetab_error err;
};

/* Records start i's failure (e) when no earlier start failed. */
static void failed(struct batch *bt, size_t i, int status, const struct slidetab_error *e)
{
	pthread_mutex_lock(&bt->lock);
	if (i < bt->bad) {
		bt->bad = i;
		bt->err = *e;
		bt->err.status = status;
	}
	pthread_mutex_unlock(&bt->lock);
}

/* 1 when tiles[0..n) hold 0..n-1 once each (no branch inside the loop). */
static inline int valid_tiles(const unsigned char *tiles, int n)
{
	uint32_t seen = 0;
	unsigned over = 0;
	for (int c = 0; c < n; c++) {
		over |= tiles[c] >= n;
		seen |= 1u << (tiles[c] & 31);
	}
	return !over && seen == (1u << n) - 1;
}

/* The distance of one checked start from an exact table: mapped, tested and ranked in one pass. */
static inline int exact_one(const struct answer_goal *ag, const unsigned char *tiles, unsigned *d,
			    struct slidetab_error *err)
{
	const struct exact *x = ag->x;
	const struct rank_ctx *r = &x->rk;
	int n = ag->b.n, m = n - 1, blank = 0, k = 0;
	unsigned md = 0; /* the Manhattan distance, for Manhattan-residue entries */
	struct board_state ts;
	uint8_t seq[BOARD_MAX_CELLS] = { 0 };
	for (int c = 0; c < n; c++) {
		int tc = ag->f.cell[c];
		uint8_t v = ag->f.rename[tiles[c]];
		ts.t[tc] = v;
		md += x->md[v][tc];
	}
	for (int c = 0; c < n; c++) { /* the seq: the tiles without the blank */
		uint8_t v = ts.t[c];
		seq[k] = v;
		k += v != 0;
		blank = v ? blank : c;
	}
	uint32_t used = 0;
	uint64_t h = 0;
	unsigned parity = seq[m - 2] > seq[m - 1]; /* the last digit of the Lehmer code; the rest below */
	for (int i = 0; i < m - 2; i++) {
		unsigned digit = (unsigned)(seq[i] - 1 - __builtin_popcount(used & ((1u << seq[i]) - 1)));
		h += digit * r->w[i];
		parity += digit;
		used |= 1u << seq[i];
	}
	if ((int)(parity & 1) != rank_seq_parity(r, blank))
		return SLIDETAB_UNSOLVABLE;
	if (x->meta->entry == TABLE_ENTRY_MOD4) { /* compact: a walk to the goal */
		memset(ts.t + n, 0, sizeof ts.t - (size_t)n);
		return exact_distance(ag->x, &ts, d, err);
	}
	unsigned e;
	int rc = table_lookup(x->t, h * (uint64_t)n + (uint64_t)blank, &e, err);
	if (rc == SLIDETAB_OK)
		*d = x->meta->entry == TABLE_ENTRY_MDRES ? 2 * e + md : exact_decode(x, e, &ts, blank);
	return rc;
}

/* Answers one start or notes why not: dists[i] is its distance or SLIDETAB_NO_DISTANCE. */
static inline void settle(struct batch *bt, size_t i, int rc, unsigned d, struct slidetab_error *e)
{
	bt->dists[i] = rc == SLIDETAB_OK ? d : SLIDETAB_NO_DISTANCE;
	if (rc == SLIDETAB_EINVAL)
		err_set(e, rc, "start %zu is not a %dx%d board: it must hold 0..%d once each", i, bt->ag->b.rows,
			bt->ag->b.cols, bt->ag->b.n - 1);
	else if (rc != SLIDETAB_OK && rc != SLIDETAB_UNSOLVABLE)
		err_prefix(e, "start %zu", i);
	if (rc != SLIDETAB_OK && rc != SLIDETAB_UNSOLVABLE)
		failed(bt, i, rc, e);
}

static void exact_chunk(void *ctx, size_t k, int worker)
{
	(void)worker;
	struct batch *bt = ctx;
	size_t lo = k * BATCH_CHUNK, hi = bt->n - lo < BATCH_CHUNK ? bt->n : lo + BATCH_CHUNK;
	int n = bt->ag->b.n;
	struct slidetab_error e;
	for (size_t i = lo; i < hi; i++) {
		const unsigned char *tiles = bt->starts + i * bt->cells;
		unsigned d = 0;
		int rc = valid_tiles(tiles, n) ? exact_one(bt->ag, tiles, &d, &e) : SLIDETAB_EINVAL;
		if (rc == SLIDETAB_OK)
			bt->dists[i] = d;
		else
			settle(bt, i, rc, d, &e);
	}
}

static void search_one(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct batch *bt = ctx;
	const struct answer_goal *ag = bt->ag;
	const unsigned char *tiles = bt->starts + i * bt->cells;
	struct slidetab_error e;
	struct board_state s;
	unsigned d = 0;
	int rc = SLIDETAB_EINVAL;
	if (valid_tiles(tiles, ag->b.n)) {
		memset(&s, 0, sizeof s);
		memcpy(s.t, tiles, bt->cells);
		rc = !board_solvable(&ag->b, &s, &ag->g)
			     ? SLIDETAB_UNSOLVABLE
			     : answer_set_search(bt->db, ag, &s, ag->max_depth, bt->per_search, &d, NULL, 0, &e);
	}
	settle(bt, i, rc, d, &e);
}

int slidetab_distances(slidetab *db, int rows, int cols, size_t n, const unsigned char *starts,
		       const unsigned char *goal, unsigned *dists, struct slidetab_error *err)
{
	struct answer_goal ag;
	int rc = answer_goal(db, rows, cols, goal, &ag, err);
	if (rc != SLIDETAB_OK)
		return rc;
	if (!starts || !dists)
		return err_set(err, SLIDETAB_EINVAL, "no %s (NULL)", starts ? "place for the distances" : "starts");
	size_t cells = (size_t)ag.b.n;
	if (n > SIZE_MAX / cells || n > SIZE_MAX / sizeof *dists)
		return err_set(err, SLIDETAB_EINVAL, "%zu boards of %zu tiles do not fit in memory", n, cells);
	if (n == 0)
		return SLIDETAB_OK;
	int searched;
	unsigned per_search;
	if ((rc = plan_batch(db, rows, cols, ag.threads, n, &searched, &per_search, err)) != SLIDETAB_OK ||
	    (rc = answer_open(db, &ag, err)) != SLIDETAB_OK)
		return rc;
	struct batch bt = { .db = db,
			    .ag = &ag,
			    .starts = starts,
			    .dists = dists,
			    .n = n,
			    .cells = cells,
			    .per_search = per_search,
			    .bad = n };
	pthread_mutex_init(&bt.lock, NULL);
	if (searched)
		pool_run((int)(ag.threads / per_search), n, search_one, &bt);
	else
		pool_run((int)ag.threads, (n + BATCH_CHUNK - 1) / BATCH_CHUNK, exact_chunk, &bt);
	pthread_mutex_destroy(&bt.lock);
	answer_close(&ag);
	if (bt.bad == n)
		return SLIDETAB_OK;
	if (err)
		*err = bt.err;
	return bt.err.status;
}
