// SPDX-License-Identifier: Zlib
// browser: the page tests' tools: a static server on 127.0.0.1, headless Chromium, and a DevTools-protocol client over its pipe.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
	'.wasm': 'application/wasm', '.txt': 'text/plain', '.tbl': 'application/octet-stream' };

/** The first chromium on PATH, or null. */
export function chromium() {
	for (const c of ['chromium', 'chromium-browser']) {
		const r = spawnSync('sh', ['-c', `command -v ${c}`], { encoding: 'utf8' });
		if (r.status === 0)
			return r.stdout.trim();
	}
	return null;
}

/** The flags every run takes (--no-sandbox as root: Chromium refuses to start sandboxed there). */
export function flags(profile) {
	return ['--headless', '--disable-gpu', '--no-first-run', '--disable-extensions', '--disable-dev-shm-usage',
		`--user-data-dir=${profile}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
}

/** Serves dir's files on 127.0.0.1 (a free port): { url, close }. */
export async function serve(dir) {
	const server = createServer((req, res) => {
		const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
		const file = join(dir, path.endsWith('/') ? path + 'index.html' : path);
		try {
			if (!statSync(file).isFile())
				throw new Error();
			res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
			res.end(readFileSync(file));
		} catch {
			res.writeHead(404).end();
		}
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** How long a DevTools command may take (page.test's evaluations answer at once; they poll). */
export const SEND_MS = 30000;

/** Headless Chromium driven through --remote-debugging-pipe (JSON messages, NUL-terminated, fds 3 and 4). */
export class Browser {
	#p; #id = 0; #calls = new Map(); #listeners = []; #profile;

	constructor(bin) {
		this.#profile = mkdtempSync(tmpdir() + '/slidetab-chromium-');
		this.#p = spawn(bin, [...flags(this.#profile), '--remote-debugging-pipe', 'about:blank'],
			{ stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
		let buf = '';
		this.#p.stdio[3].on('error', () => {}); // a write after chromium exited: the exit handler below fails the calls
		this.#p.stdio[4].on('data', (d) => {
			buf += d;
			let end;
			while ((end = buf.indexOf('\0')) >= 0) {
				const m = JSON.parse(buf.slice(0, end));
				buf = buf.slice(end + 1);
				const c = this.#calls.get(m.id);
				if (c) {
					this.#calls.delete(m.id);
					m.error ? c.reject(new Error(`${c.method}: ${m.error.message}`)) : c.resolve(m.result);
				} else {
					this.#listeners.forEach((f) => f(m));
				}
			}
		});
		this.#p.on('exit', (code, signal) => {
			for (const [id, c] of this.#calls) {
				this.#calls.delete(id);
				c.reject(new Error(`${c.method}: chromium exited (${signal ?? code}) before answering`));
			}
		});
	}

	/** Sends one DevTools command: its result, or a failure naming the command when Chromium answers
	 * with an error, has exited, or does not answer within ms (a frozen tab: a page's endless loop). */
	send(method, params = {}, sessionId, ms = SEND_MS) {
		return new Promise((resolve, reject) => {
			if (this.#p.exitCode !== null || this.#p.signalCode !== null)
				return reject(new Error(`${method}: chromium has exited`));
			const id = ++this.#id;
			const timer = setTimeout(() => {
				this.#calls.delete(id);
				reject(new Error(`${method} ${JSON.stringify(params).slice(0, 160)}: no answer from chromium in ${ms / 1000} s (a frozen tab?)`));
			}, ms);
			const done = (f) => (v) => (clearTimeout(timer), f(v));
			this.#calls.set(id, { resolve: done(resolve), reject: done(reject), method });
			this.#p.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
		});
	}

	on(f) {
		this.#listeners.push(f);
	}

	/** A new tab: { send(method, params), eval(expression), events } with its DevTools session. */
	async tab(width, height) {
		const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
		const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
		const events = [];
		this.on((m) => m.sessionId === sessionId && events.push(m));
		const send = (method, params, ms) => this.send(method, params, sessionId, ms);
		await send('Page.enable');
		await send('Network.enable');
		await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
		const evaluate = async (expression) => {
			const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
			if (r.exceptionDetails)
				throw new Error(`${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
			return r.result.value;
		};
		return { send, eval: evaluate, events };
	}

	/** The CPU seconds (user + system) Chromium's processes have used so far, from /proc (Linux; null elsewhere). */
	cpuSeconds() {
		try {
			const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((pid) => {
				try {
					const st = readFileSync(`/proc/${pid}/stat`, 'utf8'), f = st.slice(st.lastIndexOf(')') + 2).split(' ');
					return { pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
				} catch {
					return null;
				}
			}).filter(Boolean);
			const mine = new Set([this.#p.pid]);
			for (let grew = true; grew;) {
				grew = false;
				for (const p of procs.filter((q) => !mine.has(q.pid) && mine.has(q.ppid))) {
					mine.add(p.pid);
					grew = true;
				}
			}
			return procs.filter((p) => mine.has(p.pid)).reduce((a, p) => a + p.ticks, 0) / 100; // USER_HZ
		} catch {
			return null;
		}
	}

	async close() {
		await this.send('Browser.close', {}, undefined, 10000).catch(() => this.#p.kill('SIGKILL'));
		await new Promise((r) => (this.#p.exitCode !== null || this.#p.signalCode !== null ? r() : this.#p.on('close', r)));
		rmSync(this.#profile, { recursive: true, force: true });
	}
}
