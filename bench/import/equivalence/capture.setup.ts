/**
 * Vitest setup for the equivalence harness: every parseStatement call the import tests make is recorded
 * (bytes and options, functions left out) under $QUITA_CAPTURE, one file per distinct input, so the
 * harness can replay exactly what the tests read. The call itself is not changed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import type * as ParseModule from '../../../src/core/import/parse-statement';

vi.mock('../../../src/core/import/parse-statement', async (importOriginal) => {
  const real = await importOriginal<typeof ParseModule>();
  const dir = process.env.QUITA_CAPTURE!;
  mkdirSync(dir, { recursive: true });
  return {
    ...real,
    parseStatement: (bytes: Uint8Array, opts: Parameters<typeof real.parseStatement>[1] = {}) => {
      const o = JSON.stringify(opts, (_k, v: unknown) => (typeof v === 'function' ? undefined : v));
      const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      const id = createHash('sha256').update(o).update('\0').update(b64).digest('hex').slice(0, 24);
      writeFileSync(join(dir, `${id}.json`), JSON.stringify({ opts: o, bytes: b64 }));
      return real.parseStatement(bytes, opts);
    },
  };
});
