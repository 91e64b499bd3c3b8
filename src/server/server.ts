import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { Dispatch, EventBus, Office, OfficeUser, Requester, Uploads } from '../core';
import { readBridge, withBridge } from '../host/bridge-script';
import { handleCommand, handleEvents, handleUpload, isClientGone } from '../host/http-registrar';
import { SECURITY_HEADERS } from '../host/security';
import { requestPath } from '../host/server';
import { lookupStatic, MIME } from '../host/static-files';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';
import type { Say } from '../shared/i18n/say';
import { hostCookie, LOGIN_CSRF_COOKIE, parseCookies, SESSION_COOKIE } from './cookies';
import { LOGIN_CSS, loginPage, type LoginNotice } from './login-page';
import type { TlsMaterial } from './tls';

export interface OfficeServerOptions {
  /** The core's dispatch in server mode: it refuses any command run outside `runAs`. */
  dispatch: Dispatch;
  runAs<T>(who: Requester, fn: () => Promise<T>): Promise<T>;
  office: Office;
  events: Pick<EventBus, 'subscribe'>;
  uploads: Uploads;
  /** The built renderer (out/renderer). */
  staticDir: string;
  tls: Pick<TlsMaterial, 'cert' | 'key'>;
  /** Where to listen: an address of this computer (0.0.0.0: every one). */
  address: string;
  /** 0 picks a free port (tests). */
  port: number;
  /**
   * The names the office's browsers use to reach the server. A request naming another host is refused (a page of
   * another site resolved to this address — DNS rebinding — names its own).
   */
  names: string[];
  /** The login page's language. */
  say: Say;
  /** One structured line per request (JSON), for the office's IT: stdout by default. */
  logLine?: (entry: Record<string, unknown>) => void;
  /** Details of a failure, for the log file. */
  logError?: (message: string, e: unknown) => void;
  /** The clock of sessions and the login throttle (tests pin it). */
  now?: () => Date;
  /** How long a connection may take to send a request's headers, or to send anything at all (tests shorten it). */
  headersTimeoutMs?: number;
}

export interface RunningOfficeServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 8 * 1024;
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;
/** The login form's CSP: the screens' own, except that this one form may post to its server. */
const LOGIN_CSP = CONTENT_SECURITY_POLICY.replace("form-action 'none'", "form-action 'self'");

const sameBytes = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string | string[]> = {},
) {
  if (res.headersSent || res.destroyed) return void res.end();
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}
const plain = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) =>
  send(res, status, text, 'text/plain; charset=utf-8', headers);
const redirect = (res: ServerResponse, to: string, headers: Record<string, string | string[]> = {}) => {
  if (res.headersSent || res.destroyed) return void res.end();
  res.writeHead(303, { Location: to, 'Content-Length': '0', 'Cache-Control': 'no-store', ...headers });
  res.end();
};
/** A refusal the HTTP bridge shows as one sentence (its code is worded in the catalogue). */
const refuseJson = (res: ServerResponse, status: number, code: string, message: string) =>
  send(
    res,
    status,
    JSON.stringify({ ok: false, error: { kind: 'auth', code, message } }),
    'application/json; charset=utf-8',
  );

function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((ok, ko) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return ok(null);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FORM_BYTES) {
        req.pause();
        return ok(null);
      }
      chunks.push(c);
    });
    req.on('end', () => ok(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', ko);
  });
}

/** The token of `Authorization: Bearer <token>`, or null when the request carries none (a browser's). */
function bearerOf(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (h === undefined) return null;
  const m = /^Bearer[ ]+(\S*)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/** The client's address as the log and the login throttle see it (no proxy headers: the server is reached directly). */
const clientIp = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';

export async function startOfficeServer(opts: OfficeServerOptions): Promise<RunningOfficeServer> {
  const root = resolve(opts.staticDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`The renderer is not built (${indexFile} is missing): run npm run build.`);
  const indexHtml = withBridge(readFileSync(indexFile, 'utf8'), 'quita server');
  const bridge = readBridge(root);
  const logLine = opts.logLine ?? ((e) => process.stdout.write(`${JSON.stringify(e)}\n`));
  const logError =
    opts.logError ??
    ((m: string, e: unknown) => console.error(`[quita] ${m}: ${e instanceof Error ? e.message : String(e)}`));
  const now = opts.now ?? (() => new Date());
  let port = 0;

  const hostAllowed = (host: string | undefined) => {
    if (!host) return false;
    const h = host.toLowerCase();
    return opts.names.some((n) => {
      const name = n.includes(':') ? `[${n}]` : n.toLowerCase();
      return h === `${name}:${port}` || (port === 443 && h === name);
    });
  };
  /** A request a browser makes for a page of this server: no Origin (a navigation), or this server's own. */
  const sameOrigin = (req: IncomingMessage) => {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    if (origin === undefined) return true;
    // Under Referrer-Policy: no-referrer a browser sends `Origin: null` on its own form posts; then the Fetch
    // Metadata it sends on every HTTPS request decides.
    if (origin === 'null') return site === 'same-origin';
    return origin.toLowerCase() === `https://${(req.headers.host ?? '').toLowerCase()}`;
  };

  const sessionOf = async (req: IncomingMessage) => {
    const raw = parseCookies(req.headers.cookie).get(`__Host-${SESSION_COOKIE}`);
    if (!raw) return { raw: null, found: null };
    return { raw, found: await opts.office.session(raw, now()) };
  };

  const serveLogin = (
    res: ServerResponse,
    status: number,
    notice: LoginNotice | null,
    login = '',
    headers: Record<string, string | string[]> = {},
  ) => {
    const csrf = randomBytes(24).toString('base64url');
    const extra = headers['Set-Cookie'];
    const cookies = [
      hostCookie(LOGIN_CSRF_COOKIE, csrf),
      ...(Array.isArray(extra) ? extra : extra ? [extra] : []),
    ];
    send(res, status, loginPage(opts.say, csrf, notice, login), MIME['.html']!, {
      ...headers,
      'Set-Cookie': cookies,
      'Content-Security-Policy': LOGIN_CSP,
    });
  };

  /**
   * The server's events for one stream, as long as `live()` holds at each event; then the stream ends. The check
   * reads the office's database, so each event waits for it: they are passed on one after another, in order.
   */
  const whileLive = (res: ServerResponse, live: () => Promise<boolean>): Pick<EventBus, 'subscribe'> => {
    let ended = false;
    let queue = Promise.resolve();
    return {
      subscribe: (listener) =>
        opts.events.subscribe((name, payload) => {
          queue = queue.then(async () => {
            if (ended) return;
            let ok = false;
            try {
              ok = await live();
            } catch (e) {
              logError('office server: a stream could not check its session', e);
            }
            if (ok && !ended) return listener(name, payload);
            ended = true;
            res.end();
          });
        }),
    };
  };

  const asRequester = (u: OfficeUser): Requester => ({ login: u.login, name: u.name, role: u.role });

  const login = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    if (!form) return plain(res, 400, 'Bad request', { Connection: 'close' });
    const given = form.get('csrf') ?? '';
    const expected = parseCookies(req.headers.cookie).get(`__Host-${LOGIN_CSRF_COOKIE}`) ?? '';
    const name = (form.get('login') ?? '').trim().slice(0, 40);
    if (!sameBytes(given, expected)) return serveLogin(res, 403, { kind: 'stale' }, name);
    // Whatever session the browser brought is never promoted to a logged-in one (session fixation): it ends here.
    const brought = parseCookies(req.headers.cookie).get(`__Host-${SESSION_COOKIE}`);
    if (brought) await opts.office.logout(brought);
    const r = await opts.office.login(
      name,
      form.get('password') ?? '',
      {
        ip: clientIp(req),
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
      },
      now(),
    );
    if (r.ok) {
      return redirect(res, '/', {
        'Set-Cookie': [
          hostCookie(SESSION_COOKIE, r.sessionId),
          hostCookie(LOGIN_CSRF_COOKIE, '', { clear: true }),
        ],
      });
    }
    if (r.code === 'login.throttled') {
      const seconds = Math.max(1, Math.ceil((r.retryAfterMs ?? 1000) / 1000));
      return serveLogin(res, 429, { kind: 'throttled', seconds }, name, { 'Retry-After': String(seconds) });
    }
    return serveLogin(res, 401, { kind: r.code === 'login.inactive' ? 'inactive' : 'wrong' }, name);
  };

  /**
   * The API for a script (`quita --server URL`) with a person's token instead of a session ([W], issue 34 item 4).
   * No Origin nor CSRF check: a browser never sends an Authorization header by itself, so another site's page
   * cannot ride on a token the way it could on a cookie. The same role check: the token's person, through runAs. A
   * wrong token counts as a failed login of its address (the same throttle); the token is never logged.
   */
  const bearerApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    token: string,
    onUser: (login: string) => void,
  ): Promise<void> => {
    const r = await opts.office.bearer(token, { ip: clientIp(req) }, now());
    if (!r.ok) {
      if (r.code === 'token.throttled') {
        const seconds = Math.max(1, Math.ceil((r.retryAfterMs ?? 1000) / 1000));
        return send(
          res,
          429,
          JSON.stringify({
            ok: false,
            error: {
              kind: 'rate_limited',
              code: 'users.throttled',
              message: 'Too many attempts.',
              params: { seconds },
            },
          }),
          'application/json; charset=utf-8',
          { 'Retry-After': String(seconds) },
        );
      }
      return send(
        res,
        401,
        JSON.stringify({
          ok: false,
          error: { kind: 'auth', code: 'access.token', message: 'The token was refused.' },
        }),
        'application/json; charset=utf-8',
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    onUser(r.user.login);
    const who = asRequester(r.user);
    if (pathname === '/api/events') {
      if (req.method !== 'GET') return void plain(res, 405, 'Method not allowed', { Allow: 'GET' });
      // As a session's stream: a token revoked (or its person deactivated) meanwhile ends it at the next event.
      return handleEvents(
        req,
        res,
        whileLive(res, async () => (await opts.office.token(token, now(), false)) !== null),
      );
    }
    if (pathname === '/api/uploads') return handleUpload(req, res, opts.uploads);
    const m = /^\/api\/commands\/([^/]+)$/.exec(pathname);
    if (m)
      return handleCommand(req, res, m[1]!, (name, input) =>
        opts.runAs(who, () => opts.dispatch(name, input)),
      );
    plain(res, 404, 'Not found');
  };

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    onUser: (login: string) => void,
  ): Promise<void> => {
    if (pathname === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return void plain(res, 405, 'Method not allowed');
      let ok = true;
      try {
        await opts.office.userCount();
      } catch {
        ok = false;
      }
      send(
        res,
        ok ? 200 : 503,
        JSON.stringify({ status: ok ? 'ok' : 'unavailable' }),
        MIME['.json'] ?? 'application/json',
      );
      return;
    }
    if (pathname === '/login.css') {
      send(res, 200, LOGIN_CSS, 'text/css; charset=utf-8');
      return;
    }
    if (pathname === '/login') {
      if (req.method !== 'GET') return void plain(res, 405, 'Method not allowed', { Allow: 'GET' });
      const { found } = await sessionOf(req);
      if (found) return void redirect(res, '/');
      const m = new URL(req.url ?? '/', 'https://x').searchParams.get('m');
      serveLogin(res, 200, m === 'expired' || m === 'loggedOut' ? { kind: m } : null);
      return;
    }
    if (pathname === '/auth/login') {
      if (req.method !== 'POST') return void plain(res, 405, 'Method not allowed', { Allow: 'POST' });
      if (!sameOrigin(req)) return void plain(res, 403, 'Forbidden: cross-origin request.');
      await login(req, res);
      return;
    }

    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const bearer = isApi ? bearerOf(req) : null;
    if (bearer !== null) return bearerApi(req, res, pathname, bearer, onUser);

    // Everything below needs a session.
    const { raw, found } = await sessionOf(req);
    if (!found || !raw) {
      if (isApi) return void refuseJson(res, 401, 'access.no_session', 'Sign in again.');
      if (pathname === '/' || pathname === '/index.html')
        return void redirect(res, raw ? '/login?m=expired' : '/login');
      return void plain(res, 401, 'Unauthorized: sign in at /login.');
    }
    const user = found.user.login;
    onUser(user);
    const csrfOk = () => sameBytes(String(req.headers['x-quita-csrf'] ?? ''), found.csrf);

    if (pathname === '/auth/logout') {
      if (req.method !== 'POST') return void plain(res, 405, 'Method not allowed', { Allow: 'POST' });
      if (!sameOrigin(req) || !csrfOk()) return void plain(res, 403, 'Forbidden: cross-site request.');
      await opts.office.logout(raw);
      redirect(res, '/login?m=loggedOut', { 'Set-Cookie': hostCookie(SESSION_COOKIE, '', { clear: true }) });
      return;
    }
    if (isApi) {
      if (!sameOrigin(req)) return void plain(res, 403, 'Forbidden: cross-origin request.');
      if (pathname === '/api/events') {
        if (req.method !== 'GET') return void plain(res, 405, 'Method not allowed', { Allow: 'GET' });
        // The stream outlives the request that opened it: before each event, the session must still stand (not
        // signed out, idle, too old or of a person deactivated since), or the stream ends. Not counted as activity:
        // other people's work sends events, and it must not keep an idle clerk signed in.
        handleEvents(
          req,
          res,
          whileLive(res, async () => (await opts.office.session(raw, now(), false)) !== null),
        );
        return;
      }
      // Every request that changes something carries the session's CSRF token in a header no other site can set.
      if (!csrfOk()) return void refuseJson(res, 403, 'access.csrf', 'Reload the page.');
      const who = asRequester(found.user);
      if (pathname === '/api/uploads') {
        await handleUpload(req, res, opts.uploads);
        return;
      }
      const m = /^\/api\/commands\/([^/]+)$/.exec(pathname);
      if (m) {
        const dispatch: Dispatch = (name, input) => opts.runAs(who, () => opts.dispatch(name, input));
        await handleCommand(req, res, m[1]!, dispatch);
        return;
      }
      plain(res, 404, 'Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    if (pathname === '/' || pathname === '/index.html') {
      // The page carries its session's CSRF token; the bridge sends it back with every command.
      // Before any script of the page: the bridge reads them as it loads.
      const page = indexHtml.replace(
        /<head[^>]*>/,
        (head) =>
          `${head}\n    <meta name="quita-server" content="1" />\n    <meta name="quita-csrf" content="${found.csrf}" />`,
      );
      send(res, 200, page, MIME['.html']!);
      return;
    }
    if (pathname === '/bridge.js') {
      send(res, 200, bridge, MIME['.js']!);
      return;
    }
    const file = lookupStatic(root, pathname);
    if (file.status !== 200) plain(res, file.status, file.status === 400 ? 'Bad request' : 'Not found');
    else {
      res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-cache' });
      res.end(file.body);
    }
    return;
  };

  const server: Server = createServer(
    { cert: opts.tls.cert, key: opts.tls.key, minVersion: 'TLSv1.2' },
    (req, res) => {
      const t0 = performance.now();
      let user: string | null = null;
      // On close, not finish: an event stream never finishes (the client or the server ends it), and it is logged too.
      res.on('close', () =>
        logLine({
          at: new Date().toISOString(),
          ip: clientIp(req),
          method: req.method,
          // The path only: a query may carry a file's name, and nothing here needs it.
          path: requestPath(req.url) ?? '-',
          status: res.statusCode,
          ms: Math.round(performance.now() - t0),
          ...(user ? { user } : {}),
          ...(res.writableFinished ? {} : { ended: 'early' }),
        }),
      );
      const fail = (e: unknown) => {
        if (!isClientGone(e)) logError('office server: request failed', e);
        if (!res.headersSent && !res.destroyed) plain(res, 500, 'Internal error');
        else res.destroy();
      };
      try {
        // A request has begun: its own time is requestTimeout's (the guard against silent connections is off).
        req.socket.setTimeout(0);
        for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
        res.setHeader('Strict-Transport-Security', 'max-age=31536000');
        if ((req.headersDistinct.host?.length ?? 0) > 1) return plain(res, 400, 'Bad request');
        if (!hostAllowed(req.headers.host))
          return plain(res, 421, 'Misdirected request: use the address the office server prints.');
        const pathname = requestPath(req.url);
        if (pathname === null) return plain(res, 400, 'Bad request');
        route(req, res, pathname, (u) => (user = u)).catch(fail);
      } catch (e) {
        fail(e);
      }
    },
  );
  const headersTimeoutMs = opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // headersTimeout counts only once a request has begun: a connection that completes its handshake and then says
  // nothing would be kept for ever, and enough of them exhaust the server (slowloris). Silent that long, it ends
  // (Node destroys a socket whose timeout nobody handles); the first request clears this.
  server.on('secureConnection', (socket) => socket.setTimeout(headersTimeoutMs));
  const refuse = (_req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('connect', refuse);
  server.on('upgrade', refuse);
  // A client that never finishes its TLS handshake (or speaks plain HTTP to it) is dropped, not logged as a crash.
  server.on('tlsClientError', (_e, socket) => socket.destroy());

  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(opts.port, opts.address, () => ok());
  });
  port = (server.address() as AddressInfo).port;
  const shown = opts.names[0] ?? opts.address;
  return {
    port,
    url: `https://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
