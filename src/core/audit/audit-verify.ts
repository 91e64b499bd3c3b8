/**
 * Verifying the audit log: the hash chain from the start, then the anchor kept outside the database
 * (audit-anchor.ts). A rule over the rows audit.repo.ts reads; neither of those imports this file.
 */
import type { Db } from '../db/open-db';
import { anchorProblem, type AuditAnchor } from './audit-anchor';
import { auditRowsInOrder, GENESIS, hashOf } from './audit.repo';

export interface AuditVerification {
  ok: boolean;
  entries: number;
  /** The first entry whose content or link does not match, when not ok. */
  brokenAt: number | null;
  reason: string | null;
  /** The anchor kept outside the database that the log was checked against (audit-anchor.ts), if any. */
  anchor: AuditAnchor | null;
}

/**
 * Walk the chain from the start: every link and every hash must match, with no gap in the numbering; then, with
 * an anchor, the log must still hold the anchored entry unchanged (no truncation, no re-hashed rewrite).
 */
export function verifyAudit(db: Db, anchor: AuditAnchor | null = null): AuditVerification {
  const chain = verifyChain(db);
  if (!chain.ok || !anchor) return { ...chain, anchor };
  const problem = anchorProblem(db, anchor);
  return problem
    ? {
        ok: false,
        entries: chain.entries,
        brokenAt: Math.min(anchor.count, chain.entries + 1),
        reason: problem,
        anchor,
      }
    : { ...chain, anchor };
}

function verifyChain(db: Db): Omit<AuditVerification, 'anchor'> {
  let prev = GENESIS;
  let expectedSeq = 1;
  let count = 0;
  for (const r of auditRowsInOrder(db)) {
    count++;
    if (r.seq !== expectedSeq)
      return { ok: false, entries: count, brokenAt: expectedSeq, reason: `entry ${expectedSeq} is missing` };
    if (r.prev_hash !== prev)
      return {
        ok: false,
        entries: count,
        brokenAt: r.seq,
        reason: `entry ${r.seq} does not follow entry ${r.seq - 1}`,
      };
    if (hashOf(r) !== r.hash)
      return {
        ok: false,
        entries: count,
        brokenAt: r.seq,
        reason: `entry ${r.seq} was changed after it was written`,
      };
    prev = r.hash;
    expectedSeq++;
  }
  return { ok: true, entries: count, brokenAt: null, reason: null };
}
