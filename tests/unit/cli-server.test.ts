import { X509Certificate } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { connect as connectNet, createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { createCore, type Core } from '../../src/core/bootstrap';
import { logFileOf } from '../../src/core/log';
import { openOffice, type Office } from '../../src/core/users/office';
import type { RunningOfficeServer } from '../../src/server/server';
import { makeSelfSigned } from '../../src/server/tls';
import { codes, englishWords } from '../helpers/clerk-text';
import { serveCore, testScreens } from '../helpers/office-server';
import { tempDir } from '../helpers/tmp';

/**
 * [W] issue 34 item 4: `quita --server URL` — the command line on the office server, as a person with a token. The
 * real office server runs in this process over HTTPS with a certificate it made (pinned by its fingerprint, as
 * `quita server` prints it), a real office database and a real core in server mode on the demo branch; the tokens
 * are made with the real `quita usuarios token`. Every run of the CLI is `runCli`, as the bin runs it.
 */
const PEOPLE = {
  ana: { name: 'Ana Souza', role: 'conferente' },
  bia: { name: 'Bia Lima', role: 'supervisor' },
  caio: { name: 'Caio Martins', role: 'administrador' },
} as const;

let t: { dir: string; cleanup: () => void };
let serverDir = '';
let clientDir = '';
let office: Office;
let core: Core;
let server: RunningOfficeServer;
let fingerprint = '';
const logLines: Record<string, unknown>[] = [];
const errors: string[] = [];
const tokens: Record<string, string> = {};
/** Everything every run printed, to check no token is ever in it. */
const printed: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function quita(
  args: string[],
  opts: { env?: Record<string, string>; stdin?: string } = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { QUITA_KEY_FILE: join(t.dir, 'client-keys', 'master.key'), ...opts.env },
    readStdin: async () => opts.stdin ?? '',
  });
  const r = { code, stdout: out.join('\n'), stderr: err.join('\n') };
  printed.push(r.stdout, r.stderr);
  return r;
}

/** `quita` on a clerk's machine, against the server, with `who`'s token in QUITA_TOKEN. */
const remote = (who: string, args: string[], extra: string[] = ['--fingerprint', fingerprint]) =>
  quita(['--data-dir', clientDir, '--server', server.url, ...extra, ...args], {
    env: { QUITA_TOKEN: tokens[who]! },
  });

/** `quita usuarios …` on the server's own machine. */
const onServer = (args: string[]) => quita(['--data-dir', serverDir, 'usuarios', ...args]);

beforeAll(async () => {
  t = tempDir('quita-cli-server-');
  serverDir = join(t.dir, 'server');
  clientDir = join(t.dir, 'client');
  mkdirSync(serverDir, { recursive: true });
  office = await openOffice({ file: join(serverDir, 'office.sqlite') });
  for (const [login, p] of Object.entries(PEOPLE))
    await office.addUser(
      { login, name: p.name, role: p.role, password: `senha-longa-de-${login}-1` },
      'test',
    );
  core = createCore({
    mode: 'server',
    version: '0.0.0-test',
    dataDir: serverDir,
    office,
    env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') },
  });
  const started = await core.runAs({ login: 'caio', name: 'Caio Martins', role: 'administrador' }, () =>
    core.dispatch('demo.start', {}),
  );
  expect(started.ok).toBe(true);

  const tls = makeSelfSigned(['localhost', '127.0.0.1']);
  fingerprint = new X509Certificate(tls.cert).fingerprint256;
  server = await serveCore(core, office, {
    staticDir: testScreens(join(t.dir, 'renderer')),
    tls,
    logLine: (e) => logLines.push(e),
    logError: (m, e) => errors.push(`${m} ${String(e)}`),
  });

  // The tokens, as the office's IT makes them: printed once, on the line after the sentence.
  for (const login of Object.keys(PEOPLE)) {
    const r = await onServer(['token', login, '--nome', 'rotina do caixa']);
    expect(r.code, r.stderr).toBe(0);
    const [sentence, token] = r.stdout.split('\n');
    expect(sentence).toMatch(new RegExp(`^Token \\d+ de ${login} criado\\. Guarde-o agora`));
    expect(token).toMatch(/^quita_[A-Za-z0-9_-]{43}$/);
    tokens[login] = token!;
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await core?.close();
  await office?.close();
  t?.cleanup();
});

describe('quita --server URL', () => {
  it('runs status on the server with the token in QUITA_TOKEN or on stdin', async () => {
    const a = await remote('ana', ['status']);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(a.stdout.length).toBeGreaterThan(0);
    // The same words the branch's own machine would print: what the server's demo branch has.
    const json = await remote('ana', ['status', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toBeTypeOf('object');
    expect(logLines.some((l) => l.path === '/api/commands/app.status' && l.user === 'ana')).toBe(true);

    const viaStdin = await quita(
      [
        '--data-dir',
        clientDir,
        '--server',
        server.url,
        '--fingerprint',
        fingerprint,
        '--token-stdin',
        'status',
      ],
      { stdin: `${tokens.bia}\n` },
    );
    expect(viaStdin.stderr).toBe('');
    expect(viaStdin.code).toBe(0);
    expect(viaStdin.stdout).toBe(a.stdout);
    expect(logLines.some((l) => l.path === '/api/commands/app.status' && l.user === 'bia')).toBe(true);
    // Its last use is what `quita usuarios tokens` shows.
    expect((await office.tokens('bia'))[0]!.lastUsedAt).not.toBeNull();
  }, 60_000);

  it('syncs with the progress of the server’s events, and imports a statement through the server', async () => {
    const sync = await remote('ana', ['sync']);
    expect(sync.code, sync.stderr).toBe(0);
    // Progress came over the server's event stream (opened before the command was sent): one line per report.
    expect(sync.stderr).toMatch(/^Contas bancárias: 1 de 1 consulta$/m);
    expect(sync.stderr).toMatch(/^Recebíveis: \d+ consultas? ao EVO/m);

    const st = await remote('caio', ['demo', 'statement', '--format', 'csv', '--json']);
    expect(st.code, st.stderr).toBe(0);
    const { path, bankAccountId } = JSON.parse(st.stdout) as { path: string; bankAccountId: number };
    const local = join(t.dir, 'extrato.csv');
    copyFileSync(path, local);
    const r = await remote('ana', [
      'import',
      local,
      '--bank-account',
      String(bankAccountId),
      '--dry-run',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(logLines.some((l) => l.path === '/api/uploads' && l.user === 'ana' && l.status === 200)).toBe(
      true,
    );
  }, 60_000);

  it('refuses a conferente’s send with the role sentence, at the server’s door', async () => {
    const r = await remote('ana', ['send']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^quita: Seu papel \(conferente\) não permite isto; é preciso ser supervisor/);
    expect([...englishWords(r.stderr), ...codes(r.stderr)]).toEqual([]);
    expect(logLines.some((l) => l.path === '/api/commands/send.confirm' && l.user === 'ana')).toBe(true);
  }, 60_000);

  it('refuses a wrong token, a revoked one and a deactivated person’s, in one sentence', async () => {
    const before = logLines.length;
    const wrong = await quita(
      ['--data-dir', clientDir, '--server', server.url, '--fingerprint', fingerprint, 'status'],
      {
        env: { QUITA_TOKEN: `quita_${'B'.repeat(43)}` },
      },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      'quita: O servidor recusou o token: ele pode ter sido revogado, ou o usuário desativado ou com papel ou senha mudados. Peça um novo a um administrador.',
    );
    expect(logLines.slice(before).map((l) => l.status)).toContain(401);

    const list = await onServer(['tokens', 'bia']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^1 token de bia\n/);
    expect(list.stdout).toContain('rotina do caixa');
    expect(list.stdout).not.toContain(tokens.bia);
    const id = (await office.tokens('bia'))[0]!.id;
    const revoked = await onServer(['revogar-token', 'bia', String(id)]);
    expect(revoked.stdout).toBe(`Token ${id} (rotina do caixa) de bia revogado: ele não funciona mais.`);
    const after = await remote('bia', ['status']);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/^quita: O servidor recusou o token/);
    expect((await onServer(['tokens', 'bia'])).stdout).toMatch(/revogado em/);

    expect((await remote('caio', ['status'])).code).toBe(0);
    // Caio is made conferente and back: his token ended with the role change, as his sessions do.
    await onServer(['papel', 'ana', 'administrador']);
    await onServer(['papel', 'caio', 'conferente']);
    expect((await remote('caio', ['status'])).stderr).toMatch(/^quita: O servidor recusou o token/);
    expect(
      (await office.auditLog()).some((e) => e.action === 'token.revoked_all' && e.subject === 'user:caio'),
    ).toBe(true);
  }, 60_000);

  it('refuses a server whose certificate is not the pinned one, before any request', async () => {
    const before = logLines.length;
    const other = new X509Certificate(makeSelfSigned(['localhost']).cert).fingerprint256;
    const r = await remote('ana', ['status'], ['--fingerprint', other]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `quita: O certificado do servidor não é o esperado: a impressão digital dele é ${fingerprint}, não ${other}. Nada foi enviado. Confira com quem cuida do servidor.`,
    );
    // Without a pin, the system's authorities do not know a certificate the server made itself.
    const unpinned = await remote('ana', ['status'], []);
    expect(unpinned.code).toBe(1);
    expect(unpinned.stderr).toMatch(
      /^quita: O certificado do servidor https:\/\/localhost:\d+ não é confiável/,
    );
    expect(logLines.length).toBe(before);
  }, 60_000);

  it('says so in one sentence when the server cannot be reached, or a command is only local', async () => {
    const down = await quita(['--data-dir', clientDir, '--server', 'https://127.0.0.1:1/', 'status'], {
      env: { QUITA_TOKEN: tokens.ana! },
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(
      'quita: Não foi possível falar com o servidor https://127.0.0.1:1: ninguém atende nessa porta (o quita server está rodando?).',
    );
    for (const name of ['usuarios', 'backup', 'restore', 'server', 'run']) {
      const r = await remote('ana', [name]);
      expect(r.code, name).toBe(2);
      expect(r.stderr.split('\n')[0], name).toBe(
        `quita: quita ${name} só funciona no próprio computador (da unidade ou do servidor), não com --server: rode-o lá, sem --server.`,
      );
    }
    const asArgument = await quita(['--server', server.url, '--token', tokens.ana!, 'status']);
    expect(asArgument.code).toBe(2);
    expect(asArgument.stderr).toMatch(/^quita: O token nunca vai como argumento/);
    const noToken = await quita(['--data-dir', clientDir, '--server', server.url, 'status']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/^quita: Falta o token/);
    const plain = await quita(['--server', 'http://localhost:8443', 'status'], {
      env: { QUITA_TOKEN: tokens.ana! },
    });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^quita: O endereço do servidor precisa começar com https:\/\//);
  }, 60_000);

  it('never writes a token in the server’s log lines, its files, the audit or what the CLI printed', async () => {
    const files = [join(serverDir, 'office.sqlite'), logFileOf(clientDir), logFileOf(serverDir)].filter((f) =>
      existsSync(f),
    );
    const everything = [
      JSON.stringify(logLines),
      errors.join('\n'),
      JSON.stringify(await office.auditLog(500)),
      ...files.map((f) => readFileSync(f).toString('latin1')),
      // The one place a token is printed is `quita usuarios token`'s own output: left out here.
      ...printed.filter((p) => !/^Token \d+ de /.test(p)),
    ].join('\n');
    expect(Object.keys(tokens)).toHaveLength(3);
    for (const token of Object.values(tokens)) expect(everything).not.toContain(token);
    expect(errors).toEqual([]);
  });
});

describe('quita --server URL with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', () => {
  /** Node reads the variable at each connection: set for one run only, as an office's shell profile would. */
  async function withChecksOff<T>(fn: () => Promise<T>): Promise<T> {
    const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      return await fn();
    } finally {
      if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
    }
  }

  it('still refuses a certificate no authority of this machine trusts (no pin)', async () => {
    const before = logLines.length;
    const r = await withChecksOff(() => remote('ana', ['status'], []));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^quita: O certificado do servidor https:\/\/localhost:\d+ não é confiável/);
    expect(logLines.length).toBe(before);
  }, 60_000);

  it('still refuses, after the pinned certificate was checked, a connection that presents another', async () => {
    // Someone between the clerk and the server lets the first look at the certificate through, then answers
    // every later connection with a certificate of their own.
    const impostorTls = makeSelfSigned(['localhost', '127.0.0.1']);
    const heard: string[] = [];
    const impostor = createHttpsServer({ cert: impostorTls.cert, key: impostorTls.key }, (req, res) => {
      heard.push(String(req.headers.authorization ?? ''));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true,"value":{}}');
    });
    await new Promise<void>((ok) => impostor.listen(0, '127.0.0.1', ok));
    let connections = 0;
    const proxy = createNetServer((client) => {
      const port = connections++ === 0 ? server.port : (impostor.address() as AddressInfo).port;
      const upstream = connectNet(port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
    try {
      const url = `https://localhost:${(proxy.address() as AddressInfo).port}/`;
      const r = await withChecksOff(() =>
        quita(['--data-dir', clientDir, '--server', url, '--fingerprint', fingerprint, 'status'], {
          env: { QUITA_TOKEN: tokens.ana! },
        }),
      );
      expect(connections).toBeGreaterThan(1);
      expect(heard).toEqual([]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^quita: O certificado do servidor https:\/\/localhost:\d+ não é confiável/);
    } finally {
      impostor.closeAllConnections();
      await new Promise((ok) => impostor.close(ok));
      await new Promise((ok) => proxy.close(ok));
    }
  }, 60_000);
});
