import { existsSync, readFileSync } from 'node:fs';
import type { SafeStorage } from 'electron';
import { z } from 'zod';
import {
  AppError,
  boundPayload,
  openBoundPayload,
  openSealedPayload,
  sealedPayload,
  withFileLock,
  writeFileAtomic,
  type SecretProtection,
  type SecretStore,
} from '../core';

const fileSchema = z.record(z.string(), z.string());

/**
 * Secrets in the desktop app: encrypted by the OS keychain through Electron's safeStorage (DPAPI on Windows,
 * Keychain on macOS, libsecret/kwallet on Linux), stored as base64 in secrets.os.json. On Linux without a
 * keyring safeStorage falls back to a hard-coded key ("basic_text"); we warn instead of pretending.
 *
 * safeStorage takes no associated data, so each entry's id and binding are sealed inside its payload and compared
 * when it is opened (core's boundPayload/openBoundPayload: the same rule as the file store's). Changes are
 * read-change-write inside the core's file lock, written by rename.
 */
export function safeStorageSecretStore(file: string, safeStorage: SafeStorage): SecretStore {
  const load = (): Record<string, string> => {
    if (!existsSync(file)) return {};
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  };
  const requireEncryption = () => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new AppError(
        'internal',
        'The operating system offers no secure storage for the API key right now.',
        {
          code: 'secrets.unavailable',
        },
      );
    }
  };
  const encrypt = (text: string) => safeStorage.encryptString(text).toString('base64');
  const decrypt = (value: string) => safeStorage.decryptString(Buffer.from(value, 'base64'));
  const read = (all: Record<string, string>, id: string, binding: string | undefined) => {
    const value = all[id];
    if (value === undefined) return null;
    requireEncryption();
    return openBoundPayload(id, decrypt(value), binding);
  };
  /** Read-change-write of the whole file inside its lock; `fn` says whether to write. */
  const change = (fn: (all: Record<string, string>) => boolean) =>
    withFileLock(file, () => {
      const all = load();
      if (fn(all)) writeFileAtomic(file, JSON.stringify(all, null, 2));
    });
  const weak = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  const protection: SecretProtection = weak
    ? {
        scheme: 'os',
        warning: 'No keyring (GNOME Keyring or KWallet) was found: the API key is only obfuscated on disk.',
      }
    : { scheme: 'os' };

  return {
    get: (id, binding) => read(load(), id, binding),
    set(id, secret, binding) {
      requireEncryption();
      change((all) => {
        all[id] = encrypt(boundPayload(id, secret, binding));
        return true;
      });
    },
    delete(id) {
      change((all) => {
        if (!(id in all)) return false;
        delete all[id];
        return true;
      });
    },
    update(id, fn) {
      change((all) => {
        const next = fn(read(all, id, undefined));
        if (next === undefined || (next === null && !(id in all))) return false;
        if (next === null) delete all[id];
        else {
          requireEncryption();
          all[id] = encrypt(boundPayload(id, next));
        }
        return true;
      });
    },
    seal(purpose, value) {
      requireEncryption();
      return encrypt(sealedPayload(purpose, value));
    },
    open(purpose, sealed) {
      requireEncryption();
      try {
        return openSealedPayload(purpose, decrypt(sealed));
      } catch {
        return null;
      }
    },
    protection,
  };
}
