// page: the page (build/web) in headless Chromium from 127.0.0.1: linked positions in --dump-dom's DOM, and a scripted
// game (keys, a click, a swipe, a hint followed, a solve) with every distance shown checked against bin/query.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { Browser, chromium, dumpDom, serve } from './browser.js';
import { query, ROOT } from './util.js';

const BIN = chromium();
const WEB = ROOT + 'build/web/';
const SETS = existsSync(WEB + 'sets.json') ? JSON.parse(readFileSync(WEB + 'sets.json', 'utf8')) : {};
const skip = !BIN ? 'no chromium; .ci/deps.sh installs it' : !existsSync(WEB + 'index.html') ? 'no build/web (make web)' : false;
const skip15 = skip || (!SETS['4x4-b0'] && 'no 15-puzzle set in build/web (the page ships one with the solver)');

const parse = (s) => s.split(',').map(Number);
const text = (dom, id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(dom)?.[1];
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
test('--dump-dom of linked positions holds their distance and next moves', { skip }, async () => {
	for (const [board, s, g] of links) {
		const dom = await dumpDom(BIN, `${server.url}index.html#${board}:${s}${g ? '/' + g : ''}`);
		const want = expected(board, parse(s), g ? parse(g) : defaultGoal(parse(s).length));
		assert.deepEqual({ distance: text(dom, 'distance'), hint: text(dom, 'hint') }, want, `${board}:${s}/${g}`);
	}
});

test('--dump-dom of linked 15-puzzles, two goal classes', { skip: skip15 }, async () => {
	// The default goal (the 6-6-3 set), and a goal with the blank on an edge (a 5-5-5 set, fetched for it).
	for (const [tiles, goal] of [['2,3,4,8,1,6,7,12,5,10,11,0,9,13,14,15', null],
		['5,1,3,4,2,6,7,8,9,10,0,12,13,14,11,15', '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15']]) {
		const dom = await dumpDom(BIN, `${server.url}index.html#4x4:${tiles}${goal ? '/' + goal : ''}`);
		assert.deepEqual({ distance: text(dom, 'distance'), hint: text(dom, 'hint') },
			expected('4x4', parse(tiles), goal ? parse(goal) : defaultGoal(16)), `${tiles}/${goal}`);
	}
});

// Plays on one tab: after every step the shown distance and hint must be bin/query's for the shown tiles.
async function game(t, tab, board, link, steps, shot) {
	const n = board === '4x4' ? 16 : 9;
	const idle = async () => {
		for (let i = 0; i < 1200; i++) {
			if (await tab.eval("document.body?.dataset.busy === '0' && document.getElementById('distance').textContent !== '…'"))
				return;
			await new Promise((r) => setTimeout(r, 50));
		}
		throw new Error('the page stayed busy for 60 s');
	};
	const shown = async () => tab.eval(`({ tiles: [...document.querySelectorAll('#board .tile')].map((e) => +e.dataset.tile),
		goal: [...document.querySelectorAll('#goal .tile')].map((e) => +e.dataset.tile),
		distance: document.getElementById('distance').textContent, hint: document.getElementById('hint').textContent,
		played: +document.getElementById('played').textContent, solution: document.getElementById('solution').textContent,
		hinted: [...document.querySelectorAll('#board .tile.hinted')].map((e) => +e.dataset.cell) })`);
	const checked = async (what) => {
		await idle();
		const s = await shown();
		assert.deepEqual({ distance: s.distance, hint: s.hint }, expected(board, s.tiles, s.goal), `${what}: ${s.tiles}`);
		return s;
	};
	const centre = (sel) => tab.eval(`(() => { const r = document.querySelector(${JSON.stringify(sel)}).getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
	const click = async (sel) => {
		const [x, y] = await centre(sel);
		for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
			await tab.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
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
			await click(`#board [data-cell="${c}"]`);
		} else if (step === 'swipe') { // a finger drags the tile below the gap up (the gap moves down)
			const [x, y] = await centre('#board');
			await tab.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y + 40 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + 10 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 20 }] });
			await tab.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
		} else if (step === 'hint') { // the hint marks a tile the gap's first optimal move takes; clicking it is one closer
			await click('#hintbtn');
			const h = await shown();
			const b = h.tiles.indexOf(0), w = Math.sqrt(n);
			const cell = { d: b + w, l: b - 1, r: b + 1, u: b - w }[h.hint[0]];
			assert.deepEqual(h.hinted, [cell], `the hinted tile: ${JSON.stringify(h)}`);
			if (shot)
				writeFileSync(ROOT + `build/web-${board}.png`, Buffer.from((await tab.send('Page.captureScreenshot', { format: 'png' })).data, 'base64'));
			await click(`#board [data-cell="${cell}"]`);
		} else if (step === 'solve') {
			await click('#solve');
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
		assert.ok(bytes <= 2e6, `${bytes} bytes over 2 MB`);
	} finally {
		await b.close();
	}
});
