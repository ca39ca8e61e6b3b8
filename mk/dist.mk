# SPDX-License-Identifier: Zlib
# mk/dist.mk: install and uninstall, the pkg-config file and man pages, the Python package and
# wheel, the release tarball, the Debian packages and the ABI gate.
.PHONY: install install-files uninstall version python wheel wheel-tables check-wheel dist distcheck check-deb check-abi check-packaging

# Python: the slidetab package (python/), a C extension linked with lib/libslidetab.a, built in
# place (PYTHONPATH=python) with Debian's interpreter, the one python3-dev, python3-numpy and
# python3-pytest serve (the first python3 on PATH may be another one without them).
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || command -v python3)
python: lib/libslidetab.a
	cd python && SLIDETAB_NO_MAKE=1 CFLAGS="$(WERROR)" $(PYTHON) setup.py -q build_ext --inplace \
		--build-temp ../$(B)/python

# The wheel (python3 -m build, Debian's python3-build; docs/packaging.md): the extension links the
# library statically and the package holds the exact tables up to 9 cells (WHEEL_TABLES, which
# setup.py asks for with make -s wheel-tables). check-wheel installs it into a fresh venv offline
# and runs the package's tests there (tests/packaging/wheel.sh); also the sdist, built offline.
WHEEL_TABLES := $(foreach t,$(TABLES_SMALL),$(if $(filter 2x2-% 2x3-% 2x4-% 3x3-%,$(t)),tables/$(t).tbl))
wheel-tables: $(WHEEL_TABLES)
	@for t in $(WHEEL_TABLES); do echo $$t; done
wheel: lib/libslidetab.a $(WHEEL_TABLES)
	rm -rf python/dist
	cd python && SLIDETAB_NO_MAKE=1 $(PYTHON) -m build --no-isolation --wheel --sdist --outdir dist . >/dev/null
	@ls -l python/dist
check-wheel: wheel bin/query tables
	@PYTHON="$(PYTHON)" sh tests/packaging/wheel.sh

# make install compiles one object twice, libslidetab/table/name.c (build/install/), with the
# installed data folder, which a program linked statically with the installed libslidetab.a finds
# its tables in (it has no .so to look beside), and with the installed generator's name for
# messages (slidetab-gen): the installed archive is the tree's with that object replaced, the .so
# and the programs are linked from the same objects. Tables are still looked for beside the .so
# or the program first, so a moved install finds its own. A new PREFIX rebuilds them. The tree's
# .so and programs are not installed, so install does not build them: the .so is linked once.
INST = $(B)/install
INST_NAME_OBJ = $(INST)/libslidetab/table/name.o
INST_LIB_OBJ = $(filter-out $(B)/libslidetab/table/name.o,$(LIB_OBJ)) $(INST_NAME_OBJ)
$(INST)/datadir: FORCE | $$(@D)/
	$(paths_ok)
	@printf '%s\n' "$$ST_DATADIR" | cmp -s - $@ || printf '%s\n' "$$ST_DATADIR" >$@
# The data folder as a C string: read from $(INST)/datadir, its backslashes, quotes and question
# marks escaped (no trigraph), never spliced into the command line.
$(INST_NAME_OBJ): libslidetab/table/name.c $(INST)/datadir | $$(@D)/
	$(call compile,$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -DSLIDETAB_DATADIR="\"$$(sed 's/[\\"?]/\\&/g' $(INST)/datadir)\"" \
		-DSLIDETAB_GEN_PROGRAM='"slidetab-gen"')
$(INST)/libslidetab.a: lib/libslidetab.a $(INST_NAME_OBJ) | $$(@D)/
	cp lib/libslidetab.a $@
	$(AR) rs $@ $(INST_NAME_OBJ)
$(INST)/libslidetab.so.$(LIBVERSION): $(INST_LIB_OBJ) | $$(@D)/
	$(solink)
$(INST)/slidetab-gen: $(GEN_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))
$(INST)/slidetab-query: $(QUERY_OBJ) $(GAP_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a | $$(@D)/
	$(call link,$(CC) $(ALL_CFLAGS))

# The paths reach the recipes' shell through the environment ("$$ST_PREFIX"), never spliced into a
# command line: every character of a path is safe (a space, a quote, a backtick, which never runs);
# one holding a newline is refused (paths_ok).
export ST_DESTDIR = $(DESTDIR)
export ST_PREFIX = $(PREFIX)
export ST_BINDIR = $(BINDIR)
export ST_LIBDIR = $(LIBDIR)
export ST_INCDIR = $(INCDIR)
export ST_MANDIR = $(MANDIR)
export ST_DATADIR = $(DATADIR)
export ST_DISTDIR = $(DISTDIR)
paths_ok = @for p in "$$ST_DESTDIR" "$$ST_PREFIX" "$$ST_BINDIR" "$$ST_LIBDIR" "$$ST_INCDIR" "$$ST_MANDIR" "$$ST_DATADIR" \
	"$$ST_DISTDIR"; do [ "$$(printf '%s' "$$p" | wc -l)" -eq 0 ] || { echo "$@: a path holds a newline: refused" >&2; exit 2; }; done
# Programs are installed as slidetab-gen and slidetab-query. The tables of INSTALL_TABLES (the
# tables targets whose files are installed, which install builds first: the default tables; add an
# opt-in set with INSTALL_TABLES='tables tables-15') are installed into DATADIR and added to
# DATADIR/.installed, the list uninstall removes by: tables a user built there stay.
INSTALL_TABLES ?= tables
INSTALL_TABLE_FILES = $(filter-out tables/.stamp-%,$(foreach t,$(INSTALL_TABLES),$(TABLE_FILES_$(t))))
INST_FILES = $(INST)/slidetab-gen $(INST)/slidetab-query $(INST)/libslidetab.a $(INST)/libslidetab.so.$(LIBVERSION)
# The folders an install without DESTDIR creates (those missing before, parents included) are
# listed in DATADIR/.installed-dirs for uninstall, which removes them when they are left empty, and
# no other folder (a DESTDIR tree is deployed elsewhere, where its folders may have been there
# before: none is listed).
INST_DIRS = "$$ST_BINDIR" "$$ST_DATADIR" "$$ST_LIBDIR/pkgconfig" "$$ST_INCDIR" "$$ST_MANDIR/man1" "$$ST_MANDIR/man3"
# $(DEST)BINDIR/f": the quoted path of f in BINDIR under DESTDIR, from the environment.
DEST = "$$ST_DESTDIR$$ST_
# The .pc file and the man pages (MAN_PAGES) carry VERSION; the .pc file is rewritten when its
# contents change (PREFIX, LIBDIR, INCDIR or VERSION). Its paths escape a space, a tab, a quote, a
# backtick and a backslash with a backslash, so that $(pkg-config --cflags --libs slidetab) in a
# Makefile (or eval) gives one word a path.
$(B)/man/%: docs/man/% include/slidetab.h | $$(@D)/
	sed 's/@VERSION@/$(VERSION)/' $< > $@
$(B)/slidetab.pc: FORCE | $$(@D)/
	$(paths_ok)
	@pc() { printf '%s' "$$1" | sed 's/[	 "'"'"'`\\]/\\&/g'; }; \
	printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: slidetab\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -lslidetab\nLibs.private: -lz -lm -pthread\nCflags: -I$${includedir}\n' \
		"$$(pc "$$ST_PREFIX")" "$$(pc "$$ST_LIBDIR")" "$$(pc "$$ST_INCDIR")" \
		'optimal answers for sliding-tile puzzles from precomputed tables' '$(VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
# The release (make -s version), for scripts: dist, debian/, the Python package.
version:
	@echo $(VERSION)

# install-files: what install copies, built (debian/rules builds it as the build step).
install-files: $(INST_FILES) $(MAN_PAGES) $(B)/slidetab.pc
install: install-files $(INSTALL_TABLES)
	$(paths_ok)
	@for p in $(if $(DESTDIR),,$(INST_DIRS)); do \
		while [ "$$p" != / ] && [ "$$p" != . ] && [ ! -e "$$p" ]; do printf '%s\n' "$$p"; p=$$(dirname "$$p"); done; \
	done >"$(INST)/dirs.new"
	for p in $(INST_DIRS); do install -d "$$ST_DESTDIR$$p" || exit 1; done
	{ cat $(DEST)DATADIR/.installed-dirs" 2>/dev/null || true; cat "$(INST)/dirs.new"; } | LC_ALL=C sort -u \
		>$(DEST)DATADIR/.installed-dirs.new"
	mv $(DEST)DATADIR/.installed-dirs.new" $(DEST)DATADIR/.installed-dirs"
	install -m 755 $(INST)/slidetab-gen $(DEST)BINDIR/slidetab-gen"
	install -m 755 $(INST)/slidetab-query $(DEST)BINDIR/slidetab-query"
	install -m 644 $(INSTALL_TABLE_FILES) $(DEST)DATADIR/"
	{ cat $(DEST)DATADIR/.installed" 2>/dev/null || true; printf '%s\n' $(notdir $(INSTALL_TABLE_FILES)); } | sort -u \
		>$(DEST)DATADIR/.installed.new"
	mv $(DEST)DATADIR/.installed.new" $(DEST)DATADIR/.installed"
	install -m 644 include/slidetab.h $(DEST)INCDIR/"
	install -m 644 $(INST)/libslidetab.a $(DEST)LIBDIR/"
	install -m 755 $(INST)/libslidetab.so.$(LIBVERSION) $(DEST)LIBDIR/"
	ln -sf libslidetab.so.$(LIBVERSION) $(DEST)LIBDIR/libslidetab.so.$(SOVERSION)"
	ln -sf libslidetab.so.$(SOVERSION) $(DEST)LIBDIR/libslidetab.so"
	install -m 644 $(B)/slidetab.pc $(DEST)LIBDIR/pkgconfig/slidetab.pc"
	install -m 644 $(B)/man/slidetab-gen.1 $(B)/man/slidetab-query.1 $(DEST)MANDIR/man1/"
	install -m 644 $(B)/man/slidetab.3 $(DEST)MANDIR/man3/"
	@echo "install: the Python package is not installed with the library: it links libslidetab statically;" \
		"install it with pip install ./python (python/README.md), and give it these tables with" \
		"SLIDETAB_TABLES=$$ST_DATADIR or slidetab.open(tables='$$ST_DATADIR')"

# Removes what install installed and nothing else: the tables named in DATADIR/.installed (an
# install without that list: the names in tables/), never a user's own table; the folders install
# created (DATADIR/.installed-dirs; without it, the data folders) only when that leaves them empty.
uninstall:
	$(paths_ok)
	rm -f $(DEST)BINDIR/slidetab-gen" $(DEST)BINDIR/slidetab-query" $(DEST)INCDIR/slidetab.h"
	rm -f $(DEST)LIBDIR/libslidetab.a" $(DEST)LIBDIR/libslidetab.so.$(LIBVERSION)" \
		$(DEST)LIBDIR/libslidetab.so.$(SOVERSION)" $(DEST)LIBDIR/libslidetab.so"
	rm -f $(DEST)LIBDIR/pkgconfig/slidetab.pc"
	rm -f $(DEST)MANDIR/man1/slidetab-gen.1" $(DEST)MANDIR/man1/slidetab-query.1"
	rm -f $(DEST)MANDIR/man3/slidetab.3"
	@d="$$ST_DESTDIR$$ST_DATADIR"; list="$$d/.installed"; [ -f "$$list" ] || list=/dev/null; \
		{ cat "$$list"; [ -f "$$d/.installed" ] || (cd tables && ls *.tbl 2>/dev/null); } | \
		while IFS= read -r f; do case $$f in */*|.*|'') ;; *) echo "rm -f $$d/$$f"; rm -f "$$d/$$f" ;; esac; done; \
		dirs=$$(LC_ALL=C sort -r "$$d/.installed-dirs" 2>/dev/null); \
		rm -f "$$d/.installed" "$$d/.installed-dirs"; rmdir "$$d" "$$ST_DESTDIR$$ST_PREFIX/share/slidetab" 2>/dev/null; \
		echo "$$dirs" | while IFS= read -r p; do [ -z "$$p" ] || rmdir "$$ST_DESTDIR$$p" 2>/dev/null; done; true

# Packages (docs/packaging.md). make dist: DISTDIR/slidetab-VERSION.tar.gz from the files git
# tracks (as they are in the work tree), the same bytes from every run: names sorted, owner 0,
# modes u=rwX,go=rX, every time SOURCE_DATE_EPOCH (default: the last commit's), gzip -n.
DISTDIR ?= .
DIST = slidetab-$(VERSION)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
dist:
	$(paths_ok)
	@test -n "$(SOURCE_DATE_EPOCH)" || { echo "dist: not a git checkout (or give SOURCE_DATE_EPOCH)" >&2; exit 2; }
	@mkdir -p "$$ST_DISTDIR"
	git ls-files -z | LC_ALL=C tar -cf "$$ST_DISTDIR/$(DIST).tar.tmp" --sort=name --format=gnu --owner=0 --group=0 \
		--numeric-owner --mode=u=rwX,go=rX --mtime=@$(SOURCE_DATE_EPOCH) --transform 's,^,$(DIST)/,' \
		--no-recursion --null -T -
	gzip -9n < "$$ST_DISTDIR/$(DIST).tar.tmp" > "$$ST_DISTDIR/$(DIST).tar.gz.tmp"
	rm -f "$$ST_DISTDIR/$(DIST).tar.tmp"
	mv "$$ST_DISTDIR/$(DIST).tar.gz.tmp" "$$ST_DISTDIR/$(DIST).tar.gz"
	@echo "dist: $$ST_DISTDIR/$(DIST).tar.gz"

# The packaging tests make check runs (tests/packaging; each in a copy of the tree or a scratch
# folder): make clean and the package build's clean keep what make did not build (clean.sh); make
# install installs the default tables, INSTALL_TABLES an opt-in set, any PREFIX quoted (install.sh);
# the zlib licence in LICENSE and every route's metadata (licence.sh); the ABI gate on tiny libraries
# (abi.sh) and on the tree (abigate.sh: check-abi, a counted skip without abidiff); the symbols
# file's releases from git and NEWS (symbols.sh); make dist twice (dist.sh); and, but in a
# sanitizer build, the Debian packages (check-deb, a counted skip without debhelper).
check-packaging: bin/gen bin/query libs tables
	@sh tests/packaging/clean.sh
	@SLIDETAB_SAN="$(SAN)" sh tests/packaging/install.sh
	@sh tests/packaging/licence.sh
	@sh tests/packaging/abi.sh
	@sh tests/packaging/abigate.sh
	@sh tests/packaging/symbols.sh
	@sh tests/packaging/dist.sh
	@MAKE="$(MAKE)" SLIDETAB_SANITIZED=$(if $(SAN),1,) sh tests/packaging/deb.sh

# The tarball built in an empty folder with make && make check (opt-in: the whole check, about
# 15 minutes on two cores; CI builds it with check-deb instead).
distcheck:
	@sh tests/packaging/distcheck.sh "$(MAKE)"

# The Debian packages built from the tarball, installed into a scratch root and used there
# (tests/packaging/deb.sh; a counted skip without dpkg-buildpackage and debhelper).
check-deb: bin/query tables
	@MAKE="$(MAKE)" sh tests/packaging/deb.sh

# The ABI gate (abi/check.sh): this .so against the release named in abi/BASELINE, with abidiff.
check-abi: lib/libslidetab.so.$(LIBVERSION)
	@sh abi/check.sh

