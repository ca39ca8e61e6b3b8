/* SPDX-License-Identifier: Zlib */
/* presets: the names of the pattern-database presets of a board (libslidetab/pdb/preset.c), for
 * gen --help and its messages. */
#ifndef SLIDETAB_GEN_PRESETS_H
#define SLIDETAB_GEN_PRESETS_H

#include <stddef.h>

/* The preset names of a board of `cells` cells, ", "-separated in buf[size] (as many as fit);
 * returns buf, or NULL when there is none. */
const char *presets_names(int cells, char *buf, size_t size);

#endif
