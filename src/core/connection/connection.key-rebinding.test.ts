import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testCore } from '../../../tests/helpers/core';
import { tempDir } from '../../../tests/helpers/tmp';
import { queryAudit } from '../audit/audit.repo';
import { createCore, type Core } from '../bootstrap';
import { memorySecretStore } from '../secrets/secret-store';
import { keyBinding } from './key-binding';
import { openConfStore } from '../settings/conf-store';

/**
 * Issue [N] item 2: changing a profile's base URL or user kept the stored key, so the next test or sync sent
 * `Authorization: Basic user:key` to the new host. Two local "API servers" record every Authorization header
 * they receive; the key of the first must never reach the second.
 */

interface Recorder {
  url: string;
  /** `user:key` of every request, decoded from Basic auth ('' when none). */
  seen: string[];
  close(): Promise<void>;
}

async function recorder(): Promise<Recorder> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const h = req.headers.authorization ?? '';
    seen.push(h.startsWith('Basic ') ? Buffer.from(h.slice(6), 'base64').toString('utf8') : h);
    // A refusal: never retried, so each call is one request.
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end('{"message":"unauthorized"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const opened: { close(): Promise<void> | void }[] = [];

/** The key stored for the profile as it is now (its address and user), as API access reads it. */
const keyOf = (core: Core, id: string) =>
  core.ctx.secrets.get(`profile:${id}`, keyBinding(core.ctx.settings.profile(id)!));
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function setup() {
  const t = testCore();
  opened.push({ close: t.cleanup });
  const a = await recorder();
  const b = await recorder();
  opened.push(a, b);
  const call = async (name: string, input: unknown) => t.core.dispatch(name, input);
  const created = await call('profiles.save', {
    name: 'Centro',
    baseUrl: a.url,
    username: 'gym-a',
    password: 'KEY-OF-A',
    keyKind: 'branch',
  });
  if (!created.ok) throw new Error(created.error.message);
  const id = (created.value as { id: string }).id;
  // Every way the stored key leaves: the profile test, a sync.
  const useStoredKey = async () => {
    await call('profiles.test', { id });
    await call('sync.run', {});
  };
  await useStoredKey();
  expect(a.seen.length).toBeGreaterThan(0);
  expect(a.seen.every((s) => s === 'gym-a:KEY-OF-A')).toBe(true);
  return { core: t.core, call, id, a, b, useStoredKey };
}

const edit = { name: 'Centro', keyKind: 'branch' as const };

describe('a stored key is never sent to another address or for another user (issue [N] item 2)', () => {
  it('changing the base URL without the key is refused, and the old key never reaches the new server', async () => {
    const { call, id, a, b, useStoredKey, core } = await setup();
    const moved = await call('profiles.save', { ...edit, id, baseUrl: b.url, username: 'gym-a' });
    expect(moved).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        field: 'password',
        code: 'profile.key_required',
        params: { changed: 'baseUrl' },
      },
    });
    // Nothing changed: the profile still points at A, with A's key.
    expect(core.ctx.settings.profile(id)?.baseUrl).toBe(a.url);
    await useStoredKey();
    expect(b.seen).toEqual([]);

    // With the new key the move is made, and only the new key goes to B.
    const withKey = await call('profiles.save', {
      ...edit,
      id,
      baseUrl: b.url,
      username: 'gym-a',
      password: 'KEY-OF-B',
    });
    expect(withKey).toMatchObject({ ok: true, value: { baseUrl: b.url, hasSecret: true } });
    await useStoredKey();
    expect(b.seen.length).toBeGreaterThan(0);
    expect(b.seen.every((s) => s === 'gym-a:KEY-OF-B')).toBe(true);
    expect(b.seen.join('\n')).not.toContain('KEY-OF-A');
  });

  it('changing the user without the key is refused too', async () => {
    const { call, id, a, useStoredKey, core } = await setup();
    const before = a.seen.length;
    expect(await call('profiles.save', { ...edit, id, baseUrl: a.url, username: 'gym-b' })).toMatchObject({
      ok: false,
      error: { field: 'password', code: 'profile.key_required', params: { changed: 'username' } },
    });
    expect(core.ctx.settings.profile(id)?.username).toBe('gym-a');
    await useStoredKey();
    expect(a.seen.slice(before).every((s) => s === 'gym-a:KEY-OF-A')).toBe(true);
    await call('profiles.save', { ...edit, id, baseUrl: a.url, username: 'gym-b', password: 'KEY-OF-GYM-B' });
    const moved = a.seen.length;
    await useStoredKey();
    expect(a.seen.slice(moved).length).toBeGreaterThan(0);
    expect(a.seen.slice(moved).every((s) => s === 'gym-b:KEY-OF-GYM-B')).toBe(true);
  });

  it('the same address written differently is not a change; a rename or new limits keep the key', async () => {
    const { call, id, a, core } = await setup();
    const host = a.url.replace('127.0.0.1', '127.0.0.1') + '/';
    expect(
      await call('profiles.save', { ...edit, id, name: 'Centro (novo)', baseUrl: host, username: ' gym-a ' }),
    ).toMatchObject({ ok: true, value: { name: 'Centro (novo)', hasSecret: true } });
    expect(keyOf(core, id)).toBe('KEY-OF-A');
  });

  it('audits the change, naming what changed, never the key', async () => {
    const { call, id, b, core } = await setup();
    await call('profiles.save', { ...edit, id, baseUrl: b.url, username: 'gym-x', password: 'KEY-OF-B' });
    const entries = queryAudit(core.ctx.dbFor(id)).entries.filter((e) => e.action === 'settings.changed');
    const last = entries[0]!; // newest first
    expect(last.subject).toBe(`profile:${id}`);
    expect(last.after).toMatchObject({
      baseUrl: b.url,
      username: 'gym-x',
      changed: ['baseUrl', 'username'],
      keyReplaced: true,
    });
    expect(last.before).toMatchObject({ username: 'gym-a' });
    const all = JSON.stringify(queryAudit(core.ctx.dbFor(id)).entries);
    expect(all).not.toContain('KEY-OF-A');
    expect(all).not.toContain('KEY-OF-B');
  });

  it('a refused move leaves the old key in place; an accepted one leaves no old key anywhere', async () => {
    const { call, id, b, core } = await setup();
    await call('profiles.save', { ...edit, id, baseUrl: b.url, username: 'gym-a' });
    expect(keyOf(core, id)).toBe('KEY-OF-A');
    await call('profiles.save', { ...edit, id, baseUrl: b.url, username: 'gym-a', password: 'KEY-OF-B' });
    expect(keyOf(core, id)).toBe('KEY-OF-B');
  });
});

describe('the order of the writes when a profile moves (issue [N] item 2)', () => {
  it('at no moment do the files hold the new address beside the old key', async () => {
    const t = tempDir();
    opened.push({ close: t.cleanup });
    const kv = openConfStore(join(t.dir, 'data'));
    const inner = memorySecretStore();
    const states: string[] = [];
    // The key as written, whatever it is bound to (the binding is tested on its own; this is the order).
    const written = new Map<string, string>();
    let id = '';
    // What another process would read after each single write.
    const snapshot = () => {
      const p = (kv.get('profiles') as { baseUrl: string; username: string }[] | undefined)?.[0];
      states.push(`${p?.baseUrl ?? '-'} ${p?.username ?? '-'} ${written.get(`profile:${id}`) ?? 'no key'}`);
    };
    const core = createCore({
      mode: 'cli',
      version: '0',
      dataDir: join(t.dir, 'data'),
      kv: {
        ...kv,
        get: (k) => kv.get(k),
        set: (k, v) => (kv.set(k, v), snapshot()),
        delete: (k) => kv.delete(k),
        path: kv.path,
      },
      secrets: {
        ...inner,
        set: (k, v, binding) => (inner.set(k, v, binding), written.set(k, v), snapshot()),
        delete: (k) => (inner.delete(k), written.delete(k), snapshot()),
      },
    });
    opened.push({ close: () => core.close() });
    const created = await core.dispatch('profiles.save', {
      name: 'C',
      baseUrl: 'https://a.example',
      username: 'gym-a',
      password: 'KEY-OF-A',
      keyKind: 'branch',
    });
    id = (created as { value: { id: string } }).value.id;
    states.length = 0;
    await core.dispatch('profiles.save', {
      id,
      name: 'C',
      baseUrl: 'https://b.example',
      username: 'gym-b',
      password: 'KEY-OF-B',
      keyKind: 'branch',
    });
    expect(states.length).toBeGreaterThan(0);
    for (const s of states) {
      // Neither the old key with the new address, nor the new key with the old one.
      expect(s).not.toMatch(/b\.example.*KEY-OF-A|gym-b KEY-OF-A/);
      expect(s).not.toMatch(/a\.example.*KEY-OF-B|gym-a KEY-OF-B/);
    }
    expect(states.at(-1)).toBe('https://b.example gym-b KEY-OF-B');
  });
});
