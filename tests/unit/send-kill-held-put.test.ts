import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core/bootstrap';
import type { HoldOptions, MarkReceivedOutcome, RunningSandbox } from '../../src/sandbox';
import { prepareMatchedBranch } from '../helpers/branch';
import { quitaCli } from '../helpers/cli';
import { commandCaller } from '../helpers/core';
import { statusesInApi, testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * `quita send` killed (SIGKILL) while a mark-received PUT is in flight: the sandbox holds the second PUT open once it
 * has arrived whole and says so, and the kill lands exactly then (a signal, not a guess at timing). What the server
 * then does with the PUT whose answer the client never got is each case below. A fresh `quita send` resumes; every
 * approved receivable must end applied exactly once at the server and confirmed in the outbox.
 */
const cases: {
  name: string;
  hold: HoldOptions;
  /** What the server does with the held PUT once the client is dead. */
  settle: 'release' | 'drop';
  outcome: MarkReceivedOutcome;
  /** PUTs that carried the held batch's ids, in all. */
  putsOfHeldIds: number;
}[] = [
  {
    name: 'the server applied it before the client died (only the answer was held)',
    hold: { skip: 1, applyFirst: true },
    settle: 'drop',
    outcome: 'applied',
    putsOfHeldIds: 1,
  },
  {
    name: 'the server applied it after the client died (it was only slow)',
    hold: { skip: 1 },
    settle: 'release',
    outcome: 'applied',
    putsOfHeldIds: 1,
  },
  {
    name: 'the server never applied it (the request was lost with the connection)',
    hold: { skip: 1 },
    settle: 'drop',
    outcome: 'dropped',
    putsOfHeldIds: 2,
  },
];

const started: { sandbox: RunningSandbox; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.sandbox.close();
    s.cleanup();
  }
});

describe('quita send killed while a mark-received PUT is held open at the server', () => {
  it.each(cases)(
    '$name: resumed, no receivable applied twice, none lost',
    async ({ hold, settle, outcome, putsOfHeldIds }) => {
      const tmp = tempDir();
      const sandbox = await testSandbox({ ...TO_RECONCILE, members: 120 });
      started.push({ sandbox, cleanup: tmp.cleanup });
      const dataDir = join(tmp.dir, 'data');
      const env = {
        ...process.env,
        QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key'),
        // The resumed run reads the interrupted batch back after this wait counted from when its PUT left; here
        // the server's outcome is already final when the run starts (the sandbox said so), so a short wait is enough.
        QUITA_SETTLE_AFTER_MS: '500',
      };
      const quita = quitaCli(dataDir, env);
      await prepareMatchedBranch(quita, sandbox, sandbox.url, tmp.dir);
      const approved = JSON.parse((await quita(['approve', '--green', '--json'])).stdout) as {
        changed: number;
      };
      expect(approved.changed).toBeGreaterThan(4);
      const before = JSON.parse((await quita(['status', '--json'])).stdout) as {
        approvedNotQueued: { count: number };
      };
      const expected = before.approvedNotQueued.count; // receivables (a line may pay several)

      // 1. The second PUT is held at the server; the first went through and was answered.
      const held = sandbox.holdMarkReceived(hold);
      const child = spawn(
        process.execPath,
        ['bin/quita.mjs', '--data-dir', dataDir, 'send', '--chunk-size', '2', '--json'],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let childErr = '';
      child.stderr.on('data', (d: Buffer) => (childErr += d.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const arrived = await Promise.race([
        held.arrived,
        exited.then((e) => {
          throw new Error(`quita send ended (${e.code ?? e.signal}) before its second PUT: ${childErr}`);
        }),
      ]);
      expect(arrived.ids).toHaveLength(2);

      // 2. kill -9 while that PUT is in flight; the server sees the connection go.
      child.kill('SIGKILL');
      expect((await exited).signal).toBe('SIGKILL');
      await held.clientGone;
      expect(sandbox.markReceivedJournal.filter((r) => r.outcome === 'applied')).toHaveLength(
        hold.applyFirst ? 2 : 1,
      );

      // 3. The server settles the orphaned PUT: applies it late, or drops it.
      expect(await (settle === 'release' ? held.release() : held.drop())).toBe(outcome);

      // 4. A fresh `quita send` resumes: the interrupted batch is read back before anything is sent again.
      const resumed = await quita(['send', '--json']);
      expect(resumed.code, resumed.stderr).toBe(0);
      const summary = JSON.parse(resumed.stdout) as { needsReview: number; waiting: number; busy: boolean };
      // On failure, the run's own account of why (its log file) says more than the summary.
      const log = join(dataDir, 'logs', 'quita.log');
      expect(
        summary,
        `${resumed.stdout}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : 'no log'}`,
      ).toMatchObject({
        needsReview: 0,
        waiting: 0,
        busy: false,
      });

      // The outbox: every batch confirmed; the approved receivables are the union of its batches.
      const core = createCore({ mode: 'cli', version: '0.0.0-test', dataDir, env });
      let batches: { receivableIds: number[]; state: string }[];
      try {
        ({ batches } = await commandCaller(core)<{ batches: typeof batches }>('send.batches', {
          limit: 2000,
        }));
      } finally {
        await core.close();
      }
      expect(new Set(batches.map((b) => b.state))).toEqual(new Set(['confirmed']));
      const approvedIds = batches.flatMap((b) => b.receivableIds);
      expect(new Set(approvedIds).size).toBe(expected);
      expect(approvedIds).toHaveLength(expected);

      // The server: each approved receivable applied exactly once; no PUT refused as "already received" (none
      // was sent again once applied); the held ids were PUT once, or twice when the first never applied.
      const journal = sandbox.markReceivedJournal;
      const applied = (id: number) =>
        journal.filter((r) => r.outcome === 'applied' && r.ids.includes(id)).length;
      const sentTwice = approvedIds.filter((id) => applied(id) > 1);
      const lost = approvedIds.filter((id) => applied(id) === 0);
      expect({ sentTwice, lost }).toEqual({ sentTwice: [], lost: [] });
      expect(journal.filter((r) => r.outcome === 'refused')).toEqual([]);
      expect(journal.filter((r) => r.ids.includes(arrived.ids[0]!))).toHaveLength(putsOfHeldIds);
      expect(new Set(await statusesInApi(sandbox, approvedIds))).toEqual(new Set([2]));

      const status = JSON.parse((await quita(['status', '--json'])).stdout) as {
        approvedNotQueued: { count: number };
        outbox: Record<string, number>;
      };
      expect(status.approvedNotQueued.count).toBe(0);
      expect(status.outbox).toMatchObject({ queued: 0, sending: 0, sent: 0, unknown: 0, needs_review: 0 });
      expect((await quita(['audit', 'verify'])).code).toBe(0);
    },
    180_000,
  );
});
