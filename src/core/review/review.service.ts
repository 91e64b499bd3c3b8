import { appendAudit } from '../audit/audit.store';
import { rolledBack, type Store, type Tx } from '../store/store';
import { AppError } from '../errors';
import { matchStatement } from '../matching/engine';
import { matchingRepo as repo } from '../matching/matching.repo';
import { choiceReceivables, getMatchSettings, recordOverride } from '../matching/matching.service';
import { renderReasons } from '../matching/reasons-pt';
import { payerKey } from '../matching/text';
import { reviewRepo } from './review.repo';
import { conflictOf, seenById, type SeenMatch } from './review-conflicts';
import type { ReviewConflict } from '../../shared/contract/review';
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

/**
 * Apply one review action to several matches in one transaction, one audit entry each. A match whose
 * receivables are already in the outbox cannot change any more (what is being sent stays what was reviewed).
 *
 * [W] `seen`: the versions the clerk saw. A match changed since (its version moved, or a re-run replaced it) is
 * left as it is and named in `conflicts` (who, when, how it stands); every other match of the batch goes through,
 * as the clerk saw it. Without `seen` (the CLI, the send policy) nothing is compared. The transaction is IMMEDIATE:
 * the write lock is taken before the first read, so the versions compared are the ones overwritten.
 */
export function applyReview(
  store: Store,
  action: ReviewAction,
  matchIds: number[],
  who: Actor,
  now = new Date(),
  /** Added to each audit entry's `after` (the send policy names its version: core/policy/send-policy.ts). */
  note: Record<string, string | number> = {},
  seen?: readonly SeenMatch[],
) {
  return store.write((tx) => applyReviewIn(tx, action, matchIds, who, now, note, seen));
}

/** `applyReview` inside the caller's write transaction (the send policy reads and approves in one). */
export async function applyReviewIn(
  tx: Tx,
  action: ReviewAction,
  matchIds: number[],
  who: Actor,
  now = new Date(),
  note: Record<string, string | number> = {},
  seen?: readonly SeenMatch[],
) {
  const at = now.toISOString();
  const saw = seenById(seen);
  {
    let changed = 0;
    const skipped: { matchId: number; reason: string }[] = [];
    const conflicts: ReviewConflict[] = [];
    await reviewRepo.lockMatches(tx, matchIds);
    for (const id of [...new Set(matchIds)]) {
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
      if (!FROM[action].includes(m.state) || (action === 'approve' && m.items === 0)) {
        skipped.push({
          matchId: id,
          reason:
            m.items === 0 && action === 'approve' ? 'no receivable proposed' : `not possible from ${m.state}`,
        });
        continue;
      }
      const to = TARGET[action];
      await reviewRepo.setState(tx, id, to, at);
      if (action === 'unmatch') await reviewRepo.dropItems(tx, id);
      await appendAudit(tx, {
        ...who,
        at,
        action: action === 'unmatch' ? 'match.unmatched' : `match.${to}`,
        subject: `line:${m.lineId}`,
        before: { matchId: id, state: m.state },
        after: { matchId: id, state: to, ...note },
      });
      changed++;
    }
    return { changed, skipped, conflicts };
  }
}

/** Approve every green suggestion of a statement's current plan ("aprovar todos os verdes"). */
export async function approveGreen(store: Store, statementId: number, who: Actor, now = new Date()) {
  const ids = await store.read((tx) => reviewRepo.greenSuggestions(tx, statementId));
  return applyReview(store, 'approve', ids, who, now);
}

export interface OverrideOptions {
  /** The clerk confirmed a choice that scores below the yellow threshold. */
  confirmed?: boolean | undefined;
  /** Remember the bank's payer text as the chosen receivables' members (default: yes). */
  learn?: boolean | undefined;
  /** [W] The version (and id) of the line's match the clerk saw: changed since, nothing is applied. */
  seenVersion?: number | undefined;
  seenMatchId?: number | undefined;
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
  /** [W] The line changed since the clerk saw it: who changed it (nothing was applied). */
  conflicts: ReviewConflict[];
}

type Zone = 'green' | 'yellow' | 'red';

/**
 * How the engine scores this choice as things stand, before anything is learned from it (the same run
 * `recordOverride` makes, without the alias it would learn first). Null when the line cannot be chosen for
 * (no credit line, no plan): `recordOverride` then says why.
 */
async function scoreChoice(tx: Tx, lineId: number, receivableIds: number[]) {
  const line = await repo.line(tx, lineId);
  const st = line && (await repo.statement(tx, line.statementId));
  const plan = st && (await repo.currentPlan(tx, st.id));
  const match = plan && (await repo.matchOfLine(tx, plan.id, lineId));
  if (!line || !st || !plan || !match || line.kind !== 'credit') return null;
  const ids = [...new Set(receivableIds)].sort((a, b) => a - b);
  const { settings } = await getMatchSettings(tx);
  const from = addDays(st.period_from ?? line.date, -40);
  const to = addDays(st.period_to ?? line.date, 40);
  const held = await repo.heldReceivables(tx, null);
  for (const [id, h] of held) if (h.lineId === lineId) held.delete(id);
  const plan1 = matchStatement({
    bankAccountId: st.bank_account_id,
    lines: [line],
    receivables: choiceReceivables(await repo.receivables(tx, from, to), ids),
    aliases: (await repo.aliases(tx)).map((a) => ({
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
  store: Store,
  lineId: number,
  receivableIds: number[],
  who: Actor,
  now = new Date(),
  opts: OverrideOptions = {},
): Promise<OverrideOutcome> {
  return store.write(async (tx): Promise<OverrideOutcome> => {
    if (opts.seenVersion !== undefined || opts.seenMatchId !== undefined) {
      const cur = await reviewRepo.lineMatch(tx, lineId);
      const moved =
        cur &&
        ((opts.seenMatchId !== undefined && cur.id !== opts.seenMatchId) ||
          (opts.seenVersion !== undefined && cur.version !== opts.seenVersion));
      if (cur && moved)
        return {
          applied: false,
          needsConfirmation: false,
          matchId: cur.id,
          score: cur.score,
          zone: cur.zone,
          aliasesLearned: 0,
          reasons: [],
          conflicts: [await conflictOf(tx, opts.seenMatchId ?? cur.id, lineId)],
        };
    }
    const queued = await reviewRepo.queuedOfLine(tx, lineId);
    if (queued)
      throw new AppError('conflict', 'This line was already queued for sending; it cannot change.', {
        code: 'review.queued',
      });
    const before = await reviewRepo.latestMatchOfLine(tx, lineId);
    const pre = await scoreChoice(tx, lineId, receivableIds);
    if (pre?.low && !opts.confirmed) {
      // Validate the choice all the same (open, not taken), then undo: nothing is applied or learned yet.
      await rolledBack(tx, 'override_check', () => recordOverride(tx, lineId, receivableIds, now));
      return {
        applied: false,
        needsConfirmation: true,
        matchId: pre.matchId,
        score: pre.score,
        zone: pre.zone,
        aliasesLearned: 0,
        reasons: renderReasons(pre.reasons),
        conflicts: [],
      };
    }
    const learn = opts.learn !== false;
    const key = pre ? payerKey(pre.line.payerText ?? pre.line.description) : '';
    const aliasesBefore = key ? await reviewRepo.aliasesOfKey(tx, key) : [];
    const result = await recordOverride(tx, lineId, receivableIds, now);
    let score = result.score;
    let zone: Zone = result.zone;
    if (!learn && key && pre) {
      // recordOverride always learns: put the aliases back as they were, and keep the score it had without.
      const kept = new Map(aliasesBefore.map((a) => [a.id, a]));
      for (const { id } of await reviewRepo.aliasesOfKey(tx, key)) {
        const old = kept.get(id);
        if (!old) await reviewRepo.deleteAlias(tx, id);
        else await reviewRepo.restoreAlias(tx, old);
      }
      score = pre.score;
      zone = pre.zone;
      await reviewRepo.rescore(tx, result.matchId, {
        score,
        zone,
        reasonsJson: JSON.stringify([
          { code: 'manual', params: { at: todayInBrasilia(now) } },
          ...pre.reasons,
        ]),
      });
    }
    // Another choice may score and read as the one before it: the version moves all the same.
    await reviewRepo.bumpVersion(tx, result.matchId);
    const learned = learn ? result.aliasesLearned : 0;
    await appendAudit(tx, {
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
      conflicts: [],
    };
  });
}

/** The learned aliases: the bank's payer text, the member it stands for (by the name the cache knows). */
export async function listAliases(store: Store) {
  return { rows: await store.read(reviewRepo.aliases) };
}

/** Forget a learned alias (the next suggestions no longer use it); audited. */
export function removeAlias(store: Store, id: number, who: Actor, now = new Date()) {
  return store.write(async (tx) => {
    const row = await reviewRepo.alias(tx, id);
    if (!row)
      throw new AppError('not_found', `There is no learned name ${id}.`, { code: 'review.alias_not_found' });
    await reviewRepo.deleteAlias(tx, id);
    await appendAudit(tx, {
      ...who,
      at: now.toISOString(),
      action: 'alias.removed',
      subject: `alias:${id}`,
      before: row,
    });
    return { removed: 1 };
  });
}
