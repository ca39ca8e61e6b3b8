/* SPDX-License-Identifier: Zlib */
/* idafsm_build: the builder of the machine of skipped blank-move strings (libslidetab/search/idafsm.h),
 * for tools/idafsm_write (which writes it as C) and the tests that check the compiled-in machines. */
#ifndef SLIDETAB_TOOLS_IDAFSM_BUILD_H
#define SLIDETAB_TOOLS_IDAFSM_BUILD_H

#include "libslidetab/search/idafsm.h"

/* Builds in OUT the machine of skipped strings of up to LEN moves (2..IDAFSM_LEN) from an
 * enumeration of every string on an open grid: 0, or -1 when LEN is out of range or memory runs
 * out (OUT is then empty). It holds 25 bytes for each of the 2 * 3^LEN strings (IDAFSM_LEN 16: 2.2 GB,
 * about 20 s). OUT's states are allocated: idafsm_free releases them. */
int idafsm_build(int len, struct idafsm *out);
void idafsm_free(struct idafsm *f);

#endif
