import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCore } from '../../tests/helpers/core';
import { ensureRendererBuilt } from '../../tests/helpers/host';
import { startHost, type RunningHost } from './server';

let host: RunningHost;
let cleanup: () => void;
let emit: (jobId: string) => void;
let readUpload: (id: string) => { fileName: string; bytes: Buffer };

beforeAll(async () => {
  const t = testCore();
  cleanup = t.cleanup;
  const staticDir = join(t.dataDir, '..', 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  // The browser bridge as the build makes it (src/renderer/bridge/http-bridge.ts → bridge.js).
  ensureRendererBuilt();
  copyFileSync('out/renderer/bridge.js', join(staticDir, 'bridge.js'));
  writeFileSync(join(t.dataDir, '..', 'outside.txt'), 'private');
  host = await startHost({
    dispatch: t.core.dispatch,
    events: t.core.ctx.events,
    uploads: t.core.ctx.uploads,
    staticDir,
  });
  readUpload = (id) => t.core.ctx.uploads.read(id);
  emit = (jobId) => t.core.ctx.events.emit('job.finished', { jobId, ok: true });
}, 60_000);
afterAll(async () => {
  await host.close();
  cleanup();
});

const base = () => `http://127.0.0.1:${host.port}`;
const callCommand = (name: string, body: unknown, token = host.token) =>
  fetch(`${base()}/api/commands/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

/** node:http lets us send a forged Host header, which fetch forbids. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser host', () => {
  it('listens on loopback only and prints a URL that carries the token in the fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers 401 to a command call without the token, or with a wrong one', async () => {
    const none = await fetch(`${base()}/api/commands/app.info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    expect((await callCommand('app.info', {}, 'x'.repeat(host.token.length))).status).toBe(401);
    expect((await fetch(`${base()}/api/events`)).status).toBe(401);
  });

  it('answers 403 when the Host header is not loopback (DNS rebinding)', async () => {
    expect((await rawGet('/', { Host: 'evil.example' })).status).toBe(403);
    expect(
      (
        await rawGet('/api/commands/app.info', {
          Host: `evil.example:${host.port}`,
          Authorization: `Bearer ${host.token}`,
        })
      ).status,
    ).toBe(403);
    expect((await rawGet('/', { Host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses cross-origin command calls even with the token, and never sends CORS headers', async () => {
    const r = await fetch(`${base()}/api/commands/app.info`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${host.token}`,
        Origin: 'https://evil.example',
      },
      body: '{}',
    });
    expect(r.status).toBe(403);
    const preflight = await fetch(`${base()}/api/commands/app.info`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example' },
    });
    for (const res of [r, preflight, await callCommand('app.info', {})]) {
      expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('runs a command with the token and returns the result envelope', async () => {
    const r = await callCommand('app.info', {});
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, value: { mode: 'browser', version: '0.0.0-test' } });
  });

  it('returns a validation error naming the field', async () => {
    const r = await callCommand('settings.update', { theme: 'purple' });
    expect(await r.json()).toMatchObject({ ok: false, error: { kind: 'validation', field: 'theme' } });
    const bad = await fetch(`${base()}/api/commands/app.info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
  });

  it('serves the renderer with a strict CSP and the bridge injected before the app', async () => {
    const r = await fetch(`${base()}/`);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await r.text();
    expect(html.indexOf('/bridge.js')).toBeGreaterThan(-1);
    expect(html.indexOf('/bridge.js')).toBeLessThan(html.indexOf('/assets/app.js'));
    expect(html).toContain('<meta name="quita-launch-command" content="npm run serve" />');
    const bridge = await (await fetch(`${base()}/bridge.js`)).text();
    // The contract's names are in the built bridge as a list of strings; no schema library came with them.
    expect(bridge).toContain('"app.info"');
    expect(bridge).not.toMatch(/zod|ZodError/);
    expect((await fetch(`${base()}/assets/app.js`)).status).toBe(200);
  });

  it('does not serve files outside the renderer folder', async () => {
    expect((await rawGet('/../outside.txt', { Host: `127.0.0.1:${host.port}` })).status).toBe(404);
    expect((await rawGet('/%2e%2e/outside.txt', { Host: `127.0.0.1:${host.port}` })).status).toBe(404);
  });

  it('streams core events to a client holding the token', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${base()}/api/events`, {
      headers: { Authorization: `Bearer ${host.token}` },
      signal: ctrl.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // ": connected"
    emit('job-42');
    let text = '';
    while (!text.includes('job-42')) text += (await reader.read()).value ?? '';
    expect(text).toContain('event: job.finished');
    ctrl.abort();
  });

  it('stages an uploaded file for the core, with the token only', async () => {
    const bytes = Buffer.from('Data;Valor\n01/11/2026;10,00\n', 'latin1');
    const url = `${base()}/api/uploads?name=${encodeURIComponent('extrato nov.csv')}`;
    expect((await fetch(url, { method: 'PUT', body: bytes })).status).toBe(401);
    const r = await fetch(url, {
      method: 'PUT',
      body: bytes,
      headers: { Authorization: `Bearer ${host.token}` },
    });
    const body = (await r.json()) as { ok: boolean; value: { uploadId: string; size: number } };
    expect(body.ok).toBe(true);
    expect(body.value.size).toBe(bytes.length);
    expect(readUpload(body.value.uploadId)).toEqual({ fileName: 'extrato nov.csv', bytes });
  });
});
