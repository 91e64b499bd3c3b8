import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { testDay, testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { englishWords } from '../helpers/clerk-text';
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
    const first = await send();
    expect(first.code).toBe(0);
    // Said as Inadimplentes says it: the member, the state, the API's id and when (Brasília).
    expect(first.stdout.trim()).toMatch(
      new RegExp(`^Aluno ${member}, .+: enviada — notificação nº \\d+, \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`),
    );
    const refused = await send();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /já foi notificado nos últimos 7 dias.*nada foi enviado.*Para notificar de novo, acrescente --again\./,
    );
    const en = await quita('a', [
      '--lang',
      'en',
      'notify',
      '--member',
      member,
      '--message',
      'Olá {primeiro_nome}',
    ]);
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(
      /notified in the last 7 days.*nothing was sent.*To notify them again, add --again\./,
    );
    const again = await send('--json', '--again');
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { items: { state: string }[] }).items[0]!.state).toBe('sent');
  });

  it('refuses empty, blank and too long messages before any request (exit 2, naming the field)', async () => {
    for (const message of ['', '    ', 'x'.repeat(1001)]) {
      const r = await quita('a', ['notify', '--member', '1', '--message', message]);
      expect(r.code, JSON.stringify(message.slice(0, 5))).toBe(2);
      expect(r.stderr).toMatch(/^quita: a mensagem (está vazia|tem 1001 caracteres; o limite é 1000)\n/);
    }
    // A placeholder the core does not know: its refusal (exit 1, as before) names it in the clerk's words.
    const unknown = await quita('a', ['notify', '--member', '1', '--message', 'Oi {apelido}']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/A mensagem usa um marcador que o Quita não conhece \(\{apelido\}\)\./);
  });

  it('a key without permission for debtors: the sync says which route was refused', async () => {
    const r = await quita('b', ['sync']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^quita: Esta chave não tem permissão para \/api\/v1\/receivables\/debtors\./m);
    // The progress before it, in Sincronizar's words.
    expect(r.stderr).toMatch(/^Contas bancárias: 1 de 1 consulta$/m);
  });

  it('debtors in Inadimplentes’ words: R$ 1.234,56, days late, the total; English with --lang en', async () => {
    const r = await quita('a', ['debtors', '--sort', 'valor']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ *\d+ {2,}R\$ \d{1,3}(\.\d{3})*,\d{2} {2,}\d+ dias? {2}\S/);
    expect(lines.at(-1)).toMatch(
      /^\d+ alunos? inadimplentes?, com \d+ dívidas?, somando R\$ \d{1,3}(\.\d{3})*,\d{2} \(sincronizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/,
    );
    expect(englishWords(r.stdout)).toEqual([]);
    // The clerk's sort name and the script's give the same list.
    expect((await quita('a', ['debtors', '--sort', 'valor', '--json'])).stdout).toBe(
      (await quita('a', ['debtors', '--sort', 'amount', '--json'])).stdout,
    );
    const en = await quita('a', ['--lang', 'en', 'debtors']);
    expect(en.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^\d+ members? in debt, with \d+ debts?, totalling R\$[\d,]+\.\d{2} \(synced /,
    );
    const bad = await quita('a', ['debtors', '--sort', 'idade']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^quita: --sort aceita nome, valor, atraso ou vencimento/);
  });

  it('geography: refresh, then an accent-insensitive search as JSON', async () => {
    const r = await quita('a', ['geography', '--refresh', '--search', 'florianopolis', '--json']);
    expect(r.code).toBe(0);
    const hits = JSON.parse(r.stdout) as { level: string; name: string }[];
    expect(hits).toContainEqual(expect.objectContaining({ level: 'city', name: 'Florianópolis' }));
    const text = await quita('a', ['geography', '--search', 'florianopolis']);
    expect(text.stdout).toMatch(/^Cidade +Florianópolis/m);
    const states = await quita('a', ['geography']);
    expect(states.stdout).toMatch(/^SC +Santa Catarina: \d+ cidades? · \d+ bairros?$/m);
    expect(states.stdout.trimEnd()).toMatch(/\n\(sincronizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/);
    expect((await quita('a', ['--lang', 'en', 'geography', '--search', 'florianopolis'])).stdout).toMatch(
      /^City +Florianópolis/m,
    );
  });
});
