import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { testDay, testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { englishWords } from '../helpers/clerk-text';
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
    expect(r.stderr).toMatch(/^quita: A API recusou o usuário ou a chave/);
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
    // Progress on stderr, in Sincronizar's words: "Recebíveis: 3 consultas ao EVO".
    expect(sync.stderr).toMatch(/^Recebíveis: \d+ consultas? ao EVO/m);
    expect(sync.stderr).not.toMatch(/receivables|request/);

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
    // The clerk's names for the states give the same list, byte for byte.
    const aberto = await quita(['receivables', '--status', 'aberto,Vencido', '--json']);
    expect(aberto.stdout).toBe((await quita(['receivables', '--status', 'open,overdue', '--json'])).stdout);
  });

  it('says the sync, the accounts and the receivables in pt-BR (money R$ 1.234,56, states in words), English with --lang en', async () => {
    const sync = await quita(['sync', '--due-from', testDay(-80), '--due-to', testDay(7)]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(
      /^Pronto: \d+ recebíve(l|is) e \d+ contas? em \d+ (s|min), com \d+ consultas? ao EVO\.$/m,
    );
    expect(sync.stdout).toContain('Só o que mudou desde a última sincronização foi baixado.');

    const accounts = await quita(['accounts']);
    const first = sandbox.data.bankAccounts[0]!;
    expect(accounts.stdout).toContain(`${String(first.id).padStart(4)}  ${first.description}`);
    expect(accounts.stdout.trimEnd()).toMatch(/\n\(sincronizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/);

    const list = await quita(['receivables', '--status', 'recebido', '--limit', '3']);
    expect(list.code, list.stderr).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines.slice(0, 3))
      expect(l).toMatch(/^ *\d+ {2}\d{2}\/\d{2}\/\d{4} {2,}R\$ \d{1,3}(\.\d{3})*,\d{2} {2}recebido {2}/);
    expect(lines[3]).toMatch(/^Mostrando 3 de \d+ recebíveis \(sincronizado em /);
    for (const w of englishWords(list.stdout + accounts.stdout + sync.stdout + sync.stderr))
      expect.fail(`English “${w}”`);

    const en = await quita(['--lang', 'en', 'receivables', '--status', 'received', '--limit', '1']);
    expect(en.stdout).toMatch(/^ *\d+ {2}\d{1,2}\/\d{1,2}\/\d{4} {2,}R\$[\d,]+\.\d{2} {2}received {2}/);
    expect(en.stdout).toMatch(/\nShowing 1 of \d+ receivables \(synced /);
  });

  it('treats an impossible date as bad usage (exit 2)', async () => {
    const r = await quita(['sync', '--due-from', '2026-02-30']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^quita: --due-from precisa ser uma data \(AAAA-MM-DD ou dd\/mm\/aaaa\), não “2026-02-30”/,
    );
    const backwards = await quita(['sync', '--due-from', '2026-03-01', '--due-to', '01/02/2026']);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toMatch(
      /^quita: o período termina antes de começar: 01\/02\/2026 vem antes de 01\/03\/2026/,
    );
    const bad = await quita(['receivables', '--status', 'pago,talvez']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^quita: situação desconhecida: “talvez” \(use aberto, vencido, recebido ou cancelado\)/,
    );
  });
});
