#!/bin/sh
# SPDX-License-Identifier: Zlib
# makefiles.sh: the build stays in rooms: the Makefile and each mk/*.mk, one family a file, at most
# 300 lines each (MAKEFILE_LINES). A make file over the budget is split along its families.
. tests/common.sh
max=${MAKEFILE_LINES:-300}
for f in Makefile mk/*.mk; do
	n=$(wc -l <"$f")
	if [ "$n" -le "$max" ]; then ok "$f: $n lines (at most $max)"; else ko "$f: $n lines, over $max: split it by family"; fi
done
[ -f mk/dist.mk ] && grep -q '^include mk/' Makefile && ok "the Makefile includes mk/" || ko "the Makefile does not include mk/*.mk"
summary
