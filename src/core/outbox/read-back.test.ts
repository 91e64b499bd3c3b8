import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../sandbox';
import { proxiedSandboxPerTest, type CountingProxy } from '../../../tests/helpers/counting-proxy';
import { instantClock, openPairs, statusesInApi } from '../../../tests/helpers/sandbox';
import { createApiClient, type ApiClient } from '../api/client';
import { createRateLimiter } from '../api/rate-limiter';
import { upsertReceivables } from '../cache/receivables.repo';
import { storeOfDb } from '../store/sqlite-store';
import { MIGRATIONS } from '../db/migrations';
import { migrate } from '../db/migrate';
import { runSender } from './outbox.sender';
import { outboxOn } from './testing';

/**
 * The read-back against servers shaped like the documented API: `idReceivable` takes ONE id (the strict
 * sandbox answers 400 to a list, in ASP.NET's validation shape), and some servers ignore filters. Every batch the
 * API applied must end confirmed; nothing may be applied twice.
 */
const who = { actor: 'ana (test)', profileId: 'p-1' };
const proxiedSandbox = proxiedSandboxPerTest();

const freshDb = () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  return db;
};

/** The sandbox behind a counting proxy, and a client that counts its GETs of receivables. */
async function setup(opts: SandboxOptions = {}) {
  const { sandbox, proxy } = await proxiedSandbox(opts);
  let gets = 0;
  const client: ApiClient = createApiClient({
    creds: { baseUrl: proxy.url, username: sandbox.username, password: sandbox.branchKey },
    limiter: createRateLimiter({ perSecond: 1000, perMinute: 100_000 }),
    clock: instantClock,
    timeoutMs: 3000,
    onRequest: (path) => {
      if (path === '/api/v1/receivables') gets++;
    },
  });
  return { sandbox, proxy, client, gets: () => gets };
}

const open = openPairs;

const appliedTwice = (p: CountingProxy) => {
  const ids = p.applied.flat();
  return ids.length - new Set(ids).size + p.refusedAsDuplicate.flat().length;
};

describe('read-back with the documented filters', () => {
  it('strict server: 4 batches applied once, all confirmed by one window read (no id lists)', async () => {
    const { sandbox, proxy, client, gets } = await setup();
    const db = freshDb();
    const pairs = open(sandbox, 40);
    await outboxOn(db).enqueuePairs(pairs, who, { chunkSize: 10 });
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 4, confirmed: 4, needsReview: 0, waiting: 0 });
    expect(proxy.forwarded).toHaveLength(4);
    expect(appliedTwice(proxy)).toBe(0);
    // Nothing else was received on the sandbox's today: one page of 40 rows holds them all.
    expect(gets()).toBe(1);
    expect(s.readBackRequests).toBe(1);
    expect(
      new Set(
        await statusesInApi(
          sandbox,
          pairs.map((p) => p.receivableId),
        ),
      ),
    ).toEqual(new Set([2]));
  });

  it('connection reset after the API applied each batch: all confirmed, none sent again', async () => {
    const { sandbox, proxy, client } = await setup({ faults: { resetAfterApplyRate: 1 } });
    const db = freshDb();
    await outboxOn(db).enqueuePairs(open(sandbox, 12), who, { chunkSize: 4 });
    // Each reset leaves an outcome unknown; it is read back before the next batch goes.
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 0, confirmed: 3, needsReview: 0, waiting: 0 });
    expect(proxy.forwarded).toHaveLength(3);
    expect(appliedTwice(proxy)).toBe(0);
  });

  it('a server that ignores accountStatus: confirmed all the same, and rows it should not send are not used', async () => {
    const { sandbox, proxy, client } = await setup({ lenient: { ignoreFilters: ['accountStatus'] } });
    const db = freshDb();
    await outboxOn(db).enqueuePairs(open(sandbox, 20), who, { chunkSize: 10 });
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 2, confirmed: 2, needsReview: 0 });
    expect(appliedTwice(proxy)).toBe(0);
  });

  it('a server that ignores every filter of the window: the window is abandoned for one request per id', async () => {
    const { sandbox, proxy, client, gets } = await setup({
      lenient: { ignoreFilters: ['accountStatus', 'receivingDate', 'updateDate'] },
    });
    const db = freshDb();
    // Receivables far from the first page the server sends back when it ignores the filters.
    await outboxOn(db).enqueuePairs(open(sandbox, 3, 100), who);
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 1, confirmed: 1, needsReview: 0 });
    expect(gets()).toBe(1 + 3); // one window page, mostly rows from other days (dropped), then 3 single ids
    expect(appliedTwice(proxy)).toBe(0);
    // Rows that contradicted the filters never reached the cache.
    expect(db.prepare('SELECT count(*) FROM receivables').pluck().get()).toBe(3);
  });

  it('not applied (a maintenance page answered 200): read back as still open, sent again only after that', async () => {
    const { sandbox, proxy, client } = await setup({ lenient: { markReceivedAnswer: 'html' } });
    const db = freshDb();
    const pairs = open(sandbox, 3);
    await outboxOn(db).enqueuePairs(pairs, who);
    const first = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(first).toMatchObject({ sent: 0, confirmed: 0, needsReview: 0, waiting: 1 });
    expect(proxy.forwarded.length).toBeGreaterThanOrEqual(2); // sent, read back (open), sent again: never a success
    expect((await outboxOn(db).listBatches())[0]!.lastError).toMatch(/does not understand/);
    expect(
      await statusesInApi(
        sandbox,
        pairs.map((p) => p.receivableId),
      ),
    ).not.toContain(2);

    sandbox.setLenient({});
    const later = new Date(Date.now() + 3600_000);
    const second = await runSender({ db, client, who, settleAfterMs: 0, now: () => later });
    expect(second).toMatchObject({ confirmed: 1, waiting: 0 });
    expect(proxy.applied).toHaveLength(1);
  });

  it('many ids not applied: one read of their due dates proves them open, instead of one request per id', async () => {
    const { sandbox, proxy, client, gets } = await setup();
    const db = freshDb();
    for await (const page of client.readReceivables({}))
      await storeOfDb(db).write((tx) => upsertReceivables(tx, page.items, new Date().toISOString()));
    const pairs = open(sandbox, 30);
    await outboxOn(db).enqueuePairs(pairs, who, { chunkSize: 30 });
    sandbox.setFaults({ timeoutRate: 1 });
    const before = gets();
    const first = await runSender({ db, client, who, settleAfterMs: 0 });
    sandbox.setFaults({});
    // The timed-out PUT changed nothing; the read-back after it is also unreachable: it waits.
    expect(first).toMatchObject({ confirmed: 0, waiting: 1 });
    const later = new Date(Date.now() + 3600_000);
    const beforeSecond = gets();
    const second = await runSender({ db, client, who, settleAfterMs: 0, now: () => later });
    expect(second).toMatchObject({ sent: 1, confirmed: 1 });
    expect(proxy.applied.flat()).toHaveLength(30);
    expect(appliedTwice(proxy)).toBe(0);
    // Window (nothing received) + a few pages of open receivables by due date + the confirming window; not 30 singles.
    expect(gets() - beforeSecond).toBeLessThan(15);
    expect(before).toBeGreaterThan(0);
    expect((await outboxOn(db).batchCounts()).confirmed).toBe(1);
  }, 30_000);

  it('a server that reads our time of day in another zone: the misses are found one by one, and the time filter is dropped for this profile', async () => {
    const { sandbox, client } = await setup();
    // The server reads updateDateStart in another zone (three hours off): the bound lands after our PUT.
    const shifted: ApiClient = {
      ...client,
      readReceivables: (f, o) =>
        client.readReceivables(
          f.updateDateStart
            ? {
                ...f,
                updateDateStart: new Date(Date.parse(`${f.updateDateStart}-00:00`) + 3 * 3600_000)
                  .toISOString()
                  .slice(0, 19),
              }
            : f,
          o,
        ),
    };
    const db = freshDb();
    await outboxOn(db).enqueuePairs(open(sandbox, 3), who);
    const first = await runSender({ db, client: shifted, who, settleAfterMs: 0 });
    expect(first).toMatchObject({ sent: 1, confirmed: 1 });
    expect(first.readBackRequests).toBe(1 + 3); // an empty window, then one request per id
    expect(client.quirks.has('coarse-update-date')).toBe(true);
    await outboxOn(db).enqueuePairs(open(sandbox, 3, 3), who);
    const second = await runSender({ db, client: shifted, who, settleAfterMs: 0 });
    expect(second).toMatchObject({ sent: 1, confirmed: 1, readBackRequests: 1 });
  });

  it('a 400 from mark-received parks only its batch, with the server’s words; the others are confirmed', async () => {
    const { sandbox, client } = await setup();
    const db = freshDb();
    const received = sandbox.data.receivables.find((r) => r.status === 2)!;
    const good = open(sandbox, 4);
    await outboxOn(db).enqueuePairs(good.slice(0, 2), who);
    await outboxOn(db).enqueuePairs(
      [{ receivableId: received.idReceivable, bankAccountId: good[0]!.bankAccountId, amountCents: 1 }],
      who,
    );
    await outboxOn(db).enqueuePairs(good.slice(2), who);
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 2, confirmed: 2, needsReview: 1, waiting: 0 });
    const parked = (await outboxOn(db).listBatches(['needs_review']))[0]!;
    expect(parked.reviewReason).toContain(String(received.idReceivable));
  });
});
