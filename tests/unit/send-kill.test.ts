import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { countingProxy } from '../helpers/counting-proxy';
import { testSandbox, TEST_TODAY } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
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

/** The real browser host as `npm run serve` runs it; resolves with its address and token. */
function startHost(): Promise<{
  child: ChildProcess;
  call: (name: string, input: unknown) => Promise<Record<string, unknown>>;
}> {
  // One process (node with tsx's loader), so SIGKILL kills the host itself, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/host/main.ts', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${out}`)), 90_000);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${out}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const call = async (name: string, input: unknown) => {
        const r = await fetch(`http://127.0.0.1:${m[1]}/api/commands/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${m[2]}` },
          body: JSON.stringify(input),
        });
        const body = (await r.json()) as {
          ok: boolean;
          value: Record<string, unknown>;
          error?: { message: string };
        };
        if (!body.ok) throw new Error(body.error?.message);
        return body.value;
      };
      resolve({ child, call });
    });
  });
}
const kill = (child: ChildProcess) =>
  new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGKILL');
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // The host serves the built renderer; on a fresh clone nothing has built it yet.
  if (!existsSync('out/renderer/index.html')) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      stdio: 'ignore',
    });
  }
  sandbox = await testSandbox({ members: 120 });
  proxy = await countingProxy(sandbox.url);
  await quita(['connect', '--base-url', proxy.url, '--username', sandbox.username, '--key-kind', 'branch'], {
    QUITA_PASSWORD: sandbox.branchKey,
  });
  await quita(['sync', '--no-debtors']);
  const account = sandbox.data.bankAccounts.find((a) => a.bankCode !== 1) ?? sandbox.data.bankAccounts[0]!;
  const st = sandbox.writeStatement({
    bankAccountId: account.id,
    from: '2026-10-01',
    to: TEST_TODAY,
    format: 'ofx',
  });
  const file = join(tmp.dir, st.fileName);
  writeFileSync(file, st.bytes);
  await quita(['import', file, '--bank-account', String(account.id)]);
  await quita(['match']);
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

    // Every API answer now takes 1.5 s: the kill below lands while a PUT is in flight.
    sandbox.setFaults({ latencyMs: 1500 });
    const first = await startHost();
    await first.call('send.confirm', { chunkSize: 2, wait: false });
    await sleep(2200);
    await kill(first.child);
    const sentBeforeRestart = proxy.forwarded.flat().length;
    expect(sentBeforeRestart).toBeLessThan(expected); // the kill really interrupted the sending

    // A restart resumes by itself: interrupted batches are read back before anything is sent again.
    sandbox.setFaults({ latencyMs: 50, resetAfterApplyRate: 0.3, seed: 9 });
    const second = await startHost();
    let counts: Record<string, number> = {};
    for (let i = 0; i < 60; i++) {
      counts = ((await second.call('send.batches', { limit: 1 })) as { counts: Record<string, number> })
        .counts;
      if (counts.confirmed! > 0 && counts.queued! + counts.sending! + counts.sent! + counts.unknown! === 0)
        break;
      await sleep(500);
      if (i % 10 === 9) await second.call('send.run', {});
    }
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
    const inApi = (await (
      await fetch(`${sandbox.url}/api/v1/receivables?idReceivable=${ids.join(',')}`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${sandbox.username}:${sandbox.branchKey}`).toString('base64')}`,
        },
      })
    ).json()) as { status: { id: number } }[];
    expect(inApi.every((r) => r.status.id === 2)).toBe(true);
    const verify = await quita(['audit', 'verify']);
    expect(verify.code).toBe(0); // the audit log's hash chain is intact after the crash
  }, 240_000);
});
