/* SPDX-License-Identifier: Zlib */
/* idafsm: the search's machine of skipped blank-move strings (see idafsm.h), compiled in (idafsm_data.c). */
#include "libslidetab/search/idafsm.h"

const struct idafsm *idafsm_get(void)
{
	return &idafsm_data;
}
