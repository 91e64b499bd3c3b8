import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { importErrors } from './import-errors';
import { parseDeadlineMs, WORKER_HEAP_MB } from './limits';
import { fromWire, type ParseReply, type ParseRequest } from './parse-messages';
import type { ParseOptions, ParseResult } from './types';

export interface WorkerParseOptions {
  /** Deadline for the whole read, worker start-up included; default `parseDeadlineMs(bytes.length)`. */
  timeoutMs?: number | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Aborting stops the worker; the promise rejects with `signal.reason`. */
  signal?: AbortSignal | undefined;
  /**
   * Move the bytes' memory to the worker instead of copying it. Only for callers that do not use the
   * bytes afterwards: the caller's view becomes empty (detached).
   */
  transfer?: boolean | undefined;
  /**
   * Heap limit of the worker (MB, V8 old generation; default WORKER_HEAP_MB): a file needing more fails
   * with `import.out_of_memory` instead of taking the machine's memory.
   */
  maxHeapMb?: number | undefined;
}

const WORKER_NAME = 'parse-worker';

type WorkerSource = { file: string | URL; eval: boolean };

/** The part of esbuild's API used here (esbuild is tsx's compiler; its own types are not a dependency). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: { text: string }[] }>;
}

let sourceBundle: Promise<string> | undefined;

/**
 * Sources run as .ts (tsx, vitest, `bin/quita.mjs`): parse-worker.ts and what it imports are bundled once
 * per process into one CommonJS string, started as an `eval` worker. Not a worker on the .ts file: Node 20
 * workers do not inherit loader hooks (neither tsx's `--import` nor `register()`, not through `execArgv`),
 * and registering tsx inside each worker costs 300–400 ms of start-up against about 100 ms here.
 * esbuild is found through tsx, which depends on it, so it is the compiler tsx itself runs.
 */
function bundleOfSources(entry: URL): Promise<string> {
  sourceBundle ??= (async () => {
    const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
    const esbuild = fromTsx('esbuild') as Esbuild;
    const out = await esbuild.build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: `node${process.versions.node}`,
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles?.[0]?.text;
    if (!code) throw new Error('esbuild produced no worker code');
    return code;
  })().catch((e: unknown) => {
    sourceBundle = undefined; // let a later import try again
    throw e;
  });
  return sourceBundle;
}

/**
 * Where the worker's code is, from this module's own URL: next to the .ts sources (see bundleOfSources),
 * or, in the desktop bundle (out/main/index.js), parse-worker.js beside it (electron.vite.config.ts emits
 * it), and in the command line's (out/cli/quita.mjs), parse-worker.mjs (scripts/build-cli.mjs). The URL is built from variables on purpose: Vite rewrites `new URL('literal', import.meta.url)`.
 */
async function workerSource(): Promise<WorkerSource> {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { file: await bundleOfSources(new URL('./' + WORKER_NAME + '.ts', here)), eval: true };
  }
  const extension = here.endsWith('.mjs') ? '.mjs' : '.js';
  return { file: new URL('./' + WORKER_NAME + extension, here), eval: false };
}

/**
 * The memory to send. Transferring needs a view over a whole ArrayBuffer: Node's small Buffers are slices
 * of a shared 8 KB pool, which must not (and on Node 22 cannot) be moved. Otherwise exactly these bytes
 * are copied once; that copy is transferred (cloning the view would copy its whole underlying buffer).
 */
function payload(bytes: Uint8Array, transfer: boolean): Uint8Array {
  const whole =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return transfer && whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

/**
 * The reading worker's limits: its heap is always capped (WORKER_HEAP_MB unless the caller says), so a file
 * that needs more ends in `import.out_of_memory`. Buffers live outside this heap: zip bombs are stopped
 * before SheetJS by table/zip-check.ts, not by this.
 */
export const workerResourceLimits = (maxHeapMb?: number) => ({
  maxOldGenerationSizeMb: maxHeapMb ?? WORKER_HEAP_MB,
});

/**
 * Workers given a read that have not yet gone back idle or exited (a stuck one, terminated, counts until its exit),
 * and who waits for there to be none.
 */
let busy = 0;
let whenNoneBusy: (() => void)[] = [];

/**
 * Resolves once no parsing worker is busy: each read answered (its worker idle, waiting for the next) or its worker
 * exited. A worker stuck in a loop that was not terminated never does. For tests and a clean shutdown.
 */
export function parseWorkersSettled(): Promise<void> {
  return busy === 0 ? Promise.resolve() : new Promise((resolve) => whenNoneBusy.push(resolve));
}

function notBusy(): void {
  busy--;
  if (busy > 0) return;
  const waiting = whenNoneBusy;
  whenNoneBusy = [];
  for (const resolve of waiting) resolve();
}

/**
 * Starting a worker costs ~0.2 s of CPU (the reader's ~1 MB of code compiled and run in a fresh isolate), several
 * times a small file's read. So a worker that answered a small file is kept for the next read, one per heap
 * limit, until IDLE_MS pass unused. Not one that read a big file (its heap would stay as big while idle, and
 * there the start-up is a small part of the read), nor one that was stopped, failed or timed out: that one is
 * terminated, so a looping reader never serves again. An idle worker does not keep the process alive.
 */
const IDLE_MS = 30_000;
const REUSE_MAX_BYTES = 2 * 1024 * 1024;
const idle = new Map<number, { worker: Worker; timer: NodeJS.Timeout }>();
let nextRequest = 1;
let started = 0;

/** How many reading workers this process has started: a test sees a worker kept for the next read by it. */
export const parseWorkersStarted = (): number => started;

function takeIdle(heapMb: number): Worker | undefined {
  const kept = idle.get(heapMb);
  if (!kept) return undefined;
  idle.delete(heapMb);
  clearTimeout(kept.timer);
  kept.worker.ref();
  return kept.worker;
}

function keepIdle(heapMb: number, worker: Worker): void {
  if (idle.has(heapMb)) {
    // One idle worker is enough. Its read is answered already: a failure to stop it loses nothing.
    void worker.terminate().catch(() => undefined);
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle.get(heapMb)?.worker !== worker) return;
    idle.delete(heapMb);
    // Idle: it holds no read, so a failure to stop it loses nothing (and it does not keep the process alive).
    void worker.terminate().catch(() => undefined);
  }, IDLE_MS).unref();
  idle.set(heapMb, { worker, timer });
}

function startWorker(src: WorkerSource, heapMb: number): Worker {
  started++;
  const worker = new Worker(src.file, { eval: src.eval, resourceLimits: workerResourceLimits(heapMb) });
  // An idle worker that dies (it should not) is simply not reused.
  worker.once('exit', () => {
    if (idle.get(heapMb)?.worker === worker) {
      clearTimeout(idle.get(heapMb)!.timer);
      idle.delete(heapMb);
    }
  });
  return worker;
}

/** The request posted, its bytes moved (not copied); an untransferable buffer (Node's, an embedder's) is copied. */
function post(worker: Worker, request: ParseRequest): void {
  try {
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  } catch (e) {
    if (!(e instanceof Error && e.name === 'DataCloneError')) throw e;
    worker.postMessage({ ...request, bytes: new Uint8Array(request.bytes) });
  }
}

/**
 * `parseStatement` in a worker thread, so that a file sending a parser into an endless loop (a damaged
 * legacy XLS does that to SheetJS) ends in `import.timeout` instead of hanging the process, and so that
 * the caller's event loop keeps running (progress events, other requests) during a long read. A worker that
 * answered a small file may serve the next read (see IDLE_MS); any other is terminated before the promise
 * settles. Errors: the parser's own AppErrors unchanged; `import.timeout` past the deadline;
 * `import.out_of_memory` or `import.reader_failed` when the worker dies.
 */
export async function parseStatementInWorker(
  bytes: Uint8Array,
  opts: Omit<ParseOptions, 'onProgress'> = {},
  run: WorkerParseOptions = {},
): Promise<ParseResult> {
  const timeoutMs = run.timeoutMs ?? parseDeadlineMs(bytes.byteLength);
  const { signal, onProgress } = run;
  signal?.throwIfAborted();
  // Taken now, before any await: the caller may reuse (or, with `transfer`, has given up) the bytes.
  // Functions cannot cross threads; the progress callback is relayed from messages instead.
  const request: ParseRequest = {
    id: nextRequest++,
    bytes: payload(bytes, run.transfer === true),
    opts: {
      mapping: opts.mapping,
      profiles: opts.profiles,
      statementIndex: opts.statementIndex,
      account: opts.account,
    },
  };
  let src: WorkerSource;
  try {
    src = await workerSource();
  } catch (e) {
    throw importErrors.readerFailed(e instanceof Error ? e.message : String(e));
  }
  signal?.throwIfAborted();

  const heapMb = run.maxHeapMb ?? WORKER_HEAP_MB;
  const size = bytes.byteLength;
  return new Promise<ParseResult>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = takeIdle(heapMb) ?? startWorker(src, heapMb);
      post(worker, request);
    } catch (e) {
      reject(importErrors.readerFailed(e instanceof Error ? e.message : String(e)));
      return;
    }
    busy++;
    let settled = false;
    /**
     * `answered`: the worker answered and may serve again; `exited`: it is gone already; otherwise it is terminated
     * (it may be looping).
     */
    const finish = (
      outcome: { ok: ParseResult } | { error: Error },
      worker$: 'answered' | 'exited' | 'stop' = 'stop',
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('messageerror', onMessageError);
      worker.off('exit', onExit);
      if (worker$ === 'exited') notBusy();
      else if (worker$ === 'answered' && size <= REUSE_MAX_BYTES) {
        keepIdle(heapMb, worker);
        notBusy();
      } else {
        // terminate() stops it wherever it is; it counts as busy until it has exited. Never awaited, never thrown.
        worker.once('exit', notBusy);
        worker.terminate().catch(() => undefined);
      }
      if ('ok' in outcome) resolve(outcome.ok);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => finish({ error: importErrors.timeout(Math.max(1, Math.round(timeoutMs / 1000))) }),
      timeoutMs,
    );
    const onAbort = () => finish({ error: signal?.reason as Error });
    signal?.addEventListener('abort', onAbort, { once: true });

    const onMessage = (reply: ParseReply) => {
      if (reply.id !== request.id) return; // not this read's (cannot happen: one read at a time per worker)
      if (reply.type === 'result') finish({ ok: reply.result }, 'answered');
      else if (reply.type === 'error') finish({ error: fromWire(reply.error) }, 'answered');
      else if (!settled && onProgress) {
        // A throwing callback must not become an uncaught exception of the caller's process.
        try {
          onProgress(reply.done, reply.total);
        } catch (e) {
          finish({ error: e instanceof Error ? e : new Error(String(e)) });
        }
      }
    };
    const onError = (e: Error & { code?: string }) =>
      finish({
        error:
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? importErrors.outOfMemory()
            : importErrors.readerFailed(`${e.name}: ${e.message}`),
      });
    const onMessageError = (e: Error) =>
      finish({ error: importErrors.readerFailed(`bad message: ${e.message}`) });
    const onExit = (code: number) =>
      finish(
        { error: importErrors.readerFailed(`the reader exited with code ${code} without an answer`) },
        'exited',
      );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('messageerror', onMessageError);
    worker.on('exit', onExit);
  });
}
