import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proxiedSandboxPerTest } from '../../../tests/helpers/counting-proxy';
import { clientFor, openPairs } from '../../../tests/helpers/sandbox';
import { tempDir } from '../../../tests/helpers/tmp';
import type { ApiClient } from '../api/client';
import { queryAudit } from '../audit/audit.repo';
import { MIGRATIONS } from '../db/migrations';
import { migrate } from '../db/migrate';
import { runSender } from './outbox.sender';
import { acquireSenderLease } from './sender-lease';
import { senderLeaseRepo } from './sender-lease.repo';
import { outboxOn } from './testing';
import { storeOfDb } from '../store/sqlite-store';

/** One sender per profile across processes: the lease in the profile's database. */
const who = { actor: 'ana (test)', profileId: 'p-1' };
const proxiedSandbox = proxiedSandboxPerTest();
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A file, not :memory:, so two connections (two "processes") share it. */
function twoConnections() {
  const file = join(tmp.dir, `lease-${Math.random().toString(36).slice(2)}.db`);
  const a = new Database(file);
  a.pragma('journal_mode = WAL');
  migrate(a, MIGRATIONS);
  const b = new Database(file);
  b.pragma('busy_timeout = 5000');
  return { a, b };
}

async function setup() {
  const { sandbox, proxy } = await proxiedSandbox();
  const { client } = clientFor({ ...sandbox, url: proxy.url });
  return { sandbox, proxy, client };
}

const open = openPairs;

describe('sender lease', () => {
  it('a batch sending under a live lease of another process is left alone: no take-over, no PUT', async () => {
    const { sandbox, proxy, client } = await setup();
    const { a, b } = twoConnections();
    const [batchId] = (await outboxOn(a).enqueuePairs(open(sandbox, 2), who)).batchIds;
    // Process A holds the lease and has claimed the batch; its PUT is in flight (stamped).
    const lease = await acquireSenderLease(storeOfDb(a), { ttlMs: 30_000 });
    expect('busy' in lease).toBe(false);
    await outboxOn(a).transition(batchId!, 'sending', who, { attempt: true });
    a.prepare('UPDATE outbox_batches SET put_at = ? WHERE id = ?').run(new Date().toISOString(), batchId);

    const s = await runSender({ db: b, client, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ busy: true, sent: 0, waiting: 1 });
    expect(s.retryAt).not.toBeNull();
    expect((await outboxOn(b).getBatch(batchId!))?.state).toBe('sending');
    expect(proxy.forwarded).toHaveLength(0);
    if (!('busy' in lease)) await lease.release();
    expect(await storeOfDb(a).read(senderLeaseRepo.current)).toBeNull();
  });

  it('an expired lease is taken over: a batch whose PUT never left is queued again without a read-back', async () => {
    const { sandbox, proxy, client } = await setup();
    const { a, b } = twoConnections();
    const [batchId] = (await outboxOn(a).enqueuePairs(open(sandbox, 2), who)).batchIds;
    const past = new Date(Date.now() - 120_000);
    await acquireSenderLease(storeOfDb(a), { ttlMs: 30_000, now: () => past }); // a process that died two minutes ago
    await outboxOn(a).transition(batchId!, 'sending', who, { attempt: true }); // claimed; waiting for the rate limiter

    // No settle wait is needed (settleAfterMs is a minute and no waiting in the run is allowed).
    const s = await runSender({ db: b, client, who, settleAfterMs: 60_000, maxWaitInRunMs: 0 });
    expect(s).toMatchObject({ busy: false, sent: 1, confirmed: 1 });
    expect(proxy.forwarded).toHaveLength(1);
    expect(queryAudit(b, { action: 'outbox.queued' }).entries.map((e) => e.after)).toContainEqual(
      expect.objectContaining({ detail: { readBack: 'not needed: the request never left' } }),
    );
  });

  it('an expired lease with a PUT that left: unknown, read back only once the wait counted from put_at is over', async () => {
    const { sandbox, proxy, client } = await setup();
    const { a, b } = twoConnections();
    const pairs = open(sandbox, 2);
    const [batchId] = (await outboxOn(a).enqueuePairs(pairs, who)).batchIds;
    await acquireSenderLease(storeOfDb(a), { ttlMs: 1000, now: () => new Date(Date.now() - 60_000) });
    await outboxOn(a).transition(batchId!, 'sending', who, { attempt: true });
    // Claimed long ago, but the PUT left only now (it waited behind the rate limiter).
    a.prepare('UPDATE outbox_batches SET last_attempt_at = ?, put_at = ? WHERE id = ?').run(
      new Date(Date.now() - 300_000).toISOString(),
      new Date().toISOString(),
      batchId,
    );
    await clientFor(sandbox).client.markReceived(
      pairs.map((p) => p.receivableId),
      pairs[0]!.bankAccountId,
    );
    const soon = await runSender({ db: b, client, who, settleAfterMs: 60_000, maxWaitInRunMs: 0 });
    expect(soon).toMatchObject({ sent: 0, confirmed: 0, waiting: 1 });
    expect((await outboxOn(b).getBatch(batchId!))?.state).toBe('unknown');
    const later = new Date(Date.now() + 61_000);
    const settled = await runSender({ db: b, client, who, settleAfterMs: 60_000, now: () => later });
    expect(settled).toMatchObject({ sent: 0, confirmed: 1 });
    expect(proxy.forwarded).toHaveLength(0); // never sent again
  });

  it('a sender that lost its lease while waiting does not let its PUT leave', async () => {
    const { sandbox, proxy, client } = await setup();
    const { a, b } = twoConnections();
    await outboxOn(a).enqueuePairs(open(sandbox, 2), who);
    // The PUT waits (as behind a slow rate limiter); meanwhile another process takes the lease over.
    const slow: ApiClient = {
      ...client,
      markReceived: async (ids, account, opts) => {
        b.prepare("UPDATE outbox_lease SET owner = 'other:1:ffff', expires_at = ?").run(
          new Date(Date.now() + 60_000).toISOString(),
        );
        return client.markReceived(ids, account, opts);
      },
    };
    const s = await runSender({ db: a, client: slow, who, settleAfterMs: 0 });
    expect(s).toMatchObject({ sent: 0, confirmed: 0 });
    expect(proxy.forwarded).toHaveLength(0);
    const batch = (await outboxOn(a).getBatch(1))!;
    expect(batch.state).toBe('queued');
    expect(batch.putAt).toBeNull();
  });
});
