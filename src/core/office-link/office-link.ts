import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import type { OfficeLink } from '../../shared/contract/office-link';
import { AppError } from '../errors';
import { writeFileAtomic } from '../fs-atomic';

/**
 * The desktop app pointed at the office's server ([W]): instead of its own data folder's databases, its window opens
 * the server's screens (src/main/window.ts), where the clerk signs in as themselves. Kept in `office-server.json` of
 * the data folder, read by the desktop shell at start. A server whose certificate Quita made itself is pinned by its
 * SHA-256 fingerprint (as `quita server` prints it); any other is checked against the computer's authorities.
 */
const FILE = 'office-server.json';

export function readOfficeLink(dataDir: string): OfficeLink | null {
  const file = join(dataDir, FILE);
  if (!existsSync(file)) return null;
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<OfficeLink>;
    if (typeof v.url !== 'string' || !v.url.startsWith('https://')) return null;
    return { url: v.url, fingerprint: typeof v.fingerprint === 'string' ? v.fingerprint : null };
  } catch {
    return null;
  }
}

export function writeOfficeLink(dataDir: string, link: OfficeLink | null): void {
  const file = join(dataDir, FILE);
  if (link === null) rmSync(file, { force: true });
  else writeFileAtomic(file, `${JSON.stringify(link, null, 2)}\n`);
}

/** The server's address with a trailing slash (so `health` and the page resolve under it). */
export const linkBase = (url: string) => (url.endsWith('/') ? url : `${url}/`);

const saysOk = (body: string) => {
  try {
    return (JSON.parse(body) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
};

export interface ProbeResult {
  fingerprint: string;
  trusted: boolean;
  healthy: boolean;
}

/**
 * Reach the server once: the certificate it shows, and its `/health`. With a fingerprint given, the connection is
 * kept only when the certificate is exactly that one; without, only when the computer's authorities trust it — an
 * untrusted certificate is reported (its fingerprint, to compare) without sending anything over it.
 */
export function probeOfficeServer(url: string, pinned?: string, timeoutMs = 10_000): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const target = new URL('health', linkBase(url));
    let seen = '';
    let trusted = false;
    const req = request(target, {
      method: 'GET',
      // The certificate is judged here, by the rules above, before any byte of the request is sent.
      rejectUnauthorized: false,
      // A fresh connection each time: a kept-alive one would skip the handshake, and the certificate with it.
      agent: false,
      timeout: timeoutMs,
      headers: { Accept: 'application/json' },
    });
    req.on('socket', (socket) => {
      socket.once('secureConnect', () => {
        const tls = socket as TLSSocket;
        seen = tls.getPeerCertificate().fingerprint256 ?? '';
        trusted = pinned ? seen.toUpperCase() === pinned.toUpperCase() : tls.authorized;
        if (!trusted) {
          req.destroy();
          resolve({ fingerprint: seen, trusted: false, healthy: false });
        }
      });
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d.slice(0, 1000)));
      res.on('end', () => {
        resolve({ fingerprint: seen, trusted, healthy: res.statusCode === 200 && saysOk(body) });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (seen && !trusted) return; // already answered: the untrusted certificate
      reject(
        new AppError(
          'offline',
          `The office server at ${target.origin} cannot be reached (${e.code ?? e.message}).`,
          {
            code: 'office.unreachable',
            params: { url: target.origin },
          },
        ),
      );
    });
    req.end();
  });
}
