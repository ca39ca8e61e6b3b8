// SPDX-License-Identifier: Zlib
// solver: the 15-puzzle through the package: the page's zero-aware sets (build/web/sets) answer as bin/query does for every goal class.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { PKG, query, rng, ROOT, shuffled } from './util.js';

const { open, openWorker, FormatError, InvalidError, NoTableError, LimitError } = await import(PKG + 'index.js');
const WEB = ROOT + 'build/web/';
const SETS = existsSync(WEB + 'sets.json') ? JSON.parse(readFileSync(WEB + 'sets.json', 'utf8')) : {};
const skip = !SETS['4x4-b0'] && 'no zero-aware sets in build/web (make web builds them where lite/ has the solver)';
const noSolver = !existsSync(ROOT + 'lite/slidetab_lite_solve.c') && 'no lite/slidetab_lite_solve.c: the wasm has no solver';
const files = (key) => SETS[key].map((f) => new Uint8Array(readFileSync(WEB + 'sets/' + f)));
// The solver's budget status as lite's header numbers it (read from the header, not from index.js).
const header = existsSync(ROOT + 'lite/slidetab_lite_solve.h') ? readFileSync(ROOT + 'lite/slidetab_lite_solve.h', 'utf8') : '';
const EBUDGET = Number(/#define SLIDETAB_LITE_EBUDGET (\d+)/.exec(header)?.[1]);
const spent = (e) => e instanceof LimitError && e.status === EBUDGET;

// A walk of len moves from tiles that never steps straight back.
function walk(r, tiles, len) {
	const t = tiles.slice();
	for (let last = -1; len > 0;) {
		const b = t.indexOf(0), to = [b + 4, b - 1, b + 1, b - 4][r.below(4)];
		if (to < 0 || to > 15 || to === last || (Math.abs(to - b) === 1 && (to >> 2) !== (b >> 2)))
			continue;
		[t[b], t[to]] = [t[to], 0];
		last = b, len--;
	}
	return t;
}

test('4x4: every goal class answered as bin/query does (distance, path, hint)', { skip }, async () => {
	const db = await open([files('4x4-b0'), files('4x4-b1'), files('4x4-b5')]);
	assert.deepEqual(db.boards, ['4x4', '4x4', '4x4']);
	const r = rng(1615);
	const pairs = [];
	for (const blank of [15, 0, 3, 1, 2, 4, 7, 5, 6, 10]) { // corners, edges, centre cells: the three classes
		const goal = walk(r, [...Array(15).keys()].map((i) => i + 1).concat(0), 30);
		const g = goal.slice(), b = g.indexOf(0);
		[g[b], g[blank]] = [g[blank], 0]; // the goal's blank moved onto that cell (any goal is a goal)
		pairs.push([walk(r, g, 16 + r.below(20)), g]);
	}
	pairs.push([[2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0], null]); // unsolvable
	const full = pairs.map(([s, g]) => [s, g ?? [...Array(15).keys()].map((i) => i + 1).concat(0)]);
	assert.deepEqual(pairs.map(([s, g]) => String(db.distance(s, g) ?? 'unsolvable')), query('4x4', full));
	assert.deepEqual(pairs.map(([s, g]) => db.path(s, g) ?? 'unsolvable'), query('4x4', full, '--path'));
	assert.deepEqual(pairs.map(([s, g]) => {
		const h = db.hint(s, g);
		return h === null ? 'unsolvable' : `${h[0]} ${h[1] || '-'}`;
	}), query('4x4', full, '--hint'));
});

// stw_hint takes the smallest path's first letter and asks each later neighbour only for a path of d - 1
// moves: near the goal (walks, every class) and far from it (Korf's lines 1-12: four of two letters), the letters are bin/query's.
test('4x4: hints with several optimal moves are bin/query\'s (the bounded neighbour searches)', { skip }, async () => {
	const db = await open([files('4x4-b0'), files('4x4-b1'), files('4x4-b5')]);
	const r = rng(4949);
	const pairs = [];
	for (const blank of [15, 0, 1, 5, 6, 12]) {
		const goal = walk(r, [...Array(15).keys()].map((i) => i + 1).concat(0), 40);
		const g = goal.slice(), b = g.indexOf(0);
		[g[b], g[blank]] = [g[blank], 0];
		for (const len of [3, 8, 14, 26])
			pairs.push([walk(r, g, len + r.below(4)), g]);
	}
	const korf = readFileSync(ROOT + 'tests/data/korf100.txt', 'utf8').trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
	for (const k of korf.slice(0, 12)) // 45 to 59 moves from the blank-first goal: four hints of two letters
		pairs.push([k.slice(0, 16), [...Array(16).keys()]]);
	const want = query('4x4', pairs, '--hint');
	assert.deepEqual(pairs.map(([s, g]) => {
		const h = db.hint(s, g);
		return `${h[0]} ${h[1] || '-'}`;
	}), want);
	assert.ok(want.filter((l) => l.split(' ')[1].length > 1).length >= 3, 'several hints of two letters or more');
});

test('4x4: a worker answers as the thread does; budgets; a missing class; damaged sets refused', { skip }, async () => {
	const db = await open([files('4x4-b0')]); // consecutive pattern files make one set
	const w = await openWorker([files('4x4-b0')]);
	try {
		const s = [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 14, 0, 15, 12];
		assert.equal(await w.path(s), db.path(s));
		assert.deepEqual(await w.hint(s), db.hint(s));
		// Every call under a budget too small for the position (the root's children alone pass it) stops:
		// a hint, a path and a distance, on this thread and in the worker.
		const far = [...Array(16).keys()].reverse().map((t) => (t + 1) % 16);
		for (const op of ['distance', 'path', 'hint']) {
			for (const budget of [1, 10]) {
				assert.throws(() => db[op](far, null, null, budget), spent, `${op} ${budget}`);
				await assert.rejects(w[op](far, null, null, budget), spent, `worker ${op} ${budget}`);
			}
		}
		await assert.rejects(w.distance(s, s), NoTableError); // s's blank is on an edge: no set of that class is open
	} finally {
		w.terminate();
	}
	const set = files('4x4-b0');
	const small = set.findIndex((f) => f.length < 4096);
	for (let i = 0; i < set[small].length; i += 7) {
		const bad = set.map((f) => f.slice());
		bad[small][i] ^= 0x10;
		await assert.rejects(open([bad]), FormatError, `byte ${i} of ${SETS['4x4-b0'][small]}`);
	}
	// Two of the three patterns: still a lower bound, so still the optimal answers (only slower).
	const s = [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 14, 0, 15, 12];
	assert.equal((await open([set.slice(0, 2)])).path(s), db.path(s));
	await assert.rejects(open([[set[0], set[1].subarray(0, 5000), set[2]]]), FormatError, 'a cut file');
});

test('4x4: sets given back to back (flat) are two sets; a file given twice is named', { skip }, async () => {
	const db = await open([...files('4x4-b0'), ...files('4x4-b1')]);
	assert.deepEqual(db.boards, ['4x4', '4x4']);
	const s = [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 14, 0, 15, 12], g = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
	const full = [[s, [...Array(15).keys()].map((i) => i + 1).concat(0)], [s, g]];
	assert.deepEqual([db.path(s), db.path(s, g)], query('4x4', full, '--path'));
	const set = files('4x4-b0');
	for (const k of [0, 1]) // the first file again, and another
		for (const twice of [[[...set, set[k]]], [...set, set[k]]])
			await assert.rejects(open(twice), (e) => e instanceof InvalidError &&
				new RegExp(`source \\d( file 3)? is (source|file) ${k} again`).test(e.message));
});

test('3x3: a pbit set of two patterns answers as bin/query does; its board is the set\'s', { skip: noSolver }, async () => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-pbit-');
	try {
		const set = ['1,2,3,4', '5,6,7,8'].map((p, i) => {
			execFileSync(ROOT + 'bin/gen', ['-q', '--board', '3x3', '--blank', '0', '--pattern', p, '--entry', 'pbit', '-o', `${dir}/${i}.tbl`],
				{ stdio: 'ignore' });
			return new Uint8Array(readFileSync(`${dir}/${i}.tbl`));
		});
		const db = await open([set]);
		assert.deepEqual(db.boards, ['3x3']);
		const r = rng(33);
		const pairs = [];
		for (let i = 0; i < 200; i++) {
			const g = shuffled(r, 9), b = g.indexOf(0), corner = [0, 2, 6, 8][r.below(4)];
			[g[b], g[corner]] = [g[corner], 0]; // a goal of the set's class: the blank in a corner
			pairs.push([shuffled(r, 9), g]);
		}
		assert.deepEqual(pairs.map(([s, g]) => db.path(s, g) ?? 'unsolvable'), query('3x3', pairs, '--path'));
		assert.throws(() => db.distance([1, 2, 3, 4, 0, 5, 6, 7, 8], [1, 2, 3, 4, 0, 5, 6, 7, 8]), NoTableError);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
