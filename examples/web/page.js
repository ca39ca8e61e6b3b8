// SPDX-License-Identifier: Zlib
// page: the puzzle page's logic: the board, its input (mouse, touch, keys), live answers, hint, solve, goal, links.
import { load, open, openWorker, InvalidError, LimitError, NoTableError, TABLES } from './slidetab/index.js';

const $ = (id) => document.getElementById(id);
const MOVES = { d: [1, 0], l: [0, -1], r: [0, 1], u: [-1, 0] }; // the blank's moves
const KEYS = { ArrowLeft: 'r', ArrowRight: 'l', ArrowUp: 'd', ArrowDown: 'u' }; // a tile moves into the gap
const STEP_MS = Number(new URLSearchParams(location.search).get('pace')) || 220; // a solve's ms a move (?pace=MS)
const QUICK_NODES = 200000; // a 15-puzzle search's budget on the page's own thread (some milliseconds)

// The 2x4 and 3x3 tables, answered on this thread (not open()'s default: that would fetch the package's
// 15-puzzle set too, which sets.json names for the page).
const tables = Promise.all(TABLES.map((t) => load(`tables/${t}.tbl`))).then(open);
const sets = fetch('sets.json').then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
const workers = new Map(); // 'RxC-bK' -> Promise of that class's set, open here and in a worker

// epoch: bumped by every new position not reached by a move (shuffle, board, goal, link); a solve
// started in another epoch stops. notice: a message (a refused link) kept until the next action.
const state = { rows: 3, cols: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1], goal: null, played: 0, hint: '', solving: false,
	epoch: 0, notice: '' };

const defaultGoal = (n) => Array.from({ length: n }, (_, i) => (i + 1) % n);
const goalOf = () => state.goal ?? defaultGoal(state.rows * state.cols);
const ARROW = { d: '↑', l: '→', r: '←', u: '↓' }; // the way the tile slides when the gap moves d, l, r, u

// The blank class of cell c: the smallest cell of its orbit under the board's mirrors (and transpose when square).
function blankClass(rows, cols, c) {
	const r = Math.floor(c / cols), k = c % cols, rr = rows - 1 - r, kk = cols - 1 - k;
	const cells = [[r, k], [rr, k], [r, kk], [rr, kk]];
	if (rows === cols)
		cells.push(...cells.map(([a, b]) => [b, a]));
	return Math.min(...cells.map(([a, b]) => a * cols + b));
}

// What answers this board and goal: the tables on this thread; on 4x4 the set of the goal's class,
// on this thread within QUICK_NODES nodes a search (no wait, no lock), else in its Web Worker.
async function answerer(rows, cols, goal) {
	if (rows * cols <= 12) {
		const db = await tables;
		return { hint: async (...a) => db.hint(...a), path: async (...a) => db.path(...a) };
	}
	if (goal.indexOf(0) < 0)
		throw new InvalidError('the goal has no blank (tile 0)', 2);
	const key = `${rows}x${cols}-b${blankClass(rows, cols, goal.indexOf(0))}`;
	if (!workers.has(key))
		workers.set(key, openSet(key));
	const { quick, worker } = await workers.get(key);
	const either = (op) => async (...a) => {
		try {
			return quick[op](...a, QUICK_NODES);
		} catch (e) {
			if (!(e instanceof LimitError))
				throw e;
			return (await worker)[op](...a);
		}
	};
	return { hint: either('hint'), path: either('path') };
}

async function openSet(key) {
	const files = (await sets)[key];
	if (!files)
		throw new NoTableError(`this page has no pattern-database set for ${key}`, 3);
	const bytes = await Promise.all(files.map(async (f) => {
		const r = await fetch('sets/' + f);
		if (!r.ok)
			throw new NoTableError(`sets/${f}: HTTP ${r.status}`, 3);
		return r.arrayBuffer();
	}));
	return { quick: await open([bytes]), worker: openWorker([bytes]) };
}

// Live answers: at most one computation at a time, always for the latest position.
let dirty = false, pumping = false;
function refresh() {
	dirty = true;
	showAnswer('searching…', '', state.notice);
	$('distance').classList.add('searching');
	$('solve').disabled = $('hintbtn').disabled = true;
	if (!pumping)
		pump();
}

// The hint as the tiles to slide (each with the way it slides), from the gap's move letters.
function hintTiles(letters) {
	const b = cellOf(0);
	return [...letters].map((m) => `${state.tiles[b + MOVES[m][0] * state.cols + MOVES[m][1]]} ${ARROW[m]}`).join(' or ');
}

function showAnswer(distance, hint, status) {
	$('distance').textContent = distance;
	$('distance').classList.remove('searching');
	$('hint').textContent = hint;
	$('hinttiles').textContent = hintTiles(hint);
	$('status').textContent = status;
}
async function pump() {
	pumping = true;
	document.body.dataset.busy = '1';
	while (dirty) {
		dirty = false;
		const { rows, cols } = state, start = state.tiles.slice(), goal = goalOf();
		let text, hint = '', err = '';
		try {
			const h = await (await answerer(rows, cols, goal)).hint(start, goal, [rows, cols]);
			text = h === null ? 'unsolvable' : String(h[0]);
			hint = h === null ? '' : h[1];
		} catch (e) {
			text = '—';
			err = e.message;
		}
		if (!dirty && !state.solving) {
			showAnswer(text, hint, err || state.notice);
			state.hint = hint;
			$('solve').disabled = state.solving || !(Number(text) > 0);
			$('hintbtn').disabled = state.solving || hint === '';
		}
	}
	pumping = false;
	document.body.dataset.busy = state.solving ? '1' : '0';
}

function cellOf(tile, tiles = state.tiles) {
	return tiles.indexOf(tile);
}

// Moves the blank by letter m if it can: true when it moved.
function move(m) {
	const b = cellOf(0), r = Math.floor(b / state.cols) + MOVES[m][0], c = (b % state.cols) + MOVES[m][1];
	if (r < 0 || r >= state.rows || c < 0 || c >= state.cols)
		return false;
	const to = r * state.cols + c;
	[state.tiles[b], state.tiles[to]] = [state.tiles[to], 0];
	state.played++;
	return true;
}

function played() {
	state.notice = '';
	history.replaceState(null, '', '#' + link());
	render();
	refresh();
}

function userMove(m) {
	if (!state.solving && move(m))
		played();
}

// A tap on cell c: the tiles between it and the gap (same row or column) slide, one move each.
function tap(c) {
	const b = cellOf(0), br = Math.floor(b / state.cols), bc = b % state.cols;
	const r = Math.floor(c / state.cols), k = c % state.cols;
	const m = r === br ? (k < bc ? 'l' : 'r') : k === bc ? (r < br ? 'u' : 'd') : null;
	if (!m || c === b || state.solving)
		return;
	for (let i = Math.abs(r - br) + Math.abs(k - bc); i > 0; i--)
		move(m);
	played();
}

function drawBoard(el, rows, cols, tiles, goal, hinted) {
	el.style.gridTemplateColumns = `repeat(${cols}, var(--cell))`;
	el.replaceChildren(...tiles.map((t, c) => {
		const d = document.createElement('div');
		d.className = 'tile' + (t === 0 ? ' blank' : '') + (goal && t && goal[c] === t ? ' home' : '') + (c === hinted ? ' hinted' : '');
		d.dataset.tile = String(t);
		d.dataset.cell = String(c);
		d.textContent = t ? String(t) : '';
		return d;
	}));
}

function render(hinted = -1) {
	drawBoard($('board'), state.rows, state.cols, state.tiles, goalOf(), hinted);
	drawBoard($('goal'), state.rows, state.cols, goalOf(), null, -1);
	$('played').textContent = String(state.played);
	for (const b of ['b3x3', 'b4x4'])
		$(b).classList.toggle('on', $(b).dataset.board === `${state.rows}x${state.cols}`);
}

function link() {
	const t = `${state.rows}x${state.cols}:${state.tiles.join(',')}`;
	return state.goal ? `${t}/${state.goal.join(',')}` : t;
}

// Why the tiles of a link are not a board of n cells ('' when they are: 0..n-1 once each).
function badTiles(what, tiles, n) {
	if (tiles.length !== n)
		return `its ${what} has ${tiles.length} tiles, not the ${n} of the board`;
	const seen = new Set(tiles);
	const missing = [...Array(n).keys()].filter((t) => !seen.has(t));
	return missing.length ? `its ${what} lacks tile${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : '';
}

// Reads #RxC:t,t,... or #RxC:start/goal; a malformed link is reported (until the next action) and
// leaves the board as it is.
function fromLink(hash) {
	let text = hash;
	try {
		text = decodeURIComponent(hash);
	} catch {
		text = null; // a bad percent escape
	}
	const m = text && /^#?([1-9])x([1-9]):([0-9,]+)(?:\/([0-9,]+))?$/.exec(text);
	const n = m ? Number(m[1]) * Number(m[2]) : 0;
	const tiles = m ? m[3].split(',').map((t) => (t === '' ? NaN : Number(t))) : [];
	const goal = m?.[4] ? m[4].split(',').map((t) => (t === '' ? NaN : Number(t))) : null;
	const why = !m ? 'it is not #RxC:t,t,... or #RxC:start/goal' : badTiles('start', tiles, n) || (goal ? badTiles('goal', goal, n) : '');
	if (why) {
		if (hash.length > 1)
			state.notice = `the link ${hash} is refused: ${why}`;
		return false;
	}
	state.rows = Number(m[1]), state.cols = Number(m[2]);
	state.tiles = tiles, state.goal = goal;
	state.played = 0;
	newEpoch();
	return true;
}

// A position not reached by a move: a solve under way stops (its path is no longer the answer).
function newEpoch() {
	state.epoch++;
	state.notice = '';
	if (state.solving)
		$('solution').textContent = '';
	state.solving = false;
}

function shuffle(rows, cols) {
	state.rows = rows, state.cols = cols;
	if (state.goal && state.goal.length !== rows * cols)
		state.goal = null;
	newEpoch();
	state.tiles = goalOf().slice();
	// A random walk that never steps straight back: 200 moves on 3x3 (any depth), 40 on 4x4 (searches stay short).
	let last = '';
	const undo = { d: 'u', u: 'd', l: 'r', r: 'l' };
	for (let i = rows * cols > 9 ? 40 : 200; i > 0 && rows * cols > 1;) {
		const m = 'dlru'[Math.floor(Math.random() * 4)];
		if (m !== undo[last] && move(m))
			(last = m), i--;
	}
	state.played = 0;
	played();
}

// Plays the smallest optimal path; the distance counts down, no hint is shown. A new position
// (shuffle, board, goal, link) stops it.
async function solve() {
	const { rows, cols } = state, start = state.tiles.slice(), goal = goalOf(), epoch = state.epoch;
	state.solving = true;
	document.body.dataset.busy = '1';
	$('solve').disabled = $('hintbtn').disabled = true;
	let err = '';
	try {
		const path = await (await answerer(rows, cols, goal)).path(start, goal, [rows, cols]);
		if (epoch !== state.epoch)
			return;
		$('solution').textContent = path ?? '';
		for (let i = 0; i < (path ?? '').length; i++) {
			showAnswer(String(path.length - i), '', '');
			render();
			await new Promise((r) => setTimeout(r, STEP_MS));
			if (epoch !== state.epoch)
				return;
			move(path[i]);
			history.replaceState(null, '', '#' + link());
		}
		render();
	} catch (e) {
		err = e.message;
	}
	if (epoch !== state.epoch)
		return;
	state.solving = false;
	state.notice = err;
	refresh();
}

function showHint() {
	if (!state.hint)
		return;
	const b = cellOf(0), [dr, dc] = MOVES[state.hint[0]];
	render(b + dr * state.cols + dc);
}

let down = null;
$('board').addEventListener('pointerdown', (e) => {
	const t = e.target.closest('.tile');
	down = { x: e.clientX, y: e.clientY, cell: t ? Number(t.dataset.cell) : -1 };
	$('board').focus();
});
$('board').addEventListener('pointerup', (e) => {
	if (!down)
		return;
	const dx = e.clientX - down.x, dy = e.clientY - down.y;
	if (Math.max(Math.abs(dx), Math.abs(dy)) > 24) // a swipe: the tile beside the gap moves that way
		userMove(Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? 'r' : 'l') : dy < 0 ? 'd' : 'u');
	else if (down.cell >= 0)
		tap(down.cell);
	down = null;
});
document.addEventListener('keydown', (e) => {
	if (KEYS[e.key]) {
		e.preventDefault();
		userMove(KEYS[e.key]);
	}
});
$('b3x3').onclick = () => shuffle(3, 3);
$('b4x4').onclick = () => shuffle(4, 4);
$('shuffle').onclick = () => shuffle(state.rows, state.cols);
$('hintbtn').onclick = showHint;
$('solve').onclick = solve;
$('setgoal').onclick = () => (newEpoch(), (state.goal = state.tiles.slice()), played());
$('defaultgoal').onclick = () => (newEpoch(), (state.goal = null), played());
window.addEventListener('hashchange', () => {
	if (location.hash.slice(1) === link())
		return;
	if (fromLink(location.hash))
		render(), refresh();
	else
		$('status').textContent = state.notice;
});

fromLink(location.hash);
render();
refresh();
