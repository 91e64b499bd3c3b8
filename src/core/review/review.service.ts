import { appendAudit } from '../audit/audit.repo';
import type { Db } from '../db/open-db';
import { AppError } from '../errors';
import { matchStatement } from '../matching/engine';
import { matchingRepo as repo } from '../matching/matching.repo';
import { getMatchSettings, recordOverride } from '../matching/matching.service';
import { renderReasons } from '../matching/reasons-pt';
import { payerKey } from '../matching/text';
import type { Reason } from '../matching/types';
import { addDays, todayInBrasilia } from '../sync/dates';
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
  to_review: ['suggested', 'overridden', 'approved', 'rejected', 'unmatched', 'recorded', 'set_aside'],
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
      // Leaving "set aside" forgets why; no action here sets a line aside (aside.service.ts does).
      db.prepare(
        `UPDATE matches SET state = ?, updated_at = ?, aside_reason = NULL, aside_note = NULL, aside_rule_id = NULL
         WHERE id = ?`,
      ).run(to, at, id);
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

export interface OverrideOptions {
  /** The clerk confirmed a choice that scores below the yellow threshold. */
  confirmed?: boolean | undefined;
  /** Remember the bank's payer text as the chosen receivables' members (default: yes). */
  learn?: boolean | undefined;
}

export interface OverrideOutcome {
  applied: boolean;
  /** The choice scores below yellow and was not confirmed: nothing changed, nothing learned. */
  needsConfirmation: boolean;
  matchId: number;
  score: number;
  zone: Zone;
  aliasesLearned: number;
  /** How the engine judged the choice without learning anything from it (what a confirmation shows). */
  reasons: ReturnType<typeof renderReasons>;
}

type Zone = 'green' | 'yellow' | 'red';

/**
 * How the engine scores this choice as things stand, before anything is learned from it (the same run
 * `recordOverride` makes, without the alias it would learn first). Null when the line cannot be chosen for
 * (no credit line, no plan): `recordOverride` then says why.
 */
function scoreChoice(db: Db, lineId: number, receivableIds: number[]) {
  const line = repo.line(db, lineId);
  const st = line && repo.statement(db, line.statementId);
  const plan = st && repo.currentPlan(db, st.id);
  const match = plan && repo.matchOfLine(db, plan.id, lineId);
  if (!line || !st || !plan || !match || line.kind !== 'credit') return null;
  const ids = [...new Set(receivableIds)].sort((a, b) => a - b);
  const { settings } = getMatchSettings(db);
  const from = addDays(st.period_from ?? line.date, -40);
  const to = addDays(st.period_to ?? line.date, 40);
  const held = repo.heldReceivables(db, null);
  for (const [id, h] of held) if (h.lineId === lineId) held.delete(id);
  const plan1 = matchStatement({
    bankAccountId: st.bank_account_id,
    lines: [line],
    receivables: repo.receivables(db, from, to).filter((r) => ids.includes(r.id)),
    aliases: repo.aliases(db).map((a) => ({
      payerKey: a.payer_key,
      memberId: a.member_id,
      payerName: a.payer_name,
      learnedAt: todayInBrasilia(new Date(a.learned_at)),
    })),
    settings,
    held,
  }).results[0];
  const agrees =
    plan1 && plan1.items.length === ids.length && plan1.items.every((i, k) => i.receivableId === ids[k]);
  return {
    matchId: match.id,
    line,
    score: agrees ? plan1.score : 0,
    zone: agrees ? plan1.zone : 'red',
    reasons: agrees ? plan1.reasons : ([] as Reason[]),
    low: (agrees ? plan1.score : 0) < settings.thresholds.yellow,
  };
}

/**
 * The clerk's own choice for a line, audited. A choice the engine scores below yellow (a different name, a
 * different amount, or not what it would pick at all) is only applied once the clerk confirms it; before
 * that nothing changes and nothing is learned. The bank's payer text is learned as an alias of the chosen
 * receivables' members only from an applied choice, and only when `learn` is not false.
 */
export function overrideLine(
  db: Db,
  lineId: number,
  receivableIds: number[],
  who: Actor,
  now = new Date(),
  opts: OverrideOptions = {},
): OverrideOutcome {
  return db.transaction((): OverrideOutcome => {
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
    const pre = scoreChoice(db, lineId, receivableIds);
    if (pre?.low && !opts.confirmed) {
      // Validate the choice all the same (open, not taken), then undo: nothing is applied or learned yet.
      const rollback = new Error('rollback');
      try {
        db.transaction(() => {
          recordOverride(db, lineId, receivableIds, now);
          throw rollback;
        })();
      } catch (e) {
        if (e !== rollback) throw e;
      }
      return {
        applied: false,
        needsConfirmation: true,
        matchId: pre.matchId,
        score: pre.score,
        zone: pre.zone,
        aliasesLearned: 0,
        reasons: renderReasons(pre.reasons),
      };
    }
    const learn = opts.learn !== false;
    const key = pre ? payerKey(pre.line.payerText ?? pre.line.description) : '';
    const aliasesBefore = key
      ? (db.prepare('SELECT id, times_used, payer_name FROM aliases WHERE payer_key = ?').all(key) as {
          id: number;
          times_used: number;
          payer_name: string | null;
        }[])
      : [];
    const result = recordOverride(db, lineId, receivableIds, now);
    let score = result.score;
    let zone: Zone = result.zone;
    if (!learn && key && pre) {
      // recordOverride always learns: put the aliases back as they were, and keep the score it had without.
      const kept = new Map(aliasesBefore.map((a) => [a.id, a]));
      for (const id of db
        .prepare('SELECT id FROM aliases WHERE payer_key = ?')
        .pluck()
        .all(key) as number[]) {
        const old = kept.get(id);
        if (!old) db.prepare('DELETE FROM aliases WHERE id = ?').run(id);
        else
          db.prepare('UPDATE aliases SET times_used = ?, payer_name = ? WHERE id = ?').run(
            old.times_used,
            old.payer_name,
            id,
          );
      }
      score = pre.score;
      zone = pre.zone;
      db.prepare('UPDATE matches SET score = ?, zone = ?, reasons_json = ? WHERE id = ?').run(
        score,
        zone,
        JSON.stringify([{ code: 'manual', params: { at: todayInBrasilia(now) } }, ...pre.reasons]),
        result.matchId,
      );
    }
    const learned = learn ? result.aliasesLearned : 0;
    appendAudit(db, {
      ...who,
      at: now.toISOString(),
      action: 'match.overridden',
      subject: `line:${lineId}`,
      before,
      after: {
        matchId: result.matchId,
        receivableIds,
        learned: learn ? result.payerKey : null,
        ...(pre?.low ? { confirmedLowScore: pre.score } : {}),
      },
    });
    return {
      applied: true,
      needsConfirmation: false,
      matchId: result.matchId,
      score,
      zone,
      aliasesLearned: learned,
      reasons: renderReasons(pre?.reasons ?? []),
    };
  })();
}

/** The learned aliases: the bank's payer text, the member it stands for (by the name the cache knows). */
export function listAliases(db: Db) {
  return {
    rows: db
      .prepare(
        `SELECT a.id, a.payer_key AS payerKey, a.payer_name AS payerText, a.member_id AS memberId,
           (SELECT r.payer_name FROM receivables r WHERE r.member_id = a.member_id AND r.payer_name IS NOT NULL
            ORDER BY r.due_date DESC LIMIT 1) AS memberName,
           a.learned_at AS learnedAt, a.times_used AS timesUsed
         FROM aliases a ORDER BY a.learned_at DESC, a.id DESC`,
      )
      .all() as {
      id: number;
      payerKey: string;
      payerText: string | null;
      memberId: number;
      memberName: string | null;
      learnedAt: string;
      timesUsed: number;
    }[],
  };
}

/** Forget a learned alias (the next suggestions no longer use it); audited. */
export function removeAlias(db: Db, id: number, who: Actor, now = new Date()) {
  return db.transaction(() => {
    const row = db
      .prepare(
        'SELECT id, payer_key AS payerKey, payer_name AS payerText, member_id AS memberId, learned_at AS learnedAt, times_used AS timesUsed FROM aliases WHERE id = ?',
      )
      .get(id);
    if (!row)
      throw new AppError('not_found', `There is no learned name ${id}.`, { code: 'review.alias_not_found' });
    db.prepare('DELETE FROM aliases WHERE id = ?').run(id);
    appendAudit(db, {
      ...who,
      at: now.toISOString(),
      action: 'alias.removed',
      subject: `alias:${id}`,
      before: row,
    });
    return { removed: 1 };
  })();
}
