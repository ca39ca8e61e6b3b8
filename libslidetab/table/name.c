/* name (tabname_): the one rule for naming table files and the folders searched for them. */
#include "libslidetab/table/name.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libslidetab/model/board.h"

static int class_of(int rows, int cols, int blank_cell, int *cls, struct slidetab_error *err)
{
	struct board b;
	if (board_init(&b, rows, cols) != 0 || blank_cell < 0 || blank_cell >= b.n)
		return err_set(err, SLIDETAB_EINVAL, "no cell %d on a %dx%d board", blank_cell, rows, cols);
	*cls = board_blank_class(&b, blank_cell);
	return SLIDETAB_OK;
}

static int finish(int k, size_t len, struct slidetab_error *err)
{
	if (k < 0 || (size_t)k >= len)
		return err_set(err, SLIDETAB_EINVAL, "table path too long");
	return SLIDETAB_OK;
}

int tabname_is_exact(int rows, int cols)
{
	if (rows < 2 || cols < 2 || rows > BOARD_MAX_SIDE || cols > BOARD_MAX_SIDE)
		return 0; /* not a board: no product is formed */
	return rows * cols <= TABNAME_EXACT_CELLS || (rows == 2 && cols == 7) || (rows == 7 && cols == 2);
}

int tabname_exact(char *buf, size_t len, const char *dir, int rows, int cols, int blank_cell,
		  struct slidetab_error *err)
{
	int cls, rc = class_of(rows, cols, blank_cell, &cls, err);
	if (rc != SLIDETAB_OK)
		return rc;
	int has = dir && *dir;
	return finish(snprintf(buf, len, "%s%s%dx%d-b%d.tbl", has ? dir : "", has ? "/" : "", rows, cols, cls), len,
		      err);
}

int tabname_pdb(char *buf, size_t len, const char *dir, int rows, int cols, int blank_cell, uint32_t mask,
		struct slidetab_error *err)
{
	int cls, rc = class_of(rows, cols, blank_cell, &cls, err);
	if (rc != SLIDETAB_OK)
		return rc;
	int has = dir && *dir;
	return finish(snprintf(buf, len, "%s%s%dx%d-b%d-pdb-%x.tbl", has ? dir : "", has ? "/" : "", rows, cols, cls,
			       (unsigned)mask),
		      len, err);
}

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* share/slidetab/tables beside the folder that holds `file` (a program in bin/ or a library in lib/). */
static int installed_beside(const char *file, char *out, size_t len)
{
	char tmp[TABNAME_MAX];
	if (!file || snprintf(tmp, sizeof tmp, "%s", file) >= (int)sizeof tmp)
		return -1;
	char *slash = strrchr(tmp, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	slash = strrchr(tmp, '/');
	if (!slash)
		return -1;
	*slash = '\0'; /* the prefix */
	if (snprintf(out, len, "%s/share/slidetab/tables", tmp[0] ? tmp : "") >= (int)len)
		return -1;
	return is_dir(out) ? 0 : -1;
}

/* The installed folder: beside the shared library this code is in, else beside the program, else
 * the folder `make install` compiled in (SLIDETAB_DATADIR: a program linked statically with the
 * installed libslidetab.a has no .so to look beside). The first two follow a moved install. */
static int installed_dir(char *out, size_t len)
{
	Dl_info info;
	if (dladdr((void *)installed_dir, &info) && info.dli_fname && strstr(info.dli_fname, ".so") &&
	    installed_beside(info.dli_fname, out, len) == 0)
		return 0;
	char exe[TABNAME_MAX];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k > 0) {
		exe[k] = '\0';
		if (installed_beside(exe, out, len) == 0)
			return 0;
	}
#ifdef SLIDETAB_DATADIR
	if (snprintf(out, len, "%s", SLIDETAB_DATADIR) < (int)len && is_dir(out))
		return 0;
#endif
	return -1;
}

const char *tabname_gen(void)
{
#ifdef SLIDETAB_GEN_PROGRAM
	return SLIDETAB_GEN_PROGRAM;
#else
	return "gen";
#endif
}

int tabname_search_path(struct tabname_path *p, const char *explicit_dir, struct slidetab_error *err)
{
	p->count = 0;
	if (explicit_dir) {
		if (!*explicit_dir)
			return err_set(err, SLIDETAB_EINVAL, "the table folder name is empty");
		if (strlen(explicit_dir) > TABNAME_DIR_MAX)
			return err_set(err, SLIDETAB_EINVAL, "the table folder name is %zu characters long: at most %d",
				       strlen(explicit_dir), TABNAME_DIR_MAX);
		snprintf(p->dir[0], TABNAME_MAX, "%s", explicit_dir);
		p->count = 1;
		return SLIDETAB_OK;
	}
	const char *env = getenv("SLIDETAB_TABLES");
	if (env && *env) {
		size_t n = strlen(env);
		if (n > TABNAME_DIR_MAX)
			return err_set(err, SLIDETAB_EINVAL, "$SLIDETAB_TABLES is %zu characters long: at most %d", n,
				       TABNAME_DIR_MAX);
		snprintf(p->dir[p->count++], TABNAME_MAX, "%s", env);
	}
	if (installed_dir(p->dir[p->count], TABNAME_MAX) == 0)
		p->count++;
	snprintf(p->dir[p->count++], TABNAME_MAX, "tables");
	return SLIDETAB_OK;
}

void tabname_describe(const struct tabname_path *p, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < p->count && k < len; i++) {
		const char *sep = i == 0 ? "" : i == p->count - 1 ? " or " : ", ";
		int w = snprintf(buf + k, len - k, "%s%s", sep, p->dir[i]);
		if (w < 0)
			break;
		k += (size_t)w;
	}
}
