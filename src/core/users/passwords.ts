import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../errors';

/**
 * Passwords as scrypt hashes (N = 2^15, r = 8, p = 1, a 16-byte salt, a 32-byte key): node:crypto alone, no native
 * dependency. The stored string names its own parameters (`scrypt$15$8$1$<salt>$<key>`), so a later Quita can raise
 * the cost and still verify the hashes written before.
 */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that for 2^15 and 8, and refuses it. */
const maxmemFor = (logN: number, r: number) => 256 * 2 ** logN * r;

/** The callback form, so a login never blocks the server's event loop (scryptSync would, for ~100 ms). */
function scryptAsync(password: string, salt: Buffer, keylen: number, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keylen, o, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, {
    N: 2 ** LOG_N,
    r: R,
    p: P,
    maxmem: maxmemFor(LOG_N, R),
  });
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const m = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return null;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds keep a tampered row from asking for gigabytes or minutes.
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(m[4]!, 'base64');
  const key = Buffer.from(m[5]!, 'base64');
  if (salt.length < 16 || key.length < 16) return null;
  return { logN, r, p, salt, key };
}

/** Whether `password` is the one `stored` was made from; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const key = await scryptAsync(password, h.salt, h.key.length, {
    N: 2 ** h.logN,
    r: h.r,
    p: h.p,
    maxmem: maxmemFor(h.logN, h.r),
  });
  return timingSafeEqual(key, h.key);
}

/**
 * A hash made once per process from a random password: an unknown login is checked against it, so that it costs
 * the same scrypt time as a known one (no telling which logins exist by how fast the refusal comes).
 */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

/** A new password's rules: 10 to 200 characters, and not the login itself. */
export function checkNewPassword(password: string, login: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN)
    throw new AppError('validation', `The password must have at least ${PASSWORD_MIN} characters.`, {
      code: 'users.password_short',
      field: 'password',
      params: { min: PASSWORD_MIN },
    });
  if (length > PASSWORD_MAX)
    throw new AppError('validation', `The password may have at most ${PASSWORD_MAX} characters.`, {
      code: 'users.password_long',
      field: 'password',
      params: { max: PASSWORD_MAX },
    });
  if (password.trim().toLowerCase() === login.trim().toLowerCase())
    throw new AppError('validation', 'The password cannot be the login.', {
      code: 'users.password_is_login',
      field: 'password',
    });
}
