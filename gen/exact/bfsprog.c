/* SPDX-License-Identifier: Zlib */
/* bfsprog: the search's progress lines. */
#include "gen/exact/bfsprog.h"
#include "libslidetab/base/clock.h"

#include <inttypes.h>
#include <stdlib.h>

#include "libslidetab/base/num.h"

void bfsprog_start(struct bfsprog *p, FILE *log, int live, uint64_t count)
{
	p->log = log;
	p->live = live;
	p->count = count;
	p->t0 = p->last = clock_now();
	/* Test hook (docs/hardening.md): $SLIDETAB_TEST_LIVE_MS draws the live line that often, so a
	 * test on a small board sees it; it changes nothing else. */
	const char *ms = getenv("SLIDETAB_TEST_LIVE_MS");
	long v = 500;
	if (ms && *ms && num_parse_long(ms, 0, 100000, &v, NULL) != SLIDETAB_OK)
		v = 500;
	p->every = (double)v / 1000;
}

void bfsprog_eta(char *buf, size_t size, double el, uint64_t so_far, uint64_t count)
{
	if (so_far < count / 20 || el <= 0 || so_far >= count) { /* the first 5%: too early to say */
		snprintf(buf, size, "%s", so_far >= count ? "0s" : "?");
		return;
	}
	double left = el * (double)(count - so_far) / (double)so_far;
	long s = (long)(left + 0.5);
	if (s >= 3600)
		snprintf(buf, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
	else if (s >= 60)
		snprintf(buf, size, "%ldm%02lds", s / 60, s % 60);
	else
		snprintf(buf, size, "%lds", s);
}

void bfsprog_live(struct bfsprog *p, unsigned layer, uint64_t so_far, uint64_t done, uint64_t chunks)
{
	double t = clock_now();
	if (!p->live || t - p->last < p->every)
		return;
	p->last = t;
	char left[32];
	bfsprog_eta(left, sizeof left, t - p->t0, so_far, p->count);
	fprintf(stderr,
		"\r\033[Klayer %u (%.0f%% scanned): %" PRIu64 " state%s (%.1f%%), %.3g states/s, %.0f s, about %s left",
		layer, 100.0 * (double)done / (double)chunks, so_far, so_far == 1 ? "" : "s",
		100.0 * (double)so_far / (double)p->count, (double)so_far / (t - p->t0), t - p->t0, left);
	fflush(stderr);
}

void bfsprog_layer(struct bfsprog *p, unsigned layer, uint64_t states, uint64_t so_far)
{
	double t = clock_now(), el = t - p->t0;
	if (p->live)
		fprintf(stderr, "\r\033[K");
	if (!p->log)
		return;
	char left[32];
	bfsprog_eta(left, sizeof left, el, so_far, p->count);
	fprintf(p->log,
		"layer %3u: %13" PRIu64 " state%s, %15" PRIu64
		" so far (%5.1f%%), %8.2f s, %.3g states/s, about %s left\n",
		layer, states, states == 1 ? "" : "s", so_far, 100.0 * (double)so_far / (double)p->count, el,
		(double)so_far / (el > 0 ? el : 1e-9), left);
	fflush(p->log);
}
