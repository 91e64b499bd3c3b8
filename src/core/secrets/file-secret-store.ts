import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, rmSync, statSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../errors';
import { restrictFileMode, writeFileAtomic } from '../fs-atomic';
import { withFileLock } from '../fs-lock';
import { entryAad, otherBinding, sealedAad, type SecretProtection, type SecretStore } from './secret-store';

/**
 * Secrets outside Electron (browser host, CLI): AES-256-GCM, one entry per id, sealed with its id and binding as
 * associated data (`entryAad`), so an entry cannot be moved to another profile, and an API key stored for one
 * address and user does not open for another (secret-store.ts). The binding is also written beside the entry in
 * clear (it is not secret: settings.json says the same), only to tell "saved for something else" from "cannot be
 * decrypted"; changing it does not help, the associated data decides.
 *
 * Entries written before bindings (`v` absent: the id alone as associated data) still open when asked without a
 * binding (the audit anchor); an API key among them does not: the clerk types it again (docs/architecture-details.md).
 *
 * The 256-bit key comes from, in order:
 *  1. QUITA_PASSPHRASE, stretched with scrypt (salt kept in the secrets file): nothing on disk opens it;
 *  2. a random key file (default ~/.quita/master.key, mode 0600) kept OUTSIDE the data folder, so that a copy
 *     of the data folder alone reveals nothing. Anyone who can read files as this OS user can read both, and
 *     we say so to the user.
 *
 * Every change is a read-change-write of the whole file inside the file's lock (fs-lock.ts), written by rename.
 */
const entrySchema = z.object({
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
  v: z.literal(2).optional(),
  binding: z.string().optional(),
});
type Entry = z.infer<typeof entrySchema>;
const fileSchema = z.object({
  version: z.literal(1),
  scheme: z.enum(['passphrase', 'keyfile']),
  salt: z.string().optional(),
  entries: z.record(z.string(), entrySchema),
});
type SecretsFile = z.infer<typeof fileSchema>;

export interface FileSecretStoreOptions {
  file: string;
  keyFile: string;
  passphrase?: string | undefined;
}

const KEYFILE_WARNING =
  'API keys are encrypted with a key file readable by your OS user (no OS keychain here). ' +
  'Set QUITA_PASSPHRASE to protect them with a passphrase instead.';

/** Create the key file once: two processes starting together both end up with the same key. */
function ensureKeyFile(keyFile: string): void {
  if (existsSync(keyFile)) {
    if (process.platform !== 'win32' && (statSync(keyFile).mode & 0o077) !== 0) chmodSync(keyFile, 0o600);
    return;
  }
  const tmp = `${keyFile}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  writeFileAtomic(tmp, randomBytes(32), 0o600);
  try {
    linkSync(tmp, keyFile); // fails if another process made it first: theirs is kept
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function seal(key: Buffer, plaintext: string, aad: Buffer): Pick<Entry, 'iv' | 'tag' | 'data'> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

function unseal(key: Buffer, e: Pick<Entry, 'iv' | 'tag' | 'data'>, aad: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(e.iv, 'base64'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(e.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(e.data, 'base64')), decipher.final()]).toString('utf8');
}

export function fileSecretStore(opts: FileSecretStoreOptions): SecretStore {
  const scheme = opts.passphrase ? 'passphrase' : 'keyfile';
  // Per salt: another process may create the file (and its salt) between two of our reads.
  const keys = new Map<string, Buffer>();

  const load = (): SecretsFile => {
    if (!existsSync(opts.file)) {
      return { version: 1, scheme, salt: randomBytes(16).toString('base64'), entries: {} };
    }
    // Written 0600 by writeFileAtomic; one left wider by an older version is narrowed before it is read.
    restrictFileMode(opts.file);
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(opts.file, 'utf8')));
    if (!parsed.success) {
      throw new AppError('internal', `The secrets file ${opts.file} is damaged; save the connection again.`, {
        code: 'secrets.damaged',
      });
    }
    if (parsed.data.scheme !== scheme) {
      throw new AppError(
        'auth',
        scheme === 'passphrase'
          ? 'The stored API keys were saved without QUITA_PASSPHRASE; unset it, or save the connection again.'
          : 'The stored API keys are protected by a passphrase: set QUITA_PASSPHRASE and try again.',
        { code: 'secrets.scheme_mismatch' },
      );
    }
    return parsed.data;
  };
  const save = (file: SecretsFile) => writeFileAtomic(opts.file, JSON.stringify(file, null, 2));
  /** Read-change-write of the whole file, inside its lock. */
  const change = <T>(fn: (file: SecretsFile) => { write: boolean; value: T }): T =>
    withFileLock(opts.file, () => {
      const file = load();
      const r = fn(file);
      if (r.write) save(file);
      return r.value;
    });

  const keyFor = (file: SecretsFile): Buffer => {
    const salt = file.salt ?? '';
    const known = keys.get(opts.passphrase ? salt : '');
    if (known) return known;
    let key: Buffer;
    if (opts.passphrase) {
      key = scryptSync(opts.passphrase, Buffer.from(salt, 'base64'), 32);
    } else {
      ensureKeyFile(opts.keyFile);
      key = readFileSync(opts.keyFile);
      if (key.length !== 32) {
        throw new AppError(
          'internal',
          `The key file ${opts.keyFile} is not a Quita key; move it away and save the connection again.`,
          { code: 'secrets.bad_keyfile' },
        );
      }
    }
    keys.set(opts.passphrase ? salt : '', key);
    return key;
  };

  const cannotOpen = (cause: unknown) =>
    new AppError(
      'auth',
      opts.passphrase
        ? 'The stored API key cannot be opened with this QUITA_PASSPHRASE; check it, or save the connection again.'
        : 'The stored API key cannot be opened (was the key file replaced?); save the connection again.',
      { code: 'secrets.cannot_decrypt', cause },
    );

  const read = (file: SecretsFile, id: string, binding: string | undefined): string | null => {
    const entry = file.entries[id];
    if (!entry) return null;
    // Before bindings: the id alone was the associated data. Such an entry never opens for a binding.
    if (entry.v !== 2) {
      if (binding) throw otherBinding();
    } else if ((entry.binding ?? '') !== (binding ?? '')) throw otherBinding();
    try {
      return unseal(keyFor(file), entry, entry.v === 2 ? entryAad(id, binding) : Buffer.from(id, 'utf8'));
    } catch (cause) {
      throw cannotOpen(cause);
    }
  };
  const write = (file: SecretsFile, id: string, secret: string, binding: string | undefined) => {
    file.entries[id] = {
      ...seal(keyFor(file), secret, entryAad(id, binding)),
      v: 2,
      ...(binding ? { binding } : {}),
    };
  };

  return {
    // Reading takes no lock: the file is only ever replaced whole.
    get: (id, binding) => read(load(), id, binding),
    set: (id, secret, binding) =>
      change((file) => {
        write(file, id, secret, binding);
        return { write: true, value: undefined };
      }),
    delete: (id) =>
      change((file) => {
        if (!(id in file.entries)) return { write: false, value: undefined };
        delete file.entries[id];
        return { write: true, value: undefined };
      }),
    update: (id, fn) =>
      change((file) => {
        const next = fn(read(file, id, undefined));
        if (next === undefined) return { write: false, value: undefined };
        if (next === null) {
          if (!(id in file.entries)) return { write: false, value: undefined };
          delete file.entries[id];
        } else write(file, id, next, undefined);
        return { write: true, value: undefined };
      }),
    seal: (purpose, value) =>
      change((file) => {
        // The passphrase's salt must be on disk before anything sealed with it leaves the store.
        const fresh = !existsSync(opts.file);
        const s = seal(keyFor(file), value, sealedAad(purpose));
        return { write: fresh, value: `${s.iv}.${s.tag}.${s.data}` };
      }),
    open(purpose, sealed) {
      const [iv, tag, data, extra] = sealed.split('.');
      if (!iv || !tag || !data || extra !== undefined) return null;
      const file = load();
      const key = keyFor(file);
      try {
        return unseal(key, { iv, tag, data }, sealedAad(purpose));
      } catch {
        return null;
      }
    },
    get protection(): SecretProtection {
      return opts.passphrase ? { scheme: 'passphrase' } : { scheme: 'keyfile', warning: KEYFILE_WARNING };
    },
  };
}
