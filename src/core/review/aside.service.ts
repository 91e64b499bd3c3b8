/**
 * Setting lines aside ([M] item 3): a credit that is not a member's payment (bank interest, a transfer between
 * the branch's own accounts, a partner's payout, a refund, other) is decided as such, with its reason, and can
 * become a rule that sets lines like it aside on every later run. Each change is one transaction and one
 * audit entry per line or rule.
 */
import type { AsideReason } from '../../shared/contract/matching';
import type { AsideRuleDto } from '../../shared/contract/review';
import { appendAudit } from '../audit/audit.repo';
import type { Db } from '../db/open-db';
import { AppError } from '../errors';
import { normalizePattern } from '../matching/aside-rules';
import type { Actor } from '../outbox/outbox.repo';
import { asideRepo } from './aside.repo';

/** An approved line is the clerk's decision to send it: undo the approval first. Queued lines never change. */
const FROM = ['suggested', 'unmatched', 'overridden', 'to_review', 'rejected', 'recorded', 'set_aside'];

export interface SetAsideInput {
  matchIds: number[];
  reason: AsideReason;
  note?: string | undefined;
  rule?: { pattern: string; thisAccountOnly: boolean } | undefined;
}

const cleanNote = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

function checkPattern(pattern: string): string {
  const p = normalizePattern(pattern);
  if (p.length < 3)
    throw new AppError('validation', 'The pattern needs at least one word of three letters or more.', {
      code: 'review.aside_pattern_empty',
    });
  return p;
}

/**
 * Set the matches aside (their receivables are freed) and, when asked, create the rule. Returns the statements
 * to run again so that the new rule catches their other undecided lines.
 */
export function setAside(db: Db, input: SetAsideInput, who: Actor, now = new Date()) {
  const at = now.toISOString();
  const note = cleanNote(input.note);
  return db.transaction(() => {
    let changed = 0;
    const skipped: { matchId: number; reason: string }[] = [];
    let account: { statementId: number; bankAccountId: number } | undefined;
    for (const id of [...new Set(input.matchIds)]) {
      const m = asideRepo.match(db, id);
      if (!m) throw new AppError('not_found', `There is no match ${id}.`, { code: 'review.not_found' });
      if (m.queued > 0) {
        skipped.push({ matchId: id, reason: 'already queued for sending' });
        continue;
      }
      if (!FROM.includes(m.state)) {
        skipped.push({ matchId: id, reason: `not possible from ${m.state}` });
        continue;
      }
      account ??= asideRepo.statementOfMatch(db, id);
      asideRepo.setAside(db, id, { reason: input.reason, note, at });
      appendAudit(db, {
        ...who,
        at,
        action: 'match.set_aside',
        subject: `line:${m.lineId}`,
        before: { matchId: id, state: m.state, ...(m.asideReason ? { reason: m.asideReason } : {}) },
        after: { matchId: id, state: 'set_aside', reason: input.reason, ...(note ? { note } : {}) },
      });
      changed++;
    }
    let ruleId: number | null = null;
    if (input.rule) {
      const pattern = checkPattern(input.rule.pattern);
      const bankAccountId = input.rule.thisAccountOnly ? (account?.bankAccountId ?? null) : null;
      ruleId = asideRepo.insert(db, { pattern, reason: input.reason, note, bankAccountId, at });
      appendAudit(db, {
        ...who,
        at,
        action: 'aside_rule.created',
        subject: `aside_rule:${ruleId}`,
        after: { pattern, reason: input.reason, note, bankAccountId },
      });
    }
    return { changed, skipped, ruleId, statementId: account?.statementId ?? null };
  })();
}

export const listAsideRules = (db: Db): { rows: AsideRuleDto[] } => ({ rows: asideRepo.list(db) });

function ruleOrThrow(db: Db, id: number): AsideRuleDto {
  const rule = asideRepo.get(db, id);
  if (!rule)
    throw new AppError('not_found', `There is no set-aside rule ${id}.`, {
      code: 'review.aside_rule_not_found',
    });
  return rule;
}

/**
 * Change a rule. The lines it set aside go back to the engine, which applies the rules again on the next run
 * (the caller runs the statements returned): lines the new pattern no longer catches are matched again.
 */
export function updateAsideRule(
  db: Db,
  patch: {
    id: number;
    pattern?: string | undefined;
    reason?: AsideReason | undefined;
    note?: string | null | undefined;
  },
  who: Actor,
  now = new Date(),
) {
  const at = now.toISOString();
  return db.transaction(() => {
    const before = ruleOrThrow(db, patch.id);
    const next = {
      pattern: patch.pattern === undefined ? before.pattern : checkPattern(patch.pattern),
      reason: patch.reason ?? before.reason,
      note: patch.note === undefined ? before.note : cleanNote(patch.note),
    };
    if (next.reason === 'other' && !next.note)
      throw new AppError('validation', 'Say why in a note.', { code: 'review.aside_note_needed' });
    asideRepo.update(db, patch.id, { ...next, at });
    const { statementIds } = asideRepo.releaseRuleLines(db, patch.id, at);
    appendAudit(db, {
      ...who,
      at,
      action: 'aside_rule.changed',
      subject: `aside_rule:${patch.id}`,
      before: { pattern: before.pattern, reason: before.reason, note: before.note },
      after: next,
    });
    return { rule: ruleOrThrow(db, patch.id), statementIds };
  })();
}

/** Remove a rule; the lines it set aside go back to matching (the caller runs the statements returned). */
export function removeAsideRule(db: Db, id: number, who: Actor, now = new Date()) {
  const at = now.toISOString();
  return db.transaction(() => {
    const before = ruleOrThrow(db, id);
    const { released, statementIds } = asideRepo.releaseRuleLines(db, id, at);
    asideRepo.delete(db, id);
    appendAudit(db, {
      ...who,
      at,
      action: 'aside_rule.removed',
      subject: `aside_rule:${id}`,
      before: { pattern: before.pattern, reason: before.reason, note: before.note },
      after: { linesReleased: released },
    });
    return { removed: 1, linesReleased: released, statementIds };
  })();
}
