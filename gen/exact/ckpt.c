/* SPDX-License-Identifier: Zlib */
/* ckpt: checkpoints of the exact search: one file per process after each layer, resumed from the
 * last layer every process finished.
 *
 * On-disk layout of DIR/layer-D.proc-Q-of-P.ckpt (D = layers done = the next layer to expand;
 * integers little-endian, as the host's, which must be little-endian: see CK_BOM):
 *   header, CK_HEADER bytes:
 *     0 magic "SLTBCKPT"   8 u32 version (2)   12 u32 procs P   16 u32 proc Q   20 u32 depth D
 *    24 u8 rows   25 u8 cols   26 u8 count_only   27 u8 zero   28 u32 entry (enum table_entry)
 *    32 u64 lo   40 u64 hi (the states this process holds)   48 u64 states of the board
 *    56 u8 goal[32]   88 u32 CRC-32 of the body   92 u32 byte-order mark 0x01020304
 *    96 u64 hist[256] (states per layer, layers < D)   CK_HEADER - 4: u32 CRC-32 of the bytes before
 *   body: the 2-bit working set, (hi - lo + 31) / 32 u64 words, then hi - lo entry bytes (none
 *   with count_only) as the search stores them: the distance d for mdres (made residues after the
 *   search), the entry itself for the others.
 * A file appears under its name only when complete (written as .tmp, synced, renamed); a process
 * removes its other files once every process has its file of layer D (agreed through the back
 * end's reduce), so a crash leaves at least one complete set. A kill between the rename and the
 * removal leaves two layers (or a .tmp file): --resume takes the newest layer every process has
 * and removes the rest, and a finished run removes every file of its checkpoint. */
#include "gen/exact/ckpt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "libslidetab/model/rank.h"

#define CK_MAGIC   "SLTBCKPT"
#define CK_HEADER  4096
#define CK_BOM     0x01020304u
#define CK_VERSION 2 /* 2: mdres searches keep the distance d in their entry bytes (gen/bfsmd.h) */

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}
static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}
static uint32_t get32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}
static uint64_t get64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static uint32_t crc_of(uint32_t crc, const void *p, uint64_t n)
{
	const uint8_t *b = p;
	for (; n > 0;) {
		uInt k = n > (1u << 30) ? 1u << 30 : (uInt)n;
		crc = (uint32_t)crc32(crc, b, k);
		b += k;
		n -= k;
	}
	return crc;
}

static int procs_of(const struct ckpt *c)
{
	return c->part ? c->part->procs : 1;
}
static int proc_of(const struct ckpt *c)
{
	return c->part ? c->part->proc : 0;
}

/* v over every process (v itself for one). */
static uint64_t agree(const struct ckpt *c, uint64_t v, int op)
{
	return c->part ? c->part->reduce(c->part->ctx, v, op) : v;
}

/* Whether this or another process failed (every process learns the same); notes it in c. */
static int any_failed(struct ckpt *c, int failed)
{
	if (agree(c, (uint64_t)failed, BFS_MAX) == 0)
		return 0;
	c->failed_together = 1;
	return 1;
}

static void file_name(const struct ckpt *c, unsigned depth, char *buf, size_t size)
{
	snprintf(buf, size, "%s/layer-%u.proc-%d-of-%d.ckpt", c->dir, depth, proc_of(c), procs_of(c));
}

static uint64_t body_words(const struct bfs_snapshot *s)
{
	return (s->hi - s->lo + 31) / 32;
}

static uint32_t body_crc(const struct bfs_snapshot *s)
{
	uint32_t crc = crc_of(0, s->bits, body_words(s) * 8);
	return s->entries ? crc_of(crc, s->entries, s->hi - s->lo) : crc;
}

static void header_encode(const struct ckpt *c, const struct bfs_snapshot *s, uint8_t *h)
{
	memset(h, 0, CK_HEADER);
	memcpy(h, CK_MAGIC, 8);
	put32(h + 8, CK_VERSION);
	put32(h + 12, (uint32_t)procs_of(c));
	put32(h + 16, (uint32_t)proc_of(c));
	put32(h + 20, s->depth);
	h[24] = (uint8_t)c->b->rows;
	h[25] = (uint8_t)c->b->cols;
	h[26] = (uint8_t)c->count_only;
	put32(h + 28, c->entry);
	put64(h + 32, s->lo);
	put64(h + 40, s->hi);
	put64(h + 48, rank_states(c->b->n));
	memcpy(h + 56, c->goal->t, (size_t)c->b->n);
	put32(h + 88, body_crc(s));
	put32(h + 92, CK_BOM);
	for (int d = 0; d < TABLE_HIST_MAX; d++)
		put64(h + 96 + 8 * d, d < (int)s->depth ? s->hist[d] : 0);
	put32(h + CK_HEADER - 4, crc_of(0, h, CK_HEADER - 4));
}

/* Reads (writing = 0) or writes n bytes at p whole; -1 on an error or a short transfer. */
static int full_io(int fd, void *p, uint64_t n, int writing)
{
	uint8_t *b = p;
	while (n > 0) {
		size_t most = n > (1u << 30) ? 1u << 30 : (size_t)n;
		ssize_t k = writing ? write(fd, b, most) : read(fd, b, most);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		b += k;
		n -= (uint64_t)k;
	}
	return 0;
}

static int write_all(int fd, const void *p, uint64_t n)
{
	return full_io(fd, (void *)(uintptr_t)p, n, 1);
}

/* Test hook ($SLIDETAB_TEST_CKPT_KILL, docs/distributed.md): "K", "K:renamed" or "K:tmp" makes
 * the process kill itself with SIGKILL at one point of saving layer K's checkpoint (K = layers
 * done, the file layer-K.*): "K:tmp" once layer-K.*.tmp is written and synced (before its
 * rename), "K:renamed" once every process has renamed it (before the files of layer K - 1 are
 * removed), "K" once the older files are removed on every process. With gen-mpi every process
 * must see the same value (mpirun -x). Changes no byte of any output. */
enum { KILL_TMP, KILL_RENAMED, KILL_DONE };
static void test_kill_at(const struct ckpt *c, unsigned depth, int point)
{
	const char *v = getenv("SLIDETAB_TEST_CKPT_KILL");
	char *end;
	if (!v || !*v)
		return;
	unsigned long k = strtoul(v, &end, 10);
	int at = !strcmp(end, ":tmp") ? KILL_TMP : !strcmp(end, ":renamed") ? KILL_RENAMED : !*end ? KILL_DONE : -1;
	if (end == v || k != depth || at != point)
		return;
	if (point == KILL_DONE)
		agree(c, 0, BFS_MAX); /* every process has removed its older files: the state is the same everywhere */
	raise(SIGKILL);
}

/* Writes this process's file of layer s->depth: temporary name, sync, rename, sync the folder. */
static int save_file(const struct ckpt *c, const struct bfs_snapshot *s, struct slidetab_error *err)
{
	char name[4200], tmp[4300];
	file_name(c, s->depth, name, sizeof name);
	snprintf(tmp, sizeof tmp, "%s.tmp", name);
	uint8_t h[CK_HEADER];
	header_encode(c, s, h);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int bad = fd < 0 || write_all(fd, h, CK_HEADER) || write_all(fd, s->bits, body_words(s) * 8) ||
		  (s->entries && write_all(fd, s->entries, s->hi - s->lo)) || fsync(fd) != 0;
	int e = errno;
	if (fd >= 0 && close(fd) != 0 && !bad)
		bad = 1, e = errno;
	if (!bad)
		test_kill_at(c, s->depth, KILL_TMP);
	if (!bad && rename(tmp, name) != 0)
		bad = 1, e = errno;
	if (bad) {
		unlink(tmp);
		return err_set(err, SLIDETAB_EIO, "writing the checkpoint %s: %s", name, strerror(e));
	}
	int dfd = open(c->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return SLIDETAB_OK;
}

/* Parses a checkpoint file name: 1 with its layer, process and process count, and whether it is a
 * temporary (.tmp) one; 0 for any other name. */
static int parse_name(const char *name, unsigned *depth, int *q, int *p, int *is_tmp)
{
	int len = 0;
	if (sscanf(name, "layer-%u.proc-%d-of-%d.ckpt%n", depth, q, p, &len) != 3 || len == 0)
		return 0;
	*is_tmp = !strcmp(name + len, ".tmp");
	return name[len] == '\0' || *is_tmp;
}

/* Removes this process's files in dir but the complete one of layer `keep` (0: every file),
 * temporary ones included, so that after a kill at any point the folder holds at most one file a
 * process once a run resumes, saves a layer or ends. */
static void sweep(const struct ckpt *c, unsigned keep)
{
	DIR *d = opendir(c->dir);
	if (!d)
		return;
	char name[4400];
	for (struct dirent *e; (e = readdir(d));) {
		unsigned depth;
		int q, p, is_tmp;
		if (!parse_name(e->d_name, &depth, &q, &p, &is_tmp) || q != proc_of(c) || p != procs_of(c) ||
		    (depth == keep && !is_tmp))
			continue;
		snprintf(name, sizeof name, "%s/%s", c->dir, e->d_name);
		unlink(name);
	}
	closedir(d);
}

static int save(void *ctx, const struct bfs_snapshot *s, struct slidetab_error *err)
{
	struct ckpt *c = ctx;
	int rc = save_file(c, s, err);
	if (any_failed(c, rc != SLIDETAB_OK))
		return rc != SLIDETAB_OK ? rc
					 : err_set(err, SLIDETAB_EIO, "another process failed to checkpoint layer %u",
						   s->depth - 1);
	/* every process has its file of this layer: the older ones can go */
	test_kill_at(c, s->depth, KILL_RENAMED);
	sweep(c, s->depth);
	test_kill_at(c, s->depth, KILL_DONE);
	return SLIDETAB_OK;
}

/* The newest layer count of this process's files in dir (0: none); *other_procs gets the process
 * count of a file written by another number of processes, if any. */
static unsigned newest(const struct ckpt *c, int *other_procs)
{
	DIR *d = opendir(c->dir);
	unsigned best = 0;
	*other_procs = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d));) {
		unsigned depth;
		int q, p, is_tmp;
		if (!parse_name(e->d_name, &depth, &q, &p, &is_tmp) || is_tmp)
			continue;
		if (p != procs_of(c))
			*other_procs = p;
		else if (q == proc_of(c) && depth > best)
			best = depth;
	}
	closedir(d);
	return best;
}

/* Why header h is not a sound checkpoint header, or NULL. */
static const char *damaged(const uint8_t *h)
{
	if (memcmp(h, CK_MAGIC, 8) != 0 || get32(h + 8) != CK_VERSION || get32(h + 92) != CK_BOM)
		return "not a slidetab checkpoint of this version and byte order";
	if (get32(h + CK_HEADER - 4) != crc_of(0, h, CK_HEADER - 4))
		return "its header is damaged (CRC mismatch)";
	return NULL;
}

/* Why a sound header h does not belong to this run, or NULL. */
static const char *foreign(const struct ckpt *c, const struct bfs_snapshot *s, const uint8_t *h, unsigned depth)
{
	if (h[24] != c->b->rows || h[25] != c->b->cols || get64(h + 48) != rank_states(c->b->n))
		return "it is of another board";
	if (memcmp(h + 56, c->goal->t, (size_t)c->b->n) != 0)
		return "it is of another goal";
	if (h[26] != c->count_only || get32(h + 28) != c->entry)
		return "it was written with another --count-only or entry encoding";
	if (get32(h + 12) != (uint32_t)procs_of(c) || get32(h + 16) != (uint32_t)proc_of(c) || get64(h + 32) != s->lo ||
	    get64(h + 40) != s->hi)
		return "it was written by another number of processes";
	if (get32(h + 20) != depth)
		return "its layer differs from its name";
	return NULL;
}

static int read_all(int fd, void *p, uint64_t n)
{
	return full_io(fd, p, n, 0);
}

/* Loads this process's file of layer `depth` into s, checking that it belongs to this run. */
static int load_file(const struct ckpt *c, unsigned depth, struct bfs_snapshot *s, struct slidetab_error *err)
{
	char name[4200];
	file_name(c, depth, name, sizeof name);
	uint8_t h[CK_HEADER], extra;
	int fd = open(name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return err_set(err, SLIDETAB_EIO, "cannot open the checkpoint %s: %s", name, strerror(errno));
	const char *why = read_all(fd, h, CK_HEADER) ? "it is too short" : damaged(h);
	if (!why && (why = foreign(c, s, h, depth)) != NULL) {
		close(fd);
		return err_set(err, SLIDETAB_EINVAL, "refusing the checkpoint %s: %s", name, why);
	}
	if (!why &&
	    (read_all(fd, s->bits, body_words(s) * 8) || (s->entries && read_all(fd, s->entries, s->hi - s->lo))))
		why = "it is too short";
	if (!why && read(fd, &extra, 1) != 0)
		why = "it is longer than its header says";
	if (!why && body_crc(s) != get32(h + 88))
		why = "its body is damaged (CRC mismatch)";
	close(fd);
	if (why)
		return err_set(err, SLIDETAB_EFORMAT, "refusing the checkpoint %s: %s", name, why);
	s->depth = depth;
	for (unsigned d = 0; d < depth && d < TABLE_HIST_MAX; d++)
		s->hist[d] = get64(h + 96 + 8 * d);
	return SLIDETAB_OK;
}

/* Whether this process can create its files in dir: a temporary file made there and removed, so
 * that a folder that is a file, missing or read-only fails before the first layer, not after it. */
static int probe(const struct ckpt *c, struct slidetab_error *err)
{
	char name[4200];
	snprintf(name, sizeof name, "%s/probe.proc-%d-of-%d.XXXXXX", c->dir, proc_of(c), procs_of(c));
	int fd = mkstemp(name);
	if (fd < 0)
		return err_set(err, SLIDETAB_EIO, "cannot write checkpoints into %s: %s", c->dir, strerror(errno));
	close(fd);
	unlink(name);
	return SLIDETAB_OK;
}

/* A new run: the folder is made if need be, and must hold no checkpoint yet (an old one would be
 * mistaken for this run's on --resume). */
static int fresh(struct ckpt *c, struct slidetab_error *err)
{
	int other = 0, rc = SLIDETAB_OK;
	if (mkdir(c->dir, 0755) != 0 && errno != EEXIST)
		rc = err_set(err, SLIDETAB_EIO, "cannot make the checkpoint folder %s: %s", c->dir, strerror(errno));
	else if ((rc = probe(c, err)) == SLIDETAB_OK && (newest(c, &other) || other))
		rc = err_set(err, SLIDETAB_EINVAL,
			     "%s already holds a checkpoint: continue it with --resume %s, or remove it", c->dir,
			     c->dir);
	if (any_failed(c, rc != SLIDETAB_OK))
		return rc != SLIDETAB_OK ? rc : err_set(err, SLIDETAB_EINVAL, "another process refused %s", c->dir);
	sweep(c, 0); /* temporary files of a run killed while writing its first checkpoint */
	return SLIDETAB_OK;
}

/* Resumes from the newest layer every process has complete (a process killed between two renames
 * may have one more, or a temporary file), then removes every other file of this process. */
static int resume(void *ctx, struct bfs_snapshot *s, int *resumed, struct slidetab_error *err)
{
	struct ckpt *c = ctx;
	*resumed = 0;
	int other = 0, rc = SLIDETAB_OK;
	if (!c->resume)
		return fresh(c, err);
	unsigned mine = newest(c, &other);
	unsigned depth = (unsigned)agree(c, mine, BFS_MIN); /* the newest layer every process has */
	if (depth == 0) {
		if (mine)
			rc = err_set(err, SLIDETAB_EINVAL, "another process has no checkpoint in %s", c->dir);
		else if (other)
			rc = err_set(err, SLIDETAB_EINVAL,
				     "the checkpoint in %s was written by %d processes; this run has %d", c->dir, other,
				     procs_of(c));
		else
			rc = err_set(err, SLIDETAB_EINVAL, "no checkpoint of process %d in %s", proc_of(c), c->dir);
	} else if ((rc = probe(c, err)) == SLIDETAB_OK) {
		rc = load_file(c, depth, s, err);
	}
	if (any_failed(c, rc != SLIDETAB_OK))
		return rc != SLIDETAB_OK ? rc
					 : err_set(err, SLIDETAB_EFORMAT, "another process refused its checkpoint");
	sweep(c, depth);
	*resumed = 1;
	return SLIDETAB_OK;
}

void ckpt_finish(struct ckpt *c)
{
	agree(c, 0, BFS_MAX); /* every process has its part of the run done: nothing is resumed any more */
	sweep(c, 0);
}

struct bfs_ckpt ckpt_hooks(struct ckpt *c)
{
	return (struct bfs_ckpt){ c, resume, save };
}
