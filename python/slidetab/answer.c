/* SPDX-License-Identifier: Zlib */
/* answer: one puzzle's answers (distance, path, hint), each with the GIL released. */
#include "_slidetab.h"

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
	if (!py_db_handle(self) || py_parse_args(fn, args, nargs, kwnames, names, 3, 1, a) != 0 ||
	    py_parse_board_spec(a[2], &sr, &sc) != 0 ||
	    py_read_board(a[0], "start", sr, sc, p->start, &p->rows, &p->cols) != 0)
		return -1;
	p->g = NULL;
	if (a[1] && a[1] != Py_None) {
		if (py_read_board(a[1], "goal", p->rows, p->cols, p->goal, &gr, &gc) != 0)
			return -1;
		p->g = p->goal;
	}
	return 0;
}

PyObject *py_db_distance(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
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
	return rc == SLIDETAB_OK ? PyLong_FromUnsignedLong(d) : py_raise_status(rc, err.msg);
}

PyObject *py_db_path(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
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
	return rc == SLIDETAB_OK ? PyUnicode_FromString(moves) : py_raise_status(rc, err.msg);
}

PyObject *py_db_hint(DBObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
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
		return py_raise_status(rc, err.msg);
	char letters[5];
	int k = 0;
	for (int dir = 0; dir < 4; dir++)
		if (moves >> dir & 1)
			letters[k++] = "dlru"[dir];
	letters[k] = '\0';
	return Py_BuildValue("(Is)", d, letters);
}
