/**
 * Verifying the audit log: the hash chain from the start, then the anchor kept outside the database
 * (audit-anchor.ts). A rule over the rows audit.repo.ts reads; neither of those imports this file.
 */
import type { Db } from '../db/open-db';
import { anchorProblem, type AnchorCheck, type AuditAnchor } from './audit-anchor';
import { auditRowsInOrder, GENESIS, hashOf, type AuditRow } from './audit.repo';

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
 * Walk the chain from the start: every link and every hash must match, with no gap in the numbering; then the
 * anchor itself must be whole (not missing, not put back, its database copy not forged: audit-anchor.ts), and the
 * log must still hold the anchored entry unchanged (no truncation, no re-hashed rewrite).
 */
export function verifyAudit(db: Db, check: AnchorCheck | null = null): AuditVerification {
  const chain = verifyChain(db);
  const anchor = check?.anchor ?? null;
  if (!chain.ok) return { ...chain, anchor };
  const reasons = [check?.problem ?? null, anchor ? anchorProblem(db, anchor) : null].filter(
    (r): r is string => r !== null,
  );
  return reasons.length
    ? {
        ok: false,
        entries: chain.entries,
        brokenAt: anchor ? Math.min(anchor.count, chain.entries + 1) : null,
        reason: reasons.join('; '),
        anchor,
      }
    : { ...chain, anchor };
}

export type ChainVerification = Omit<AuditVerification, 'anchor'>;

/**
 * The chain's rule, row by row, for any reader of the rows (this file's synchronous one, and the Store's pages in
 * audit.store.ts): `step` takes the rows in order and answers the first break; `end` the verdict when none broke.
 * Every link and every hash must match, with no gap in the numbering.
 */
export function chainWalk(): {
  step(r: AuditRow): ChainVerification | null;
  end(): ChainVerification;
} {
  let prev = GENESIS;
  let expectedSeq = 1;
  let count = 0;
  return {
    step(r) {
      count++;
      if (r.seq !== expectedSeq)
        return {
          ok: false,
          entries: count,
          brokenAt: expectedSeq,
          reason: `entry ${expectedSeq} is missing`,
        };
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
      return null;
    },
    end: () => ({ ok: true, entries: count, brokenAt: null, reason: null }),
  };
}

function verifyChain(db: Db): ChainVerification {
  const walk = chainWalk();
  for (const r of auditRowsInOrder(db)) {
    const broken = walk.step(r);
    if (broken) return broken;
  }
  return walk.end();
}
