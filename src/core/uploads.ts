import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { AppError } from './errors';
import { writeFileAtomic } from './fs-atomic';

/** Statement files larger than this are refused with a clear message (bank exports are far smaller). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
const STALE_MS = 24 * 60 * 60 * 1000;
const idSchema = z.string().regex(/^u-[A-Za-z0-9_-]{16,64}$/);

/**
 * Files on their way from the user to the core. The renderer cannot hand a path to the core (the browser has
 * none), so it sends the bytes once (IPC or HTTP PUT), gets an upload id, and commands refer to that id.
 */
export interface Uploads {
  stage(fileName: string, bytes: Uint8Array): { uploadId: string; size: number };
  read(uploadId: string): { fileName: string; bytes: Buffer };
  remove(uploadId: string): void;
}

export function createUploads(dir: string): Uploads {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Leftovers of earlier runs: a day is long enough for any preview-then-confirm.
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (Date.now() - statSync(p).mtimeMs > STALE_MS) rmSync(p, { force: true });
  }
  const paths = (id: string) => {
    if (!idSchema.safeParse(id).success)
      throw new AppError('validation', 'Not an upload id.', { field: 'uploadId', code: 'upload.bad_id' });
    return { data: join(dir, `${id}.bin`), meta: join(dir, `${id}.json`) };
  };
  return {
    stage(fileName, bytes) {
      if (bytes.byteLength > MAX_UPLOAD_BYTES) {
        throw new AppError(
          'validation',
          `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; export a shorter period.`,
          {
            code: 'upload.too_large',
            params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
          },
        );
      }
      const uploadId = `u-${randomBytes(18).toString('base64url')}`;
      const p = paths(uploadId);
      writeFileAtomic(p.data, bytes);
      writeFileAtomic(p.meta, JSON.stringify({ fileName: basename(fileName).slice(0, 255) || 'extrato' }));
      return { uploadId, size: bytes.byteLength };
    },
    read(uploadId) {
      const p = paths(uploadId);
      if (!existsSync(p.data) || !existsSync(p.meta)) {
        throw new AppError('not_found', 'The uploaded file is no longer available; choose the file again.', {
          code: 'upload.gone',
        });
      }
      const meta = z.object({ fileName: z.string() }).parse(JSON.parse(readFileSync(p.meta, 'utf8')));
      return { fileName: meta.fileName, bytes: readFileSync(p.data) };
    },
    remove(uploadId) {
      const p = paths(uploadId);
      rmSync(p.data, { force: true });
      rmSync(p.meta, { force: true });
    },
  };
}
