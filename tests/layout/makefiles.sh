#!/bin/sh
# SPDX-License-Identifier: Zlib
# makefiles.sh: the build stays in rooms: the Makefile and each mk/*.mk, one family a file, at most
# 300 lines each (MAKEFILE_LINES). A make file over the budget is split along its families. Each
# recipe once: folders are made by one rule.
. tests/common.sh
max=${MAKEFILE_LINES:-300}
for f in Makefile mk/*.mk; do
	n=$(wc -l <"$f")
	if [ "$n" -le "$max" ]; then ok "$f: $n lines (at most $max)"; else ko "$f: $n lines, over $max: split it by family"; fi
done
[ -f mk/dist.mk ] && grep -q '^include mk/' Makefile && ok "the Makefile includes mk/" || ko "the Makefile does not include mk/*.mk"
# Folders are made one way: the rule %/ in the Makefile, which a rule names as an order-only
# prerequisite (| $$(@D)/); no other recipe makes a folder of the tree (a user's destination,
# "$$ST_DISTDIR", is the user's path).
grep -nE '^(	|@)[^#]*mkdir' Makefile mk/*.mk | grep -v -e ':	@mkdir -p \$@$' -e 'mkdir -p "\$\$ST_' >"$tmp/mkdir"
if [ -s "$tmp/mkdir" ]; then ko "folders made in recipes (name the folder | \$\$(@D)/ instead): $(cut -d: -f1,2 "$tmp/mkdir" | tr '\n' ' ')"
else ok "folders made one way (the rule %/)"; fi
summary
