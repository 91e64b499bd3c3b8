import { readFileSync, statSync, writeFileSync } from 'node:fs';
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
});
