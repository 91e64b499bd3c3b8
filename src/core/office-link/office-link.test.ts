import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { makeSelfSigned } from '../../server/tls';
import { readOfficeLink } from './office-link';

/**
 * The desktop app's link to the office server ([W], issue 34 item 4): a real HTTPS server with a certificate made as
 * `quita server` makes it, answering /health as it does (or as something else does).
 */
let server: Server;
let url: string;
let fingerprint: string;
let requests = 0;
let answer = JSON.stringify({ status: 'ok' });

beforeAll(async () => {
  const tls = makeSelfSigned(['localhost', '127.0.0.1']);
  fingerprint = new X509Certificate(tls.cert).fingerprint256;
  server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    requests++;
    res.writeHead(req.url === '/health' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(req.url === '/health' ? answer : '{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const other = 'AA:'.repeat(31) + 'AA';

describe('office.link (desktop app → office server)', () => {
  it('reads the certificate, pins it by fingerprint, and asks /health over it', async () => {
    const t = testCore('desktop');
    const call = commandCaller(t.core);
    try {
      const seen = await call<{ fingerprint: string; trusted: boolean; healthy: boolean }>(
        'office.link.test',
        { url },
      );
      // Made by itself: no authority of this computer vouches for it, and nothing was sent over it.
      expect(seen).toEqual({ fingerprint, trusted: false, healthy: false });
      expect(requests).toBe(0);
      const pinned = await call('office.link.test', { url, fingerprint: fingerprint.toLowerCase() });
      expect(pinned).toEqual({ fingerprint, trusted: true, healthy: true });
      expect(requests).toBe(1);
      const wrong = await call('office.link.test', { url, fingerprint: other });
      expect(wrong).toMatchObject({ trusted: false, healthy: false });
      expect(requests).toBe(1);
    } finally {
      await t.core.close();
      t.cleanup();
    }
  });

  it('saves the link only for the expected certificate of a Quita server, and forgets it on null', async () => {
    const t = testCore('desktop');
    const call = commandCaller(t.core);
    try {
      await expect(call('office.link.set', { url, fingerprint: other })).rejects.toMatchObject({
        code: 'office.fingerprint_mismatch',
      });
      await expect(call('office.link.set', { url, fingerprint: null })).rejects.toMatchObject({
        code: 'office.untrusted',
      });
      answer = '<html>not quita</html>';
      await expect(call('office.link.set', { url, fingerprint })).rejects.toMatchObject({
        code: 'office.not_quita',
      });
      answer = JSON.stringify({ status: 'ok' });
      expect(readOfficeLink(t.dataDir)).toBeNull();
      expect(await call('office.link.set', { url, fingerprint })).toEqual({ url, fingerprint });
      expect(readOfficeLink(t.dataDir)).toEqual({ url, fingerprint });
      expect(await call('office.link.get', {})).toEqual({ url, fingerprint });
      expect(await call('office.link.set', { url: null })).toBeNull();
      expect(readOfficeLink(t.dataDir)).toBeNull();
    } finally {
      await t.core.close();
      t.cleanup();
    }
  });

  it('refuses plain http, addresses with a password, and any front but the desktop app', async () => {
    const t = testCore('desktop');
    const call = commandCaller(t.core);
    const browser = testCore('browser');
    try {
      await expect(call('office.link.test', { url: url.replace('https', 'http') })).rejects.toMatchObject({
        kind: 'validation',
      });
      await expect(
        call('office.link.test', { url: url.replace('https://', 'https://maria:senha@') }),
      ).rejects.toMatchObject({ kind: 'validation' });
      await expect(
        commandCaller(browser.core)('office.link.set', { url, fingerprint }),
      ).rejects.toMatchObject({
        code: 'office.desktop_only',
      });
      // Nobody answering there: one sentence naming the address.
      await expect(call('office.link.test', { url: 'https://127.0.0.1:1/' })).rejects.toMatchObject({
        code: 'office.unreachable',
      });
    } finally {
      await t.core.close();
      await browser.core.close();
      t.cleanup();
      browser.cleanup();
    }
  });
});
