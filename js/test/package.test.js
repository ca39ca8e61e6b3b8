// SPDX-License-Identifier: Zlib
// package: the wasm's exports as docs/web.md lists them, the version, the worker, and the packed tarball installed and imported.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { headerVersion, PKG, query, ROOT } from './util.js';

const js = await import(PKG + 'index.js');
const V = headerVersion();
const noSolver = !existsSync(ROOT + 'lite/slidetab_lite_solve.c');

test('the wasm imports nothing and exports exactly what docs/web.md lists', () => {
	const m = new WebAssembly.Module(readFileSync(PKG + 'slidetab.wasm'));
	assert.deepEqual(WebAssembly.Module.imports(m), []);
	const doc = readFileSync(ROOT + 'docs/web.md', 'utf8');
	const listed = [...doc.matchAll(/^\| `(\w+)[(` ]/gm)].map((x) => x[1]).sort();
	assert.deepEqual(WebAssembly.Module.exports(m).map((e) => e.name).sort(), listed);
});

test(`version and package.json say the header's ${V}`, () => {
	assert.equal(js.version, V);
	const p = JSON.parse(readFileSync(PKG + 'package.json', 'utf8'));
	assert.equal(p.version, V);
	for (const k of ['exports', 'types', 'files', 'engines', 'license'])
		assert.ok(p[k], k);
});

test('openWorker answers as open() does, and rethrows the same classes', async () => {
	const w = await js.openWorker();
	const db = await js.open();
	try {
		for (const s of [[1, 2, 3, 4, 5, 6, 0, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1, 0], [1, 2, 3, 4, 5, 6, 8, 7, 0]]) {
			assert.deepEqual(await w.hint(s), db.hint(s));
			assert.equal(await w.path(s, null, '3x3'), db.path(s, null, '3x3'));
		}
		await assert.rejects(w.distance([1, 1, 2, 3, 4, 5, 6, 7, 0]), js.InvalidError);
		await assert.rejects(w.distance([0, 1, 2, 3], null, '2x2'), js.NoTableError);
		assert.deepEqual(await w.boards(), db.boards);
	} finally {
		w.terminate();
	}
});

test('npm pack: the tarball installed offline into an empty folder is imported by name; it answers the 15 puzzle with no files', (t) => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-js-');
	try {
		const tgz = ROOT + `build/js/slidetab-${V}.tgz`;
		const listed = execFileSync('tar', ['tzf', tgz], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
		assert.deepEqual(listed, ['LICENSE', 'README.md', 'index.d.ts', 'index.js', 'package.json', 'slidetab.wasm', 'worker.js',
			...js.TABLES.map((t) => `tables/${t}.tbl`),
			...Object.entries(js.SETS).flatMap(([n, k]) => Array.from({ length: k }, (_, i) => `tables/${n}-${i + 1}.tbl`))].map((f) => 'package/' + f).sort());
		t.diagnostic(`${tgz.slice(ROOT.length)}: ${statSync(tgz).size} bytes`);
		writeFileSync(dir + '/package.json', '{"name": "t", "private": true, "type": "module"}');
		execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tgz], { cwd: dir });
		writeFileSync(dir + '/t.js', "import { open, version, SlidetabError, FormatError } from 'slidetab';\n" +
			"const db = await open();\nconsole.log(version, db.distance([8, 7, 6, 5, 4, 3, 2, 1, 0]), db.path([1, 2, 3, 4, 5, 6, 0, 7]), " +
			"new FormatError('x', 4) instanceof SlidetabError);\n");
		const d = query('3x3', [[[8, 7, 6, 5, 4, 3, 2, 1, 0], [1, 2, 3, 4, 5, 6, 7, 8, 0]]])[0];
		const p = query('2x4', [[[1, 2, 3, 4, 5, 6, 0, 7], [1, 2, 3, 4, 5, 6, 7, 0]]], '--path')[0];
		assert.equal(execFileSync('node', ['t.js'], { cwd: dir, encoding: 'utf8' }), `${V} ${d} ${p} true\n`);
		if (noSolver)
			return;
		// Every example of the README runs as it is, each value it shows in a comment printed.
		const readme = readFileSync(dir + '/node_modules/slidetab/README.md', 'utf8');
		const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
		assert.ok(blocks.length >= 6, `${blocks.length} examples`);
		const exported = Object.keys(js).filter((k) => k !== 'default');
		for (const e of exported)
			assert.ok(blocks.some((b) => new RegExp(`import \\{[^}]*\\b${e}\\b`).test(b)), `the README's examples import ${e}`);
		blocks.forEach((b, i) => {
			writeFileSync(dir + `/e${i}.mjs`, b);
			const out = execFileSync('node', [`e${i}.mjs`], { cwd: dir, encoding: 'utf8', timeout: 120000 });
			for (const shown of [...b.matchAll(/\/\/ (\[ [^\]]* \]|'[a-z]*'|\d+|true)(?=[ :\n])/g)].map((m) => m[1]))
				assert.ok(out.includes(shown.replace(/^'|'$/g, '')), `example ${i}: ${shown} not in its output:\n${out}`);
		});
		// The 15 puzzle out of the box: openWorker() with no files, a hint, node exiting on its own.
		const k = [3, 15, 4, 8, 5, 1, 6, 7, 14, 9, 11, 12, 10, 0, 2, 13]; // the default goal: tiles in order, the blank last
		writeFileSync(dir + '/k.js', "import { openWorker } from 'slidetab';\nconst db = await openWorker();\n" +
			`console.log(JSON.stringify(await db.hint(${JSON.stringify(k)})));\ndb.terminate();\n`);
		const want = query('4x4', [[k, [...Array(15).keys()].map((i) => i + 1).concat(0)]], '--hint')[0].split(' ');
		assert.equal(execFileSync('node', ['k.js'], { cwd: dir, encoding: 'utf8', timeout: 120000 }),
			JSON.stringify([Number(want[0]), want[1].replace('-', '')]) + '\n');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

// Settles p within ms, or fails naming what never settled (a call that hangs must fail, not stall the run).
const within = (p, ms, what) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error(`${what}: not settled in ${ms} ms`)), ms).unref())]);

test('a failed openWorker() ends its worker: node exits on its own', () => {
	const script = `import { openWorker } from ${JSON.stringify(PKG + 'index.js')};\n` +
		'for (const bad of [[new Uint8Array(10)], [42], [() => 1]])\n' +
		'\ttry { await openWorker(bad); } catch (e) { console.log(e.name); }\n';
	const out = execFileSync('node', ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60000, killSignal: 'SIGKILL' });
	assert.equal(out, 'FormatError\nInvalidError\nInvalidError\n');
});

test('worker calls: after terminate() they reject, a function argument is an InvalidError, budgets are checked', async () => {
	const w = await js.openWorker();
	const s = [1, 2, 3, 4, 5, 6, 0, 7, 8];
	try {
		await within(assert.rejects(w.hint(s, () => 1), (e) => e instanceof js.InvalidError && /cannot be sent to the worker/.test(e.message)),
			10000, 'a function argument');
		assert.deepEqual(await w.hint(s), [2, 'r'], 'the worker still answers');
		for (const bad of ['abc', -1, 0.5, true, 2 ** 32])
			await within(assert.rejects(w.distance(s, null, null, bad), js.InvalidError), 10000, `budget ${bad}`);
		const under = w.path([8, 7, 6, 5, 4, 3, 2, 1, 0]);
		w.terminate();
		await within(assert.rejects(under, (e) => e instanceof js.SlidetabError), 10000, 'a call under way at terminate()');
	} finally {
		w.terminate();
	}
	for (const op of ['distance', 'path', 'hint', 'boards'])
		await within(assert.rejects(w[op](s), (e) => e instanceof js.SlidetabError && /terminate\(\) ended the worker/.test(e.message)),
			10000, `${op}() after terminate()`);
});
