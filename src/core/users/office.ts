import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loginSchema } from '../../shared/contract/users';
import { ROLES, type Role } from '../../shared/roles';
import { pgServerName } from '../store/pg-store';
import type { Store } from '../store/store';
import { AppError } from '../errors';
import { apiTokens, type ApiToken, type BearerResult } from './api-tokens';
import { checkNewPassword, decoyHash, hashPassword, verifyPassword } from './passwords';
import {
  COUNTER_TTL_MS,
  IP_FREE_FAILURES,
  IP_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  keyedQueue,
  waitLeft,
} from './throttle';
import {
  lockOffice,
  officeTx,
  openOfficePgStore,
  openOfficeSqliteStore,
  usersRepo as repo,
  type OfficeTx,
} from './users.repo';

// The roles are the one door's (src/shared/roles.ts); re-exported for the core's users of this module.
export { ROLES, type Role };

export interface OfficeUser {
  id: number;
  login: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export type LoginResult =
  | { ok: true; sessionId: string /* raw, only here */; csrf: string; user: OfficeUser }
  | { ok: false; code: 'login.wrong' | 'login.throttled' | 'login.inactive'; retryAfterMs?: number };

/** One change to the office's users, as office_audit keeps it (never a password nor a hash). */
export interface OfficeAuditEntry {
  id: number;
  at: string;
  who: string;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
}

export interface Office {
  login(
    login: string,
    password: string,
    from: { ip: string; userAgent?: string },
    now?: Date,
  ): Promise<LoginResult>;
  /**
   * Valid and not idle: touches last_seen (unless `touch` is false: a check that is not the person's activity, such
   * as an event stream's); else null (and the expired row is removed).
   */
  session(rawId: string, now?: Date, touch?: boolean): Promise<{ user: OfficeUser; csrf: string } | null>;
  logout(rawId: string): Promise<void>;
  userCount(): Promise<number>;
  /** Used by the CLI to create the first administrator, and by the handlers. */
  addUser(
    u: { login: string; name: string; role: Role; password: string },
    by: string,
    now?: Date,
  ): Promise<OfficeUser>;
  close(): Promise<void>;

  // Added for the handlers and the CLI (users.handlers.ts, `quita usuarios`).
  /** Every user, by login (never the hash). */
  list(): Promise<OfficeUser[]>;
  /** One user by login (any case), or null. */
  user(login: string): Promise<OfficeUser | null>;
  /**
   * Rename, change the role, (de)activate. A role change or a deactivation revokes the user's sessions; a change
   * that would leave no active administrator is refused (`users.last_admin`).
   */
  update(
    login: string,
    change: { name?: string; role?: Role; active?: boolean },
    by: string,
    now?: Date,
  ): Promise<OfficeUser>;
  /** An administrator (or the CLI) sets someone's password; their sessions are revoked. */
  setPassword(login: string, password: string, by: string, now?: Date): Promise<OfficeUser>;
  /**
   * A user changes their own password, giving the current one (`users.current_wrong` when it is not); all their
   * sessions are revoked, so they log in again with the new one.
   */
  changePassword(login: string, current: string, next: string, now?: Date): Promise<OfficeUser>;
  /** The office's audit of user changes, newest first. */
  auditLog(limit?: number): Promise<OfficeAuditEntry[]>;

  // Personal API tokens (api-tokens.ts), for `quita --server URL`.
  /** A live token of an active user, or null; touches its last use (unless `touch` is false). */
  token(raw: string, now?: Date, touch?: boolean): Promise<{ user: OfficeUser } | null>;
  /** A token presented over HTTP: like `token`, and a wrong one slows its address as a failed login does. */
  bearer(raw: string, from: { ip: string }, now?: Date): Promise<BearerResult>;
  /** A new token for `login`; the raw token (`quita_…`) is in this answer only, never stored nor audited. */
  createToken(
    login: string,
    name: string | undefined,
    by: string,
    now?: Date,
  ): Promise<{ token: string; info: ApiToken }>;
  /** A user's tokens, newest first (never the token). */
  tokens(login: string): Promise<ApiToken[]>;
  revokeToken(login: string, id: number, by: string, now?: Date): Promise<ApiToken>;
}

export interface OfficeOptions {
  /** Idle timeout of a session (default 30 minutes). */
  idleMs?: number;
  /** Absolute lifetime of a session (default 12 hours). */
  maxAgeMs?: number;
}

/** The office database: in the data folder, beside the branches' databases, not inside any of them. */
export const officeFile = (dataDir: string): string => join(dataDir, 'office.sqlite');

const IDLE_MS = 30 * 60_000;
const MAX_AGE_MS = 12 * 60 * 60_000;
/** Longer than any login: what is stored of a made-up name typed at the login page. */
const LOGIN_KEY_MAX = 100;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const token = () => randomBytes(32).toString('base64url');
const iso = (d: Date) => d.toISOString();
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
/** What an attempt's login is counted as: the typed name, any case, as stored. */
const loginKey = (login: string) => login.trim().toLowerCase().slice(0, LOGIN_KEY_MAX);
/**
 * The failed-login counters are kept under the login's SHA-256, not the text typed: a password typed into the login
 * field by mistake must not sit in office.sqlite for a day.
 */
/** How stale `last_seen_at` may get before a use writes it again: the idle timeout is exact to this much. */
const TOUCH_EVERY_MS = 60_000;

const throttleKey = (key: string) => `sha256:${sha256(key)}`;
/** The "address" a password change's guesses are counted under (the per-address limit does not apply to it). */
const CHANGE_PASSWORD = 'change-password';

/** What office_audit keeps of a user: never the password nor its hash. */
const audited = (u: OfficeUser) => ({ login: u.login, name: u.name, role: u.role, active: u.active });

function notFound(login: string): AppError {
  return new AppError('not_found', `There is no user ${login} on this server.`, {
    code: 'users.not_found',
    params: { login },
  });
}

function validLogin(login: string): string {
  const parsed = loginSchema.safeParse(login);
  if (!parsed.success)
    throw new AppError('validation', 'A login has 3 to 40 letters, digits, dots, hyphens or underscores.', {
      code: 'users.bad_login',
      field: 'login',
    });
  return parsed.data;
}

function validName(name: string): string {
  const n = name.trim();
  if (n.length < 1 || n.length > 80 || [...n].some((c) => c.charCodeAt(0) < 32))
    throw new AppError('validation', 'A name has 1 to 80 characters.', {
      code: 'users.bad_name',
      field: 'name',
    });
  return n;
}

function validRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role))
    throw new AppError('validation', 'The role is conferente, supervisor or administrador.', {
      code: 'users.bad_role',
      field: 'role',
    });
  return role as Role;
}

/**
 * Where the office keeps its users: `office.sqlite` in the server's data folder (the default; see officeFile), or
 * the `quita_office` schema of the office's PostgreSQL database (`postgres://…`, QUITA_DATABASE_URL or `quita
 * server --banco`), shared by every server process of the office.
 */
export type OfficePlace = { file: string } | { url: string };

/**
 * Where `quita server` and `quita usuarios` keep the office: the PostgreSQL database `databaseUrl` names (their
 * `--banco` option, else QUITA_DATABASE_URL), or office.sqlite in the data folder. `shown` is for people to read:
 * the file, or host, port and database — never the user nor the password. A URL that is not `postgres://…` is
 * refused (`users.bad_database`).
 */
export function officePlace(
  dataDir: string,
  databaseUrl: string | undefined,
): OfficePlace & { kind: 'sqlite' | 'postgres'; shown: string } {
  const url = databaseUrl?.trim();
  if (!url) {
    const file = officeFile(dataDir);
    return { file, kind: 'sqlite', shown: file };
  }
  const server = pgServerName(url);
  if (server === null)
    throw new AppError('validation', 'The office database is a postgres://… address.', {
      code: 'users.bad_database',
    });
  return { url, kind: 'postgres', shown: server };
}

/**
 * The office's users and sessions ([W], issue 34; docs/server-design.md, Decision 4), on SQLite or PostgreSQL
 * (users.repo.ts). Sessions are random 32-byte ids of which only the sha256 is stored; each has its own CSRF token.
 * Logins are slowed per name and per address (throttle.ts).
 *
 * Several server processes may share one office on PostgreSQL, so what one must not decide from a read another
 * process is about to change takes an advisory lock in its write transaction (lockOffice): the users' changes
 * (`users`: the last active administrator, a login taken in any case) and a login attempt's count (`ip:…`, then
 * `login:…`). On SQLite a write transaction is already exclusive.
 */
export async function openOffice(where: OfficePlace, opts: OfficeOptions = {}): Promise<Office> {
  const store: Store =
    'url' in where ? await openOfficePgStore(where.url) : openOfficeSqliteStore(where.file);
  const read = <T>(fn: (tx: OfficeTx) => Promise<T>) => store.read((tx) => fn(officeTx(tx)));
  const write = <T>(fn: (tx: OfficeTx) => Promise<T>) => store.write((tx) => fn(officeTx(tx)));
  const idleMs = opts.idleMs ?? IDLE_MS;
  const maxAgeMs = opts.maxAgeMs ?? MAX_AGE_MS;
  // Made now, so the first unknown login does not pay for making it (and so is not told apart by its time).
  void decoyHash();
  const inTurn = keyedQueue();
  const tokens = apiTokens({ read, write });

  const purge = (tx: OfficeTx, now: Date) =>
    Promise.all([
      repo.purgeSessions(tx, ago(now, idleMs), ago(now, maxAgeMs)),
      repo.purgeCounters(tx, ago(now, COUNTER_TTL_MS)),
      repo.purgeFailures(tx, ago(now, IP_WINDOW_MS)),
    ]);
  try {
    await write((tx) => purge(tx, new Date()));
  } catch (e) {
    await store.close();
    throw e;
  }

  const loginWait = async (tx: OfficeTx, key: string, now: Date) => {
    const t = await repo.loginThrottle(tx, throttleKey(key));
    return t ? waitLeft(t.failures, LOGIN_FREE_FAILURES, t.lastFailureAt, now) : 0;
  };
  const ipWait = async (tx: OfficeTx, ip: string, now: Date) => {
    const f = await repo.ipFailures(tx, ip, ago(now, IP_WINDOW_MS));
    return waitLeft(f.count, IP_FREE_FAILURES, f.last, now);
  };
  const mustFind = async (tx: OfficeTx, login: string) => {
    const u = await repo.byLogin(tx, loginKey(login));
    if (!u) throw notFound(login);
    return u;
  };
  const find = (login: string) => read((tx) => mustFind(tx, login));
  /** Refuse a change that would leave the office without an active administrator (nobody could manage users). */
  const keepAnAdministrator = async (tx: OfficeTx, u: OfficeUser, role: Role, active: boolean) => {
    const wasAdmin = u.role === 'administrador' && u.active;
    const staysAdmin = role === 'administrador' && active;
    if (wasAdmin && !staysAdmin && (await repo.activeAdministrators(tx)) <= 1)
      throw new AppError(
        'conflict',
        `${u.login} is the last active administrator: make another user administrator first.`,
        { code: 'users.last_admin', params: { login: u.login } },
      );
  };

  /**
   * A password guess, counted before the password is checked: under the address's and the login's locks the wait
   * is read and, when there is none, one failure is written at once, in the same transaction. Another process's
   * guess at the same login or address, a moment later, sees it and waits; checking first and counting after the
   * scrypt (which takes longer than the transaction should) would let two processes both pass a last free
   * attempt. A right password takes the failure back (`settle`). Keys are taken address first, then login, by
   * everyone, so two attempts never wait for each other in a circle.
   */
  const reserveGuess = (key: string, ip: string, now: Date, withUser: boolean) =>
    write(async (tx) => {
      await lockOffice(tx, `ip:${ip}`);
      await lockOffice(tx, `login:${throttleKey(key)}`);
      await repo.purgeCounters(tx, ago(now, COUNTER_TTL_MS));
      const wait = Math.max(
        await loginWait(tx, key, now),
        ip === CHANGE_PASSWORD ? 0 : await ipWait(tx, ip, now),
      );
      if (wait > 0) return { wait, user: null, hash: null };
      const user = withUser ? await repo.byLogin(tx, key) : null;
      const hash = user ? await repo.passwordHash(tx, user.id) : null;
      await repo.noteFailure(tx, throttleKey(key), ip, iso(now));
      await repo.purgeFailures(tx, ago(now, IP_WINDOW_MS));
      return { wait: 0, user, hash };
    });

  const office: Office = {
    login: (login, password, from, now = new Date()) =>
      inTurn(`ip:${from.ip}`, () =>
        inTurn(`login:${loginKey(login)}`, async (): Promise<LoginResult> => {
          const key = loginKey(login);
          const guess = await reserveGuess(key, from.ip, now, true);
          if (guess.wait > 0) return { ok: false, code: 'login.throttled', retryAfterMs: guess.wait };
          const { user } = guess;
          // Always one scrypt, known login or not.
          const good = (await verifyPassword(password, guess.hash ?? (await decoyHash()))) && user !== null;
          if (!good || !user) {
            const next = await read(async (tx) =>
              Math.max(await loginWait(tx, key, now), await ipWait(tx, from.ip, now)),
            );
            return next > 0
              ? { ok: false, code: 'login.wrong', retryAfterMs: next }
              : { ok: false, code: 'login.wrong' };
          }
          // Only told to whoever knows the password: a wrong one on an inactive login is just wrong.
          if (!user.active) {
            await write((tx) => repo.unnoteFailure(tx, throttleKey(key), from.ip, iso(now)));
            return { ok: false, code: 'login.inactive' };
          }
          // Always a new id: one the client brings is never adopted (session fixation).
          const sessionId = token();
          const csrf = token();
          await write(async (tx) => {
            await repo.unnoteFailure(tx, throttleKey(key), from.ip, iso(now));
            await repo.resetLogin(tx, throttleKey(key));
            await repo.noteLogin(tx, user.id, iso(now));
            await repo.insertSession(tx, {
              idHash: sha256(sessionId),
              userId: user.id,
              csrf,
              at: iso(now),
              ip: from.ip,
              userAgent: from.userAgent?.slice(0, 300) ?? null,
            });
            await repo.purgeSessions(tx, ago(now, idleMs), ago(now, maxAgeMs));
          });
          return { ok: true, sessionId, csrf, user: { ...user, lastLoginAt: iso(now) } };
        }),
      ),

    session: async (rawId, now = new Date(), touch = true) => {
      if (typeof rawId !== 'string' || rawId.length === 0 || rawId.length > 200) return null;
      const idHash = sha256(rawId);
      const found = await read(async (tx) => {
        const s = await repo.session(tx, idHash);
        return s ? { s, user: await repo.byId(tx, s.userId) } : null;
      });
      if (!found) return null;
      const { s, user } = found;
      const t = now.getTime();
      if (
        !user ||
        !user.active ||
        t - Date.parse(s.lastSeenAt) > idleMs ||
        t - Date.parse(s.createdAt) > maxAgeMs
      ) {
        await write((tx) => repo.deleteSession(tx, idHash));
        return null;
      }
      // A use pushes the idle timeout back; written at most once a minute, not on every request of a busy page.
      if (touch && t - Date.parse(s.lastSeenAt) >= TOUCH_EVERY_MS)
        await write((tx) => repo.touchSession(tx, idHash, iso(now)));
      return { user, csrf: s.csrf };
    },

    logout: async (rawId) => {
      if (typeof rawId === 'string' && rawId.length > 0)
        await write((tx) => repo.deleteSession(tx, sha256(rawId)));
    },

    userCount: () => read((tx) => repo.count(tx)),

    addUser: async (u, by, now = new Date()) => {
      const login = validLogin(u.login);
      const name = validName(u.name);
      const role = validRole(u.role);
      checkNewPassword(u.password, login);
      if (await read((tx) => repo.byLogin(tx, login))) throw exists(login);
      const passwordHash = await hashPassword(u.password);
      const at = iso(now);
      return write(async (tx) => {
        // Checked again, under the users' lock: another addUser (another process, on PostgreSQL) may have taken
        // the login, in any case, while the hash was being made.
        await lockOffice(tx, 'users');
        if (await repo.byLogin(tx, login)) throw exists(login);
        const id = await repo.insert(tx, { login, name, role, passwordHash, at });
        const user = (await repo.byId(tx, id))!;
        await repo.appendAudit(tx, {
          at,
          who: by,
          action: 'user.added',
          subject: `user:${login}`,
          after: audited(user),
        });
        return user;
      });
    },

    list: () => read((tx) => repo.list(tx)),

    user: (login) => read((tx) => repo.byLogin(tx, loginKey(login))),

    update: (login, change, by, now = new Date()) => {
      const at = iso(now);
      return write(async (tx) => {
        // The users' lock first: two processes demoting the last two administrators at once would otherwise both
        // count two and leave none.
        await lockOffice(tx, 'users');
        const before = await mustFind(tx, login);
        const name = change.name === undefined ? before.name : validName(change.name);
        const role = change.role === undefined ? before.role : validRole(change.role);
        const active = change.active ?? before.active;
        if (name === before.name && role === before.role && active === before.active) return before;
        await keepAnAdministrator(tx, before, role, active);
        await repo.update(tx, before.id, { name, role, active }, at);
        // A new role or a deactivation takes effect now, not at the end of whatever sessions are open.
        if (role !== before.role || !active) {
          await repo.deleteSessionsOf(tx, before.id);
          await tokens.revokeAllOf(tx, before, active ? 'role' : 'deactivated', by, at);
        }
        const after = (await repo.byId(tx, before.id))!;
        await repo.appendAudit(tx, {
          at,
          who: by,
          action: 'user.updated',
          subject: `user:${before.login}`,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },

    setPassword: async (login, password, by, now = new Date()) => {
      const user = await find(login);
      checkNewPassword(password, user.login);
      const hash = await hashPassword(password);
      const at = iso(now);
      await write(async (tx) => {
        await repo.setPasswordHash(tx, user.id, hash, at);
        await repo.deleteSessionsOf(tx, user.id);
        await tokens.revokeAllOf(tx, user, 'password', by, at);
        // Reset by an administrator: a login slowed by the user's own failed attempts is free again.
        await repo.resetLogin(tx, throttleKey(loginKey(user.login)));
        await repo.appendAudit(tx, {
          at,
          who: by,
          action: 'user.password_set',
          subject: `user:${user.login}`,
        });
      });
      return user;
    },

    changePassword: async (login, current, next, now = new Date()) => {
      const user = await find(login);
      const key = loginKey(user.login);
      return inTurn(`login:${key}`, async () => {
        // The current password is a password guess like any login: a session left open must not become a way to
        // try passwords faster than the login page allows. Counted the same way, before the check.
        const guess = await reserveGuess(key, CHANGE_PASSWORD, now, false);
        if (guess.wait > 0) throw throttled(guess.wait);
        const hashNow = await read((tx) => repo.passwordHash(tx, user.id));
        if (!(await verifyPassword(current, hashNow ?? '')))
          throw new AppError('validation', 'The current password is not right.', {
            code: 'users.current_wrong',
            field: 'current',
          });
        // The right current password: not a failure (the login's count is reset below, or here if the new one
        // is refused).
        await write((tx) => repo.unnoteFailure(tx, throttleKey(key), CHANGE_PASSWORD, iso(now)));
        checkNewPassword(next, user.login);
        if (next === current)
          throw new AppError('validation', 'The new password must differ from the current one.', {
            code: 'users.password_same',
            field: 'next',
          });
        const hash = await hashPassword(next);
        const at = iso(now);
        await write(async (tx) => {
          await repo.setPasswordHash(tx, user.id, hash, at);
          await repo.resetLogin(tx, throttleKey(key));
          // Every session ends, this one too: whoever had the old password is out, and the user logs in again.
          await repo.deleteSessionsOf(tx, user.id);
          await tokens.revokeAllOf(tx, user, 'password', user.login, at);
          await repo.appendAudit(tx, {
            at,
            who: user.login,
            action: 'user.password_changed',
            subject: `user:${user.login}`,
          });
        });
        return user;
      });
    },

    auditLog: (limit = 100) => read((tx) => repo.audit(tx, limit)),

    token: (raw, now, touch) => tokens.token(raw, now, touch),
    bearer: (raw, from, now) => tokens.bearer(raw, from, now),
    createToken: async (login, name, by, now) => tokens.create(await find(login), name, by, now),
    tokens: async (login) => tokens.list(await find(login)),
    revokeToken: async (login, id, by, now) => tokens.revoke(await find(login), id, by, now),

    close: () => store.close(),
  };
  return office;
}

function exists(login: string): AppError {
  return new AppError('conflict', `There is already a user ${login}.`, {
    code: 'users.exists',
    field: 'login',
    params: { login },
  });
}

function throttled(ms: number): AppError {
  const seconds = Math.ceil(ms / 1000);
  return new AppError('rate_limited', `Too many attempts: try again in ${seconds} s.`, {
    code: 'users.throttled',
    params: { seconds },
  });
}
