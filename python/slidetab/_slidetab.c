/* SPDX-License-Identifier: Zlib */
/* _slidetab: the C core of the slidetab Python package: a DB type over one libslidetab handle.
 *
 * Boards come in as lists, tuples or any integer buffer (numpy arrays), flat or 2-D; they are read
 * into bytes with the GIL held (or, for a batch, with it released over the buffer's memory), and
 * the library answers with the GIL released. Statuses become exceptions (slidetab.Error and its
 * subclasses) carrying the library's message; an unsolvable start is an answer (None, -1). */
#include "_slidetab.h"

static PyObject *mod_open(PyObject *mod, PyObject *args, PyObject *kw)
{
	(void)mod;
	return PyObject_Call((PyObject *)&py_db_type, args, kw);
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

PyMODINIT_FUNC PyInit__slidetab(void)
{
	PyObject *m = PyModule_Create(&module);
	if (!m || PyType_Ready(&py_db_type) != 0 || PyModule_AddObjectRef(m, "DB", (PyObject *)&py_db_type) != 0 ||
	    py_errors_add(m) != 0 || PyModule_AddStringConstant(m, "__version__", SLIDETAB_VERSION) != 0) {
		Py_XDECREF(m);
		return NULL;
	}
	return m;
}
