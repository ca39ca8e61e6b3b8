/* carray: a table's or a set's bytes as C source (gen --c-array NAME): const, aligned arrays and their lengths. */
#include "gen/carray.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libslidetab/base/err.h"

int carray_valid_name(const char *name)
{
	if (!name || !*name || (*name >= '0' && *name <= '9') || strlen(name) > 200)
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return 0;
	return 1;
}

/* The bytes of `in` as the array's initializer, 16 a line. */
static int copy_bytes(FILE *in, FILE *out, long *len)
{
	int c;
	*len = 0;
	while ((c = getc(in)) != EOF) {
		fprintf(out, "%s0x%02x,", *len % 16 ? " " : "\t", (unsigned)c);
		if (++*len % 16 == 0)
			fputc('\n', out);
	}
	if (*len % 16)
		fputc('\n', out);
	return ferror(in) ? -1 : 0;
}

static void prologue(FILE *out, const char *name, const char *table)
{
	fprintf(out,
		"/* %s: the slidetab table %s as C source, from gen --c-array (docs/embedded.md).\n"
		" * Const, so it stays in flash; aligned, so it can be read in place. */\n"
		"#include <stddef.h>\n\n"
		"#if defined(__GNUC__) || defined(__clang__)\n"
		"#define %s_ALIGN __attribute__((aligned(16)))\n"
		"#else\n"
		"#define %s_ALIGN\n"
		"#endif\n\n",
		name, table, name, name);
}

/* One file's array, NAME (one table) or NAME_i (file i of a set), and its length in *len. */
static int one_array(FILE *f, const char *name, int i, const char *table, long *len, struct slidetab_error *err)
{
	FILE *in = fopen(table, "rb");
	if (!in)
		return err_set(err, SLIDETAB_EIO, "%s: %s", table, strerror(errno));
	if (i < 0)
		fprintf(f,
			"extern const unsigned char %s[];\nextern const size_t %s_len;\n\n%s_ALIGN const unsigned char %s[] = {\n",
			name, name, name, name);
	else
		fprintf(f, "%s_ALIGN static const unsigned char %s_%d[] = {\n", name, name, i);
	int rc = copy_bytes(in, f, len);
	fprintf(f, "};\n");
	fclose(in);
	return rc == 0 ? SLIDETAB_OK : err_set(err, SLIDETAB_EIO, "%s: %s", table, strerror(errno));
}

/* The set's index: NAME[i] the bytes of file i, NAME_len[i] their count, NAME_count files. */
static void set_index(FILE *f, const char *name, int n, const long *len)
{
	fprintf(f, "\nextern const void *const %s[];\nextern const size_t %s_len[];\nextern const int %s_count;\n\n",
		name, name, name);
	fprintf(f, "const void *const %s[] = {", name);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%s_%d", i ? ", " : " ", name, i);
	fprintf(f, " };\nconst size_t %s_len[] = {", name);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%ld", i ? ", " : " ", len[i]);
	fprintf(f, " };\nconst int %s_count = %d;\n", name, n);
}

/* Writes tables[0..n) to `out` as C source (n < 0: the one table tables[0] as NAME, NAME_len). */
static int write_source(const char *name, const char *const *tables, int n, const char *out, struct slidetab_error *err)
{
	char tmp[4096];
	long len[64];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", out) >= (int)sizeof tmp)
		return err_set(err, SLIDETAB_EINVAL, "%s: path too long", out);
	if (n > 64)
		return err_set(err, SLIDETAB_EINVAL, "%s: more than 64 tables", out);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return err_set(err, SLIDETAB_EIO, "%s: %s", tmp, strerror(errno));
	char what[4096];
	int w = snprintf(what, sizeof what, "%s", n < 0 ? tables[0] : "set");
	for (int i = 0; i < n && w > 0 && (size_t)w < sizeof what; i++)
		w += snprintf(what + w, sizeof what - (size_t)w, "%s%s", i ? ", " : " of ",
			      strrchr(tables[i], '/') ? strrchr(tables[i], '/') + 1 : tables[i]);
	prologue(f, name, what);
	int rc = SLIDETAB_OK;
	for (int i = 0; i < (n < 0 ? 1 : n) && rc == SLIDETAB_OK; i++)
		rc = one_array(f, name, n < 0 ? -1 : i, tables[i], &len[i], err);
	if (n < 0)
		fprintf(f, "const size_t %s_len = %ld;\n", name, len[0]);
	else
		set_index(f, name, n, len);
	if (rc != SLIDETAB_OK || (ferror(f) | fclose(f)) != 0 || rename(tmp, out) != 0) {
		int e = errno;
		if (rc != SLIDETAB_OK)
			fclose(f);
		remove(tmp);
		return rc != SLIDETAB_OK ? rc : err_set(err, SLIDETAB_EIO, "writing %s: %s", out, strerror(e));
	}
	return SLIDETAB_OK;
}

int carray_write(const char *name, const char *table, const char *out, struct slidetab_error *err)
{
	return write_source(name, &table, -1, out, err);
}

int carray_write_set(const char *name, const char *const *tables, int n, const char *out, struct slidetab_error *err)
{
	return write_source(name, tables, n, out, err);
}
