import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import type { Uploads } from '../core/uploads';
import { bridgeScript } from './bridge-script';
import { handleCommand, handleEvents, handleUpload } from './http-registrar';
import { SECURITY_HEADERS, hasToken, isAllowedHost, isSameOriginOrAbsent } from './security';

export interface HostOptions {
  dispatch: Dispatch;
  events: EventBus;
  uploads: Uploads;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; by default a fresh 256-bit token per launch. */
  token?: string;
}

export interface RunningHost {
  port: number;
  token: string;
  /** The address to open: the token travels in the fragment, which browsers never send to the server. */
  url: string;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

function plain(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const root = resolve(opts.staticDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`The renderer is not built (${indexFile} is missing): run npm run build.`);
  // The bridge must define window.api before the renderer's module script runs.
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '<script',
    '<script src="/bridge.js"></script>\n    <script',
  );
  const bridge = bridgeScript();
  let port = 0;

  const serveStatic = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, { 'Content-Type': MIME['.html']!, 'Cache-Control': 'no-store' });
      return res.end(indexHtml);
    }
    if (pathname === '/bridge.js') {
      res.writeHead(200, { 'Content-Type': MIME['.js']!, 'Cache-Control': 'no-store' });
      return res.end(bridge);
    }
    const file = normalize(join(root, decodeURIComponent(pathname)));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile())
      return plain(res, 404, 'Not found');
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(readFileSync(file));
  };

  const server = createServer((req, res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (!isAllowedHost(req.headers.host, port))
      return plain(res, 403, 'Forbidden: Quita only answers on 127.0.0.1.');
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      return plain(res, 400, 'Bad request');
    }
    if (pathname.startsWith('/api/')) {
      if (!isSameOriginOrAbsent(req, port)) return plain(res, 403, 'Forbidden: cross-origin request.');
      if (!hasToken(req, token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="quita"');
        return plain(res, 401, 'Unauthorized: open the address printed by npm run serve.');
      }
      if (pathname === '/api/events' && req.method === 'GET') return handleEvents(req, res, opts.events);
      if (pathname === '/api/uploads') {
        handleUpload(req, res, opts.uploads).catch(() => {
          if (!res.headersSent) plain(res, 500, 'Internal error');
          else res.end();
        });
        return;
      }
      const m = /^\/api\/commands\/([^/]+)$/.exec(pathname);
      if (m) {
        handleCommand(req, res, m[1]!, opts.dispatch).catch(() => {
          if (!res.headersSent) plain(res, 500, 'Internal error');
          else res.end();
        });
        return;
      }
      return plain(res, 404, 'Not found');
    }
    serveStatic(req, res, pathname);
  });

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
