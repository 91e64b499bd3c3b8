import { storeOfDb } from '../../src/core/store/sqlite-store';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { branchesRepo } from '../../src/core/branches/branches.repo';
import { generateSandboxData } from '../../src/sandbox';
import { codes, englishWords, guessedPlurals } from '../helpers/clerk-text';
import { commandCaller, testCore } from '../helpers/core';
import { cacheSandboxData } from '../../src/core/matching/testing-db';

/**
 * [V] `quita branches` on a network's database: three branches seen in the receivables, the accounts as a sync
 * leaves them (one placed by the API). Until the network sync and the sandbox's network mode land, the database is
 * filled as the sync will fill it (branchesRepo.noteSeen); the CLI then runs in-process on that data folder.
 */
let dataDir = '';
let env: Record<string, string> = {};
let cleanup = () => {};
let accountIds: number[] = [];

beforeAll(async () => {
  const t = testCore('cli');
  cleanup = t.cleanup;
  dataDir = t.dataDir;
  env = { QUITA_KEY_FILE: join(dirname(t.dataDir), 'keys', 'master.key') };
  await commandCaller(t.core)('profiles.save', {
    name: 'Rede Centro',
    baseUrl: 'https://evo.example.com',
    username: 'rede',
    password: 'KEY',
    keyKind: 'admin',
  });
  const db = t.core.ctx.db();
  const data = generateSandboxData({ seed: 5, members: 60, months: 2, today: '2026-07-15' });
  const at = '2026-07-15T15:00:00.000Z';
  await cacheSandboxData(db, data, at);
  // The network's three branches, as a multi-location key's receivables name them.
  db.prepare('UPDATE receivables SET branch_member_id = 11 + (id % 3)').run();
  await storeOfDb(db).write((tx) => branchesRepo.noteSeen(tx, [11, 12, 13], 'receivables', at));
  accountIds = data.bankAccounts.map((a) => a.id);
  await storeOfDb(db).write((tx) => branchesRepo.setAccountBranch(tx, accountIds[0]!, 11, 'api', at));
  await t.core.close();
}, 60_000);
afterAll(() => cleanup());

async function quita(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** What a Brazilian clerk must never read: English, guessed plurals, codes or JSON. */
function clerkProblems(text: string): string[] {
  return [...englishWords(text), ...guessedPlurals(text), ...codes(text)];
}

describe('quita branches', () => {
  it('lists the branches and where each account belongs, in Portuguese', async () => {
    const r = await quita(['branches']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3 unidades, 3 conciliadas aqui');
    expect(r.stdout).toMatch(/Número\s+Nome\s+Conciliada\s+Em aberto\s+Contas/);
    expect(r.stdout).toMatch(/^\s*12\s+Unidade 12\s+sim\s+\d+\s+0$/m);
    expect(r.stdout).toMatch(/^\s*11\s+Unidade 11\s+sim\s+\d+\s+1$/m);
    expect(r.stdout).toContain('Contas bancárias:');
    expect(r.stdout).toContain(': da unidade 11 (definida pela API)');
    expect(r.stdout).toContain(': ainda não sabemos de qual unidade');
    expect(clerkProblems(r.stdout)).toEqual([]);
  });

  it('names a branch, and the list says its name', async () => {
    const r = await quita(['branches', 'nomear', '11', 'Centro', 'Histórico']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe('Nome salvo: Centro Histórico.');
    const list = (await quita(['branches'])).stdout;
    expect(list).toMatch(/^\s*11\s+Centro Histórico\s+sim/m);
    expect(list).toContain('da unidade Centro Histórico (definida pela API)');
  });

  it('leaves a branch out, takes it back, and refuses leaving out the last one', async () => {
    expect((await quita(['branches', 'ignorar', '12'])).stdout).toBe(
      'Unidade 12 não será mais conciliada aqui; os dados dela continuam guardados.',
    );
    expect((await quita(['branches', 'ignorar', '13'])).code).toBe(0);
    expect((await quita(['branches'])).stdout).toMatch(/^\s*12\s+Unidade 12\s+não/m);
    const last = await quita(['branches', 'ignorar', '11']);
    expect(last.code).toBe(1);
    expect(last.stdout).toBe('');
    expect(last.stderr).toBe(
      'quita: Pelo menos uma unidade precisa continuar sendo conciliada aqui: escolha outra antes de deixar esta de fora.',
    );
    expect((await quita(['branches', 'conciliar', '12'])).stdout).toBe('Unidade 12 será conciliada aqui.');
    expect((await quita(['branches'])).stdout).toContain('3 unidades, 2 conciliadas aqui');
  });

  it('places an account in a branch, in the network, and gives it back to the sync', async () => {
    const id = String(accountIds[1]);
    const r = await quita(['branches', 'conta', id, '12']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^A conta .+ agora é da unidade 12 \(definida pelo escritório\)\.$/);
    const central = await quita(['branches', 'conta', id, 'rede']);
    expect(central.stdout).toMatch(/agora é da rede \(conta central\) \(definida pelo escritório\)\.$/);
    const json = JSON.parse((await quita(['branches', '--json'])).stdout) as {
      accounts: { accountId: number; branchId: number | null; placed: boolean; source: string | null }[];
    };
    expect(json.accounts.find((a) => a.accountId === accountIds[1])).toMatchObject({
      branchId: null,
      placed: true,
      source: 'office',
    });
    const undo = await quita(['branches', 'conta', id, 'desfazer']);
    expect(undo.stdout).toMatch(/volta a ser decidida pela sincronização/);
    for (const text of [r.stdout, central.stdout, undo.stdout]) expect(clerkProblems(text)).toEqual([]);
  });

  it('adds a branch by its number, and says each mistake in one Portuguese sentence', async () => {
    expect((await quita(['branches', 'adicionar', '40', 'Norte'])).stdout).toBe(
      'Norte adicionada. Sincronize para trazer os recebíveis dela.',
    );
    const again = await quita(['branches', 'adicionar', '40']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A unidade 40 já está na lista');
    const unknown = await quita(['branches', 'nomear', '99', 'Sul']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('A unidade 99 não está na lista desta conexão');
    const noAccount = await quita(['branches', 'conta', '999999', 'rede']);
    expect(noAccount.code).toBe(1);
    expect(noAccount.stderr).toContain('A conta bancária 999999 ainda não é conhecida aqui');
    const usage = [
      await quita(['branches', 'apagar', '11']),
      await quita(['branches', 'conciliar', 'Centro']),
      await quita(['branches', 'conta', String(accountIds[0]), 'matriz']),
      await quita(['branches', 'nomear', '11', 'x'.repeat(81)]),
      await quita(['branches', 'nomear', '11']),
    ];
    for (const u of usage) {
      expect(u.code).toBe(2);
      const [sentence, help] = u.stderr.split('\n');
      expect(sentence).toMatch(/^quita: /);
      expect(help).toMatch(/quita branches --help/);
      expect(clerkProblems(sentence!)).toEqual([]);
    }
    expect(usage[0]!.stderr).toContain('ação desconhecida: “apagar”');
    expect(usage[1]!.stderr).toContain('o número da unidade precisa ser um número inteiro maior que zero');
    expect(usage[2]!.stderr).toContain('diga o número da unidade, rede');
    expect(usage[3]!.stderr).toContain('até 80 letras');
    for (const u of [again, unknown, noAccount]) expect(clerkProblems(u.stderr)).toEqual([]);
  });

  it('is listed in quita --help and explains itself, in Portuguese', async () => {
    const main = await quita(['--help']);
    expect(main.stdout).toMatch(/^ {2}branches +Lista as unidades da rede/m);
    const help = await quita(['branches', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('quita branches conta <conta> <número da unidade, rede ou desfazer>');
    expect(clerkProblems(help.stdout)).toEqual([]);
  });

  it('quita status shows each reconciled branch (Início per branch), and --branch keeps one, by number or name', async () => {
    await quita(['branches', 'conciliar', '11']);
    await quita(['branches', 'conciliar', '12']);
    await quita(['branches', 'conciliar', '13']);
    await quita(['branches', 'nomear', '12', 'Savassi']);
    const all = await quita(['status']);
    expect(all.code).toBe(0);
    const rows = all.stdout.split('\n').slice(all.stdout.split('\n').indexOf('Unidades:') + 1);
    // The branches reconciled here (the earlier tests named 11 and added one), by id, each once.
    const listed = JSON.parse((await quita(['branches', '--json'])).stdout) as {
      branches: { id: number; name: string | null; chosen: boolean }[];
    };
    expect(rows.map((l) => l.trim().split(':')[0])).toEqual(
      listed.branches.filter((b) => b.chosen).map((b) => b.name ?? `Unidade ${b.id}`),
    );
    expect(rows.map((l) => l.trim().split(':')[0])).toEqual(
      expect.arrayContaining(['Savassi', 'Unidade 13']),
    );
    // Each branch's open receivables are its own (the fixture spread them over three branches by id).
    expect(rows.every((l) => /recebíveis em aberto: \d+ · vencidos: \d+$/.test(l))).toBe(true);
    expect(clerkProblems(all.stdout)).toEqual([]);
    for (const pick of ['12', 'savassi', 'SAVASSI']) {
      const one = await quita(['status', '--branch', pick]);
      expect(one.code).toBe(0);
      expect(one.stdout.split('Unidades:\n')[1]!.trim()).toMatch(/^Savassi: A decidir: \d+ · /);
    }
    const json = JSON.parse((await quita(['status', '--branch', '13', '--json'])).stdout) as {
      branches: { branchId: number }[];
    };
    expect(json.branches.map((b) => b.branchId)).toEqual([13]);
    const unknown = await quita(['status', '--branch', 'Sul']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('nenhuma unidade desta rede tem o número ou o nome “Sul”');
    expect(clerkProblems(unknown.stderr.split('\n')[0]!)).toEqual([]);
  });

  it('--branch on send and on the reconciliation report: one branch by number or name, mistakes in one sentence', async () => {
    const out = join(dirname(dataDir), 'conciliacao-unidade.csv');
    const recon = await quita([
      'audit',
      'export',
      '--kind',
      'conciliacao',
      '--branch',
      'savassi',
      '--out',
      out,
    ]);
    expect(recon.stderr).toBe('');
    expect(recon.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Só as contas da unidade Savassi.');
    const network = await quita([
      'audit',
      'export',
      '--kind',
      'conciliacao',
      '--branch',
      'rede',
      '--out',
      out,
    ]);
    expect(network.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Só as contas da rede');
    const logWithBranch = await quita(['audit', 'export', '--branch', '12', '--out', out]);
    expect(logWithBranch.code).toBe(2);
    expect(logWithBranch.stderr).toContain('--branch só vale para o relatório de conciliação');
    const sendUnknown = await quita(['send', '--branch', '99']);
    expect(sendUnknown.code).toBe(2);
    expect(sendUnknown.stderr).toContain('nenhuma unidade desta rede tem o número ou o nome “99”');
    const debtorsOfNetwork = await quita(['debtors', '--branch', 'rede']);
    expect(debtorsOfNetwork.code).toBe(2);
    expect(debtorsOfNetwork.stderr).toContain('um inadimplente é de uma unidade');
    expect((await quita(['debtors', '--branch', 'Savassi'])).code).toBe(0);
    // Receivables of one branch: the fixture spread them over 11, 12 and 13 by id.
    const rec = JSON.parse((await quita(['receivables', '--branch', 'savassi', '--json'])).stdout) as {
      id: number;
    }[];
    expect(rec.length).toBeGreaterThan(0);
    expect(rec.every((r) => 11 + (r.id % 3) === 12)).toBe(true);
    expect((await quita(['receivables', '--branch', 'rede'])).stderr).toContain(
      'um recebível é de uma unidade',
    );
    // No statement imported in this database: matching a branch's latest says so, naming the branch asked.
    const match = await quita(['match', '--branch', 'Savassi']);
    expect(match.code).toBe(2);
    expect(match.stderr).toContain('nenhum extrato importado é de uma conta de “Savassi”');
    // Nothing approved in this database: a branch's send says so, and sends nothing.
    const send = await quita(['send', '--branch', '12']);
    expect(send.code).toBe(0);
    for (const r of [logWithBranch, sendUnknown]) expect(clerkProblems(r.stderr.split('\n')[0]!)).toEqual([]);
  });
});
