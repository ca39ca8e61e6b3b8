// SPDX-License-Identifier: Zlib
// errors: every error class, each a SlidetabError with a clear message; unsolvable is an answer; damaged tables refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { PKG, rng, ROOT, shuffled } from './util.js';

const js = await import(PKG + 'index.js');
const { open, SlidetabError, InvalidError, NoTableError, FormatError, LimitError } = js;
const db = await open();
const table = (name) => new Uint8Array(readFileSync(PKG + `tables/${name}.tbl`));

// CRC-32 (zlib's), to reseal a header this test edits.
function crc32(b) {
	let c = 0xffffffff;
	for (const x of b) {
		c ^= x;
		for (let k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	}
	return (c ^ 0xffffffff) >>> 0;
}

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
	for (const b of [' 2x2', '2x2 ', '2x2x2', 'x2x2'])
		throwsClass(() => db.distance([1, 2, 3, 0], null, b), InvalidError, new RegExp(`board '${b}' is not RxC`));
	throwsClass(() => db.distance([0], null, '1x1'), InvalidError, /board 1x1 has fewer than 2 cells/);
	throwsClass(() => db.distance([1, 2, 3, 0], null, [2]), InvalidError, /is not 'RxC' or \[R, C\]/);
	throwsClass(() => db.distance('123456780'), InvalidError, /start is not an array/);
	throwsClass(() => db.distance(null), InvalidError, /start is not an array/);
});

test('NoTableError: a board or a goal class with no table', async () => {
	// The shipped 15-puzzle set is of the corner class: a goal with the blank on an edge has none.
	const edge = [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
	throwsClass(() => db.distance(edge, edge), NoTableError, /no 4x4 table for a goal with the blank at cell 1/);
	throwsClass(() => db.distance([1, 2, 3, 4, 5, 6, 7, 0], null, '4x2'), NoTableError, /no table for the 4x2 board/);
	const only = await open([table('2x4-b0')]);
	assert.equal(only.distance([1, 2, 3, 4, 5, 6, 0, 7]), 1);
	// The goal's blank at cell 1 (class 1): no table of that class is open.
	throwsClass(() => only.distance([1, 0, 2, 3, 4, 5, 6, 7], [1, 0, 2, 3, 4, 5, 6, 7]), NoTableError,
		/no 2x4 table for a goal with the blank at cell 1/);
	throwsClass(() => only.distance([1, 2, 3, 4, 5, 6, 7, 8, 0]), NoTableError, /no table for the 3x3 board/);
	// No goal: the tiles in order with the blank last (cell 7), of class 0 here, not of class 1.
	const one = await open([table('2x4-b1')]);
	throwsClass(() => one.distance([1, 2, 3, 4, 5, 6, 0, 7]), NoTableError, /no 2x4 table for a goal with the blank at cell 7/);
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

test('budget: a whole number of nodes 0..2^32-1, or none; anything else is an InvalidError', () => {
	const s = [1, 2, 3, 4, 5, 6, 0, 7, 8];
	for (const ok of [undefined, null, 0, 5, 2 ** 32 - 1])
		assert.equal(db.distance(s, null, null, ok), 2, String(ok));
	for (const bad of [2 ** 32, 2 ** 32 + 5, NaN, 'abc', '5', 0.5, {}, true, -1, Infinity, 2 ** 53])
		for (const op of ['distance', 'path', 'hint'])
			throwsClass(() => db[op](s, null, null, bad), InvalidError, /budget .* (not a number of nodes|over 4294967295)/);
});

test('32 exact tables open in one DB, the 33rd is refused (wasm.c\'s table slots)', async () => {
	const t = table('2x4-b0');
	const many = await open(Array(32).fill(t));
	assert.equal(many.boards.length, 32);
	assert.equal(many.distance([1, 2, 3, 4, 5, 6, 0, 7]), 1);
	await assert.rejects(open(Array(33).fill(t)), (e) => e instanceof InvalidError && /source 32: too many tables/.test(e.message));
});

test('intact sets of a kind lite does not read are named, with the gen command to make one it reads', async () => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-kinds-');
	try {
		const gen = (file, ...a) => {
			execFileSync(ROOT + 'bin/gen', ['-q', ...a, '-o', `${dir}/${file}`], { stdio: 'ignore' });
			return new Uint8Array(readFileSync(`${dir}/${file}`));
		};
		// a 4-bit mdres pattern database (gen's default entry) is not "damaged"
		const m = gen('m.tbl', '--board', '3x3', '--blank', '8', '--pattern', '1,2,3,4', '--entry', 'mdres', '--compress', 'none');
		await assert.rejects(open([[m]]), (e) => e instanceof FormatError && !/damaged/.test(e.message) &&
			/source 0 file 0 is an intact \d-bit mdres pattern database of 3x3 \(tiles 1,2,3,4\).* gen --board 3x3 --blank 8 --pdb auto --entry zbit/.test(e.message));
		// another goal: gen's --goal; zlib blocks named
		const g = gen('g.tbl', '--board', '2x4', '--goal', '7 6 5 4 3 2 1 0', '--pattern', '1,2,3');
		await assert.rejects(open([g]), /file 0 is an intact \d-bit mdres pattern database of 2x4 \(tiles 1,2,3, zlib blocks\).* gen --board 2x4 --goal "7 6 5 4 3 2 1 0" --pdb auto --entry zbit/);
		// the tiles in order with the blank first: gen's --blank 0
		const m0 = gen('m0.tbl', '--board', '3x3', '--blank', '0', '--pattern', '1,2,3,4', '--entry', 'mdres', '--compress', 'none');
		await assert.rejects(open([[m0]]), /gen --board 3x3 --blank 0 --pdb auto --entry zbit/);
		// an intact exact header of a board larger than 4x4 (2x4's small header as 2x9, resealed)
		const big = table('2x4-b0').slice(), bv = new DataView(big.buffer);
		big.set([2, 9, 18], 21);
		const hsize = bv.getUint32(16, true);
		bv.setUint32(hsize - 4, crc32(big.subarray(0, hsize - 4)), true);
		await assert.rejects(open([big]), (e) => e instanceof FormatError &&
			/source 0 is an intact exact 2x9 table, larger than the 4x4 this package reads/.test(e.message));
		// damaged stays damaged
		const bad = m.slice();
		bad[30] ^= 1;
		await assert.rejects(open([[bad]]), /damaged, cut, foreign or too large/);
		// the kinds the solver reads, 1-bit zero-aware and placement: intact they open and answer; a
		// damaged block is damage, not "an intact set of another kind"
		for (const entry of ['zbit', 'pbit']) {
			const f = gen(`${entry}.tbl`, '--board', '3x3', '--blank', '8', '--pattern', '1,2,3,4', '--entry', entry, '--compress', 'none');
			assert.equal((await open([[f]])).distance([1, 2, 3, 4, 5, 6, 7, 0, 8]), 1, entry);
			const hurt = f.slice();
			hurt[hurt.length - 1] ^= 1;
			await assert.rejects(open([[hurt]]), (e) => e instanceof FormatError && !/intact .* pattern database/.test(e.message) &&
				/source 0 is not an intact table set: damaged, cut, foreign or too large/.test(e.message), entry);
		}
		// a zero-aware set in the class-major ranking gen wrote before 69a37fc (3): intact, not read
		const old = gen('old.tbl', '--board', '3x3', '--blank', '8', '--pattern', '1,2,3,4', '--entry', 'zbit', '--compress', 'none');
		const ov = new DataView(old.buffer), osize = ov.getUint32(16, true);
		old[25] = 3;
		ov.setUint32(osize - 4, crc32(old.subarray(0, osize - 4)), true);
		await assert.rejects(open([[old]]), (e) => e instanceof FormatError &&
			/is an intact 1-bit zbit pattern database of 3x3 \(tiles 1,2,3,4\).* --entry zbit/.test(e.message));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

test('consecutive pattern files make one set until a pattern overlaps or the board or goal changes', async () => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-groups-');
	try {
		const pat = (file, blank, tiles) => {
			execFileSync(ROOT + 'bin/gen', ['-q', '--board', '3x3', '--blank', blank, '--pattern', tiles, '--entry', 'zbit', '-o', `${dir}/${file}`],
				{ stdio: 'ignore' });
			return new Uint8Array(readFileSync(`${dir}/${file}`));
		};
		const a1 = pat('a1', '8', '1,2,3,4'), a2 = pat('a2', '8', '5,6,7,8'), b1 = pat('b1', '8', '1,2,5,6');
		const b2 = pat('b2', '8', '3,4,7,8'), c2 = pat('c2', '0', '5,6,7,8');
		// a1 | c2 (another goal, no tile in common) | b1 b2 (another goal again) | a1 a2 (a1 overlaps b1)
		const flat = await open([a1, c2, b1, b2, a1, a2]);
		assert.deepEqual(flat.boards, ['3x3', '3x3', '3x3', '3x3']);
		const s = [8, 7, 6, 5, 4, 3, 2, 1, 0];
		assert.equal(flat.distance(s), db.distance(s));
		assert.equal(flat.distance([1, 2, 3, 4, 5, 6, 7, 0, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]), db.distance([1, 2, 3, 4, 5, 6, 7, 0, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

test('exact tables with zlib blocks (gen\'s default) are inflated: answers as the shipped compact tables; damage refused', async () => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-zlib-');
	try {
		const r = rng(49);
		// 2x4: the small header (one block); 3x3: the full header, several blocks; blank classes of the shipped tables
		// 2x2, a table of about 120 bytes: 0 2 / 1 3 reaches 1 2 / 3 0 by d then r (worked by hand)
		execFileSync(ROOT + 'bin/gen', ['-q', '--board', '2x2', '--blank', '3', '-o', `${dir}/s.tbl`], { stdio: 'ignore' });
		const small = await open([new Uint8Array(readFileSync(`${dir}/s.tbl`))]);
		assert.deepEqual([small.path([0, 2, 1, 3]), small.path([1, 2, 0, 3])], ['dr', 'r']);
		for (const [board, blank, n] of [['2x4', '1', 8], ['3x3', '4', 9], ['3x3', '0', 9]]) {
			execFileSync(ROOT + 'bin/gen', ['-q', '--board', board, '--blank', blank, '-o', `${dir}/t.tbl`], { stdio: 'ignore' });
			const z = new Uint8Array(readFileSync(`${dir}/t.tbl`));
			const zdb = await open([z]);
			const goal = [...Array(n).keys()].map((i) => (i < Number(blank) ? i + 1 : i === Number(blank) ? 0 : i));
			for (let i = 0; i < 100; i++) {
				const s = shuffled(r, n);
				assert.deepEqual([zdb.distance(s, goal, board), zdb.path(s, goal, board), zdb.hint(s, goal, board)],
					[db.distance(s, goal, board), db.path(s, goal, board), db.hint(s, goal, board)], `${board} b${blank}: ${s}`);
			}
			for (const at of [z.length - 3, z.length >> 1]) { // a byte of a zlib block
				const bad = z.slice();
				bad[at] ^= 0x40;
				await assert.rejects(open([bad]), (e) => e instanceof FormatError && /damaged, cut, foreign or too large/.test(e.message), `${board}: byte ${at}`);
			}
			await assert.rejects(open([z.subarray(0, z.length - 1)]), FormatError, `${board}: cut`);
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
