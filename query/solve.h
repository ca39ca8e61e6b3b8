/* solve: answers a (start, goal) pair on any board from the tables, through symmetry and relabelling. */
#ifndef SLIDETAB_SOLVE_H
#define SLIDETAB_SOLVE_H

#include <stddef.h>

#include "../core/board.h"
#include "../core/exact.h"

#define SOLVE_MAX_TABLES 32
#define SOLVE_MAX_PATH 256
#define SOLVE_SMALL_TABLE (16u << 20) /* packed bytes up to which a table is loaded whole at open */

enum solve_status {
	SOLVE_OK = 0,
	SOLVE_NO_TABLE = 2, /* the table this board and goal need is not there (message says how to build it) */
	SOLVE_BAD_TABLE = 3 /* a table is damaged or foreign: refused */
};

struct solve_table {
	int rows, cols, cls;
	int status; /* SOLVE_OK when open, else the error it failed with */
	struct exact x;
	char msg[1600];
};

struct solve_known {
	int rows, cols, cls, exists;
};

/* What a goal needs, worked out once and reused while the goal stays the same. */
struct solve_prepared {
	int valid, rows, cols;
	struct board_state goal;
	struct solve_table *table;
	int8_t cell[BOARD_MAX_CELLS]; /* user cell -> table cell */
	int8_t dir[BOARD_NDIRS];      /* user direction -> table direction */
	uint8_t rename[BOARD_MAX_CELLS]; /* user tile -> table tile */
};

struct solve_ctx {
	char dir[512];
	unsigned flags; /* table_open flags */
	int ntables, nknown;
	struct solve_table tables[SOLVE_MAX_TABLES];
	struct solve_known known[SOLVE_MAX_TABLES]; /* which table files exist */
	struct solve_prepared prep;
	struct board board; /* geometry of the last board asked about */
};

struct solve_answer {
	int solvable;
	unsigned dist;
	char path[SOLVE_MAX_PATH + 1]; /* blank's moves, lowercase d l r u; empty unless asked */
};

/* Picks the table folder: dir, else $SLIDETAB_TABLES, else the installed folder when it exists,
 * else ./tables. */
void solve_init(struct solve_ctx *ctx, const char *dir, unsigned flags);
void solve_free(struct solve_ctx *ctx);

/* Opens (once) the table for a board and blank class; returns it, or NULL with msg and *status. */
struct solve_table *solve_table_for(struct solve_ctx *ctx, int rows, int cols, int cls, int *status, char *msg,
				    size_t msglen);

/* Answers start s for goal g on rows x cols. With want_path, a[0].path gets the lexicographically
 * smallest optimal move string (d < l < r < u). Returns a solve_status. */
int solve_one(struct solve_ctx *ctx, int rows, int cols, const struct board_state *s, const struct board_state *g,
	      int want_path, struct solve_answer *a, char *msg, size_t msglen);

#endif
