/* SPDX-License-Identifier: Zlib */
/* batch: distances() of many starts to one goal, narrowed and answered with the GIL released. */
#include "_slidetab.h"

#include <stdint.h>

/* The starts of a batch: (n, N) or (n, R, C) integers; *n boards of *count tiles, *rows 0 when flat. */
static int batch_shape(const Py_buffer *v, Py_ssize_t *n, int *rows, int *count)
{
	if (v->ndim != 2 && v->ndim != 3) {
		py_invalid("starts must be 2-D (n, N) or 3-D (n, R, C), not %d-D", v->ndim);
		return -1;
	}
	Py_ssize_t cells = v->ndim == 2 ? v->shape[1] : v->shape[1] * v->shape[2];
	if (cells < 1 || cells > MAX_CELLS) {
		py_invalid("starts have %zd tiles a board: boards have 1 to %d", cells, MAX_CELLS);
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
			py_narrow(v, kind, count * cells, tiles);
			rc = slidetab_distances(self->db, r, c, count, tiles, goal, d, &err);
			int64_t *o = ov.buf;
			for (size_t i = 0; i < count && rc == SLIDETAB_OK; i++)
				o[i] = d[i] == SLIDETAB_NO_DISTANCE ? -1 : (int64_t)d[i];
		});
	PyMem_RawFree(tiles);
	PyMem_RawFree(d);
	PyBuffer_Release(&ov);
	return rc == SLIDETAB_OK ? 0 : (py_raise_status(rc, err.msg), -1);
}

PyObject *py_db_distances(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
	static const char *const names[] = { "starts", "goal", "board" };
	PyObject *a[3], *hold = NULL, *np, *out = NULL;
	unsigned char goal[MAX_CELLS];
	int sr, sc, r, c, gr, gc, rows, count;
	Py_ssize_t n;
	Py_buffer v;
	if (!py_db_handle(self) || py_parse_args("distances", args, nargs, kwnames, names, 3, 1, a) != 0 ||
	    py_parse_board_spec(a[2], &sr, &sc) != 0 || !(np = py_numpy()))
		return NULL;
	int kind = py_int_buffer(a[0], "starts", &v, &hold);
	if (!kind) {
		if (PyErr_ExceptionMatches(PyExc_ValueError) && !PyErr_ExceptionMatches(py_invalid_error)) {
			PyObject *type, *value, *tb;
			PyErr_Fetch(&type, &value, &tb);
			PyObject *s = value ? PyObject_Str(value) : NULL;
			py_invalid("starts: %s", s ? PyUnicode_AsUTF8(s) : "not an array of boards");
			Py_XDECREF(s), Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(tb);
		}
		return NULL;
	}
	if (batch_shape(&v, &n, &rows, &count) == 0 && py_resolve("each start", rows, count, sr, sc, &r, &c) == 0 &&
	    (!a[1] || a[1] == Py_None || py_read_board(a[1], "goal", r, c, goal, &gr, &gc) == 0) &&
	    (out = PyObject_CallMethod(np, "empty", "ns", n, "int64")) != NULL && n > 0 &&
	    batch_answer(self, &v, kind, n, r, c, a[1] && a[1] != Py_None ? goal : NULL, out) != 0)
		Py_CLEAR(out);
	PyBuffer_Release(&v);
	Py_XDECREF(hold);
	return out;
}
