/* SPDX-License-Identifier: Zlib */
/* db: the DB type: its life (open, close, with), its threads and its table of methods. */
#include "_slidetab.h"

/* The handle, or an exception for a closed db. */
slidetab *py_db_handle(DBObject *self)
{
	if (!self->db)
		py_invalid("this db is closed");
	return self->db;
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
	if (mem_arg && py_int_arg(mem_arg, "memory", 0, LONG_MAX, "a number of bytes, or 0 for plain IDA*", &memory))
		return -1;
	/* the library bounds them further (threads 1 to its pool's most, max_depth to its search's) */
	if ((threads_arg &&
	     py_int_arg(threads_arg, "threads", 1, INT_MAX, "a number of threads, at least 1", &threads)) ||
	    (depth_arg &&
	     py_int_arg(depth_arg, "max_depth", 0, INT_MAX, "a number of moves, or 0 for no limit", &max_depth)))
		return -1;
	if (tables != Py_None && !PyUnicode_FSConverter(tables, &path))
		return -1;
	if (self->db && self->busy == 0) {
		slidetab_close(self->db);
		self->db = NULL;
	} else if (self->db) {
		py_raise_status(SLIDETAB_EINVAL, "this db is answering on other threads");
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
		py_raise_status(rc, err.msg);
		return -1;
	}
	self->db = db, self->threads = (unsigned)threads;
	return 0;
}

static PyObject *db_close(DBObject *self, PyObject *unused)
{
	(void)unused;
	if (self->busy)
		return py_raise_status(SLIDETAB_EINVAL,
				       "this db is answering on other threads: close it when they are done");
	slidetab_close(self->db);
	self->db = NULL;
	Py_RETURN_NONE;
}

static PyObject *db_enter(DBObject *self, PyObject *unused)
{
	(void)unused;
	if (!py_db_handle(self))
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
	{ "distance", (PyCFunction)(void (*)(void))py_db_distance, METH_FASTCALL | METH_KEYWORDS,
	  "distance($self, /, start, goal=None, board=None)\n--\n\n"
	  "The minimum number of moves from start to goal; None when the goal\n"
	  "cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "path", (PyCFunction)(void (*)(void))py_db_path, METH_FASTCALL | METH_KEYWORDS,
	  "path($self, /, start, goal=None, board=None)\n--\n\n"
	  "An optimal move string of the blank's moves d (down), l, r, u: the\n"
	  "lexicographically smallest of the shortest (d < l < r < u); '' at the goal,\n"
	  "None when the goal cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "hint", (PyCFunction)(void (*)(void))py_db_hint, METH_FASTCALL | METH_KEYWORDS,
	  "hint($self, /, start, goal=None, board=None)\n--\n\n"
	  "(distance, moves): moves holds every optimal first move of the blank, in\n"
	  "d < l < r < u order (each leads to a board one move closer to the goal);\n"
	  "(0, '') at the goal, None when the goal cannot be reached.\n\n" BOARD_ARGS RAISES },
	{ "distances", (PyCFunction)(void (*)(void))py_db_distances, METH_FASTCALL | METH_KEYWORDS,
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

PyTypeObject py_db_type = {
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
