// SPDX-License-Identifier: Zlib
// korf: solves Korf's 100 (korf100.txt: 16 tiles and the published length a line) in workers, timing the whole run.
import { openWorker } from './slidetab/index.js';

const $ = (id) => document.getElementById(id);
const KORF_GOAL = Array.from({ length: 16 }, (_, i) => i); // Korf's goal: the blank first, then 1..15
const fetchBytes = async (f) => {
	const r = await fetch(f);
	if (!r.ok)
		throw new Error(`${f}: HTTP ${r.status}`);
	return r.arrayBuffer();
};

try {
	const files = (await (await fetch('sets.json')).json())['4x4-b0'];
	if (!files)
		throw new Error('this page ships no 4x4 set of the corner class');
	const text = await (await fetch('korf100.txt')).text();
	const lines = text.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
	// One worker a core (at most 4), each with its own copy of the set, taking the next puzzle when free.
	const bytes = await Promise.all(files.map((f) => fetchBytes('sets/' + f)));
	const dbs = await Promise.all(Array.from({ length: Math.min(4, navigator.hardwareConcurrency || 1) }, () => openWorker([bytes])));
	$('state').textContent = `solving (${dbs.length} workers)`;
	const t0 = performance.now();
	const out = [];
	let next = 0, done = 0;
	await Promise.all(dbs.map(async (db) => {
		for (let i; (i = next++) < lines.length;) {
			const t = performance.now();
			const path = await db.path(lines[i].slice(0, 16), KORF_GOAL, '4x4');
			out[i] = `${i + 1} ${path.length} ${Math.round(performance.now() - t)} ${path}`;
			$('korf').textContent = out.map((l) => l ?? '').join('\n');
			$('done').textContent = String(++done);
		}
	}));
	$('total').textContent = String(Math.round(performance.now() - t0));
	$('state').textContent = 'done';
	dbs.forEach((db) => db.terminate());
} catch (e) {
	$('state').textContent = 'error: ' + e.message;
}
