# mk/dist.mk: install and uninstall, the pkg-config file and man pages, the Python package and
# wheel, the release tarball, the Debian packages and the ABI gate.
.PHONY: install uninstall version python wheel wheel-tables check-wheel dist distcheck check-deb check-abi

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
# or the program first, so a moved install finds its own. A new PREFIX rebuilds them.
INST = $(B)/install
INST_NAME_OBJ = $(INST)/libslidetab/table/name.o
INST_LIB_OBJ = $(filter-out $(B)/libslidetab/table/name.o,$(LIB_OBJ)) $(INST_NAME_OBJ)
INST_DEFS = -DSLIDETAB_DATADIR='"$(DATADIR)"' -DSLIDETAB_GEN_PROGRAM='"slidetab-gen"'
$(INST)/datadir: FORCE
	@mkdir -p $(INST)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(INST_NAME_OBJ): libslidetab/table/name.c $(INST)/datadir
	$(call compile,$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) $(INST_DEFS))
$(INST)/libslidetab.a: lib/libslidetab.a $(INST_NAME_OBJ)
	cp lib/libslidetab.a $@
	$(AR) rs $@ $(INST_NAME_OBJ)
$(INST)/libslidetab.so.$(LIBVERSION): $(INST_LIB_OBJ)
	$(solink)
$(INST)/slidetab-gen: $(GEN_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a
	$(call link,$(CC) $(ALL_CFLAGS))
$(INST)/slidetab-query: $(QUERY_OBJ) $(GAP_OBJ) lib/libslidetab-common.a $(INST)/libslidetab.a
	$(call link,$(CC) $(ALL_CFLAGS))

# Programs are installed as slidetab-gen and slidetab-query. The tables of tables/ are installed
# into DATADIR and added to DATADIR/.installed, the list uninstall removes by: tables a user
# built there stay.
INST_FILES = $(INST)/slidetab-gen $(INST)/slidetab-query $(INST)/libslidetab.a $(INST)/libslidetab.so.$(LIBVERSION)
# Every path quoted (a PREFIX may hold spaces). The folders an install without DESTDIR creates
# (those missing before, parents included) are listed in DATADIR/.installed-dirs for uninstall,
# which removes them when they are left empty, and no other folder (a DESTDIR tree is deployed
# elsewhere, where its folders may have been there before: none is listed).
INST_DIRS = "$(BINDIR)" "$(DATADIR)" "$(LIBDIR)/pkgconfig" "$(INCDIR)" "$(MANDIR)/man1" "$(MANDIR)/man3"
# The .pc file and the man pages (MAN_PAGES) carry VERSION; the .pc file is rewritten when its
# contents change (PREFIX, LIBDIR, INCDIR or VERSION).
$(B)/man/%: docs/man/% include/slidetab.h
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/' $< > $@
$(B)/slidetab.pc: FORCE
	@mkdir -p $(B)
	@printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: slidetab\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -lslidetab\nLibs.private: -lz -lm -pthread\nCflags: -I$${includedir}\n' \
		'$(PREFIX)' '$(LIBDIR)' '$(INCDIR)' 'optimal answers for sliding-tile puzzles from precomputed tables' \
		'$(VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
# The release (make -s version), for scripts: dist, debian/, the Python package.
version:
	@echo $(VERSION)

# INSTALL_TABLES: what install builds into tables/ first (debian/rules: tables-exact, the exact
# tables alone; a user builds pattern databases with slidetab-gen).
INSTALL_TABLES ?= tables
install: $(INST_FILES) libs $(INSTALL_TABLES) $(MAN_PAGES) $(B)/slidetab.pc
	@for p in $(if $(DESTDIR),,$(INST_DIRS)); do \
		while [ "$$p" != / ] && [ "$$p" != . ] && [ ! -e "$$p" ]; do echo "$$p"; p=$$(dirname "$$p"); done; \
	done >"$(INST)/dirs.new"
	for p in $(INST_DIRS); do install -d "$(DESTDIR)$$p" || exit 1; done
	{ cat "$(DESTDIR)$(DATADIR)/.installed-dirs" 2>/dev/null || true; cat "$(INST)/dirs.new"; } | LC_ALL=C sort -u \
		>"$(DESTDIR)$(DATADIR)/.installed-dirs.new"
	mv "$(DESTDIR)$(DATADIR)/.installed-dirs.new" "$(DESTDIR)$(DATADIR)/.installed-dirs"
	install -m 755 $(INST)/slidetab-gen "$(DESTDIR)$(BINDIR)/slidetab-gen"
	install -m 755 $(INST)/slidetab-query "$(DESTDIR)$(BINDIR)/slidetab-query"
	install -m 644 tables/*.tbl "$(DESTDIR)$(DATADIR)/"
	{ cat "$(DESTDIR)$(DATADIR)/.installed" 2>/dev/null || true; cd tables && ls *.tbl; } | sort -u >"$(DESTDIR)$(DATADIR)/.installed.new"
	mv "$(DESTDIR)$(DATADIR)/.installed.new" "$(DESTDIR)$(DATADIR)/.installed"
	install -m 644 include/slidetab.h "$(DESTDIR)$(INCDIR)/"
	install -m 644 $(INST)/libslidetab.a "$(DESTDIR)$(LIBDIR)/"
	install -m 755 $(INST)/libslidetab.so.$(LIBVERSION) "$(DESTDIR)$(LIBDIR)/"
	ln -sf libslidetab.so.$(LIBVERSION) "$(DESTDIR)$(LIBDIR)/libslidetab.so.$(SOVERSION)"
	ln -sf libslidetab.so.$(SOVERSION) "$(DESTDIR)$(LIBDIR)/libslidetab.so"
	install -m 644 $(B)/slidetab.pc "$(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc"
	install -m 644 $(B)/man/slidetab-gen.1 $(B)/man/slidetab-query.1 "$(DESTDIR)$(MANDIR)/man1/"
	install -m 644 $(B)/man/slidetab.3 "$(DESTDIR)$(MANDIR)/man3/"
	@echo "install: the Python package is not installed with the library: it links libslidetab statically;" \
		"install it with pip install ./python (python/README.md), and give it these tables with" \
		"SLIDETAB_TABLES=$(DATADIR) or slidetab.open(tables='$(DATADIR)')"

# Removes what install installed and nothing else: the tables named in DATADIR/.installed (an
# install without that list: the names in tables/), never a user's own table; the folders install
# created (DATADIR/.installed-dirs; without it, the data folders) only when that leaves them empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/slidetab-gen" "$(DESTDIR)$(BINDIR)/slidetab-query" "$(DESTDIR)$(INCDIR)/slidetab.h"
	rm -f "$(DESTDIR)$(LIBDIR)/libslidetab.a" "$(DESTDIR)$(LIBDIR)/libslidetab.so.$(LIBVERSION)" \
		"$(DESTDIR)$(LIBDIR)/libslidetab.so.$(SOVERSION)" "$(DESTDIR)$(LIBDIR)/libslidetab.so"
	rm -f "$(DESTDIR)$(LIBDIR)/pkgconfig/slidetab.pc"
	rm -f "$(DESTDIR)$(MANDIR)/man1/slidetab-gen.1" "$(DESTDIR)$(MANDIR)/man1/slidetab-query.1"
	rm -f "$(DESTDIR)$(MANDIR)/man3/slidetab.3"
	@d='$(DESTDIR)$(DATADIR)'; list="$$d/.installed"; [ -f "$$list" ] || list=/dev/null; \
		{ cat "$$list"; [ -f "$$d/.installed" ] || (cd tables && ls *.tbl 2>/dev/null); } | \
		while IFS= read -r f; do case $$f in */*|.*|'') ;; *) echo "rm -f $$d/$$f"; rm -f "$$d/$$f" ;; esac; done; \
		dirs=$$(LC_ALL=C sort -r "$$d/.installed-dirs" 2>/dev/null); \
		rm -f "$$d/.installed" "$$d/.installed-dirs"; rmdir "$$d" '$(DESTDIR)$(PREFIX)/share/slidetab' 2>/dev/null; \
		echo "$$dirs" | while IFS= read -r p; do [ -z "$$p" ] || rmdir '$(DESTDIR)'"$$p" 2>/dev/null; done; true

# Packages (docs/packaging.md). make dist: DISTDIR/slidetab-VERSION.tar.gz from the files git
# tracks (as they are in the work tree), the same bytes from every run: names sorted, owner 0,
# modes u=rwX,go=rX, every time SOURCE_DATE_EPOCH (default: the last commit's), gzip -n.
DISTDIR ?= .
DIST = slidetab-$(VERSION)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
dist:
	@test -n "$(SOURCE_DATE_EPOCH)" || { echo "dist: not a git checkout (or give SOURCE_DATE_EPOCH)" >&2; exit 2; }
	@mkdir -p $(DISTDIR)
	git ls-files -z | LC_ALL=C tar -cf $(DISTDIR)/$(DIST).tar.tmp --sort=name --format=gnu --owner=0 --group=0 \
		--numeric-owner --mode=u=rwX,go=rX --mtime=@$(SOURCE_DATE_EPOCH) --transform 's,^,$(DIST)/,' \
		--no-recursion --null -T -
	gzip -9n < $(DISTDIR)/$(DIST).tar.tmp > $(DISTDIR)/$(DIST).tar.gz.tmp
	rm -f $(DISTDIR)/$(DIST).tar.tmp
	mv $(DISTDIR)/$(DIST).tar.gz.tmp $(DISTDIR)/$(DIST).tar.gz
	@echo "dist: $(DISTDIR)/$(DIST).tar.gz"

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

