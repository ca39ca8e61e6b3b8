/* SPDX-License-Identifier: Zlib */
/* ident: a table file's identity, looked at again at most once a second. */
#include "libslidetab/table/ident.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "libslidetab/base/clock.h"

static void fill(struct file_ident *id, const struct stat *st)
{
	id->dev = (uint64_t)st->st_dev;
	id->ino = (uint64_t)st->st_ino;
	id->size = (uint64_t)st->st_size;
	id->ctime_s = (int64_t)st->st_ctim.tv_sec;
	id->ctime_ns = st->st_ctim.tv_nsec;
}

void ident_take(struct file_ident *id, const char *path)
{
	struct stat st;
	memset(id, 0, sizeof *id);
	if (stat(path, &st) == 0)
		fill(id, &st);
	id->next = clock_coarse() + IDENT_RECHECK_S;
}

int ident_changed(struct file_ident *id, const char *path, double now)
{
	if (now < id->next)
		return 0;
	id->next = now + IDENT_RECHECK_S;
	struct stat st;
	if (stat(path, &st) != 0)
		return errno != ENOENT;
	struct file_ident cur;
	fill(&cur, &st);
	return cur.dev != id->dev || cur.ino != id->ino || cur.size != id->size || cur.ctime_s != id->ctime_s ||
	       cur.ctime_ns != id->ctime_ns;
}
