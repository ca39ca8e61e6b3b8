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

/** chromium --dump-dom --virtual-time-budget=10000 url: the DOM it prints. */
export function dumpDom(bin, url) {
	const profile = mkdtempSync(tmpdir() + '/slidetab-chromium-');
	return new Promise((resolve, reject) => {
		const p = spawn(bin, [...flags(profile), '--dump-dom', '--virtual-time-budget=10000', url], { stdio: ['ignore', 'pipe', 'ignore'] });
		let out = '';
		p.stdout.on('data', (d) => (out += d));
		p.on('error', reject);
		p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`chromium exited ${code}`))));
	}).finally(() => rmSync(profile, { recursive: true, force: true }));
}

/** Headless Chromium driven through --remote-debugging-pipe (JSON messages, NUL-terminated, fds 3 and 4). */
export class Browser {
	#p; #id = 0; #calls = new Map(); #listeners = []; #profile;

	constructor(bin) {
		this.#profile = mkdtempSync(tmpdir() + '/slidetab-chromium-');
		this.#p = spawn(bin, [...flags(this.#profile), '--remote-debugging-pipe', 'about:blank'],
			{ stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
		let buf = '';
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
	}

	send(method, params = {}, sessionId) {
		return new Promise((resolve, reject) => {
			const id = ++this.#id;
			this.#calls.set(id, { resolve, reject, method });
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
		const send = (method, params) => this.send(method, params, sessionId);
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
		await this.send('Browser.close').catch(() => {});
		await new Promise((r) => (this.#p.exitCode !== null ? r() : this.#p.on('close', r)));
		rmSync(this.#profile, { recursive: true, force: true });
	}
}
