import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:https';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { createCore, type Core } from '../../src/core/bootstrap';
import type { Office } from '../../src/core/users/office';
import {
  startOfficeServer,
  type OfficeServerOptions,
  type RunningOfficeServer,
} from '../../src/server/server';
import type { RunningSandbox } from '../../src/sandbox';
import { commandCaller } from './core';
import { ensureRendererBuilt } from './host';
import { TEST_TODAY, testDay } from './sandbox';

/**
 * The office server as its IT runs it, for unit tests that need real processes: `node bin/quita.mjs server` on
 * 127.0.0.1 with a free port, and clerks talking to it over HTTPS as a browser does (the login form, the session's
 * cookie, the page's CSRF token, Origin on every change). tests/e2e/server.ts does the same for Playwright.
 */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed (its one JSON line per request included). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `quita server` on `dataDir` and resolves once it printed its address. */
export function spawnServer(dataDir: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      'bin/quita.mjs',
      '--data-dir',
      dataDir,
      'server',
      '--endereco',
      '127.0.0.1',
      '--porta',
      '0',
      '--nome',
      'localhost',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  // Read for as long as it runs: a full pipe would stall the server's request log, and so the server.
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`quita server did not start:\n${out}`));
    }, 90_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`quita server exited with ${code}:\n${out}`));
    };
    child.once('exit', onExit);
    const look = () => {
      const m = /https:\/\/localhost:(\d+)\//.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout.off('data', look);
      resolve({ url: m[0], port: Number(m[1]), child, output: () => out, stop });
    };
    child.stdout.on('data', look);
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What a command answers through the HTTP door. */
export type Envelope<T = Record<string, unknown>> =
  { ok: true; value: T } | { ok: false; error: { kind: string; code?: string; message: string } };

/** A signed-in clerk of one server process: its own connection pool, cookie and CSRF token, as a browser has. */
export interface ClerkSession {
  login: string;
  port: number;
  /** Requests this clerk sent (the login's included). */
  requests: () => number;
  command<T = Record<string, unknown>>(name: string, input?: unknown): Promise<Envelope<T>>;
  close(): void;
}

/**
 * Signs `login` in through the login page: GET /login (the form's CSRF token and its cookie), POST /auth/login,
 * GET / (the page's quita-csrf meta). `ca` is the server's certificate (the one it made in server-tls/).
 */
export async function signIn(
  server: Pick<ServerProcess, 'port'>,
  ca: string,
  login: string,
  password: string,
): Promise<ClerkSession> {
  const agent = new Agent({ keepAlive: true, maxSockets: 2, ca });
  const origin = `https://localhost:${server.port}`;
  let sent = 0;
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      sent++;
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          servername: 'localhost',
          agent,
          method,
          path,
          headers: { Host: `localhost:${server.port}`, ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  const cookie = (a: Answer, name: string) =>
    ([] as string[])
      .concat(a.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`__Host-${name}=`))
      ?.split(';')[0];

  const form = await call('GET', '/login', {});
  const formCsrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1];
  const formCookie = cookie(form, 'quita_login');
  if (form.status !== 200 || !formCsrf || !formCookie) throw new Error(`GET /login: ${form.status}`);
  const posted = await call(
    'POST',
    '/auth/login',
    { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Cookie: formCookie },
    new URLSearchParams({ csrf: formCsrf, login, password }).toString(),
  );
  const session = cookie(posted, 'quita_session');
  if (posted.status !== 303 || !session) throw new Error(`sign-in of ${login} refused: ${posted.status}`);
  const page = await call('GET', '/', { Cookie: session });
  const csrf = /<meta name="quita-csrf" content="([^"]+)"/.exec(page.body)?.[1];
  if (page.status !== 200 || !csrf) throw new Error(`GET / for ${login}: ${page.status}`);

  return {
    login,
    port: server.port,
    requests: () => sent,
    async command<T>(name: string, input: unknown = {}) {
      const a = await call(
        'POST',
        `/api/commands/${name}`,
        { 'Content-Type': 'application/json', Cookie: session, 'X-Quita-CSRF': csrf, Origin: origin },
        JSON.stringify(input),
      );
      try {
        return JSON.parse(a.body) as Envelope<T>;
      } catch {
        throw new Error(`${name} as ${login}: HTTP ${a.status} ${a.body.slice(0, 200)}`);
      }
    },
    close: () => agent.destroy(),
  };
}

/** A command's value, or an Error carrying its refusal (code and sentence). */
export async function must<T = Record<string, unknown>>(
  s: ClerkSession,
  name: string,
  input: unknown = {},
): Promise<T> {
  const r = await s.command<T>(name, input);
  if (!r.ok)
    throw Object.assign(
      new Error(`${name} as ${s.login}: ${r.error.code ?? r.error.kind} ${r.error.message}`),
      {
        error: r.error,
      },
    );
  return r.value;
}

/**
 * A branch made at the desk before the office server exists, as an office would bring one: connected to a sandbox
 * EVO API, synced, its scheduled cycle off (so nothing but the clerks changes a line), a CSV statement of the last 30
 * days imported and matched. The core is closed before returning: the folder is ready for `quita server`.
 */
export async function deskBranch(
  sandbox: RunningSandbox,
  dataDir: string,
  keyFile: string,
): Promise<{ statementId: number; dbFile: string; rows: MatchRow[] }> {
  const core = createCore({ mode: 'cli', version: '0.0.0-test', dataDir, env: { QUITA_KEY_FILE: keyFile } });
  try {
    const call = commandCaller(core);
    const profile = await call<{ id: string }>('profiles.save', {
      name: 'Quita Fit Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
      rateLimit: { perSecond: 50, perMinute: 2000 },
    });
    await call('sync.run', { dueFrom: testDay(-75), dueTo: testDay(10), debtors: false });
    const { schedule } = await call<{ schedule: Record<string, unknown> }>('cycle.schedule', {});
    await call('cycle.saveSchedule', { schedule: { ...schedule, enabled: false } });
    const account = sandbox.data.bankAccounts.find((a) => a.role === 'primary')!;
    const st = sandbox.writeStatement({
      bankAccountId: account.id,
      from: testDay(-30),
      to: TEST_TODAY,
      format: 'csv',
    });
    const { uploadId } = core.ctx.uploads.stage(st.fileName, st.bytes);
    await call('import.preview', { uploadId, bankAccountId: account.id });
    const { statementId } = await call<{ statementId: number }>('import.commit', {
      uploadId,
      bankAccountId: account.id,
    });
    await call('match.run', { statementId });
    const { rows } = await call<{ rows: MatchRow[] }>('match.lines', {
      statementId,
      limit: 5000,
      details: false,
    });
    return { statementId, dbFile: core.ctx.databases.path(profile.id), rows };
  } finally {
    await core.close();
  }
}

/** A line of Conciliar's list, as far as these tests read it. */
export interface MatchRow {
  matchId: number;
  version: number;
  lineId: number;
  state: string;
  receivables: { id: number }[];
  sendState?: string;
}

/**
 * The screens' folder an in-process office server serves in tests: an index page (this test's), and the HTTP bridge
 * as the build makes it (out/renderer/bridge.js), with a script under assets/ for the "nothing without a session" checks.
 */
export function testScreens(dir: string, indexHtml = '<html><head></head></html>'): string {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  ensureRendererBuilt();
  copyFileSync('out/renderer/bridge.js', join(dir, 'bridge.js'));
  return dir;
}

/**
 * startOfficeServer in this process over a test core, wired as `quita server` wires it (the core's dispatch, its
 * runAs, events and uploads), on 127.0.0.1 with a free port; the login page's words are their keys.
 */
export function serveCore(
  core: Pick<Core, 'dispatch' | 'runAs' | 'events' | 'uploads'>,
  office: Office,
  opts: Pick<OfficeServerOptions, 'staticDir' | 'tls'> & Partial<OfficeServerOptions>,
): Promise<RunningOfficeServer> {
  return startOfficeServer({
    dispatch: core.dispatch,
    runAs: (who, fn) => core.runAs(who, fn),
    office,
    events: core.events,
    uploads: core.uploads,
    address: '127.0.0.1',
    port: 0,
    names: ['localhost', '127.0.0.1'],
    say: { t: (k: string) => k, locale: 'pt-BR' } as never,
    ...opts,
  });
}

/**
 * `quita migrate-to-server --banco`, as the office's IT runs it at the desk: the desk's branch moved into the office
 * database's schema, the server's folder given its settings entry and key. What it printed, with its exit code.
 */
export async function moveIntoOfficeDatabase(o: {
  deskDir: string;
  deskKey: string;
  serverDir: string;
  serverKey: string;
  url: string;
}): Promise<{ code: number; said: string }> {
  const said: string[] = [];
  const code = await runCli(
    [
      '--data-dir',
      o.deskDir,
      'migrate-to-server',
      '--destino',
      o.serverDir,
      '--chave-destino',
      o.serverKey,
      '--banco',
      o.url,
    ],
    { stdout: (m) => said.push(m), stderr: (m) => said.push(m), env: { QUITA_KEY_FILE: o.deskKey } },
  );
  return { code, said: said.join('\n') };
}
