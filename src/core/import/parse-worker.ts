/**
 * Worker-thread entry: reads statement files, one message at a time, and answers each (see parse-in-worker.ts,
 * which keeps a worker that answered a small file for the next one). Started from the .ts sources under tsx/vitest,
 * and from out/main/parse-worker.js (its own entry of the main build) in the desktop app. It runs the pure parser as
 * is; the caller owns the deadline and terminates a worker that overruns it.
 */
import { parentPort } from 'node:worker_threads';
import { parseStatement } from './parse-statement';
import { toWire, type ParseReply, type ParseRequest } from './parse-messages';

const port = parentPort;
if (!port) throw new Error('parse-worker runs only as a worker thread; use parseStatementInWorker.');
const send = (reply: ParseReply) => port.postMessage(reply);

port.on('message', ({ id, bytes, opts }: ParseRequest) => {
  try {
    const result = parseStatement(bytes, {
      ...opts,
      onProgress: (done, total) => send({ id, type: 'progress', done, total }),
    });
    send({ id, type: 'result', result });
  } catch (e) {
    send({ id, type: 'error', error: toWire(e) });
  }
});
