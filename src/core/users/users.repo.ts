import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../db/open-db';
import { migrate } from '../db/migrate';
import { OFFICE_MIGRATIONS } from './office-migrations';
import type { ApiToken } from './api-tokens';
import type { OfficeAuditEntry, OfficeUser, Role } from './office';

/**
 * Every SQL statement of the office database (users, sessions, failed logins, office_audit). Kept in this one file
 * because these tables move to PostgreSQL with the rest of the server's storage: the port replaces this file.
 */

/** Open (creating) `office.sqlite` as the branch databases are opened: WAL, foreign keys, readable by this user only. */
export function openOfficeDb(file: string, nativeBinding?: string): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Password hashes and session hashes: only this user may read it, whatever the umask.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db, OFFICE_MIGRATIONS);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

interface UserRow {
  id: number;
  login: string;
  name: string;
  role: Role;
  active: number;
  created_at: string;
  last_login_at: string | null;
}

const USER_COLUMNS = 'id, login, name, role, active, created_at, last_login_at';

const toUser = (r: UserRow): OfficeUser => ({
  id: r.id,
  login: r.login,
  name: r.name,
  role: r.role,
  active: r.active === 1,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
});

export interface SessionRow {
  userId: number;
  csrf: string;
  createdAt: string;
  lastSeenAt: string;
}

export const usersRepo = {
  count: (db: Db): number => (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n,

  activeAdministrators: (db: Db): number =>
    (
      db.prepare("SELECT count(*) AS n FROM users WHERE role = 'administrador' AND active = 1").get() as {
        n: number;
      }
    ).n,

  list: (db: Db): OfficeUser[] =>
    (db.prepare(`SELECT ${USER_COLUMNS} FROM users ORDER BY login`).all() as UserRow[]).map(toUser),

  byLogin: (db: Db, login: string): OfficeUser | null => {
    const r = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE login = ?`).get(login) as
      UserRow | undefined;
    return r ? toUser(r) : null;
  },

  byId: (db: Db, id: number): OfficeUser | null => {
    const r = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
    return r ? toUser(r) : null;
  },

  /** The stored hash, read only to verify a password. */
  passwordHash: (db: Db, id: number): string | null =>
    (db.prepare('SELECT password_hash AS h FROM users WHERE id = ?').get(id) as { h: string } | undefined)
      ?.h ?? null,

  insert: (
    db: Db,
    u: { login: string; name: string; role: Role; passwordHash: string; at: string },
  ): number =>
    Number(
      db
        .prepare(
          `INSERT INTO users (login, name, role, password_hash, active, created_at, updated_at, password_changed_at)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
        )
        .run(u.login, u.name, u.role, u.passwordHash, u.at, u.at, u.at).lastInsertRowid,
    ),

  update: (
    db: Db,
    id: number,
    change: { name?: string; role?: Role; active?: boolean },
    at: string,
  ): void => {
    db.prepare(
      `UPDATE users SET name = coalesce(?, name), role = coalesce(?, role), active = coalesce(?, active),
         updated_at = ? WHERE id = ?`,
    ).run(
      change.name ?? null,
      change.role ?? null,
      change.active === undefined ? null : change.active ? 1 : 0,
      at,
      id,
    );
  },

  setPasswordHash: (db: Db, id: number, hash: string, at: string): void => {
    db.prepare(
      'UPDATE users SET password_hash = ?, password_changed_at = ?, updated_at = ? WHERE id = ?',
    ).run(hash, at, at, id);
  },

  noteLogin: (db: Db, id: number, at: string): void => {
    db.prepare('UPDATE users SET last_login_at = ? WHERE id = ?').run(at, id);
  },

  // Sessions.
  insertSession: (
    db: Db,
    s: { idHash: string; userId: number; csrf: string; at: string; ip: string; userAgent: string | null },
  ): void => {
    db.prepare(
      `INSERT INTO sessions (id_hash, user_id, csrf, created_at, last_seen_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.idHash, s.userId, s.csrf, s.at, s.at, s.ip, s.userAgent);
  },

  session: (db: Db, idHash: string): SessionRow | null =>
    (db
      .prepare(
        `SELECT user_id AS userId, csrf, created_at AS createdAt, last_seen_at AS lastSeenAt
         FROM sessions WHERE id_hash = ?`,
      )
      .get(idHash) as SessionRow | undefined) ?? null,

  touchSession: (db: Db, idHash: string, at: string): void => {
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?').run(at, idHash);
  },

  deleteSession: (db: Db, idHash: string): void => {
    db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
  },

  deleteSessionsOf: (db: Db, userId: number): number =>
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes,

  /** Sessions idle since `idleBefore` or made before `createdBefore`, and those of inactive users. */
  purgeSessions: (db: Db, idleBefore: string, createdBefore: string): number =>
    db
      .prepare(
        `DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?
           OR user_id IN (SELECT id FROM users WHERE active = 0)`,
      )
      .run(idleBefore, createdBefore).changes,

  sessionCount: (db: Db, userId: number): number =>
    (db.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').get(userId) as { n: number }).n,

  // Failed logins.
  loginThrottle: (db: Db, login: string): { failures: number; lastFailureAt: string } | null =>
    (db
      .prepare('SELECT failures, last_failure_at AS lastFailureAt FROM login_throttle WHERE login = ?')
      .get(login) as { failures: number; lastFailureAt: string } | undefined) ?? null,

  /** Failures from one address since `since`: how many, and the latest. */
  ipFailures: (db: Db, ip: string, since: string): { count: number; last: string | null } =>
    db
      .prepare('SELECT count(*) AS count, max(at) AS last FROM login_failures WHERE ip = ? AND at >= ?')
      .get(ip, since) as { count: number; last: string | null },

  noteFailure: (db: Db, login: string, ip: string, at: string): void => {
    db.prepare('INSERT INTO login_failures (login, ip, at) VALUES (?, ?, ?)').run(login, ip, at);
    db.prepare(
      `INSERT INTO login_throttle (login, failures, last_failure_at) VALUES (?, 1, ?)
       ON CONFLICT (login) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at`,
    ).run(login, at);
  },

  /** A failure counted against an address only (a wrong bearer token names no login). */
  noteIpFailure: (db: Db, ip: string, at: string): void => {
    db.prepare("INSERT INTO login_failures (login, ip, at) VALUES ('', ?, ?)").run(ip, at);
  },

  resetLogin: (db: Db, login: string): void => {
    db.prepare('DELETE FROM login_throttle WHERE login = ?').run(login);
  },

  /** Forget failures older than `before` (the per-address window) and counters idle since then. */
  purgeFailures: (db: Db, failuresBefore: string, countersBefore: string): void => {
    db.prepare('DELETE FROM login_failures WHERE at < ?').run(failuresBefore);
    db.prepare('DELETE FROM login_throttle WHERE last_failure_at < ?').run(countersBefore);
  },

  // Personal API tokens.
  insertToken: (db: Db, t: { userId: number; name: string; tokenHash: string; at: string }): number =>
    Number(
      db
        .prepare('INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)')
        .run(t.userId, t.name, t.tokenHash, t.at).lastInsertRowid,
    ),

  /** A token not revoked, by the hash of what was presented. */
  liveToken: (db: Db, tokenHash: string): { id: number; userId: number } | null =>
    (db
      .prepare('SELECT id, user_id AS userId FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL')
      .get(tokenHash) as { id: number; userId: number } | undefined) ?? null,

  touchToken: (db: Db, id: number, at: string): void => {
    db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(at, id);
  },

  /** A user's tokens, newest first (never the hash). */
  tokensOf: (db: Db, userId: number): ApiToken[] =>
    db
      .prepare(
        `SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt
         FROM api_tokens WHERE user_id = ? ORDER BY id DESC`,
      )
      .all(userId) as ApiToken[],

  tokenOf: (db: Db, userId: number, id: number): ApiToken | null =>
    (db
      .prepare(
        `SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt
         FROM api_tokens WHERE user_id = ? AND id = ?`,
      )
      .get(userId, id) as ApiToken | undefined) ?? null,

  revokeToken: (db: Db, id: number, at: string): void => {
    db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
  },

  /** Revoke every live token of a user; how many were. */
  revokeTokensOf: (db: Db, userId: number, at: string): number =>
    db
      .prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
      .run(at, userId).changes,

  // The office's audit.
  appendAudit: (
    db: Db,
    e: { at: string; who: string; action: string; subject: string | null; before?: unknown; after?: unknown },
  ): void => {
    db.prepare(
      'INSERT INTO office_audit (at, who, action, subject, before_json, after_json) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      e.at,
      e.who,
      e.action,
      e.subject,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    );
  },

  audit: (db: Db, limit: number): OfficeAuditEntry[] =>
    (
      db
        .prepare(
          `SELECT id, at, who, action, subject, before_json AS b, after_json AS a
           FROM office_audit ORDER BY id DESC LIMIT ?`,
        )
        .all(limit) as {
        id: number;
        at: string;
        who: string;
        action: string;
        subject: string | null;
        b: string | null;
        a: string | null;
      }[]
    ).map((r) => ({
      id: r.id,
      at: r.at,
      who: r.who,
      action: r.action,
      subject: r.subject,
      before: r.b === null ? null : (JSON.parse(r.b) as unknown),
      after: r.a === null ? null : (JSON.parse(r.a) as unknown),
    })),
};
