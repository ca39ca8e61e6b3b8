/* SPDX-License-Identifier: Zlib */
/* carray: a table's or a set's bytes as C source (gen --c-array NAME): const, aligned arrays and their lengths. */
#include "gen/carray.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libslidetab/base/err.h"
#include "libslidetab/pdb/pdb.h"

/* The keywords of C11 and C23, and the names <stddef.h> declares (C23's among them), each between
 * spaces: none can name the array (the file would not compile, or not where the header is included). */
static const char keywords[] =
	" auto break case char const continue default do double else enum extern float for goto if inline int long"
	" register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while"
	" alignas alignof bool constexpr false nullptr static_assert thread_local true typeof typeof_unqual _Alignas"
	" _Alignof _Atomic _BitInt _Bool _Complex _Decimal128 _Decimal32 _Decimal64 _Generic _Imaginary _Noreturn"
	" _Static_assert _Thread_local ";
static const char stddef_names[] = " size_t ptrdiff_t wchar_t max_align_t nullptr_t NULL offsetof unreachable ";

/* Whether the identifier name is one of list's words. */
static int listed(const char *name, const char *list)
{
	size_t len = strlen(name);
	for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
		if (p[-1] == ' ' && p[len] == ' ')
			return 1;
	return 0;
}

const char *carray_name_problem(const char *name)
{
	if (!name || !*name || (*name >= '0' && *name <= '9') || strlen(name) > 200)
		return "not a C identifier (letters, digits and _, not starting with a digit, at most 200)";
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return "not a C identifier (letters, digits and _, not starting with a digit, at most 200)";
	if (listed(name, keywords))
		return "a C keyword";
	if (listed(name, stddef_names))
		return "a name <stddef.h> declares (the C source includes it)";
	if (name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z')))
		return "reserved to the C implementation (_ and a capital letter, or __)";
	return NULL;
}

/* The named temporary files a run holds (the intermediate table, the C source and the header until
 * renamed), and the temporary folder of a set with its files, for carray_abandon in a signal handler. */
#define PENDING 3
static char pending[PENDING][4096];
static volatile sig_atomic_t pending_set[PENDING];
static char set_dir[4096], set_files[PDB_PRESET_MAX][4096];
static volatile sig_atomic_t set_count = -1; /* -1: no set folder */

static void pending_name(int i, const char *name)
{
	pending_set[i] = 0;
	if (name && strlen(name) < sizeof pending[i]) {
		strcpy(pending[i], name);
		pending_set[i] = 1;
	}
}

void carray_abandon(void)
{
	for (int i = 0; i < PENDING; i++)
		if (pending_set[i])
			unlink(pending[i]); /* async-signal-safe, as rmdir */
	for (int i = 0; i < set_count; i++)
		unlink(set_files[i]);
	if (set_count >= 0)
		rmdir(set_dir);
}

int carray_temp_dir(char *dir, size_t size, struct slidetab_error *err)
{
	const char *tmpdir = getenv("TMPDIR");
	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	if ((size_t)snprintf(dir, size, "%s/slidetab-carray-XXXXXX", tmpdir) >= size || size > sizeof set_dir)
		return err_set(err, SLIDETAB_EINVAL, "$TMPDIR %s: path too long", tmpdir);
	if (!mkdtemp(dir))
		return err_set(err, SLIDETAB_EIO, "creating a temporary folder in %s: %s", tmpdir, strerror(errno));
	strcpy(set_dir, dir);
	set_count = 0;
	return SLIDETAB_OK;
}

int carray_temp_files(const char *const *files, int count, struct slidetab_error *err)
{
	if (count > PDB_PRESET_MAX)
		return err_set(err, SLIDETAB_EINVAL, "too many tables");
	for (int i = 0; i < count; i++)
		if (strlen(files[i]) >= sizeof set_files[i])
			return err_set(err, SLIDETAB_EINVAL, "%s: path too long", files[i]);
	set_count = 0;
	for (int i = 0; i < count; i++)
		strcpy(set_files[i], files[i]);
	set_count = count;
	return SLIDETAB_OK;
}

void carray_temp_dir_remove(void)
{
	for (int i = 0; i < set_count; i++)
		unlink(set_files[i]);
	if (set_count >= 0)
		rmdir(set_dir);
	set_count = -1;
}

int carray_temp_table(char *path, size_t size, struct slidetab_error *err)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(path, size, "%s/slidetab-carray-XXXXXX", dir) >= size)
		return err_set(err, SLIDETAB_EINVAL, "$TMPDIR %s: path too long", dir);
	int fd = mkstemp(path);
	if (fd < 0)
		return err_set(err, SLIDETAB_EIO, "creating a temporary table in %s: %s", dir, strerror(errno));
	close(fd);
	pending_name(0, path);
	return SLIDETAB_OK;
}

/* The file out names (a symbolic link: its target, which must exist), in path; *direct: 1 for a
 * device or pipe, written in place. */
static int resolve(const char *out, char path[PATH_MAX], int *direct, struct slidetab_error *err)
{
	struct stat st;
	if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!realpath(out, path))
			return err_set(err, SLIDETAB_EIO,
				       "cannot write %s: a symbolic link whose target cannot be resolved (%s)", out,
				       strerror(errno));
	} else if (strlen(out) >= PATH_MAX - 16)
		return err_set(err, SLIDETAB_EINVAL, "%s: path too long", out);
	else
		strcpy(path, out);
	*direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
	if (*direct && S_ISDIR(st.st_mode))
		return err_set(err, SLIDETAB_EIO, "cannot write %s: it is a folder", out);
	return SLIDETAB_OK;
}

int carray_check(const char *out, struct slidetab_error *err)
{
	char path[PATH_MAX];
	int direct, rc = resolve(out, path, &direct, err);
	if (rc != SLIDETAB_OK)
		return rc;
	char *slash = strrchr(path, '/');
	if (!direct && slash)
		slash[slash == path ? 1 : 0] = '\0';
	const char *what = direct ? path : slash ? path : ".";
	if (access(what, direct ? W_OK : W_OK | X_OK) != 0)
		return err_set(err, SLIDETAB_EIO, "cannot write %s: %s: %s", out, what, strerror(errno));
	return SLIDETAB_OK;
}

/* fprintf that adds what it wrote to *n. */
static void emit(FILE *f, long *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void emit(FILE *f, long *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vfprintf(f, fmt, ap);
	va_end(ap);
	if (k > 0)
		*n += k;
}

/* The bytes of `in` as the array's initializer, 16 a line. */
static int copy_bytes(FILE *in, FILE *out, long *n, long *len)
{
	int c;
	*len = 0;
	while ((c = getc(in)) != EOF) {
		emit(out, n, "%s0x%02x,", *len % 16 ? " " : "\t", (unsigned)c);
		if (++*len % 16 == 0)
			emit(out, n, "\n");
	}
	if (*len % 16)
		emit(out, n, "\n");
	return ferror(in) ? -1 : 0;
}

/* A path in a comment, so that nothing in it can end the comment: a control character becomes '?',
 * a star before a slash is followed by a backslash. */
static void comment_path(FILE *out, long *n, const char *path)
{
	for (const char *p = path; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			emit(out, n, "?");
		else if (*p == '*' && p[1] == '/')
			emit(out, n, "*\\");
		else
			emit(out, n, "%c", *p);
}

/* The C source's opening comment (naming out as given) and its definitions before the arrays. */
static void prologue(FILE *out, long *n, const char *name, const char *path, int set)
{
	emit(out, n, "/* ");
	comment_path(out, n, path);
	emit(out, n,
	     ": the slidetab %s %s[] as C source, from gen --c-array (docs/embedded.md).\n"
	     " * Const, so it stays in flash; aligned, so it can be read in place. */\n"
	     "#include <stddef.h>\n\n"
	     "#if defined(__GNUC__) || defined(__clang__)\n"
	     "#define %s_ALIGN __attribute__((aligned(16)))\n"
	     "#else\n"
	     "#define %s_ALIGN\n"
	     "#endif\n\n",
	     set ? "set" : "table", name, name, name);
}

/* One file's array: NAME (one table, i < 0) or NAME_i (file i of a set); its length in *len. */
static int one_array(FILE *f, long *n, const char *name, int i, const char *table, long *len)
{
	FILE *in = fopen(table, "rb");
	if (!in)
		return -1;
	if (i < 0)
		emit(f, n,
		     "extern const unsigned char %s[];\nextern const size_t %s_len;\n\n"
		     "%s_ALIGN const unsigned char %s[] = {\n",
		     name, name, name, name);
	else
		emit(f, n, "%s_ALIGN static const unsigned char %s_%d[] = {\n", name, name, i);
	int bad = copy_bytes(in, f, n, len);
	emit(f, n, "};\n");
	fclose(in);
	return bad;
}

/* The set's index: NAME[i] the bytes of file i, NAME_len[i] their count, NAME_count files. */
static void set_index(FILE *f, long *n, const char *name, int count, const long *len)
{
	emit(f, n, "\nextern const void *const %s[];\nextern const size_t %s_len[];\nextern const int %s_count;\n\n",
	     name, name, name);
	emit(f, n, "const void *const %s[] = {", name);
	for (int i = 0; i < count; i++)
		emit(f, n, "%s%s_%d", i ? ", " : " ", name, i);
	emit(f, n, " };\nconst size_t %s_len[] = {", name);
	for (int i = 0; i < count; i++)
		emit(f, n, "%s%ld", i ? ", " : " ", len[i]);
	emit(f, n, " };\nconst int %s_count = %d;\n", name, count);
}

/* Opens where the C source goes: the device or pipe itself, else a new temporary file beside path
 * (tmp, mode 0666 less the umask as fopen would give). NULL with err set. */
static FILE *open_out(const char *path, int direct, char *tmp, size_t size, int slot, struct slidetab_error *err)
{
	int fd;
	if (direct)
		fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	else {
		snprintf(tmp, size, "%s.tmpXXXXXX", path);
		if ((fd = mkstemp(tmp)) >= 0) {
			pending_name(slot, tmp);
			mode_t mask = umask(0);
			umask(mask);
			(void)fchmod(fd, 0666 & ~mask);
		}
	}
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		err_set(err, SLIDETAB_EIO, "%s %s: %s", direct ? "opening" : "creating a temporary file beside", path,
			strerror(errno));
		if (fd >= 0) {
			close(fd);
			if (!direct)
				unlink(tmp);
		}
	}
	return f;
}

/* Ends the file f opened by open_out (tmp its temporary name unless direct): flushed, synced and
 * renamed onto path; on failure (or rc already failed) the temporary file is removed. */
static int close_out(FILE *f, int rc, int direct, const char *tmp, const char *path, const char *out, int slot,
		     struct slidetab_error *err)
{
	int e = 0;
	if (rc == SLIDETAB_OK && (ferror(f) || fflush(f) != 0 || (!direct && fsync(fileno(f)) != 0)))
		e = errno ? errno : EIO;
	if (fclose(f) != 0 && !e)
		e = errno;
	if (rc == SLIDETAB_OK && !e && !direct && rename(tmp, path) != 0)
		e = errno;
	if (rc == SLIDETAB_OK && e)
		rc = err_set(err, SLIDETAB_EIO, "writing %s: %s", out, strerror(e));
	if (rc != SLIDETAB_OK && !direct)
		unlink(tmp);
	pending_name(slot, NULL);
	return rc;
}

int carray_header_name(const char *out, char *header, size_t size)
{
	struct stat st;
	if (stat(out, &st) == 0 && !S_ISREG(st.st_mode))
		return 0; /* a device or pipe: no header */
	size_t n = strlen(out);
	if (n > 2 && !strcmp(out + n - 2, ".c"))
		n -= 2;
	if (n + 3 > size)
		return -1;
	memcpy(header, out, n);
	strcpy(header + n, ".h");
	return 1;
}

/* The header beside a C source: NAME's declarations, as the source has them. */
static int write_header(const char *name, int set, const char *header, const char *source, struct slidetab_error *err)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	long n = 0;
	int direct, rc = resolve(header, path, &direct, err);
	FILE *f = rc == SLIDETAB_OK ? open_out(path, direct, tmp, sizeof tmp, 2, err) : NULL;
	if (!f)
		return rc == SLIDETAB_OK ? SLIDETAB_EIO : rc;
	const char *slash = strrchr(source, '/');
	emit(f, &n, "/* ");
	comment_path(f, &n, header);
	emit(f, &n, ": the declarations of the slidetab %s %s[] in ", set ? "set" : "table", name);
	comment_path(f, &n, slash ? slash + 1 : source);
	emit(f, &n,
	     ",\n * from gen --c-array (docs/embedded.md). */\n#ifndef SLIDETAB_CARRAY_%s_H\n"
	     "#define SLIDETAB_CARRAY_%s_H\n\n#include <stddef.h>\n\n",
	     name, name);
	if (set)
		emit(f, &n,
		     "extern const void *const %s[];\nextern const size_t %s_len[];\nextern const int %s_count;\n",
		     name, name, name);
	else
		emit(f, &n, "extern const unsigned char %s[];\nextern const size_t %s_len;\n", name, name);
	emit(f, &n, "\n#endif\n");
	return close_out(f, SLIDETAB_OK, direct, tmp, path, header, 2, err);
}

/* The C source of tables[0..count) at out (count < 0: the one table tables[0] as NAME, NAME_len),
 * and its header (carray_header_name); *bytes the source's bytes, *table_bytes the tables'. */
static int write_source(const char *name, const char *const *tables, int count, const char *out, long *bytes,
			long *table_bytes, struct slidetab_error *err)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16], header[PATH_MAX];
	long len[PDB_PRESET_MAX];
	int has_header = carray_header_name(out, header, sizeof header);
	int direct, rc = count > PDB_PRESET_MAX ? err_set(err, SLIDETAB_EINVAL, "%s: too many tables", out)
			 : has_header < 0       ? err_set(err, SLIDETAB_EINVAL, "%s: path too long", out)
						: resolve(out, path, &direct, err);
	FILE *f = rc == SLIDETAB_OK ? open_out(path, direct, tmp, sizeof tmp, 1, err) : NULL;
	if (rc == SLIDETAB_OK && !f)
		rc = SLIDETAB_EIO;
	if (rc != SLIDETAB_OK)
		return rc;
	*bytes = *table_bytes = 0;
	prologue(f, bytes, name, out, count >= 0);
	for (int i = 0; i < (count < 0 ? 1 : count) && rc == SLIDETAB_OK; i++) {
		if (one_array(f, bytes, name, count < 0 ? -1 : i, tables[i], &len[i]) != 0)
			rc = err_set(err, SLIDETAB_EIO, "%s: %s", tables[i], strerror(errno ? errno : EIO));
		*table_bytes += len[i];
	}
	if (count < 0)
		emit(f, bytes, "const size_t %s_len = %ld;\n", name, len[0]);
	else
		set_index(f, bytes, name, count, len);
	rc = close_out(f, rc, direct, tmp, path, out, 1, err);
	if (rc == SLIDETAB_OK && has_header > 0)
		rc = write_header(name, count >= 0, header, out, err);
	return rc;
}

int carray_write(const char *name, const char *table, const char *out, long *bytes, long *table_bytes,
		 struct slidetab_error *err)
{
	int rc = write_source(name, &table, -1, out, bytes, table_bytes, err);
	unlink(table);
	pending_name(0, NULL);
	return rc;
}

int carray_write_set(const char *name, const char *const *tables, int count, const char *out, long *bytes,
		     long *table_bytes, struct slidetab_error *err)
{
	return write_source(name, tables, count, out, bytes, table_bytes, err);
}
