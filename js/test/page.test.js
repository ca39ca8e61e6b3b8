// SPDX-License-Identifier: Zlib
// page: the page (build/web) in headless Chromium from 127.0.0.1: linked positions answered, and a scripted
// game (keys, a click, a swipe, a hint followed, a solve) with every distance shown checked against bin/query.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { Browser, chromium, serve } from './browser.js';
import { query, ROOT } from './util.js';

const BIN = chromium();
const WEB = ROOT + 'build/web/';
const SETS = existsSync(WEB + 'sets.json') ? JSON.parse(readFileSync(WEB + 'sets.json', 'utf8')) : {};
const skip = !BIN ? 'no chromium; .ci/deps.sh installs it' : !existsSync(WEB + 'index.html') ? 'no build/web (make web)' : false;
const skip15 = skip || (!SETS['4x4-b0'] && 'no 15-puzzle set in build/web (the page ships one with the solver)');

const parse = (s) => s.split(',').map(Number);
const defaultGoal = (n) => Array.from({ length: n }, (_, i) => (i + 1) % n);
// bin/query's distance and --hint line ('14 lr', '0 -', 'unsolvable') of one pair.
const expected = (board, s, g) => {
	const d = query(board, [[s, g]])[0], h = query(board, [[s, g]], '--hint')[0];
	return { distance: d, hint: d === 'unsolvable' ? '' : h.split(' ')[1].replace('-', '') };
};

let server;
test.before(async () => {
	if (!skip)
		server = await serve(WEB);
});
test.after(() => server?.close());

// Another goal (of the centre's class), and an unsolvable seven-puzzle; more positions in the games below.
const links = [['3x3', '8,6,7,2,5,4,3,0,1', '1,2,3,4,0,5,6,7,8'], ['2x4', '7,6,5,4,3,2,1,0', '0,1,2,3,4,5,7,6']];
// (In a tab, awaited until answered: --dump-dom's virtual time once printed a 2x4 link still 'searching…'.)
test('linked positions show their distance and next moves', { skip }, () => inBrowser(async (tab) => {
	for (const [board, s, g] of links) {
		const shownNow = await load(tab, `index.html#${board}:${s}${g ? '/' + g : ''}`);
		const want = expected(board, parse(s), g ? parse(g) : defaultGoal(parse(s).length));
		assert.deepEqual({ distance: shownNow.distance, hint: shownNow.hint }, want, `${board}:${s}/${g}`);
	}
}));

test('linked 15-puzzles, two goal classes, one of Korf\'s 100', { skip: skip15 }, () => inBrowser(async (tab) => {
	// The default goal (the 6-6-3 set), a goal with the blank on an edge (a 5-5-5 set, fetched for it), a Korf position.
	for (const [tiles, goal] of [['2,3,4,8,1,6,7,12,5,10,11,0,9,13,14,15', null],
		['5,1,3,4,2,6,7,8,9,10,0,12,13,14,11,15', '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15'],
		['13,5,4,10,9,12,8,14,2,3,7,1,0,15,11,6', '0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15']]) { // Korf's line 2 (55 moves), his goal
		const shownNow = await load(tab, `index.html#4x4:${tiles}${goal ? '/' + goal : ''}`);
		assert.deepEqual({ distance: shownNow.distance, hint: shownNow.hint },
			expected('4x4', parse(tiles), goal ? parse(goal) : defaultGoal(16)), `${tiles}/${goal}`);
	}
}));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Waits until the page has answered the position it shows (no search, no solve under way).
async function idle(tab, ms = 60000) {
	for (const t0 = Date.now(); Date.now() - t0 < ms;) {
		if (await tab.eval("document.body?.dataset.busy === '0' && document.getElementById('distance').textContent !== 'searching…'"))
			return;
		await sleep(50);
	}
	throw new Error(`the page stayed busy for ${ms / 1000} s`);
}
const shown = (tab) => tab.eval(`({ tiles: [...document.querySelectorAll('#board .tile')].map((e) => +e.dataset.tile),
	goal: [...document.querySelectorAll('#goal .tile')].map((e) => +e.dataset.tile),
	distance: document.getElementById('distance').textContent, hint: document.getElementById('hint').textContent,
	hinttiles: document.getElementById('hinttiles')?.textContent, status: document.getElementById('status').textContent,
	played: +document.getElementById('played').textContent, solution: document.getElementById('solution').textContent,
	hinted: [...document.querySelectorAll('#board .tile.hinted')].map((e) => +e.dataset.cell) })`);
const centre = (tab, sel) => tab.eval(`(() => { const r = document.querySelector(${JSON.stringify(sel)}).getBoundingClientRect();
	return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
async function click(tab, sel) {
	const [x, y] = await centre(tab, sel);
	for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
		await tab.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
}
// A fresh load of the page (about:blank first: a link differing only in its #hash would not reload it).
async function load(tab, path) {
	await tab.send('Page.navigate', { url: 'about:blank' });
	await tab.send('Page.navigate', { url: server.url + path });
	await idle(tab);
	return shown(tab);
}
// The tiles the gap's moves slide, as the page names them: '7 ↑ or 12 ←' (the tile, the way it slides).
const hintTiles = (tiles, letters) => {
	const b = tiles.indexOf(0), w = Math.sqrt(tiles.length);
	return [...letters].map((m) => `${tiles[{ d: b + w, l: b - 1, r: b + 1, u: b - w }[m]]} ${{ d: '↑', l: '→', r: '←', u: '↓' }[m]}`).join(' or ');
};
// The shown answer is bin/query's for the shown tiles and goal.
function answered(board, s, what) {
	const want = expected(board, s.tiles, s.goal);
	assert.deepEqual({ distance: s.distance, hint: s.hint, hinttiles: s.hinttiles },
		{ ...want, hinttiles: hintTiles(s.tiles, want.hint) }, `${what}: ${s.tiles}`);
}
async function inBrowser(f) {
	const b = new Browser(BIN);
	try {
		await f(await b.tab(560, 900));
	} finally {
		await b.close();
	}
}

// Plays on one tab: after every step the shown distance and hint must be bin/query's for the shown tiles.
async function game(t, tab, board, link, steps, shot) {
	const n = board === '4x4' ? 16 : 9;
	const checked = async (what) => {
		await idle(tab);
		const s = await shown(tab);
		answered(board, s, what);
		return s;
	};
	const CODES = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };
	await tab.send('Page.navigate', { url: `${server.url}index.html?pace=30#${link}` });
	let s = await checked('loaded');
	for (const step of steps) {
		const before = s;
		if (step in CODES) {
			for (const type of ['keyDown', 'keyUp'])
				await tab.send('Input.dispatchKeyEvent', { type, key: step, code: step, windowsVirtualKeyCode: CODES[step] });
		} else if (step === 'click') { // the tile left of or above the gap, whichever there is
			const b = before.tiles.indexOf(0), c = b % Math.sqrt(n) ? b - 1 : b - Math.sqrt(n);
			await click(tab, `#board [data-cell="${c}"]`);
		} else if (step === 'swipe') { // a finger drags the tile below the gap up (the gap moves down)
			const [x, y] = await centre(tab, '#board');
			await tab.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y + 40 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + 10 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 20 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
		} else if (step === 'hint') { // the hint marks a tile the gap's first optimal move takes; clicking it is one closer
			await click(tab, '#hintbtn');
			const h = await shown(tab);
			const b = h.tiles.indexOf(0), w = Math.sqrt(n);
			const cell = { d: b + w, l: b - 1, r: b + 1, u: b - w }[h.hint[0]];
			assert.deepEqual(h.hinted, [cell], `the hinted tile: ${JSON.stringify(h)}`);
			if (shot)
				writeFileSync(ROOT + `build/web-${board}.png`, Buffer.from((await tab.send('Page.captureScreenshot', { format: 'png' })).data, 'base64'));
			await click(tab, `#board [data-cell="${cell}"]`);
		} else if (step === 'solve') {
			await click(tab, '#solve');
		}
		s = await checked(step);
		if (step === 'hint')
			assert.equal(Number(s.distance), Number(before.distance) - 1, 'following the hint');
		else if (step === 'solve') {
			assert.equal(s.solution, query(board, [[before.tiles, before.goal]], '--path')[0], 'the solve played query --path');
			assert.deepEqual(s.tiles, s.goal);
			assert.equal(s.played, before.played + before.distance * 1);
		} else { // the gap moved as the step says, or stayed at a wall
			const w = Math.sqrt(n), b = before.tiles.indexOf(0), r = Math.floor(b / w), c = b % w;
			const gap = { ArrowLeft: c + 1 < w && b + 1, ArrowRight: c > 0 && b - 1, ArrowUp: r + 1 < w && b + w,
				ArrowDown: r > 0 && b - w, click: c > 0 ? b - 1 : b - w, swipe: r + 1 < w && b + w }[step];
			assert.equal(s.tiles.indexOf(0), gap === false ? b : gap, `${step}: where the gap went`);
			assert.equal(s.played, before.played + (gap === false ? 0 : 1));
		}
	}
	t.diagnostic(`${board}: ${steps.length} steps checked`);
}

test('a scripted 8-puzzle game, another goal: keys, a click, a swipe, a hint followed, a solve', { skip }, async (t) => {
	const b = new Browser(BIN);
	try {
		const tab = await b.tab(560, 900);
		await game(t, tab, '3x3', '3x3:8,6,7,2,5,4,3,0,1/1,2,3,4,0,5,6,7,8',
			['ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'click', 'swipe', 'hint', 'hint', 'solve'], true);
	} finally {
		await b.close();
	}
});

test('a scripted 15-puzzle game; the download size', { skip: skip15 }, async (t) => {
	const b = new Browser(BIN);
	try {
		const tab = await b.tab(560, 900);
		await game(t, tab, '4x4', '4x4:3,15,4,8,5,1,6,7,14,9,11,12,10,0,2,13',
			['ArrowLeft', 'ArrowDown', 'click', 'hint', 'solve'], true);
		const bytes = tab.events.filter((m) => m.method === 'Network.loadingFinished').reduce((a, m) => a + m.params.encodedDataLength, 0);
		t.diagnostic(`the 15-puzzle page downloaded ${bytes} bytes`);
		assert.ok(bytes <= 3.5e6, `${bytes} bytes over 3.5 MB`);
	} finally {
		await b.close();
	}
});

// The page's defects found by hand, each on a fresh load.
const FIRST = [8, 6, 7, 2, 5, 4, 3, 0, 1]; // the first screen's board (page.js)
const sorted = (t) => t.slice().sort((a, b) => a - b);

test('a frozen tab fails a DevTools call within its timeout, naming the call', { skip }, async () => {
	await inBrowser(async (tab) => {
		await assert.rejects(tab.send('Runtime.evaluate', { expression: 'for (;;);' }, 2000),
			/^Error: Runtime.evaluate .*no answer from chromium in 2 s/);
	});
});

test('the board buttons make whole boards: the 15-puzzle from the first screen, the 8-puzzle from a 15-puzzle', { skip }, async () => {
	await inBrowser(async (tab) => {
		assert.deepEqual((await load(tab, 'index.html')).tiles, FIRST);
		await click(tab, '#b4x4');
		await idle(tab);
		let s = await shown(tab);
		assert.deepEqual([sorted(s.tiles), s.goal], [[...Array(16).keys()], defaultGoal(16)], 'the 15-puzzle button');
		if (!skip15)
			answered('4x4', s, 'the 15-puzzle button');
		await load(tab, 'index.html#4x4:3,15,4,8,5,1,6,7,14,9,11,12,10,0,2,13');
		await click(tab, '#b3x3'); // froze the tab for good: a 3x3 walk from the 16 tiles of the old goal
		await idle(tab);
		s = await shown(tab);
		assert.deepEqual([sorted(s.tiles), s.goal], [[...Array(9).keys()], defaultGoal(9)], 'the 8-puzzle button');
		answered('3x3', s, 'the 8-puzzle button');
	});
});

test('Solve stops at Shuffle, a board button, a new goal and a new link; while it plays no hint is shown', { skip }, async () => {
	const start = '3x3:8,6,7,2,5,4,3,0,1';
	const len = Number(expected('3x3', parse(start.slice(4)), defaultGoal(9)).distance);
	const actions = { shuffle: (tab) => click(tab, '#shuffle'), board: (tab) => click(tab, '#b3x3'),
		goal: (tab) => click(tab, '#setgoal'), link: (tab) => tab.eval("location.hash = '#3x3:1,2,3,4,5,6,0,7,8'") };
	await inBrowser(async (tab) => {
		for (const [name, act] of Object.entries(actions)) {
			await load(tab, `index.html?pace=150#${start}`);
			await click(tab, '#solve');
			let s;
			for (const t0 = Date.now(); ((s = await shown(tab)), s.played < 2);) {
				assert.ok(Date.now() - t0 < 20000, `${name}: the solve did not start`);
				await sleep(20);
			}
			// mid-solve: the distance counts down the path, no hint letters nor tiles of an earlier position
			assert.deepEqual({ hint: s.hint, hinttiles: s.hinttiles, distance: s.distance },
				{ hint: '', hinttiles: '', distance: String(len - s.played) }, `${name}: during the solve`);
			await act(tab);
			await idle(tab);
			const a = await shown(tab);
			await sleep(600); // four paces: a solve still playing would have moved
			const b = await shown(tab);
			assert.deepEqual(b, a, `${name}: the board changed after the solve should have stopped`);
			assert.equal(b.solution, '', `${name}: the stopped solve's path is not shown`);
			answered('3x3', b, name);
		}
	});
});

test('links: a bad percent escape or a refused link leaves the first board, and its message stays', { skip }, async () => {
	const refused = { '#%': /it is not #RxC/, '#%E0%A4%A': /it is not #RxC/, '#4x4:1,3,,2,5,6,8,4,0,,,,,,7': /its start has 15 tiles, not the 16/,
		'#3x3:1,2,3,4,5,6,7,8,0/1,2,3,4,5,6,7,8,9': /its goal lacks tile 0/, '#2x2:1,2,3,3': /its start lacks tile 0/ };
	await inBrowser(async (tab) => {
		for (const [hash, re] of Object.entries(refused)) {
			let s = await load(tab, 'index.html' + hash);
			assert.deepEqual(s.tiles, FIRST, hash);
			answered('3x3', s, hash);
			await sleep(300);
			s = await shown(tab);
			assert.match(s.status, new RegExp(`^the link ${hash.replace(/[%*+?.()[\]]/g, '\\$&')} is refused: ${re.source}`), hash);
			// a refused link after load (hashchange) is reported the same way, the board kept
			await tab.eval(`location.hash = ${JSON.stringify(hash === '#%' ? '#x' : '#%')}`);
			await idle(tab);
			s = await shown(tab);
			assert.deepEqual(s.tiles, FIRST, `${hash}: then a refused hashchange`);
			assert.match(s.status, /^the link #(x|%) is refused: it is not #RxC/);
		}
	});
});

test('no Hint nor Solve before an answer; a search under way says so; the hint names tiles to slide', { skip }, async () => {
	await inBrowser(async (tab) => {
		await load(tab, 'index.html#3x3:1,2,3,4,0,5,7,8,6');
		const html = await tab.eval(`fetch('index.html').then((r) => r.text()).then((t) => {
			const d = new DOMParser().parseFromString(t, 'text/html');
			return [d.getElementById('hintbtn').disabled, d.getElementById('solve').disabled, d.getElementById('distance').textContent]; })`);
		assert.deepEqual(html, [true, true, 'searching…'], 'the page as served, before its script runs');
		answered('3x3', await shown(tab), 'loaded');
		// A move, and the page read in the same task, before any answer: nothing stale, nothing to press.
		const during = await tab.eval(`(() => { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
			const $ = (id) => document.getElementById(id);
			return [$('distance').textContent, $('hint').textContent, $('hinttiles')?.textContent, $('hintbtn').disabled, $('solve').disabled]; })()`);
		assert.deepEqual(during, ['searching…', '', '', true, true]);
		await idle(tab);
		const s = await shown(tab);
		answered('3x3', s, 'after ArrowLeft');
		assert.ok(s.hinttiles.length > 0 && !(await tab.eval("document.getElementById('hintbtn').disabled")));
	});
});
