import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loginSchema } from '../../shared/contract/users';
import { ROLES, type Role } from '../../shared/roles';
import type { Db } from '../db/open-db';
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
import { openOfficeDb, usersRepo as repo } from './users.repo';

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
  session(rawId: string, now?: Date, touch?: boolean): { user: OfficeUser; csrf: string } | null;
  logout(rawId: string): void;
  userCount(): number;
  /** Used by the CLI to create the first administrator, and by the handlers. */
  addUser(
    u: { login: string; name: string; role: Role; password: string },
    by: string,
    now?: Date,
  ): Promise<OfficeUser>;
  close(): void;

  // Added for the handlers and the CLI (users.handlers.ts, `quita usuarios`).
  /** Every user, by login (never the hash). */
  list(): OfficeUser[];
  /** One user by login (any case), or null. */
  user(login: string): OfficeUser | null;
  /**
   * Rename, change the role, (de)activate. A role change or a deactivation revokes the user's sessions; a change
   * that would leave no active administrator is refused (`users.last_admin`).
   */
  update(
    login: string,
    change: { name?: string; role?: Role; active?: boolean },
    by: string,
    now?: Date,
  ): OfficeUser;
  /** An administrator (or the CLI) sets someone's password; their sessions are revoked. */
  setPassword(login: string, password: string, by: string, now?: Date): Promise<OfficeUser>;
  /**
   * A user changes their own password, giving the current one (`users.current_wrong` when it is not); all their
   * sessions are revoked, so they log in again with the new one.
   */
  changePassword(login: string, current: string, next: string, now?: Date): Promise<OfficeUser>;
  /** The office's audit of user changes, newest first. */
  auditLog(limit?: number): OfficeAuditEntry[];

  // Personal API tokens (api-tokens.ts), for `quita --server URL`.
  /** A live token of an active user, or null; touches its last use (unless `touch` is false). */
  token(raw: string, now?: Date, touch?: boolean): { user: OfficeUser } | null;
  /** A token presented over HTTP: like `token`, and a wrong one slows its address as a failed login does. */
  bearer(raw: string, from: { ip: string }, now?: Date): BearerResult;
  /** A new token for `login`; the raw token (`quita_…`) is in this answer only, never stored nor audited. */
  createToken(
    login: string,
    name: string | undefined,
    by: string,
    now?: Date,
  ): { token: string; info: ApiToken };
  /** A user's tokens, newest first (never the token). */
  tokens(login: string): ApiToken[];
  revokeToken(login: string, id: number, by: string, now?: Date): ApiToken;
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
 * The office's users and sessions in `office.sqlite` ([W], issue 34; docs/server-design.md, Decision 4). Sessions
 * are random 32-byte ids of which only the sha256 is stored; each has its own CSRF token. Logins are slowed per
 * name and per address (throttle.ts).
 */
export function openOffice(file: string, opts: { idleMs?: number; maxAgeMs?: number } = {}): Office {
  const idleMs = opts.idleMs ?? IDLE_MS;
  const maxAgeMs = opts.maxAgeMs ?? MAX_AGE_MS;
  const db: Db = openOfficeDb(file);
  // Made now, so the first unknown login does not pay for making it (and so is not told apart by its time).
  void decoyHash();
  const inTurn = keyedQueue();
  const tokens = apiTokens(db, (e) => repo.appendAudit(db, e));

  const purge = (now: Date) => {
    repo.purgeSessions(db, ago(now, idleMs), ago(now, maxAgeMs));
    repo.purgeFailures(db, ago(now, IP_WINDOW_MS), ago(now, COUNTER_TTL_MS));
  };
  purge(new Date());

  const loginWait = (key: string, now: Date) => {
    const t = repo.loginThrottle(db, throttleKey(key));
    return t ? waitLeft(t.failures, LOGIN_FREE_FAILURES, t.lastFailureAt, now) : 0;
  };
  const ipWait = (ip: string, now: Date) => {
    const f = repo.ipFailures(db, ip, ago(now, IP_WINDOW_MS));
    return waitLeft(f.count, IP_FREE_FAILURES, f.last, now);
  };
  const mustFind = (login: string) => {
    const u = repo.byLogin(db, loginKey(login));
    if (!u) throw notFound(login);
    return u;
  };
  /** Refuse a change that would leave the office without an active administrator (nobody could manage users). */
  const keepAnAdministrator = (u: OfficeUser, role: Role, active: boolean) => {
    const wasAdmin = u.role === 'administrador' && u.active;
    const staysAdmin = role === 'administrador' && active;
    if (wasAdmin && !staysAdmin && repo.activeAdministrators(db) <= 1)
      throw new AppError(
        'conflict',
        `${u.login} is the last active administrator: make another user administrator first.`,
        { code: 'users.last_admin', params: { login: u.login } },
      );
  };

  const office: Office = {
    login: (login, password, from, now = new Date()) =>
      inTurn(`ip:${from.ip}`, () =>
        inTurn(`login:${loginKey(login)}`, async (): Promise<LoginResult> => {
          const key = loginKey(login);
          purge(now);
          const wait = Math.max(loginWait(key, now), ipWait(from.ip, now));
          if (wait > 0) return { ok: false, code: 'login.throttled', retryAfterMs: wait };
          const user = repo.byLogin(db, key);
          const hash = (user && repo.passwordHash(db, user.id)) ?? (await decoyHash());
          // Always one scrypt, known login or not.
          const good = (await verifyPassword(password, hash)) && user !== null;
          if (!good || !user) {
            repo.noteFailure(db, throttleKey(key), from.ip, iso(now));
            const next = Math.max(loginWait(key, now), ipWait(from.ip, now));
            return next > 0
              ? { ok: false, code: 'login.wrong', retryAfterMs: next }
              : { ok: false, code: 'login.wrong' };
          }
          // Only told to whoever knows the password: a wrong one on an inactive login is just wrong.
          if (!user.active) return { ok: false, code: 'login.inactive' };
          // Always a new id: one the client brings is never adopted (session fixation).
          const sessionId = token();
          const csrf = token();
          db.transaction(() => {
            repo.resetLogin(db, throttleKey(key));
            repo.noteLogin(db, user.id, iso(now));
            repo.insertSession(db, {
              idHash: sha256(sessionId),
              userId: user.id,
              csrf,
              at: iso(now),
              ip: from.ip,
              userAgent: from.userAgent?.slice(0, 300) ?? null,
            });
          })();
          return { ok: true, sessionId, csrf, user: { ...user, lastLoginAt: iso(now) } };
        }),
      ),

    session: (rawId, now = new Date(), touch = true) => {
      if (typeof rawId !== 'string' || rawId.length === 0 || rawId.length > 200) return null;
      const idHash = sha256(rawId);
      const s = repo.session(db, idHash);
      if (!s) return null;
      const user = repo.byId(db, s.userId);
      const t = now.getTime();
      if (
        !user ||
        !user.active ||
        t - Date.parse(s.lastSeenAt) > idleMs ||
        t - Date.parse(s.createdAt) > maxAgeMs
      ) {
        repo.deleteSession(db, idHash);
        return null;
      }
      // A use pushes the idle timeout back; written at most once a minute, not on every request of a busy page.
      if (touch && t - Date.parse(s.lastSeenAt) >= TOUCH_EVERY_MS) repo.touchSession(db, idHash, iso(now));
      return { user, csrf: s.csrf };
    },

    logout: (rawId) => {
      if (typeof rawId === 'string' && rawId.length > 0) repo.deleteSession(db, sha256(rawId));
    },

    userCount: () => repo.count(db),

    addUser: async (u, by, now = new Date()) => {
      const login = validLogin(u.login);
      const name = validName(u.name);
      const role = validRole(u.role);
      checkNewPassword(u.password, login);
      if (repo.byLogin(db, login)) throw exists(login);
      const passwordHash = await hashPassword(u.password);
      const at = iso(now);
      return db.transaction(() => {
        // Checked again: another addUser may have taken the login while the hash was being made.
        if (repo.byLogin(db, login)) throw exists(login);
        const id = repo.insert(db, { login, name, role, passwordHash, at });
        const user = repo.byId(db, id)!;
        repo.appendAudit(db, {
          at,
          who: by,
          action: 'user.added',
          subject: `user:${login}`,
          after: audited(user),
        });
        return user;
      })();
    },

    list: () => repo.list(db),

    user: (login) => repo.byLogin(db, loginKey(login)),

    update: (login, change, by, now = new Date()) => {
      const at = iso(now);
      return db
        .transaction(() => {
          const before = mustFind(login);
          const name = change.name === undefined ? before.name : validName(change.name);
          const role = change.role === undefined ? before.role : validRole(change.role);
          const active = change.active ?? before.active;
          if (name === before.name && role === before.role && active === before.active) return before;
          keepAnAdministrator(before, role, active);
          repo.update(db, before.id, { name, role, active }, at);
          // A new role or a deactivation takes effect now, not at the end of whatever sessions are open.
          if (role !== before.role || !active) {
            repo.deleteSessionsOf(db, before.id);
            tokens.revokeAllOf(before, active ? 'role' : 'deactivated', by, at);
          }
          const after = repo.byId(db, before.id)!;
          repo.appendAudit(db, {
            at,
            who: by,
            action: 'user.updated',
            subject: `user:${before.login}`,
            before: audited(before),
            after: audited(after),
          });
          return after;
        })
        .immediate();
    },

    setPassword: async (login, password, by, now = new Date()) => {
      const user = mustFind(login);
      checkNewPassword(password, user.login);
      const hash = await hashPassword(password);
      const at = iso(now);
      db.transaction(() => {
        repo.setPasswordHash(db, user.id, hash, at);
        repo.deleteSessionsOf(db, user.id);
        tokens.revokeAllOf(user, 'password', by, at);
        // Reset by an administrator: a login slowed by the user's own failed attempts is free again.
        repo.resetLogin(db, throttleKey(loginKey(user.login)));
        repo.appendAudit(db, { at, who: by, action: 'user.password_set', subject: `user:${user.login}` });
      })();
      return user;
    },

    changePassword: async (login, current, next, now = new Date()) => {
      const user = mustFind(login);
      const key = loginKey(user.login);
      return inTurn(`login:${key}`, async () => {
        // The current password is a password guess like any login: a session left open must not become a way to
        // try passwords faster than the login page allows.
        const wait = loginWait(key, now);
        if (wait > 0) throw throttled(wait);
        if (!(await verifyPassword(current, repo.passwordHash(db, user.id) ?? ''))) {
          repo.noteFailure(db, throttleKey(key), 'change-password', iso(now));
          throw new AppError('validation', 'The current password is not right.', {
            code: 'users.current_wrong',
            field: 'current',
          });
        }
        checkNewPassword(next, user.login);
        if (next === current)
          throw new AppError('validation', 'The new password must differ from the current one.', {
            code: 'users.password_same',
            field: 'next',
          });
        const hash = await hashPassword(next);
        const at = iso(now);
        db.transaction(() => {
          repo.setPasswordHash(db, user.id, hash, at);
          repo.resetLogin(db, throttleKey(key));
          // Every session ends, this one too: whoever had the old password is out, and the user logs in again.
          repo.deleteSessionsOf(db, user.id);
          tokens.revokeAllOf(user, 'password', user.login, at);
          repo.appendAudit(db, {
            at,
            who: user.login,
            action: 'user.password_changed',
            subject: `user:${user.login}`,
          });
        })();
        return user;
      });
    },

    auditLog: (limit = 100) => repo.audit(db, limit),

    token: (raw, now, touch) => tokens.token(raw, now, touch),
    bearer: (raw, from, now) => tokens.bearer(raw, from, now),
    createToken: (login, name, by, now) => tokens.create(mustFind(login), name, by, now),
    tokens: (login) => tokens.list(mustFind(login)),
    revokeToken: (login, id, by, now) => tokens.revoke(mustFind(login), id, by, now),

    close: () => db.close(),
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
