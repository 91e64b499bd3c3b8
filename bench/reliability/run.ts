/**
 * bench/reliability: 1,000 approved receivables sent in batches of 50 through the real outbox, against the
 * strict sandbox (one idReceivable per request, as documented) in three scenarios:
 * - `resets`: every PUT applied and then the connection reset (the answer is lost every time);
 * - `faults`: about 20 % of requests hit by injected faults (500s, 429s, timeouts, resets after applying);
 * - `ignores-status`: a server that silently ignores `accountStatus`, with 10 % resets after applying.
 * A counting proxy sees every request. Prints per scenario: batches sent / applied / confirmed / parked, duplicate
 * ids (must be 0), lost approvals (must be 0), and the read-back's cost: requests per sender run.
 * Usage: node_modules/.bin/tsx bench/reliability/run.ts [--n 1000] [--seed 5] [--only NAME]
 */
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createApiClient } from '../../src/core/api/client';
import { createRateLimiter } from '../../src/core/api/rate-limiter';
import { upsertReceivables } from '../../src/core/cache/receivables.repo';
import { storeOfDb } from '../../src/core/store/sqlite-store';
import { MIGRATIONS } from '../../src/core/db/migrations';
import { migrate } from '../../src/core/db/migrate';
import { runSender } from '../../src/core/outbox/outbox.sender';
import { startSandbox, type FaultOptions, type LenientOptions } from '../../src/sandbox';
import { countingProxy } from '../../tests/helpers/counting-proxy';
import { outboxOn } from '../../src/core/outbox/testing';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});
const N = Number(values.n);
const seed = Number(values.seed);

interface Scenario {
  name: string;
  faults: FaultOptions;
  lenient: LenientOptions;
}
const SCENARIOS: Scenario[] = [
  { name: 'resets', faults: { resetAfterApplyRate: 1, seed }, lenient: {} },
  {
    name: 'faults',
    faults: { errorRate: 0.07, rateLimitRate: 0.05, timeoutRate: 0.03, resetAfterApplyRate: 0.05, seed },
    lenient: {},
  },
  {
    name: 'ignores-status',
    faults: { resetAfterApplyRate: 0.1, seed },
    lenient: { ignoreFilters: ['accountStatus'] },
  },
];

let failed = false;
for (const sc of SCENARIOS.filter((s) => !values.only || s.name === values.only)) {
  // Time runs faster than the clock here: back-offs and the settle wait advance a virtual clock, which the
  // sandbox's own clock follows (its Date header, receivingDate and updateDate), as a real server's would.
  let virtual = Date.now();
  const now = () => new Date(virtual);
  const sandbox = await startSandbox({
    seed,
    members: 800,
    today: '2026-11-20',
    rateLimit: false,
    timeSource: now,
  });
  const proxy = await countingProxy(sandbox.url);
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  const who = { actor: 'bench', profileId: 'bench' };
  const open = sandbox.data.receivables.filter((r) => r.status === 1 || r.status === 4).slice(0, N);
  if (open.length < N) throw new Error(`only ${open.length} open receivables; raise --members`);
  const account = sandbox.data.bankAccounts[0]!.id;
  const batches = (
    await outboxOn(db).enqueuePairs(
      open.map((r) => ({
        receivableId: r.idReceivable,
        bankAccountId: account,
        amountCents: r.ammountCents,
      })),
      who,
      { chunkSize: 50 },
    )
  ).batchIds.length;

  const limiter = createRateLimiter({ perSecond: 1000, perMinute: 100_000 });
  let gets = 0;
  const client = createApiClient({
    creds: { baseUrl: proxy.url, username: sandbox.username, password: sandbox.branchKey },
    limiter,
    timeoutMs: 800,
    maxRetries: 3,
    // The client reads the server's clock against its own: both virtual, so they agree.
    clock: { now: () => virtual, sleep: async (ms) => void (virtual += ms) },
    onRequest: (path) => {
      if (path === '/api/v1/receivables') gets++;
    },
  });
  // The cache a real branch has before sending: what the morning's sync brought (the open receivables).
  for await (const page of client.readReceivables({ accountStatus: [1, 4] }))
    await storeOfDb(db).write((tx) => upsertReceivables(tx, page.items, now().toISOString()));
  gets = 0;
  sandbox.setFaults(sc.faults);
  sandbox.setLenient(sc.lenient);
  const started = performance.now();
  const perRun: number[] = [];
  let runs = 0;
  let sent = 0;
  for (; runs < 400; runs++) {
    const s = await runSender({
      db,
      client,
      who,
      now,
      sleep: async (ms) => void (virtual += ms),
      settleAfterMs: 60_000,
    });
    sent += s.sent;
    perRun.push(s.readBackRequests);
    if (s.waiting === 0) break;
    virtual += 15 * 60_000;
  }
  const seconds = (performance.now() - started) / 1000;
  sandbox.setFaults({});
  sandbox.setLenient({});

  const counts = await outboxOn(db).batchCounts();
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
  const readBack = perRun.reduce((a, b) => a + b, 0);

  console.log(`\nbench/reliability [${sc.name}] — ${N} receivables, ${batches} batches of 50`);
  console.log(`  faults ${JSON.stringify(sc.faults)}, lenient ${JSON.stringify(sc.lenient)}`);
  console.log(
    `  sender runs: ${runs + 1}; PUTs answered OK: ${sent}; PUTs reaching the API: ${proxy.forwarded.length} (applied ${proxy.applied.length}); wall ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  batches: sent ${batches}, applied ${proxy.applied.length}, confirmed ${counts.confirmed}, parked for review ${counts.needs_review}, still waiting ${counts.queued + counts.unknown + counts.sent + counts.sending}`,
  );
  console.log(
    `  read-back: ${readBack} request(s) in ${runs + 1} run(s) (per run: ${perRun.join(', ')}); all GETs of receivables: ${gets}`,
  );
  console.log(
    `  receivables received in the API: ${ids.filter((id) => statuses.get(id) === 2).length} / ${N}; in review: ${inReview.size}`,
  );
  console.log(`  duplicate ids: ${duplicates} (must be 0); lost approvals: ${lost} (must be 0)`);
  if (duplicates !== 0 || lost !== 0) failed = true;
  await proxy.close();
  await sandbox.close();
}
process.exitCode = failed ? 1 : 0;
