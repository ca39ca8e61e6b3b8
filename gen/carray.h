/* carray: a table's bytes as C source (gen --c-array NAME): a const, aligned array NAME and NAME_len. */
#ifndef SLIDETAB_CARRAY_H
#define SLIDETAB_CARRAY_H

#include "slidetab.h"

/* 1 when name is a C identifier (letters, digits, _, not starting with a digit). */
int carray_valid_name(const char *name);

/* Writes the table file `table` to `out` as C source (through out.tmp, renamed into place). */
int carray_write(const char *name, const char *table, const char *out, struct slidetab_error *err);

#endif
