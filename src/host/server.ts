import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { Dispatch, EventBus, Uploads } from '../core';
import { readBridge, withBridge } from './bridge-script';
import { handleCommand, handleEvents, handleUpload, isClientGone } from './http-registrar';
import { SECURITY_HEADERS, hasToken, isAllowedHost, isSameOriginOrAbsent } from './security';
import { MIME, lookupStatic } from './static-files';

export interface HostOptions {
  dispatch: Dispatch;
  events: Pick<EventBus, 'subscribe'>;
  uploads: Uploads;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; by default a fresh 256-bit token per launch. */
  token?: string;
  /** How the clerk started Quita (`npm start` falls back to this host): what the no-token page tells them to rerun. */
  launchCommand?: string;
}

export interface RunningHost {
  port: number;
  token: string;
  /** The address to open: the token travels in the fragment, which browsers never send to the server. */
  url: string;
  close(): Promise<void>;
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return void res.end();
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** How long a client may take to send its headers, and its whole request (a 64 MB upload on loopback). */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

/** A request bug must never reach the process: answer 500 (or drop the connection) and log one line. */
function failed(res: ServerResponse, e: unknown) {
  if (!isClientGone(e))
    console.error(`[quita] host: request failed (${e instanceof Error ? e.name : typeof e})`);
  if (!res.headersSent && !res.destroyed) plain(res, 500, 'Internal error');
  else res.destroy();
}

/**
 * The path of a request target, still percent-encoded, or null when it is not an origin-form path
 * (`*`, `http://other/...`, garbage): a browser never sends those to us.
 */
export function requestPath(url: string | undefined): string | null {
  if (!url?.startsWith('/') || url.startsWith('//')) return null;
  try {
    return new URL(url, 'http://127.0.0.1').pathname;
  } catch {
    return null;
  }
}

export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const root = resolve(opts.staticDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`The renderer is not built (${indexFile} is missing): run npm run build.`);
  const launchCommand = opts.launchCommand ?? 'npm run serve';
  const indexHtml = withBridge(readFileSync(indexFile, 'utf8'), launchCommand);
  const bridge = readBridge(root);
  let port = 0;

  const serveStatic = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, { 'Content-Type': MIME['.html']!, 'Cache-Control': 'no-store' });
      return res.end(indexHtml);
    }
    if (pathname === '/bridge.js') {
      res.writeHead(200, { 'Content-Type': MIME['.js']!, 'Cache-Control': 'no-store' });
      return res.end(bridge);
    }
    const found = lookupStatic(root, pathname);
    if (found.status !== 200)
      return plain(res, found.status, found.status === 400 ? 'Bad request' : 'Not found');
    res.writeHead(200, { 'Content-Type': found.type, 'Cache-Control': 'no-cache' });
    res.end(found.body);
  };

  const route = (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    // Node keeps the first of several Host headers; a request naming two hosts is not a browser's.
    if ((req.headersDistinct.host?.length ?? 0) > 1) return plain(res, 400, 'Bad request');
    if (!isAllowedHost(req.headers.host, port))
      return plain(res, 403, 'Forbidden: Quita only answers on 127.0.0.1.');
    const pathname = requestPath(req.url);
    if (pathname === null) return plain(res, 400, 'Bad request');
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      if (!isSameOriginOrAbsent(req, port)) return plain(res, 403, 'Forbidden: cross-origin request.');
      if (!hasToken(req, token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="quita"');
        return plain(res, 401, `Unauthorized: open the address printed by ${launchCommand}.`);
      }
      if (pathname === '/api/events') {
        if (req.method !== 'GET') return plain(res, 405, 'Method not allowed', { Allow: 'GET' });
        return handleEvents(req, res, opts.events);
      }
      if (pathname === '/api/uploads') {
        handleUpload(req, res, opts.uploads).catch((e: unknown) => failed(res, e));
        return;
      }
      const m = /^\/api\/commands\/([^/]+)$/.exec(pathname);
      if (m) {
        handleCommand(req, res, m[1]!, opts.dispatch).catch((e: unknown) => failed(res, e));
        return;
      }
      return plain(res, 404, 'Not found');
    }
    serveStatic(req, res, pathname);
  };

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch (e) {
      failed(res, e);
    }
  });
  // Slow or stalled clients are cut off instead of holding a request open for ever.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // Nothing here tunnels or upgrades: answer instead of leaving the socket to Node's defaults.
  const refuse = (_req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('connect', refuse);
  server.on('upgrade', refuse);

  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
