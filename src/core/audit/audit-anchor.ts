import type { Db } from '../db/open-db';
import { isAppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import { readAnchorCopy, writeAnchorCopy } from './audit-anchor.repo';
import { auditHashAt, auditHead } from './audit.repo';

/**
 * The audit log's anchor: a counter (its generation), the entry count and the head hash, kept OUTSIDE the
 * database, in the secret store (the OS keychain in the desktop app, the AES-256-GCM file elsewhere: sealed, so it
 * cannot be written without the key), and a copy of it sealed by the same key kept IN the database
 * (audit-anchor.repo.ts). The hash chain alone proves that no entry was edited in place; it cannot tell a log
 * whose last entries were deleted, or one rewritten and re-hashed from some entry on, from an honest shorter log.
 * The anchor can:
 * - entries removed from the end → the log holds fewer entries than the anchor counted;
 * - an entry edited and the chain recomputed from it → the entry at the anchored count has another hash;
 * - the anchor deleted from the secret store while the database's copy remains → "missing";
 * - an older anchor put back in the secret store (its sealed generation is below the copy's) → "put back";
 * - a copy in the database not sealed by this key → "forged".
 * Either of the last three is a failure, and the anchor is then never moved again by itself: the evidence stays.
 * What it cannot see: changes to entries written after the anchor last moved (it moves after every command and
 * background run, so at most the entries of one interrupted run); the anchor deleted or put back in BOTH places,
 * the secret store and the database (then the log looks like one this front door never anchored, or like the
 * older log it was); anyone who can read this user's key file or keychain (they can forge both). Each front door
 * has its own secret store, so the desktop app and the CLI each keep and check their own anchor (and copy).
 * docs/architecture-details.md (Audit) says the same.
 */
export interface AuditAnchor {
  /** Counts every move of the anchor of this log in this secret store; an older anchor carries a smaller one. */
  generation: number;
  count: number;
  head: string;
  /** When the anchor last moved (ISO). */
  at: string;
}

/** The anchor the log is checked against, and what is wrong with the anchor itself, if anything. */
export interface AnchorCheck {
  anchor: AuditAnchor | null;
  problem: string | null;
}

export const anchorId = (profileId: string) => `audit-anchor:${profileId}`;
/** Which secret store keeps the anchor: the database holds one copy per store. */
export const anchorStoreName = (secrets: SecretStore) => secrets.protection.scheme;

export function parseAnchor(raw: string | null): AuditAnchor | null {
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as Partial<AuditAnchor>;
    if (typeof a.count !== 'number' || typeof a.head !== 'string' || typeof a.at !== 'string') return null;
    // An anchor written before the counter existed is generation 0: any later one outranks it.
    const generation = typeof a.generation === 'number' ? a.generation : 0;
    return { generation, count: a.count, head: a.head, at: a.at };
  } catch {
    return null;
  }
}

export function readAnchor(secrets: SecretStore, profileId: string): AuditAnchor | null {
  return parseAnchor(secrets.get(anchorId(profileId)));
}

/** The database's copy: null when there is none, 'forged' when it was not sealed by this store's key. */
function readCopy(db: Db, secrets: SecretStore, profileId: string): AuditAnchor | 'forged' | null {
  const row = readAnchorCopy(db, anchorStoreName(secrets));
  if (!row) return null;
  return parseAnchor(secrets.open(anchorId(profileId), row.sealed)) ?? 'forged';
}

/** The secret store's anchor against the database's copy (pure). */
export function compareAnchors(kept: AuditAnchor | null, copy: AuditAnchor | 'forged' | null): AnchorCheck {
  if (copy === 'forged')
    return {
      anchor: kept,
      problem: "the database's copy of the anchor was not sealed with this computer's key (it was forged)",
    };
  if (!copy) return { anchor: kept, problem: null };
  if (!kept)
    return {
      anchor: copy,
      problem: `the anchor kept outside the database is missing, but the database shows anchor no. ${copy.generation} was kept (it was deleted)`,
    };
  if (kept.generation < copy.generation)
    return {
      anchor: copy,
      problem: `the anchor kept outside the database is an older one (no. ${kept.generation}, the database shows no. ${copy.generation}): it was put back`,
    };
  // The copy lags one move behind after a crash between the two writes (the secret store is written first).
  return { anchor: kept, problem: null };
}

/** Where the anchor stands for this front door's secret store: the anchor to check the log against, or a problem. */
export function anchorCheck(db: Db, secrets: SecretStore, profileId: string): AnchorCheck {
  let kept: AuditAnchor | null;
  try {
    kept = readAnchor(secrets, profileId);
  } catch (e) {
    if (!isAppError(e) || e.code === 'secrets.scheme_mismatch' || e.code === 'secrets.unavailable') throw e;
    return {
      anchor: null,
      problem: 'the anchor kept outside the database cannot be opened (it was damaged or replaced)',
    };
  }
  return compareAnchors(kept, readCopy(db, secrets, profileId));
}

/** Does the log still hold the anchored entry, unchanged? A reason in words when not. */
export function anchorProblem(db: Db, a: Pick<AuditAnchor, 'count' | 'head'>): string | null {
  const last = auditHead(db)?.seq ?? 0;
  if (last < a.count)
    return `the log ends at entry ${last}, but entry ${a.count} was written (entries were removed from the end)`;
  if (a.count === 0) return null; // an empty log was anchored (a restore of one)
  if (auditHashAt(db, a.count) !== a.head)
    return `entry ${a.count} is not the one anchored (the log was rewritten and re-hashed)`;
  return null;
}

/** The next generation: one above both places' (a forged copy counts for nothing). */
export const generationAbove = (kept: AuditAnchor | null, copy: AuditAnchor | 'forged' | null) =>
  Math.max(kept?.generation ?? 0, copy && copy !== 'forged' ? copy.generation : 0) + 1;

/** Write the database's copy of an anchor just kept in the secret store, unless a newer copy is there already. */
function writeCopy(db: Db, secrets: SecretStore, profileId: string, a: AuditAnchor): void {
  const sealed = secrets.seal(anchorId(profileId), JSON.stringify(a));
  writeAnchorCopy(db, anchorStoreName(secrets), { generation: a.generation, sealed }, (current) => {
    if (!current) return true;
    const there = parseAnchor(secrets.open(anchorId(profileId), current.sealed));
    return !there || there.generation < a.generation;
  });
}

/**
 * Move the anchor to the log's current head — only forward, and only while the anchor is whole (not missing, not
 * put back, its copy not forged) and the log still holds the anchored entry unchanged: after a tampering the old
 * anchor stays, as the evidence. The secret store's read-change-write happens in one piece across processes (its
 * file lock), the generation one above both places'; the copy in the database is written after it. Called after
 * every command and background run, outside any transaction (so it never anchors an entry that is then rolled back).
 */
export function refreshAnchor(
  db: Db,
  secrets: SecretStore,
  profileId: string,
  now = new Date(),
): AuditAnchor | null {
  const out: { anchor: AuditAnchor | null; moved: boolean } = { anchor: null, moved: false };
  secrets.update(anchorId(profileId), (raw) => {
    // The log's head is read under the anchor's lock: read before it, a second process (two office-server
    // processes on one data folder) could anchor a later head first, and this one would then move it back.
    const head = auditHead(db);
    const kept = parseAnchor(raw);
    out.anchor = kept;
    if (!head) return undefined;
    const copy = readCopy(db, secrets, profileId);
    const check = compareAnchors(kept, copy);
    if (check.problem || (check.anchor && anchorProblem(db, check.anchor))) return undefined;
    if (kept && kept.count === head.seq && kept.head === head.hash) return undefined;
    const next = {
      generation: generationAbove(kept, copy),
      count: head.seq,
      head: head.hash,
      at: now.toISOString(),
    };
    out.anchor = next;
    out.moved = true;
    return JSON.stringify(next);
  });
  if (out.moved && out.anchor) writeCopy(db, secrets, profileId, out.anchor);
  return out.anchor;
}

/**
 * After a restore the log is older than the anchor on purpose: the anchor starts again from the restored log's
 * head, one generation above everything seen (so no anchor from before the restore can be put back), in both
 * places. Returns the anchor it replaced, for the restore's audit entry.
 */
export function restartAnchor(
  db: Db,
  secrets: SecretStore,
  profileId: string,
  now = new Date(),
): AuditAnchor | null {
  const out: { before: AuditAnchor | null; next: AuditAnchor | null } = { before: null, next: null };
  secrets.update(anchorId(profileId), (raw) => {
    out.before = parseAnchor(raw);
    const head = auditHead(db);
    out.next = {
      generation: generationAbove(out.before, readCopy(db, secrets, profileId)),
      count: head?.seq ?? 0,
      head: head?.hash ?? '',
      at: now.toISOString(),
    };
    return JSON.stringify(out.next);
  });
  if (out.next) writeCopy(db, secrets, profileId, out.next);
  return out.before;
}
