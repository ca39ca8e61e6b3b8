/* SPDX-License-Identifier: Zlib */
/* ident: a table file's identity (device, inode, size, change time), looked at again at most once
 * a second, so that a handle notices a file rewritten, truncated or replaced under it. */
#ifndef SLIDETAB_IDENT_H
#define SLIDETAB_IDENT_H

#include <stdint.h>

#define IDENT_RECHECK_S 1.0 /* seconds between two looks at one file */

struct file_ident {
	uint64_t dev, ino, size;
	int64_t ctime_s;
	long ctime_ns;
	double next; /* clock_coarse() at which the file is looked at again */
};

/* Records what path names now (all zero when it cannot be read: it then counts as changed once
 * it can); the next look is a second from now. */
void ident_take(struct file_ident *id, const char *path);

/* 1 when now (clock_coarse()) has reached id->next and path names another file than id was taken
 * from (device, inode), or the same one with another size or change time; the next look is then a
 * second later. 0 otherwise, also when path is gone (an open file removed keeps its bytes). id
 * keeps the old identity, so a change not acted on is seen again at the next look. */
int ident_changed(struct file_ident *id, const char *path, double now);

#endif
