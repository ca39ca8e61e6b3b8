/* SPDX-License-Identifier: Zlib */
/* carray: a table's or a set's bytes as C source (gen --c-array NAME): const, aligned arrays and their lengths. */
#ifndef SLIDETAB_CARRAY_H
#define SLIDETAB_CARRAY_H

#include <stddef.h>

#include "slidetab.h"

/* NULL when name can be the array's name (a C identifier that is no keyword of C11 or C23, no name
 * <stddef.h> declares, not reserved to the implementation); else why not, for a message. */
const char *carray_name_problem(const char *name);

/* The intermediate table of gen --c-array: a new file of its own (mkstemp) in $TMPDIR (else /tmp),
 * its name in path (size bytes), to be written over and then removed by carray_write. */
int carray_temp_table(char *path, size_t size, struct slidetab_error *err);

/* The set's temporary folder: a new folder of its own (mkdtemp) in $TMPDIR (else /tmp), its name in
 * dir (size bytes, at most 4096), removed with the files carray_temp_files names by carray_abandon
 * (a signal) or carray_temp_dir_remove. */
int carray_temp_dir(char *dir, size_t size, struct slidetab_error *err);
int carray_temp_files(const char *const *files, int count, struct slidetab_error *err);
void carray_temp_dir_remove(void);

/* The header written beside the C source out: out without its .c suffix, plus .h, in header (size
 * bytes). 1, or 0 when out is a device or pipe (no header is written), or -1 when it does not fit. */
int carray_header_name(const char *out, char *header, size_t size);

/* Whether the C source can be written at out, before the search: a folder is refused, a device or
 * pipe must be writable, else out's folder (a symbolic link's target's) must take a new file. */
int carray_check(const char *out, struct slidetab_error *err);

/* Writes the table file `table` to `out` as C source and removes `table`, then the header of its
 * declarations (carray_header_name) unless out is a device or pipe. A regular file (or one that
 * does not exist yet; through a symbolic link, its target) is replaced atomically from a temporary
 * file of its own (mkstemp) beside it; a device or pipe is written in place. *bytes: the C source's
 * bytes, *table_bytes the table's. */
int carray_write(const char *name, const char *table, const char *out, long *bytes, long *table_bytes,
		 struct slidetab_error *err);

/* Writes the set of table files tables[0..count) to out as C source, as carray_write writes one (the
 * files stay): a const, aligned array a file (NAME_0 ...), then const void *const NAME[] (the files
 * in order), const size_t NAME_len[] and const int NAME_count, as slidetab_lite_pdb_open takes them. */
int carray_write_set(const char *name, const char *const *tables, int count, const char *out, long *bytes,
		     long *table_bytes, struct slidetab_error *err);

/* For a signal handler: removes the temporary files (and set folder) a --c-array run in progress holds. */
void carray_abandon(void);

#endif
