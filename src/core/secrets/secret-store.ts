import type { z } from 'zod';
import type { secretProtectionSchema } from '../../shared/contract/app';

export type SecretProtection = z.infer<typeof secretProtectionSchema>;

/**
 * Where API keys live. Implementations never write a secret in plain text and never put one in an error
 * message. Electron's main process uses the OS keychain (safeStorage); plain Node uses an encrypted file.
 */
export interface SecretStore {
  get(id: string): string | null;
  set(id: string, secret: string): void;
  delete(id: string): void;
  readonly protection: SecretProtection;
}

/** A map kept only in memory: for tests and for the demo branch's throw-away keys. */
export function memorySecretStore(): SecretStore {
  const map = new Map<string, string>();
  return {
    get: (id) => map.get(id) ?? null,
    set: (id, s) => void map.set(id, s),
    delete: (id) => void map.delete(id),
    protection: { scheme: 'keyfile', warning: 'Secrets are kept in memory only and are lost on exit.' },
  };
}
