import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { quitaCli } from '../helpers/cli';
import { countingProxy } from '../helpers/counting-proxy';
import { ensureRendererBuilt, killHost, startHost, type RunningHost } from '../helpers/host';
import { prepareMatchedBranch } from '../helpers/branch';
import { statusesInApi, testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * The field report of [I]: the app's host was syncing and sending when a scheduled `quita send` started on the
 * same data folder; the CLI turned the host's in-flight batch into "unknown", read it back too early and sent
 * the same receivables again. Here both run side by side against the strict sandbox with slow PUTs and a low
 * rate limit (shared by both processes, as the real API's limit is per IP): every id must be applied once and
 * every batch confirmed.
 */
const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const env = {
  ...process.env,
  QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key'),
  // Longer than a slow PUT (2 s) plus the API latency: a read-back never races a request still in flight.
  QUITA_SETTLE_AFTER_MS: '6000',
};
const quita = quitaCli(dataDir, env);
let sandbox: RunningSandbox;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let host: RunningHost | undefined;

beforeAll(async () => {
  ensureRendererBuilt();
  sandbox = await testSandbox({ ...TO_RECONCILE, members: 120, rateLimit: { perSecond: 3, perMinute: 60 } });
  proxy = await countingProxy(sandbox.url);
  await prepareMatchedBranch(quita, sandbox, proxy.url, tmp.dir);
}, 180_000);
afterAll(async () => {
  if (host) await killHost(host.child, 'SIGTERM');
  await proxy.close();
  await sandbox.close();
  tmp.cleanup();
});

describe('one sender at a time per profile, across processes', () => {
  it('the host sending and syncing while a scheduled quita send starts: every id applied once, every batch confirmed', async () => {
    const approved = JSON.parse((await quita(['approve', '--green', '--json'])).stdout) as {
      changed: number;
    };
    expect(approved.changed).toBeGreaterThan(5);
    const expected = (
      JSON.parse((await quita(['status', '--json'])).stdout) as { approvedNotQueued: { count: number } }
    ).approvedNotQueued.count;

    // Slow PUTs, and the host's first one held open at the server: the scheduled run starts exactly while a PUT
    // of the host is in flight (the sandbox says when it arrived), not after a guessed delay.
    sandbox.setFaults({ markReceivedLatencyMs: 2000 });
    const held = sandbox.holdMarkReceived();
    host = await startHost(dataDir, env);
    await host.call('send.confirm', { chunkSize: 3, wait: false });
    const sync = host.call('sync.run', { debtors: false }).catch((e: unknown) => e);
    await held.arrived;
    const cli = await quita(['send', '--json']);
    expect(cli.code).toBe(0);
    const cliRun = JSON.parse(cli.stdout) as { busy: boolean; sent: number };
    expect(cliRun).toMatchObject({ busy: true, sent: 0 });
    await held.release();

    // Until the host has settled every batch (its state, polled to a deadline; no fixed number of tries).
    let counts: Record<string, number> = {};
    await vi.waitFor(
      async () => {
        counts = ((await host!.call('send.batches', { limit: 1 })) as { counts: Record<string, number> })
          .counts;
        expect(counts.queued! + counts.sending! + counts.sent! + counts.unknown!).toBe(0);
      },
      { timeout: 180_000, interval: 500 },
    );
    await sync;
    // A second scheduled run after the host finished finds nothing to do and sends nothing.
    const again = JSON.parse((await quita(['send', '--json'])).stdout) as { busy: boolean; sent: number };
    expect(again).toMatchObject({ busy: false, sent: 0 });

    const ids = proxy.applied.flat();
    expect(ids.length).toBe(expected);
    expect(new Set(ids).size).toBe(ids.length); // no receivable applied twice
    expect(proxy.refusedAsDuplicate).toEqual([]); // none sent again once applied
    expect(proxy.forwarded.flat().length).toBe(expected); // not even attempted twice
    expect(counts.needs_review).toBe(0);
    expect(counts.confirmed).toBe(Math.ceil(expected / 3));
    expect(new Set(await statusesInApi(sandbox, ids))).toEqual(new Set([2]));
    expect((await quita(['audit', 'verify'])).code).toBe(0);
  }, 300_000);
});
