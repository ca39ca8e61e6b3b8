/* SPDX-License-Identifier: Zlib */
/* name (tabname_): the one rule for naming table files and the folders searched for them.
 *
 * An exact table for an RxC board whose goal has its blank in the class of cell K (K = the
 * smallest cell that a board symmetry maps the blank onto) is named RxC-bK.tbl, whatever the
 * goal's tile order and whichever cell of the class holds the blank: readers map any goal onto
 * the table's own goal through symmetries and tile renaming. A pattern database of tile set MASK
 * is named RxC-bK-pdb-MASK.tbl (MASK in hex). */
#ifndef SLIDETAB_TABNAME_H
#define SLIDETAB_TABNAME_H

#include <stddef.h>
#include <stdint.h>

#include "libslidetab/base/err.h"

#define TABNAME_MAX      1024 /* room for any path this module writes */
#define TABNAME_MAX_DIRS 6
#define TABNAME_DIR_MAX  (TABNAME_MAX - 64) /* the longest folder name: room for a table's name after it */

/* The boards answered from exact tables, as messages state it (tabname_is_exact). */
#define TABNAME_EXACT_CELLS 12
#define TABNAME_EXACT_RULE  "boards of up to 12 cells and 2x7 (7x2)"

/* 1 when RxC is answered from an exact table: every board of up to TABNAME_EXACT_CELLS cells, and
 * 2x7 (7x2), whose table is compact (gen --board 2x7 --compress compact); larger boards use pattern
 * databases. */
int tabname_is_exact(int rows, int cols);

/* DIR/RxC-bK.tbl, K the class of blank_cell. dir NULL or "" means no folder part. */
int tabname_exact(char *buf, size_t len, const char *dir, int rows, int cols, int blank_cell,
		  struct slidetab_error *err);

/* DIR/RxC-bK-pdb-MASK.tbl, K the class of blank_cell. */
int tabname_pdb(char *buf, size_t len, const char *dir, int rows, int cols, int blank_cell, uint32_t mask,
		struct slidetab_error *err);

/* The folders searched for tables, in order: `explicit` alone when it is given; else
 * $SLIDETAB_TABLES when set; the user's folder ($XDG_DATA_HOME/slidetab/tables, $XDG_DATA_HOME
 * absolute, else ~/.local/share/slidetab/tables), where the library's advice builds missing
 * tables; the installed folder (share/slidetab/tables beside the bin or lib folder the running
 * code came from, else the folder `make install` compiled in); the tables of the Python package
 * the code is linked into (slidetab/tables beside the extension module); the build tree's tables (an
 * uninstalled build: TREE/tables when the running program or library is in TREE/bin, TREE/lib or
 * TREE/python/slidetab of a source tree, TREE/libslidetab beside it); and ./tables; each but
 * the first and last only when it exists. A folder name (or $SLIDETAB_TABLES) longer than
 * TABNAME_DIR_MAX is SLIDETAB_EINVAL. */
enum tabname_kind {
	TABNAME_EXPLICIT,
	TABNAME_ENV,
	TABNAME_USER,
	TABNAME_INSTALLED,
	TABNAME_PACKAGE,
	TABNAME_TREE,
	TABNAME_CWD
};
struct tabname_path {
	int count;
	char dir[TABNAME_MAX_DIRS][TABNAME_MAX];
	enum tabname_kind kind[TABNAME_MAX_DIRS];
	char user[64]; /* the user's folder as a shell word: ~/.local/share/... or $XDG_DATA_HOME/... */
};
int tabname_search_path(struct tabname_path *p, const char *explicit_dir, struct slidetab_error *err);

/* The message of a missing table or set, in err (whole: it fits err->msg, unless note is too long):
 * "NOTE; no WHAT in WHERE; build BUILD with `gen ARGS --dir FOLDER`" (NOTE; when note is not NULL),
 * FOLDER a folder the user owns and the search finds: the explicit one (then "in that folder",
 * not named again), else $SLIDETAB_TABLES, else the user's folder; and what $SLIDETAB_TABLES is
 * for, when it is unset and the message has room. Each folder is named once; long ones by their
 * role when the message would not fit. Returns status. */
int tabname_missing(const struct tabname_path *p, int status, const char *note, const char *what, const char *build,
		    const char *args, struct slidetab_error *err);

/* The generator's name for messages ("build it with `gen ...`"): slidetab-gen in the library and
 * programs `make install` built (SLIDETAB_GEN_PROGRAM), gen in the tree's build. */
const char *tabname_gen(void);

/* The folders of p as one line for messages: "A, B or C"; terse names a long folder by its role
 * ("the installed folder"), $SLIDETAB_TABLES and the user's folder are always named so. */
void tabname_describe(const struct tabname_path *p, int terse, char *buf, size_t len);
/* How messages name folder i of p (terse as for tabname_describe). */
const char *tabname_shown(const struct tabname_path *p, int i, int terse);

#endif
