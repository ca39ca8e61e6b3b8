// SPDX-License-Identifier: Zlib
// util: the tests' shared helpers: paths, a seeded random source, bin/query run on a batch, the header's version.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PKG = ROOT + 'build/js/package/';
export const TABLES = ROOT + 'tables';

/** The version of include/slidetab.h, read here on its own. */
export function headerVersion() {
	const h = readFileSync(ROOT + 'include/slidetab.h', 'utf8');
	const part = (name) => new RegExp(`^#define SLIDETAB_VERSION_${name}\\s+(\\d+)$`, 'm').exec(h)[1];
	return ['MAJOR', 'MINOR', 'PATCH'].map(part).join('.');
}

/** A seeded xorshift32: below(n) is 0..n-1. */
export function rng(seed) {
	let x = seed >>> 0 || 1;
	const next = () => {
		x = (x ^ (x << 13)) >>> 0;
		x = (x ^ (x >>> 17)) >>> 0;
		x = (x ^ (x << 5)) >>> 0;
		return x;
	};
	return { below: (n) => next() % n };
}

/** A random arrangement of 0..n-1 (solvable or not, half each). */
export function shuffled(r, n) {
	const t = Array.from({ length: n }, (_, i) => i);
	for (let i = n - 1; i > 0; i--) {
		const j = r.below(i + 1);
		[t[i], t[j]] = [t[j], t[i]];
	}
	return t;
}

/** bin/query's output lines for these (start, goal) pairs on board, with extra options. */
export function query(board, pairs, ...opts) {
	const input = pairs.map(([s, g]) => s.join(' ') + '\n' + g.join(' ')).join('\n') + '\n';
	const out = execFileSync(ROOT + 'bin/query', ['--tables', TABLES, '--board', board, '--pairs', ...opts],
		{ input, encoding: 'utf8', maxBuffer: 1 << 26 });
	return out.replace(/\n$/, '').split('\n');
}
