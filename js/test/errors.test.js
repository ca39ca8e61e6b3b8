// errors: every error class, each a SlidetabError with a clear message; unsolvable is an answer; damaged tables refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PKG } from './util.js';

const js = await import(PKG + 'index.js');
const { open, SlidetabError, InvalidError, NoTableError, FormatError, LimitError } = js;
const db = await open();
const table = (name) => new Uint8Array(readFileSync(PKG + `tables/${name}.tbl`));

function throwsClass(fn, cls, re) {
	assert.throws(fn, (e) => {
		assert.equal(e.constructor, cls, `${e.name}: ${e.message}`);
		assert.ok(e instanceof SlidetabError && e instanceof Error);
		assert.match(e.message, re);
		return true;
	});
}

test('the classes are subclasses of SlidetabError', () => {
	for (const c of [InvalidError, NoTableError, FormatError, LimitError])
		assert.ok(c.prototype instanceof SlidetabError);
	assert.ok(SlidetabError.prototype instanceof Error);
});

test('InvalidError: wrong lengths, duplicate or foreign tiles, bad boards', () => {
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 0], null, '3x3'), InvalidError, /start has 8 tiles, not the 9 of a 3x3/);
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 7, 0]), InvalidError, /start holds tile 7 twice/);
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 9, 0]), InvalidError, /start\[7\] = 9 is not a tile 0..8/);
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 1.5, 0]), InvalidError, /start\[7\] = 1.5/);
	throwsClass(() => db.path([1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8]), InvalidError, /goal has 8 tiles/);
	throwsClass(() => db.hint([1, 2, 3, 4, 5, 6, 7, 8, 0], [0, 0, 1, 2, 3, 4, 5, 6, 7]), InvalidError, /goal holds tile 0 twice/);
	throwsClass(() => db.distance([1, 2, 0, 3, 4, 5, 6]), InvalidError, /7 tiles name no board/);
	throwsClass(() => db.distance([1, 2, 3, 0], null, '2by2'), InvalidError, /board '2by2' is not RxC/);
	throwsClass(() => db.distance([1, 2, 3, 0], null, [2]), InvalidError, /is not 'RxC' or \[R, C\]/);
	throwsClass(() => db.distance('123456780'), InvalidError, /start is not an array/);
	throwsClass(() => db.distance(null), InvalidError, /start is not an array/);
});

test('NoTableError: a board or a goal class with no table', async () => {
	throwsClass(() => db.distance([...Array(15).keys()].map((i) => i + 1).concat(0)), NoTableError, /no table for the 4x4 board/);
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 0], null, '4x2'), NoTableError, /no table for the 4x2 board/);
	const only = await open([table('2x4-b0')]);
	assert.equal(only.distance([1, 2, 3, 4, 5, 6, 0, 7]), 1);
	// The goal's blank at cell 1 (class 1): no table of that class is open.
	throwsClass(() => only.distance([1, 0, 2, 3, 4, 5, 6, 7], [1, 0, 2, 3, 4, 5, 6, 7]), NoTableError,
		/no 2x4 table for a goal with the blank at cell 1/);
	throwsClass(() => only.distance([1, 2, 3, 4, 5, 6, 7, 8, 0]), NoTableError, /no table for the 3x3 board/);
	throwsClass(() => (db.distance([...Array(25).keys()])), NoTableError, /5x5/);
});

test('unsolvable is an answer, not an error', () => {
	assert.equal(db.distance([1, 2, 3, 4, 5, 6, 8, 7, 0]), null);
	assert.equal(db.path([1, 2, 3, 4, 5, 6, 8, 7, 0]), null);
	assert.equal(db.hint([1, 2, 3, 4, 5, 6, 8, 7, 0]), null);
	assert.deepEqual(db.hint([1, 2, 3, 4, 5, 6, 7, 8, 0]), [0, '']);
});

test('FormatError: not bytes, foreign bytes, every cut and every flipped byte of a table refused', async () => {
	await assert.rejects(open([42]), InvalidError);
	await assert.rejects(open([new Uint8Array(10)]), FormatError);
	await assert.rejects(open([new TextEncoder().encode('not a table at all, '.repeat(20))]), FormatError);
	const t = table('2x4-b0');
	const probes = [[1, 2, 3, 4, 5, 6, 0, 7], [7, 6, 5, 4, 3, 2, 1, 0], [0, 7, 6, 5, 4, 3, 2, 1]];
	const want = probes.map((s) => db.path(s));
	let refused = 0;
	for (let len = 0; len < t.length; len++) {
		try {
			await open([t.subarray(0, len)]);
			assert.fail(`a cut at ${len} bytes was opened`);
		} catch (e) {
			assert.ok(e instanceof FormatError, `cut at ${len}: ${e}`);
		}
	}
	for (let i = 0; i < t.length; i++) {
		const bad = t.slice();
		bad[i] ^= 1 << (i % 8);
		try {
			const d = await open([bad]);
			assert.deepEqual(probes.map((s) => d.path(s)), want, `byte ${i} flipped answered wrong`);
		} catch (e) {
			assert.ok(e instanceof FormatError, `byte ${i}: ${e}`);
			refused++;
		}
	}
	assert.ok(refused > t.length * 0.9, `${refused} of ${t.length} flips refused`);
});
