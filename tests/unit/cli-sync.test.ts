import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { testDay, testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });

describe('quita connect / sync / accounts / receivables against the sandbox', () => {
  it('refuses a wrong key and saves nothing', async () => {
    const r = await quita(
      ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
      { QUITA_PASSWORD: 'nope' },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused the user or the key/);
    expect(JSON.parse((await quita(['profiles', '--json'])).stdout)).toEqual({
      profiles: [],
      activeProfileId: null,
    });
  });

  it('connects with the key on stdin, never echoing it', async () => {
    const r = await quita(
      [
        'connect',
        '--base-url',
        sandbox.url,
        '--username',
        sandbox.username,
        '--key-kind',
        'branch',
        '--password-stdin',
        '--json',
      ],
      {},
      `${sandbox.branchKey}\n`,
    );
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(sandbox.branchKey);
    expect(JSON.parse(r.stdout)).toMatchObject({
      profile: { baseUrl: sandbox.url, hasSecret: true },
      bankAccounts: sandbox.data.bankAccounts.length,
    });
  });

  it('syncs a window, then lists accounts and open receivables as JSON', async () => {
    const sync = await quita(['sync', '--due-from', testDay(-80), '--due-to', testDay(7), '--json']);
    expect(sync.code).toBe(0);
    const summary = JSON.parse(sync.stdout) as { receivables: { fetched: number; mode: string } };
    expect(summary.receivables.mode).toBe('first');
    expect(sync.stderr).toMatch(/receivables: \d+ request/);

    const accounts = JSON.parse((await quita(['accounts', '--json'])).stdout) as { id: number }[];
    expect(accounts.map((a) => a.id).sort()).toEqual(sandbox.data.bankAccounts.map((a) => a.id).sort());

    const open = JSON.parse((await quita(['receivables', '--status', 'open,overdue', '--json'])).stdout) as {
      statusId: number;
      amountCents: number;
    }[];
    const expected = sandbox.data.receivables.filter(
      (r) =>
        (r.status === 1 || r.status === 4) &&
        r.dueDate.slice(0, 10) >= testDay(-80) &&
        r.dueDate.slice(0, 10) <= testDay(7),
    );
    expect(open).toHaveLength(expected.length);
    expect(open.every((r) => (r.statusId === 1 || r.statusId === 4) && Number.isInteger(r.amountCents))).toBe(
      true,
    );
  });

  it('treats an impossible date as bad usage (exit 2)', async () => {
    const r = await quita(['sync', '--due-from', '2026-02-30']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/dueFrom/);
  });
});
