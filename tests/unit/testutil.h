/* testutil: the one Check runner every unit test program ends with. */
#ifndef SLIDETAB_TESTUTIL_H
#define SLIDETAB_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

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
