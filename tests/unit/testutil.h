/* testutil: the one Check runner every unit test program ends with, its cases, and the status check of API calls. */
#ifndef SLIDETAB_TESTUTIL_H
#define SLIDETAB_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

/* call (which names err) returns want with a message in err, and want again with err NULL. */
#define EXPECT_STATUS(want, call)                                                                          \
	do {                                                                                               \
		struct slidetab_error e_ = { 0 };                                                          \
		struct slidetab_error *err = &e_;                                                          \
		int rc_ = (call);                                                                          \
		ck_assert_msg(rc_ == (want), "%s: status %d (%s)", #call, rc_, e_.msg);                    \
		ck_assert_int_eq(e_.status, (want));                                                       \
		ck_assert_msg(e_.msg[0] != '\0', "%s: no message", #call);                                 \
		err = NULL;                                                                                \
		ck_assert_int_eq((call), (want));                                                          \
	} while (0)

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

#endif
