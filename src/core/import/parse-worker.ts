/**
 * Worker-thread entry: reads one statement file and answers once (see parse-in-worker.ts). Started from
 * the .ts source under tsx/vitest, and from out/main/parse-worker.js (its own entry of the main build)
 * in the desktop app. It runs the pure parser as is; the caller owns the deadline.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseStatement } from './parse-statement';
import { toWire, type ParseReply, type ParseRequest } from './parse-messages';

const port = parentPort;
if (!port) throw new Error('parse-worker runs only as a worker thread; use parseStatementInWorker.');
const send = (reply: ParseReply) => port.postMessage(reply);

const { bytes, opts } = workerData as ParseRequest;
try {
  const result = parseStatement(bytes, {
    ...opts,
    onProgress: (done, total) => send({ type: 'progress', done, total }),
  });
  send({ type: 'result', result });
} catch (e) {
  send({ type: 'error', error: toWire(e) });
}
// Nothing is left to wait for: the thread ends by itself once the answer is posted.
