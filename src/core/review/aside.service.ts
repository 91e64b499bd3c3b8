/**
 * Setting lines aside ([M] item 3): a credit that is not a member's payment (bank interest, a transfer between
 * the branch's own accounts, a partner's payout, a refund, other) is decided as such, with its reason, and can
 * become a rule that sets lines like it aside on every later run. Each change is one transaction and one
 * audit entry per line or rule.
 *
 * [R] item 4: a rule is previewed before it is saved (`previewAsideRule`). A rule that is wide or catches a line
 * that is not free (core/matching/aside-rules.ts) is saved only with the clerk's `confirm`: `wide` for its
 * breadth, and the very lines (with a proposal, already in EVO, matched by hand, under review) that may be set
 * aside too — those are set aside by the clerk's hand, so later runs keep them; the others are left as they are.
 */
import { reviewRepo } from './review.repo';
import type { AsideReason } from '../../shared/contract/matching';
import type { AsidePreview, AsideRuleDto, AsideStanding } from '../../shared/contract/review';
import { appendAudit } from '../audit/audit.store';
import { AppError } from '../errors';
import {
  asideMatcher,
  asideStanding,
  CONFIRMABLE,
  isWide,
  normalizePattern,
  WIDE_RULE,
} from '../matching/aside-rules';
import type { Actor } from '../outbox/outbox.repo';
import { asideRepo, type RuleLineRow } from './aside.repo';
import { conflictOf, seenById, type SeenMatch } from './review-conflicts';
import type { ReviewConflict } from '../../shared/contract/review';
import { lockAdvisory, type Store, type Tx } from '../store/store';

/** An approved line is the clerk's decision to send it: undo the approval first. Queued lines never change. */
const FROM = ['suggested', 'unmatched', 'overridden', 'to_review', 'rejected', 'recorded', 'set_aside'];

/** A rule's narrowing by amount (cents); null or absent: no bound. */
export interface AmountRange {
  minCents?: number | null | undefined;
  maxCents?: number | null | undefined;
}

/** The clerk's answer to a preview (see `confirmSchema` in shared/contract/review.ts). */
export interface RuleConfirm {
  wide: boolean;
  lineIds: number[];
}

export interface SetAsideInput {
  matchIds: number[];
  /** [W] The versions the clerk saw (review.service.ts `applyReview`): a match changed since is left and named. */
  seen?: SeenMatch[] | undefined;
  reason: AsideReason;
  note?: string | undefined;
  rule?: ({ pattern: string; thisAccountOnly: boolean } & AmountRange) | undefined;
  confirm?: RuleConfirm | undefined;
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

function checkRange(r: AmountRange): { minCents: number | null; maxCents: number | null } {
  const minCents = r.minCents ?? null;
  const maxCents = r.maxCents ?? null;
  if (minCents !== null && maxCents !== null && minCents > maxCents)
    throw new AppError('validation', 'The smallest amount is above the largest.', {
      code: 'review.aside_range_invalid',
    });
  return { minCents, maxCents };
}

/** How many lines a preview lists beyond the ones that are not free (those are all listed, up to 500). */
const FREE_LISTED = 20;
const GUARDED_LISTED = 500;

export interface PreviewInput extends AmountRange {
  pattern: string;
  bankAccountId: number | null;
  /** The rule being edited: the lines it set aside count as free. */
  ruleId?: number | undefined;
  /** Lines being set aside by hand with the rule: not counted. */
  exceptMatchIds?: number[] | undefined;
}

/**
 * The lines a rule would catch now, over every statement's current plan, and where each stands. Read only.
 * Twins (lines repeating an earlier statement's) are left out, as the engine leaves them out.
 */
export const previewAsideRule = (store: Store, input: PreviewInput): Promise<AsidePreview> =>
  store.read((tx) => previewIn(tx, input));

/** {@link previewAsideRule} inside the caller's transaction (a change weighs what it then writes). */
async function previewIn(tx: Tx, input: PreviewInput): Promise<AsidePreview> {
  const pattern = checkPattern(input.pattern);
  const { minCents, maxCents } = checkRange(input);
  const catches = asideMatcher([
    { id: input.ruleId ?? 0, pattern, reason: 'other', note: null, bankAccountId: null, minCents, maxCents },
  ]);
  const except = new Set(input.exceptMatchIds ?? []);
  const counts: Record<AsideStanding, number> = {
    free: 0,
    suggested: 0,
    recorded: 0,
    matched: 0,
    review: 0,
    approved: 0,
    aside: 0,
  };
  type Head = Pick<RuleLineRow, 'fileName' | 'accountName' | 'periodFrom' | 'periodTo'>;
  const perStatement = new Map<number, Head & { caught: number; credits: number }>();
  const guarded: AsidePreview['lines'] = [];
  const free: AsidePreview['lines'] = [];
  for (const l of await asideRepo.ruleLines(tx, input.bankAccountId)) {
    const st = perStatement.get(l.statementId) ?? {
      fileName: l.fileName,
      accountName: l.accountName,
      periodFrom: l.periodFrom,
      periodTo: l.periodTo,
      caught: 0,
      credits: 0,
    };
    perStatement.set(l.statementId, st);
    st.credits++;
    if (l.twin || except.has(l.matchId) || !catches(l, l.bankAccountId)) continue;
    st.caught++;
    const standing = asideStanding(l);
    counts[standing]++;
    const row = {
      matchId: l.matchId,
      lineId: l.lineId,
      statementId: l.statementId,
      date: l.date,
      amountCents: l.amountCents,
      description: l.description,
      payerText: l.payerText,
      standing,
    };
    if (standing === 'free') free.push(row);
    else guarded.push(row);
  }
  const statements = [...perStatement]
    .filter(([, s]) => s.caught > 0)
    .map(([statementId, s]) => ({ statementId, ...s, wide: isWide(s.caught, s.credits) }));
  const caught = statements.reduce((n, s) => n + s.caught, 0);
  const lines = [...guarded.slice(0, GUARDED_LISTED), ...free.slice(0, FREE_LISTED)];
  const wide = statements.some((s) => s.wide);
  return {
    pattern,
    caught,
    counts,
    wide,
    widePercent: WIDE_RULE.share * 100,
    needsConfirmation: wide || guarded.some((l) => l.standing !== 'aside'),
    statements,
    lines,
    more: caught - lines.length,
  };
}

/** The preview stops the change: it needs confirmation the clerk has not given (or not for its breadth). */
const stopped = (preview: AsidePreview, confirm: RuleConfirm | undefined) =>
  preview.needsConfirmation && (!confirm || (preview.wide && !confirm.wide));

/**
 * The lines the clerk ticked that a rule may take (listed in the preview, and confirmable), set aside by the
 * clerk's hand with the rule's reason and note: kept by later runs like any decision. Audited per line.
 */
async function setAsideConfirmed(
  tx: Tx,
  preview: AsidePreview,
  confirm: RuleConfirm | undefined,
  a: { ruleId: number; reason: AsideReason; note: string | null; at: string; who: Actor },
): Promise<number> {
  const ticked = new Set(confirm?.lineIds ?? []);
  let confirmed = 0;
  await reviewRepo.lockMatches(
    tx,
    preview.lines.filter((l) => ticked.has(l.lineId)).map((l) => l.matchId),
  );
  for (const l of preview.lines) {
    if (!ticked.has(l.lineId) || !CONFIRMABLE.includes(l.standing)) continue;
    const m = await reviewRepo.match(tx, l.matchId);
    if (!m || m.queued > 0 || !FROM.includes(m.state)) continue;
    confirmed++;
    await asideRepo.setAside(tx, l.matchId, { reason: a.reason, note: a.note, at: a.at });
    await appendAudit(tx, {
      ...a.who,
      at: a.at,
      action: 'match.set_aside',
      subject: `line:${l.lineId}`,
      before: { matchId: l.matchId, state: m.state },
      after: {
        matchId: l.matchId,
        state: 'set_aside',
        reason: a.reason,
        ...(a.note ? { note: a.note } : {}),
        rule: a.ruleId,
        confirmed: true,
      },
    });
  }
  return confirmed;
}

/**
 * Set the matches aside (their receivables are freed) and, when asked, create the rule — unless its preview
 * needs a confirmation not given: then nothing changes and the preview is answered. Returns the statements to
 * run again so that the new rule catches their free lines. [W] A match changed since the clerk saw it (`seen`)
 * is left as it is and named in `conflicts`; the others are set aside. One write transaction of the Store: each
 * match is read for update (`reviewRepo.match`), so a second clerk's set-aside of the same line waits for the first
 * one's commit and is then told who did it (see `applyReview`). The audit entries commit with the change.
 */
export function setAside(store: Store, input: SetAsideInput, who: Actor, now = new Date()) {
  const at = now.toISOString();
  const note = cleanNote(input.note);
  const saw = seenById(input.seen);
  return store.write(async (tx) => {
    let preview: AsidePreview | null = null;
    if (input.rule) {
      const first = await asideRepo.statementOfMatch(tx, input.matchIds[0]!);
      preview = await previewIn(tx, {
        ...input.rule,
        bankAccountId: input.rule.thisAccountOnly ? (first?.bankAccountId ?? null) : null,
        exceptMatchIds: input.matchIds,
      });
      if (stopped(preview, input.confirm))
        return {
          changed: 0,
          skipped: [],
          conflicts: [] as ReviewConflict[],
          ruleId: null,
          statementId: null,
          statementIds: [],
          confirmed: 0,
          needsConfirmation: true,
          preview,
        };
    }
    let changed = 0;
    const skipped: { matchId: number; reason: string }[] = [];
    const conflicts: ReviewConflict[] = [];
    let account: { statementId: number; bankAccountId: number } | undefined;
    await reviewRepo.lockMatches(tx, input.matchIds);
    for (const id of [...new Set(input.matchIds)]) {
      const m = await reviewRepo.match(tx, id);
      const s = saw.get(id);
      if (!m && s?.lineId !== undefined) {
        conflicts.push(await conflictOf(tx, id, s.lineId));
        continue;
      }
      if (!m && s) {
        skipped.push({ matchId: id, reason: 'replaced by a new run of matching' });
        continue;
      }
      if (!m) throw new AppError('not_found', `There is no match ${id}.`, { code: 'review.not_found' });
      if (s && (s.version !== m.version || (s.lineId !== undefined && s.lineId !== m.lineId))) {
        // Another line's match under the same id (the clerk's was dropped with its statement): named by the
        // clerk's line.
        conflicts.push(await conflictOf(tx, id, s.lineId ?? m.lineId));
        continue;
      }
      if (m.queued > 0) {
        skipped.push({ matchId: id, reason: 'already queued for sending' });
        continue;
      }
      if (!FROM.includes(m.state)) {
        skipped.push({ matchId: id, reason: `not possible from ${m.state}` });
        continue;
      }
      account ??= await asideRepo.statementOfMatch(tx, id);
      await asideRepo.setAside(tx, id, { reason: input.reason, note, at });
      await appendAudit(tx, {
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
    let confirmed = 0;
    if (input.rule && preview) {
      const pattern = checkPattern(input.rule.pattern);
      const { minCents, maxCents } = checkRange(input.rule);
      const bankAccountId = input.rule.thisAccountOnly ? (account?.bankAccountId ?? null) : null;
      ruleId = await asideRepo.insert(tx, {
        pattern,
        reason: input.reason,
        note,
        bankAccountId,
        minCents,
        maxCents,
        at,
      });
      await appendAudit(tx, {
        ...who,
        at,
        action: 'aside_rule.created',
        subject: `aside_rule:${ruleId}`,
        after: {
          pattern,
          reason: input.reason,
          note,
          bankAccountId,
          ...(minCents !== null ? { minCents } : {}),
          ...(maxCents !== null ? { maxCents } : {}),
          ...(preview.wide ? { wideConfirmed: true } : {}),
        },
      });
      confirmed = await setAsideConfirmed(tx, preview, input.confirm, {
        ruleId,
        reason: input.reason,
        note,
        at,
        who,
      });
    }
    // The statements where the new rule catches free lines, to run again.
    const statementIds = [
      ...new Set([
        ...(account ? [account.statementId] : []),
        ...(preview?.statements.map((s) => s.statementId) ?? []),
      ]),
    ];
    return {
      changed,
      skipped,
      conflicts,
      ruleId,
      statementId: account?.statementId ?? null,
      statementIds: ruleId === null ? [] : statementIds,
      confirmed,
      needsConfirmation: false,
      preview,
    };
  });
}

export const listAsideRules = async (store: Store): Promise<{ rows: AsideRuleDto[] }> => ({
  rows: await store.read((tx) => asideRepo.list(tx)),
});

/**
 * Taken by a rule's change or removal before it reads the rule (PostgreSQL; SQLite's write transaction is already
 * exclusive): two clerks editing or removing one rule at once would otherwise both read it as it was, and the
 * second would audit a change from a rule that no longer exists.
 */
const RULES_LOCK = 'aside_rules';

async function ruleOrThrow(tx: Tx, id: number): Promise<AsideRuleDto> {
  const rule = await asideRepo.get(tx, id);
  if (!rule)
    throw new AppError('not_found', `There is no set-aside rule ${id}.`, {
      code: 'review.aside_rule_not_found',
    });
  return rule;
}

const ruleFields = (r: AsideRuleDto) => ({
  pattern: r.pattern,
  reason: r.reason,
  note: r.note,
  bankAccountId: r.bankAccountId,
  minCents: r.minCents,
  maxCents: r.maxCents,
});

/**
 * Change a rule — unless its preview needs a confirmation not given: then nothing changes and the preview is
 * answered. The lines it set aside go back to the engine, which applies the rules again on the next run (the
 * caller runs the statements returned): lines the new rule no longer catches are matched again.
 */
export function updateAsideRule(
  store: Store,
  patch: {
    id: number;
    pattern?: string | undefined;
    reason?: AsideReason | undefined;
    note?: string | null | undefined;
    bankAccountId?: number | null | undefined;
    minCents?: number | null | undefined;
    maxCents?: number | null | undefined;
    confirm?: RuleConfirm | undefined;
  },
  who: Actor,
  now = new Date(),
) {
  const at = now.toISOString();
  return store.write(async (tx) => {
    await lockAdvisory(tx, RULES_LOCK);
    const before = await ruleOrThrow(tx, patch.id);
    const range = checkRange({
      minCents: patch.minCents === undefined ? before.minCents : patch.minCents,
      maxCents: patch.maxCents === undefined ? before.maxCents : patch.maxCents,
    });
    const next = {
      pattern: patch.pattern === undefined ? before.pattern : checkPattern(patch.pattern),
      reason: patch.reason ?? before.reason,
      note: patch.note === undefined ? before.note : cleanNote(patch.note),
      bankAccountId: patch.bankAccountId === undefined ? before.bankAccountId : patch.bankAccountId,
      ...range,
    };
    if (next.reason === 'other' && !next.note)
      throw new AppError('validation', 'Say why in a note.', { code: 'review.aside_note_needed' });
    const preview = await previewIn(tx, { ...next, ruleId: patch.id });
    if (stopped(preview, patch.confirm))
      return { rule: before, statementIds: [], needsConfirmation: true, preview, confirmed: 0 };
    await asideRepo.update(tx, patch.id, { ...next, at });
    const released = await asideRepo.releaseRuleLines(tx, patch.id, at);
    await appendAudit(tx, {
      ...who,
      at,
      action: 'aside_rule.changed',
      subject: `aside_rule:${patch.id}`,
      before: ruleFields(before),
      after: { ...next, ...(preview.wide ? { wideConfirmed: true } : {}) },
    });
    const confirmed = await setAsideConfirmed(tx, preview, patch.confirm, {
      ruleId: patch.id,
      reason: next.reason,
      note: next.note,
      at,
      who,
    });
    const statementIds = [
      ...new Set([...released.statementIds, ...preview.statements.map((s) => s.statementId)]),
    ].sort((a, b) => a - b);
    return {
      rule: await ruleOrThrow(tx, patch.id),
      statementIds,
      needsConfirmation: false,
      preview,
      confirmed,
    };
  });
}

/** Remove a rule; the lines it set aside go back to matching (the caller runs the statements returned). */
export function removeAsideRule(store: Store, id: number, who: Actor, now = new Date()) {
  const at = now.toISOString();
  return store.write(async (tx) => {
    await lockAdvisory(tx, RULES_LOCK);
    const before = await ruleOrThrow(tx, id);
    const { released, statementIds } = await asideRepo.releaseRuleLines(tx, id, at);
    await asideRepo.delete(tx, id);
    await appendAudit(tx, {
      ...who,
      at,
      action: 'aside_rule.removed',
      subject: `aside_rule:${id}`,
      before: { pattern: before.pattern, reason: before.reason, note: before.note },
      after: { linesReleased: released },
    });
    return { removed: 1, linesReleased: released, statementIds };
  });
}
