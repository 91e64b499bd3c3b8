import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { testDay, testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
let sandbox: RunningSandbox;
let restricted: RunningSandbox;

const quita = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  quitaCli(join(tmp.dir, dataDir), { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') })(args, env);

beforeAll(async () => {
  sandbox = await testSandbox();
  restricted = await testSandbox({ permissions: { branch: ['bankAccounts', 'receivables'] } });
  for (const [dir, s] of [
    ['a', sandbox],
    ['b', restricted],
  ] as const) {
    await quita(dir, ['connect', '--base-url', s.url, '--username', s.username, '--key-kind', 'branch'], {
      QUITA_PASSWORD: s.branchKey,
    });
  }
  await quita('a', ['sync', '--due-from', testDay(-80), '--due-to', testDay(7)]);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await restricted.close();
  tmp.cleanup();
});

describe('quita notify / debtors / geography', () => {
  it('sends a templated notification to a debtor and reports the API’s id', async () => {
    const debtors = JSON.parse((await quita('a', ['debtors', '--json'])).stdout) as {
      memberId: number;
      name: string;
    }[];
    const d = debtors[0]!;
    const r = await quita('a', [
      'notify',
      '--member',
      String(d.memberId),
      '--message',
      'Olá {primeiro_nome}, há {valor} em aberto.',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      items: { state: string; notificationId: number; message: string }[];
    };
    expect(out.items[0]).toMatchObject({
      state: 'sent',
      message: expect.stringContaining(`Olá ${d.name.split(' ')[0]!}`) as string,
    });
    expect(out.items[0]!.notificationId).toBeGreaterThan(0);
  });

  it('refuses a member notified within the notify-again period, as the screen asks, until --again', async () => {
    const debtors = JSON.parse((await quita('a', ['debtors', '--json'])).stdout) as { memberId: number }[];
    const member = String(debtors[1]!.memberId);
    const send = (...extra: string[]) =>
      quita('a', ['notify', '--member', member, '--message', 'Olá {primeiro_nome}', ...extra]);
    expect((await send()).code).toBe(0);
    const refused = await send();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/notified in the last 7 days.*nothing was sent.*add --again/);
    const again = await send('--json', '--again');
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { items: { state: string }[] }).items[0]!.state).toBe('sent');
  });

  it('refuses empty, blank and too long messages before any request (exit 2, naming the field)', async () => {
    for (const message of ['', '    ', 'x'.repeat(1001)]) {
      const r = await quita('a', ['notify', '--member', '1', '--message', message]);
      expect(r.code, JSON.stringify(message.slice(0, 5))).toBe(2);
      expect(r.stderr).toMatch(/template: the message (is empty|is longer than 1000)/);
    }
  });

  it('a key without permission for debtors: the sync says which route was refused', async () => {
    const r = await quita('b', ['sync']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no permission for \/api\/v1\/receivables\/debtors/);
  });

  it('geography: refresh, then an accent-insensitive search as JSON', async () => {
    const r = await quita('a', ['geography', '--refresh', '--search', 'florianopolis', '--json']);
    expect(r.code).toBe(0);
    const hits = JSON.parse(r.stdout) as { level: string; name: string }[];
    expect(hits).toContainEqual(expect.objectContaining({ level: 'city', name: 'Florianópolis' }));
  });
});
