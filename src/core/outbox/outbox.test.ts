import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { clientFor, openPairs, statusesInApi, testSandbox } from '../../../tests/helpers/sandbox';
import type { ApiClient } from '../api/client';
import { queryAudit } from '../audit/audit.repo';
import { verifyAudit } from '../audit/audit-verify';
import { MIGRATIONS } from '../db/migrations';
import { migrate } from '../db/migrate';
import { AppError } from '../errors';
import { branchesRepo } from '../branches/branches.repo';
import { runSender } from './outbox.sender';
import { outboxOn } from './testing';
import { storeOfDb } from '../store/sqlite-store';

const who = { actor: 'ana (test)', profileId: 'p-1' };
const freshDb = () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  return db;
};
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const pairs = openPairs;

/** The sandbox's client, counting mark-received calls: the number that must never exceed one per batch. */
function countingClient(s: RunningSandbox): { client: ApiClient; puts: () => number } {
  const { client } = clientFor(s);
  let puts = 0;
  return {
    client: {
      ...client,
      markReceived: (ids, account, opts) => ((puts += 1), client.markReceived(ids, account, opts)),
    },
    puts: () => puts,
  };
}
const statusInApi = statusesInApi;

/** A process claimed the batch and its PUT left (stamped), then it died: the batch is `sending` with a put_at. */
async function leftBeforeCrash(db: Database.Database, batchId: number, at = new Date()): Promise<void> {
  await outboxOn(db).transition(batchId, 'sending', who, { attempt: true });
  db.prepare('UPDATE outbox_batches SET put_at = ? WHERE id = ?').run(at.toISOString(), batchId);
}

describe('outbox: queuing', () => {
  it('groups approved pairs by bank account in chunks, audits them, and never queues a receivable twice', async () => {
    const db = freshDb();
    const list = Array.from({ length: 7 }, (_, i) => ({
      receivableId: 100 + i,
      bankAccountId: i < 5 ? 1 : 2,
      amountCents: 1000,
    }));
    const r = await outboxOn(db).enqueuePairs(list, who, { chunkSize: 2 });
    expect(r.batchIds).toHaveLength(4); // account 1: 2+2+1, account 2: 2
    expect((await outboxOn(db).listBatches()).map((b) => b.receivableIds.length).sort()).toEqual([
      1, 2, 2, 2,
    ]);
    expect(
      (await outboxOn(db).enqueuePairs([list[0]!, { ...list[0]!, receivableId: 200 }], who)).skipped,
    ).toEqual([100]);
    expect(queryAudit(db, { action: 'outbox.queued' }).total).toBe(5);
  });
});

describe('outbox: sending against the sandbox', () => {
  it('sends, reads back and confirms', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    await outboxOn(db).enqueuePairs(pairs(sandbox, 6), who, { chunkSize: 3 });
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 2, confirmed: 2, needsReview: 0, waiting: 0 });
    expect(puts()).toBe(2);
    expect(
      await statusInApi(
        sandbox,
        pairs(sandbox, 6).map((p) => p.receivableId),
      ),
    ).toEqual([2, 2, 2, 2, 2, 2]);
    expect(db.prepare('SELECT count(*) FROM receivables WHERE status_id = 2').pluck().get()).toBe(6);
    expect(verifyAudit(db).ok).toBe(true);
  });

  it('a 400 puts the batch in review with the server’s message, and changes nothing', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const received = sandbox.data.receivables.find((r) => r.status === 2)!;
    const batch = [
      ...pairs(sandbox, 2),
      {
        receivableId: received.idReceivable,
        bankAccountId: sandbox.data.bankAccounts[0]!.id,
        amountCents: 1,
      },
    ];
    await outboxOn(db).enqueuePairs(batch, who);
    const s = await runSender({ db, client: countingClient(sandbox).client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 0, needsReview: 1 });
    const b = (await outboxOn(db).listBatches())[0]!;
    expect(b.state).toBe('needs_review');
    expect(b.reviewReason).toContain(String(received.idReceivable));
    expect(
      await statusInApi(
        sandbox,
        pairs(sandbox, 2).map((p) => p.receivableId),
      ),
    ).not.toContain(2);
  });

  it('connection reset after the change was applied: read back, confirmed, never sent twice', async () => {
    sandbox = await testSandbox({ faults: { resetAfterApplyRate: 1 } });
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    await outboxOn(db).enqueuePairs(pairs(sandbox, 4), who);
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 0, confirmed: 1, waiting: 0 });
    expect(puts()).toBe(1);
    expect(queryAudit(db, { action: 'outbox.unknown' }).total).toBe(1);
  });

  it('5xx without the change applied: read back shows nothing happened, so it is sent again once', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const { client } = clientFor(sandbox);
    let calls = 0;
    // The first PUT fails with a 500 before the API changed anything; later ones go through.
    const failingOnce: ApiClient = {
      ...client,
      markReceived: async (ids, account, opts) => {
        calls++;
        if (calls === 1) {
          await opts?.onDispatch?.(); // the request left; the server answered 500 without changing anything
          throw new AppError('external', 'The API failed (HTTP 500). Try again later.');
        }
        return client.markReceived(ids, account, opts);
      },
    };
    await outboxOn(db).enqueuePairs(pairs(sandbox, 3), who);
    // Within one run: unknown → read back (all still open) → queued → sent again → confirmed.
    const run = await runSender({ db, client: failingOnce, who, settleAfterMs: 0 });
    expect(run).toMatchObject({ sent: 1, confirmed: 1, waiting: 0 });
    expect(calls).toBe(2);
    expect(
      queryAudit(db, { action: 'outbox.queued' }).entries.map(
        (e) => (e.after as { detail?: unknown }).detail,
      ),
    ).toContainEqual({ readBack: 'none received: safe to send again' });
  });

  it('timeout, then the API is unreachable: waits without resending; settles and sends once it is back', async () => {
    sandbox = await testSandbox({ faults: { timeoutRate: 1 } });
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    await outboxOn(db).enqueuePairs(pairs(sandbox, 2), who);
    const first = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(first).toMatchObject({ sent: 0, confirmed: 0, waiting: 1 });
    expect(first.retryAt).not.toBeNull();
    expect((await outboxOn(db).listBatches())[0]!.state).toBe('unknown');
    sandbox.setFaults({});
    const later = new Date(Date.now() + 3600_000);
    const second = await runSender({ db, client, who, now: () => later, settleAfterMs: 0 });
    expect(second).toMatchObject({ confirmed: 1, waiting: 0 });
    expect(puts()).toBe(2); // the timed-out one (not applied) and the resend after the read-back
    expect(
      await statusInApi(
        sandbox,
        pairs(sandbox, 2).map((p) => p.receivableId),
      ),
    ).toEqual([2, 2]);
  }, 30_000);

  it('after a crash mid-send, an applied batch is confirmed without a second PUT', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    const list = pairs(sandbox, 2);
    const [batchId] = (await outboxOn(db).enqueuePairs(list, who)).batchIds;
    await leftBeforeCrash(db, batchId!);
    await clientFor(sandbox).client.markReceived(
      list.map((p) => p.receivableId),
      list[0]!.bankAccountId,
    ); // the PUT that went out before the crash
    const s = await runSender({ db, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ confirmed: 1, sent: 0 });
    expect(puts()).toBe(0);
    expect((await outboxOn(db).getBatch(batchId!))?.state).toBe('confirmed');
    expect((await outboxOn(db).batchCounts()).confirmed).toBe(1);
  });

  it('received into another account meanwhile: review, with the reason', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const list = pairs(sandbox, 1);
    const [batchId] = (await outboxOn(db).enqueuePairs(list, who)).batchIds;
    await leftBeforeCrash(db, batchId!);
    const other = sandbox.data.bankAccounts[1]!.id;
    await clientFor(sandbox).client.markReceived([list[0]!.receivableId], other);
    await runSender({ db, client: countingClient(sandbox).client, who, settleAfterMs: 0 });
    expect(await outboxOn(db).getBatch(batchId!)).toMatchObject({
      state: 'needs_review',
      reviewReason: expect.stringContaining('another bank account') as string,
    });
  });

  it('waits before reading back an interrupted send, so a request still in flight cannot be raced', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    const [batchId] = (await outboxOn(db).enqueuePairs(pairs(sandbox, 2), who)).batchIds;
    await leftBeforeCrash(db, batchId!);
    const soon = await runSender({ db, client, who, settleAfterMs: 60_000, maxWaitInRunMs: 0 });
    expect(soon).toMatchObject({ sent: 0, confirmed: 0, waiting: 1 });
    expect((await outboxOn(db).getBatch(batchId!))?.state).toBe('unknown');
    expect(puts()).toBe(0);
    const later = new Date(Date.now() + 61_000);
    expect(await runSender({ db, client, who, settleAfterMs: 60_000, now: () => later })).toMatchObject({
      sent: 1,
      confirmed: 1,
    });
  });

  it('[V] a network: an uncertain batch holds back its own branch only; one branch: it holds back everything', async () => {
    sandbox = await testSandbox();
    // Two accounts of the sandbox (it accepts any of its accounts): two receivables for each.
    const four = pairs(sandbox, 4);
    const first = four[0]!.bankAccountId;
    const other = sandbox.data.bankAccounts.find((x) => x.id !== first)!.id;
    const a = four.slice(0, 2).map((x) => ({ ...x, bankAccountId: first }));
    const b = four.slice(2).map((x) => ({ ...x, bankAccountId: other }));
    const run = async (network: boolean) => {
      const db = freshDb();
      if (network) {
        const at = new Date().toISOString();
        await storeOfDb(db).write((tx) => branchesRepo.noteSeen(tx, [1, 2], 'receivables', at));
        await storeOfDb(db).write((tx) => branchesRepo.setAccountBranch(tx, first, 1, 'api', at));
        await storeOfDb(db).write((tx) => branchesRepo.setAccountBranch(tx, other, 2, 'api', at));
      }
      const { client, puts } = countingClient(sandbox!);
      const [uncertain] = (await outboxOn(db).enqueuePairs(a, who)).batchIds;
      await leftBeforeCrash(db, uncertain!);
      await outboxOn(db).enqueuePairs(
        b.map((x) => ({ ...x, bankAccountId: other })),
        who,
      );
      const r = await runSender({ db, client, who, settleAfterMs: 60_000, maxWaitInRunMs: 0 });
      return {
        r,
        puts: puts(),
        states: (await outboxOn(db).listBatches()).map((x) => [x.bankAccountId, x.state]),
      };
    };
    const one = await run(false);
    expect(one.puts).toBe(0);
    expect(one.states).toEqual(expect.arrayContaining([[other, 'queued']]));
    const network = await run(true);
    expect(network.puts).toBe(1);
    expect(network.r).toMatchObject({ sent: 1, confirmed: 1 });
    expect(network.states).toEqual(
      expect.arrayContaining([
        [first, 'unknown'],
        [other, 'confirmed'],
      ]),
    );
  });

  it('two senders at once (the app and a quita send) never send the same batch twice', async () => {
    sandbox = await testSandbox({ faults: { latencyMs: 100 } });
    const db = freshDb();
    const { client, puts } = countingClient(sandbox);
    await outboxOn(db).enqueuePairs(pairs(sandbox, 6), who, { chunkSize: 2 });
    const [a, b] = await Promise.all([
      runSender({ db, client, who, settleAfterMs: 0 }),
      runSender({ db, client, who, settleAfterMs: 0 }),
    ]);
    expect(a.sent + b.sent).toBe(3);
    expect(puts()).toBe(3);
    expect((await outboxOn(db).batchCounts()).confirmed).toBe(3);
  });

  it('a 429 on the PUT changed nothing: the batch waits its Retry-After and is sent then, once', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    const { client } = clientFor(sandbox);
    let calls = 0;
    const limited: ApiClient = {
      ...client,
      markReceived: async (ids, account, opts) => {
        calls++;
        if (calls === 1) {
          await opts?.onDispatch?.();
          throw new AppError('rate_limited', 'The API’s request limit was reached.', {
            params: { retryAfterSeconds: 20 },
          });
        }
        return client.markReceived(ids, account, opts);
      },
    };
    const [batchId] = (await outboxOn(db).enqueuePairs(pairs(sandbox, 2), who)).batchIds;
    const first = await runSender({ db, client: limited, who, settleAfterMs: 0 });
    expect(first).toMatchObject({ sent: 0, waiting: 1 });
    expect(await outboxOn(db).getBatch(batchId!)).toMatchObject({
      state: 'queued',
      lastError: 'The API’s request limit was reached.',
    });
    expect(await runSender({ db, client: limited, who, settleAfterMs: 0 })).toMatchObject({ sent: 0 }); // not before Retry-After
    const later = new Date(Date.now() + 21_000);
    expect(await runSender({ db, client: limited, who, settleAfterMs: 0, now: () => later })).toMatchObject({
      sent: 1,
      confirmed: 1,
    });
    expect(calls).toBe(2);
  });
});

describe('outbox: a line decided otherwise after the pairs were read', () => {
  it('is not queued: only pairs whose match is still approved with that receivable go', async () => {
    const { sandboxBranch } = await import('../matching/testing-db');
    const { approvedNotQueued } = await import('./approved.repo');
    const { applyReview } = await import('../review/review.service');
    const b = await sandboxBranch('csv', 60);
    const { runMatching } = await import('../matching/matching.service');
    await runMatching(storeOfDb(b.db), { statementId: b.statementId });
    const proposed = b.db
      .prepare(
        `SELECT DISTINCT m.id FROM matches m JOIN match_items i ON i.match_id = m.id AND i.active = 1
         WHERE m.state = 'suggested' ORDER BY m.id LIMIT 2`,
      )
      .pluck()
      .all() as number[];
    expect(proposed).toHaveLength(2);
    await applyReview(storeOfDb(b.db), 'approve', proposed, who);
    // The press read both pairs; then a clerk (another process) rejected the first line.
    const read = await storeOfDb(b.db).read(approvedNotQueued);
    expect(new Set(read.map((p) => p.matchId))).toEqual(new Set(proposed));
    await applyReview(storeOfDb(b.db), 'reject', [proposed[0]!], who);
    const r = await outboxOn(b.db).enqueuePairs(read, who);
    const queued = (await outboxOn(b.db).listBatches()).flatMap((x) => x.receivableIds);
    const ofFirst = read.filter((p) => p.matchId === proposed[0]).map((p) => p.receivableId);
    const ofSecond = read.filter((p) => p.matchId === proposed[1]).map((p) => p.receivableId);
    expect(r.skipped.sort()).toEqual(ofFirst.sort());
    expect(queued.sort()).toEqual(ofSecond.sort());
  });
});
