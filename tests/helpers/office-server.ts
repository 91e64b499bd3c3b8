import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:https';

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
