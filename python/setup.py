# SPDX-License-Identifier: Zlib
"""setup.py: builds the slidetab package, a C extension linked with libslidetab's static archive.

Run from the slidetab source tree: `make python` (in place), `pip install ./python`, or `make wheel`
(python3 -m build: a wheel and an sdist in python/dist). The archive (../lib/libslidetab.a,
position-independent objects) is built with the project's Makefile when it is missing or stale,
so the extension needs no shared library or LD_LIBRARY_PATH at run time. A wheel or an install
also holds the exact tables up to 9 cells (make -s wheel-tables), which slidetab.open() uses when
no folder is given and $SLIDETAB_TABLES is unset.

From an sdist (no source tree around it) the library's sources and the tables are inside it
(csrc/, slidetab/tables/), and the extension is compiled from them directly. Nothing is
downloaded: setuptools and the compiler come from the system (Debian: python3-dev).
"""
import glob
import os
import re
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CSRC = os.path.join(HERE, "csrc")  # only in an sdist: the library's sources
IN_TREE = not os.path.isdir(CSRC)
TOP = ROOT if IN_TREE else CSRC
HEADER = os.path.join(TOP, "include", "slidetab.h")
# The extension's own sources (python/slidetab/*.c, one concept a file) and their private header;
# their shared names are hidden (-fvisibility=hidden), so the module exports PyInit__slidetab alone.
EXT_SRC = sorted(glob.glob(os.path.join(HERE, "slidetab", "*.c")))
EXT_HEADERS = sorted(glob.glob(os.path.join(HERE, "slidetab", "*.h")))
ARCHIVE = os.path.join(ROOT, "lib", "libslidetab.a")

if not os.path.exists(HEADER):
    raise SystemExit("setup.py: %s is missing: build the package from the slidetab source tree" % HEADER)
with open(HEADER) as f:  # the release, said once in the header
    _h = f.read()
    VERSION = ".".join(re.search(r"#define SLIDETAB_VERSION_%s\s+([0-9]+)\n" % k, _h).group(1)
                       for k in ("MAJOR", "MINOR", "PATCH"))


def make(*targets):
    """The project's Makefile, from the source tree; its standard output."""
    return subprocess.check_output(["make", "-C", ROOT, "-s", "--no-print-directory"] + list(targets), text=True)


def tree_tables():
    """The tables a wheel holds, built by the Makefile (WHEEL_TABLES), as paths."""
    return [os.path.join(ROOT, t) for t in make("wheel-tables").split()]


class BuildPy(build_py):
    """Copies the tables into the built package (from the tree; an sdist already holds them)."""

    def run(self):
        super().run()
        if IN_TREE:
            dest = os.path.join(self.build_lib, "slidetab", "tables")
            os.makedirs(dest, exist_ok=True)
            for t in tree_tables():
                shutil.copy(t, dest)


class Sdist(sdist):
    """Puts the library's sources, the header and the tables into the sdist's tree."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        if not IN_TREE:
            return
        for h in EXT_HEADERS:  # an Extension's sources go into the sdist, its depends do not
            shutil.copy(h, os.path.join(base_dir, "slidetab"))
        for d in ("include", "libslidetab"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(base_dir, "csrc", d),
                            ignore=shutil.ignore_patterns("*.o", "*.d"))
        tables = os.path.join(base_dir, "slidetab", "tables")
        os.makedirs(tables, exist_ok=True)
        for t in tree_tables():
            shutil.copy(t, tables)


if IN_TREE:
    if os.environ.get("SLIDETAB_NO_MAKE") != "1":  # make python has just built it
        make("lib/libslidetab.a")
    core = dict(extra_objects=[ARCHIVE], depends=[ARCHIVE, HEADER])
else:  # the library's sources compiled into the extension, hidden as in the archive's .so
    lib_src = sorted(glob.glob("csrc/libslidetab/*.c") + glob.glob("csrc/libslidetab/*/*.c"))
    core = dict(sources=lib_src, include_dirs=["csrc"], define_macros=[("_GNU_SOURCE", None)], depends=[HEADER])

ext = Extension(
    "slidetab._slidetab",
    sources=[os.path.relpath(f, HERE) for f in EXT_SRC] + core.pop("sources", []),
    include_dirs=[os.path.join(TOP, "include")] + core.pop("include_dirs", []),
    libraries=["z", "m"],
    extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-fvisibility=hidden"],
    extra_link_args=["-pthread"],
    depends=core.pop("depends") + [os.path.relpath(f, HERE) for f in EXT_HEADERS],
    **core,
)

setup(
    name="slidetab",
    version=VERSION,
    description="Optimal answers for sliding-tile puzzles from precomputed tables (libslidetab)",
    long_description=open(os.path.join(HERE, "README.md")).read(),
    long_description_content_type="text/markdown",
    packages=["slidetab"],
    package_data={"slidetab": ["__init__.pyi", "py.typed"] + ([] if IN_TREE else ["tables/*.tbl"])},
    ext_modules=[ext],
    cmdclass={"build_py": BuildPy, "sdist": Sdist},
    python_requires=">=3.10",
    license="Zlib",
    classifiers=["License :: OSI Approved :: zlib/libpng License"],
)
