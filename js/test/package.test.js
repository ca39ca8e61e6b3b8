// package: the wasm's exports as docs/web.md lists them, the version, the worker, and the packed tarball installed and imported.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { headerVersion, PKG, query, ROOT } from './util.js';

const js = await import(PKG + 'index.js');
const V = headerVersion();

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

test('npm pack: the tarball installed into an empty folder is imported by name', () => {
	const dir = mkdtempSync(tmpdir() + '/slidetab-js-');
	try {
		const tgz = ROOT + `build/js/slidetab-${V}.tgz`;
		const listed = execFileSync('tar', ['tzf', tgz], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
		assert.deepEqual(listed, ['LICENSE', 'README.md', 'index.d.ts', 'index.js', 'package.json', 'slidetab.wasm', 'worker.js',
			...js.TABLES.map((t) => `tables/${t}.tbl`)].map((f) => 'package/' + f).sort());
		writeFileSync(dir + '/package.json', '{"name": "t", "private": true, "type": "module"}');
		execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tgz], { cwd: dir });
		writeFileSync(dir + '/t.js', "import { open, version, SlidetabError, FormatError } from 'slidetab';\n" +
			"const db = await open();\nconsole.log(version, db.distance([8, 7, 6, 5, 4, 3, 2, 1, 0]), db.path([1, 2, 3, 4, 5, 6, 0, 7]), " +
			"new FormatError('x', 4) instanceof SlidetabError);\n");
		const d = query('3x3', [[[8, 7, 6, 5, 4, 3, 2, 1, 0], [1, 2, 3, 4, 5, 6, 7, 8, 0]]])[0];
		const p = query('2x4', [[[1, 2, 3, 4, 5, 6, 0, 7], [1, 2, 3, 4, 5, 6, 7, 0]]], '--path')[0];
		assert.equal(execFileSync('node', ['t.js'], { cwd: dir, encoding: 'utf8' }), `${V} ${d} ${p} true\n`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
