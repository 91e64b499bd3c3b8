import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { openOffice } from '../../src/core/users/office';
import { quitaCli } from '../helpers/cli';
import { codes, englishWords, guessedPlurals } from '../helpers/clerk-text';
import { tempDir } from '../helpers/tmp';

/**
 * [W] `quita usuarios` on the server's machine: the office's IT creates the first administrator before starting
 * `quita server`, with the password on standard input (never an argument). The data folder is a real one; the
 * users land in its office.sqlite.
 */
const FIRST = 'primeira-senha-do-admin';
let t: { dir: string; cleanup: () => void };
let dataDir = '';
let env: Record<string, string> = {};

beforeAll(() => {
  t = tempDir('quita-users-cli-');
  dataDir = join(t.dir, 'data');
  env = { QUITA_KEY_FILE: join(dirname(dataDir), 'keys', 'master.key') };
});
afterAll(() => t.cleanup());

async function quita(args: string[], stdin?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env,
    readStdin: async () => stdin ?? '',
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const clerkProblems = (text: string) => [...englishWords(text), ...guessedPlurals(text), ...codes(text)];

describe('quita usuarios', () => {
  it('creates the first administrator with the password read from stdin (the real bin)', async () => {
    const r = await quitaCli(dataDir, env)(
      ['usuarios', 'adicionar', 'Maria', '--nome', 'Maria Souza', '--papel', 'administrador'],
      {},
      `${FIRST}\n`,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('Usuário maria (Maria Souza) criado como administrador.');
    const office = await openOffice({ file: join(dataDir, 'office.sqlite') });
    try {
      expect(await office.user('maria')).toMatchObject({ role: 'administrador', active: true });
      expect((await office.login('maria', FIRST, { ip: '127.0.0.1' })).ok).toBe(true);
      expect((await office.auditLog())[0]).toMatchObject({ action: 'user.added', subject: 'user:maria' });
      expect((await office.auditLog())[0]!.who).toMatch(/ \(cli\)$/);
    } finally {
      await office.close();
    }
  }, 120_000);

  it('lists the users in Portuguese words', async () => {
    const added = await quita(
      ['usuarios', 'adicionar', 'joao', '--nome', 'João', '--papel', 'conferente'],
      'senha-do-joao-1\n',
    );
    expect(added).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'Usuário joao (João) criado como conferente.',
    });
    const r = await quita(['usuarios']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('2 usuários');
    expect(r.stdout).toMatch(/Login\s+Nome\s+Papel\s+Situação\s+Último acesso/);
    expect(r.stdout).toMatch(/^joao\s+João\s+Conferente\s+ativo\s+nunca entrou$/m);
    expect(r.stdout).toMatch(
      /^maria\s+Maria Souza\s+Administrador\s+ativo\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/m,
    );
    expect(r.stdout).not.toContain('{');
    expect(clerkProblems(r.stdout)).toEqual([]);
  });

  it('changes a role, deactivates and activates, in sentences', async () => {
    expect(await quita(['usuarios', 'papel', 'joao', 'supervisor'])).toMatchObject({
      code: 0,
      stdout: 'joao agora é supervisor; as sessões abertas terminaram.',
    });
    expect(await quita(['usuarios', 'desativar', 'joao'])).toMatchObject({
      code: 0,
      stdout: 'joao foi desativado e não entra mais; as sessões abertas terminaram.',
    });
    expect((await quita(['usuarios', 'listar'])).stdout).toMatch(/^joao\s+João\s+Supervisor\s+desativado/m);
    expect(await quita(['usuarios', 'ativar', 'joao'])).toMatchObject({
      code: 0,
      stdout: 'joao pode entrar de novo.',
    });
  });

  it('sets a password from stdin and refuses one that breaks the rules, in Portuguese', async () => {
    expect(await quita(['usuarios', 'senha', 'joao'], 'nova-senha-do-joao\n')).toMatchObject({
      code: 0,
      stdout: 'Senha de joao trocada; as sessões abertas terminaram.',
    });
    const short = await quita(['usuarios', 'senha', 'joao'], 'curta\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('quita: A senha precisa ter pelo menos 10 caracteres.');
    const none = await quita(['usuarios', 'senha', 'joao'], '');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Nenhuma senha na entrada padrão');
    const unknown = await quita(['usuarios', 'senha', 'ninguem'], 'qualquer-senha-1\n');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Não há usuário ninguem neste servidor');
  });

  it('refuses to leave the office without an active administrator', async () => {
    const r = await quita(['usuarios', 'desativar', 'maria']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'quita: maria é o último administrador ativo: torne outro usuário administrador antes de mudar o papel ou desativar este.',
    );
    expect(clerkProblems(r.stderr)).toEqual([]);
  });

  it('says what is wrong with the usage (exit 2)', async () => {
    expect(
      await quita(['usuarios', 'adicionar', 'bia', '--nome', 'Bia'], 'senha-da-bia-123\n'),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'Diga o papel: --papel conferente, supervisor ou administrador.',
      ) as unknown,
    });
    expect((await quita(['usuarios', 'papel', 'joao', 'chefe'])).stderr).toContain(
      'Papel desconhecido: chefe.',
    );
    expect((await quita(['usuarios', 'apagar', 'joao'])).stderr).toContain('Ação desconhecida: apagar.');
    expect((await quita(['usuarios', 'adicionar', 'b', '--nome', 'B', '--papel', 'conferente'])).code).toBe(
      2,
    );
  });

  it('never writes a password in the log file nor in office.sqlite', () => {
    const read = (f: string) => (existsSync(f) ? readFileSync(f).toString('latin1') : '');
    const log = read(join(dataDir, 'logs', 'quita.log'));
    const db = ['office.sqlite', 'office.sqlite-wal'].map((f) => read(join(dataDir, f))).join('');
    expect(db).toContain('scrypt$15$8$1$');
    for (const p of [FIRST, 'senha-do-joao-1', 'nova-senha-do-joao', 'curta']) {
      expect(log).not.toContain(p);
      expect(db).not.toContain(p);
    }
  });
});
