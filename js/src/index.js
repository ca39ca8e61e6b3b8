// slidetab: optimal answers for sliding-tile puzzles in Node and browsers, from lite/ built for wasm32.
//
//   import { open } from 'slidetab';
//   const db = await open();                    // the shipped 2x4 and 3x3 tables, every blank class
//   db.distance([1, 2, 3, 4, 5, 6, 0, 7, 8]);   // 2
//   db.path([1, 2, 3, 4, 5, 6, 0, 7, 8]);       // 'rr'
//   db.hint([1, 2, 3, 4, 5, 6, 0, 7, 8]);       // [2, 'r']: every optimal first move
//
// A board is its tiles row by row, 0 the blank; moves are the blank's: d (down), l, r, u. A goal of
// null means the tiles in order with the blank last. Unsolvable is an answer (null); errors are
// SlidetabError and its subclasses. docs/web.md has the whole API and the wasm exports.

export const version = '0.0.0'; // replaced by make js with include/slidetab.h's version

/** The base class of every error this package throws; status is lite's number (2, 3, 4 or 5). */
export class SlidetabError extends Error {
	constructor(message, status) {
		super(message);
		this.name = new.target.name;
		this.status = status;
	}
}
/** A bad argument: a board's tiles, its length or its shape. */
export class InvalidError extends SlidetabError {}
/** No table or set answers that board and goal's blank class. */
export class NoTableError extends SlidetabError {}
/** Bytes that are not an intact table or set: damaged, cut, foreign or too large. */
export class FormatError extends SlidetabError {}
/** A 15-puzzle search stopped at its node budget (only with a budget). */
export class LimitError extends SlidetabError {}

const STATUS = { 2: InvalidError, 3: NoTableError, 4: FormatError, 5: LimitError };
const UNSOLVABLE = 1;
const MAX_CELLS = 16; // lite's largest board here: 4x4
const BOARD_OF_LENGTH = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 16: [4, 4], 25: [5, 5] };
const IO_GOAL = 16, IO_MOVES = 32; // the offsets of js/src/wasm.c's I/O block
const KIND_EXACT = 1, KIND_PDB = 2; // the header's kind byte (docs/FORMAT.md, offset 20)

/** The tables open() loads when given none: compact tables, one per blank class. */
export const TABLES = ['2x4-b0', '2x4-b1', '3x3-b0', '3x3-b1', '3x3-b4'];

/** The bytes of a file beside this module: from disk under Node (a file: URL), fetched elsewhere. */
export async function load(name) {
	const url = new URL(name, import.meta.url);
	if (url.protocol === 'file:') {
		const fs = await import('node:fs/promises');
		return new Uint8Array(await fs.readFile(url));
	}
	const r = await fetch(url);
	if (!r.ok)
		throw new NoTableError(`slidetab: ${url} could not be fetched (HTTP ${r.status})`, 3);
	return new Uint8Array(await r.arrayBuffer());
}

let compiled;
function wasmModule() {
	compiled ??= load('slidetab.wasm').then((b) => WebAssembly.compile(b));
	return compiled;
}

function asBytes(x, what) {
	if (x instanceof Uint8Array)
		return x;
	if (x instanceof ArrayBuffer)
		return new Uint8Array(x);
	if (ArrayBuffer.isView(x))
		return new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
	throw new InvalidError(`slidetab: ${what} is not bytes (an ArrayBuffer or a typed array)`, 2);
}

// Groups the sources: an exact table alone, a nested array as one set, consecutive pattern files as one set.
function groups(sources) {
	if (sources instanceof ArrayBuffer || ArrayBuffer.isView(sources))
		sources = [sources];
	if (!Array.isArray(sources))
		throw new InvalidError('slidetab: open() takes an array of tables or sets (bytes each)', 2);
	const out = [];
	let set = null;
	sources.forEach((x, i) => {
		if (Array.isArray(x)) {
			out.push({ set: x.map((f, j) => asBytes(f, `source ${i} file ${j}`)), at: `source ${i}` });
			set = null;
			return;
		}
		const b = asBytes(x, `source ${i}`);
		if (b.length > 20 && b[20] === KIND_PDB) {
			if (!set)
				out.push((set = { set: [], at: `source ${i}` }));
			set.set.push(b);
		} else {
			out.push({ table: b, at: `source ${i}` });
			set = null;
		}
	});
	return out;
}

function parseBoard(board, length) {
	let rc = board;
	if (board === undefined || board === null) {
		rc = BOARD_OF_LENGTH[length];
		if (!rc)
			throw new InvalidError(`slidetab: ${length} tiles name no board; give the board ('RxC')`, 2);
	} else if (typeof board === 'string') {
		const m = /^([1-9][0-9]?)x([1-9][0-9]?)$/.exec(board);
		if (!m)
			throw new InvalidError(`slidetab: board '${board}' is not RxC`, 2);
		rc = [Number(m[1]), Number(m[2])];
	}
	if (!Array.isArray(rc) || rc.length !== 2 || !rc.every((v) => Number.isInteger(v) && v >= 1 && v <= 99))
		throw new InvalidError(`slidetab: board ${JSON.stringify(board)} is not 'RxC' or [R, C]`, 2);
	if (rc[0] * rc[1] < 2)
		throw new InvalidError(`slidetab: board ${rc[0]}x${rc[1]} has fewer than 2 cells`, 2);
	return rc;
}

function checkTiles(tiles, n, what, name) {
	if (tiles === null || typeof tiles !== 'object' || typeof tiles.length !== 'number')
		throw new InvalidError(`slidetab: ${what} is not an array of tiles`, 2);
	if (tiles.length !== n)
		throw new InvalidError(`slidetab: ${what} has ${tiles.length} tiles, not the ${n} of a ${name} board`, 2);
	const seen = new Uint8Array(n);
	for (let i = 0; i < n; i++) {
		const t = tiles[i];
		if (!Number.isInteger(t) || t < 0 || t >= n)
			throw new InvalidError(`slidetab: ${what}[${i}] = ${t} is not a tile 0..${n - 1}`, 2);
		if (seen[t]++)
			throw new InvalidError(`slidetab: ${what} holds tile ${t} twice`, 2);
	}
}

/** An open set of tables and pattern-database sets, answering from its own wasm instance. */
export class DB {
	#x; // the instance's exports
	#handles = []; // { h, rows, cols }

	constructor(instance, sources) {
		this.#x = instance.exports;
		for (const g of groups(sources)) {
			const files = g.table ? [g.table] : g.set;
			const ptrs = files.map((b) => this.#copy(b, g.at));
			let h;
			if (g.table) {
				h = this.#x.stw_open_table(ptrs[0], files[0].length);
			} else {
				const pl = this.#alloc(8 * files.length, g.at);
				const u32 = new Uint32Array(this.#x.memory.buffer, pl, 2 * files.length);
				files.forEach((b, i) => ((u32[i] = ptrs[i]), (u32[files.length + i] = b.length)));
				h = this.#x.stw_open_set(pl, pl + 4 * files.length, files.length);
				if (h === -3 && !this.#x.stw_has_solver())
					throw new NoTableError(`slidetab: ${g.at} is a pattern-database set, and this build has no solver`, 3);
			}
			if (h < 0)
				throw new (h === -2 ? InvalidError : FormatError)(
					h === -2 ? `slidetab: ${g.at}: too many tables or files in one set`
						 : `slidetab: ${g.at} is not an intact table${g.set ? ' set' : ''}: damaged, cut, foreign or too large`,
					-h);
			const b = this.#x.stw_board(h);
			this.#handles.push({ h, rows: b >> 4, cols: b & 15 });
		}
	}

	#alloc(n, at) {
		const p = this.#x.stw_alloc(n);
		if (!p)
			throw new SlidetabError(`slidetab: out of memory for ${at} (${n} bytes)`, 2);
		return p;
	}

	#copy(bytes, at) {
		const p = this.#alloc(bytes.length, at);
		new Uint8Array(this.#x.memory.buffer, p, bytes.length).set(bytes);
		return p;
	}

	/** The boards this DB answers, as 'RxC' strings, one per table or set. */
	get boards() {
		return this.#handles.map((t) => `${t.rows}x${t.cols}`);
	}

	// Runs op ('stw_distance', 'stw_path', 'stw_hint') on the first table of the board that
	// answers the goal's class: its non-negative result, or null when unsolvable.
	#run(op, start, goal, board, budget) {
		if (start === null || typeof start !== 'object' || typeof start.length !== 'number')
			throw new InvalidError('slidetab: start is not an array of tiles', 2);
		const [rows, cols] = parseBoard(board, start.length);
		const n = rows * cols, name = `${rows}x${cols}`;
		checkTiles(start, n, 'start', name);
		if (goal !== undefined && goal !== null)
			checkTiles(goal, n, 'goal', name);
		const mine = this.#handles.filter((t) => t.rows === rows && t.cols === cols);
		if (n > MAX_CELLS || mine.length === 0)
			throw new NoTableError(`slidetab: no table for the ${name} board`, 3);
		const io = this.#x.stw_io();
		const mem = new Uint8Array(this.#x.memory.buffer);
		mem.set(start, io);
		if (goal !== undefined && goal !== null)
			mem.set(goal, io + IO_GOAL);
		let rc = -3;
		for (const t of mine) {
			rc = this.#x[op](t.h, goal !== undefined && goal !== null ? 1 : 0, budget);
			if (rc !== -3)
				break;
		}
		if (rc === -UNSOLVABLE)
			return null;
		if (rc < 0) {
			const blank = goal === undefined || goal === null ? n - 1 : Array.from(goal).indexOf(0);
			const msg = rc === -3 ? `slidetab: no ${name} table for a goal with the blank at cell ${blank}`
				  : rc === -4 ? `slidetab: the ${name} table is damaged (an inconsistent entry)`
				  : rc === -5 ? `slidetab: the search stopped at its budget of ${budget} nodes`
					      : `slidetab: the ${name} table refused this position`;
			throw new (STATUS[-rc] ?? SlidetabError)(msg, -rc);
		}
		return rc;
	}

	#moves() {
		const mem = new Uint8Array(this.#x.memory.buffer);
		let p = this.#x.stw_io() + IO_MOVES, s = '';
		while (mem[p])
			s += String.fromCharCode(mem[p++]);
		return s;
	}

	/** The minimum number of moves, or null when the start cannot reach the goal. */
	distance(start, goal = null, board = null, budget = 0) {
		return this.#run('stw_distance', start, goal, board, budget);
	}

	/** The lexicographically smallest optimal move string (the blank's moves), or null. */
	path(start, goal = null, board = null, budget = 0) {
		return this.#run('stw_path', start, goal, board, budget) === null ? null : this.#moves();
	}

	/** [distance, every optimal first move in d < l < r < u order ('' at the goal)], or null. */
	hint(start, goal = null, board = null, budget = 0) {
		const d = this.#run('stw_hint', start, goal, board, budget);
		return d === null ? null : [d, this.#moves()];
	}
}

/** Opens tables and sets (bytes: an exact table each, a pattern-database set as an array of its
 * files in gen's order, or consecutive), or with no argument the shipped tables; a DB of its own. */
export async function open(sources) {
	const module = await wasmModule();
	const instance = await WebAssembly.instantiate(module, {});
	if (sources === undefined || sources === null)
		sources = await Promise.all(TABLES.map((t) => load(`tables/${t}.tbl`)));
	return new DB(instance, sources);
}

/** The same DB inside a Web Worker (a worker thread under Node): every call returns a Promise, so
 * a long 15-puzzle search never blocks the page. terminate() ends the worker. */
export async function openWorker(sources) {
	const url = new URL('./worker.js', import.meta.url);
	let post, stop;
	const pending = new Map();
	let next = 0;
	const receive = (m) => {
		const p = pending.get(m.id);
		pending.delete(m.id);
		if (m.error) {
			const E = { SlidetabError, InvalidError, NoTableError, FormatError, LimitError }[m.error.name] ?? SlidetabError;
			p.reject(new E(m.error.message, m.error.status));
		} else {
			p.resolve(m.value);
		}
	};
	if (typeof Worker === 'function') {
		const w = new Worker(url, { type: 'module' });
		w.onmessage = (e) => receive(e.data);
		post = (m) => w.postMessage(m);
		stop = () => w.terminate();
	} else {
		const { Worker: NodeWorker } = await import('node:worker_threads');
		const w = new NodeWorker(url, { execArgv: [] });
		w.on('message', receive);
		post = (m) => w.postMessage(m);
		stop = () => w.terminate();
	}
	const call = (op, args) =>
		new Promise((resolve, reject) => {
			const id = next++;
			pending.set(id, { resolve, reject });
			post({ id, op, args });
		});
	await call('open', [sources ?? null]);
	return {
		distance: (...a) => call('distance', a),
		path: (...a) => call('path', a),
		hint: (...a) => call('hint', a),
		boards: () => call('boards', []),
		terminate: () => stop()
	};
}
