/* SPDX-License-Identifier: Zlib */
/* test_bfsx: the queues between search threads deliver every mark once, to its owner only. */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>

#include "gen/exact/bfsx.h"
#include "tests/unit/testutil.h"

#define OWNERS   4
#define PER_PAIR 50000 /* marks each producer sends each other owner: several blocks */

struct test_bfsx_got {
	uint64_t count, sum, bad; /* bad: marks whose owner field is not the drainer */
	int owner;
};

static void apply(void *ctx, const uint64_t *j, size_t n)
{
	struct test_bfsx_got *g = ctx;
	for (size_t i = 0; i < n; i++) {
		g->count++;
		g->sum += j[i] >> 8;
		g->bad += (int)(j[i] & 0xff) != g->owner;
	}
}

struct test_bfsx_worker {
	struct bfsx *x;
	int me;
	struct test_bfsx_got got;
};

/* Producer me sends (k << 8 | u) to each owner u != me, draining its own inbox as it goes. */
static void *run(void *arg)
{
	struct test_bfsx_worker *w = arg;
	for (uint64_t k = 0; k < PER_PAIR; k++) {
		for (int u = 0; u < OWNERS; u++)
			if (u != w->me)
				bfsx_push(w->x, w->me, u, k << 8 | (uint64_t)u);
		if (k % 1000 == 0 && bfsx_pending(w->x, w->me))
			bfsx_drain(w->x, w->me, apply, &w->got);
	}
	bfsx_post_all(w->x, w->me);
	return NULL;
}

START_TEST(every_mark_once_to_its_owner)
{
	struct bfsx x;
	ck_assert_int_eq(bfsx_init(&x, OWNERS), 0);
	for (int round = 0; round < 2; round++) { /* the second reuses the drained blocks */
		struct test_bfsx_worker w[OWNERS];
		pthread_t t[OWNERS];
		for (int i = 0; i < OWNERS; i++) {
			w[i] = (struct test_bfsx_worker){ &x, i, { 0, 0, 0, i } };
			ck_assert_int_eq(pthread_create(&t[i], NULL, run, &w[i]), 0);
		}
		for (int i = 0; i < OWNERS; i++)
			pthread_join(t[i], NULL);
		const uint64_t each = (uint64_t)PER_PAIR * (PER_PAIR - 1) / 2;
		for (int i = 0; i < OWNERS; i++) {
			bfsx_drain(&x, i, apply, &w[i].got);
			ck_assert_int_eq(bfsx_pending(&x, i), 0);
			ck_assert_uint_eq(w[i].got.count, (uint64_t)(OWNERS - 1) * PER_PAIR);
			ck_assert_uint_eq(w[i].got.sum, (uint64_t)(OWNERS - 1) * each);
			ck_assert_uint_eq(w[i].got.bad, 0);
		}
	}
	ck_assert_int_eq(atomic_load(&x.failed), 0);
	bfsx_free(&x);
}
END_TEST

/* One owner: nothing is queued, and an empty drain calls nothing. */
START_TEST(empty_drain)
{
	struct bfsx x;
	struct test_bfsx_got g = { 0, 0, 0, 0 };
	ck_assert_int_eq(bfsx_init(&x, 1), 0);
	ck_assert_int_eq(bfsx_pending(&x, 0), 0);
	bfsx_drain(&x, 0, apply, &g);
	bfsx_post_all(&x, 0);
	ck_assert_uint_eq(g.count, 0);
	bfsx_free(&x);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("bfsx");
	TCase *tc = tcase_create("bfsx");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_mark_once_to_its_owner);
	tcase_add_test(tc, empty_drain);
	return testutil_run(s, tc);
}
