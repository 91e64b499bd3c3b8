/**
 * bench/reliability: 1,000 approved receivables sent in batches of 50 through the real outbox, against the
 * sandbox with about 20 % of requests hit by injected faults (500s, 429s, timeouts, resets after the change
 * was applied). A counting proxy sees every mark-received that reaches the API.
 * Prints: sent, confirmed, needing review, duplicate sends (must be 0), lost approvals (must be 0).
 * Usage: node_modules/.bin/tsx bench/reliability/run.ts [--n 1000] [--seed 5]
 */
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createApiClient } from '../../src/core/api/client';
import { createRateLimiter } from '../../src/core/api/rate-limiter';
import { MIGRATIONS } from '../../src/core/db/migrations';
import { batchCounts, enqueuePairs } from '../../src/core/outbox/outbox.repo';
import { runSender } from '../../src/core/outbox/outbox.sender';
import { startSandbox } from '../../src/sandbox';
import { countingProxy } from '../../tests/helpers/counting-proxy';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '1000' }, seed: { type: 'string', default: '5' } },
});
const N = Number(values.n);
const seed = Number(values.seed);
const faults = { errorRate: 0.07, rateLimitRate: 0.05, timeoutRate: 0.03, resetAfterApplyRate: 0.05, seed };

const sandbox = await startSandbox({ seed, members: 800, today: '2026-11-20', rateLimit: false });
const proxy = await countingProxy(sandbox.url);
const db = new Database(':memory:');
for (const m of MIGRATIONS) db.exec(m.sql);
const who = { actor: 'bench', profileId: 'bench' };
const open = sandbox.data.receivables.filter((r) => r.status === 1 || r.status === 4).slice(0, N);
if (open.length < N) throw new Error(`only ${open.length} open receivables; raise --members`);
const account = sandbox.data.bankAccounts[0]!.id;
enqueuePairs(
  db,
  open.map((r) => ({ receivableId: r.idReceivable, bankAccountId: account, amountCents: r.ammountCents })),
  who,
  { chunkSize: 50 },
);
sandbox.setFaults(faults);

// Time runs faster than the clock here: back-offs and the wait before a read-back are skipped, not waited out.
let virtual = Date.now();
const now = () => new Date(virtual);
const limiter = createRateLimiter({ perSecond: 1000, perMinute: 100_000 });
const client = createApiClient({
  creds: { baseUrl: proxy.url, username: sandbox.username, password: sandbox.branchKey },
  limiter,
  timeoutMs: 800,
  maxRetries: 3,
});
const started = performance.now();
let runs = 0;
let sent = 0;
for (; runs < 400; runs++) {
  const s = await runSender({ db, client, who, now, settleAfterMs: 2_000 });
  sent += s.sent;
  if (s.waiting === 0) break;
  virtual += 15 * 60_000;
}
const seconds = (performance.now() - started) / 1000;
sandbox.setFaults({});

const counts = batchCounts(db);
const applied = proxy.applied.flat();
// A duplicate is an id applied twice, or sent again after it was applied (the API refuses it as already received).
const duplicates = applied.length - new Set(applied).size + proxy.refusedAsDuplicate.flat().length;
const ids = open.map((r) => r.idReceivable);
const statuses = new Map<number, number>();
const reader = createApiClient({
  creds: { baseUrl: sandbox.url, username: sandbox.username, password: sandbox.branchKey },
  limiter,
});
// The whole branch, read as a plain list (the documented idReceivable filter takes one id).
for await (const page of reader.readReceivables({}))
  for (const r of page.items) statuses.set(r.id, r.statusId);
const inReview = new Set(
  db
    .prepare(
      "SELECT i.receivable_id FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id WHERE b.state = 'needs_review'",
    )
    .pluck()
    .all() as number[],
);
// Lost: approved, not received in the API, and not parked for review either (nothing tells the clerk about it).
const lost = ids.filter((id) => statuses.get(id) !== 2 && !inReview.has(id)).length;

console.log(`bench/reliability — ${N} receivables, batches of 50, faults ${JSON.stringify(faults)}`);
console.log(
  `sender runs: ${runs + 1}, PUTs that returned OK: ${sent}, PUT requests reaching the API: ${proxy.forwarded.length} (applied ${proxy.applied.length}; the others hit a fault before the API changed anything and were resent after a read-back), wall ${seconds.toFixed(1)} s`,
);
console.log(
  `batches: confirmed ${counts.confirmed}, needing review ${counts.needs_review}, still waiting ${counts.queued + counts.unknown + counts.sent + counts.sending}`,
);
console.log(
  `receivables received in the API: ${ids.filter((id) => statuses.get(id) === 2).length} / ${N}; in review: ${inReview.size}`,
);
console.log(`duplicate sends: ${duplicates} (must be 0)`);
console.log(`lost approvals: ${lost} (must be 0)`);
await proxy.close();
await sandbox.close();
process.exitCode = duplicates === 0 && lost === 0 ? 0 : 1;
