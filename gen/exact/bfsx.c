/* SPDX-License-Identifier: Zlib */
/* bfsx: the marks one search thread makes for states another thread owns, queued in blocks. */
#include "gen/exact/bfsx.h"

#include <stdlib.h>

int bfsx_init(struct bfsx *x, int owners)
{
	x->owners = owners;
	x->free = NULL;
	atomic_init(&x->failed, 0);
	x->in = calloc((size_t)owners, sizeof *x->in);
	x->out = calloc((size_t)owners * (size_t)owners, sizeof *x->out);
	if (!x->in || !x->out) {
		free(x->in);
		free(x->out);
		x->in = NULL;
		x->out = NULL;
		return -1;
	}
	pthread_mutex_init(&x->free_mu, NULL);
	for (int u = 0; u < owners; u++) {
		pthread_mutex_init(&x->in[u].mu, NULL);
		atomic_init(&x->in[u].any, 0);
	}
	return 0;
}

static void free_list(struct bfsx_block *b)
{
	while (b) {
		struct bfsx_block *next = b->next;
		free(b);
		b = next;
	}
}

void bfsx_free(struct bfsx *x)
{
	if (!x->in)
		return;
	for (int u = 0; u < x->owners; u++) {
		free_list(x->in[u].head);
		pthread_mutex_destroy(&x->in[u].mu);
	}
	for (int k = 0; k < x->owners * x->owners; k++)
		free(x->out[k]);
	free_list(x->free);
	pthread_mutex_destroy(&x->free_mu);
	free(x->in);
	free(x->out);
	x->in = NULL;
}

/* An empty block: a recycled one, else a new one; NULL when out of memory. */
static struct bfsx_block *take_block(struct bfsx *x)
{
	pthread_mutex_lock(&x->free_mu);
	struct bfsx_block *b = x->free;
	if (b)
		x->free = b->next;
	pthread_mutex_unlock(&x->free_mu);
	if (!b)
		b = malloc(sizeof *b);
	if (b)
		b->n = 0;
	return b;
}

static void post_block(struct bfsx *x, int u, struct bfsx_block *b)
{
	struct bfsx_inbox *in = &x->in[u];
	pthread_mutex_lock(&in->mu);
	b->next = in->head;
	in->head = b;
	atomic_store_explicit(&in->any, 1, memory_order_release);
	pthread_mutex_unlock(&in->mu);
}

int bfsx_post(struct bfsx *x, int p, int u)
{
	struct bfsx_block **slot = &x->out[p * x->owners + u];
	if (*slot)
		post_block(x, u, *slot);
	*slot = take_block(x);
	if (!*slot) {
		atomic_store(&x->failed, 1);
		return -1;
	}
	return 0;
}

void bfsx_post_all(struct bfsx *x, int p)
{
	for (int u = 0; u < x->owners; u++) {
		struct bfsx_block **slot = &x->out[p * x->owners + u];
		if (*slot && (*slot)->n) {
			post_block(x, u, *slot);
			*slot = NULL;
		}
	}
}

void bfsx_drain(struct bfsx *x, int u, void (*apply)(void *ctx, const uint64_t *j, size_t n), void *ctx)
{
	struct bfsx_inbox *in = &x->in[u];
	pthread_mutex_lock(&in->mu);
	struct bfsx_block *b = in->head, *last = NULL;
	in->head = NULL;
	atomic_store_explicit(&in->any, 0, memory_order_relaxed);
	pthread_mutex_unlock(&in->mu);
	for (struct bfsx_block *k = b; k; last = k, k = k->next)
		apply(ctx, k->j, k->n);
	if (!last)
		return;
	pthread_mutex_lock(&x->free_mu);
	last->next = x->free;
	x->free = b;
	pthread_mutex_unlock(&x->free_mu);
}
