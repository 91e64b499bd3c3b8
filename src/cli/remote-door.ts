import { randomBytes, X509Certificate } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { Agent, request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { connect, rootCertificates, type PeerCertificate } from 'node:tls';
import { AppError, logFileOf, type Core, type EventListener, type Logger } from '../core';
import type { Result } from '../shared/contract/envelope';
import { EVENT_NAMES, type EventName } from '../shared/contract/events';
import type { Say } from './i18n';
import { UsageError } from './types';

/**
 * The CLI on the office server ([W], issue 34 item 4): `quita --server URL` with a person's token runs the same
 * subcommands through the server's API instead of a core of its own. This door has the shape the subcommands use
 * (dispatch, events, uploads, logFile, dataDir); the server checks the person's role at its one door, as for the
 * screens. Whatever this machine cannot do for the server (read an upload back, run as someone) refuses.
 */
export interface RemoteDoorOptions {
  /** The server's address, as `quita server` prints it (https://nome:8443/). */
  server: string;
  /** The person's token (`quita_…`): from stdin or QUITA_TOKEN, never an argument. */
  token: string;
  /** The SHA-256 fingerprint `quita server` prints for a certificate it made (AA:BB:…), pinned. */
  fingerprint?: string | undefined;
  /** The local data folder: only where this run's log file goes. */
  dataDir: string;
  version: string;
  say: Say;
}

const CONNECT_TIMEOUT_MS = 15_000;
/** Longer than the server's own request timeout (120 s): a slow command ends there first, with its answer. */
const IDLE_TIMEOUT_MS = 130_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** A failure this door words itself (main prints a `cli.` code's message as it is, exit 1). */
const refusal = (kind: AppError['kind'], sentence: string) =>
  new AppError(kind, sentence, { code: 'cli.remote' });

/** `AA:BB:…` (64 hex digits, any case, colons or not) as Node prints fingerprint256, or null. */
export function normalFingerprint(value: string): string | null {
  const hex = value.replace(/[:\s]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return hex.match(/../g)!.join(':');
}

/** The server's base URL: https only (a token never travels in the clear); a bare name gets https://. */
export function serverUrl(value: string, say: Say): URL {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(say.t('cli.remote.badUrl', { url: value }));
  }
  if (url.protocol !== 'https:') throw new UsageError(say.t('cli.remote.notHttps', { url: value }));
  if (url.username || url.password) throw new UsageError(say.t('cli.remote.badUrl', { url: value }));
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL) => Number(url.port || 443);
/** SNI carries a name, never an address (Node warns and the server could not use it). */
const sniOf = (url: URL) => (isIP(hostOf(url)) ? undefined : hostOf(url));

/**
 * The certificate the server presents, read during the handshake. The handshake runs with verification on, as
 * every connection here does: a self-signed certificate fails it, and Node's 'secure' event (emitted before it
 * checks the chain) is where the certificate can still be read. Nothing is sent on this connection.
 */
function presentedCertificate(url: URL): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    let seen: PeerCertificate | null = null;
    const sni = sniOf(url);
    const socket = connect({
      host: hostOf(url),
      port: portOf(url),
      ...(sni ? { servername: sni } : {}),
      rejectUnauthorized: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    const read = () => {
      const c = socket.getPeerCertificate(true);
      if (c && c.raw) seen = c;
    };
    socket.prependOnceListener('secure' as 'secureConnect', read);
    socket.once('secureConnect', () => {
      read();
      socket.end();
      if (seen) resolve(seen);
      else reject(Object.assign(new Error('no certificate'), { code: 'QUITA_NO_CERTIFICATE' }));
    });
    socket.once('timeout', () => socket.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    socket.once('error', (e: Error) => {
      if (seen) resolve(seen);
      else reject(e);
    });
  });
}

/** The agent every request of this run uses: the system's CAs, or the pinned certificate and nothing else. */
async function makeAgent(url: URL, pin: string | null, say: Say): Promise<Agent> {
  // rejectUnauthorized said here, not left to Node's default: NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment turns
  // that default off, and with it every check below, the pin's included (a token would go to whoever answers).
  if (pin === null) return new Agent({ keepAlive: true, rejectUnauthorized: true });
  const cert = await presentedCertificate(url).catch((e: unknown) => {
    throw unreachable(url, e, say);
  });
  if (cert.fingerprint256 !== pin)
    throw refusal('auth', say.t('cli.remote.fingerprintWrong', { expected: pin, got: cert.fingerprint256 }));
  const pem = new X509Certificate(cert.raw).toString();
  return new Agent({
    keepAlive: true,
    rejectUnauthorized: true,
    // The pinned certificate as the one more authority (a self-signed one is its own), the system's for one an
    // authority signed; either way the certificate must then be exactly the pinned one.
    ca: [pem, ...rootCertificates],
    checkServerIdentity: (_host, c) =>
      c.fingerprint256 === pin
        ? undefined
        : Object.assign(new Error('fingerprint changed'), { code: 'QUITA_FINGERPRINT' }),
  });
}

/** Why the server could not be reached, as one sentence. */
function unreachable(url: URL, e: unknown, say: Say): AppError {
  const raw = (e as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : '';
  const where = url.origin;
  if (code === 'QUITA_FINGERPRINT')
    return refusal('auth', say.t('cli.remote.fingerprintChanged', { server: where }));
  if (
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH/.test(
      code,
    )
  )
    return refusal('external', say.t('cli.remote.untrusted', { server: where }));
  const reason = say.t(`cli.remote.reason.${code}`, {
    defaultValue: say.t('cli.remote.reason.other', { code }),
  });
  return refusal('offline', say.t('cli.remote.unreachable', { server: where, reason }));
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A door of the office server for this run; `close` ends its connections. */
export async function openRemoteDoor(o: RemoteDoorOptions): Promise<Core> {
  const { say } = o;
  const url = serverUrl(o.server, say);
  const pin = o.fingerprint === undefined ? null : normalFingerprint(o.fingerprint);
  if (o.fingerprint !== undefined && pin === null)
    throw new UsageError(say.t('cli.remote.badFingerprint', { value: o.fingerprint }));
  const agent = await makeAgent(url, pin, say);
  const logFile = logFileOf(o.dataDir);
  const streams = new Set<{ ready: Promise<void>; stop: () => void }>();
  /** Files staged for a command: the placeholder id the subcommand holds → the server's upload id. */
  const staged = new Map<string, Promise<{ ok: true; id: string } | { ok: false; error: AppError }>>();

  const options = (method: string, path: string, headers: Record<string, string> = {}): RequestOptions => ({
    agent,
    host: hostOf(url),
    port: portOf(url),
    ...(sniOf(url) ? { servername: sniOf(url) } : {}),
    method,
    path,
    // The token goes in this header only: never in the address (which logs keep), never on stdout.
    headers: { Authorization: `Bearer ${o.token}`, Host: url.host, ...headers },
  });

  const call = (method: string, path: string, body?: Uint8Array, type?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(
        options(method, path, type ? { 'Content-Type': type, Accept: 'application/json' } : {}),
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_ANSWER_BYTES) return void req.destroy(new Error('answer too large'));
            chunks.push(c);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', (e) => reject(unreachable(url, e, say)));
        },
      );
      req.setTimeout(IDLE_TIMEOUT_MS, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      req.on('error', (e) => reject(unreachable(url, e, say)));
      req.end(body);
    });

  /** The server's answer as an envelope; a refusal at its door (token, throttle, address) as this run's failure. */
  const envelope = (a: Answer): Result<unknown> => {
    if (a.status === 401) throw refusal('auth', say.t('cli.remote.tokenRefused'));
    if (a.status === 429) {
      const seconds = Math.max(1, Number(a.headers['retry-after'] ?? 1) || 1);
      throw refusal('rate_limited', say.t('cli.remote.throttled', { seconds }));
    }
    if (a.status === 421) throw refusal('external', say.t('cli.remote.misdirected', { server: url.origin }));
    let parsed: unknown;
    try {
      parsed = JSON.parse(a.body);
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed === 'object' && 'ok' in parsed) return parsed as Result<unknown>;
    throw refusal('external', say.t('cli.remote.badAnswer', { server: url.origin, status: a.status }));
  };

  /** The input with every placeholder of a staged file replaced by the server's upload id. */
  const withUploads = async (input: unknown): Promise<unknown> => {
    if (typeof input === 'string' && staged.has(input)) {
      const r = await staged.get(input)!;
      if (!r.ok) throw r.error;
      return r.id;
    }
    if (Array.isArray(input)) return Promise.all(input.map(withUploads));
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) out[k] = await withUploads(v);
      return out;
    }
    return input;
  };

  const follow = (listener: EventListener) => {
    let stopped = false;
    let req: ReturnType<typeof request> | null = null;
    // Progress is a courtesy: a stream that cannot open leaves the command to run without it.
    const ready = new Promise<void>((resolve) => {
      req = request(options('GET', '/api/events', { Accept: 'text/event-stream' }), (res) => {
        resolve();
        if (res.statusCode !== 200) return void res.resume();
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (text: string) => {
          buffer += text;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (stopped || !name || data === undefined || !EVENT_NAMES.includes(name as EventName)) continue;
            try {
              listener(name as EventName, JSON.parse(data) as unknown);
            } catch {
              // A listener's failure or a malformed event: progress lines only, never the command's result.
            }
          }
        });
        res.on('error', () => undefined);
      });
      req.on('error', () => resolve());
      req.end();
    });
    const stream = {
      ready,
      stop: () => {
        stopped = true;
        req?.destroy();
      },
    };
    streams.add(stream);
    return () => {
      stream.stop();
      streams.delete(stream);
    };
  };

  const log: Logger = {
    file: logFile,
    error: (m, cause) => writeLog(logFile, 'ERROR', m, cause),
    warn: (m, cause) => writeLog(logFile, 'WARN', m, cause),
    info: (m) => writeLog(logFile, 'INFO', m),
  };

  return {
    version: o.version,
    dataDir: o.dataDir,
    logFile,
    log,
    async dispatch(name, input) {
      // Events the command causes go to streams opened before it: wait until they are listening.
      await Promise.all([...streams].map((s) => s.ready));
      const body = Buffer.from(JSON.stringify((await withUploads(input)) ?? {}), 'utf8');
      const a = await call('POST', `/api/commands/${encodeURIComponent(name)}`, body, 'application/json');
      return envelope(a);
    },
    events: { subscribe: follow },
    uploads: {
      stage(fileName, bytes) {
        const placeholder = `u-remote${randomBytes(18).toString('base64url')}`;
        const sent = call(
          'PUT',
          `/api/uploads?name=${encodeURIComponent(fileName)}`,
          bytes,
          'application/octet-stream',
        ).then(
          (a) => {
            const r = envelope(a);
            if (r.ok) return { ok: true as const, id: (r.value as { uploadId: string }).uploadId };
            const e = r.error;
            return {
              ok: false as const,
              error: new AppError(e.kind, e.message, {
                ...(e.code ? { code: e.code } : {}),
                ...(e.params ? { params: e.params } : {}),
              }),
            };
          },
          (error: unknown) => ({
            ok: false as const,
            error: error instanceof AppError ? error : refusal('internal', String(error)),
          }),
        );
        staged.set(placeholder, sent);
        return { uploadId: placeholder, size: bytes.byteLength };
      },
      read() {
        throw refusal('internal', say.t('cli.remote.localOnly', { name: 'uploads.read' }));
      },
      // The server removes staged files a day later itself; there is no call to remove one sooner.
      remove(uploadId) {
        staged.delete(uploadId);
      },
    },
    locale: () => say.locale,
    secretsWarning: null,
    updateFeed: () => null,
    runAs: () => Promise.reject(refusal('internal', say.t('cli.remote.localOnly', { name: 'runAs' }))),
    resumeBackground: () => undefined,
    async close() {
      for (const s of streams) s.stop();
      streams.clear();
      agent.destroy();
    },
  };
}

/** This run's own failures, in the local log file (a `quita --server` run has no core to keep one). */
function writeLog(file: string, level: string, message: string, cause?: unknown): void {
  const detail =
    cause instanceof Error
      ? ` ${cause.stack ?? cause.message}`
      : cause !== undefined
        ? ` ${JSON.stringify(cause)}`
        : '';
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    appendFileSync(file, `${new Date().toISOString()} ${level} [pid ${process.pid}] ${message}${detail}\n`);
  } catch {
    // Nowhere to write: the clerk still got the sentence on stderr.
  }
}
