import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

const isPosix = process.platform !== 'win32';

/**
 * Write a file so that a crash leaves either the old or the new content, never half of it.
 *
 * The file ends up with exactly `mode` (0600 by default: everything Quita writes is the user's alone), whatever
 * the umask, the folder's default ACL or an earlier file of the same name said: the temporary file is created
 * fresh (`wx`: never an existing file, never through a symlink planted at its name), set to `mode` with fchmod
 * before any byte is written, and renamed over the target.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', mode);
  try {
    try {
      if (isPosix) fchmodSync(fd, mode);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let off = 0; off < bytes.byteLength;) off += writeSync(fd, bytes, off, bytes.byteLength - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Take group and other permissions away from a file Quita made earlier (an older version, or a library that
 * created it under a permissive umask). Missing files and Windows are left alone.
 */
export function restrictFileMode(path: string, mode = 0o600): void {
  if (!isPosix || !existsSync(path)) return;
  if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
}
