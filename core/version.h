/* version: the slidetab release string shared by every program. */
#ifndef SLIDETAB_VERSION_H
#define SLIDETAB_VERSION_H
#define SLIDETAB_VERSION "0.1.0"
#endif
