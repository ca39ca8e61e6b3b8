// SPDX-License-Identifier: Zlib
// answers: distances, paths and hints of the shipped tables equal bin/query's on random positions and goals.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { query, rng, shuffled, PKG } from './util.js';

const { open } = await import(PKG + 'index.js');
const db = await open();
const N = 1000;


for (const [board, n, classes] of [['2x4', 8, [0, 1]], ['3x3', 9, [0, 1, 4]]]) {
	// Cell c's blank class: the smallest cell of its orbit under the board's symmetries.
	const [rows, cols] = board.split('x').map(Number);
	const cls = (c) => {
		const r = Math.floor(c / cols), k = c % cols, rr = rows - 1 - r, kk = cols - 1 - k;
		const cells = [[r, k], [rr, k], [r, kk], [rr, kk]];
		if (rows === cols)
			cells.push(...cells.map(([a, b]) => [b, a]));
		return Math.min(...cells.map(([a, b]) => a * cols + b));
	};
	const r = rng(n * 7919);
	const pairs = [];
	for (let i = 0; i < N; i++)
		pairs.push([shuffled(r, n), shuffled(r, n)]);
	for (let i = 0; i < 5; i++) // the default goal too, and the goal itself
		pairs.push([shuffled(r, n), null], [Array.from({ length: n }, (_, i) => (i + 1) % n), null]);
	const goalOf = (g) => g ?? Array.from({ length: n }, (_, i) => (i + 1) % n);
	const full = pairs.map(([s, g]) => [s, goalOf(g)]);

	test(`${board}: ${pairs.length} random pairs cover every goal class`, () => {
		const seen = new Set(full.map(([, g]) => cls(g.indexOf(0))));
		assert.deepEqual([...seen].sort(), classes);
	});

	test(`${board}: distances equal bin/query's`, () => {
		const want = query(board, full);
		const got = pairs.map(([s, g]) => db.distance(s, g, board));
		const text = got.map((d) => (d === null ? 'unsolvable' : String(d)));
		assert.deepEqual(text, want);
		assert.ok(got.some((d) => d === null) && got.some((d) => d > 20), 'both unsolvable and long answers');
	});

	test(`${board}: paths equal bin/query --path's`, () => {
		const want = query(board, full, '--path');
		const got = pairs.map(([s, g]) => db.path(s, g, board) ?? 'unsolvable');
		assert.deepEqual(got, want);
	});

	test(`${board}: hints equal bin/query --hint's`, () => {
		const want = query(board, full, '--hint');
		const got = pairs.map(([s, g]) => {
			const h = db.hint(s, g, board);
			return h === null ? 'unsolvable' : `${h[0]} ${h[0] ? h[1] : '-'}`;
		});
		assert.deepEqual(got, want);
	});

	test(`${board}: the board is inferred from ${n} tiles`, () => {
		for (const [s, g] of pairs.slice(0, 50))
			assert.equal(db.distance(s, g), db.distance(s, g, board));
		assert.equal(db.distance(pairs[0][0], pairs[0][1], [rows, cols]), db.distance(pairs[0][0], pairs[0][1]));
	});
}
