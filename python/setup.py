"""setup.py: builds the slidetab package, a C extension linked with libslidetab's static archive.

Run from the slidetab source tree: `make python` (in place) or `pip install ./python`. The archive
(../lib/libslidetab.a, position-independent objects) is built with the project's Makefile when it
is missing or stale, so the extension needs no shared library or LD_LIBRARY_PATH at run time.
Nothing is downloaded: setuptools and the compiler come from the system (Debian: python3-dev).
"""
import os
import re
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ARCHIVE = os.path.join(ROOT, "lib", "libslidetab.a")
HEADER = os.path.join(ROOT, "include", "slidetab.h")

if not os.path.exists(HEADER):
    raise SystemExit("setup.py: %s is missing: build the package from the slidetab source tree" % HEADER)
if os.environ.get("SLIDETAB_NO_MAKE") != "1":  # make python has just built it
    subprocess.check_call(["make", "-C", ROOT, "--no-print-directory", "lib/libslidetab.a"])
with open(HEADER) as f:  # the release, said once in the header
    _h = f.read()
    VERSION = ".".join(re.search(r"#define SLIDETAB_VERSION_%s\s+([0-9]+)\n" % k, _h).group(1)
                       for k in ("MAJOR", "MINOR", "PATCH"))

setup(
    name="slidetab",
    version=VERSION,
    description="Optimal answers for sliding-tile puzzles from precomputed tables (libslidetab)",
    long_description=open(os.path.join(HERE, "README.md")).read(),
    long_description_content_type="text/markdown",
    packages=["slidetab"],
    package_data={"slidetab": ["__init__.pyi", "py.typed"]},
    ext_modules=[
        Extension(
            "slidetab._slidetab",
            sources=["slidetab/_slidetab.c"],
            include_dirs=[os.path.join(ROOT, "include")],
            extra_objects=[ARCHIVE],
            depends=[ARCHIVE, HEADER],
            libraries=["z", "m"],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra"],
            extra_link_args=["-pthread"],
        )
    ],
    python_requires=">=3.10",
)
