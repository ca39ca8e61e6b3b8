/* SPDX-License-Identifier: Zlib */
/* args: the methods' arguments: fast-call parsing by name, integer arguments, board=. */
#include "_slidetab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fast-call arguments: positional then keywords, by name; out[i] NULL when not given. */
int py_parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *const *names,
		  int nnames, int nrequired, PyObject **out)
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

#define REPR_SHOWN 64 /* the most of a value's repr a message shows: the head, "...", the tail */
#define REPR_HEAD  40 /* the characters of the head */

/* The repr of obj as UTF-8 for a message, in buf: "?" when it has none, its first and last
 * characters around "..." when it is longer than REPR_SHOWN (a message then still ends whole). */
static const char *repr_of(PyObject *obj, char (*buf)[REPR_SHOWN + 1])
{
	PyObject *r = PyObject_Repr(obj);
	Py_ssize_t n = 0;
	const char *s = r ? PyUnicode_AsUTF8AndSize(r, &n) : NULL;
	if (!s)
		PyErr_Clear();
	if (!s)
		snprintf(*buf, sizeof *buf, "?");
	else if (n <= REPR_SHOWN)
		snprintf(*buf, sizeof *buf, "%s", s);
	else /* reprs of numbers and strings here: ASCII, or cut between bytes and escaped by the message */
		snprintf(*buf, sizeof *buf, "%.*s...%s", REPR_HEAD, s, s + n - (REPR_SHOWN - REPR_HEAD - 3));
	Py_XDECREF(r);
	return *buf;
}

/* An integer argument name=obj in [min, max] (py_invalid_error naming it and its value otherwise). */
int py_int_arg(PyObject *obj, const char *name, long min, long max, const char *want, long *out)
{
	int rc = int_value(obj, out);
	if (rc < 0)
		return -1;
	if (rc == 0 && *out >= min && *out <= max)
		return 0;
	char buf[REPR_SHOWN + 1];
	const char *s = repr_of(obj, &buf);
	if (rc == 1)
		py_invalid("%s=%s: %s, not %s", name, s, want, Py_TYPE(obj)->tp_name);
	else if (rc == 3 || (rc == 0 && *out < min && *out < 0)) /* beyond a long, *out is -1 */
		py_invalid("%s=%s: negative; expected %s", name, s, want);
	else
		py_invalid("%s=%s: %s%s", name, s, rc == 2 || *out > max ? "too large for " : "", want);
	return -1;
}

/* "RxC" (x or X) into r and c; *huge when a side is beyond a long. 0, or -1 when s is not RxC. */
static int rxc(const char *s, long *r, long *c, int *huge)
{
	char *end;
	errno = 0;
	*r = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X'))
		return -1;
	const char *p = end + 1;
	*c = strtol(p, &end, 10);
	if (end == p || *end != '\0')
		return -1;
	*huge = errno == ERANGE;
	return 0;
}

/* board=: None (0 x 0), "RxC" or (rows, cols) of two integers; the library checks the size. */
int py_parse_board_spec(PyObject *obj, int *rows, int *cols)
{
	long r = 0, c = 0;
	*rows = *cols = 0;
	if (!obj || obj == Py_None)
		return 0;
	char shown[REPR_SHOWN + 1];
	repr_of(obj, &shown);
	int bad = 0, huge = 0;
	if (PyUnicode_Check(obj)) {
		const char *s = PyUnicode_AsUTF8(obj);
		if (!s)
			PyErr_Clear();
		if (!s || rxc(s, &r, &c, &huge) != 0)
			bad = py_invalid("board: give \"RxC\", e.g. \"3x4\", not %s", shown) == NULL;
	} else if ((PyTuple_Check(obj) || PyList_Check(obj)) && PySequence_Size(obj) == 2) {
		PyObject *a = PySequence_GetItem(obj, 0), *b = PySequence_GetItem(obj, 1);
		int ra = a ? int_value(a, &r) : -1, rb = b ? int_value(b, &c) : -1;
		Py_XDECREF(a);
		Py_XDECREF(b);
		if (ra < 0 || rb < 0)
			bad = 1;
		else if (ra == 1 || rb == 1)
			bad = py_invalid("board=%s: (rows, cols) must be two integers", shown) == NULL;
		else
			huge = ra >= 2 || rb >= 2; /* beyond a long: refused below, by its repr */
	} else {
		bad = py_invalid("board must be \"RxC\" or (rows, cols), not %s", Py_TYPE(obj)->tp_name) == NULL;
	}
	/* each side checked before the product, which could overflow */
	if (!bad && huge)
		bad = py_invalid("board=%s: RxC with R, C >= 2 and R*C <= %d", shown, MAX_CELLS) == NULL;
	else if (!bad && (r < 2 || c < 2 || r > MAX_CELLS || c > MAX_CELLS || r * c > MAX_CELLS))
		bad = py_invalid("board %ldx%ld: RxC with R, C >= 2 and R*C <= %d", r, c, MAX_CELLS) == NULL;
	if (bad)
		return -1;
	*rows = (int)r, *cols = (int)c;
	return 0;
}
