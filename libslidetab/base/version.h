/* version: the slidetab release string shared by every program. */
#ifndef SLIDETAB_VERSION_H
#define SLIDETAB_VERSION_H
#include "slidetab.h"
#define SLIDETAB_VERSION SLIDETAB_VERSION_STRING
#endif
