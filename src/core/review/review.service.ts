import { appendAudit } from '../audit/audit.repo';
import type { Db } from '../db/open-db';
import { AppError } from '../errors';
import { recordOverride } from '../matching/matching.service';
import type { Actor } from '../outbox/outbox.repo';

export type ReviewAction = 'approve' | 'reject' | 'to_review' | 'unmatch';

/**
 * Undoing a suggestion leaves the line "a revisar" with no receivable, not `unmatched`: that state belongs to the
 * engine, and a re-run would propose the same receivables again. The clerk then chooses by hand or rejects.
 */
const TARGET: Record<ReviewAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  to_review: 'to_review',
  unmatch: 'to_review',
};
/** Which states each action may start from. Approving needs receivables; every action refuses queued ones. */
const FROM: Record<ReviewAction, string[]> = {
  approve: ['suggested', 'overridden', 'to_review'],
  reject: ['suggested', 'overridden', 'to_review', 'approved'],
  to_review: ['suggested', 'overridden', 'approved', 'rejected', 'unmatched'],
  unmatch: ['suggested', 'overridden', 'to_review', 'approved', 'rejected'],
};

interface MatchState {
  id: number;
  lineId: number;
  state: string;
  zone: string;
  items: number;
  queued: number;
}

const matchState = (db: Db, id: number) =>
  db
    .prepare(
      `SELECT m.id, m.line_id AS lineId, m.state, m.zone,
         (SELECT count(*) FROM match_items i WHERE i.match_id = m.id) AS items,
         (SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id WHERE i.match_id = m.id) AS queued
       FROM matches m WHERE m.id = ?`,
    )
    .get(id) as MatchState | undefined;

/**
 * Apply one review action to several matches in one transaction, one audit entry each. A match whose
 * receivables are already in the outbox cannot change any more (what is being sent stays what was reviewed).
 */
export function applyReview(db: Db, action: ReviewAction, matchIds: number[], who: Actor, now = new Date()) {
  const at = now.toISOString();
  return db.transaction(() => {
    let changed = 0;
    const skipped: { matchId: number; reason: string }[] = [];
    for (const id of [...new Set(matchIds)]) {
      const m = matchState(db, id);
      if (!m) throw new AppError('not_found', `There is no match ${id}.`, { code: 'review.not_found' });
      if (m.queued > 0) {
        skipped.push({ matchId: id, reason: 'already queued for sending' });
        continue;
      }
      if (!FROM[action].includes(m.state) || (action === 'approve' && m.items === 0)) {
        skipped.push({
          matchId: id,
          reason:
            m.items === 0 && action === 'approve' ? 'no receivable proposed' : `not possible from ${m.state}`,
        });
        continue;
      }
      const to = TARGET[action];
      db.prepare('UPDATE matches SET state = ?, updated_at = ? WHERE id = ?').run(to, at, id);
      if (action === 'unmatch') db.prepare('DELETE FROM match_items WHERE match_id = ?').run(id);
      appendAudit(db, {
        ...who,
        at,
        action: action === 'unmatch' ? 'match.unmatched' : `match.${to}`,
        subject: `line:${m.lineId}`,
        before: { matchId: id, state: m.state },
        after: { matchId: id, state: to },
      });
      changed++;
    }
    return { changed, skipped };
  })();
}

/** Approve every green suggestion of a statement's current plan ("aprovar todos os verdes"). */
export function approveGreen(db: Db, statementId: number, who: Actor, now = new Date()) {
  const ids = db
    .prepare(
      `SELECT m.id FROM matches m
       WHERE m.plan_id = (SELECT id FROM match_plans WHERE statement_id = ? ORDER BY id DESC LIMIT 1)
         AND m.zone = 'green' AND m.state = 'suggested'`,
    )
    .pluck()
    .all(statementId) as number[];
  return applyReview(db, 'approve', ids, who, now);
}

/** The clerk's own choice for a line: learned as an alias by the matching service, and audited. */
export function overrideLine(db: Db, lineId: number, receivableIds: number[], who: Actor, now = new Date()) {
  return db.transaction(() => {
    const queued = db
      .prepare(
        `SELECT count(*) FROM matches m JOIN match_items i ON i.match_id = m.id JOIN outbox_items o ON o.receivable_id = i.receivable_id
         WHERE m.line_id = ?`,
      )
      .pluck()
      .get(lineId) as number;
    if (queued)
      throw new AppError('conflict', 'This line was already queued for sending; it cannot change.', {
        code: 'review.queued',
      });
    const before = db
      .prepare('SELECT m.id, m.state FROM matches m WHERE m.line_id = ? ORDER BY m.plan_id DESC LIMIT 1')
      .get(lineId);
    const result = recordOverride(db, lineId, receivableIds, now);
    appendAudit(db, {
      ...who,
      at: now.toISOString(),
      action: 'match.overridden',
      subject: `line:${lineId}`,
      before,
      after: { matchId: result.matchId, receivableIds, learned: result.payerKey },
    });
    return result;
  })();
}
