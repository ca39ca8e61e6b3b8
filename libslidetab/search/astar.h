/* SPDX-License-Identifier: Zlib */
/* astar: A*+IDA*'s node store (Bu & Korf, IJCAI 2019): states, their g and smallest prefix, in (f, g) order. */
#ifndef SLIDETAB_ASTAR_H
#define SLIDETAB_ASTAR_H

#include <stddef.h>
#include <stdint.h>

/*
 * A* from the start stores every state it generates once, with the smallest g found and, among the
 * prefixes of that g, the smallest in letter order (a parent and a letter 0..3; the root is node
 * 0). Nodes leave the open list in increasing (f, g): with a consistent heuristic every parent a
 * node's shortest prefixes pass through has then been expanded, so a closed node's g and prefix are
 * final. The store knows states only as arrays of cell values below 32, and nothing of the puzzle.
 *
 * Memory (one allocation each, committed as it is touched): a node record (32 bytes), its
 * heuristic and patterns' values (1 + hbytes), two slots of the hash table (8) and places in the
 * open lists (up to 8: they grow by doubling); the hash table and open lists are freed before the
 * frontier and its sorting take 32 bytes a node. ASTAR_NODE_BYTES(hbytes) is the peak.
 */
#define ASTAR_NODE_BYTES(hbytes) (32u + 1u + (unsigned)(hbytes) + 32u)

struct astar;

enum astar_add {
	ASTAR_NEW,    /* a state not seen before: stored, open */
	ASTAR_BETTER, /* an open state reached by a shorter or smaller prefix: updated */
	ASTAR_KEPT,   /* seen with a prefix as good: nothing changed */
	ASTAR_BROKEN, /* a closed state reached by a better prefix: the heuristic is not consistent */
	ASTAR_FULL,   /* no room for another node */
};

/* A store for at most `cap` nodes of n cells (n <= 25) with hbytes bytes of values each, keeping
 * for each node the state of the machine next[][4] (idafsm.h) after its prefix; NULL when the
 * memory is refused. */
struct astar *astar_new(size_t cap, int n, int hbytes, const int32_t (*next)[4]);

void astar_free(struct astar *a);

/* Adds state s (n cells) reached from node `parent` by letter `letter` (the root: parent
 * UINT32_MAX) at depth g with heuristic h and values hv[hbytes]. Returns enum astar_add; *node is
 * the state's node unless ASTAR_FULL. */
int astar_add(struct astar *a, const uint8_t *s, uint32_t parent, int letter, int g, int h, const uint8_t *hv,
	      uint32_t *node);

/* The open node of least (f, g) (LIFO among equals), closed as it is taken; 0 when none is left
 * (*node set), -1 when the open list is empty. */
int astar_pop(struct astar *a, uint32_t *node);

/* Opens node again (its expansion was not finished): it stays on the frontier. */
void astar_reopen(struct astar *a, uint32_t node);

/* Node's state (n cells), g, heuristic and values (a pointer into the store). */
void astar_node(const struct astar *a, uint32_t node, uint8_t *s, int *g, int *h, const uint8_t **hv);

/* Node's prefix: g letters into out (at least g + 1 bytes). Returns g. */
int astar_prefix(const struct astar *a, uint32_t node, uint8_t *out);

size_t astar_count(const struct astar *a);

/*
 * The frontier: every open node whose prefix the machine does not skip, in prefix order (by_prefix:
 * every path through an earlier node is smaller than every path through a later one) or in
 * increasing (f, h) (Bu & Korf's order: the likeliest first; astar_frontier_learned reorders it for
 * a later iteration). Frees the open lists and the hash table. Returns the number of frontier
 * nodes, -1 when out of memory.
 */
long astar_frontier(struct astar *a, int by_prefix);

/* Frontier entry i: its node, f and the machine's state after its prefix. */
void astar_entry(const struct astar *a, size_t i, uint32_t *node, int *f, int *st);

/* Records h, the least heuristic of a node below frontier entry i in the iteration just searched
 * (the entry's own h until then). Entries are distinct, so workers may record at once. */
void astar_learn(struct astar *a, size_t i, int h);

/* Puts the frontier in increasing order of the recorded h, stably (ties keep their order): the
 * subtrees that came nearest the goal within the last bound first. Unchanged when out of memory. */
void astar_frontier_learned(struct astar *a);

/* The least f on the frontier (INT32_MAX when empty). */
int astar_frontier_fmin(const struct astar *a);

#endif
