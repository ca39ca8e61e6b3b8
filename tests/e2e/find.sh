#!/bin/sh
# SPDX-License-Identifier: Zlib
# find.sh: how tables are found and how their absence reads. An
# uninstalled build finds its own tree's tables from any folder, after $SLIDETAB_TABLES (query and
# the in-tree Python module); the advice for a missing table or set builds the fastest set into a
# folder the user owns ($SLIDETAB_TABLES, else ~/.local/share/slidetab/tables), which the search
# then finds; an installed query finds its prefix's tables after the user's; a long message drops
# its last clause before the folders' names; with a 200-character folder every message ends whole,
# through query and Python.
# Run from the repository root after `make`.
set -u
. tests/common.sh
root=$(pwd)
q8='1 2 3 4 5 6 0 7 8'
q15='1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'
mkdir -p "$tmp/else" "$tmp/home" "$tmp/copy"

# The tree's query from another folder: no --tables, no $SLIDETAB_TABLES, no ./tables there.
status_is 0 "the tree's query from another folder answers the 8 puzzle" sh -c "cd '$tmp/else' && echo $q8 | '$root/bin/query'"
out_is "... 2 moves" "2\n"
status_is 0 "... and the 15 puzzle (the tree's 5-5-5 sets)" sh -c "cd '$tmp/else' && echo $q15 | '$root/bin/query'"
out_is "... 1 move" "1\n"
# $SLIDETAB_TABLES comes first: a folder holding a foreign table under the 3x3 name is what is read.
mkdir -p "$tmp/env"
cp tables/2x3-b0.tbl "$tmp/env/3x3-b0.tbl"
status_is 3 "\$SLIDETAB_TABLES is searched before the tree's tables" sh -c \
	"cd '$tmp/else' && echo $q8 | SLIDETAB_TABLES='$tmp/env' '$root/bin/query'"
err_has "... its table refused, by name" "$tmp/env/3x3-b0.tbl"

# A query outside any tree (a copy) with HOME in $tmp: the advice builds into the user's folder.
cp bin/query "$tmp/copy/query"
Q="env -u XDG_DATA_HOME HOME=$tmp/home $tmp/copy/query"
status_is 2 "a copy of query outside the tree: the 8 puzzle's table is missing" sh -c "cd '$tmp/else' && echo $q8 | $Q"
err_has "... the advice builds into ~/.local/share/slidetab/tables" \
	"build it with \`gen --board 3x3 --blank 0 --dir ~/.local/share/slidetab/tables\`"
err_has "... and says what \$SLIDETAB_TABLES is for" "\$SLIDETAB_TABLES, when set, names a folder searched first$"
status_is 2 "... the 15 puzzle's set is missing" sh -c "cd '$tmp/else' && echo $q15 | $Q"
err_has "... the advice is the fastest set, with its size and time" \
	"build the 555 set (0.2 MB, a second) with \`gen --board 4x4 --blank 0 --pdb 555 --dir ~/.local/share/slidetab/tables\`"
err_lacks "... not the 45-minute 7-8 set" "pdb 78"
# The advice as given (gen makes the folder), then the copy finds what it built.
status_is 0 "the advised gen command, as given" sh -c "cd '$tmp/else' && HOME='$tmp/home' && unset XDG_DATA_HOME &&
	'$root/bin/gen' -q --board 3x3 --blank 0 --dir ~/.local/share/slidetab/tables &&
	'$root/bin/gen' -q --board 4x4 --blank 0 --pdb 555 --dir ~/.local/share/slidetab/tables"
status_is 0 "... the copy then answers the 8 puzzle from the user's folder" sh -c "cd '$tmp/else' && echo $q8 | $Q"
out_is "... 2 moves" "2\n"
status_is 0 "... and the 15 puzzle" sh -c "cd '$tmp/else' && echo $q15 | $Q"
out_is "... 1 move" "1\n"
status_is 2 "\$XDG_DATA_HOME names the user's folder" sh -c \
	"cd '$tmp/else' && echo $q8 | env HOME='$tmp/home' XDG_DATA_HOME='$tmp/xdg' '$tmp/copy/query'"
err_has "... in the advice" "--dir \$XDG_DATA_HOME/slidetab/tables\`"
Q0="env -u XDG_DATA_HOME HOME=$tmp/else $tmp/copy/query" # a home with no tables
status_is 2 "with \$SLIDETAB_TABLES set, the advice builds there" sh -c \
	"cd '$tmp/else' && echo $q8 | SLIDETAB_TABLES='$tmp/else' $Q0"
err_has "... --dir \$SLIDETAB_TABLES" "--dir \$SLIDETAB_TABLES\`$"
err_has "... the folders searched, in order" "blank in the class of cell 0) in \$SLIDETAB_TABLES or ./tables; build it"
# An empty $SLIDETAB_TABLES is unset, a relative $XDG_DATA_HOME is ignored (the XDG rule), and a
# folder reached twice (./tables a link to $SLIDETAB_TABLES) is searched and named once.
status_is 2 "an empty \$SLIDETAB_TABLES is not a folder" sh -c "cd '$tmp/else' && echo $q8 | SLIDETAB_TABLES= $Q0"
err_has "... the search is ./tables alone, the advice the user's folder" \
	"in ./tables; build it with \`gen --board 3x3 --blank 0 --dir ~/.local/share/slidetab/tables\`; "
status_is 2 "a relative \$XDG_DATA_HOME is ignored" sh -c \
	"cd '$tmp/else' && echo $q8 | env HOME='$tmp/else' XDG_DATA_HOME=rel '$tmp/copy/query'"
err_has "... the advice is ~/.local/share" "--dir ~/.local/share/slidetab/tables\`"
mkdir -p "$tmp/twice/run" "$tmp/twice/env"
ln -s "$tmp/twice/env" "$tmp/twice/run/tables"
status_is 2 "./tables the same folder as \$SLIDETAB_TABLES" sh -c \
	"cd '$tmp/twice/run' && echo $q8 | SLIDETAB_TABLES='$tmp/twice/env' $Q0"
err_has "... named once" "blank in the class of cell 0) in \$SLIDETAB_TABLES; build it"

# A query in PREFIX/bin reads PREFIX/share/slidetab/tables (an install moved whole), after the
# user's folder: a foreign table under the 3x3 name there is what is read.
pfx=$tmp/pfx
mkdir -p "$pfx/bin" "$pfx/share/slidetab/tables" "$tmp/user/.local/share/slidetab/tables"
cp bin/query "$pfx/bin/query"
cp tables/3x3-b0.tbl "$pfx/share/slidetab/tables/"
status_is 0 "a query in PREFIX/bin answers from PREFIX/share/slidetab/tables" sh -c \
	"cd '$tmp/else' && echo $q8 | env -u XDG_DATA_HOME HOME='$tmp/user' '$pfx/bin/query'"
out_is "... 2 moves" "2\n"
cp tables/2x3-b0.tbl "$tmp/user/.local/share/slidetab/tables/3x3-b0.tbl"
status_is 3 "the user's folder is searched before the installed one" sh -c \
	"cd '$tmp/else' && echo $q8 | env -u XDG_DATA_HOME HOME='$tmp/user' '$pfx/bin/query'"
err_has "... its table refused, by name" "$tmp/user/.local/share/slidetab/tables/3x3-b0.tbl"

# A long message is shortened by its last clause first, the folders' names kept: an installed
# folder of 80 characters makes the missing table's message 290 characters, 231 without the note
# on $SLIDETAB_TABLES (the library's messages hold 255).
share=/share/slidetab/tables
lp=$tmp/$(printf '%080d' 0 | cut -c$((${#tmp} + ${#share} + 2))-)
mkdir -p "$lp/bin" "$lp$share"
cp bin/query "$lp/bin/query"
status_is 2 "an installed folder of 80 characters: the missing table" sh -c \
	"cd '$tmp/else' && echo $q8 | env -u XDG_DATA_HOME HOME='$tmp/else' '$lp/bin/query'"
err_has "... names the folder in full" "in $lp$share or ./tables; build it with \`gen --board 3x3 --blank 0 --dir ~/.local/share/slidetab/tables\`$"

# A 200-character folder: each message ends whole (query prints the library's message).
long=$tmp/$(printf '%0200d' 0 | cut -c$((${#tmp} + 2))-)
mkdir -p "$long"
whole() { # whole NAME END: the last status_is's stderr has one line, ending with END
	if [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ "$(tail -c $((${#2} + 1)) "$tmp/err")" = "$2" ]; then ok "$1"; else
		ko "$1: $(cat "$tmp/err")"; fi
}
status_is 2 "a 200-character folder (${#long}): the missing table" sh -c "echo $q8 | bin/query --tables '$long'"
whole "... the message ends whole" "build it with \`gen --board 3x3 --blank 0\` in that folder"
status_is 2 "... the missing set" sh -c "echo $q15 | bin/query --tables '$long'"
whole "... the message ends whole" "build the 555 set (0.2 MB, a second) with \`gen --board 4x4 --blank 0 --pdb 555\` in that folder"
cp tables/3x3-b0.tbl "$long/"
printf 'XXXX' | dd of="$long/3x3-b0.tbl" bs=1 seek=40 conv=notrunc 2>/dev/null
status_is 3 "... a damaged table" sh -c "echo $q8 | bin/query --tables '$long'"
whole "... the refusal ends whole, naming the file" "/3x3-b0.tbl: header checksum mismatch (the header is damaged)"
status_is 2 "... in \$SLIDETAB_TABLES: the missing set" sh -c "cd '$tmp/else' && echo $q15 | SLIDETAB_TABLES='$long' $Q0"
whole "... the message ends whole" "--pdb 555 --dir \$SLIDETAB_TABLES\`"

# The in-tree Python module, from another folder, finds the tree's tables; its messages are whole
# and say where gen comes from.
PY=${PYTHON:-$(test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)}
if ls python/slidetab/_slidetab*.so >/dev/null 2>&1 && $PY -c 'import numpy' 2>/dev/null; then
	status_is 0 "the in-tree Python module from another folder answers the 8 puzzle" sh -c \
		"cd '$tmp/else' && PYTHONPATH='$root/python' $PY -c 'import slidetab; print(slidetab.open().distance([$(echo $q8 | tr ' ' ,)]))'"
	out_is "... 2 moves" "2\n"
	status_is 0 "Python: the 200-character folder's messages" sh -c "cd '$tmp/else' && PYTHONPATH='$root/python' $PY -c '
import slidetab
for board in ([$(echo $q15 | tr ' ' ,)], [$(echo $q8 | tr ' ' ,)]):
    try:
        slidetab.open(\"$long\").distance(board)
    except slidetab.Error as e:
        print(str(e))
'"
	check "... the missing set: whole" has "$tmp/out" "with \`gen --board 4x4 --blank 0 --pdb 555\` in that folder (gen, slidetab's table builder, is not installed by pip"
	check "... where gen comes from" has "$tmp/out" "builds bin/gen; Debian's slidetab package installs slidetab-gen)$"
	check "... the refusal: whole" has "$tmp/out" "/3x3-b0.tbl: header checksum mismatch (the header is damaged)$"
else
	skipped "the in-tree Python module (make python; numpy)"
fi
summary
