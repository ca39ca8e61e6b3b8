# SPDX-License-Identifier: Zlib
# scratch.sh: sourced by the packaging tests after tests/common.sh. scratch_tree DIR: a copy of this
# work tree in DIR as `make` left it (the tracked files, the objects, archives and programs, the
# default tables), times kept so that make finds it built; a test may plant files in its tables/ and
# run make clean or make install there without touching the tree's own. DEFAULT_EXACT and
# DEFAULT_SETS: the default tables as the README and docs/packaging.md list them (every board up to
# 10 cells; the 4x4 5-5-5 sets of the corner, edge and centre classes, 5x5's 4-4-4-4-4-4, 3x5's and
# 4x5's small sets of every class), written here apart from the Makefile's lists.
DEFAULT_EXACT="2x2-b0 2x3-b0 2x3-b1 2x4-b0 2x4-b1 3x3-b0 3x3-b1 3x3-b4 2x5-b0 2x5-b1 2x5-b2"
DEFAULT_SETS="4x4-b0-555 4x4-b1-555 4x4-b5-555 5x5-b0-444444 3x5-b0-auto6-zbit 3x5-b1-auto5-zbit
3x5-b2-auto5-zbit 3x5-b5-auto5-zbit 3x5-b6-auto5-zbit 3x5-b7-auto5-zbit 4x5-b0-auto4 4x5-b1-auto4
4x5-b2-auto4 4x5-b5-auto4 4x5-b6-auto4 4x5-b7-auto4"
# default_files: the default tables' paths (tables/NAME), one a line, from the stamps of the sets.
default_files() {
	for n in $DEFAULT_EXACT; do echo "tables/$n.tbl"; done
	for s in $DEFAULT_SETS; do cat "tables/.stamp-$s"; done
}
scratch_tree() {
	mkdir -p "$1" || return 1
	for n in $DEFAULT_EXACT $DEFAULT_SETS; do
		[ -f "tables/$n.tbl" ] || [ -f "tables/.stamp-$n" ] || { echo "scratch_tree: $n is not built (make)" >&2; return 1; }
	done
	{ git ls-files; find build/libslidetab build/common build/gen build/query build/gap lib bin -type f -o -type l;
		default_files; for s in $DEFAULT_SETS; do echo "tables/.stamp-$s"; done; } |
		sort -u | while IFS= read -r f; do if [ -e "$f" ] || [ -L "$f" ]; then echo "$f"; fi; done |
		tar -cf - --no-recursion -T - | tar -xf - -C "$1"
}
