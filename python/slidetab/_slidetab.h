/* SPDX-License-Identifier: Zlib */
/* _slidetab.h: the C core's private interface: the DB object and what its files share (errors, arguments, boards). */
#ifndef SLIDETAB_PY_SLIDETAB_H
#define SLIDETAB_PY_SLIDETAB_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "slidetab.h"

#define MAX_CELLS SLIDETAB_MAX_CELLS
#define MAX_PATH  (SLIDETAB_MAX_PATH + 1)

typedef struct {
	PyObject_HEAD slidetab *db;
	unsigned threads;
	long busy; /* calls running without the GIL (changed with the GIL held) */
} DBObject;

/* The DB type (db.c) and its answers (answer.c, batch.c). */
extern PyTypeObject py_db_type;
slidetab *py_db_handle(DBObject *self);
PyObject *py_db_distance(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *py_db_path(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *py_db_hint(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *py_db_distances(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);

/* Runs STMT without the GIL, with the db counted busy so that close() waits for no one. */
#define UNLOCKED(self, STMT)                                                                                           \
	do {                                                                                                           \
		(self)->busy++;                                                                                        \
		Py_BEGIN_ALLOW_THREADS STMT;                                                                           \
		Py_END_ALLOW_THREADS(self)->busy--;                                                                    \
	} while (0)

/* The exceptions (errors.c): slidetab.Error and its subclasses, added to the module by py_errors_add. */
extern PyObject *py_error, *py_no_table_error, *py_format_error, *py_invalid_error, *py_limit_error;
int py_errors_add(PyObject *m);
PyObject *py_raise_status(int status, const char *msg);
PyObject *py_invalid(const char *fmt, ...);

/* The arguments (args.c). */
int py_parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *const *names,
		  int nnames, int nrequired, PyObject **out);
int py_int_arg(PyObject *obj, const char *name, long min, long max, const char *want, long *out);
int py_parse_board_spec(PyObject *obj, int *rows, int *cols);

/* The boards (board.c). */
PyObject *py_numpy(void);
int py_int_buffer(PyObject *obj, const char *what, Py_buffer *v, PyObject **hold);
void py_narrow(const Py_buffer *v, int kind, size_t count, unsigned char *dst);
int py_resolve(const char *what, int rows, int count, int sr, int sc, int *r, int *c);
int py_read_board(PyObject *obj, const char *what, int sr, int sc, unsigned char *t, int *r, int *c);

#endif
