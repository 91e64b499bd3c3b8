import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open-db';
import { AppError } from '../errors';
import type { OfficeUser } from './office';
import { IP_FREE_FAILURES, IP_WINDOW_MS, waitLeft } from './throttle';
import { usersRepo as repo } from './users.repo';

/** One of a person's tokens as it is listed: never the token, never its hash. */
export interface ApiToken {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export type BearerResult =
  | { ok: true; user: OfficeUser }
  | { ok: false; code: 'token.wrong' | 'token.throttled'; retryAfterMs?: number };

/** What a token looks like: `quita_` and 32 random bytes in base64url (43 characters). */
export const TOKEN_PREFIX = 'quita_';
const TOKEN_SHAPE = /^quita_[A-Za-z0-9_-]{43}$/;
const NAME_MAX = 80;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (d: Date) => d.toISOString();

function validTokenName(name: string | undefined): string {
  const n = (name ?? '').trim();
  if (n.length > NAME_MAX || [...n].some((c) => c.charCodeAt(0) < 32))
    throw new AppError('validation', `A token's name has up to ${NAME_MAX} characters, on one line.`, {
      code: 'users.bad_token_name',
      field: 'name',
      params: { max: NAME_MAX },
    });
  return n;
}

function tokenNotFound(login: string, id: number): AppError {
  return new AppError('not_found', `${login} has no token ${id}.`, {
    code: 'users.token_not_found',
    params: { login, id },
  });
}

/**
 * Personal API tokens ([W], issue 34 item 4): what a script (`quita --server URL`) presents instead of a session
 * cookie. Kept like sessions — only the sha256 — and ended like them: a role change, a deactivation or a new
 * password revokes them (office.ts). A wrong token counts as a failed login of its address (throttle.ts), so
 * guessing tokens is no faster than guessing passwords.
 */
export function apiTokens(db: Db, audit: (e: Parameters<typeof repo.appendAudit>[1]) => void) {
  const lookup = (raw: string, now: Date, touch = true): OfficeUser | null => {
    if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return null;
    const t = repo.liveToken(db, sha256(raw));
    if (!t) return null;
    const user = repo.byId(db, t.userId);
    if (!user || !user.active) return null;
    if (touch) repo.touchToken(db, t.id, iso(now));
    return user;
  };

  return {
    /** A live token of an active user: touches its last use (unless `touch` is false: an event stream's check). */
    token: (raw: string, now = new Date(), touch = true): { user: OfficeUser } | null => {
      const user = lookup(raw, now, touch);
      return user ? { user } : null;
    },

    /** A token presented by `from.ip`: refused without looking while the address is slowed; a wrong one counts. */
    bearer: (raw: string, from: { ip: string }, now = new Date()): BearerResult => {
      const f = repo.ipFailures(db, from.ip, new Date(now.getTime() - IP_WINDOW_MS).toISOString());
      const wait = waitLeft(f.count, IP_FREE_FAILURES, f.last, now);
      if (wait > 0) return { ok: false, code: 'token.throttled', retryAfterMs: wait };
      const user = lookup(raw, now);
      if (user) return { ok: true, user };
      repo.noteIpFailure(db, from.ip, iso(now));
      return { ok: false, code: 'token.wrong' };
    },

    /** A new token for `user`: the raw token is returned here once and never stored. */
    create: (user: OfficeUser, name: string | undefined, by: string, now = new Date()) => {
      const clean = validTokenName(name);
      if (!user.active)
        throw new AppError('conflict', `${user.login} is deactivated: activate them first.`, {
          code: 'users.token_inactive',
          params: { login: user.login },
        });
      const raw = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const at = iso(now);
      const info = db.transaction(() => {
        const id = repo.insertToken(db, { userId: user.id, name: clean, tokenHash: sha256(raw), at });
        audit({
          at,
          who: by,
          action: 'token.created',
          subject: `user:${user.login}`,
          after: { id, name: clean },
        });
        return repo.tokenOf(db, user.id, id)!;
      })();
      return { token: raw, info };
    },

    list: (user: OfficeUser): ApiToken[] => repo.tokensOf(db, user.id),

    /** Revoke one token; one already revoked is returned as it is. */
    revoke: (user: OfficeUser, id: number, by: string, now = new Date()): ApiToken => {
      const at = iso(now);
      return db.transaction(() => {
        const t = repo.tokenOf(db, user.id, id);
        if (!t) throw tokenNotFound(user.login, id);
        if (t.revokedAt !== null) return t;
        repo.revokeToken(db, id, at);
        audit({
          at,
          who: by,
          action: 'token.revoked',
          subject: `user:${user.login}`,
          after: { id, name: t.name },
        });
        return repo.tokenOf(db, user.id, id)!;
      })();
    },

    /** Inside the caller's transaction: every live token of the user ends, as their sessions do. */
    revokeAllOf: (user: OfficeUser, why: string, by: string, at: string): void => {
      const n = repo.revokeTokensOf(db, user.id, at);
      if (n > 0)
        audit({
          at,
          who: by,
          action: 'token.revoked_all',
          subject: `user:${user.login}`,
          after: { count: n, because: why },
        });
    },
  };
}
