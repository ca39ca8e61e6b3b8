/* info: prints a table's header and depth histogram for people (query --info). */
#ifndef SLIDETAB_INFO_H
#define SLIDETAB_INFO_H

#include <stdio.h>

/* Prints the header of the table at path, then `depth count` lines (with bars when bars is set).
 * Returns 0, 2 when the file cannot be read, 3 when it is damaged or foreign. */
int info_print(const char *path, FILE *out, int bars);

#endif
