import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { fileSecretStore } from './file-secret-store';

const SECRET = '3f2c1a9e-7d41-4b8e-9c55-0123456789ab';
let cleanup: () => void = () => {};
afterEach(() => cleanup());

function setup(passphrase?: string) {
  const t = tempDir();
  cleanup = t.cleanup;
  const opts = {
    file: join(t.dir, 'data', 'secrets.local.json'),
    keyFile: join(t.dir, 'keys', 'master.key'),
    passphrase,
  };
  return { opts, store: fileSecretStore(opts) };
}

describe('file secret store', () => {
  it('round-trips a secret and never writes it in plain text', () => {
    const { opts, store } = setup();
    store.set('profile:p-1', SECRET);
    expect(store.get('profile:p-1')).toBe(SECRET);
    const onDisk = readFileSync(opts.file, 'utf8');
    expect(onDisk).not.toContain(SECRET);
    expect(onDisk).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(store.get('profile:other')).toBeNull();
  });

  it('keeps the key file outside the data folder, readable only by the user', () => {
    const { opts, store } = setup();
    store.set('a', SECRET);
    expect(opts.keyFile.startsWith(join(opts.file, '..'))).toBe(false);
    if (process.platform !== 'win32') {
      expect(statSync(opts.keyFile).mode & 0o777).toBe(0o600);
      expect(statSync(opts.file).mode & 0o777).toBe(0o600);
    }
    expect(store.protection).toMatchObject({ scheme: 'keyfile' });
    expect(store.protection.warning).toMatch(/QUITA_PASSPHRASE/);
  });

  it('binds each entry to its id, so entries cannot be swapped between profiles', () => {
    const { opts, store } = setup();
    store.set('profile:a', SECRET);
    store.set('profile:b', 'other-key');
    const file = JSON.parse(readFileSync(opts.file, 'utf8')) as { entries: Record<string, unknown> };
    file.entries['profile:b'] = file.entries['profile:a'];
    writeFileSync(opts.file, JSON.stringify(file));
    expect(() => store.get('profile:b')).toThrow(/cannot be opened/);
  });

  it('with a passphrase, refuses the wrong one with a clear message', () => {
    const { opts, store } = setup('correct horse battery staple');
    store.set('a', SECRET);
    expect(store.protection).toEqual({ scheme: 'passphrase' });
    expect(fileSecretStore({ ...opts, passphrase: 'correct horse battery staple' }).get('a')).toBe(SECRET);
    expect(() => fileSecretStore({ ...opts, passphrase: 'wrong' }).get('a')).toThrow(/QUITA_PASSPHRASE/);
    expect(() => fileSecretStore({ ...opts, passphrase: undefined }).get('a')).toThrow(/QUITA_PASSPHRASE/);
  });

  it('deletes', () => {
    const { store } = setup();
    store.set('a', SECRET);
    store.delete('a');
    expect(store.get('a')).toBeNull();
  });

  it('a secret stored with a binding opens only for that binding; changing the clear copy does not help', () => {
    const { opts, store } = setup();
    const bindA = JSON.stringify({ profile: 'p-1', baseUrl: 'https://a.example', username: 'gym' });
    const bindB = JSON.stringify({ profile: 'p-1', baseUrl: 'https://b.example', username: 'gym' });
    store.set('profile:p-1', SECRET, bindA);
    expect(store.get('profile:p-1', bindA)).toBe(SECRET);
    expect(() => store.get('profile:p-1', bindB)).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
    expect(() => store.get('profile:p-1')).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
    // The binding written in clear beside the entry is only a hint: rewritten to B, the entry still does not open.
    const file = JSON.parse(readFileSync(opts.file, 'utf8')) as {
      entries: Record<string, { binding: string }>;
    };
    file.entries['profile:p-1']!.binding = bindB;
    writeFileSync(opts.file, JSON.stringify(file));
    expect(() => store.get('profile:p-1', bindB)).toThrow(
      expect.objectContaining({ code: 'secrets.cannot_decrypt' }),
    );
  });

  it('an entry of the previous version (the id alone as associated data): an API key is asked again, an anchor opens', () => {
    const { opts, store } = setup();
    store.set('warm-up', 'x'); // creates the key file and the secrets file
    const key = readFileSync(opts.keyFile);
    const legacy = (id: string, text: string) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(Buffer.from(id, 'utf8'));
      const data = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return {
        iv: iv.toString('base64'),
        tag: c.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    };
    const file = JSON.parse(readFileSync(opts.file, 'utf8')) as { entries: Record<string, unknown> };
    file.entries['profile:p-1'] = legacy('profile:p-1', SECRET);
    file.entries['audit-anchor:p-1'] = legacy('audit-anchor:p-1', '{"count":3,"head":"abc","at":"x"}');
    mkdirSync(join(opts.file, '..'), { recursive: true });
    writeFileSync(opts.file, JSON.stringify(file));
    const binding = JSON.stringify({ profile: 'p-1', baseUrl: 'https://a.example', username: 'gym' });
    expect(() => store.get('profile:p-1', binding)).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
    expect(store.get('audit-anchor:p-1')).toBe('{"count":3,"head":"abc","at":"x"}');
  });

  it('seals values kept elsewhere: only this key opens them, only for their purpose', () => {
    const { opts, store } = setup();
    const sealed = store.seal('audit-anchor:p-1', '{"generation":2}');
    expect(sealed).not.toContain('generation');
    expect(store.open('audit-anchor:p-1', sealed)).toBe('{"generation":2}');
    expect(store.open('audit-anchor:p-2', sealed)).toBeNull();
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0]! ^= 1;
    expect(store.open('audit-anchor:p-1', `${iv}.${tag}.${flipped.toString('base64')}`)).toBeNull();
    expect(store.open('audit-anchor:p-1', 'garbage')).toBeNull();
    const other = fileSecretStore({ ...opts, keyFile: join(opts.keyFile, '..', 'other.key') });
    expect(other.open('audit-anchor:p-1', sealed)).toBeNull();
  });

  it('update is a read-change-write of one entry; undefined leaves it, null deletes it', () => {
    const { store } = setup();
    store.update('n', (v) => String(Number(v ?? '0') + 1));
    store.update('n', (v) => String(Number(v ?? '0') + 1));
    expect(store.get('n')).toBe('2');
    store.update('n', () => undefined);
    expect(store.get('n')).toBe('2');
    store.update('n', () => null);
    expect(store.get('n')).toBeNull();
  });
});
