/* SPDX-License-Identifier: Zlib */
/* test_idafsm: the machine of skipped strings against a plain enumeration of duplicate strings. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/search/idafsm.h"
#include "tests/unit/testutil.h"
#include "tools/idafsm_build.h"

/* Strings of up to L moves on an open grid of side G, blank starting in the middle; letters
 * d l r u = 0..3, 3 - k undoes k. */
#define L      9
#define G      (2 * L + 1)
#define CELLS  (G * G)
#define MAXSTR 40000 /* 1 + 4 * (3^9 - 1) / 2 = 39,365 strings without an undo */

struct str {
	int len;
	char m[L];
	uint16_t grid[CELLS]; /* the tile (its home cell) left at each cell; the blank is CELLS */
	char seen[CELLS];     /* 1: the blank visits the cell */
};

static struct str *S;
static int nstr;
static int lmax; /* the longest strings checked: L; emulated (testutil_emulated), L - 1 (a quarter of the strings) */
static int skip_tab[L + 1][1 << (2 * L)]; /* [len][moves in base 4, first move highest]: 1 skipped */

static void walk(struct str *cur, int pos)
{
	S[nstr++] = *cur;
	if (cur->len == lmax)
		return;
	for (int k = 0; k < 4; k++) {
		if (cur->len > 0 && cur->m[cur->len - 1] == 3 - k)
			continue;
		int to = pos + (k == 0 ? G : k == 1 ? -1 : k == 2 ? 1 : -G);
		struct str next = *cur;
		next.grid[pos] = next.grid[to];
		next.grid[to] = CELLS;
		next.seen[to] = 1;
		next.m[next.len++] = (char)k;
		walk(&next, to);
	}
}

static int by_grid(const void *a, const void *b)
{
	return memcmp(((const struct str *)a)->grid, ((const struct str *)b)->grid, sizeof S->grid);
}

/* b comes before a: shorter, or as long and smaller in letter order. */
static int before(const struct str *b, const struct str *a)
{
	return b->len < a->len || (b->len == a->len && memcmp(b->m, a->m, (size_t)a->len) < 0);
}

static int cells_within(const struct str *b, const struct str *a)
{
	for (int c = 0; c < CELLS; c++)
		if (b->seen[c] && !a->seen[c])
			return 0;
	return 1;
}

static unsigned code(const char *m, int len)
{
	unsigned c = 0;
	for (int i = 0; i < len; i++)
		c = c << 2 | (unsigned)m[i];
	return c;
}

/* skip_tab from the definition in idafsm.h, one pair of strings at a time. */
static void setup(void)
{
	lmax = testutil_emulated() ? L - 1 : L;
	S = malloc(MAXSTR * sizeof *S);
	struct str *root = calloc(1, sizeof *root);
	ck_assert_ptr_nonnull(S);
	ck_assert_ptr_nonnull(root);
	for (int c = 0; c < CELLS; c++)
		root->grid[c] = (uint16_t)c;
	int mid = CELLS / 2;
	root->grid[mid] = CELLS;
	root->seen[mid] = 1;
	nstr = 0;
	walk(root, mid);
	free(root);
	qsort(S, (size_t)nstr, sizeof *S, by_grid);
	for (int lo = 0, hi; lo < nstr; lo = hi) {
		for (hi = lo + 1; hi < nstr && by_grid(&S[lo], &S[hi]) == 0; hi++)
			;
		for (int i = lo; i < hi; i++)
			for (int j = lo; j < hi; j++)
				if (j != i && before(&S[j], &S[i]) && cells_within(&S[j], &S[i]))
					skip_tab[S[i].len][code(S[i].m, S[i].len)] = 1;
	}
	free(S);
}

/* 1 when the string m[0..len) holds a skipped string or a move followed by its undo. */
static int holds(const char *m, int len)
{
	for (int i = 0; i < len; i++)
		for (int j = i + 2; j <= len; j++)
			if ((j == i + 2 && m[i] == 3 - m[i + 1]) || skip_tab[j - i][code(m + i, j - i)])
				return 1;
	return 0;
}

/* Every string of 0..L letters: the machine stops at its first letter that ends a skipped
 * string, and only there. */
static void check_machine(const struct idafsm *f)
{
	char m[L];
	for (int len = 0; len <= lmax; len++)
		for (unsigned c = 0; c < 1u << (2 * len); c++) {
			for (int i = 0; i < len; i++)
				m[i] = (char)(c >> (2 * (len - 1 - i)) & 3);
			int st = 0, stopped = -1;
			for (int i = 0; i < len && stopped < 0; i++) {
				quiet_assert_int(st, <, f->nstates);
				st = f->next[st][(int)m[i]];
				if (st < 0)
					stopped = i + 1;
			}
			int want = -1;
			for (int i = 2; i <= len && want < 0; i++)
				if (holds(m, i))
					want = i;
			quiet_assert_msg(stopped == want, "string of %d letters %x: machine stops after %d, want %d",
					 len, c, stopped, want);
		}
}

START_TEST(skipped_strings_are_the_duplicates)
{
	/* round a 2x2 square and a half: "ldruld" is skipped for its twin "dlurdl" (d < l) */
	const char twin_d[6] = { 0, 1, 3, 2, 0, 1 }, twin_l[6] = { 1, 0, 2, 3, 1, 0 };
	ck_assert_int_eq(skip_tab[6][code(twin_d, 6)], 0);
	ck_assert_int_eq(skip_tab[6][code(twin_l, 6)], 1);
	int count[L + 1] = { 0 };
	for (int len = 0; len <= lmax; len++)
		for (unsigned c = 0; c < 1u << (2 * len); c++)
			count[len] += skip_tab[len][c];
	/* no string of up to five moves without an undo has a duplicate as short */
	for (int len = 0; len <= 5; len++)
		ck_assert_int_eq(count[len], 0);
	ck_assert_int_gt(count[6], 0);
}
END_TEST

START_TEST(built_machines_match)
{
	struct idafsm f;
	ck_assert_int_eq(idafsm_build(lmax, &f), 0);
	check_machine(&f);
	idafsm_free(&f);
}
END_TEST

/* The machine the search uses (longer strings) agrees on every string up to L letters: a string's
 * being skipped depends only on strings no longer than itself. */
START_TEST(the_search_machine_matches)
{
	const struct idafsm *f = idafsm_get();
	ck_assert_ptr_nonnull(f);
	check_machine(f);
	struct idafsm bad;
	ck_assert_int_eq(idafsm_build(1, &bad), -1);
	ck_assert_int_eq(idafsm_build(IDAFSM_LEN + 1, &bad), -1);
}
END_TEST

/* Walks every string both machines follow, up to len letters: they stop at the same letters. */
static void same_stops(const struct idafsm *a, const struct idafsm *b, int sa, int sb, int len, unsigned code)
{
	if (len == 0)
		return;
	for (int k = 0; k < 4; k++) {
		int na = a->next[sa][k], nb = b->next[sb][k];
		quiet_assert_msg((na < 0) == (nb < 0), "after %x then letter %d: %d compiled, %d built", code, k, na,
				 nb);
		if (na >= 0) {
			quiet_assert_int(na, <, a->nstates);
			same_stops(a, b, na, nb, len - 1, code << 2 | (unsigned)k);
		}
	}
}

/* The compiled-in machine is the one idafsm_build makes on every string up to SHORT letters (a
 * string's being skipped depends only on strings no longer than itself). Building IDAFSM_LEN
 * itself takes 2.2 GB and 20 s: make idafsm-data-check compares it state for state. */
#define SHORT 13
START_TEST(the_compiled_machine_is_the_built_one)
{
	int len = testutil_emulated() ? SHORT - 2 : SHORT;
	struct idafsm f;
	ck_assert_int_eq(idafsm_build(len, &f), 0);
	ck_assert_ptr_eq(idafsm_get(), &idafsm_data);
	ck_assert_int_le(idafsm_data.nstates, IDAFSM_MAX_STATES);
	ck_assert_int_gt(idafsm_data.nstates, f.nstates);
	same_stops(&idafsm_data, &f, 0, 0, len, 0);
	idafsm_free(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("idafsm");
	TCase *tc = tcase_create("idafsm");
	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_add_test(tc, skipped_strings_are_the_duplicates);
	tcase_add_test(tc, built_machines_match);
	tcase_add_test(tc, the_search_machine_matches);
	tcase_add_test(tc, the_compiled_machine_is_the_built_one);
	return testutil_run(s, tc);
}
