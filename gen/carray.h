/* carray: a table's or a set's bytes as C source (gen --c-array NAME): const, aligned arrays and their lengths. */
#ifndef SLIDETAB_CARRAY_H
#define SLIDETAB_CARRAY_H

#include "slidetab.h"

/* 1 when name is a C identifier (letters, digits, _, not starting with a digit). */
int carray_valid_name(const char *name);

/* Writes the table file `table` to `out` as C source (through out.tmp, renamed into place). */
int carray_write(const char *name, const char *table, const char *out, struct slidetab_error *err);

/* Writes the set of table files tables[0..n) to `out` as C source: a const, aligned array a file
 * (NAME_0 ...), then const void *const NAME[] (the files in order), const size_t NAME_len[] and
 * const int NAME_count, as slidetab_lite_pdb_open takes them. */
int carray_write_set(const char *name, const char *const *tables, int n, const char *out, struct slidetab_error *err);

#endif
