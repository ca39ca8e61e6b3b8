/* SPDX-License-Identifier: Zlib */
/* _slidetab: the C core of the slidetab Python package: a DB type over one libslidetab handle.
 *
 * Boards come in as lists, tuples or any integer buffer (numpy arrays), flat or 2-D; they are read
 * into bytes with the GIL held (or, for a batch, with it released over the buffer's memory), and
 * the library answers with the GIL released. Statuses become exceptions (slidetab.Error and its
 * subclasses) carrying the library's message; an unsolvable start is an answer (None, -1). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "slidetab.h"

#define MAX_CELLS SLIDETAB_MAX_CELLS
#define MAX_PATH  (SLIDETAB_MAX_PATH + 1)

static PyObject *Error, *NoTableError, *FormatError, *InvalidError, *LimitError;

typedef struct {
	PyObject_HEAD slidetab *db;
	unsigned threads;
	long busy; /* calls running without the GIL (changed with the GIL held) */
} DBObject;

static PyTypeObject DBType;

/* Raises the exception of a library status with its message; returns NULL. */
static PyObject *raise_status(int status, const char *msg)
{
	PyObject *cls = status == SLIDETAB_EINVAL     ? InvalidError
			: status == SLIDETAB_ENOTABLE ? NoTableError
			: status == SLIDETAB_EFORMAT  ? FormatError
			: status == SLIDETAB_ELIMIT   ? LimitError
						      : Error;
	if (status == SLIDETAB_ENOMEM)
		return PyErr_NoMemory();
	/* A message may hold bytes that are not UTF-8 (a folder's name; a board= cut inside a character
	 * at 256 bytes): escaped, so that the exception is still this one, not UnicodeDecodeError. */
	PyObject *text = PyUnicode_DecodeUTF8(msg, (Py_ssize_t)strlen(msg), "backslashreplace");
	/* The advice names gen, which pip does not install: say where it comes from. */
	if (text && status == SLIDETAB_ENOTABLE && (strstr(msg, "`gen ") || strstr(msg, "`slidetab-gen "))) {
		PyObject *more = PyUnicode_FromFormat(
			"%U (gen, slidetab's table builder, is not installed by pip: `make` in slidetab's source tree "
			"builds bin/gen; Debian's slidetab package installs slidetab-gen)",
			text);
		Py_DECREF(text);
		text = more;
	}
	PyObject *exc = text ? PyObject_CallFunctionObjArgs(cls, text, NULL) : NULL;
	Py_XDECREF(text);
	if (!exc)
		return NULL;
	PyObject *st = PyLong_FromLong(status);
	if (st && PyObject_SetAttrString(exc, "status", st) == 0)
		PyErr_SetObject(cls, exc);
	Py_XDECREF(st);
	Py_DECREF(exc);
	return NULL;
}

static PyObject *invalid(const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	PyOS_vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return raise_status(SLIDETAB_EINVAL, msg);
}

/* The handle, or an exception for a closed db. */
static slidetab *handle(DBObject *self)
{
	if (!self->db)
		invalid("this db is closed");
	return self->db;
}

/* Runs STMT without the GIL, with the db counted busy so that close() waits for no one. */
#define UNLOCKED(self, STMT)                                                                                           \
	do {                                                                                                           \
		(self)->busy++;                                                                                        \
		Py_BEGIN_ALLOW_THREADS STMT;                                                                           \
		Py_END_ALLOW_THREADS(self)->busy--;                                                                    \
	} while (0)

/* Fast-call arguments: positional then keywords, by name; out[i] NULL when not given. */
static int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
		      const char *const *names, int nnames, int nrequired, PyObject **out)
{
	for (int i = 0; i < nnames; i++)
		out[i] = i < nargs ? args[i] : NULL;
	if (nargs > nnames) {
		PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", fn, nnames, nargs);
		return -1;
	}
	Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
	for (Py_ssize_t k = 0; k < nkw; k++) {
		const char *key = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
		int i = 0;
		while (key && i < nnames && strcmp(key, names[i]) != 0)
			i++;
		if (!key || i == nnames || out[i]) {
			if (key)
				PyErr_Format(PyExc_TypeError, "%s() got %s argument '%s'", fn,
					     i == nnames ? "an unexpected" : "multiple values for", key);
			return -1;
		}
		out[i] = args[nargs + k];
	}
	for (int i = 0; i < nrequired; i++)
		if (!out[i]) {
			PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn, names[i]);
			return -1;
		}
	return 0;
}

/* An integer (a Python int or any integer type with __index__, never a bool) into *v; 0, 1 when
 * obj is no integer, 2 when it is above a long, 3 below one, -1 with an exception. */
static int int_value(PyObject *obj, long *v)
{
	int overflow = 0;
	if (PyBool_Check(obj) || !PyIndex_Check(obj))
		return 1;
	PyObject *i = PyNumber_Index(obj);
	if (!i)
		return -1;
	*v = PyLong_AsLongAndOverflow(i, &overflow);
	Py_DECREF(i);
	return *v == -1 && PyErr_Occurred() ? -1 : overflow > 0 ? 2 : overflow < 0 ? 3 : 0;
}

/* The repr of obj as UTF-8 for a message ("?" when it has none); *hold keeps it alive. */
static const char *repr_of(PyObject *obj, PyObject **hold)
{
	const char *s = (*hold = PyObject_Repr(obj)) ? PyUnicode_AsUTF8(*hold) : NULL;
	if (!s)
		PyErr_Clear();
	return s ? s : "?";
}

/* An integer argument name=obj in [min, max] (InvalidError naming it and its value otherwise). */
static int int_arg(PyObject *obj, const char *name, long min, long max, const char *want, long *out)
{
	int rc = int_value(obj, out);
	if (rc < 0)
		return -1;
	if (rc == 0 && *out >= min && *out <= max)
		return 0;
	PyObject *hold;
	const char *s = repr_of(obj, &hold);
	if (rc == 1)
		invalid("%s=%s: %s, not %s", name, s, want, Py_TYPE(obj)->tp_name);
	else if (rc == 3 || (*out < min && *out < 0))
		invalid("%s=%s: negative; expected %s", name, s, want);
	else
		invalid("%s=%s: %s%s", name, s, rc == 2 || *out > max ? "too large for " : "", want);
	Py_XDECREF(hold);
	return -1;
}

/* board=: None (0 x 0), "RxC" or (rows, cols) of two integers; the library checks the size. */
static int parse_board_spec(PyObject *obj, int *rows, int *cols)
{
	long r = 0, c = 0;
	*rows = *cols = 0;
	if (!obj || obj == Py_None)
		return 0;
	PyObject *hold = NULL;
	const char *shown = repr_of(obj, &hold);
	int bad = 0, huge = 0;
	if (PyUnicode_Check(obj)) {
		const char *s = PyUnicode_AsUTF8(obj);
		char x, tail;
		if (!s)
			PyErr_Clear();
		if (!s || sscanf(s, "%ld%c%ld%c", &r, &x, &c, &tail) != 3 || (x != 'x' && x != 'X'))
			bad = invalid("board: give \"RxC\", e.g. \"3x4\", not %s", shown) == NULL;
	} else if ((PyTuple_Check(obj) || PyList_Check(obj)) && PySequence_Size(obj) == 2) {
		PyObject *a = PySequence_GetItem(obj, 0), *b = PySequence_GetItem(obj, 1);
		int ra = a ? int_value(a, &r) : -1, rb = b ? int_value(b, &c) : -1;
		Py_XDECREF(a);
		Py_XDECREF(b);
		if (ra < 0 || rb < 0)
			bad = 1;
		else if (ra == 1 || rb == 1)
			bad = invalid("board=%s: (rows, cols) must be two integers", shown) == NULL;
		else
			huge = ra >= 2 || rb >= 2; /* beyond a long: refused below, by its repr */
	} else {
		bad = invalid("board must be \"RxC\" or (rows, cols), not %s", Py_TYPE(obj)->tp_name) == NULL;
	}
	/* each side checked before the product, which could overflow */
	if (!bad && huge)
		bad = invalid("board=%s: RxC with R, C >= 2 and R*C <= %d", shown, MAX_CELLS) == NULL;
	else if (!bad && (r < 2 || c < 2 || r > MAX_CELLS || c > MAX_CELLS || r * c > MAX_CELLS))
		bad = invalid("board %ldx%ld: RxC with R, C >= 2 and R*C <= %d", r, c, MAX_CELLS) == NULL;
	Py_XDECREF(hold);
	if (bad)
		return -1;
	*rows = (int)r, *cols = (int)c;
	return 0;
}

/* A tile from a Python integer (numpy integers too); anything outside 0..255 reads as 255, which
 * no board holds, so that the library names the board. */
static int tile_of(PyObject *item, const char *what, Py_ssize_t k, unsigned char *t)
{
	int overflow = 0;
	long v;
	if (PyBool_Check(item)) {
		invalid("%s: tile %zd is bool, not an integer", what, k);
		return -1;
	} else if (PyLong_Check(item)) {
		v = PyLong_AsLongAndOverflow(item, &overflow);
	} else if (PyIndex_Check(item) && !PyBool_Check(item)) {
		PyObject *i = PyNumber_Index(item);
		if (!i)
			return -1;
		v = PyLong_AsLongAndOverflow(i, &overflow);
		Py_DECREF(i);
	} else {
		invalid("%s: tile %zd is %s, not an integer", what, k, Py_TYPE(item)->tp_name);
		return -1;
	}
	if (v == -1 && PyErr_Occurred())
		return -1;
	*t = overflow || v < 0 || v > 255 ? 255 : (unsigned char)v;
	return 0;
}

/* The tiles of one row (or of a flat board) from a list or tuple. */
static int seq_tiles(PyObject *seq, const char *what, Py_ssize_t first, unsigned char *t)
{
	Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
	PyObject **items = PySequence_Fast_ITEMS(seq);
	for (Py_ssize_t k = 0; k < len; k++)
		if (tile_of(items[k], what, first + k, &t[first + k]) != 0)
			return -1;
	return 0;
}

/* A board from a list or tuple, flat (*rows = 0) or of rows; *count tiles. */
static int list_board(PyObject *obj, const char *what, unsigned char *t, int *rows, int *count)
{
	Py_ssize_t len = PySequence_Fast_GET_SIZE(obj);
	PyObject **items = PySequence_Fast_ITEMS(obj);
	if (len == 0) {
		invalid("%s is empty", what);
		return -1;
	}
	if (!PyList_Check(items[0]) && !PyTuple_Check(items[0])) {
		if (len > MAX_CELLS) {
			invalid("%s has %zd tiles: boards have at most %d", what, len, MAX_CELLS);
			return -1;
		}
		*rows = 0, *count = (int)len;
		return seq_tiles(obj, what, 0, t);
	}
	Py_ssize_t cols = PySequence_Size(items[0]);
	if (len * cols > MAX_CELLS || cols < 1) {
		invalid("%s has %zd rows of %zd tiles: boards have at most %d", what, len, cols, MAX_CELLS);
		return -1;
	}
	for (Py_ssize_t r = 0; r < len; r++) {
		PyObject *row = items[r];
		if ((!PyList_Check(row) && !PyTuple_Check(row)) || PySequence_Fast_GET_SIZE(row) != cols) {
			invalid("%s: row %zd is not a sequence of %zd tiles like row 0", what, r, cols);
			return -1;
		}
		if (seq_tiles(row, what, r * cols, t) != 0)
			return -1;
	}
	*rows = (int)len, *count = (int)(len * cols);
	return 0;
}

static PyObject *numpy_module(void)
{
	static PyObject *np;
	if (!np && !(np = PyImport_ImportModule("numpy")) && PyErr_ExceptionMatches(PyExc_ImportError)) {
		PyErr_Clear();
		PyErr_SetString(PyExc_ImportError,
				"slidetab: distances() needs numpy (Debian: apt-get install python3-numpy)");
	}
	return np;
}

/* 1 (signed) or 2 (unsigned) for a buffer format of native integers, else 0. */
static int int_kind(const char *fmt, Py_ssize_t itemsize)
{
	const union {
		uint16_t u;
		uint8_t b[2];
	} probe = { 1 };
	int little = probe.b[0] == 1;
	if (!fmt)
		return 2 * (itemsize == 1); /* plain bytes */
	if (*fmt == '@' || *fmt == '=')
		fmt++;
	else if (*fmt == '<' || *fmt == '>' || *fmt == '!') {
		if (itemsize > 1 && (*fmt == '<') != little)
			return 0;
		fmt++;
	}
	if (!fmt[0] || fmt[1] || !strchr("bBhHiIlLqQnN", fmt[0]))
		return 0;
	if (itemsize != 1 && itemsize != 2 && itemsize != 4 && itemsize != 8)
		return 0;
	return fmt[0] >= 'a' ? 1 : 2;
}

/* A C-contiguous buffer of integers over obj (through numpy.ascontiguousarray when obj's own is
 * not contiguous); *hold keeps the copy alive. Returns its int_kind, or 0 with an exception. */
static int int_buffer(PyObject *obj, const char *what, Py_buffer *v, PyObject **hold)
{
	*hold = NULL;
	if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
		PyObject *np = (PyErr_Clear(), numpy_module());
		if (!np || !(*hold = PyObject_CallMethod(np, "ascontiguousarray", "O", obj)) ||
		    PyObject_GetBuffer(*hold, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
			Py_CLEAR(*hold);
			return 0;
		}
	}
	int kind = int_kind(v->format, v->itemsize);
	if (!kind) {
		invalid("%s: tiles must be integers, not buffer format '%s'", what, v->format ? v->format : "B");
		PyBuffer_Release(v);
		Py_CLEAR(*hold);
	}
	return kind;
}

/* Narrows count integers of v (kind 1 signed, 2 unsigned) to tiles; outside 0..255 becomes 255. */
#define NARROW(T, WIDE)                                                                                                \
	do {                                                                                                           \
		const T *in = v->buf;                                                                                  \
		for (size_t i = 0; i < count; i++) {                                                                   \
			uint64_t x = (uint64_t)(WIDE)in[i];                                                            \
			dst[i] = x <= 255 ? (unsigned char)x : 255;                                                    \
		}                                                                                                      \
	} while (0)
static void narrow(const Py_buffer *v, int kind, size_t count, unsigned char *dst)
{
	switch (v->itemsize * 4 + kind) {
	case 5: NARROW(int8_t, int64_t); break;
	case 6: NARROW(uint8_t, uint64_t); break;
	case 9: NARROW(int16_t, int64_t); break;
	case 10: NARROW(uint16_t, uint64_t); break;
	case 17: NARROW(int32_t, int64_t); break;
	case 18: NARROW(uint32_t, uint64_t); break;
	case 33: NARROW(int64_t, int64_t); break;
	default: NARROW(uint64_t, uint64_t); break;
	}
}

/* The board of tiles read flat (rows 0) or in rows, and board= (sr x sc, 0 when not given). */
static int resolve(const char *what, int rows, int count, int sr, int sc, int *r, int *c)
{
	static const int named[][3] = { { 4, 2, 2 },  { 6, 2, 3 },  { 8, 2, 4 }, { 9, 3, 3 },
					{ 10, 2, 5 }, { 16, 4, 4 }, { 25, 5, 5 } };
	if (rows) {
		if (sr && (sr != rows || sc * rows != count)) {
			invalid("%s has shape (%d, %d) but the board is %dx%d", what, rows, count / rows, sr, sc);
			return -1;
		}
		*r = rows, *c = count / rows;
		return 0;
	}
	if (sr) {
		if (sr * sc != count) {
			invalid("%s has %d tiles: a %dx%d board has %d", what, count, sr, sc, sr * sc);
			return -1;
		}
		*r = sr, *c = sc;
		return 0;
	}
	for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
		if (named[k][0] == count) {
			*r = named[k][1], *c = named[k][2];
			return 0;
		}
	invalid("%s has %d tiles, which name no board alone (4, 6, 8, 9, 10, 16 or 25 do): give board=\"RxC\" "
		"or a 2-D board",
		what, count);
	return -1;
}

/* One board: a list or tuple (flat or of rows), an integer array (1-D or 2-D) or any sequence. */
static int read_board(PyObject *obj, const char *what, int sr, int sc, unsigned char *t, int *r, int *c)
{
	int rows = 0, count = 0, rc = -1;
	if (PyList_Check(obj) || PyTuple_Check(obj)) {
		rc = list_board(obj, what, t, &rows, &count);
	} else if (PyObject_CheckBuffer(obj)) {
		Py_buffer v;
		PyObject *hold;
		int kind = int_buffer(obj, what, &v, &hold);
		if (!kind)
			return -1;
		Py_ssize_t n = v.ndim == 0 ? 0 : v.ndim == 1 ? v.shape[0] : v.shape[0] * v.shape[1];
		if (v.ndim < 1 || v.ndim > 2 || n < 1 || n > MAX_CELLS)
			invalid("%s must be a flat or 2-D board of at most %d tiles (got %d dimensions, %zd tiles)",
				what, MAX_CELLS, v.ndim, n);
		else {
			narrow(&v, kind, (size_t)n, t);
			rows = v.ndim == 2 ? (int)v.shape[0] : 0, count = (int)n, rc = 0;
		}
		PyBuffer_Release(&v);
		Py_XDECREF(hold);
	} else {
		PyObject *seq = PySequence_Fast(obj, "");
		if (!seq) {
			PyErr_Clear();
			invalid("%s must be a sequence of tiles or an integer array, not %s", what,
				Py_TYPE(obj)->tp_name);
			return -1;
		}
		rc = list_board(seq, what, t, &rows, &count);
		Py_DECREF(seq);
	}
	return rc != 0 ? -1 : resolve(what, rows, count, sr, sc, r, c);
}

/* A single puzzle's arguments: start, goal=None, board=None. */
struct puzzle {
	int rows, cols;
	unsigned char start[MAX_CELLS], goal[MAX_CELLS];
	const unsigned char *g; /* NULL: the library's default goal */
};

static int read_puzzle(DBObject *self, const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
		       struct puzzle *p)
{
	static const char *const names[] = { "start", "goal", "board" };
	PyObject *a[3];
	int sr, sc, gr, gc;
	if (!handle(self) || parse_args(fn, args, nargs, kwnames, names, 3, 1, a) != 0 ||
	    parse_board_spec(a[2], &sr, &sc) != 0 ||
	    read_board(a[0], "start", sr, sc, p->start, &p->rows, &p->cols) != 0)
		return -1;
	p->g = NULL;
	if (a[1] && a[1] != Py_None) {
		if (read_board(a[1], "goal", p->rows, p->cols, p->goal, &gr, &gc) != 0)
			return -1;
		p->g = p->goal;
	}
	return 0;
}

static PyObject *db_distance(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
	struct puzzle p;
	struct slidetab_error err;
	unsigned d;
	int rc;
	if (read_puzzle(self, "distance", args, nargs, kwnames, &p) != 0)
		return NULL;
	UNLOCKED(self, rc = slidetab_distance(self->db, p.rows, p.cols, p.start, p.g, &d, &err));
	if (rc == SLIDETAB_UNSOLVABLE)
		Py_RETURN_NONE;
	return rc == SLIDETAB_OK ? PyLong_FromUnsignedLong(d) : raise_status(rc, err.msg);
}

static PyObject *db_path(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
	struct puzzle p;
	struct slidetab_error err;
	char moves[MAX_PATH];
	int rc;
	if (read_puzzle(self, "path", args, nargs, kwnames, &p) != 0)
		return NULL;
	UNLOCKED(self, rc = slidetab_path(self->db, p.rows, p.cols, p.start, p.g, moves, sizeof moves, &err));
	if (rc == SLIDETAB_UNSOLVABLE)
		Py_RETURN_NONE;
	return rc == SLIDETAB_OK ? PyUnicode_FromString(moves) : raise_status(rc, err.msg);
}

static PyObject *db_hint(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
	struct puzzle p;
	struct slidetab_error err;
	unsigned d, moves;
	int rc;
	if (read_puzzle(self, "hint", args, nargs, kwnames, &p) != 0)
		return NULL;
	UNLOCKED(self, rc = slidetab_hint(self->db, p.rows, p.cols, p.start, p.g, &d, &moves, &err));
	if (rc == SLIDETAB_UNSOLVABLE)
		Py_RETURN_NONE;
	if (rc != SLIDETAB_OK)
		return raise_status(rc, err.msg);
	char letters[5];
	int k = 0;
	for (int dir = 0; dir < 4; dir++)
		if (moves >> dir & 1)
			letters[k++] = "dlru"[dir];
	letters[k] = '\0';
	return Py_BuildValue("(Is)", d, letters);
}

/* The starts of a batch: (n, N) or (n, R, C) integers; *n boards of *count tiles, *rows 0 when flat. */
static int batch_shape(const Py_buffer *v, Py_ssize_t *n, int *rows, int *count)
{
	if (v->ndim != 2 && v->ndim != 3) {
		invalid("starts must be 2-D (n, N) or 3-D (n, R, C), not %d-D", v->ndim);
		return -1;
	}
	Py_ssize_t cells = v->ndim == 2 ? v->shape[1] : v->shape[1] * v->shape[2];
	if (cells < 1 || cells > MAX_CELLS) {
		invalid("starts have %zd tiles a board: boards have 1 to %d", cells, MAX_CELLS);
		return -1;
	}
	*n = v->shape[0], *rows = v->ndim == 3 ? (int)v->shape[1] : 0, *count = (int)cells;
	return 0;
}

/* Answers n starts of v into the int64 array out (-1: unsolvable) without the GIL. */
static int batch_answer(DBObject *self, const Py_buffer *v, int kind, Py_ssize_t n, int r, int c,
			const unsigned char *goal, PyObject *out)
{
	Py_buffer ov;
	if (PyObject_GetBuffer(out, &ov, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) != 0)
		return -1;
	size_t cells = (size_t)(r * c), count = (size_t)n;
	unsigned char *tiles = PyMem_RawMalloc(count * cells);
	unsigned *d = PyMem_RawMalloc(count * sizeof *d);
	int rc = SLIDETAB_ENOMEM;
	struct slidetab_error err = { 0 };
	if (tiles && d)
		UNLOCKED(self, {
			narrow(v, kind, count * cells, tiles);
			rc = slidetab_distances(self->db, r, c, count, tiles, goal, d, &err);
			int64_t *o = ov.buf;
			for (size_t i = 0; i < count && rc == SLIDETAB_OK; i++)
				o[i] = d[i] == SLIDETAB_NO_DISTANCE ? -1 : (int64_t)d[i];
		});
	PyMem_RawFree(tiles);
	PyMem_RawFree(d);
	PyBuffer_Release(&ov);
	return rc == SLIDETAB_OK ? 0 : (raise_status(rc, err.msg), -1);
}

static PyObject *db_distances(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
	static const char *const names[] = { "starts", "goal", "board" };
	PyObject *a[3], *hold = NULL, *np, *out = NULL;
	unsigned char goal[MAX_CELLS];
	int sr, sc, r, c, gr, gc, rows, count;
	Py_ssize_t n;
	Py_buffer v;
	if (!handle(self) || parse_args("distances", args, nargs, kwnames, names, 3, 1, a) != 0 ||
	    parse_board_spec(a[2], &sr, &sc) != 0 || !(np = numpy_module()))
		return NULL;
	int kind = int_buffer(a[0], "starts", &v, &hold);
	if (!kind) {
		if (PyErr_ExceptionMatches(PyExc_ValueError) && !PyErr_ExceptionMatches(InvalidError)) {
			PyObject *type, *value, *tb;
			PyErr_Fetch(&type, &value, &tb);
			PyObject *s = value ? PyObject_Str(value) : NULL;
			invalid("starts: %s", s ? PyUnicode_AsUTF8(s) : "not an array of boards");
			Py_XDECREF(s), Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(tb);
		}
		return NULL;
	}
	if (batch_shape(&v, &n, &rows, &count) == 0 && resolve("each start", rows, count, sr, sc, &r, &c) == 0 &&
	    (!a[1] || a[1] == Py_None || read_board(a[1], "goal", r, c, goal, &gr, &gc) == 0) &&
	    (out = PyObject_CallMethod(np, "empty", "ns", n, "int64")) != NULL && n > 0 &&
	    batch_answer(self, &v, kind, n, r, c, a[1] && a[1] != Py_None ? goal : NULL, out) != 0)
		Py_CLEAR(out);
	PyBuffer_Release(&v);
	Py_XDECREF(hold);
	return out;
}

static int db_init(DBObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "tables", "preload", "threads", "max_depth", "memory", NULL };
	PyObject *tables = Py_None, *path = NULL, *threads_arg = NULL, *depth_arg = NULL, *mem_arg = NULL;
	int preload = 0;
	long threads = 1, max_depth = 0, memory = -1;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|OpOOO:open", kwlist, &tables, &preload, &threads_arg, &depth_arg,
					 &mem_arg))
		return -1;
	if (mem_arg == Py_None)
		mem_arg = NULL;
	if (mem_arg && int_arg(mem_arg, "memory", 0, LONG_MAX, "a number of bytes, or 0 for plain IDA*", &memory))
		return -1;
	/* the library bounds them further (threads 1 to its pool's most, max_depth to its search's) */
	if ((threads_arg && int_arg(threads_arg, "threads", 1, INT_MAX, "a number of threads, at least 1", &threads)) ||
	    (depth_arg &&
	     int_arg(depth_arg, "max_depth", 0, INT_MAX, "a number of moves, or 0 for no limit", &max_depth)))
		return -1;
	if (tables != Py_None && !PyUnicode_FSConverter(tables, &path))
		return -1;
	if (self->db && self->busy == 0) {
		slidetab_close(self->db);
		self->db = NULL;
	} else if (self->db) {
		raise_status(SLIDETAB_EINVAL, "this db is answering on other threads");
		return -1;
	}
	struct slidetab_error err;
	slidetab *db = NULL;
	int rc = slidetab_open_flags(&db, path ? PyBytes_AS_STRING(path) : NULL, preload ? SLIDETAB_PRELOAD : 0, &err);
	Py_XDECREF(path);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_threads(db, (unsigned)threads, &err);
	if (rc == SLIDETAB_OK)
		rc = slidetab_set_max_depth(db, (unsigned)max_depth, &err);
	if (rc == SLIDETAB_OK && memory >= 0)
		rc = slidetab_set_memory(db, (size_t)memory, &err);
	if (rc != SLIDETAB_OK) {
		slidetab_close(db);
		raise_status(rc, err.msg);
		return -1;
	}
	self->db = db, self->threads = (unsigned)threads;
	return 0;
}

static PyObject *db_close(DBObject *self, PyObject *unused)
{
	(void)unused;
	if (self->busy)
		return raise_status(SLIDETAB_EINVAL,
				    "this db is answering on other threads: close it when they are done");
	slidetab_close(self->db);
	self->db = NULL;
	Py_RETURN_NONE;
}

static PyObject *db_enter(DBObject *self, PyObject *unused)
{
	(void)unused;
	if (!handle(self))
		return NULL;
	Py_INCREF(self);
	return (PyObject *)self;
}

static PyObject *db_exit(DBObject *self, PyObject *args)
{
	(void)args;
	return db_close(self, NULL);
}

static void db_dealloc(DBObject *self)
{
	slidetab_close(self->db);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *db_repr(DBObject *self)
{
	return self->db ? PyUnicode_FromFormat("<slidetab.DB threads=%u>", self->threads)
			: PyUnicode_FromString("<slidetab.DB closed>");
}

static PyObject *db_get_threads(DBObject *self, void *closure)
{
	(void)closure;
	return PyLong_FromUnsignedLong(self->threads);
}

#define BOARD_ARGS                                                                                                     \
	"start: the tiles (0 = the blank), row by row: a flat sequence whose length\n"                                 \
	"  names the board (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5, 16: 4x4, 25: 5x5),\n"                             \
	"  any length with board=\"RxC\" or (R, C), or a 2-D sequence or numpy array\n"                                \
	"  (its shape is the board).\n"                                                                                \
	"goal: the same, or None for the tiles in order with the blank last.\n"                                        \
	"board: None, \"RxC\" or (rows, cols).\n"
#define RAISES                                                                                                         \
	"Raises InvalidError for a bad board, NoTableError when its table is missing,\n"                               \
	"FormatError for a damaged table, LimitError past max_depth (4x4, 5x5).\n"

static PyMethodDef db_methods[] = {
	{ "distance", (PyCFunction)(void (*)(void))db_distance, METH_FASTCALL | METH_KEYWORDS,
	  "distance($self, /, start, goal=None, board=None)\n--\n\n"
	  "The minimum number of moves from start to goal; None when the goal\n"
	  "cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "path", (PyCFunction)(void (*)(void))db_path, METH_FASTCALL | METH_KEYWORDS,
	  "path($self, /, start, goal=None, board=None)\n--\n\n"
	  "An optimal move string of the blank's moves d (down), l, r, u: the\n"
	  "lexicographically smallest of the shortest (d < l < r < u); '' at the goal,\n"
	  "None when the goal cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "hint", (PyCFunction)(void (*)(void))db_hint, METH_FASTCALL | METH_KEYWORDS,
	  "hint($self, /, start, goal=None, board=None)\n--\n\n"
	  "(distance, moves): moves holds every optimal first move of the blank, in\n"
	  "d < l < r < u order (each leads to a board one move closer to the goal);\n"
	  "(0, '') at the goal, None when the goal cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "distances", (PyCFunction)(void (*)(void))db_distances, METH_FASTCALL | METH_KEYWORDS,
	  "distances($self, /, starts, goal=None, board=None)\n--\n\n"
	  "The distances of many starts to one goal: a numpy int64 array, -1 where\n"
	  "the goal cannot be reached.\n\n"
	  "starts: a 2-D (n, N) or 3-D (n, R, C) numpy array of any integer type, or a\n"
	  "  list of boards; N names the board as in distance(), or give board=.\n"
	  "The boards are answered on the db's threads with the GIL released. A bad\n"
	  "board raises InvalidError naming its index (\"start 12 is not a 3x3 board\").\n" RAISES },
	{ "close", (PyCFunction)db_close, METH_NOARGS,
	  "close($self, /)\n--\n\nFrees the tables. Later calls raise InvalidError; closing twice is\nallowed." },
	{ "__enter__", (PyCFunction)db_enter, METH_NOARGS, "__enter__($self, /)\n--\n\nReturns the db." },
	{ "__exit__", (PyCFunction)db_exit, METH_VARARGS, "__exit__($self, /, *exc)\n--\n\nCloses the db." },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef db_getset[] = { { "threads", (getter)db_get_threads, NULL,
				     "Threads a batch or one search uses (open(threads=...)).", NULL },
				   { NULL, NULL, NULL, NULL, NULL } };

static PyTypeObject DBType = {
	PyVarObject_HEAD_INIT(NULL, 0).tp_name = "slidetab.DB",
	.tp_basicsize = sizeof(DBObject),
	.tp_dealloc = (destructor)db_dealloc,
	.tp_repr = (reprfunc)db_repr,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "DB(tables=None, preload=False, threads=1, max_depth=0, memory=None)\n--\n\n"
		  "A handle on a folder of slidetab tables: see slidetab.open. One DB may be\n"
		  "used from many threads at once; the GIL is released while it answers.",
	.tp_methods = db_methods,
	.tp_getset = db_getset,
	.tp_init = (initproc)db_init,
	.tp_new = PyType_GenericNew,
};

static PyObject *mod_open(PyObject *mod, PyObject *args, PyObject *kw)
{
	(void)mod;
	return PyObject_Call((PyObject *)&DBType, args, kw);
}

static PyObject *mod_version(PyObject *mod, PyObject *unused)
{
	(void)mod, (void)unused;
	return PyUnicode_FromString(slidetab_version());
}

static PyMethodDef mod_methods[] = { { "open", (PyCFunction)(void (*)(void))mod_open, METH_VARARGS | METH_KEYWORDS,
				       "open(tables=None, preload=False, threads=1, max_depth=0, memory=None)\n--\n\n"
				       "Opens a folder of slidetab tables and returns a DB.\n\n"
				       "tables: the folder; None searches $SLIDETAB_TABLES, the user's folder\n"
				       "  (~/.local/share/slidetab/tables), the installed folder, the package's\n"
				       "  tables, the source tree's, then ./tables. Tables are opened when first\n"
				       "  needed, so a missing one is reported by the call that needs it\n"
				       "  (NoTableError).\n"
				       "preload: check and load each whole table at its first use (big batches).\n"
				       "threads: threads distances() spreads a batch over, and that one 4x4 or 5x5\n"
				       "  search uses (1 to 256).\n"
				       "max_depth: 4x4 and 5x5 searches give up past this many moves (LimitError);\n"
				       "  0: no limit.\n"
				       "memory: bytes one search may use for A*+IDA* (None: the library's default,\n"
				       "  a quarter of physical memory, at most 4 GiB; 0: plain IDA*). The answers\n"
				       "  are the same at every budget." },
				     { "version", mod_version, METH_NOARGS,
				       "version()\n--\n\nThe version of libslidetab, e.g. '0.4.0'." },
				     { NULL, NULL, 0, NULL } };

static struct PyModuleDef module = { PyModuleDef_HEAD_INIT,
				     "slidetab._slidetab",
				     "The C core of the slidetab package (import slidetab).",
				     -1,
				     mod_methods,
				     NULL,
				     NULL,
				     NULL,
				     NULL };

/* Creates slidetab.NAME with base(s) and doc, and adds it to m. */
static PyObject *new_error(PyObject *m, const char *name, PyObject *base, const char *doc)
{
	char full[64];
	snprintf(full, sizeof full, "slidetab.%s", name);
	PyObject *e = PyErr_NewExceptionWithDoc(full, doc, base, NULL);
	if (e && PyModule_AddObjectRef(m, name, e) != 0)
		Py_CLEAR(e);
	return e;
}

PyMODINIT_FUNC PyInit__slidetab(void)
{
	PyObject *m = PyModule_Create(&module), *inv = NULL;
	if (!m || PyType_Ready(&DBType) != 0 || PyModule_AddObjectRef(m, "DB", (PyObject *)&DBType) != 0)
		goto fail;
	if (!(Error = new_error(m, "Error", NULL,
				"A libslidetab error; .status is the library's SLIDETAB_* status.")) ||
	    !(NoTableError = new_error(m, "NoTableError", Error, "The table a board and goal need is missing.")) ||
	    !(FormatError = new_error(m, "FormatError", Error, "A table is damaged or foreign.")) ||
	    !(LimitError = new_error(m, "LimitError", Error,
				     "No solution within max_depth moves (searched boards).")) ||
	    !(inv = PyTuple_Pack(2, Error, PyExc_ValueError)) ||
	    !(InvalidError = new_error(m, "InvalidError", inv, "A bad argument: a board's tiles, length or shape.")))
		goto fail;
	Py_DECREF(inv);
	if (PyModule_AddStringConstant(m, "__version__", SLIDETAB_VERSION) != 0)
		goto fail;
	return m;
fail:
	Py_XDECREF(inv);
	Py_XDECREF(m);
	return NULL;
}
