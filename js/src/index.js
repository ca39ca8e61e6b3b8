// SPDX-License-Identifier: Zlib
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

/** The base class of every error this package throws; status is lite's number (2, 3, 4 or 16). */
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

const STATUS = { 2: InvalidError, 3: NoTableError, 4: FormatError, 16: LimitError }; // lite/slidetab_lite*.h
const UNSOLVABLE = 1;
const MAX_CELLS = 16; // lite's largest board here: 4x4
const BOARD_OF_LENGTH = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 16: [4, 4], 25: [5, 5] };
const IO_GOAL = 16, IO_MOVES = 32; // the offsets of js/src/wasm.c's I/O block
const KIND_EXACT = 1, KIND_PDB = 2; // the header's kind byte (docs/FORMAT.md, offset 20)

/** The tables open() loads when given none: compact tables, one per blank class. */
export const TABLES = ['2x4-b0', '2x4-b1', '3x3-b0', '3x3-b1', '3x3-b4'];
/** The pattern-database sets open() loads when given none, each with its file count (tables/NAME-1.tbl,
 * ...): '4x4-b0-663', the zero-aware 6-6-3 set of the 15 puzzle's corner class (make js fills it in). */
export const SETS = {};

/** The shipped tables and sets, as open() takes them. */
export async function shipped() {
	const sets = Object.entries(SETS).map(([name, n]) =>
		Promise.all(Array.from({ length: n }, (_, i) => load(`tables/${name}-${i + 1}.tbl`))));
	return Promise.all([...TABLES.map((t) => load(`tables/${t}.tbl`)), ...sets]);
}

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

// The header fields the grouping and the messages need (docs/FORMAT.md: version 1's full header or
// version 2's small one), or null for bytes too short to hold one. Nothing is trusted here: lite checks.
function header(b) {
	if (b.length < 80)
		return null;
	const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
	if (v.getUint32(8, true) === 2) {
		const cells = b[23];
		return { kind: b[20], rows: b[21], cols: b[22], cells, bits: b[24], ranking: b[25], entry: b[26], payload: b[27],
			pattern: v.getUint32(32, true), goal: b.subarray(76, 76 + Math.min(cells, 32)) };
	}
	if (b.length < 120)
		return null;
	return { kind: v.getUint32(20, true), rows: b[24], cols: b[25], cells: b[26], bits: b[27], ranking: v.getUint32(28, true),
		entry: v.getUint32(32, true), payload: v.getUint32(36, true), pattern: v.getUint32(52, true),
		goal: b.subarray(56, 56 + Math.min(b[26], 32)) };
}

// CRC-32/ISO-HDLC (zlib's), the container's checksum: here only to tell an intact header of a kind
// lite does not read from damaged bytes.
let crcTable;
function crc32(b) {
	crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
		for (let k = 0; k < 8; k++)
			n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
		return n;
	});
	let c = 0xffffffff;
	for (let i = 0; i < b.length; i++)
		c = crcTable[(c ^ b[i]) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

// Whether b's header is intact (its magic and CRC): then a refusal is of its kind, not of damage.
function headerIntact(b) {
	if (b.length < 80 || new TextDecoder().decode(b.subarray(0, 8)) !== 'SLIDETAB')
		return false;
	const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
	const size = v.getUint32(8, true) === 2 ? v.getUint32(16, true) : 4096;
	return size >= 80 && size <= b.length && crc32(b.subarray(0, size - 4)) === v.getUint32(size - 4, true);
}

// The bytes zlib stream z inflates to (DecompressionStream: browsers, Node 18 and later).
async function inflate(z) {
	const out = new Blob([z]).stream().pipeThrough(new DecompressionStream('deflate'));
	return new Uint8Array(await new Response(out).arrayBuffer());
}

// An exact table with zlib blocks (gen's default) rewritten in the raw layout lite reads: the same
// header with payload encoding 1, each block inflated (its stored CRC checked first), a new block
// index, sizes and CRCs (docs/FORMAT.md). Anything else, and any table whose blocks do not check
// or inflate, is returned as it is: lite then refuses it as damaged.
async function rawTable(b) {
	const h = header(b);
	if (!h || h.kind !== KIND_EXACT || h.payload !== PAYLOAD_ZLIB || !headerIntact(b))
		return b;
	const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
	try {
		if (v.getUint32(8, true) === 2) { // the small header: one block right after it
			const size = v.getUint32(16, true), stored = v.getUint32(40, true);
			if (size + stored !== b.length || crc32(b.subarray(size)) !== v.getUint32(44, true))
				return b;
			const raw = await inflate(b.subarray(size));
			const out = new Uint8Array(size + raw.length), o = new DataView(out.buffer);
			out.set(b.subarray(0, size));
			out.set(raw, size);
			out[27] = PAYLOAD_RAW;
			o.setUint32(40, raw.length, true);
			o.setUint32(44, crc32(raw), true);
			o.setUint32(size - 4, crc32(out.subarray(0, size - 4)), true);
			return out;
		}
		const count = Number(v.getBigUint64(128, true)), at = Number(v.getBigUint64(152, true));
		if (b.length < 4096 + 16 * count || at + Number(v.getBigUint64(160, true)) !== b.length)
			return b;
		const blocks = [];
		for (let i = 0, e = 4096; i < count; i++, e += 16) {
			const off = at + Number(v.getBigUint64(e, true)), z = b.subarray(off, off + v.getUint32(e + 8, true));
			if (off + z.length > b.length || crc32(z) !== v.getUint32(e + 12, true))
				return b;
			blocks.push(await inflate(z));
		}
		const pay = Math.ceil((4096 + 16 * count) / 4096) * 4096, total = blocks.reduce((a, x) => a + x.length, 0);
		const out = new Uint8Array(pay + total), o = new DataView(out.buffer);
		out.set(b.subarray(0, 4096));
		let off = 0;
		blocks.forEach((x, i) => {
			o.setBigUint64(4096 + 16 * i, BigInt(off), true);
			o.setUint32(4096 + 16 * i + 8, x.length, true);
			o.setUint32(4096 + 16 * i + 12, crc32(x), true);
			out.set(x, pay + off);
			off += x.length;
		});
		o.setUint32(36, PAYLOAD_RAW, true);
		o.setBigUint64(152, BigInt(pay), true);
		o.setBigUint64(160, BigInt(total), true);
		o.setUint32(168, crc32(out.subarray(4096, 4096 + 16 * count)), true);
		o.setUint32(4092, crc32(out.subarray(0, 4092)), true);
		return out;
	} catch {
		return b; // a stream that does not inflate
	}
}

const ENTRY = { 1: 'plain', 2: 'half', 3: 'mdres', 4: 'compact', 5: 'zbit', 6: 'pbit' };
const ENTRY_ZBIT = 5, ENTRY_PBIT = 6, RANK_PLACEMENT = 2, RANK_ZERO_AWARE = 4, PAYLOAD_RAW = 1, PAYLOAD_ZLIB = 2;

// Whether lite's solver reads pattern-database files of header h's kind: 1-bit entries, zero-aware
// or placement, uncompressed (lite/slidetab_lite_solve.c's file_init).
const solverReads = (h) => h.bits === 1 && h.payload === PAYLOAD_RAW &&
	((h.entry === ENTRY_ZBIT && h.ranking === RANK_ZERO_AWARE) || (h.entry === ENTRY_PBIT && h.ranking === RANK_PLACEMENT));

// gen's options for the goal of header h: --blank B when it is the tiles in order, else --goal.
function goalOption(h) {
	const g = Array.from(h.goal), b = g.indexOf(0);
	const inOrder = g.every((t, c) => t === (c < b ? c + 1 : c === b ? 0 : c));
	return inOrder ? `--blank ${b}` : `--goal "${g.join(' ')}"`;
}

// Why lite refused file b (at: where it was given), when its header is intact and names a kind
// lite does not read; null when it is damaged, cut or foreign.
function foreignKind(b, at) {
	const h = header(b);
	if (!h || !headerIntact(b))
		return null;
	const board = `${h.rows}x${h.cols}`, gen = `gen --board ${board} ${goalOption(h)}`;
	if (h.kind === KIND_PDB && !solverReads(h)) {
		const tiles = [...Array(32).keys()].filter((t) => (h.pattern >>> t) & 1).join(',');
		return `${at} is an intact ${h.bits}-bit ${ENTRY[h.entry] ?? `entry-${h.entry}`} pattern database of ${board} ` +
			`(tiles ${tiles}${h.payload === PAYLOAD_ZLIB ? ', zlib blocks' : ''}), and this package's solver reads ` +
			`1-bit sets: make one with ${gen} --pdb ${board === '4x4' ? '663' : 'auto'} --entry zbit --dir DIR`;
	}
	if (h.kind === KIND_EXACT && h.cells > MAX_CELLS)
		return `${at} is an intact exact ${board} table, larger than the 4x4 this package reads`;
	return null;
}

const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// Groups the sources: an exact table alone, a nested array as one set, consecutive pattern files as
// one set until a file of another board or goal, or a pattern overlapping the set's, starts the next.
// A file given twice in one set is refused here (lite would call the set damaged).
function groups(sources) {
	if (sources instanceof ArrayBuffer || ArrayBuffer.isView(sources))
		sources = [sources];
	if (!Array.isArray(sources))
		throw new InvalidError('slidetab: open() takes an array of tables or sets (bytes each)', 2);
	const out = [];
	let set = null;
	const twice = (files, b, at) => {
		const j = files.findIndex((f) => sameBytes(f.b, b));
		if (j >= 0)
			throw new InvalidError(`slidetab: ${at} is ${files[j].at} again (one set holds each pattern once)`, 2);
	};
	sources.forEach((x, i) => {
		if (Array.isArray(x)) {
			const files = [];
			x.forEach((f, j) => {
				const b = asBytes(f, `source ${i} file ${j}`);
				twice(files, b, `source ${i} file ${j}`);
				files.push({ b, at: `file ${j}` });
			});
			out.push({ set: files.map((f) => f.b), at: `source ${i}` });
			set = null;
			return;
		}
		const b = asBytes(x, `source ${i}`), h = header(b);
		if (h && h.kind === KIND_PDB) {
			const fits = set && set.h.rows === h.rows && set.h.cols === h.cols && sameBytes(set.h.goal, h.goal);
			if (fits)
				twice(set.files, b, `source ${i}`);
			if (!fits || (set.tiles & h.pattern) !== 0) {
				out.push((set = { set: [], files: [], at: `source ${i}`, h, tiles: 0 }));
			}
			set.set.push(b);
			set.files.push({ b, at: `source ${i}` });
			set.tiles |= h.pattern;
		} else {
			out.push({ table: b, at: `source ${i}` });
			set = null;
		}
	});
	return out;
}

const MAX_BUDGET = 0xffffffff; // the wasm solver counts nodes in 32 bits

// The budget as wasm takes it: undefined, null or 0 mean none; else a whole number of nodes.
function checkBudget(budget) {
	if (budget === undefined || budget === null)
		return 0;
	if (!Number.isSafeInteger(budget) || budget < 0)
		throw new InvalidError(`slidetab: budget ${typeof budget === 'string' ? `'${budget}'` : String(budget)} is not a ` +
			'number of nodes (a whole number 0 or more; 0 or none: no limit)', 2);
	if (budget > MAX_BUDGET)
		throw new InvalidError(`slidetab: budget ${budget} is over ${MAX_BUDGET} nodes, the most the solver counts ` +
			'(0 or none: no limit)', 2);
	return budget;
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
			const why = h === -4 && files.map((b, i) => foreignKind(b, g.table ? g.at : `${g.at} file ${i}`)).find((x) => x);
			if (why)
				throw new FormatError(`slidetab: ${why}`, 4);
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

	/** The nodes the last distance(), path() or hint() searched (0 when an exact table answered). */
	get nodes() {
		return this.#x.stw_nodes() >>> 0;
	}

	/** The boards this DB answers, as 'RxC' strings, one per table or set. */
	get boards() {
		return this.#handles.map((t) => `${t.rows}x${t.cols}`);
	}

	// Runs op ('stw_distance', 'stw_path', 'stw_hint') on the first table of the board that
	// answers the goal's class: its non-negative result, or null when unsolvable.
	#run(op, start, goal, board, budget) {
		budget = checkBudget(budget);
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
 * files in gen's order, or consecutive), or with no argument the shipped tables and sets (the 2x4
 * and 3x3 boards, and the 15 puzzle with the blank in a corner); a DB of its own. */
export async function open(sources) {
	const module = await wasmModule();
	const instance = await WebAssembly.instantiate(module, {});
	if (sources === undefined || sources === null)
		sources = await shipped();
	else if (sources instanceof ArrayBuffer || ArrayBuffer.isView(sources))
		sources = [sources];
	if (Array.isArray(sources)) // exact tables with zlib blocks inflated into the raw layout
		sources = await Promise.all(sources.map((x) => (Array.isArray(x) || !(x instanceof ArrayBuffer || ArrayBuffer.isView(x)) ? x
			: rawTable(asBytes(x, 'a source')))));
	return new DB(instance, sources);
}

/** The same DB inside a Web Worker (a worker thread under Node): every call returns a Promise, so
 * a long 15-puzzle search never blocks the page. terminate() ends the worker: calls under way and
 * after it reject. An openWorker() that fails ends its worker before it rejects. */
export async function openWorker(sources) {
	const url = new URL('./worker.js', import.meta.url);
	const pending = new Map();
	let next = 0, post, stop, ended = null; // ended: why the worker is gone (then every call rejects)
	const end = (why) => {
		if (ended)
			return;
		ended = why;
		stop();
		for (const p of pending.values())
			p.reject(new SlidetabError(`slidetab: ${why}`, 2));
		pending.clear();
	};
	const receive = (m) => {
		const p = pending.get(m.id);
		pending.delete(m.id);
		if (!p)
			return;
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
		w.onerror = (e) => end(`the worker failed: ${e.message ?? e}`);
		post = (m) => w.postMessage(m);
		stop = () => w.terminate();
	} else {
		const { Worker: NodeWorker } = await import('node:worker_threads');
		const w = new NodeWorker(url, { execArgv: [] });
		w.on('message', receive);
		w.on('error', (e) => end(`the worker failed: ${e.message}`));
		w.on('exit', (code) => end(`the worker exited (${code})`));
		post = (m) => w.postMessage(m);
		stop = () => w.terminate();
	}
	const call = (op, args) =>
		new Promise((resolve, reject) => {
			if (ended)
				return reject(new SlidetabError(`slidetab: ${op}(): ${ended}`, 2));
			const id = next++;
			try {
				post({ id, op, args });
			} catch (e) { // a function or another value the structured clone cannot copy
				return reject(new InvalidError(`slidetab: ${op}()'s arguments cannot be sent to the worker (${e.message})`, 2));
			}
			pending.set(id, { resolve, reject });
		});
	try {
		await call('open', [sources ?? null]);
	} catch (e) {
		end('openWorker() failed, and ended its worker');
		throw e;
	}
	return {
		distance: (...a) => call('distance', a),
		path: (...a) => call('path', a),
		hint: (...a) => call('hint', a),
		boards: () => call('boards', []),
		nodes: () => call('nodes', []),
		terminate: () => end('terminate() ended the worker')
	};
}
