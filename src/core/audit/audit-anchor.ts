import type { Db } from '../db/open-db';
import type { SecretStore } from '../secrets/secret-store';
import { auditHashAt, auditHead } from './audit.repo';

/**
 * The audit log's anchor: the entry count and head hash, kept OUTSIDE the database, in the secret store (the OS
 * keychain in the desktop app, the AES-256-GCM file elsewhere: authenticated, so it cannot be edited without the
 * key). The hash chain alone proves that no entry was edited in place; it cannot tell a log whose last entries
 * were deleted, or one rewritten and re-hashed from some entry on, from an honest shorter log. The anchor can:
 * - entries removed from the end → the log holds fewer entries than the anchor counted;
 * - an entry edited and the chain recomputed from it → the entry at the anchored count has another hash.
 * What it cannot see: changes to entries written after the last time the anchor moved (it moves after every
 * command and background run, so at most the entries of one interrupted run), and anyone who can read this user's
 * key file or keychain (they can forge the anchor too). Each front door has its own secret store, so the desktop
 * app and the CLI each keep and check their own anchor. docs/architecture.md (Audit) says the same.
 */
export interface AuditAnchor {
  count: number;
  head: string;
  /** When the anchor last moved (ISO). */
  at: string;
}

export const anchorId = (profileId: string) => `audit-anchor:${profileId}`;

export function readAnchor(secrets: SecretStore, profileId: string): AuditAnchor | null {
  const raw = secrets.get(anchorId(profileId));
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as Partial<AuditAnchor>;
    return typeof a.count === 'number' && typeof a.head === 'string' && typeof a.at === 'string'
      ? { count: a.count, head: a.head, at: a.at }
      : null;
  } catch {
    return null;
  }
}

/** Does the log still hold the anchored entry, unchanged? A reason in words when not. */
export function anchorProblem(db: Db, a: AuditAnchor): string | null {
  const last = auditHead(db)?.seq ?? 0;
  if (last < a.count)
    return `the log ends at entry ${last}, but entry ${a.count} was written (entries were removed from the end)`;
  if (auditHashAt(db, a.count) !== a.head)
    return `entry ${a.count} is not the one anchored (the log was rewritten and re-hashed)`;
  return null;
}

/**
 * Move the anchor to the log's current head — only forward, and only while the log still holds the anchored entry
 * unchanged: after a tampering the old anchor stays, as the evidence. Called after every command and background
 * run, outside any transaction (so it never anchors an entry that is then rolled back).
 */
export function refreshAnchor(
  db: Db,
  secrets: SecretStore,
  profileId: string,
  now = new Date(),
): AuditAnchor | null {
  const head = auditHead(db);
  const prev = readAnchor(secrets, profileId);
  if (!head) return prev;
  if (prev && prev.count === head.seq && prev.head === head.hash) return prev;
  if (prev && anchorProblem(db, prev)) return prev;
  const next = { count: head.seq, head: head.hash, at: now.toISOString() };
  secrets.set(anchorId(profileId), JSON.stringify(next));
  return next;
}
