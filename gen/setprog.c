/* SPDX-License-Identifier: Zlib */
/* setprog: the progress of a pattern-database set's build on stderr, from outside the builder. */
#include "gen/setprog.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gen/exact/bfsprog.h"
#include "gen/pdb/pdbprog.h"
#include "libslidetab/base/clock.h"

/* The files written since the start, and their entries with the part of the first unwritten one
 * (the pattern being built: files are written in order) its search has reached (pdbprog). */
static int written(const struct setprog *p, uint64_t *done)
{
	int k = 0, building = -1;
	*done = 0;
	for (int i = 0; i < p->n; i++) {
		struct stat st;
		if (stat(p->path[i], &st) == 0 && (double)st.st_mtime >= p->t0_wall) {
			k++;
			*done += p->entries[i];
		} else if (building < 0) {
			building = i;
		}
	}
	if (building >= 0)
		*done += (uint64_t)(pdbprog_fraction() * (double)p->entries[building]);
	return k;
}

static void report(const struct setprog *p, int k, uint64_t done, double el)
{
	uint64_t all = 0;
	for (int i = 0; i < p->n; i++)
		all += p->entries[i];
	char left[32];
	bfsprog_eta(left, sizeof left, el, done, all);
	fprintf(stderr, "gen: %d of %d pattern%s written, %.0f s so far, about %s left\n", k, p->n,
		p->n == 1 ? "" : "s", el, left);
}

static void *run(void *arg)
{
	struct setprog *p = arg;
	int last = 0;
	double said = clock_now();
	pthread_mutex_lock(&p->lock);
	while (!p->stop) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		if (pthread_cond_timedwait(&p->wake, &p->lock, &until) != ETIMEDOUT || p->stop)
			continue;
		uint64_t done;
		int k = written(p, &done);
		double now = clock_now();
		if (k < p->n && (k != last || now - said >= SETPROG_EVERY)) {
			report(p, k, done, now - p->t0);
			last = k, said = now;
		}
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

void setprog_start(struct setprog *p, int cells, const uint32_t *masks, char (*paths)[PDBCMD_PATH_MAX], int count)
{
	p->n = 0;
	for (int i = 0; i < count; i++) {
		int seen = 0;
		for (int j = 0; j < p->n; j++)
			seen |= !strcmp(p->path[j], paths[i]);
		if (seen)
			continue;
		struct pdb_ranker r;
		pdb_ranker_init(&r, cells, pdb_popcount32(masks[i]));
		snprintf(p->path[p->n], PDBCMD_PATH_MAX, "%s", paths[i]);
		p->entries[p->n++] = r.count;
	}
	p->t0 = clock_now();
	p->t0_wall = (double)time(NULL);
	p->stop = 0;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	p->running = pthread_create(&p->thread, NULL, run, p) == 0;
}

void setprog_stop(struct setprog *p, int ok)
{
	if (p->running) {
		pthread_mutex_lock(&p->lock);
		p->stop = 1;
		pthread_cond_signal(&p->wake);
		pthread_mutex_unlock(&p->lock);
		pthread_join(p->thread, NULL);
	}
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->wake);
	if (ok)
		fprintf(stderr, "gen: %d of %d pattern%s written in %.1f s\n", p->n, p->n, p->n == 1 ? "" : "s",
			clock_now() - p->t0);
}
