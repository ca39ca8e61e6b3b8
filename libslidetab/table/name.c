/* SPDX-License-Identifier: Zlib */
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

/* The build tree's tables folder for `file` (a program in TREE/bin, a library in TREE/lib, the
 * Python extension in TREE/python/slidetab): TREE/tables, TREE a source tree (TREE/libslidetab). */
static int tree_beside(const char *file, char *out, size_t len)
{
	char d[TABNAME_MAX], probe[TABNAME_MAX + 16];
	if (!file || snprintf(d, sizeof d, "%s", file) >= (int)sizeof d)
		return -1;
	for (int up = 0; up < 3; up++) {
		char *slash = strrchr(d, '/');
		if (!slash || slash == d)
			return -1;
		*slash = '\0'; /* up 0: the file's folder; then its parents */
		snprintf(probe, sizeof probe, "%s/libslidetab", d);
		if (is_dir(probe) && snprintf(out, len, "%s/tables", d) < (int)len && is_dir(out))
			return 0;
	}
	return -1;
}

/* The build tree's tables beside the library this code is in, else beside the program. */
static int tree_dir(char *out, size_t len)
{
	Dl_info info;
	if (dladdr((void *)tree_dir, &info) && info.dli_fname && tree_beside(info.dli_fname, out, len) == 0)
		return 0;
	char exe[TABNAME_MAX];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k <= 0)
		return -1;
	exe[k] = '\0';
	return tree_beside(exe, out, len);
}

/* The tables a Python package holds (a wheel or pip install: slidetab/tables beside the extension
 * module this code is linked into, slidetab/__init__.py beside it). */
static int package_dir(char *out, size_t len)
{
	Dl_info info;
	char d[TABNAME_MAX], probe[TABNAME_MAX + 16];
	if (!dladdr((void *)package_dir, &info) || !info.dli_fname ||
	    snprintf(d, sizeof d, "%s", info.dli_fname) >= (int)sizeof d)
		return -1;
	char *slash = strrchr(d, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	struct stat st;
	snprintf(probe, sizeof probe, "%s/__init__.py", d);
	if (stat(probe, &st) != 0 || snprintf(out, len, "%s/tables", d) >= (int)len)
		return -1;
	return is_dir(out) ? 0 : -1;
}

/* The user's folder ($XDG_DATA_HOME/slidetab/tables, else ~/.local/share/slidetab/tables) in out,
 * and as a shell word in word; -1 when neither variable names one. */
static int user_dir(char *out, size_t len, char *word, size_t wlen)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0] == '/' && strlen(xdg) <= TABNAME_DIR_MAX - 20) {
		snprintf(out, len, "%s/slidetab/tables", xdg);
		snprintf(word, wlen, "$XDG_DATA_HOME/slidetab/tables");
		return 0;
	}
	if (home && home[0] == '/' && strlen(home) <= TABNAME_DIR_MAX - 30) {
		snprintf(out, len, "%s/.local/share/slidetab/tables", home);
		snprintf(word, wlen, "~/.local/share/slidetab/tables");
		return 0;
	}
	return -1;
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

/* Adds dir (of kind k) to p unless it is a folder already there. */
static void add(struct tabname_path *p, const char *dir, enum tabname_kind k)
{
	struct stat a, b;
	int has = stat(dir, &a) == 0;
	for (int i = 0; has && i < p->count; i++)
		if (stat(p->dir[i], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return;
	snprintf(p->dir[p->count], TABNAME_MAX, "%s", dir);
	p->kind[p->count++] = k;
}

int tabname_search_path(struct tabname_path *p, const char *explicit_dir, struct slidetab_error *err)
{
	char dir[TABNAME_MAX];
	p->count = 0;
	p->user[0] = '\0';
	if (explicit_dir) {
		if (!*explicit_dir)
			return err_set(err, SLIDETAB_EINVAL, "the table folder name is empty");
		if (strlen(explicit_dir) > TABNAME_DIR_MAX)
			return err_set(err, SLIDETAB_EINVAL, "the table folder name is %zu characters long: at most %d",
				       strlen(explicit_dir), TABNAME_DIR_MAX);
		add(p, explicit_dir, TABNAME_EXPLICIT);
		return SLIDETAB_OK;
	}
	const char *env = getenv("SLIDETAB_TABLES");
	if (env && *env) {
		size_t n = strlen(env);
		if (n > TABNAME_DIR_MAX)
			return err_set(err, SLIDETAB_EINVAL, "$SLIDETAB_TABLES is %zu characters long: at most %d", n,
				       TABNAME_DIR_MAX);
		add(p, env, TABNAME_ENV);
	}
	if (user_dir(dir, sizeof dir, p->user, sizeof p->user) == 0 && is_dir(dir))
		add(p, dir, TABNAME_USER);
	if (installed_dir(dir, sizeof dir) == 0)
		add(p, dir, TABNAME_INSTALLED);
	if (package_dir(dir, sizeof dir) == 0)
		add(p, dir, TABNAME_PACKAGE);
	if (tree_dir(dir, sizeof dir) == 0)
		add(p, dir, TABNAME_TREE);
	add(p, "tables", TABNAME_CWD);
	return SLIDETAB_OK;
}

const char *tabname_shown(const struct tabname_path *p, int i, int terse)
{
	switch (p->kind[i]) {
	case TABNAME_ENV: return "$SLIDETAB_TABLES";
	case TABNAME_USER: return p->user;
	case TABNAME_CWD: return "./tables";
	case TABNAME_EXPLICIT: return terse ? "the folder opened" : p->dir[i];
	case TABNAME_INSTALLED: return terse ? "the installed folder" : p->dir[i];
	case TABNAME_PACKAGE: return terse ? "the Python package's tables" : p->dir[i];
	default: return terse ? "the build tree's tables" : p->dir[i];
	}
}

void tabname_describe(const struct tabname_path *p, int terse, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < p->count && k < len; i++) {
		const char *sep = i == 0 ? "" : i == p->count - 1 ? " or " : ", ";
		int w = snprintf(buf + k, len - k, "%s%s", sep, tabname_shown(p, i, terse));
		if (w < 0)
			break;
		k += (size_t)w;
	}
}

int tabname_missing(const struct tabname_path *p, int status, const char *note, const char *what, const char *build,
		    const char *args, struct slidetab_error *err)
{
	char where[TABNAME_MAX * TABNAME_MAX_DIRS], msg[TABNAME_MAX * (TABNAME_MAX_DIRS + 1)], dir[96] = "";
	int explicit = p->count > 0 && p->kind[0] == TABNAME_EXPLICIT, env = p->count > 0 && p->kind[0] == TABNAME_ENV;
	if (!explicit)
		snprintf(dir, sizeof dir, " --dir %s", env ? "$SLIDETAB_TABLES" : p->user[0] ? p->user : "tables");
	const char *tail = explicit || env ? "" : "; $SLIDETAB_TABLES, when set, names a folder searched first";
	/* the whole message; then without the note on $SLIDETAB_TABLES; then long folders by their role */
	for (int level = 0; level < 4; level++) {
		tabname_describe(p, level >= 2, where, sizeof where);
		int n = snprintf(msg, sizeof msg, "%s%sno %s in %s; build %s with `%s %s%s`%s%s", note ? note : "",
				 note ? "; " : "", what, where, build, tabname_gen(), args, dir,
				 explicit ? " in that folder" : "", level % 2 ? "" : tail);
		if (n >= 0 && (size_t)n < sizeof err->msg)
			break;
	}
	return err_set(err, status, "%s", msg);
}
