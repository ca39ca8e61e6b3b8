// korf: `make bench-web`: Korf's 100 solved by the page (build/web/korf.html) in headless Chromium; checks every length
// against the published one and every path by playing it, prints the total time and the page's download size.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Browser, chromium, serve } from './browser.js';
import { ROOT } from './util.js';

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
	console.log(`bench-web: Korf's 100 in headless Chromium: ${state}, ${100 - bad} of 100 optimal and valid, total ${total} ms` +
		` (Chromium's CPU time ${cpu} s, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}); korf.html downloaded ${bytes} bytes`);
} finally {
	await browser.close();
	await server.close();
}
process.exit(bad ? 1 : 0);
