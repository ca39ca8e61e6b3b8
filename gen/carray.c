/* carray: a table's bytes as C source (gen --c-array NAME): a const, aligned array NAME and NAME_len. */
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
		"#endif\n\n"
		"extern const unsigned char %s[];\n"
		"extern const size_t %s_len;\n\n"
		"%s_ALIGN const unsigned char %s[] = {\n",
		name, table, name, name, name, name, name, name);
}

int carray_write(const char *name, const char *table, const char *out, struct slidetab_error *err)
{
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", out) >= (int)sizeof tmp)
		return err_set(err, SLIDETAB_EINVAL, "%s: path too long", out);
	FILE *in = fopen(table, "rb");
	if (!in)
		return err_set(err, SLIDETAB_EIO, "%s: %s", table, strerror(errno));
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fclose(in);
		return err_set(err, SLIDETAB_EIO, "%s: %s", tmp, strerror(errno));
	}
	long len;
	prologue(f, name, table);
	int rc = copy_bytes(in, f, &len);
	fprintf(f, "};\nconst size_t %s_len = %ld;\n", name, len);
	fclose(in);
	if (rc != 0 || (ferror(f) | fclose(f)) != 0 || rename(tmp, out) != 0) {
		int e = errno;
		remove(tmp);
		return err_set(err, SLIDETAB_EIO, "writing %s: %s", out, strerror(e));
	}
	return SLIDETAB_OK;
}
