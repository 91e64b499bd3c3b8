import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import { isAppError } from '../core/errors';
import { MAX_UPLOAD_BYTES, type Uploads } from '../core/uploads';

const MAX_BODY_BYTES = 1024 * 1024;

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
};

async function readBytes(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The browser host's registrar: `POST /api/commands/<name>` runs the same dispatch as Electron's IPC and
 * answers the same result envelope. Transport problems get HTTP statuses; command failures are envelopes.
 */
export async function handleCommand(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  dispatch: Dispatch,
): Promise<void> {
  if (req.method !== 'POST')
    return sendJson(res, 405, { ok: false, error: { kind: 'validation', message: 'Use POST.' } });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, {
      ok: false,
      error: { kind: 'validation', message: 'Send application/json.' },
    });
  }
  const bytes = await readBytes(req, MAX_BODY_BYTES);
  const text = bytes?.toString('utf8') ?? null;
  if (text === null)
    return sendJson(res, 413, {
      ok: false,
      error: { kind: 'validation', message: 'The request is too large.' },
    });
  let input: unknown;
  try {
    input = text.trim() ? JSON.parse(text) : {};
  } catch {
    return sendJson(res, 400, {
      ok: false,
      error: { kind: 'validation', message: 'The request body is not valid JSON.' },
    });
  }
  sendJson(res, 200, await dispatch(decodeURIComponent(name), input));
}

/** Server-sent events: core events stream to the page as `event: <name>` / `data: <json>`. */
export function handleEvents(req: IncomingMessage, res: ServerResponse, events: EventBus): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  const unsubscribe = events.subscribe((name, payload) => {
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  // Comments keep idle proxies and the browser from dropping the stream.
  const keepAlive = setInterval(() => res.write(': ping\n\n'), 25_000);
  keepAlive.unref();
  req.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}

/** `PUT /api/uploads?name=<file name>` with the raw bytes: stages a statement file, answers `{uploadId, size}`. */
export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  uploads: Uploads,
): Promise<void> {
  if (req.method !== 'PUT')
    return sendJson(res, 405, { ok: false, error: { kind: 'validation', message: 'Use PUT.' } });
  const name = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('name') ?? 'extrato';
  const bytes = await readBytes(req, MAX_UPLOAD_BYTES);
  if (bytes === null) {
    return sendJson(res, 413, {
      ok: false,
      error: {
        kind: 'validation',
        code: 'upload.too_large',
        message: 'The file is too large; export a shorter period.',
        params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
      },
    });
  }
  try {
    sendJson(res, 200, { ok: true, value: uploads.stage(name, bytes) });
  } catch (e) {
    if (isAppError(e)) return sendJson(res, 200, { ok: false, error: e.toInfo() });
    throw e;
  }
}
