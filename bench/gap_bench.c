/* SPDX-License-Identifier: Zlib */
/* gap_bench: times the Gap solver (gap/search.c) against a plain breadth-first search on random deals. */
#define _POSIX_C_SOURCE 200809L
#include "common/cputime.h"
#include "gap/search.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* ------------------------------------------------------------------------------------------ */
/* Baseline: the usual contest solution. BFS over whole layouts (32 bytes), a hash set of seen   */
/* layouts (open addressing, load <= 1/2) and a FIFO queue array holding every layout reached.   */

enum { CELLS = 32, ROW = 8 };

struct lay {
	unsigned char c[CELLS];
};

struct gapbench_bfs {
	struct lay *set; /* all-zero entry = empty slot */
	size_t set_size, set_count;
	struct lay *queue;
	size_t qcap, qlen;
	size_t bytes, peak;
	int failed;
};

static void *bfs_alloc(struct gapbench_bfs *b, size_t bytes)
{
	void *p = calloc(1, bytes);

	if (!p) {
		b->failed = 1;
		return NULL;
	}
	b->bytes += bytes;
	if (b->bytes > b->peak)
		b->peak = b->bytes;
	return p;
}

static void bfs_release(struct gapbench_bfs *b, void *p, size_t bytes)
{
	free(p);
	b->bytes -= bytes;
}

static uint64_t lay_hash(const struct lay *l)
{
	uint64_t h = 1469598103934665603ULL;

	for (int i = 0; i < CELLS; i++)
		h = (h ^ l->c[i]) * 1099511628211ULL;
	return h;
}

static size_t set_slot(const struct lay *set, size_t size, const struct lay *l)
{
	size_t i = (size_t)lay_hash(l) & (size - 1);

	while (set[i].c[0] && memcmp(&set[i], l, sizeof *l) != 0)
		i = (i + 1) & (size - 1);
	return i;
}

static int set_grow(struct gapbench_bfs *b)
{
	size_t size = b->set_size ? b->set_size * 2 : 1024;
	struct lay *set = bfs_alloc(b, sizeof *set * size);

	if (!set)
		return -1;
	for (size_t i = 0; i < b->set_size; i++)
		if (b->set[i].c[0])
			set[set_slot(set, size, &b->set[i])] = b->set[i];
	bfs_release(b, b->set, sizeof *b->set * b->set_size);
	b->set = set;
	b->set_size = size;
	return 0;
}

/* Adds l to the seen set and the queue unless seen. Returns 1 added, 0 seen, -1 out of memory. */
static int bfs_add(struct gapbench_bfs *b, const struct lay *l)
{
	size_t i;

	if ((b->set_count + 1) * 2 > b->set_size && set_grow(b) < 0)
		return -1;
	i = set_slot(b->set, b->set_size, l);
	if (b->set[i].c[0])
		return 0;
	b->set[i] = *l;
	b->set_count++;
	if (b->qlen == b->qcap) {
		size_t cap = b->qcap ? b->qcap * 2 : 1024;
		struct lay *q = bfs_alloc(b, sizeof *q * cap);
		if (!q)
			return -1;
		if (b->queue)
			memcpy(q, b->queue, sizeof *q * b->qlen);
		bfs_release(b, b->queue, sizeof *q * b->qcap);
		b->queue = q;
		b->qcap = cap;
	}
	b->queue[b->qlen++] = *l;
	return 1;
}

static int bfs_find(const struct lay *l, int card)
{
	for (int i = 0; i < CELLS; i++)
		if (l->c[i] == card)
			return i;
	return -1;
}

/* Minimum moves by BFS, -1 when impossible, -2 when out of memory. Sets *peak, *states. */
static int bfs_solve(const struct gap_layout *start, size_t *peak, size_t *states)
{
	struct gapbench_bfs b;
	struct gap_layout goal_layout;
	struct lay goal, first;
	size_t head = 0;
	int depth = 0, answer = -1;

	memset(&b, 0, sizeof b);
	gap_goal(&goal_layout);
	memcpy(goal.c, goal_layout.cell, CELLS);
	memcpy(first.c, start->cell, CELLS);
	if (memcmp(&first, &goal, sizeof goal) == 0)
		answer = 0;
	else if (bfs_add(&b, &first) < 0)
		answer = -2;
	while (answer == -1 && head < b.qlen) {
		size_t level_end = b.qlen;
		depth++;
		for (; answer == -1 && head < level_end; head++) {
			struct lay cur = b.queue[head];
			for (int g = 0; g < CELLS && answer == -1; g++) {
				int left, from, r;
				struct lay next;
				if (cur.c[g] != 0 || g % ROW == 0)
					continue;
				left = cur.c[g - 1];
				if (left == 0 || left % 10 == 7)
					continue;
				from = bfs_find(&cur, left + 1);
				next = cur;
				next.c[g] = next.c[from];
				next.c[from] = 0;
				if (memcmp(&next, &goal, sizeof goal) == 0)
					answer = depth;
				else if ((r = bfs_add(&b, &next)) < 0)
					answer = -2;
			}
		}
	}
	*peak = b.peak;
	*states = b.set_count;
	free(b.set);
	free(b.queue);
	return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* Random deals and timing                                                                     */

static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static void random_deal(uint64_t *seed, struct gap_layout *l)
{
	int cards[GAP_ROWS * GAP_DEAL_COLS], n = 0;

	for (int s = 1; s <= 4; s++)
		for (int v = 1; v <= 7; v++)
			cards[n++] = s * 10 + v;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(next_random(seed) % (uint64_t)(i + 1)), t = cards[i];
		cards[i] = cards[j];
		cards[j] = t;
	}
	gap_deal(cards, l, NULL);
}

struct tally {
	double total, worst;
	size_t peak, states;
};

static void tally_add(struct tally *t, double dt, size_t peak, size_t states)
{
	t->total += dt;
	if (dt > t->worst)
		t->worst = dt;
	if (peak > t->peak)
		t->peak = peak;
	t->states += states;
}

static void tally_print(const char *name, const struct tally *t, int n)
{
	printf("%-4s %8.3f s %9.4f ms %9.3f ms %12zu B %12zu\n", name, t->total, 1e3 * t->total / n, 1e3 * t->worst,
	       t->peak, t->states);
}

enum { HARD = 5000 }; /* a deal is hard when BFS stores at least this many layouts */

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 2046;
	struct tally astar = { 0 }, bfs = { 0 }, hard_astar = { 0 }, hard_bfs = { 0 };
	int mismatch = 0, solved = 0, impossible = 0, proved = 0, more_memory = 0, longest = 0, hard = 0;
	struct rusage ru;

	printf("gap_bench: %d random deals, seed %llu; times are CPU time of this process\n", n,
	       (unsigned long long)seed);
	for (int i = 0; i < n; i++) {
		struct gap_layout l;
		struct gap_result res;
		size_t bpeak, bstates;
		double t0, t1, t2;
		int a, b, st;

		random_deal(&seed, &l);
		t0 = cputime_now();
		st = gap_solve(&l, NULL, &res, NULL);
		a = res.moves;
		t1 = cputime_now();
		b = bfs_solve(&l, &bpeak, &bstates);
		t2 = cputime_now();
		tally_add(&astar, t1 - t0, res.peak_bytes, res.states);
		tally_add(&bfs, t2 - t1, bpeak, bstates);
		if (bstates >= HARD) {
			hard++;
			tally_add(&hard_astar, t1 - t0, res.peak_bytes, res.states);
			tally_add(&hard_bfs, t2 - t1, bpeak, bstates);
		}
		if (a != b || (st != SLIDETAB_OK && st != SLIDETAB_UNSOLVABLE)) {
			mismatch++;
			fprintf(stderr, "deal %d: solver %d (status %d), BFS %d\n", i, a, st, b);
		}
		solved += a >= 0;
		impossible += a == -1;
		proved += res.proved_dead;
		more_memory += res.peak_bytes > bpeak;
		if (a > longest)
			longest = a;
		gap_result_free(&res);
	}
	printf("answers: %d solvable (longest %d moves), %d impossible (%d proved without search)\n", solved, longest,
	       impossible, proved);
	printf("          total      mean/deal     worst   peak (1 deal)  states stored (sum)\n");
	tally_print("A*", &astar, n);
	tally_print("BFS", &bfs, n);
	printf("speed-up: %.1fx", bfs.total / astar.total);
	if (hard)
		printf("   (%.1fx on the %d deals where BFS stored >= %d layouts)", hard_bfs.total / hard_astar.total,
		       hard, HARD);
	printf("\nmemory: peak %.1fx smaller; deals where A* used more bytes than BFS: %d\n",
	       (double)bfs.peak / (double)astar.peak, more_memory);
	getrusage(RUSAGE_SELF, &ru);
	printf("ru_maxrss: %ld KiB (the whole process, both solvers)\n", ru.ru_maxrss);
	printf("mismatches: %d\n", mismatch);
	return mismatch != 0;
}
