import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/tmp';
import { safeStorageSecretStore } from './safe-storage-secrets';

/** safeStorage as the OS keychain would behave: an opaque reversible transform that takes no associated data. */
const fakeSafeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (s: string) => Buffer.from(`enc:${Buffer.from(s, 'utf8').toString('hex')}`),
  decryptString: (b: Buffer) => {
    const t = b.toString();
    if (!t.startsWith('enc:'))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(t.slice(4), 'hex').toString('utf8');
  },
} as unknown as SafeStorage;

let cleanup = () => {};
afterEach(() => cleanup());

function setup() {
  const t = tempDir();
  cleanup = t.cleanup;
  const file = join(t.dir, 'secrets.os.json');
  return { file, store: safeStorageSecretStore(file, fakeSafeStorage) };
}

const bindA = JSON.stringify({ profile: 'p-1', baseUrl: 'https://a.example', username: 'gym' });
const bindB = JSON.stringify({ profile: 'p-1', baseUrl: 'https://b.example', username: 'gym' });

describe('desktop secret store (safeStorage): the binding inside the sealed payload (issue [R] item 2)', () => {
  it('a key opens only for the address and user it was stored for', () => {
    const { store } = setup();
    store.set('profile:p-1', 'KEY', bindA);
    expect(store.get('profile:p-1', bindA)).toBe('KEY');
    expect(() => store.get('profile:p-1', bindB)).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
  });

  it('an entry cannot be moved to another id, and one from the previous version is asked again for a key', () => {
    const { file, store } = setup();
    store.set('profile:p-1', 'KEY', bindA);
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    all['profile:p-2'] = all['profile:p-1']!;
    // The previous version stored the key itself, encrypted, with nothing bound to it.
    all['profile:p-3'] = fakeSafeStorage.encryptString('OLD-KEY').toString('base64');
    all['audit-anchor:p-3'] = fakeSafeStorage.encryptString('{"count":1}').toString('base64');
    writeFileSync(file, JSON.stringify(all));
    const bindP2 = bindA.replace('p-1', 'p-2');
    expect(() => store.get('profile:p-2', bindP2)).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
    expect(() => store.get('profile:p-3', bindA.replace('p-1', 'p-3'))).toThrow(
      expect.objectContaining({ code: 'secrets.other_binding' }),
    );
    expect(store.get('audit-anchor:p-3')).toBe('{"count":1}');
  });

  it('update, seal and open', () => {
    const { store } = setup();
    store.update('n', (v) => `${v ?? ''}x`);
    store.update('n', (v) => `${v ?? ''}x`);
    expect(store.get('n')).toBe('xx');
    const sealed = store.seal('audit-anchor:p-1', 'A');
    expect(store.open('audit-anchor:p-1', sealed)).toBe('A');
    expect(store.open('audit-anchor:p-2', sealed)).toBeNull();
    // An entry's ciphertext is not a sealed value (and a sealed value is not an entry).
    const entry = fakeSafeStorage.encryptString('A').toString('base64');
    expect(store.open('audit-anchor:p-1', entry)).toBeNull();
  });
});
