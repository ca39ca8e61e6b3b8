/* SPDX-License-Identifier: Zlib */
/* testutil: the one Check runner every unit test program ends with, its cases, the status check of
 * API calls, quiet assertions for long loops, and the tests' one random source, random walk and
 * replay of a path. */
#ifndef SLIDETAB_TESTUTIL_H
#define SLIDETAB_TESTUTIL_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Quiet assertions for loops of many thousands: every ck_assert_* that passes writes its place to
 * Check's log (a system call; test_bfs spent 40 s of its 68 in the kernel), these call Check only
 * when they fail, naming the expressions and their values as ck_assert_* does. OP: ==, <, >=, ... */
#define quiet_assert_cmp_(T, FMT, X, OP, Y)                                                                            \
	do {                                                                                                           \
		T x_ = (X), y_ = (Y);                                                                                  \
		if (!(x_ OP y_))                                                                                       \
			ck_abort_msg("Assertion '%s " #OP " %s' failed: %s == %" FMT ", %s == %" FMT, #X, #Y, #X, x_,  \
				     #Y, y_);                                                                          \
	} while (0)
#define quiet_assert_uint(X, OP, Y) quiet_assert_cmp_(uintmax_t, "ju", X, OP, Y)
#define quiet_assert_int(X, OP, Y)  quiet_assert_cmp_(intmax_t, "jd", X, OP, Y)
/* E holds, else the message of ck_assert_msg (a printf format and its arguments). */
#define quiet_assert_msg(E, ...)                                                                                       \
	do {                                                                                                           \
		if (!(E))                                                                                              \
			ck_abort_msg(__VA_ARGS__);                                                                     \
	} while (0)
#define quiet_assert(E) quiet_assert_msg(E, "Assertion '%s' failed", #E)
#define quiet_assert_mem_eq(X, Y, N)                                                                                   \
	do {                                                                                                           \
		const unsigned char *x_ = (const void *)(X), *y_ = (const void *)(Y);                                  \
		size_t n_ = (N), i_ = 0;                                                                               \
		while (i_ < n_ && x_[i_] == y_[i_])                                                                    \
			i_++;                                                                                          \
		if (i_ < n_)                                                                                           \
			ck_abort_msg("Assertion '%s == %s' failed: byte %zu of %zu is %u, %u", #X, #Y, i_, n_,         \
				     (unsigned)x_[i_], (unsigned)y_[i_]);                                              \
	} while (0)

/* call (which names err) returns want with a message in err, and want again with err NULL. */
#define EXPECT_STATUS(want, call)                                                                                      \
	do {                                                                                                           \
		struct slidetab_error e_ = { 0 };                                                                      \
		struct slidetab_error *err = &e_;                                                                      \
		int rc_ = (call);                                                                                      \
		ck_assert_msg(rc_ == (want), "%s: status %d (%s)", #call, rc_, e_.msg);                                \
		ck_assert_int_eq(e_.status, (want));                                                                   \
		ck_assert_msg(e_.msg[0] != '\0', "%s: no message", #call);                                             \
		err = NULL;                                                                                            \
		ck_assert_int_eq((call), (want));                                                                      \
	} while (0)

/* A device every write to fails with ENOSPC, for write-error cases: /dev/full, but as root a
 * private node of the same device at buf ($TMPDIR or /tmp; a writer bug that renames onto its
 * output must not replace /dev/full for the whole machine; unlink buf afterwards). NULL, with a
 * message, when /dev/full is not a character device or no node can be made: skip the case. */
static inline const char *testutil_full_dev(char *buf, size_t size)
{
	struct stat st;
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	if (stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) {
		fprintf(stderr, "skipped: /dev/full is not a character device\n");
		return NULL;
	}
	if (geteuid() != 0)
		return "/dev/full"; /* nothing can be renamed into /dev without root */
	snprintf(buf, size, "%s/slidetab-full.%ld", dir, (long)getpid());
	unlink(buf);
	if (mknod(buf, S_IFCHR | 0666, st.st_rdev) != 0 || stat(buf, &st) != 0 || !S_ISCHR(st.st_mode)) {
		fprintf(stderr, "skipped: no private full device at %s\n", buf);
		unlink(buf);
		return NULL;
	}
	return buf;
}

/* A case of s tagged with its name, with a long timeout and, when setup is not NULL, an unchecked
 * fixture (run once for the case). */
static inline TCase *testutil_case(Suite *s, const char *name, void (*setup)(void), void (*teardown)(void))
{
	TCase *tc = tcase_create(name);
	tcase_set_tags(tc, name);
	tcase_set_timeout(tc, 600);
	if (setup)
		tcase_add_unchecked_fixture(tc, setup, teardown);
	suite_add_tcase(s, tc);
	return tc;
}

/* Adds tc (when not NULL) to s, runs the suite and returns the process exit status. */
static inline int testutil_run(Suite *s, TCase *tc)
{
	if (tc)
		suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* 1 when $SLIDETAB_TEST_EMULATED is set (make check-cross sets it: the suite runs under qemu-user,
 * 10-30 times slower): the suites then shrink their largest cases, each in a way it states next to
 * the case (fewer goals, boards or samples), and still run every case. */
static inline int testutil_emulated(void)
{
	return getenv("SLIDETAB_TEST_EMULATED") != NULL;
}

/* The tests' one random source (xorshift64; the seed must not be 0): the next value of *x. */
static inline uint64_t testutil_rng(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A number in [0, n), n > 0. */
static inline unsigned testutil_below(uint64_t *x, unsigned n)
{
	return (unsigned)(testutil_rng(x) % n);
}

/* t[0..n) = a uniformly random permutation of 0..n-1. */
static inline void testutil_shuffle(uint64_t *x, unsigned char *t, int n)
{
	for (int i = 0; i < n; i++)
		t[i] = (unsigned char)i;
	for (int i = n - 1; i > 0; i--) {
		unsigned j = testutil_below(x, (unsigned)i + 1);
		unsigned char v = t[i];
		t[i] = t[j];
		t[j] = v;
	}
}

/* Moves the blank (tile 0) of the rows x cols board t by letter m ('d', 'l', 'r', 'u': the blank's
 * own direction); 0 when the move leaves the board. */
static inline int testutil_move(int rows, int cols, unsigned char *t, char m)
{
	int b = 0;
	while (t[b] != 0)
		b++;
	int r = b / cols, c = b % cols, to = -1;
	if (m == 'd' && r + 1 < rows)
		to = b + cols;
	else if (m == 'u' && r > 0)
		to = b - cols;
	else if (m == 'l' && c > 0)
		to = b - 1;
	else if (m == 'r' && c + 1 < cols)
		to = b + 1;
	if (to < 0)
		return 0;
	t[b] = t[to];
	t[to] = 0;
	return 1;
}

/* A random walk of `steps` moves of the blank on t, no move undoing the one before. */
static inline void testutil_walk(uint64_t *x, int rows, int cols, unsigned char *t, int steps)
{
	static const char letters[] = "dlru", undo[] = "urld";
	int last = -1;
	for (int k = 0; k < steps;) {
		int m = (int)testutil_below(x, 4);
		if (last >= 0 && letters[m] == undo[last])
			continue;
		if (testutil_move(rows, cols, t, letters[m])) {
			last = m;
			k++;
		}
	}
}

/* 1 when the blank's moves `path` (letters d l r u) take the rows x cols board s to g. */
static inline int testutil_replays(int rows, int cols, const unsigned char *s, const unsigned char *g, const char *path)
{
	unsigned char t[256];
	size_t n = (size_t)(rows * cols);
	memcpy(t, s, n);
	for (; *path; path++)
		if (!testutil_move(rows, cols, t, *path))
			return 0;
	return memcmp(t, g, n) == 0;
}

#endif
