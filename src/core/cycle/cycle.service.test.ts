/**
 * [U] item 4: the automatic cycle on a real core (SQLite file) and the sandbox over loopback, behind a proxy that
 * counts every mark-received. The statement is the sandbox's Itaú OFX (BANKID 341 / BRANCHID / ACCTID of the card
 * account), dropped in the intake folder. The send policy is a stand-in that approves greens
 * (tests/helpers/cycle-policy.ts): what is tested is the cycle around it. Nothing waits for time: background state
 * is awaited with vi.waitFor and a deadline, the kill lands when the sandbox says the PUT has arrived.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { countingProxy, type CountingProxy } from '../../../tests/helpers/counting-proxy';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { greensPolicy } from '../../../tests/helpers/cycle-policy';
import {
  statusesInApi,
  TEST_TODAY,
  testDay,
  testSandbox,
  TO_RECONCILE,
} from '../../../tests/helpers/sandbox';
import { createCore } from '../bootstrap';
import type { CycleStep } from '../../shared/contract/cycle';
import { CYCLE_STEPS } from '../../shared/contract/cycle';
import { runCycle, type CycleDeps } from './cycle.service';

// Read at each send (send.handlers.ts); put back after this file: the suite runs its files in shared processes.
beforeAll(() => {
  vi.stubEnv('QUITA_SETTLE_AFTER_MS', '200');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('the automatic cycle', () => {
  // The CLI's mode: no schedule timer of its own runs beside the cycles the test starts.
  const t = testCore('cli');
  const call = commandCaller(t.core);
  const keyFile = join(dirname(t.dataDir), 'keys', 'master.key');
  const folder = join(dirname(t.dataDir), 'entrada');
  let sandbox: RunningSandbox;
  let proxy: CountingProxy;
  const itau = () => sandbox.data.bankAccounts.find((a) => a.bankCode === 341)!.id;
  const profileId = () => t.core.ctx.activeProfileId();
  const deps = (over: Partial<CycleDeps> = {}): CycleDeps => ({
    runFeeds: async () => [],
    applySendPolicy: greensPolicy(t.core.dispatch),
    settle: async () => undefined,
    ...over,
  });
  const drop = (from: string, to: string) => {
    const st = sandbox.writeStatement({ bankAccountId: itau(), from, to, format: 'ofx' });
    writeFileSync(join(folder, st.fileName), st.bytes);
    return st;
  };

  beforeAll(async () => {
    sandbox = await testSandbox({ ...TO_RECONCILE, members: 120 });
    proxy = await countingProxy(sandbox.url);
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: proxy.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    mkdirSync(folder, { recursive: true });
    await call('intake.setFolder', { folder });
  }, 60_000);
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
    await t.core.close();
    t.cleanup();
  });

  it('runs its steps in order, sends what the policy approved and reads it back', async () => {
    const seen: CycleStep[] = [];
    drop(testDay(-13), testDay(-7));
    const r = await runCycle(
      t.core.ctx,
      t.core.dispatch,
      profileId(),
      'manual',
      deps({ beforeStep: (s) => void seen.push(s) }),
    );
    expect(r.busy).toBe(false);
    expect(seen).toEqual([...CYCLE_STEPS]);
    const c = r.cycle!;
    expect(c.steps.map((s) => [s.step, s.state])).toEqual([
      ['sync', 'done'],
      ['feeds', 'skipped'],
      ['intake', 'done'],
      ['match', 'skipped'],
      ['policy', 'done'],
      ['send', 'done'],
    ]);
    expect(c.state).toBe('done');
    expect(c.summary!.filesImported).toBe(1);
    expect(c.summary!.approvedByPolicy).toBeGreaterThan(0);
    // Only the policy's pairs, each once, and the EVO confirmed them on read-back.
    expect(c.summary!.sent).toBe(c.summary!.approvedByPolicy);
    const ids = proxy.applied.flat();
    expect(ids).toHaveLength(c.summary!.sent);
    await vi.waitFor(
      async () => {
        const b = await call<{ counts: Record<string, number> }>('send.batches', {});
        expect(b.counts.queued! + b.counts.sending! + b.counts.sent! + b.counts.unknown!).toBe(0);
        expect(b.counts.confirmed).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(new Set(await statusesInApi(sandbox, ids.slice(0, 3)))).toEqual(new Set([2]));
    expect(c.summary!.toDecide).not.toBeNull();
    const history = await call<{ cycles: { id: number }[] }>('cycle.history', {});
    expect(history.cycles[0]!.id).toBe(c.id);
    const audit = await call<{ entries: { action: string; actor: string }[] }>('audit.list', { limit: 200 });
    expect(audit.entries.some((e) => e.action === 'cycle.finished')).toBe(true);
  }, 90_000);

  it('a step that fails leaves the others done and is reported once', async () => {
    const finished: { ok: boolean; message?: string | undefined }[] = [];
    const off = t.core.events.subscribe((name, payload) => {
      const p = payload as { jobId: string; ok: boolean; message?: string };
      if (name === 'job.finished' && p.jobId === `cycle-${profileId()}`) finished.push(p);
    });
    const auditBefore = (
      await call<{ entries: { action: string }[] }>('audit.list', { limit: 500 })
    ).entries.filter((e) => e.action === 'cycle.step_failed').length;
    const r = await runCycle(
      t.core.ctx,
      t.core.dispatch,
      profileId(),
      'manual',
      deps({
        runFeeds: async () => {
          throw new Error('socket hang up');
        },
      }),
    );
    off();
    const c = r.cycle!;
    expect(c.state).toBe('failed');
    // Only the feeds failed; the steps after them still ran (the intake folder is empty, nothing new to send).
    expect(c.steps.map((s) => [s.step, s.state])).toEqual([
      ['sync', 'done'],
      ['feeds', 'failed'],
      ['intake', 'done'],
      ['match', 'skipped'],
      ['policy', 'done'],
      ['send', 'skipped'],
    ]);
    expect(c.steps[1]!.error!.message).toMatch(/details were written to the log/);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.ok).toBe(false);
    const failedEntries = (
      await call<{ entries: { action: string }[] }>('audit.list', { limit: 500 })
    ).entries.filter((e) => e.action === 'cycle.step_failed');
    expect(failedEntries.length - auditBefore).toBe(1);
  }, 60_000);

  it('runs one cycle at a time across processes: a second one while the first runs does nothing', async () => {
    // A second core on the same data folder stands for the other process (the desktop app and a scheduled quita).
    const other = createCore({
      mode: 'cli',
      version: '0.0.0-test',
      dataDir: t.dataDir,
      env: { QUITA_KEY_FILE: keyFile },
    });
    let letGo!: () => void;
    const gate = new Promise<void>((r) => (letGo = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const first = runCycle(
      t.core.ctx,
      t.core.dispatch,
      profileId(),
      'schedule',
      deps({
        beforeStep: async (s) => {
          if (s !== 'feeds') return;
          inside();
          await gate;
        },
      }),
    );
    await entered;
    const second = await runCycle(other.ctx, other.dispatch, profileId(), 'cli', {
      runFeeds: async () => [],
      applySendPolicy: greensPolicy(other.dispatch),
      settle: async () => undefined,
    });
    expect(second).toEqual({ busy: true, cycle: null });
    letGo();
    expect((await first).cycle!.state).toBe('done');
    // Its turn over, the other process's cycle runs.
    const third = await runCycle(other.ctx, other.dispatch, profileId(), 'cli', {
      runFeeds: async () => [],
      applySendPolicy: async () => ({ policyVersion: null, considered: 0, approved: [], leftForPerson: [] }),
      settle: async () => undefined,
    });
    expect(third.busy).toBe(false);
    await other.close();
  }, 60_000);

  it('a cycle killed mid-send and started again marks nothing twice', async () => {
    drop(testDay(-6), TEST_TODAY);
    const appliedBefore = proxy.applied.flat().length;
    const held = sandbox.holdMarkReceived();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/cycle-worker.ts', t.dataDir, keyFile],
      {
        env: { ...process.env, QUITA_SETTLE_AFTER_MS: '200' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    const put = await held.arrived;
    expect(put.ids.length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    // The server was only slow: it applies the orphaned PUT after the process died.
    expect(await held.release()).toBe('applied');

    // The next cycle finds the dead one's row, writes it interrupted, and settles the batch by reading it back.
    const r = await runCycle(t.core.ctx, t.core.dispatch, profileId(), 'cli', deps());
    expect(r.busy).toBe(false);
    const history = await call<{ cycles: { state: string }[] }>('cycle.history', { limit: 3 });
    expect(history.cycles[1]!.state).toBe('interrupted');
    await vi.waitFor(
      async () => {
        const b = await call<{ counts: Record<string, number> }>('send.batches', {});
        expect(b.counts.queued! + b.counts.sending! + b.counts.sent! + b.counts.unknown!).toBe(0);
      },
      { timeout: 60_000, interval: 200 },
    );
    const ids = proxy.applied.flat();
    expect(new Set(ids).size).toBe(ids.length); // no receivable applied twice
    expect(proxy.refusedAsDuplicate).toEqual([]); // none sent again once applied
    expect(ids.length).toBeGreaterThan(appliedBefore);
    const b = await call<{ counts: Record<string, number> }>('send.batches', {});
    expect(b.counts.needs_review).toBe(0);
  }, 120_000);

  it('a new schedule and intake folder are saved with their audit entries, and read back', async () => {
    const before = await call<{ schedule: { everyMinutes: number }; intakeFolder: string | null }>(
      'cycle.schedule',
      {},
    );
    const every15 = { ...before.schedule, everyMinutes: 15 };
    const saved = await call<{ schedule: { everyMinutes: number }; intakeFolder: string | null }>(
      'cycle.saveSchedule',
      { schedule: every15 },
    );
    expect(saved.schedule.everyMinutes).toBe(15);
    expect(saved.intakeFolder).toBe(before.intakeFolder);
    const other = join(dirname(t.dataDir), 'entrada-2');
    const moved = await call<{ schedule: { everyMinutes: number }; intakeFolder: string | null }>(
      'intake.setFolder',
      { folder: other },
    );
    expect(moved).toMatchObject({ schedule: { everyMinutes: 15 }, intakeFolder: other });
    expect((await call<{ folder: string | null }>('intake.status', {})).folder).toBe(other);
    const entries = (
      await call<{ entries: { action: string; before: unknown; after: unknown }[] }>('audit.list', {
        limit: 50,
      })
    ).entries;
    expect(entries.find((e) => e.action === 'cycle.schedule_changed')).toMatchObject({
      before: { everyMinutes: before.schedule.everyMinutes },
      after: { everyMinutes: 15 },
    });
    expect(entries.find((e) => e.action === 'intake.folder_changed')).toMatchObject({
      before: before.intakeFolder,
      after: other,
    });
    await call('intake.setFolder', { folder: folder });
  });
});
