import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { quitaCli } from '../../../tests/helpers/cli';
import { testCore } from '../../../tests/helpers/core';

/**
 * Issue [R] item 2: the key was not bound to where it may go. Editing `baseUrl` (or the user) in settings.json by
 * hand sent the stored key to the new address on the next sync. Now the key is sealed with its profile, address
 * and user: for another address it does not open, nothing is sent, and the clerk is asked to type it again.
 */
interface Recorder {
  url: string;
  seen: string[];
  close: () => Promise<void>;
}

async function recorder(): Promise<Recorder> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const h = req.headers.authorization ?? '';
    seen.push(h.startsWith('Basic ') ? Buffer.from(h.slice(6), 'base64').toString('utf8') : h);
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

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SENTENCE = /saved for another address or user, so it was not sent; enter the key again/;

async function setup() {
  const t = testCore('cli');
  cleanups.push(t.cleanup, () => t.core.close());
  const a = await recorder();
  const b = await recorder();
  cleanups.push(a.close, b.close);
  const saved = await t.core.dispatch('profiles.save', {
    name: 'Centro',
    baseUrl: a.url,
    username: 'gym-a',
    password: 'KEY-OF-A',
    keyKind: 'branch',
  });
  if (!saved.ok) throw new Error(saved.error.message);
  const id = (saved.value as { id: string }).id;
  await t.core.dispatch('sync.run', {});
  expect(a.seen.length).toBeGreaterThan(0);
  expect(a.seen.every((s) => s === 'gym-a:KEY-OF-A')).toBe(true);
  /** What someone with write access to the data folder (and no key) does: edit settings.json by hand. */
  const handEdit = (change: Record<string, string>) => {
    const file = t.core.ctx.settings.path;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown>[] };
    Object.assign(json.profiles[0]!, change);
    writeFileSync(file, JSON.stringify(json));
  };
  return { ...t, a, b, id, handEdit };
}

describe('a stored key goes only to the address and user it was saved for (issue [R] item 2)', () => {
  it('baseUrl edited by hand in settings.json: the next sync and test are refused with the sentence, 0 requests to the new address', async () => {
    const { core, a, b, id, handEdit } = await setup();
    const sentBefore = a.seen.length;
    handEdit({ baseUrl: b.url });
    expect(core.ctx.settings.profile(id)?.baseUrl).toBe(b.url);

    for (const [name, input] of [
      ['sync.run', {}],
      ['profiles.test', { id }],
    ] as const) {
      const r = await core.dispatch(name, input);
      expect(r, name).toMatchObject({ ok: false, error: { kind: 'auth', code: 'profile.key_unbound' } });
      expect(r.ok ? '' : r.error.message).toMatch(SENTENCE);
    }
    expect(b.seen).toEqual([]);
    expect(a.seen.length).toBe(sentBefore);
    // The screen shows the key as missing, so Configurações asks for it.
    expect(await core.dispatch('profiles.list', {})).toMatchObject({
      ok: true,
      value: { profiles: [{ id, hasSecret: false }] },
    });

    // Typed again for the new address, it goes there (and only its user and key).
    const again = await core.dispatch('profiles.save', {
      id,
      name: 'Centro',
      baseUrl: b.url,
      username: 'gym-a',
      password: 'KEY-OF-B',
      keyKind: 'branch',
    });
    expect(again).toMatchObject({ ok: true, value: { hasSecret: true } });
    await core.dispatch('sync.run', {});
    expect(b.seen.length).toBeGreaterThan(0);
    expect(b.seen.every((s) => s === 'gym-a:KEY-OF-B')).toBe(true);
  });

  it('the user edited by hand, or the address written back: only the original binding opens the key', async () => {
    const { core, a, handEdit } = await setup();
    handEdit({ username: 'gym-x' });
    const sent = a.seen.length;
    expect(await core.dispatch('sync.run', {})).toMatchObject({
      ok: false,
      error: { code: 'profile.key_unbound' },
    });
    expect(a.seen.length).toBe(sent);
    // Put back as it was (the same address spelled differently too): the key opens again.
    handEdit({ username: 'gym-a', baseUrl: `${a.url.toUpperCase().replace('HTTP', 'http')}/` });
    await core.dispatch('sync.run', {});
    expect(a.seen.length).toBeGreaterThan(sent);
    expect(a.seen.every((s) => s === 'gym-a:KEY-OF-A')).toBe(true);
  });

  it('through the CLI: quita sync says the sentence on stderr, exit 1, and sends nothing', async () => {
    const { core, a, b, handEdit, dataDir } = await setup();
    await core.close();
    handEdit({ baseUrl: b.url });
    const keyFile = join(dataDir, '..', 'keys', 'master.key');
    const quita = quitaCli(dataDir, { QUITA_KEY_FILE: keyFile });
    const sent = a.seen.length;
    const r = await quita(['sync', '--no-debtors']);
    expect(r.code).toBe(1);
    // Said as Configurações says it (errors.profile.key_unbound), in the profile's language.
    expect(r.stderr.trim()).toBe(
      'quita: A chave guardada desta conexão foi salva para outro endereço ou usuário, por isso não foi enviada. Abra Configurações e informe a chave de integração de novo.',
    );
    expect(r.stderr).not.toContain('KEY-OF-A');
    expect(b.seen).toEqual([]);
    expect(a.seen.length).toBe(sent);
  }, 60_000);
});
