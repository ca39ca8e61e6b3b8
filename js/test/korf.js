// SPDX-License-Identifier: Zlib
// korf: `make bench-web`, in headless Chromium: Korf's 100 solved by the page (build/web/korf.html), every length
// checked against the published one and every path played; hints for 100 random 15-puzzle positions in a worker
// (the distribution of their times, checked against bin/query); wasm's nodes per second against native lite's
// (build/bench/litenodes) on the same set and lines, one after the other.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Browser, chromium, serve } from './browser.js';
import { query, rng, ROOT, shuffled } from './util.js';

const bin = chromium();
if (!bin) {
	console.log('bench-web: SKIP no chromium; .ci/deps.sh installs it');
	process.exit(0);
}
const korf = readFileSync(ROOT + 'tests/data/korf100.txt', 'utf8').trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
// Plays the blank's moves on tiles; the end position, or null at a move off the board.
const play = (tiles, path) => {
	const t = tiles.slice();
	for (const m of path) {
		const b = t.indexOf(0), r = b >> 2, c = b & 3;
		const to = { d: r < 3 && b + 4, u: r > 0 && b - 4, l: c > 0 && b - 1, r: c < 3 && b + 1 }[m];
		if (to === false || to === undefined)
			return null;
		[t[b], t[to]] = [t[to], 0];
	}
	return t;
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const SET = JSON.parse(readFileSync(ROOT + 'build/web/sets.json', 'utf8'))['4x4-b0'];
// 100 random solvable 15-puzzle positions (seeded), the default goal: tiles in order, the blank last.
const GOAL = [...Array(15).keys()].map((i) => i + 1).concat(0);
const r = rng(4915);
const randoms = Array.from({ length: 100 }, () => {
	const t = shuffled(r, 16);
	// Solvable when the permutation's parity (cell -> the goal cell of its tile) is the blank's taxicab distance's.
	const to = t.map((x) => (x ? x - 1 : 15)), seen = new Set();
	let cycles = 0;
	for (let c = 0; c < 16; c++) {
		if (seen.has(c))
			continue;
		cycles++;
		for (let d = c; !seen.has(d); d = to[d])
			seen.add(d);
	}
	const b = t.indexOf(0);
	if ((16 - cycles) % 2 !== (6 - (b >> 2) - (b & 3)) % 2) { // unsolvable for this goal: swap two tiles
		const [i, j] = [0, 1, 2].filter((c) => t[c]).slice(0, 2);
		[t[i], t[j]] = [t[j], t[i]];
	}
	return t;
});
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
// In a tab: the package's module from the served page, the set's bytes, each call timed.
const HINTS = `(async (positions, files) => {
	const m = await import('./slidetab/index.js');
	const bytes = await Promise.all(files.map((f) => fetch('sets/' + f).then((r) => r.arrayBuffer())));
	const w = await m.openWorker([bytes]);
	const out = [];
	for (const p of positions) {
		const t = performance.now();
		const h = await w.hint(p);
		out.push([performance.now() - t, h, await w.nodes()]);
	}
	w.terminate();
	return out;
})`;
const RATE = `(async (lines, files) => {
	const m = await import('./slidetab/index.js');
	const bytes = await Promise.all(files.map((f) => fetch('sets/' + f).then((r) => r.arrayBuffer())));
	const db = await m.open([bytes]);
	const goal = Array.from({ length: 16 }, (_, i) => i);
	let nodes = 0, lens = [];
	const t = performance.now();
	for (const l of lines) {
		lens.push(db.distance(l, goal, '4x4'));
		nodes += db.nodes;
	}
	return { ms: performance.now() - t, nodes, lens };
})`;
const server = await serve(ROOT + 'build/web/');
const browser = new Browser(bin);
let bad = 0;
try {
	const tab = await browser.tab(800, 900);
	await tab.send('Page.navigate', { url: server.url + 'korf.html' });
	let state = '';
	for (let i = 0; i < 12000 && !/^(done|error)/.test(state); i++) {
		await new Promise((r) => setTimeout(r, 100));
		state = await tab.eval("document.getElementById('state')?.textContent ?? ''");
	}
	const lines = (await tab.eval("document.getElementById('korf').textContent")).split('\n');
	const total = await tab.eval("document.getElementById('total').textContent");
	for (const [i, k] of korf.entries()) {
		const [n, len, ms, path = ''] = (lines[i] ?? '').split(' ');
		const end = play(k.slice(0, 16), path);
		if (Number(n) !== i + 1 || Number(len) !== k[16] || path.length !== k[16] || !end || end.some((t, c) => t !== c)) {
			console.log(`bench-web: FAIL Korf ${i + 1}: ${lines[i] ?? 'no answer'} (published length ${k[16]})`);
			bad++;
		}
		void ms;
	}
	const cpu = browser.cpuSeconds();
	const bytes = tab.events.filter((m) => m.method === 'Network.loadingFinished').reduce((a, m) => a + m.params.encodedDataLength, 0);
	console.log(`bench-web: Korf's 100 in headless Chromium (the zero-aware 6-6-3 set): ${state}, ${100 - bad} of 100 optimal and valid,` +
		` total ${total} ms (target 10,000 ms; Chromium's CPU time ${cpu} s, load average ${load()}); korf.html downloaded ${bytes} bytes`);

	// Hints: each of the 100 random positions in a worker, as the page asks past its quick budget.
	const hints = await tab.send('Runtime.evaluate', { expression: `${HINTS}(${JSON.stringify(randoms)}, ${JSON.stringify(SET)})`,
		returnByValue: true, awaitPromise: true }, 1800000);
	const got = hints.result.value;
	const want = query('4x4', randoms.map((t) => [t, GOAL]), '--hint');
	got.forEach(([, h], i) => {
		if (`${h[0]} ${h[1] || '-'}` !== want[i]) {
			console.log(`bench-web: FAIL random position ${i + 1}: hint ${h} where bin/query says ${want[i]}`);
			bad++;
		}
	});
	const ms = got.map((x) => x[0]).sort((a, b) => a - b), nodes = got.map((x) => x[2]).sort((a, b) => a - b);
	const dist = (v, f) => [50, 90, 95, 99, 100].map((p) => `p${p} ${f(pct(v, p))}`).join(', ');
	console.log(`bench-web: hints for 100 random 15-puzzle positions (distances ${Math.min(...got.map((x) => x[1][0]))}..` +
		`${Math.max(...got.map((x) => x[1][0]))}) in a worker: ms ${dist(ms, (x) => x.toFixed(1))}; ` +
		`p95 ${pct(ms, 95) <= 100 ? 'within' : 'over'} the 100 ms target; nodes a hint ${dist(nodes, String)} (load average ${load()})`);
	const buckets = [10, 20, 50, 100, 200, 500, Infinity].map((b, i, a) => `${i ? a[i - 1] : 0}-${b === Infinity ? '' : b} ms: ` +
		ms.filter((x) => x >= (i ? a[i - 1] : 0) && x < b).length).join(', ');
	console.log(`bench-web: hint times: ${buckets}`);

	// Nodes per second: Korf's lines 1-10 on the page's thread (wasm), then native lite on the same files.
	const ten = korf.slice(0, 10).map((k) => k.slice(0, 16));
	const cpu0 = browser.cpuSeconds();
	const w = (await tab.send('Runtime.evaluate', { expression: `${RATE}(${JSON.stringify(ten)}, ${JSON.stringify(SET)})`,
		returnByValue: true, awaitPromise: true }, 1800000)).result.value;
	const wcpu = browser.cpuSeconds() - cpu0;
	w.lens.forEach((l, i) => l !== korf[i][16] && (bad++, console.log(`bench-web: FAIL Korf ${i + 1} in wasm: ${l}`)));
	const native = execFileSync(ROOT + 'build/bench/litenodes', [ROOT + 'tests/data/korf100.txt', '1', '10', 'zbit-663',
		...SET.map((f) => ROOT + 'build/web/sets/' + f)], { encoding: 'utf8' });
	const sum = /# zbit-663 \(\d+ bytes\): (?:lite )?(\d+) nodes, ([\d.]+) s of CPU, (\d+) nodes\/s/.exec(native);
	if (!sum)
		throw new Error(`build/bench/litenodes printed no summary line this script reads:\n${native.split('\n').slice(-3).join('\n')}`);
	// Wall time counts the other sessions' load; Chromium's CPU seconds (all its processes) do not.
	const wrate = w.nodes / (w.ms / 1000), crate = w.nodes / wcpu, nrate = Number(sum[3]);
	console.log(`bench-web: Korf's lines 1-10, the same 6-6-3 zbit set: wasm in Chromium (one thread) ${w.nodes} nodes in ` +
		`${(w.ms / 1000).toFixed(2)} s wall, ${Math.round(wrate)} nodes/s, and ${wcpu?.toFixed(2)} s of Chromium's CPU, ` +
		`${Math.round(crate)} nodes/s of CPU; native lite (build/bench/litenodes, -O2) ${sum[1]} nodes in ${sum[2]} s of CPU, ` +
		`${nrate} nodes/s: native/wasm ${(nrate / crate).toFixed(2)} by CPU, ${(nrate / wrate).toFixed(2)} by wall (load average ${load()})`);
	if (Number(sum[1]) !== w.nodes)
		console.log(`bench-web: note: wasm counted ${w.nodes} nodes, native ${sum[1]}`);
} finally {
	await browser.close();
	await server.close();
}
process.exit(bad ? 1 : 0);
