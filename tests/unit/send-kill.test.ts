import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { countingProxy } from '../helpers/counting-proxy';
import { prepareMatchedBranch } from '../helpers/branch';
import { statusesInApi, testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { ensureRendererBuilt, killHost, startHost as startHostIn } from '../helpers/host';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
// The host waits 3 s (not a minute) before reading back an interrupted send: longer than the 1.5 s latency below.
const env = {
  ...process.env,
  QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key'),
  QUITA_SETTLE_AFTER_MS: '3000',
};
let sandbox: RunningSandbox;
let proxy: Awaited<ReturnType<typeof countingProxy>>;

const quita = quitaCli(dataDir, env);

const startHost = () => startHostIn(dataDir, env);
const kill = (child: ChildProcess) => killHost(child);

beforeAll(async () => {
  ensureRendererBuilt();
  sandbox = await testSandbox({ ...TO_RECONCILE, members: 120 });
  proxy = await countingProxy(sandbox.url);
  await prepareMatchedBranch(quita, sandbox, proxy.url, tmp.dir);
}, 120_000);
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  tmp.cleanup();
});

describe('crash safety of sending', () => {
  it('killing the host mid-send loses no approval and marks no receivable twice', async () => {
    const approved = JSON.parse((await quita(['approve', '--green', '--json'])).stdout) as {
      changed: number;
    };
    expect(approved.changed).toBeGreaterThan(3);
    const before = JSON.parse((await quita(['status', '--json'])).stdout) as {
      approvedNotQueued: { count: number };
    };
    const expected = before.approvedNotQueued.count;

    // The sandbox holds the second PUT open once it arrived: the kill lands exactly while it is in flight.
    const held = sandbox.holdMarkReceived({ skip: 1 });
    const first = await startHost();
    await first.call('send.confirm', { chunkSize: 2, wait: false });
    await held.arrived;
    await kill(first.child);
    const sentBeforeRestart = proxy.forwarded.flat().length;
    expect(sentBeforeRestart).toBeLessThan(expected); // the kill really interrupted the sending
    // The server was only slow: it applies the orphaned PUT after the host died.
    expect(await held.release()).toBe('applied');

    // A restart resumes by itself: interrupted batches are read back before anything is sent again.
    sandbox.setFaults({ latencyMs: 50, resetAfterApplyRate: 0.3, seed: 9 });
    const second = await startHost();
    // Until every batch is settled (polled to a deadline; a nudge to send again now and then, as the screen's
    // button would, for batches postponed after a reset).
    let counts: Record<string, number> = {};
    let polls = 0;
    await vi.waitFor(
      async () => {
        if (++polls % 10 === 0) await second.call('send.run', {});
        counts = ((await second.call('send.batches', { limit: 1 })) as { counts: Record<string, number> })
          .counts;
        expect(counts.confirmed).toBeGreaterThan(0);
        expect(counts.queued! + counts.sending! + counts.sent! + counts.unknown!).toBe(0);
      },
      { timeout: 120_000, interval: 500 },
    );
    await kill(second.child);

    const ids = proxy.applied.flat();
    expect(new Set(ids).size).toBe(ids.length); // no receivable applied twice
    expect(proxy.refusedAsDuplicate).toEqual([]); // none sent again once applied
    expect(ids.length).toBe(expected); // every approval reached the API
    expect(counts.needs_review).toBe(0);
    const status = JSON.parse((await quita(['status', '--json'])).stdout) as {
      approvedNotQueued: { count: number };
      outbox: Record<string, number>;
    };
    expect(status.approvedNotQueued.count).toBe(0);
    expect(status.outbox.queued! + status.outbox.unknown! + status.outbox.sending!).toBe(0);
    // One id per request: the documented idReceivable filter takes one id.
    expect(new Set(await statusesInApi(sandbox, ids))).toEqual(new Set([2]));
    const verify = await quita(['audit', 'verify']);
    expect(verify.code).toBe(0); // the audit log's hash chain is intact after the crash
  }, 240_000);
});
