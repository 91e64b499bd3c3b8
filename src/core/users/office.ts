export type Role = 'conferente' | 'supervisor' | 'administrador';
export const ROLES: readonly Role[] = ['conferente', 'supervisor', 'administrador'];

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
  /** Valid and not idle: touches last_seen; else null (and the expired row is removed). */
  session(rawId: string, now?: Date): { user: OfficeUser; csrf: string } | null;
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
}

export interface OfficeOptions {
  /** Idle timeout of a session (default 30 minutes). */
  idleMs?: number;
  /** Absolute lifetime of a session (default 12 hours). */
  maxAgeMs?: number;
}

export function openOffice(file: string, opts: OfficeOptions = {}): Office {
  void file;
  void opts;
  throw new Error('openOffice: not implemented yet');
}
