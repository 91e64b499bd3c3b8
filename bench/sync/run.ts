/**
 * bench/sync: requests and wall time for a first sync of ~5,000 receivables, and for an incremental sync
 * after 50 receivables changed, against the sandbox over loopback, with its rate limit off and on.
 * Usage: node_modules/.bin/tsx bench/sync/run.ts [--only off|on] [--members N]
 */
import { parseArgs } from 'node:util';
import { createApiClient } from '../../src/core/api/client';
import { createRateLimiter, DEFAULT_RATE_LIMITS } from '../../src/core/api/rate-limiter';
import { openDb } from '../../src/core/db/open-db';
import { runSync } from '../../src/core/sync/sync.service';
import { startSandbox } from '../../src/sandbox';

const { values } = parseArgs({
  options: { only: { type: 'string' }, members: { type: 'string', default: '900' } },
});
const TODAY = '2026-11-20';
const WINDOW = { dueFrom: '2026-01-01', dueTo: '2026-12-31' };

async function scenario(rateLimited: boolean) {
  const sandbox = await startSandbox({
    seed: 11,
    members: Number(values.members),
    months: 6,
    today: TODAY,
    rateLimit: rateLimited ? undefined : false,
  });
  const n = sandbox.data.receivables.filter(
    (r) => [1, 2, 4].includes(r.status) && r.dueDate >= WINDOW.dueFrom && r.dueDate <= `${WINDOW.dueTo}T99`,
  ).length;
  const limiter = createRateLimiter(
    rateLimited ? DEFAULT_RATE_LIMITS : { perSecond: 10_000, perMinute: 1_000_000 },
  );
  let requests = 0;
  const client = createApiClient({
    creds: { baseUrl: sandbox.url, username: sandbox.username, password: sandbox.branchKey },
    limiter,
    onRequest: () => void requests++,
  });
  const db = openDb(':memory:');
  const deps = { db, client, limiter, requestCount: () => requests };
  const t0 = performance.now();
  const first = await runSync(deps, { ...WINDOW, today: TODAY, debtors: false });
  const firstMs = performance.now() - t0;
  const firstRequests = requests;

  const open = sandbox.data.receivables.filter((r) => r.status === 1 || r.status === 4).slice(0, 50);
  // The change itself goes around the measured client (it is not part of the sync).
  const other = createApiClient({
    creds: { baseUrl: sandbox.url, username: sandbox.username, password: sandbox.branchKey },
    limiter,
  });
  await other.markReceived(
    open.map((r) => r.idReceivable),
    sandbox.data.bankAccounts[0]!.id,
  );
  requests = 0;
  const t1 = performance.now();
  const inc = await runSync(deps, { ...WINDOW, today: TODAY, debtors: false });
  const incMs = performance.now() - t1;
  db.close();
  await sandbox.close();
  return { rateLimited, n, first, firstMs, firstRequests, inc, incMs, incRequests: requests };
}

const rows = [];
for (const on of values.only === 'on' ? [true] : values.only === 'off' ? [false] : [false, true]) {
  process.stderr.write(
    `running with the sandbox's rate limit ${on ? 'ON (5/s, 40/min) — about 2–3 minutes' : 'OFF'}…\n`,
  );
  rows.push(await scenario(on));
}
console.log('\nbench/sync — first sync and incremental sync (sandbox over loopback, debtors excluded)\n');
console.log(
  'rate limit | receivables | first: requests (minimum) | first: wall s | waited s | incremental: changed fetched | requests | wall s',
);
for (const r of rows) {
  const minimum = 1 + Math.floor(r.n / 50) + 1;
  console.log(
    [
      (r.rateLimited ? 'on 5/s 40/min' : 'off').padEnd(10),
      String(r.n).padStart(11),
      `${r.firstRequests} (${minimum})`.padStart(25),
      (r.firstMs / 1000).toFixed(2).padStart(13),
      (r.first.waitedMs / 1000).toFixed(1).padStart(8),
      String(r.inc.receivables.fetched).padStart(29),
      String(r.incRequests).padStart(8),
      (r.incMs / 1000).toFixed(2).padStart(6),
    ].join(' | '),
  );
}
console.log(
  '\nminimum = 1 (bank accounts) + floor(n/50) + 1 receivable pages (the last, short page ends the listing).',
);
console.log(
  'The incremental sync asks only for receivables updated since the last high-water mark; besides the 50 changed',
);
console.log(
  'it also sees records changed before the first sync that its status filter left out (e.g. cancellations).',
);
