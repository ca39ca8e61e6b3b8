/* SPDX-License-Identifier: Zlib */
/* tblcmp: whether two tables hold the same entries, read with plain zlib and no slidetab code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The on-disk layout this program reads, said again here on purpose so that it does not lean on
 * the library it checks (docs/FORMAT.md): a 4096-byte little-endian header (magic at 0, the
 * generator string at 88..119, block count at 128, index offset at 136, payload offset at 152,
 * payload size at 160, index CRC at 168, the header CRC in its last 4 bytes), the index (u64
 * offset, u32 size, u32 CRC-32 of the stored bytes, per block), the blocks (zlib streams or raw).
 * The two agree when their headers do but for the generator, the payload's size and the CRCs, and
 * every block inflates to the same bytes. */
#define HDR 4096

struct tbl {
	const char *path;
	uint8_t *d;
	long n;
	uint8_t *plain; /* every block, inflated and concatenated */
	uint64_t plain_n;
};

static uint64_t get(const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int bad(const struct tbl *t, const char *what, uint64_t block)
{
	fprintf(stderr, "tblcmp: %s: %s (block %llu)\n", t->path, what, (unsigned long long)block);
	return 1;
}

/* Reads the file and inflates every block with zlib's uncompress (the CRC of each checked first). */
static int load(struct tbl *t)
{
	FILE *f = fopen(t->path, "rb");
	if (!f || fseek(f, 0, SEEK_END) != 0 || (t->n = ftell(f)) < HDR || fseek(f, 0, SEEK_SET) != 0)
		return bad(t, "cannot read, or shorter than a header", 0);
	t->d = malloc((size_t)t->n);
	if (!t->d || fread(t->d, 1, (size_t)t->n, f) != (size_t)t->n)
		return bad(t, "cannot read", 0);
	fclose(f);
	if (memcmp(t->d, "SLIDETAB", 8) != 0 || crc32(0, t->d, HDR - 4) != get(t->d + HDR - 4, 4))
		return bad(t, "not a table, or its header CRC is wrong", 0);
	uint64_t blocks = get(t->d + 128, 8), index = get(t->d + 136, 8), pay = get(t->d + 152, 8);
	uint64_t paysize = get(t->d + 160, 8), raw = get(t->d + 36, 4) == 1;
	if (index + blocks * 16 > (uint64_t)t->n || pay + paysize > (uint64_t)t->n ||
	    crc32(0, t->d + index, (uInt)(blocks * 16)) != get(t->d + 168, 4))
		return bad(t, "the index is out of the file or its CRC is wrong", 0);
	uint64_t want = (get(t->d + 40, 8) * t->d[27] + 7) / 8; /* entries * bits, in bytes */
	t->plain = malloc((size_t)want + 1);
	if (!t->plain)
		return bad(t, "out of memory", 0);
	for (uint64_t b = 0; b < blocks; b++) {
		const uint8_t *e = t->d + index + b * 16;
		uint64_t off = get(e, 8), size = get(e + 8, 4);
		if (off + size > paysize || crc32(0, t->d + pay + off, (uInt)size) != get(e + 12, 4))
			return bad(t, "a block is out of the payload or its CRC is wrong", b);
		uLongf got = (uLongf)(want - t->plain_n);
		if (raw && size > got)
			return bad(t, "a raw block runs past the entries", b);
		if (raw)
			memcpy(t->plain + t->plain_n, t->d + pay + off, got = (uLongf)size);
		else if (uncompress(t->plain + t->plain_n, &got, t->d + pay + off, (uLong)size) != Z_OK)
			return bad(t, "zlib cannot inflate a block", b);
		t->plain_n += got;
	}
	return t->plain_n == want ? 0 : bad(t, "the blocks do not hold every entry", blocks);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: tblcmp A.tbl B.tbl\n");
		return 2;
	}
	struct tbl a = { .path = argv[1] }, b = { .path = argv[2] };
	if (load(&a) || load(&b))
		return 1;
	/* the header but the generator (88..119) and the payload's size and CRCs (152..175) */
	static const int same[][2] = { { 0, 88 }, { 120, 152 }, { 176, HDR - 4 } };
	for (int i = 0; i < 3; i++)
		if (memcmp(a.d + same[i][0], b.d + same[i][0], (size_t)(same[i][1] - same[i][0])) != 0) {
			fprintf(stderr, "tblcmp: %s and %s: the headers differ in bytes %d..%d\n", a.path, b.path,
				same[i][0], same[i][1] - 1);
			return 1;
		}
	if (a.plain_n != b.plain_n || memcmp(a.plain, b.plain, (size_t)a.plain_n) != 0) {
		uint64_t i = 0;
		while (i < a.plain_n && i < b.plain_n && a.plain[i] == b.plain[i])
			i++;
		fprintf(stderr, "tblcmp: %s and %s: the entries differ from byte %llu\n", a.path, b.path,
			(unsigned long long)i);
		return 1;
	}
	printf("same entries: %llu blocks, %llu bytes inflated by zlib\n", (unsigned long long)get(a.d + 128, 8),
	       (unsigned long long)a.plain_n);
	free(a.d), free(b.d), free(a.plain), free(b.plain);
	return 0;
}
