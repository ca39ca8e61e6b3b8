#!/bin/sh
# SPDX-License-Identifier: Zlib
# format.sh: every C file is in the house style (.clang-format). The style was applied with
# clang-format 14; another version formats some lines differently, so it is a counted skip there.
# Two rules hold for the product code (all C but tests/, bench/ and fuzz/, and the README's C
# example) whatever clang-format there is: no line over 120 columns (tabs of 8; clang-format does
# not break strings or comments), and one statement a line: no `return f(...), v;`.
cd "$(dirname "$0")/../.." || exit 2
files=$(git ls-files --cached --others --exclude-standard '*.c' '*.h' 2>/dev/null | grep -v '^fuzz/corpus')
product=$(echo "$files" | grep -Ev '^(tests|bench|fuzz)/')
# rules FILE...: prints FILE:LINE: RULE for every broken product rule (the README: its ```c blocks).
rules() {
	perl -e '
	for my $f (@ARGV) {
		open my $h, "<", $f or next; local $/; my $s = <$h>; close $h;
		if ($f =~ /\.md$/) { # keep the lines of the C blocks, blank the rest
			my $in = 0;
			$s = join "", map { my $l = $_; my $c = $in && !/^```/;
				$in = /^```c\s*$/ ? 1 : /^```/ ? 0 : $in; $c ? $l : "\n" } split /^/, $s;
		}
		my $n = 0;
		for my $l (split /\n/, $s) { $n++; my $e = $l; # tabs to the next multiple of 8
			1 while $e =~ s/^([^\t]*)\t/$1 . (" " x (8 - length($1) % 8))/e;
			print "$f:$n: over 120 columns\n" if length($e) > 120 }
		# comments, strings and character constants blanked (newlines kept), then every return
		# whose expression has a comma outside parentheses
		$s =~ s{(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\x27(?:\\.|[^\x27\\\n])*\x27)}{ (my $m = $1) =~ s/[^\n]/ /g; $m }gse;
		while ($s =~ /\breturn\b/g) {
			my ($at, $d, $comma) = (pos($s), 0, 0);
			for (my $i = $at; $i < length $s; $i++) {
				my $c = substr($s, $i, 1);
				if ($c =~ /[(\[{]/) { $d++ } elsif ($c =~ /[)\]}]/) { last if --$d < 0 }
				elsif ($c eq ";" && $d == 0) { last } elsif ($c eq "," && $d == 0) { $comma = 1 }
			}
			printf "%s:%d: a comma statement (return f(...), v;): one statement a line\n", $f,
				(substr($s, 0, $at) =~ tr/\n//) + 1 if $comma;
		}
	}' "$@"
}
broken=$(rules $product README.md)
if [ -n "$broken" ]; then
	echo "$broken" >&2
	echo "format: 0 passed, 1 failed, 0 skipped ($(echo "$broken" | wc -l) product lines break a rule)"
	exit 1
fi
if ! command -v clang-format >/dev/null 2>&1 || ! clang-format --version | grep -q 'version 14\.'; then
	echo "format: 0 passed, 0 failed, 1 skipped (needs clang-format 14)"
	exit 0
fi
# idafsm_data.c is written by make idafsm-data (clang-format off; 8.5 MB, which clang-format runs out
# of memory on): test_idafsm and make idafsm-data-check check it instead.
bad=$(for f in $(echo "$files" | grep -v '^libslidetab/search/idafsm_data\.c$'); do clang-format "$f" | cmp -s - "$f" || echo "$f"; done)
if [ -n "$bad" ]; then
	echo "format: not in the house style (make format fixes them):" $bad >&2
	echo "format: 0 passed, 1 failed, 0 skipped"
	exit 1
fi
echo "format: 1 passed, 0 failed, 0 skipped ($(echo "$files" | wc -l) files)"
