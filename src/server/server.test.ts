import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveCore, testScreens } from '../../tests/helpers/office-server';
import { tempDir } from '../../tests/helpers/tmp';
import { createCore, type Core } from '../core/bootstrap';
import { DEFAULT_SCHEDULE } from '../core/cycle/schedule';
import { openOffice, type Office } from '../core/users/office';
import { COMMAND_NAMES, EVENT_NAMES } from '../shared/contract';
import { COMMAND_ROLES, roleAllows, type Role } from '../shared/roles';
import type { RunningOfficeServer } from './server';
import { makeSelfSigned } from './tls';

/**
 * The office server's doors ([W], issue 34 must-show 3), over real HTTPS with a certificate made like the one the
 * server makes, a real office database (scrypt hashes, sessions) and a real core in server mode. The clock of
 * sessions and of the login throttle is pinned, so nothing here depends on how fast the machine is.
 */
const PASSWORD: Record<string, string> = {
  ana: 'conferente-secreta-1',
  bia: 'supervisora-secreta-2',
  caio: 'administrador-secreto-3',
};
const ROLE_OF: Record<string, Role> = { ana: 'conferente', bia: 'supervisor', caio: 'administrador' };

let t: { dir: string; cleanup: () => void };
let office: Office;
let core: Core;
let server: RunningOfficeServer;
let cert: string;
let tlsKey: string;
let clock = new Date('2026-11-27T13:00:00Z');
const logLines: Record<string, unknown>[] = [];
const errors: string[] = [];

beforeAll(async () => {
  t = tempDir();
  const dataDir = join(t.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  office = await openOffice({ file: join(dataDir, 'office.sqlite') });
  for (const login of Object.keys(PASSWORD))
    await office.addUser(
      { login, name: login.toUpperCase(), role: ROLE_OF[login]!, password: PASSWORD[login]! },
      'test',
      clock,
    );
  core = createCore({
    mode: 'server',
    version: '0.0.0-test',
    dataDir,
    office,
    env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') },
  });
  const staticDir = testScreens(
    join(t.dir, 'renderer'),
    '<html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  const tls = makeSelfSigned(['localhost', '127.0.0.1']);
  cert = tls.cert;
  tlsKey = tls.key;
  server = await serveCore(core, office, {
    staticDir,
    tls,
    logLine: (e) => logLines.push(e),
    logError: (m, e) => errors.push(`${m} ${String(e)}`),
    now: () => clock,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await core?.close();
  await office?.close();
  t?.cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request as a browser on the office network would make it (Host and Origin of the server's name). */
function call(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; host?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        ca: cert,
        servername: 'localhost',
        headers: { Host: opts.host ?? `localhost:${server.port}`, ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

interface Envelope {
  ok: boolean;
  value?: unknown;
  error?: { code?: string };
}
const json = (a: Answer) => JSON.parse(a.body) as Envelope;

const origin = () => `https://localhost:${server.port}`;
const cookiesOf = (a: Answer) => ([] as string[]).concat(a.headers['set-cookie'] ?? []);
const cookieValue = (a: Answer, name: string) =>
  cookiesOf(a)
    .find((c) => c.startsWith(`__Host-${name}=`))
    ?.split(';')[0]!
    .slice(`__Host-${name}=`.length);

/** The login page's form: its CSRF token and the cookie that must come back with it. */
async function loginForm() {
  const page = await call('GET', '/login');
  expect(page.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = cookieValue(page, 'quita_login');
  expect(csrf).toBeTruthy();
  expect(cookie).toBe(csrf);
  return { csrf: csrf!, cookie: `__Host-quita_login=${cookie}` };
}

async function postLogin(login: string, password: string, extraCookie = '') {
  const f = await loginForm();
  return call('POST', '/auth/login', {
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin(),
      Cookie: [f.cookie, extraCookie].filter(Boolean).join('; '),
    },
    body: new URLSearchParams({ csrf: f.csrf, login, password }).toString(),
  });
}

interface Session {
  cookie: string;
  csrf: string;
}
async function signIn(login: string): Promise<Session> {
  const r = await postLogin(login, PASSWORD[login]!);
  expect(r.status).toBe(303);
  expect(r.headers.location).toBe('/');
  const id = cookieValue(r, 'quita_session');
  expect(id).toBeTruthy();
  const cookie = `__Host-quita_session=${id}`;
  const page = await call('GET', '/', { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const csrf = /<meta name="quita-csrf" content="([^"]+)"/.exec(page.body)?.[1];
  expect(csrf).toBeTruthy();
  return { cookie, csrf: csrf! };
}

const command = (s: Session, name: string, input: unknown = {}, headers: Record<string, string> = {}) =>
  call('POST', `/api/commands/${name}`, {
    headers: {
      'Content-Type': 'application/json',
      Cookie: s.cookie,
      'X-Quita-CSRF': s.csrf,
      Origin: origin(),
      ...headers,
    },
    body: JSON.stringify(input),
  });

describe('the office server', () => {
  it('answers its health without a session, and nothing else', async () => {
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    expect(json(health)).toEqual({ status: 'ok' });

    const tries: [string, string][] = [
      ['GET', '/'],
      ['GET', '/index.html'],
      ['GET', '/bridge.js'],
      ['GET', '/assets/app.js'],
      ['GET', '/api/events'],
      ['POST', '/api/commands/app.info'],
      ['POST', '/api/commands/users.list'],
      ['PUT', '/api/uploads?name=x.csv'],
      ['POST', '/auth/logout'],
      ['GET', '/nothing-here'],
    ];
    for (const [method, path] of tries) {
      const r = await call(method, path, {
        headers: { Origin: origin() },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(300);
      expect(r.status, `${method} ${path}`).toBeLessThan(500);
      expect(r.body, `${method} ${path}`).not.toContain('console.log(1)');
    }
    // The screens send the person to the login page; the API answers with a sentence the bridge shows.
    expect((await call('GET', '/')).headers.location).toBe('/login');
    const api = await call('POST', '/api/commands/app.info', { body: '{}' });
    expect(api.status).toBe(401);
    expect(json(api).error?.code).toBe('access.no_session');
  });

  it('refuses a name it does not serve (DNS rebinding) and sends strict transport', async () => {
    const r = await call('GET', '/health', { host: `evil.example:${server.port}` });
    expect(r.status).toBe(421);
    const ok = await call('GET', '/login');
    expect(ok.headers['strict-transport-security']).toContain('max-age=');
  });

  it('signs a person in with an HttpOnly, Secure, SameSite=Strict cookie, and the page carries the CSRF token', async () => {
    const r = await postLogin('ana', PASSWORD.ana!);
    expect(r.status).toBe(303);
    const set = cookiesOf(r).find((c) => c.startsWith('__Host-quita_session='))!;
    expect(set).toContain('HttpOnly');
    expect(set).toContain('Secure');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/');
    const s = await signIn('ana');
    const me = json(await command(s, 'users.me'));
    expect(me).toEqual({ ok: true, value: { login: 'ana', name: 'ANA', role: 'conferente' } });
  });

  it('refuses a login form that did not come from its own page (login CSRF)', async () => {
    const noCookie = await call('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin() },
      body: new URLSearchParams({ csrf: 'made-up', login: 'ana', password: PASSWORD.ana! }).toString(),
    });
    expect(noCookie.status).toBe(403);
    expect(cookieValue(noCookie, 'quita_session')).toBeUndefined();
    const f = await loginForm();
    const otherSite = await call('POST', '/auth/login', {
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
        Cookie: f.cookie,
      },
      body: new URLSearchParams({ csrf: f.csrf, login: 'ana', password: PASSWORD.ana! }).toString(),
    });
    expect(otherSite.status).toBe(403);
    expect(cookieValue(otherSite, 'quita_session')).toBeUndefined();
  });

  it('refuses a command without the session’s CSRF token, with another one, or from another site', async () => {
    const s = await signIn('caio');
    const without = await call('POST', '/api/commands/app.info', {
      headers: { 'Content-Type': 'application/json', Cookie: s.cookie, Origin: origin() },
      body: '{}',
    });
    expect(without.status).toBe(403);
    expect(json(without).error?.code).toBe('access.csrf');
    const other = await signIn('bia');
    const crossed = await command(s, 'app.info', {}, { 'X-Quita-CSRF': other.csrf });
    expect(crossed.status).toBe(403);
    const evil = await command(s, 'app.info', {}, { Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const fetchMeta = await command(s, 'app.info', {}, { 'Sec-Fetch-Site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
    const ok = await command(s, 'app.info');
    expect(json(ok).ok).toBe(true);
    const upload = await call('PUT', '/api/uploads?name=a.csv', {
      headers: { Cookie: s.cookie, Origin: origin() },
      body: 'a;b',
    });
    expect(upload.status).toBe(403);
  });

  it('never promotes a session id the browser brought (session fixation)', async () => {
    const planted = 'planted-by-someone-else-0123456789abcdef';
    const r = await postLogin('ana', PASSWORD.ana!, `__Host-quita_session=${planted}`);
    expect(r.status).toBe(303);
    const issued = cookieValue(r, 'quita_session');
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    const withPlanted = await call('POST', '/api/commands/users.me', {
      headers: {
        'Content-Type': 'application/json',
        Cookie: `__Host-quita_session=${planted}`,
        Origin: origin(),
      },
      body: '{}',
    });
    expect(withPlanted.status).toBe(401);
    // A real session brought to a login (someone else's left in the browser) ends there: it is not reused.
    const earlier = await signIn('bia');
    const again = await postLogin('ana', PASSWORD.ana!, earlier.cookie);
    expect(cookieValue(again, 'quita_session')).not.toBe(earlier.cookie.split('=')[1]);
    expect((await command(earlier, 'users.me')).status).toBe(401);
  });

  it('slows a login after wrong passwords: after ten, even the right one waits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postLogin('bia', `errada-${i}-xxxxxxxx`)).status);
    // The first five are checked and wrong; then the login waits, whatever is typed.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    const right = await postLogin('bia', PASSWORD.bia!);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.body).toContain('server.login.throttled');
    expect(cookieValue(right, 'quita_session')).toBeUndefined();
    // Once the wait has passed, the right password opens the session again.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await postLogin('bia', PASSWORD.bia!)).status).toBe(303);
  });

  it('ends a session left idle for more than 30 minutes, and at sign-out', async () => {
    const s = await signIn('ana');
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect(json(await command(s, 'users.me')).ok).toBe(true);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await command(s, 'users.me')).status).toBe(401);
    const page = await call('GET', '/', { headers: { Cookie: s.cookie } });
    expect(page.headers.location).toBe('/login?m=expired');

    const s2 = await signIn('ana');
    const out = await call('POST', '/auth/logout', {
      headers: { Cookie: s2.cookie, 'X-Quita-CSRF': s2.csrf, Origin: origin() },
    });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/login?m=loggedOut');
    expect(
      cookiesOf(out).some((c) => c.startsWith('__Host-quita_session=;') && c.includes('Max-Age=0')),
    ).toBe(true);
    expect((await command(s2, 'users.me')).status).toBe(401);
  });

  it('lets each role run exactly the commands its role allows (every command tried)', async () => {
    for (const login of ['ana', 'bia']) {
      const s = await signIn(login);
      const role = ROLE_OF[login]!;
      for (const name of COMMAND_NAMES) {
        const r = json(await command(s, name, {})) as { ok: boolean; error?: { code?: string } };
        const refused = !r.ok && r.error?.code === 'access.forbidden';
        expect(refused, `${login} (${role}) ${name}`).toBe(!roleAllows(role, COMMAND_ROLES[name]));
      }
    }
    // The ones the issue names: a conferente cannot send, nor change users.
    const ana = await signIn('ana');
    for (const name of [
      'send.confirm',
      'send.run',
      'users.add',
      'users.update',
      'users.setPassword',
      'users.list',
    ])
      expect(json(await command(ana, name, {})).error?.code, name).toBe('access.forbidden');
    // Setting one line aside is a clerk's; making a rule of it is a supervisor's.
    const rule = await command(ana, 'review.setAside', {
      matchIds: [1],
      reason: 'interest',
      rule: { pattern: 'RENDIMENTO' },
    });
    expect(json(rule).error?.code).toBe('access.forbidden');
  }, 120_000);

  it('writes one structured line per request, and never a password anywhere', async () => {
    await signIn('caio');
    const line = logLines.find((l) => l.path === '/auth/login' && l.status === 303);
    expect(line).toMatchObject({ method: 'POST', status: 303 });
    const withUser = logLines.find((l) => l.user === 'caio');
    expect(withUser).toBeTruthy();
    const everything = [
      JSON.stringify(logLines),
      errors.join('\n'),
      ...readdirSync(join(t.dir, 'data'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1')),
    ].join('\n');
    for (const p of Object.values(PASSWORD)) expect(everything).not.toContain(p);
    expect(errors).toEqual([]);
  });
});

describe('the office server with a personal token (quita --server)', () => {
  /** An API request as a script makes it: the token in Authorization, no cookie, no Origin, no CSRF header. */
  const bearer = (token: string, name: string, input: unknown = {}) =>
    call('POST', `/api/commands/${name}`, {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input),
    });
  const made: string[] = [];
  const tokenFor = async (login: string, name = 'rotina') => {
    const t = (await office.createToken(login, name, 'test', clock)).token;
    made.push(t);
    return t;
  };

  it('runs a command as the token’s person, without CSRF or Origin, and touches its last use', async () => {
    // Past the window of the login tests' failures: this block counts its own.
    clock = new Date(clock.getTime() + 16 * 60_000);
    const ana = await tokenFor('ana');
    expect(ana).toMatch(/^quita_[A-Za-z0-9_-]{43}$/);
    const me = await bearer(ana, 'users.me');
    expect(me.status).toBe(200);
    expect(json(me)).toEqual({ ok: true, value: { login: 'ana', name: 'ANA', role: 'conferente' } });
    expect((await office.tokens('ana'))[0]!.lastUsedAt).toBe(clock.toISOString());
    expect(logLines.at(-1)).toMatchObject({ path: '/api/commands/users.me', status: 200, user: 'ana' });
    // The same role check as a session: a conferente's token cannot send nor change users.
    for (const name of ['send.run', 'send.confirm', 'users.add', 'users.list'])
      expect(json(await bearer(ana, name)).error?.code, name).toBe('access.forbidden');
    const bia = await tokenFor('bia');
    expect(json(await bearer(bia, 'send.run')).error?.code).not.toBe('access.forbidden');
    // A token is for the API only: a page still needs a session.
    const page = await call('GET', '/', { headers: { Authorization: `Bearer ${ana}` } });
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/login');
  });

  it('stages an upload and follows events with a token', async () => {
    const bia = await tokenFor('bia');
    const up = await call('PUT', '/api/uploads?name=extrato.csv', {
      headers: { Authorization: `Bearer ${bia}`, 'Content-Type': 'application/octet-stream' },
      body: 'data;valor\n01/11/2026;10,00\n',
    });
    expect(up.status).toBe(200);
    expect((json(up).value as { uploadId: string }).uploadId).toMatch(/^u-/);
    const events = await new Promise<{ status: number; type: string | undefined; first: string }>(
      (ok, ko) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/events',
            ca: cert,
            servername: 'localhost',
            headers: { Host: `localhost:${server.port}`, Authorization: `Bearer ${bia}` },
          },
          (res) => {
            res.setEncoding('utf8');
            res.once('data', (d: string) => {
              ok({ status: res.statusCode ?? 0, type: res.headers['content-type'], first: d });
              req.destroy();
            });
          },
        );
        req.on('error', ko);
        req.end();
      },
    );
    expect(events.status).toBe(200);
    expect(events.type).toMatch(/^text\/event-stream/);
    expect(events.first).toContain(': connected');
    // The stream the client ended is in the request log too, said to have ended early, with its person.
    await expect
      .poll(() => logLines.find((l) => l.path === '/api/events' && l.user === 'bia'))
      .toMatchObject({ method: 'GET', status: 200, ended: 'early' });
  });

  it('refuses a wrong, a revoked and a deactivated person’s token, and never logs a token', async () => {
    const wrong = `quita_${'A'.repeat(43)}`;
    const r = await bearer(wrong, 'users.me');
    expect(r.status).toBe(401);
    expect(json(r).error?.code).toBe('access.token');
    expect((await bearer('not-even-a-token', 'users.me')).status).toBe(401);

    const caio = await tokenFor('caio', 'revogado');
    const id = (await office.tokens('caio'))[0]!.id;
    expect((await bearer(caio, 'users.me')).status).toBe(200);
    await office.revokeToken('caio', id, 'test', clock);
    expect((await bearer(caio, 'users.me')).status).toBe(401);

    const ana = await tokenFor('ana', 'antes da troca de papel');
    expect((await bearer(ana, 'users.me')).status).toBe(200);
    await office.update('ana', { role: 'supervisor' }, 'test', clock);
    expect((await bearer(ana, 'users.me')).status).toBe(401);
    await office.update('ana', { role: 'conferente' }, 'test', clock);

    const everything = [
      JSON.stringify(logLines),
      errors.join('\n'),
      JSON.stringify(await office.auditLog(500)),
    ].join('\n');
    for (const t of made) expect(everything).not.toContain(t);
    expect(errors).toEqual([]);
  });

  it('slows an address after wrong tokens, as it slows logins: then even a good token waits', async () => {
    const good = await tokenFor('bia');
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++)
      last = (await bearer(`quita_${String(i).padStart(43, 'x')}`, 'users.me')).status;
    expect(last).toBe(429);
    const held = await bearer(good, 'users.me');
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The wait is the throttle's: past the window, the good token works again.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await bearer(good, 'users.me')).status).toBe(200);
  });
});

describe('the office server’s event stream after its session ends', () => {
  /** A page's event stream: what it received, a promise of its end, and a wait for the next event block. */
  function openStream(s: Session) {
    return new Promise<{ text: () => string; ended: Promise<void>; next: () => Promise<string> }>(
      (ok, ko) => {
        let text = '';
        let wake: (() => void) | null = null;
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/events',
            ca: cert,
            servername: 'localhost',
            headers: { Host: `localhost:${server.port}`, Cookie: s.cookie, Origin: origin() },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.setEncoding('utf8');
            const ended = new Promise<void>((done) => {
              res.on('end', done);
              res.on('close', done);
            });
            res.on('data', (d: string) => {
              text += d;
              wake?.();
            });
            const next = () =>
              new Promise<string>((got) => {
                const before = text.length;
                wake = () => {
                  if (text.length > before && text.endsWith('\n\n')) got(text.slice(before));
                };
              });
            res.once('data', () => ok({ text: () => text, ended, next }));
          },
        );
        req.on('error', ko);
        req.end();
      },
    );
  }
  const progress = (jobId: string) =>
    core.ctx.events.emit('job.progress', {
      jobId,
      phase: 'test',
      done: 1,
      total: 2,
      etaMs: null,
      waitingMs: 0,
    });

  it('ends the stream of a session left idle past 30 minutes, before any event reaches it', async () => {
    clock = new Date(clock.getTime() + 16 * 60_000);
    const s = await signIn('ana');
    const stream = await openStream(s);
    const first = stream.next();
    progress('while-signed-in');
    expect(await first).toContain('while-signed-in');
    clock = new Date(clock.getTime() + 31 * 60_000);
    const after = Promise.race([stream.ended.then(() => 'ended'), stream.next()]);
    progress('after-idle');
    expect(await after).toBe('ended');
    expect(stream.text()).not.toContain('after-idle');
  });

  it('ends the stream of a session signed out, or of a person deactivated meanwhile', async () => {
    const s = await signIn('ana');
    const stream = await openStream(s);
    const out = await call('POST', '/auth/logout', {
      headers: { Cookie: s.cookie, 'X-Quita-CSRF': s.csrf, Origin: origin() },
    });
    expect(out.status).toBe(303);
    const after = Promise.race([stream.ended.then(() => 'ended'), stream.next()]);
    progress('after-sign-out');
    expect(await after).toBe('ended');
    expect(stream.text()).not.toContain('after-sign-out');

    const b = await signIn('bia');
    const other = await openStream(b);
    await office.update('bia', { active: false }, 'test', clock);
    try {
      const gone = Promise.race([other.ended.then(() => 'ended'), other.next()]);
      progress('after-deactivation');
      expect(await gone).toBe('ended');
      expect(other.text()).not.toContain('after-deactivation');
    } finally {
      await office.update('bia', { active: true }, 'test', clock);
    }
  });
});

describe('the scheduled cycle after a supervisor saved the schedule on the server', () => {
  it('runs as the server’s own routine, not as the person whose request armed its timer', async () => {
    clock = new Date(clock.getTime() + 16 * 60_000);
    const caio = await signIn('caio');
    expect(json(await command(caio, 'demo.start')).ok).toBe(true);
    const profileId = (json(await command(caio, 'settings.get')).value as { activeProfileId: string })
      .activeProfileId;
    const bia = await signIn('bia');
    // Only the wall clock is moved (it goes on at its own pace): the next slot of the schedule, 10:00 in
    // Brasília on a Wednesday, is two seconds away, and the timer that waits for it is a real one.
    vi.useFakeTimers({
      toFake: ['Date'],
      shouldAdvanceTime: true,
      now: new Date('2026-11-25T12:59:58.000Z'),
    });
    try {
      const finished = new Promise<void>((ok) => {
        const stop = core.events.subscribe((name, payload) => {
          if (name === 'job.finished' && (payload as { jobId: string }).jobId === `cycle-${profileId}`) {
            stop();
            ok();
          }
        });
      });
      const saved = await command(bia, 'cycle.saveSchedule', { schedule: DEFAULT_SCHEDULE });
      // Armed for that slot (not the next one because this machine was slow to get here).
      expect(json(saved).value).toMatchObject({ nextRunAt: '2026-11-25T13:00:00.000Z' });
      await finished;
      const list = json(await command(caio, 'audit.list', { action: 'cycle.finished' })).value as {
        entries: { actor: string; after: unknown }[];
      };
      expect(list.entries).toHaveLength(1);
      expect(list.entries[0]!.actor).toBe(`${userInfo().username} (schedule)`);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});

describe('the office server’s event stream after its token is revoked', () => {
  it('ends a token’s stream when the token is revoked, before the next event reaches it', async () => {
    clock = new Date(clock.getTime() + 16 * 60_000);
    const token = (await office.createToken('ana', 'revogado com o fluxo aberto', 'test', clock)).token;
    const id = (await office.tokens('ana'))[0]!.id;
    const stream = await new Promise<{ text: () => string; ended: Promise<string>; next: Promise<string> }>(
      (ok, ko) => {
        let text = '';
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/events',
            ca: cert,
            servername: 'localhost',
            headers: { Host: `localhost:${server.port}`, Authorization: `Bearer ${token}` },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.setEncoding('utf8');
            const ended = new Promise<string>((done) => {
              res.on('end', () => done('ended'));
              res.on('close', () => done('ended'));
            });
            const next = new Promise<string>((got) =>
              res.on('data', (d: string) => {
                text += d;
                if (text.includes('event: ')) got(text);
              }),
            );
            res.once('data', () => ok({ text: () => text, ended, next }));
          },
        );
        req.on('error', ko);
        req.end();
      },
    );
    await office.revokeToken('ana', id, 'test', clock);
    const after = Promise.race([stream.ended, stream.next]);
    core.ctx.events.emit('job.progress', {
      jobId: 'after-revocation',
      phase: 'test',
      done: 1,
      total: 2,
      etaMs: null,
      waitingMs: 0,
    });
    expect(await after).toBe('ended');
    expect(stream.text()).not.toContain('after-revocation');
  });
});

describe('the office server and a connection that never sends a request (slowloris)', () => {
  it('drops a connection silent for the headers’ time, and keeps a page’s event stream that outlives it', async () => {
    clock = new Date(clock.getTime() + 16 * 60_000);
    const quick = await serveCore(core, office, {
      staticDir: join(t.dir, 'renderer'),
      tls: { cert, key: tlsKey },
      names: ['localhost'],
      logLine: () => undefined,
      logError: (m, e) => errors.push(`${m} ${String(e)}`),
      now: () => clock,
      headersTimeoutMs: 300,
    });
    try {
      const s = await signIn('caio');
      // A page's event stream on this server, opened first: it must outlive the silent connection below.
      const got: string[] = [];
      const streamed = new Promise<void>((ok, ko) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: quick.port,
            path: '/api/events',
            ca: cert,
            servername: 'localhost',
            headers: {
              Host: `localhost:${quick.port}`,
              Cookie: s.cookie,
              Origin: `https://localhost:${quick.port}`,
            },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              got.push(d);
              if (d.includes('still-streaming')) {
                req.destroy();
                ok();
              }
            });
          },
        );
        req.on('error', ko);
        req.end();
      });
      while (got.length === 0) await new Promise((r) => setImmediate(r));
      // A connection that finishes its handshake and then says nothing: the server ends it.
      const silent = tlsConnect({ host: '127.0.0.1', port: quick.port, ca: cert, servername: 'localhost' });
      silent.on('error', () => undefined);
      await new Promise<void>((ok) => silent.once('close', () => ok()));
      core.ctx.events.emit('job.progress', {
        jobId: 'still-streaming',
        phase: 'test',
        done: 1,
        total: 2,
        etaMs: null,
        waitingMs: 0,
      });
      await streamed;
    } finally {
      await quick.close();
    }
  }, 30_000);
});

describe('the page’s bridge on the office server when its event stream is refused', () => {
  it('goes to the login page once, instead of asking for the stream again every 2 s for ever', async () => {
    // The bridge as the build makes it (electron.vite.config.ts), run against a page of the office server.
    const built = await esbuild({
      entryPoints: ['src/renderer/bridge/http-bridge.ts'],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      define: {
        __QUITA_COMMANDS__: JSON.stringify(COMMAND_NAMES),
        __QUITA_EVENTS__: JSON.stringify(EVENT_NAMES),
      },
    });
    const meta: Record<string, string> = { 'quita-server': '1', 'quita-csrf': 'csrf-da-pagina' };
    const seen: string[] = [];
    let told: (what: string) => void = () => undefined;
    const next = () => new Promise<string>((ok) => (told = ok));
    const page = {
      document: {
        querySelector: (q: string) => {
          const name = /name="([^"]+)"/.exec(q)?.[1] ?? '';
          return name in meta ? { getAttribute: () => meta[name] } : null;
        },
      },
      location: {
        hash: '',
        pathname: '/',
        search: '',
        assign: (to: string) => {
          seen.push(`assign ${to}`);
          told('assign');
        },
      },
      history: { replaceState: () => undefined },
      sessionStorage: { getItem: () => null, setItem: () => undefined },
      // The session ended: the server refuses the stream as it refuses a command.
      fetch: async (url: string) => {
        seen.push(`fetch ${url}`);
        return { status: 401, ok: false, body: null };
      },
      setTimeout: (_fn: () => void, ms: number) => {
        seen.push(`retry in ${ms} ms`);
        told('retry');
        return 0;
      },
      console,
    } as Record<string, unknown>;
    page.window = page;
    runInNewContext(built.outputFiles[0]!.text, page);
    const api = page.api as { on(event: string, listener: () => void): () => void };
    const first = next();
    api.on('job.progress', () => undefined);
    expect(await first).toBe('assign');
    expect(seen).toEqual(['fetch /api/events', 'assign /login?m=expired']);
  });
});

describe('a cycle a person runs on the server', () => {
  it('is recorded as theirs, by hand, whatever trigger the request names', async () => {
    clock = new Date(clock.getTime() + 16 * 60_000);
    const bia = await signIn('bia');
    const caio = await signIn('caio');
    // The demonstration branch the scheduled cycle's test started.
    const settings = json(await command(caio, 'settings.get')).value as { activeProfileId: string | null };
    expect(settings.activeProfileId).toBeTruthy();
    const r = json(await command(bia, 'cycle.run', { trigger: 'schedule' }));
    expect(r.ok).toBe(true);
    const run = r.value as { busy: boolean; cycle: { id: number; trigger: string } | null };
    expect(run.busy).toBe(false);
    expect(run.cycle?.trigger).toBe('manual');
    const list = json(await command(caio, 'audit.list', { action: 'cycle.finished' })).value as {
      entries: { actor: string; subject: string }[];
    };
    const entry = list.entries.find((e) => e.subject === `cycle ${run.cycle!.id}`);
    expect(entry?.actor).toBe('bia (server)');
  }, 120_000);
});
