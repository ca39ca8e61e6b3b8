# SPDX-License-Identifier: Zlib
"""test_slidetab: the slidetab Python package against a breadth-first search of 2x4 written here
(distances, paths and hints of all 40,320 boards) and against bin/query (distances, paths, hints)
on random starts and goals of every default board and 4x4; hints against the distances of the neighbours;
batches against single calls; every error class; one db on many threads; pip install into a venv.

Run from the repository root after `make` and `make python` (make check-python does both)."""
import inspect
import itertools
import os
import pydoc
import random
import re
import shutil
import subprocess
import sys
import threading

import numpy as np
import pytest

import slidetab

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLES = os.path.join(ROOT, "tables")
QUERY = os.path.join(ROOT, "bin", "query")
DEFAULT_BOARDS = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2)]
STEP = {"d": (1, 0), "u": (-1, 0), "l": (0, -1), "r": (0, 1)}


@pytest.fixture(scope="module")
def db():
    with slidetab.open(TABLES) as d:
        yield d


def shuffled(rng, n):
    t = list(range(n))
    rng.shuffle(t)
    return t


def moved(tiles, rows, cols, letter):
    """The board after the blank's move, or None off the board (written here, not the library's)."""
    b = tiles.index(0)
    r, c = divmod(b, cols)
    dr, dc = STEP[letter]
    if not (0 <= r + dr < rows and 0 <= c + dc < cols):
        return None
    t = list(tiles)
    to = (r + dr) * cols + c + dc
    t[b], t[to] = t[to], 0
    return t


def walked(rng, tiles, rows, cols, steps):
    t = list(tiles)
    while steps > 0:
        n = moved(t, rows, cols, rng.choice("dlru"))
        if n is not None:
            t, steps = n, steps - 1
    return t


def query(rows, cols, pairs, *opts):
    """bin/query --pairs on (start, goal) pairs: one output line each."""
    text = "".join(" ".join(map(str, s + g)) + "\n" for s, g in pairs)
    out = subprocess.run([QUERY, "--tables", TABLES, "--board", "%dx%d" % (rows, cols), "--pairs", *opts],
                         input=text, capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(pairs)
    return lines


def puzzles(rng, rows, cols, count):
    n = rows * cols
    out = []
    for i in range(count):
        g = shuffled(rng, n)
        s = walked(rng, g, rows, cols, rng.randrange(12)) if i % 3 == 0 else shuffled(rng, n)
        out.append((s, g))
    return out


@pytest.mark.parametrize("rows,cols", DEFAULT_BOARDS)
def test_against_query(db, rows, cols):
    rng = random.Random(rows * 100 + cols)
    pairs = puzzles(rng, rows, cols, 300)
    paths = query(rows, cols, pairs, "--path")
    hints = query(rows, cols, pairs, "--hint")
    unsolvable, b = 0, (rows, cols)
    for (s, g), path, hint in zip(pairs, paths, hints):
        if path == "unsolvable":
            unsolvable += 1
            assert db.distance(s, g, board=b) is None and db.path(s, g, board=b) is None
            assert db.hint(s, g, board=b) is None
            assert hint == "unsolvable"
            continue
        assert db.path(s, g, board=b) == path
        assert db.distance(s, g, board=b) == len(path)
        d, moves = db.hint(s, g, board=b)
        assert hint == "%d %s" % (d, moves or "-")
    assert 0 < unsolvable < len(pairs)


def test_4x4_against_query(db):
    rng = random.Random(44)
    pairs = []
    for i in range(16):
        g = shuffled(rng, 16)
        s = walked(rng, g, 4, 4, 6 + rng.randrange(20))
        if i % 5 == 4:  # two tiles swapped: unsolvable
            a, b = [k for k in range(16) if s[k]][:2]
            s[a], s[b] = s[b], s[a]
        pairs.append((s, g))
    paths = query(4, 4, pairs, "--path")
    hints = query(4, 4, pairs, "--hint")
    for (s, g), path, hint in zip(pairs, paths, hints):
        want = None if path == "unsolvable" else path
        assert db.path(s, g) == want
        assert db.distance(s, g) == (None if want is None else len(want))
        h = db.hint(s, g)
        assert hint == ("unsolvable" if h is None else "%d %s" % (h[0], h[1] or "-"))
    starts = np.array([s for s, _ in pairs[:8]])
    g = pairs[0][1]
    assert db.distances(starts, g).tolist() == [db.distance(s, g) if db.distance(s, g) is not None else -1
                                               for s in starts.tolist()]


@pytest.mark.parametrize("rows,cols", DEFAULT_BOARDS + [(4, 4)])
def test_hints_are_the_moves_one_closer(db, rows, cols):
    rng = random.Random(rows * 7 + cols)
    for _ in range(8 if rows * cols == 16 else 60):
        g = shuffled(rng, rows * cols)
        s = walked(rng, g, rows, cols, rng.randrange(1, 25 if rows * cols == 16 else 40))
        d, moves = db.hint(s, g, board=(rows, cols))
        assert d == db.distance(s, g, board=(rows, cols))
        want = ""
        for letter in "dlru":
            n = moved(s, rows, cols, letter)
            if n is not None and db.distance(n, g, board=(rows, cols)) == d - 1:
                want += letter
        assert moves == want
        assert (moves == "") == (d == 0)
        if d:
            assert db.path(s, g, board=(rows, cols))[0] == moves[0]
    g = shuffled(rng, rows * cols)
    assert db.hint(g, g, board=(rows, cols)) == (0, "")


def bfs(goal, rows, cols):
    """Every state's distance to goal, by a breadth-first search written here (no library call)."""
    dist = {tuple(goal): 0}
    layer = [list(goal)]
    while layer:
        nxt = []
        for t in layer:
            d = dist[tuple(t)] + 1
            for letter in "dlru":
                n = moved(t, rows, cols, letter)
                if n is not None and tuple(n) not in dist:
                    dist[tuple(n)] = d
                    nxt.append(n)
        layer = nxt
    return dist


@pytest.mark.parametrize("goal", [[1, 2, 3, 4, 5, 6, 7, 0], [0, 1, 2, 3, 4, 5, 6, 7]])
def test_2x4_against_bfs(db, goal):
    """All 40,320 boards of 2x4 against a breadth-first search from the goal (20,160 reach it):
    distances (-1 for the others), the lexicographically smallest optimal path (at each step the
    first of d < l < r < u, the blank's moves, that leads one move closer) and the hint."""
    dist = bfs(goal, 2, 4)
    assert len(dist) == 20160
    assert max(dist.values()) == 36  # the 2x4 radius (SPEC.md)
    starts = [list(p) for p in itertools.permutations(range(8))]
    want = [dist.get(tuple(s), -1) for s in starts]
    assert db.distances(np.array(starts), goal).tolist() == want
    for s in starts[::7]:
        d = dist.get(tuple(s))
        if d is None:
            assert db.distance(s, goal) is None and db.hint(s, goal) is None
            continue
        closer = [x for x in "dlru" if moved(s, 2, 4, x) is not None and dist[tuple(moved(s, 2, 4, x))] == d - 1]
        assert db.hint(s, goal) == (d, "".join(closer))
        path, t = "", s
        while dist[tuple(t)]:
            x = next(x for x in "dlru" if moved(t, 2, 4, x) is not None and
                     dist[tuple(moved(t, 2, 4, x))] == dist[tuple(t)] - 1)
            path, t = path + x, moved(t, 2, 4, x)
        assert db.path(s, goal) == path


def reference(db, starts, goal, board=None):
    out = []
    for s in starts:
        d = db.distance(s, goal, board=board)
        out.append(-1 if d is None else d)
    return out


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                                   np.uint64, np.intc, np.longlong])
def test_batch_equals_single(db, dtype):
    rng = np.random.default_rng(9)
    starts = np.array([rng.permutation(9) for _ in range(3000)]).astype(dtype)
    goal = [int(x) for x in rng.permutation(9)]
    got = db.distances(starts, goal)
    assert got.dtype == np.int64 and got.shape == (3000,)
    assert got.tolist() == reference(db, starts.tolist(), goal)
    assert (got == -1).sum() > 1000 and (got >= 0).sum() > 1000


def test_batch_shapes_and_threads():
    rng = np.random.default_rng(3)
    starts = np.array([rng.permutation(10) for _ in range(20000)])
    with slidetab.open(TABLES, threads=2) as two, slidetab.open(TABLES) as one:
        assert two.threads == 2
        want = reference(one, starts.tolist(), None)
        assert two.distances(starts).tolist() == want
        assert one.distances(starts.reshape(-1, 2, 5)).tolist() == want  # 3-D: the shape names 2x5
        assert one.distances(starts.reshape(-1, 5, 2)).tolist() == reference(one, starts.tolist(), None, (5, 2))
        assert one.distances(starts[::-1]).tolist() == want[::-1]  # not contiguous: copied
        assert one.distances(np.asfortranarray(starts)).tolist() == want
        assert one.distances(starts[:50].tolist()).tolist() == want[:50]
        assert one.distances(starts, board="2x5").tolist() == want
        assert one.distances(np.zeros((0, 9), dtype=np.int64)).tolist() == []


def test_board_forms(db):
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    for form in (s, tuple(s), np.array(s), np.array(s, dtype=np.uint8), [s[0:3], s[3:6], s[6:9]],
                 np.array(s).reshape(3, 3), bytes(s)):
        assert db.distance(form) == 2
    assert db.distance(s, board="3x3") == db.distance(s, board=(3, 3)) == db.distance(s, board="3X3") == 2
    assert db.path(s) == "rr" and db.hint(s) == (2, "r")
    # A 2x3 board read flat, as 3x2 by its shape, and by board=.
    t = [1, 2, 3, 4, 0, 5]
    assert db.distance(t) == db.distance(t, board="2x3") == 1
    assert db.distance([[1, 2], [3, 4], [5, 0]], [[1, 2], [3, 4], [0, 5]]) == 1
    assert db.distance(t, [1, 2, 3, 4, 5, 0], board=(3, 2)) == db.distance(np.array(t).reshape(3, 2),
                                                                           np.array([1, 2, 3, 4, 5, 0]))
    assert db.distance(s, goal=[1, 2, 3, 4, 5, 6, 0, 7, 8]) == 0


def raises(cls, words, fn, *args, **kw):
    with pytest.raises(cls) as e:
        fn(*args, **kw)
    for w in words:
        assert w in str(e.value), (str(e.value), w)
    return e.value


def test_invalid(db):
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    e = raises(slidetab.InvalidError, ["start", "3x3", "0..8"], db.distance, [1, 1, 3, 4, 5, 6, 0, 7, 8])
    assert isinstance(e, ValueError) and isinstance(e, slidetab.Error) and e.status == 2
    raises(slidetab.InvalidError, ["start", "0..8"], db.distance, [1, 2, 3, 4, 5, 6, 0, 7, 9])
    raises(slidetab.InvalidError, ["start", "0..8"], db.distance, [1, 2, 3, 4, 5, 6, 0, 7, -8])
    raises(slidetab.InvalidError, ["start", "0..8"], db.distance, [1, 2, 3, 4, 5, 6, 0, 7, 2 ** 70])
    raises(slidetab.InvalidError, ["goal", "0..8"], db.distance, s, [1, 2, 3, 4, 5, 6, 0, 7, 7])
    raises(slidetab.InvalidError, ["start", "7 tiles", "board"], db.distance, s[:7])
    raises(slidetab.InvalidError, ["start", "12 tiles", "board"], db.distance, list(range(12)))
    raises(slidetab.InvalidError, ["goal", "8 tiles", "3x3"], db.distance, s, s[:8])
    raises(slidetab.InvalidError, ["start", "9 tiles", "2x5"], db.path, s, board="2x5")
    raises(slidetab.InvalidError, ["shape (3, 3)", "2x4"], db.hint, np.array(s).reshape(3, 3), board=(2, 4))
    raises(slidetab.InvalidError, ["tile 2", "float"], db.distance, [1, 2, 3.0, 4, 5, 6, 0, 7, 8])
    raises(slidetab.InvalidError, ["start", "str"], db.distance, "123456078")
    raises(slidetab.InvalidError, ["start", "integers"], db.distance, np.array(s, dtype=float))
    raises(slidetab.InvalidError, ["start", "row 1"], db.distance, [[1, 2, 3], [4, 5], [0, 7, 8]])
    raises(slidetab.InvalidError, ["start", "sequence"], db.distance, 5)
    raises(slidetab.InvalidError, ["board", "RxC"], db.distance, s, board="3x")
    raises(slidetab.InvalidError, ["board 1x9"], db.distance, s, board=(1, 9))
    raises(slidetab.InvalidError, ["board 6x5"], db.distance, list(range(30)), board="6x5")
    raises(slidetab.InvalidError, ["1x9", "not a board"], db.distance, [s])
    raises(slidetab.InvalidError, ["start 2 is not a 3x3 board"], db.distances,
           np.array([s, s, [0] * 9, s, [9] * 9]))
    raises(slidetab.InvalidError, ["2-D", "1-D"], db.distances, np.array(s))
    raises(slidetab.InvalidError, ["starts", "integers"], db.distances, np.zeros((4, 9)))
    raises(slidetab.InvalidError, ["starts"], db.distances, [s, s[:8]])
    raises(slidetab.InvalidError, ["goal"], db.distances, np.array([s]), goal=[0] * 9)
    raises(slidetab.InvalidError, ["12 tiles"], db.distances, np.zeros((3, 12), dtype=np.int8))
    raises(slidetab.InvalidError, ["threads"], slidetab.open, TABLES, threads=0)
    raises(slidetab.InvalidError, ["threads"], slidetab.open, TABLES, threads=1000)
    raises(slidetab.InvalidError, ["limit"], slidetab.open, TABLES, max_depth=100000)
    with pytest.raises(TypeError):
        db.distance()
    with pytest.raises(TypeError):
        db.distance(s, colour="red")
    closed = slidetab.open(TABLES)
    closed.close()
    closed.close()
    raises(slidetab.InvalidError, ["closed"], closed.distance, s)
    assert "closed" in repr(closed)


def test_tiles_read_exactly(db):
    """Tiles outside 0..255 never wrap round onto a tile, and every malformed board is named."""
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    for bad in ([1, 2, 3, 4, 5, 6, 0, 7, -248], np.array([1, 2, 3, 4, 5, 6, 0, 7, 264], dtype=np.int16),
                np.array([1, 2, 3, 4, 5, 6, 0, 7, 2 ** 32 + 8], dtype=np.int64)):
        raises(slidetab.InvalidError, ["start", "3x3", "0..8"], db.distance, bad)
    raises(slidetab.InvalidError, ["start has 26 tiles", "at most 25"], db.distance, list(range(26)))
    raises(slidetab.InvalidError, ["start: row 0 is empty"], db.distance, [[]])
    raises(slidetab.InvalidError, ["flat or 2-D", "0 tiles"], db.distance, np.array([], dtype=np.int64))
    raises(slidetab.InvalidError, ["shape (3, 3)", "3x4"], db.distance, np.array(s).reshape(3, 3), board=(3, 4))
    other = ">" if sys.byteorder == "little" else "<"
    raises(slidetab.InvalidError, ["other byte order", f"'{other}i'", ".astype(int)"], db.distance,
           np.array(s, dtype=other + "i4"))
    assert db.distance(np.array(s, dtype=other + "i1")) == 2  # one byte has no order


def test_arguments_named_with_their_values(db):
    """Each of these was once answered wrongly or reported another value."""
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    # 2**62+2 squared wrapped to a 2x2-sized product (answered as 2x2); 2**32 squared to 0 (ignored)
    raises(slidetab.InvalidError, ["board 4611686018427387906x4611686018427387906"], db.distance, s,
           board=(2 ** 62 + 2, 2 ** 62 + 2))
    raises(slidetab.InvalidError, ["board 4294967296x4294967296"], db.distance, s, board=(2 ** 32, 2 ** 32))
    raises(slidetab.InvalidError, ["board=(%d, 3)" % 2 ** 70], db.distance, s, board=(2 ** 70, 3))
    raises(slidetab.InvalidError, ["board=(3, 3.0)", "two integers"], db.distance, s, board=(3, 3.0))
    raises(slidetab.InvalidError, ["board=(True, 3)", "two integers"], db.distance, s, board=(True, 3))
    assert db.distance(s, board=(np.int64(3), 3)) == db.distance(s)
    raises(slidetab.InvalidError, ["start: tile 0 is bool"], db.distance, [True, 2, 3, 4, 5, 6, 0, 7, 8])
    raises(slidetab.InvalidError, ["start: tile 8 is bool"], db.distance, [1, 2, 3, 4, 5, 6, 0, 7, False])
    raises(slidetab.InvalidError, ["threads=-5", "at least 1"], slidetab.open, TABLES, threads=-5)
    raises(slidetab.InvalidError, ["threads=%d" % 2 ** 40, "too large"], slidetab.open, TABLES, threads=2 ** 40)
    raises(slidetab.InvalidError, ["threads=True", "bool"], slidetab.open, TABLES, threads=True)
    raises(slidetab.InvalidError, ["threads=2.0", "float"], slidetab.open, TABLES, threads=2.0)
    raises(slidetab.InvalidError, ["max_depth=-1", "0 for no limit"], slidetab.open, TABLES, max_depth=-1)
    raises(slidetab.InvalidError, ["max_depth=%d" % 2 ** 32], slidetab.open, TABLES, max_depth=2 ** 32)
    with slidetab.open(TABLES, threads=np.int32(2), max_depth=0) as two:
        assert two.threads == 2 and two.distance(s) == db.distance(s)
    raises(slidetab.InvalidError, ["memory=-1", "bytes"], slidetab.open, TABLES, memory=-1)
    # below a long is negative too, not "too large"
    raises(slidetab.InvalidError, ["memory=%d: negative; expected a number of bytes" % -2 ** 70], slidetab.open, TABLES,
           memory=-2 ** 70)
    raises(slidetab.InvalidError, ["threads=%d: negative" % -2 ** 70], slidetab.open, TABLES, threads=-2 ** 70)
    # above a long is too large, not negative
    raises(slidetab.InvalidError, ["threads=%d: too large for" % 2 ** 70], slidetab.open, TABLES, threads=2 ** 70)
    # a long value is shown by its repr's first 40 and last 21 characters, so that the message ends whole
    e = raises(slidetab.InvalidError, [], slidetab.open, TABLES, threads=10 ** 300)
    assert str(e) == "threads=1" + "0" * 39 + "..." + "0" * 21 + ": too large for a number of threads, at least 1"
    e = raises(slidetab.InvalidError, [], db.distance, s, board="3x" + "9" * 300)
    assert str(e) == "board='3x" + "9" * 37 + "..." + "9" * 20 + "': RxC with R, C >= 2 and R*C <= 25"
    raises(slidetab.InvalidError, ["board=(%d, 3)" % -2 ** 70], db.distance, s, board=(-2 ** 70, 3))
    raises(slidetab.InvalidError, ["memory=1.5", "float"], slidetab.open, TABLES, memory=1.5)
    # the call's own grammar: too many arguments, one given twice, boards that are not RxC
    with pytest.raises(TypeError, match=r"^distance\(\) takes at most 3 arguments \(4 given\)$"):
        db.distance(s, None, None, None)
    with pytest.raises(TypeError, match=r"^path\(\) got multiple values for argument 'start'$"):
        db.path(s, start=s)
    with pytest.raises(TypeError, match=r"^hint\(\) got an unexpected argument 'colour'$"):
        db.hint(s, colour="red")
    for b in ("3x3y", "3*3", "3x", "x3", ""):
        raises(slidetab.InvalidError, ['board: give "RxC", e.g. "3x4", not %r' % b], db.distance, s, board=b)
    raises(slidetab.InvalidError, ['board must be "RxC" or (rows, cols), not tuple'], db.distance, s, board=(3, 3, 1))
    if sys.maxsize > 2 ** 40:  # a long holds it: more than any machine here has
        raises(slidetab.InvalidError, ["this machine allows"], slidetab.open, TABLES, memory=2 ** 62)


def test_memory_gives_the_same_answers(tmp_path):
    """A*+IDA*'s budget changes no answer. 4x4's automatic 4-tile zero-aware set (built here: a
    consistent heuristic, weak enough that Korf's 100 lines 10, 37 and 53 reach an iteration that
    starts A* on its own; test_astar checks that it does): every budget gives the published
    distances, and the paths (which take no memory) are the same and as long."""
    gen = os.path.join(ROOT, "bin", "gen")
    subprocess.run([gen, "-q", "--board", "4x4", "--blank", "0", "--pdb", "auto4", "--entry", "zbit",
                    "--dir", str(tmp_path)], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(ROOT, "tests", "data", "korf100.txt")) as f:
        lines = [list(map(int, line.split())) for line in f if not line.startswith("#")]
    korf = [(lines[n - 1][:16], lines[n - 1][16]) for n in (10, 37, 53)]
    g = list(range(16))
    answers = []
    for memory in (0, 4096, 2 ** 20, 2 ** 26, None):
        with slidetab.open(str(tmp_path), memory=memory) as m:
            assert [m.distance(s, g) for s, _ in korf] == [d for _, d in korf]
            answers.append(m.path(korf[1][0], g))
    assert all(a == answers[0] for a in answers) and len(answers[0]) == korf[1][1]


def test_messages_that_are_not_utf8(db, tmp_path):
    """A library message that is not UTF-8 once raised UnicodeDecodeError, which
    `except slidetab.Error` misses; it is escaped, and the right class raised."""
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    raw = os.path.join(os.fsencode(tmp_path), b"t\xff")
    os.mkdir(raw)
    with slidetab.open(raw) as none:
        raises(slidetab.NoTableError, ["3x3-b0.tbl", "t\\xff"], none.distance, s)
    accented = tmp_path / "caf\u00e9"
    accented.mkdir()
    with slidetab.open(str(accented)) as none:
        raises(slidetab.NoTableError, ["caf\u00e9"], none.distance, s)
    # board= of 200 two-byte characters: the message is cut at 256 bytes, inside a character
    for board in ("\u00e9" * 200, "a" + "\u00e9" * 200, "\u20ac" * 100, "a" + "\u20ac" * 100, "ab" + "\u20ac" * 100):
        raises(slidetab.InvalidError, ["board", "RxC"], db.distance, s, board=board)


def test_no_table_format_limit(db, tmp_path):
    s = [1, 2, 3, 4, 5, 6, 0, 7, 8]
    empty = tmp_path / "empty"
    empty.mkdir()
    with slidetab.open(empty) as none:
        e = raises(slidetab.NoTableError, ["3x3-b0.tbl", "gen --board 3x3"], none.distance, s)
        assert e.status == 3 and isinstance(e, slidetab.Error)
        raises(slidetab.NoTableError, ["3x3-b0.tbl"], none.distances, np.array([s]))
        raises(slidetab.NoTableError, ["4x4"], none.hint, list(range(1, 16)) + [0])
    bad = tmp_path / "bad"
    bad.mkdir()
    data = bytearray(open(os.path.join(TABLES, "3x3-b0.tbl"), "rb").read())
    data[-10] ^= 0x40
    (bad / "3x3-b0.tbl").write_bytes(bytes(data))
    with slidetab.open(str(bad)) as damaged:
        e = raises(slidetab.FormatError, ["3x3-b0.tbl"], damaged.distance, s)
        assert e.status == 4
        raises(slidetab.FormatError, ["3x3-b0.tbl"], damaged.distances, np.array([s, s]))
    far = walked(random.Random(5), list(range(1, 16)) + [0], 4, 4, 60)
    d = db.distance(far)
    with slidetab.open(TABLES, max_depth=d - 2) as limited:
        e = raises(slidetab.LimitError, ["within %d moves" % (d - 2)], limited.distance, far)
        assert e.status == 7
        raises(slidetab.LimitError, ["start 1:"], limited.distances, np.array([list(range(1, 16)) + [0], far]))
        raises(slidetab.LimitError, [], limited.hint, far)
        assert limited.distance(list(range(1, 16)) + [0]) == 0
    assert issubclass(slidetab.Error, Exception)
    for cls in (slidetab.NoTableError, slidetab.FormatError, slidetab.InvalidError, slidetab.LimitError):
        assert issubclass(cls, slidetab.Error)


def test_threads_on_one_db():
    rng = np.random.default_rng(17)
    starts = np.array([rng.permutation(9) for _ in range(20000)])
    goals = [[int(x) for x in rng.permutation(9)] for _ in range(6)]
    with slidetab.open(TABLES, threads=2) as one:
        want = [one.distances(starts, g).tolist() for g in goals]
        singles = [reference(one, starts[:300].tolist(), g) for g in goals]
        wrong = []

        def work(k):
            for _ in range(3):
                if one.distances(starts, goals[k]).tolist() != want[k]:
                    wrong.append(("batch", k))
                if reference(one, starts[:300].tolist(), goals[k]) != singles[k]:
                    wrong.append(("single", k))
                for i, s in enumerate(starts[:50].tolist()):
                    h = one.hint(s, goals[k])
                    if (-1 if h is None else h[0]) != singles[k][i]:
                        wrong.append(("hint", k))

        threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert wrong == []
        assert want[0][:300] == singles[0]


def test_docs():
    assert slidetab.version() == slidetab.__version__
    header = open(os.path.join(ROOT, "include", "slidetab.h")).read()
    assert slidetab.__version__ == ".".join(re.search(r"#define SLIDETAB_VERSION_%s\s+(\d+)\n" % k, header).group(1)
                                            for k in ("MAJOR", "MINOR", "PATCH"))
    for name in ("distance", "path", "hint", "distances", "close"):
        assert getattr(slidetab.DB, name).__doc__
    assert str(inspect.signature(slidetab.open)) == "(tables=None, preload=False, threads=1, max_depth=0, memory=None)"
    assert str(inspect.signature(slidetab.DB.distances)) == "(self, /, starts, goal=None, board=None)"
    assert "slidetab.open" in pydoc.render_doc(slidetab) and "InvalidError" in pydoc.render_doc(slidetab)
    assert os.path.exists(os.path.join(os.path.dirname(slidetab.__file__), "__init__.pyi"))


def test_pip_install_into_a_venv(tmp_path):
    """The README's way: a venv that sees Debian's numpy, pip offline, then import from elsewhere."""
    if subprocess.run([sys.executable, "-c", "import ensurepip, venv"], capture_output=True).returncode:
        pytest.skip("no venv or ensurepip for %s (python3-venv)" % sys.executable)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--no-build-isolation", "-q",
                          os.path.join(ROOT, "python")], capture_output=True, text=True,
                         env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert pip.returncode == 0, pip.stdout + pip.stderr
    code = ("import slidetab, numpy; db = slidetab.open(%r); print(slidetab.__file__); "
            "print(db.distance([1, 2, 3, 4, 5, 6, 0, 7, 8]), db.distances(numpy.array([[1, 2, 0, 3]])).tolist())"
            % TABLES)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH")}
    out = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True,
                         cwd=str(tmp_path), env=env)
    assert out.returncode == 0, out.stderr
    where, answers = out.stdout.splitlines()
    assert where.startswith(str(venv)) and answers == "2 [1]"
    shutil.rmtree(os.path.join(ROOT, "python", "build"), ignore_errors=True)
    shutil.rmtree(os.path.join(ROOT, "python", "slidetab.egg-info"), ignore_errors=True)


def test_query_hint_json(db):
    """query --hint --json carries the same hint (letters, "" at the goal) and nothing for unsolvable."""
    import json
    rng = random.Random(33)
    pairs = puzzles(rng, 3, 3, 60) + [(list(range(1, 9)) + [0], list(range(1, 9)) + [0])]
    for (s, g), line in zip(pairs, query(3, 3, pairs, "--hint", "--json")):
        got, h = json.loads(line), db.hint(s, g)
        assert got["input"] == " ".join(map(str, s)) and got["solvable"] == (h is not None)
        if h is None:
            assert "hint" not in got and "distance" not in got
        else:
            assert (got["distance"], got["hint"]) == h


def test_the_gil_is_released(db):
    """Python code runs on another thread while the library searches (it could not if the GIL were
    held). An event check, not a timed one: with a switch interval of 1000 s no thread is made to
    give up the GIL by time, so once the searching thread has woken this one, this one runs before
    the call returns only if the call released the GIL."""
    rng = random.Random(8)
    far = np.array([walked(rng, list(range(1, 16)) + [0], 4, 4, 400) for _ in range(40)])  # 0.1-0.3 s
    entered, returned = threading.Event(), []

    def search():
        entered.set()  # wakes the main thread, which then waits for the GIL this thread holds
        db.distances(far)
        returned.append(True)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        t = threading.Thread(target=search)
        t.start()
        entered.wait()
        during = not returned  # here before the call returned: the call let go of the GIL
        t.join()
    finally:
        sys.setswitchinterval(interval)
    assert returned == [True]
    assert during, "the main thread ran only after the search returned: the GIL was held"


def test_placement_sets_answer_like_the_default_ones(db, tmp_path):
    """The 1-bit placement 5-5-5 sets (gen --entry pbit) of every 4x4 class, from a folder of the
    user's: the same paths, distances and hints as the default sets, for goals in any tile order."""
    gen = os.path.join(ROOT, "bin", "gen")
    for k in (0, 1, 5):
        subprocess.run([gen, "-q", "--board", "4x4", "--blank", str(k), "--pdb", "555", "--entry", "pbit",
                        "--dir", str(tmp_path)], check=True, stdout=subprocess.DEVNULL)
    rng = random.Random(39)
    with slidetab.open(str(tmp_path)) as pb:
        for _ in range(12):
            g = shuffled(rng, 16)
            s = walked(rng, g, 4, 4, 20 + rng.randrange(25))
            assert pb.path(s, g) == db.path(s, g)
            assert pb.distance(s, g) == db.distance(s, g)
            assert pb.hint(s, g) == db.hint(s, g)
