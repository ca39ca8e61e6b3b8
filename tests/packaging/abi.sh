#!/bin/sh
# SPDX-License-Identifier: Zlib
# abi.sh: the ABI gate (abi/check.sh compare) on tiny libraries built here, not on the product: a
# removed function, a changed public struct field and a status inserted mid-enum fail it, and pass
# only with a new soname major; an added function, a status added at the end and an unchanged
# library pass (make check-abi runs the gate on the tree). A counted skip without abidiff.
. tests/common.sh
if ! command -v abidiff >/dev/null 2>&1; then
	skipped "ABI gate: no abidiff (.ci/deps.sh pkg installs abigail-tools)"
	summary
	exit $?
fi
# lib NAME SONAME-MAJOR FIELD [extra]: $tmp/NAME/inc/t.h and $tmp/NAME/libt.so (soname libt.so.MAJOR)
# with struct t_error { FIELD; char msg[64]; } and t_open (and t_close unless extra is "noclose";
# plus t_more when it is "more").
lib() {
	d=$tmp/$1
	mkdir -p "$d/inc"
	{
		echo "enum t_status { ${5:-T_OK, T_EINVAL, T_EIO} };"
		echo "struct t_error { $3; char msg[64]; };"
		echo "int t_open(int n, struct t_error *err);"
		[ "${4:-}" = noclose ] || echo "void t_close(int n);"
		[ "${4:-}" = more ] && echo "int t_more(void);"
	} >"$d/inc/t.h"
	{
		echo '#include "t.h"'
		echo 'int t_open(int n, struct t_error *err) { if (err) err->msg[0] = 0; return n; }'
		[ "${4:-}" = noclose ] || echo 'void t_close(int n) { (void)n; }'
		[ "${4:-}" = more ] && echo 'int t_more(void) { return 1; }'
	} >"$d/t.c"
	cc -g -O0 -fPIC -shared -I"$d/inc" -Wl,-soname,"libt.so.$2" -o "$d/libt.so" "$d/t.c"
}
gate() { # gate WANT NAME OLD NEW: abi/check.sh compare exits WANT
	status_is "$1" "$2" sh abi/check.sh compare "$tmp/$3/libt.so" "$tmp/$3/inc" "$tmp/$4/libt.so" "$tmp/$4/inc"
}
lib v1 0 "int status"
lib same 0 "int status"
lib more 0 "int status" more
lib removed 0 "int status" noclose
lib field 0 "long status"
lib removed1 1 "int status" noclose
lib field1 1 "long status"
lib enumend 0 "int status" "" "T_OK, T_EINVAL, T_EIO, T_ETIMEOUT"
lib enummid 0 "int status" "" "T_OK, T_EINVAL, T_ETIMEOUT, T_EIO"
lib enummid1 1 "int status" "" "T_OK, T_EINVAL, T_ETIMEOUT, T_EIO"
gate 0 "the same library passes" v1 same
has "$tmp/out" "the same ABI" && ok "... reported as the same ABI" || ko "... not reported as the same ABI"
gate 0 "an added function passes" v1 more
gate 1 "a removed function (t_close) fails" v1 removed
has "$tmp/out" "t_close" && ok "... and the report names t_close" || ko "... the report does not name t_close"
gate 1 "a changed struct field (int status -> long status) fails" v1 field
has "$tmp/out" "status" && ok "... and the report names the field" || ko "... the report does not name the field"
gate 0 "a removed function with a new soname major (libt.so.1) passes" v1 removed1
gate 0 "a changed struct field with a new soname major passes" v1 field1
# The statuses are in no signature (abidiff does not see them): the gate compares their values.
gate 0 "a status added at the end of the enum passes" v1 enumend
gate 1 "a status inserted mid-enum (T_ETIMEOUT before T_EIO) fails" v1 enummid
has "$tmp/out" "T_EIO: 2, now 3" && ok "... and the report names T_EIO's move" || ko "... the report does not name T_EIO"
gate 0 "a status inserted mid-enum with a new soname major passes" v1 enummid1
summary
