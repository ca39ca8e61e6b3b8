"""slidetab: optimal answers for sliding-tile puzzles, from libslidetab's precomputed tables.

Every board up to 12 cells (2x2 .. 3x3, 2x5, 3x4, 2x6 and their transposes) is answered from an
exact table by one lookup, for any goal; 4x4 (the 15 puzzle) and 5x5 by IDA* over pattern
databases. Tables are built by the slidetab project (make, or slidetab-gen).

    import numpy as np, slidetab
    db = slidetab.open()                        # tables: $SLIDETAB_TABLES, installed, ./tables
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
from slidetab._slidetab import (DB, Error, FormatError, InvalidError, LimitError, NoTableError, open,
                                version, __version__)

__all__ = ["open", "DB", "version", "Error", "NoTableError", "FormatError", "InvalidError", "LimitError"]
