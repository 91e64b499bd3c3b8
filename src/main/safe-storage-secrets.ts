import { existsSync, readFileSync } from 'node:fs';
import type { SafeStorage } from 'electron';
import { z } from 'zod';
import { AppError, writeFileAtomic, type SecretProtection, type SecretStore } from '../core';

const fileSchema = z.record(z.string(), z.string());

/**
 * Secrets in the desktop app: encrypted by the OS keychain through Electron's safeStorage (DPAPI on Windows,
 * Keychain on macOS, libsecret/kwallet on Linux), stored as base64 in secrets.os.json. On Linux without a
 * keyring safeStorage falls back to a hard-coded key ("basic_text"); we warn instead of pretending.
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
  const weak = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  const protection: SecretProtection = weak
    ? {
        scheme: 'os',
        warning: 'No keyring (GNOME Keyring or KWallet) was found: the API key is only obfuscated on disk.',
      }
    : { scheme: 'os' };

  return {
    get(id) {
      const value = load()[id];
      if (value === undefined) return null;
      requireEncryption();
      return safeStorage.decryptString(Buffer.from(value, 'base64'));
    },
    set(id, secret) {
      requireEncryption();
      const all = load();
      all[id] = safeStorage.encryptString(secret).toString('base64');
      writeFileAtomic(file, JSON.stringify(all, null, 2));
    },
    delete(id) {
      const all = load();
      if (!(id in all)) return;
      delete all[id];
      writeFileAtomic(file, JSON.stringify(all, null, 2));
    },
    protection,
  };
}
