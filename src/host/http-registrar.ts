import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAppError, MAX_UPLOAD_BYTES, type Dispatch, type EventBus, type Uploads } from '../core';

const MAX_BODY_BYTES = 1024 * 1024;
/** An event stream whose reader stopped reading is dropped once this much waits for it. */
const MAX_EVENT_BACKLOG_BYTES = 1024 * 1024;

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  if (res.headersSent || res.destroyed) return void res.end();
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
};

/** A transport-level refusal, as an envelope the bridge can show. */
const refuse = (
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => sendJson(res, status, { ok: false, error: { kind: 'validation', message, ...extra } }, headers);

/** The body of a refused request is not read: the connection cannot carry another request after it. */
const CLOSE = { Connection: 'close' };

/** The client went away in the middle of its request: nothing to answer, nothing to log. */
class ClientGone extends Error {
  override name = 'ClientGone';
}
export const isClientGone = (e: unknown) => e instanceof ClientGone;

/**
 * The request body, or null when it is larger than `limit` (then reading stops at once). Rejects with
 * ClientGone when the client closes or resets before sending all it announced.
 */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        req.pause();
        return settle(() => resolve(null));
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle(() => resolve(Buffer.concat(chunks))));
    req.on('error', () => settle(() => reject(new ClientGone())));
    req.on('close', () => settle(() => reject(new ClientGone())));
  });
}

/** Content-Length when the client announced one (Node has already refused malformed values). */
function announcedLength(req: IncomingMessage): number | null {
  const v = req.headers['content-length'];
  return v === undefined ? null : Number(v);
}

/** `application/json`, with any parameters, in any letter case. */
const isJson = (type: string | undefined) =>
  (type ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

function decodeName(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The browser host's registrar: `POST /api/commands/<name>` runs the same dispatch as Electron's IPC and
 * answers the same result envelope. Transport problems get HTTP statuses; command failures are envelopes.
 */
export async function handleCommand(
  req: IncomingMessage,
  res: ServerResponse,
  rawName: string,
  dispatch: Dispatch,
): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'Use POST.', {}, { Allow: 'POST' });
  if (!isJson(req.headers['content-type'])) return refuse(res, 415, 'Send application/json.', {}, CLOSE);
  const name = decodeName(rawName);
  if (name === null || name.length > 100) {
    return sendJson(res, 404, {
      ok: false,
      error: { kind: 'not_found', code: 'command.unknown', message: 'Unknown command.' },
    });
  }
  const tooLarge = () => refuse(res, 413, 'The request is too large.', {}, CLOSE);
  if ((announcedLength(req) ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const bytes = await readBytes(req, MAX_BODY_BYTES);
  if (bytes === null) return tooLarge();
  const text = bytes.toString('utf8');
  let input: unknown;
  try {
    input = text.trim() ? JSON.parse(text) : {};
  } catch {
    return refuse(res, 400, 'The request body is not valid JSON.');
  }
  sendJson(res, 200, await dispatch(name, input));
}

/** Server-sent events: core events stream to the page as `event: <name>` / `data: <json>`. */
export function handleEvents(
  _req: IncomingMessage,
  res: ServerResponse,
  events: Pick<EventBus, 'subscribe'>,
): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  let open = true;
  const write = (text: string) => {
    if (!open || res.writableEnded || res.destroyed) return;
    res.write(text);
    // A reader that stopped reading would make us hold every event for it in memory.
    if (res.writableLength > MAX_EVENT_BACKLOG_BYTES) res.destroy();
  };
  write(': connected\n\n');
  const unsubscribe = events.subscribe((name, payload) => {
    write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  // Comments keep idle proxies and the browser from dropping the stream.
  const keepAlive = setInterval(() => write(': ping\n\n'), 25_000);
  keepAlive.unref();
  const stop = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    unsubscribe();
  };
  // The response's close, not the request's: Node closes a request as soon as its (empty) body is read, while
  // the stream goes on until the client leaves.
  res.on('close', stop);
  res.on('error', stop);
}

/** A file name as the user's system gave it, without control characters (which no statement name has). */
const cleanFileName = (name: string) =>
  // eslint-disable-next-line no-control-regex
  name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'extrato';

/** `PUT /api/uploads?name=<file name>` with the raw bytes: stages a statement file, answers `{uploadId, size}`. */
export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  uploads: Uploads,
): Promise<void> {
  if (req.method !== 'PUT') return refuse(res, 405, 'Use PUT.', {}, { Allow: 'PUT' });
  const name = cleanFileName(
    new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('name') ?? 'extrato',
  );
  const tooLarge = () =>
    refuse(
      res,
      413,
      'The file is too large; export a shorter period.',
      { code: 'upload.too_large', params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 } },
      CLOSE,
    );
  if ((announcedLength(req) ?? 0) > MAX_UPLOAD_BYTES) return tooLarge();
  const bytes = await readBytes(req, MAX_UPLOAD_BYTES);
  if (bytes === null) return tooLarge();
  try {
    sendJson(res, 200, { ok: true, value: uploads.stage(name, bytes) });
  } catch (e) {
    if (isAppError(e)) return sendJson(res, 200, { ok: false, error: e.toInfo() });
    throw e;
  }
}
