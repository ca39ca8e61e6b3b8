// korf: solves Korf's 100 (korf100.txt: 16 tiles and the published length a line) in a worker, timing the whole run.
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
	const db = await openWorker([await Promise.all(files.map((f) => fetchBytes('sets/' + f)))]);
	$('state').textContent = 'solving';
	const t0 = performance.now();
	const out = [];
	for (const [i, l] of lines.entries()) {
		const t = performance.now();
		const path = await db.path(l.slice(0, 16), KORF_GOAL, '4x4');
		out.push(`${i + 1} ${path.length} ${Math.round(performance.now() - t)} ${path}`);
		$('korf').textContent = out.join('\n');
		$('done').textContent = String(i + 1);
	}
	$('total').textContent = String(Math.round(performance.now() - t0));
	$('state').textContent = 'done';
	db.terminate();
} catch (e) {
	$('state').textContent = 'error: ' + e.message;
}
