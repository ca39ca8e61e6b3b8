# SPDX-License-Identifier: Zlib
"""slidetab: optimal answers for sliding-tile puzzles, from libslidetab's precomputed tables.

Every board up to 12 cells (2x2 .. 3x3, 2x5, 3x4, 2x6 and their transposes) is answered from an
exact table by one lookup, for any goal; 4x4 (the 15 puzzle) and 5x5 by IDA* over pattern
databases. Tables are built by the slidetab project (make, or slidetab-gen).

    import numpy as np, slidetab
    db = slidetab.open()                        # tables: $SLIDETAB_TABLES, ~/.local/share/..., the package's
    db.distance([1, 2, 3, 4, 5, 6, 0, 7, 8])    # 2
    db.path([1, 2, 3, 4, 5, 6, 0, 7, 8])        # 'rr'
    db.hint([1, 2, 3, 4, 5, 6, 0, 7, 8])        # (2, 'r'): every optimal first move
    db.distances(np.array([[1, 2, 3, 4, 5, 6, 0, 7, 8]]))   # array([2])

A board is its tiles row by row, 0 the blank; moves are the blank's: d (down), l, r, u. A goal of
None means the tiles in order with the blank last. An unsolvable start is an answer (None, or
-1 in distances()); errors are exceptions: Error, and its subclasses NoTableError, FormatError,
InvalidError (also a ValueError) and LimitError, each with the library's message.

One DB may be used from many threads at once: the GIL is released while the library works.
"""
from slidetab import _slidetab
from slidetab._slidetab import (DB, Error, FormatError, InvalidError, LimitError, NoTableError, version,
                                __version__)


def open(tables=None, preload=False, threads=1, max_depth=0, memory=None):
    """Opens a folder of slidetab tables and returns a DB.

    tables: the folder; None searches $SLIDETAB_TABLES when set, the user's folder
      ($XDG_DATA_HOME/slidetab/tables, else ~/.local/share/slidetab/tables: where the advice of a
      NoTableError builds a missing table), the installed folder, the tables the package holds (a
      wheel or an install: the exact tables up to 9 cells), the source tree's tables (in the tree),
      then ./tables. Tables are opened when first needed, so a missing one is reported by the call
      that needs it (NoTableError).
    preload: check and load each whole table at its first use (big batches).
    threads: threads distances() spreads a batch over, and that one 4x4 or 5x5 search uses (1 to 256).
    max_depth: 4x4 and 5x5 searches give up past this many moves (LimitError); 0: no limit.
    memory: bytes one search may use for A*+IDA* (None: the library's default, a quarter of physical
      memory, at most 4 GiB; 0: plain IDA*); the answers are the same at every budget.
    """
    return _slidetab.open(tables, preload=preload, threads=threads, max_depth=max_depth, memory=memory)


