import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../errors';
import type { OfficeUser } from './office';
import { IP_FREE_FAILURES, IP_WINDOW_MS, waitLeft } from './throttle';
import { lockOffice, usersRepo as repo, type OfficeTx } from './users.repo';

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

/** The office's transactions (office.ts): a read, and a write committed when `fn` resolves. */
export interface OfficeTransactions {
  read<T>(fn: (tx: OfficeTx) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: OfficeTx) => Promise<T>): Promise<T>;
}

type AuditEntry = Parameters<typeof repo.appendAudit>[1];

/**
 * Personal API tokens ([W], issue 34 item 4): what a script (`quita --server URL`) presents instead of a session
 * cookie. Kept like sessions — only the sha256 — and ended like them: a role change, a deactivation or a new
 * password revokes them (office.ts). A wrong token counts as a failed login of its address (throttle.ts), so
 * guessing tokens is no faster than guessing passwords.
 */
export function apiTokens(office: OfficeTransactions) {
  const audit = (tx: OfficeTx, e: AuditEntry) => repo.appendAudit(tx, e);
  const lookup = async (tx: OfficeTx, raw: string): Promise<{ id: number; user: OfficeUser } | null> => {
    if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return null;
    const t = await repo.liveToken(tx, sha256(raw));
    if (!t) return null;
    const user = await repo.byId(tx, t.userId);
    if (!user || !user.active) return null;
    return { id: t.id, user };
  };

  return {
    /** A live token of an active user: touches its last use (unless `touch` is false: an event stream's check). */
    token: async (raw: string, now = new Date(), touch = true): Promise<{ user: OfficeUser } | null> => {
      const found = await office.read((tx) => lookup(tx, raw));
      if (!found) return null;
      if (touch) await office.write((tx) => repo.touchToken(tx, found.id, iso(now)));
      return { user: found.user };
    },

    /** A token presented by `from.ip`: refused without looking while the address is slowed; a wrong one counts. */
    bearer: (raw: string, from: { ip: string }, now = new Date()): Promise<BearerResult> =>
      office.write(async (tx) => {
        // The address's count is read and added to under its lock: two server processes answering the same
        // address's wrong tokens at once do not both find it free (office.ts's login takes the same lock).
        await lockOffice(tx, `ip:${from.ip}`);
        const f = await repo.ipFailures(tx, from.ip, new Date(now.getTime() - IP_WINDOW_MS).toISOString());
        const wait = waitLeft(f.count, IP_FREE_FAILURES, f.last, now);
        if (wait > 0) return { ok: false, code: 'token.throttled', retryAfterMs: wait };
        const found = await lookup(tx, raw);
        if (found) {
          await repo.touchToken(tx, found.id, iso(now));
          return { ok: true, user: found.user };
        }
        await repo.noteIpFailure(tx, from.ip, iso(now));
        return { ok: false, code: 'token.wrong' };
      }),

    /** A new token for `user`: the raw token is returned here once and never stored. */
    create: async (user: OfficeUser, name: string | undefined, by: string, now = new Date()) => {
      const clean = validTokenName(name);
      if (!user.active)
        throw new AppError('conflict', `${user.login} is deactivated: activate them first.`, {
          code: 'users.token_inactive',
          params: { login: user.login },
        });
      const raw = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const at = iso(now);
      const info = await office.write(async (tx) => {
        const id = await repo.insertToken(tx, { userId: user.id, name: clean, tokenHash: sha256(raw), at });
        await audit(tx, {
          at,
          who: by,
          action: 'token.created',
          subject: `user:${user.login}`,
          after: { id, name: clean },
        });
        return (await repo.tokenOf(tx, user.id, id))!;
      });
      return { token: raw, info };
    },

    list: (user: OfficeUser): Promise<ApiToken[]> => office.read((tx) => repo.tokensOf(tx, user.id)),

    /** Revoke one token; one already revoked is returned as it is. */
    revoke: (user: OfficeUser, id: number, by: string, now = new Date()): Promise<ApiToken> => {
      const at = iso(now);
      return office.write(async (tx) => {
        const t = await repo.tokenOf(tx, user.id, id);
        if (!t) throw tokenNotFound(user.login, id);
        if (t.revokedAt !== null) return t;
        await repo.revokeToken(tx, id, at);
        await audit(tx, {
          at,
          who: by,
          action: 'token.revoked',
          subject: `user:${user.login}`,
          after: { id, name: t.name },
        });
        return (await repo.tokenOf(tx, user.id, id))!;
      });
    },

    /** Inside the caller's transaction: every live token of the user ends, as their sessions do. */
    revokeAllOf: async (
      tx: OfficeTx,
      user: OfficeUser,
      why: string,
      by: string,
      at: string,
    ): Promise<void> => {
      const n = await repo.revokeTokensOf(tx, user.id, at);
      if (n > 0)
        await audit(tx, {
          at,
          who: by,
          action: 'token.revoked_all',
          subject: `user:${user.login}`,
          after: { count: n, because: why },
        });
    },
  };
}
