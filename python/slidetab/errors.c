/* SPDX-License-Identifier: Zlib */
/* errors: the package's exceptions, and a library status raised as one of them with its message. */
#include "_slidetab.h"

#include <string.h>

PyObject *py_error, *py_no_table_error, *py_format_error, *py_invalid_error, *py_limit_error;

/* Raises the exception of a library status with its message; returns NULL. */
PyObject *py_raise_status(int status, const char *msg)
{
	PyObject *cls = status == SLIDETAB_EINVAL     ? py_invalid_error
			: status == SLIDETAB_ENOTABLE ? py_no_table_error
			: status == SLIDETAB_EFORMAT  ? py_format_error
			: status == SLIDETAB_ELIMIT   ? py_limit_error
						      : py_error;
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

PyObject *py_invalid(const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	PyOS_vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return py_raise_status(SLIDETAB_EINVAL, msg);
}

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

/* Adds Error and its subclasses to m; 0, or -1 with an exception. */
int py_errors_add(PyObject *m)
{
	PyObject *inv = NULL;
	if (!(py_error = new_error(m, "Error", NULL,
				   "A libslidetab error; .status is the library's SLIDETAB_* status.")) ||
	    !(py_no_table_error = new_error(m, "NoTableError", py_error,
					    "The table a board and goal need is missing.")) ||
	    !(py_format_error = new_error(m, "FormatError", py_error, "A table is damaged or foreign.")) ||
	    !(py_limit_error = new_error(m, "LimitError", py_error,
					 "No solution within max_depth moves (searched boards).")) ||
	    !(inv = PyTuple_Pack(2, py_error, PyExc_ValueError)) ||
	    !(py_invalid_error = new_error(m, "InvalidError", inv,
					   "A bad argument: a board's tiles, length or shape.")))
		goto fail;
	Py_DECREF(inv);
	return 0;
fail:
	Py_XDECREF(inv);
	return -1;
}
