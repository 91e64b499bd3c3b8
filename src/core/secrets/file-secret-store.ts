import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../errors';
import { restrictFileMode, writeFileAtomic } from '../fs-atomic';
import type { SecretProtection, SecretStore } from './secret-store';

/**
 * Secrets outside Electron (browser host, CLI): AES-256-GCM, one entry per id, the id bound as associated
 * data so entries cannot be swapped between profiles.
 *
 * The 256-bit key comes from, in order:
 *  1. QUITA_PASSPHRASE, stretched with scrypt (salt kept in the secrets file): nothing on disk opens it;
 *  2. a random key file (default ~/.quita/master.key, mode 0600) kept OUTSIDE the data folder, so that a copy
 *     of the data folder alone reveals nothing. Anyone who can read files as this OS user can read both, and
 *     we say so to the user.
 */
const entrySchema = z.object({ iv: z.string(), tag: z.string(), data: z.string() });
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

export function fileSecretStore(opts: FileSecretStoreOptions): SecretStore {
  const scheme = opts.passphrase ? 'passphrase' : 'keyfile';
  let cachedKey: Buffer | undefined;

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

  const keyFor = (file: SecretsFile): Buffer => {
    if (cachedKey) return cachedKey;
    if (opts.passphrase) {
      cachedKey = scryptSync(opts.passphrase, Buffer.from(file.salt ?? '', 'base64'), 32);
    } else {
      if (!existsSync(opts.keyFile)) writeFileAtomic(opts.keyFile, randomBytes(32), 0o600);
      else if (process.platform !== 'win32' && (statSync(opts.keyFile).mode & 0o077) !== 0) {
        chmodSync(opts.keyFile, 0o600);
      }
      cachedKey = readFileSync(opts.keyFile);
      if (cachedKey.length !== 32) {
        throw new AppError(
          'internal',
          `The key file ${opts.keyFile} is not a Quita key; move it away and save the connection again.`,
          {
            code: 'secrets.bad_keyfile',
          },
        );
      }
    }
    return cachedKey;
  };

  return {
    get(id) {
      const file = load();
      const entry = file.entries[id];
      if (!entry) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyFor(file), Buffer.from(entry.iv, 'base64'));
        decipher.setAAD(Buffer.from(id, 'utf8'));
        decipher.setAuthTag(Buffer.from(entry.tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(entry.data, 'base64')), decipher.final()]).toString(
          'utf8',
        );
      } catch (cause) {
        throw new AppError(
          'auth',
          opts.passphrase
            ? 'The stored API key cannot be opened with this QUITA_PASSPHRASE; check it, or save the connection again.'
            : 'The stored API key cannot be opened (was the key file replaced?); save the connection again.',
          { code: 'secrets.cannot_decrypt', cause },
        );
      }
    },
    set(id, secret) {
      const file = load();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyFor(file), iv);
      cipher.setAAD(Buffer.from(id, 'utf8'));
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      file.entries[id] = {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
      writeFileAtomic(opts.file, JSON.stringify(file, null, 2));
    },
    delete(id) {
      const file = load();
      if (!(id in file.entries)) return;
      delete file.entries[id];
      writeFileAtomic(opts.file, JSON.stringify(file, null, 2));
    },
    get protection(): SecretProtection {
      return opts.passphrase ? { scheme: 'passphrase' } : { scheme: 'keyfile', warning: KEYFILE_WARNING };
    },
  };
}
