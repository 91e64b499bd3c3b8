/**
 * Adds 1 to the number in a file `times` times, each a read-change-write inside withFileLock (fs-lock.test.ts runs
 * two of these at once on one file: without the lock increments are lost). Run with `node --import tsx`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../src/core/fs-atomic';
import { withFileLock } from '../../src/core/fs-lock';

const [file, times] = process.argv.slice(2) as [string, string];
for (let i = 0; i < Number(times); i++) {
  withFileLock(file, () => {
    const n = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
    writeFileAtomic(file, String(n + 1));
  });
}
