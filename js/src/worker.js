// SPDX-License-Identifier: Zlib
// worker: a slidetab DB inside a Web Worker or a Node worker thread, answering openWorker()'s messages.
import { open } from './index.js';

const inBrowser = typeof self === 'object' && typeof self.postMessage === 'function';
const port = inBrowser ? self : (await import('node:worker_threads')).parentPort;
let db = null;

async function answer(m) {
	if (m.op === 'open') {
		db = await open(m.args[0] ?? undefined);
		return null;
	}
	if (m.op === 'boards' || m.op === 'nodes')
		return db[m.op];
	return db[m.op](...m.args);
}

const onMessage = async (m) => {
	try {
		port.postMessage({ id: m.id, value: await answer(m) });
	} catch (e) {
		port.postMessage({ id: m.id, error: { name: e.name, message: e.message, status: e.status } });
	}
};
if (inBrowser)
	self.onmessage = (e) => onMessage(e.data);
else
	port.on('message', onMessage);
