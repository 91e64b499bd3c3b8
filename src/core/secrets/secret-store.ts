import type { z } from 'zod';
import type { secretProtectionSchema } from '../../shared/contract/app';
import { AppError } from '../errors';

export type SecretProtection = z.infer<typeof secretProtectionSchema>;

/**
 * Where API keys (and the audit log's anchor) live. Implementations never write a secret in plain text and never
 * put one in an error message. Electron's main process uses the OS keychain (safeStorage); plain Node uses an
 * encrypted file. Both files are shared by every Quita process on the data folder: changes are made under a file
 * lock (core/fs-lock.ts) and written whole (core/fs-atomic.ts), so none is lost or brought back by another process.
 *
 * A secret may be stored with a **binding** (an API key: its profile, address and user, connection/key-binding.ts):
 * it is sealed together with it, and `get` with another binding does not open it: it throws `secrets.other_binding`.
 * A secret stored before bindings existed opens only when asked without one (the audit anchor).
 */
export interface SecretStore {
  get(id: string, binding?: string): string | null;
  set(id: string, secret: string, binding?: string): void;
  delete(id: string): void;
  /**
   * Read-change-write of one entry stored without a binding, in one piece across processes: `change` gets the
   * current value and returns the new one, null to delete it, or undefined to leave it as it is.
   */
  update(id: string, change: (current: string | null) => string | null | undefined): void;
  /** Seal a value kept elsewhere (the database's copy of the audit anchor): only this store's key opens it. */
  seal(purpose: string, value: string): string;
  /** A value `seal` made for this purpose with this store's key; null for anything else (forged, another key). */
  open(purpose: string, sealed: string): string | null;
  readonly protection: SecretProtection;
}

/** The associated data an entry is sealed with: its id and binding, so neither can be swapped. */
export const entryAad = (id: string, binding = ''): Buffer =>
  Buffer.from(`quita-secret/2\n${id}\n${binding}`, 'utf8');
/** The associated data of a sealed value kept outside the store. */
export const sealedAad = (purpose: string): Buffer => Buffer.from(`quita-sealed/2\n${purpose}`, 'utf8');

/** A secret stored for another binding (another address or user), or by a Quita before bindings: never opened. */
export const otherBinding = () =>
  new AppError('auth', 'The stored secret was saved for something else; save it again.', {
    code: 'secrets.other_binding',
  });

/**
 * For stores whose encryption takes no associated data (safeStorage): the binding goes inside the encrypted
 * payload and is compared on reading.
 */
export function boundPayload(id: string, secret: string, binding = ''): string {
  return JSON.stringify({ quita: 2, id, binding, secret });
}

/** The secret inside a payload made by `boundPayload`, if it was made for this id and binding. */
export function openBoundPayload(id: string, plaintext: string, binding: string | undefined): string {
  let p: { quita?: unknown; id?: unknown; binding?: unknown; secret?: unknown } | null = null;
  try {
    const parsed: unknown = JSON.parse(plaintext);
    if (parsed && typeof parsed === 'object' && (parsed as { quita?: unknown }).quita === 2) p = parsed;
  } catch {
    // an entry from before bindings: the secret itself
  }
  if (!p) {
    if (binding) throw otherBinding();
    return plaintext;
  }
  if (p.id !== id || p.binding !== (binding ?? '') || typeof p.secret !== 'string') throw otherBinding();
  return p.secret;
}

/** A value sealed to be kept elsewhere, for stores without associated data (`SecretStore.seal`). */
export const sealedPayload = (purpose: string, value: string): string =>
  boundPayload(`sealed:${purpose}`, value);

/** The value inside a `sealedPayload` for this purpose; null for anything else (an entry, an older payload). */
export function openSealedPayload(purpose: string, plaintext: string): string | null {
  try {
    const p = JSON.parse(plaintext) as { quita?: unknown; id?: unknown; binding?: unknown; secret?: unknown };
    return p.quita === 2 && p.id === `sealed:${purpose}` && p.binding === '' && typeof p.secret === 'string'
      ? p.secret
      : null;
  } catch {
    return null;
  }
}

/** A map kept only in memory: for tests and for the demo branch's throw-away keys. */
export function memorySecretStore(): SecretStore {
  const map = new Map<string, string>();
  const get = (id: string, binding?: string) => {
    const v = map.get(id);
    return v === undefined ? null : openBoundPayload(id, v, binding);
  };
  return {
    get,
    set: (id, s, binding) => void map.set(id, boundPayload(id, s, binding)),
    delete: (id) => void map.delete(id),
    update(id, change) {
      const next = change(get(id));
      if (next === null) map.delete(id);
      else if (next !== undefined) map.set(id, boundPayload(id, next));
    },
    seal: sealedPayload,
    open: openSealedPayload,
    protection: { scheme: 'keyfile', warning: 'Secrets are kept in memory only and are lost on exit.' },
  };
}
