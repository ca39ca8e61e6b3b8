/* SPDX-License-Identifier: Zlib */
/* board: a board's tiles from a list, a tuple, any sequence or an integer buffer (numpy arrays). */
#include "_slidetab.h"

#include <stdint.h>
#include <string.h>

/* A tile from a Python integer (numpy integers too); anything outside 0..255 reads as 255, which
 * no board holds, so that the library names the board. */
static int tile_of(PyObject *item, const char *what, Py_ssize_t k, unsigned char *t)
{
	int overflow = 0;
	long v;
	if (PyBool_Check(item)) {
		py_invalid("%s: tile %zd is bool, not an integer", what, k);
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
		py_invalid("%s: tile %zd is %s, not an integer", what, k, Py_TYPE(item)->tp_name);
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
		py_invalid("%s is empty", what);
		return -1;
	}
	if (!PyList_Check(items[0]) && !PyTuple_Check(items[0])) {
		if (len > MAX_CELLS) {
			py_invalid("%s has %zd tiles: boards have at most %d", what, len, MAX_CELLS);
			return -1;
		}
		*rows = 0, *count = (int)len;
		return seq_tiles(obj, what, 0, t);
	}
	Py_ssize_t cols = PySequence_Size(items[0]);
	if (cols < 1) {
		py_invalid("%s: row 0 is empty", what);
		return -1;
	}
	if (len * cols > MAX_CELLS) {
		py_invalid("%s has %zd rows of %zd tiles: boards have at most %d", what, len, cols, MAX_CELLS);
		return -1;
	}
	for (Py_ssize_t r = 0; r < len; r++) {
		PyObject *row = items[r];
		if ((!PyList_Check(row) && !PyTuple_Check(row)) || PySequence_Fast_GET_SIZE(row) != cols) {
			py_invalid("%s: row %zd is not a sequence of %zd tiles like row 0", what, r, cols);
			return -1;
		}
		if (seq_tiles(row, what, r * cols, t) != 0)
			return -1;
	}
	*rows = (int)len, *count = (int)(len * cols);
	return 0;
}

PyObject *py_numpy(void)
{
	static PyObject *np;
	if (!np && !(np = PyImport_ImportModule("numpy")) && PyErr_ExceptionMatches(PyExc_ImportError)) {
		PyErr_Clear();
		PyErr_SetString(PyExc_ImportError,
				"slidetab: distances() needs numpy (Debian: apt-get install python3-numpy)");
	}
	return np;
}

/* 1 (signed) or 2 (unsigned) for a buffer format of native integers, -1 for integers in the other
 * byte order, else 0. */
static int int_kind(const char *fmt, Py_ssize_t itemsize)
{
	const union {
		uint16_t u;
		uint8_t b[2];
	} probe = { 1 };
	int little = probe.b[0] == 1, foreign = 0;
	if (!fmt)
		return 2 * (itemsize == 1); /* plain bytes */
	if (*fmt == '@' || *fmt == '=')
		fmt++;
	else if (*fmt == '<' || *fmt == '>' || *fmt == '!') {
		foreign = itemsize > 1 && (*fmt == '<') != little;
		fmt++;
	}
	if (!fmt[0] || fmt[1] || !strchr("bBhHiIlLqQnN", fmt[0]))
		return 0;
	if (itemsize != 1 && itemsize != 2 && itemsize != 4 && itemsize != 8)
		return 0;
	return foreign ? -1 : fmt[0] >= 'a' ? 1 : 2;
}

/* A C-contiguous buffer of integers over obj (through numpy.ascontiguousarray when obj's own is
 * not contiguous); *hold keeps the copy alive. Returns its int_kind, or 0 with an exception. */
int py_int_buffer(PyObject *obj, const char *what, Py_buffer *v, PyObject **hold)
{
	*hold = NULL;
	if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
		PyObject *np = (PyErr_Clear(), py_numpy());
		if (!np || !(*hold = PyObject_CallMethod(np, "ascontiguousarray", "O", obj)) ||
		    PyObject_GetBuffer(*hold, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
			Py_CLEAR(*hold);
			return 0;
		}
	}
	int kind = int_kind(v->format, v->itemsize);
	if (kind <= 0) {
		const char *f = v->format ? v->format : "B";
		if (kind < 0)
			py_invalid("%s: tiles in the other byte order (buffer format '%s'): give native integers "
				   "(numpy: .astype(int))",
				   what, f);
		else
			py_invalid("%s: tiles must be integers, not buffer format '%s'", what, f);
		PyBuffer_Release(v);
		Py_CLEAR(*hold);
		kind = 0;
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
void py_narrow(const Py_buffer *v, int kind, size_t count, unsigned char *dst)
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
int py_resolve(const char *what, int rows, int count, int sr, int sc, int *r, int *c)
{
	static const int named[][3] = { { 4, 2, 2 },  { 6, 2, 3 },  { 8, 2, 4 }, { 9, 3, 3 },
					{ 10, 2, 5 }, { 16, 4, 4 }, { 25, 5, 5 } };
	if (rows) {
		if (sr && (sr != rows || sc * rows != count)) {
			py_invalid("%s has shape (%d, %d) but the board is %dx%d", what, rows, count / rows, sr, sc);
			return -1;
		}
		*r = rows, *c = count / rows;
		return 0;
	}
	if (sr) {
		if (sr * sc != count) {
			py_invalid("%s has %d tiles: a %dx%d board has %d", what, count, sr, sc, sr * sc);
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
	py_invalid("%s has %d tiles, which name no board alone (4, 6, 8, 9, 10, 16 or 25 do): give board=\"RxC\" "
		   "or a 2-D board",
		   what, count);
	return -1;
}

/* One board: a list or tuple (flat or of rows), an integer array (1-D or 2-D) or any sequence. */
int py_read_board(PyObject *obj, const char *what, int sr, int sc, unsigned char *t, int *r, int *c)
{
	int rows = 0, count = 0, rc = -1;
	if (PyList_Check(obj) || PyTuple_Check(obj)) {
		rc = list_board(obj, what, t, &rows, &count);
	} else if (PyObject_CheckBuffer(obj)) {
		Py_buffer v;
		PyObject *hold;
		int kind = py_int_buffer(obj, what, &v, &hold);
		if (!kind)
			return -1;
		Py_ssize_t n = v.ndim == 0 ? 0 : v.ndim == 1 ? v.shape[0] : v.shape[0] * v.shape[1];
		if (v.ndim < 1 || v.ndim > 2 || n < 1 || n > MAX_CELLS)
			py_invalid("%s must be a flat or 2-D board of at most %d tiles (got %d dimensions, %zd tiles)",
				   what, MAX_CELLS, v.ndim, n);
		else {
			py_narrow(&v, kind, (size_t)n, t);
			rows = v.ndim == 2 ? (int)v.shape[0] : 0, count = (int)n, rc = 0;
		}
		PyBuffer_Release(&v);
		Py_XDECREF(hold);
	} else {
		PyObject *seq = PySequence_Fast(obj, "");
		if (!seq) {
			PyErr_Clear();
			py_invalid("%s must be a sequence of tiles or an integer array, not %s", what,
				   Py_TYPE(obj)->tp_name);
			return -1;
		}
		rc = list_board(seq, what, t, &rows, &count);
		Py_DECREF(seq);
	}
	return rc != 0 ? -1 : py_resolve(what, rows, count, sr, sc, r, c);
}
