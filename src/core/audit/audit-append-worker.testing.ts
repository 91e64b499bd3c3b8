/**
 * A second server process for audit.store.test.ts: connects to the PostgreSQL database in argv, says "ready",
 * waits for "go" on stdin, then appends `count` entries, five at a time over its own pool, and says "done". Run
 * with `node --import tsx`.
 */
import { createInterface } from 'node:readline';
import { openPgStore } from '../store/pg-store';
import { appendAudit } from './audit.store';

const [url, count, label] = process.argv.slice(2) as [string, string, string];
const store = openPgStore(url, { max: 5 });
await store.read(async () => {}); // connected before saying so
process.stdout.write('ready\n');
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));

let next = 0;
const total = Number(count);
const lane = async () => {
  while (next < total) {
    const n = ++next;
    await store.write((tx) =>
      appendAudit(tx, {
        actor: `worker ${label}`,
        profileId: 'p-1',
        action: 'match.approved',
        subject: `line:${n}`,
      }),
    );
  }
};
await Promise.all(Array.from({ length: 5 }, lane));
await store.close();
process.stdout.write('done\n');
