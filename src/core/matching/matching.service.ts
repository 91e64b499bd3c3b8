/**
 * Matching use cases over a profile's database: run the engine on a statement and persist its plan,
 * read and change the settings, and learn from a clerk's manual choice. Each writes in one transaction.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import {
  matchSettingsSchema,
  type MatchSettings,
  type MatchSummaryDto,
} from '../../shared/contract/matching';
import { lockAdvisory, type Store, type Tx } from '../store/store';
import { AppError } from '../errors';
import { addDays, todayInBrasilia } from '../sync/dates';
import { matchReturnTitles } from '../import/return-file/return-titles.store';
import { acquirerPaymentsFor } from '../acquirer/acquirer.match';
import { asideRepo } from '../review/aside.repo';
import { asideMatcher, type AsideRule } from './aside-rules';
import { learnedCardFees } from './card-fees';
import { matchStatement } from './engine';
import { matchingRepo as repo, type NewItem, type NewMatch, type StatementInfo } from './matching.repo';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import { payerKey } from './text';
import { accountPlaces, branchNames, isNetwork } from '../branches/branches';
import type {
  LineResult,
  MatchAlias,
  MatchLine,
  MatchPlan,
  MatchReceivable,
  PlanItem,
  Reason,
} from './types';

export interface MatchingOptions {
  now?: () => Date;
}

/** Serialises, per branch on PostgreSQL, what gives receivables to lines: a run and a clerk's manual choice. */
export const MATCHING_LOCK = 'matching';

const nowOf = (o: MatchingOptions) => (o.now ?? (() => new Date()))();

export async function resolveStatement(tx: Tx, statementId: number | undefined): Promise<StatementInfo> {
  const s =
    statementId === undefined ? await repo.latestStatement(tx) : await repo.statement(tx, statementId);
  if (!s) {
    throw statementId === undefined
      ? new AppError('not_found', 'No statement has been imported yet: import one first.', {
          code: 'match.no_statement',
        })
      : new AppError('not_found', `Statement #${statementId} does not exist.`, {
          code: 'match.statement_not_found',
          params: { statementId },
        });
  }
  return s;
}

export async function getMatchSettings(tx: Tx): Promise<{ settings: MatchSettings; isDefault: boolean }> {
  const json = await repo.settings(tx);
  if (json === undefined) return { settings: DEFAULT_MATCH_SETTINGS, isDefault: true };
  // Written by another version and no longer valid: fall back rather than refuse to match.
  const parsed = matchSettingsSchema.safeParse(JSON.parse(json));
  return parsed.success
    ? { settings: parsed.data, isDefault: false }
    : { settings: DEFAULT_MATCH_SETTINGS, isDefault: true };
}

export type MatchSettingsPatch = Partial<MatchSettings> & { reset?: boolean | undefined };

/** Given keys replace the current ones; `lag` is merged per payment type. The result is validated whole. */
export function updateMatchSettings(store: Store, patch: MatchSettingsPatch, opts: MatchingOptions = {}) {
  return store.write((tx) => updateMatchSettingsIn(tx, patch, opts));
}

async function updateMatchSettingsIn(tx: Tx, patch: MatchSettingsPatch, opts: MatchingOptions) {
  const at = nowOf(opts).toISOString();
  if (patch.reset) {
    await repo.saveSettings(tx, null, at);
    return getMatchSettings(tx);
  }
  const rest: Partial<MatchSettings> & { reset?: boolean | undefined } = { ...patch };
  delete rest.reset;
  const current = (await getMatchSettings(tx)).settings;
  const merged = { ...current, ...rest, lag: { ...current.lag, ...(rest.lag ?? {}) } };
  const parsed = matchSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('validation', `Invalid matching settings: ${issue.path.join('.')} ${issue.message}`, {
      code: 'match.settings_invalid',
      field: issue.path.join('.'),
    });
  }
  await repo.saveSettings(tx, JSON.stringify(parsed.data), at);
  return getMatchSettings(tx);
}

export async function loadAliases(tx: Tx): Promise<MatchAlias[]> {
  return (await repo.aliases(tx)).map((a) => ({
    payerKey: a.payer_key,
    memberId: a.member_id,
    payerName: a.payer_name,
    learnedAt: todayInBrasilia(new Date(a.learned_at)),
  }));
}

/**
 * The engine's plan for these lines of a statement, with what the database says is already taken.
 * `only`: score just these receivables (a manual choice), ignoring what this line itself holds.
 */
/**
 * What the engine sees when it scores a clerk's own choice: the chosen receivables, and those already received,
 * which cannot be proposed but explain part of a deposit (a card or boleto deposit whose other sales are already in
 * EVO: lump_received). Without them, re-choosing the engine's own proposal for such a deposit scored 0.
 */
export function choiceReceivables<T extends { id: number; statusId: number | null }>(
  all: T[],
  ids: number[],
): T[] {
  return all.filter((r) => ids.includes(r.id) || r.statusId === ACCOUNT_STATUS.received);
}

/**
 * [V] The branch whose money a statement's account takes, when the account was placed in one branch of a network
 * (docs/branches.md); null for a central account, an account not placed yet, or a single branch: then every
 * receivable is a candidate, as before branches existed.
 */
async function homeBranch(
  tx: Tx,
  accountId: number,
): Promise<{ id: number; names: Map<number, string | null> } | null> {
  if (!(await isNetwork(tx))) return null;
  const place = (await accountPlaces(tx)).get(accountId);
  if (!place || place.branchId === null) return null;
  return { id: place.branchId, names: await branchNames(tx) };
}

type Home = NonNullable<Awaited<ReturnType<typeof homeBranch>>>;

/**
 * The `other_branch` reason: which branch's account took the money, and whose receivable it pays. Nothing proposed
 * is said as what it is: candidates that tie (`tie`, a choice to make) or money already recorded in the EVO
 * (`recorded`, nothing to approve); otherwise it is a proposal to check.
 */
function otherBranchReason(
  home: Home,
  receivableBranch: number,
  as: 'proposal' | 'tie' | 'recorded',
): Reason {
  return {
    code: 'other_branch',
    params: {
      accountBranchId: home.id,
      accountBranch: home.names.get(home.id) ?? '',
      receivableBranchId: receivableBranch,
      receivableBranch: home.names.get(receivableBranch) ?? '',
      ...(as === 'tie' ? { tie: 1 } : as === 'recorded' ? { recorded: 1 } : {}),
    },
  };
}

/**
 * A line's result that pays receivables of another branch (or ties among them): never green (a person confirms
 * money that landed in the wrong unit), and said first among its reasons.
 */
function asOtherBranch(
  r: LineResult,
  home: Home,
  branchOf: Map<number, number | null | undefined>,
): LineResult {
  const as =
    r.items.length > 0
      ? 'proposal'
      : isRecorded(r)
        ? 'recorded'
        : r.reasons.some((x) => x.code === 'tie')
          ? 'tie'
          : null;
  if (as === null) return r;
  // The receivables it pays, the one the EVO already has as received (its clerk reconciled it), or the tied ones.
  const ids =
    as === 'proposal'
      ? r.items.map((i) => i.receivableId)
      : as === 'recorded'
        ? r.reasons.filter((x) => x.code === 'already_received').map((x) => Number(x.params?.receivableId))
        : (r.tied ?? []).flatMap((o) => o.receivableIds);
  const other = ids.map((id) => branchOf.get(id)).find((b) => b != null && b !== home.id);
  if (other == null) return r;
  return {
    ...r,
    zone: r.zone === 'green' ? 'yellow' : r.zone,
    reasons: [otherBranchReason(home, other, as), ...r.reasons.filter((x) => x.code !== 'other_branch')],
  };
}

/** The plan, without the engine's record of tied options (read here, never stored). */
async function planFor(
  tx: Tx,
  st: StatementInfo,
  lines: MatchLine[],
  settings: MatchSettings,
  only?: { ids: number[]; lineId: number },
): Promise<MatchPlan> {
  const plan = await planWithTies(tx, st, lines, settings, only);
  return {
    ...plan,
    results: plan.results.map((r) => {
      if (!r.tied) return r;
      const rest = { ...r };
      delete rest.tied;
      return rest;
    }),
  };
}

async function planWithTies(
  tx: Tx,
  st: StatementInfo,
  lines: MatchLine[],
  settings: MatchSettings,
  only?: { ids: number[]; lineId: number },
): Promise<MatchPlan> {
  const from = addDays(st.period_from ?? lines[0]?.date ?? '2000-01-01', -40);
  const to = addDays(st.period_to ?? lines.at(-1)?.date ?? '2000-01-01', 40);
  const home = await homeBranch(tx, st.bank_account_id);
  if (!home) return planOver(tx, st, lines, settings, await repo.receivables(tx, from, to), only);
  const branchOf = new Map<number, number | null | undefined>();
  const remember = (rs: MatchReceivable[]) => {
    for (const r of rs) branchOf.set(r.id, r.branchId);
    return rs;
  };
  // A clerk's own choice is scored as chosen, wherever its receivables belong; a wrong branch is said.
  if (only) {
    const plan = await planOver(
      tx,
      st,
      lines,
      settings,
      remember(await repo.receivables(tx, from, to)),
      only,
    );
    return { ...plan, results: plan.results.map((r) => asOtherBranch(r, home, branchOf)) };
  }
  // The account's branch first (and receivables that name no branch), as a single branch is matched.
  const first = await planOver(
    tx,
    st,
    lines,
    settings,
    remember(await repo.receivables(tx, from, to, { branch: home.id })),
  );
  // Then the credits nothing of the branch explains and that name their payer, against the other branches'
  // receivables of about their amount: a member who paid into this unit's account for another unit. Their own
  // evidence (return files, acquirer batches) belongs to the account's branch and was used above. "Nothing
  // explains" includes a red proposal and one resting on the surname alone: "PIX RECEBIDO - FLAVIA PEREIRA"
  // is not explained by Luciana Pereira's receivable here when Flávia Pereira's is in another branch.
  const left = new Set(first.results.filter(unexplained).map((r) => r.lineId));
  const leftLines = lines.filter(
    (l) => left.has(l.id) && l.kind === 'credit' && (l.payerText ?? '').trim() !== '',
  );
  if (leftLines.length === 0) return first;
  const others = remember(
    await repo.receivables(tx, from, to, {
      otherThan: home.id,
      amounts: [...new Set(leftLines.map((l) => l.amountCents))],
    }),
  );
  if (others.length === 0) return first;
  const second = await planOver(tx, st, leftLines, settings, others, undefined, { evidence: false });
  // A proposal, or the money already recorded in the EVO against another branch's receivable (its clerk
  // reconciled it there): either says more than "nothing fits" did.
  // Or a tie among receivables that each name the payer (one member's two debts of that amount): nothing is
  // proposed, as in the account's own branch, but the line says where the candidates are.
  const found = new Map(
    second.results
      .filter(
        (r) =>
          (r.state === 'suggested' && r.zone !== 'red' && namesItsPayer(r)) || isRecorded(r) || namedTie(r),
      )
      .map((r) => [r.lineId, r]),
  );
  return {
    ...first,
    results: first.results.map((r) => {
      const f = found.get(r.lineId);
      return f ? asOtherBranch(f, home, branchOf) : r;
    }),
  };
}

/** A tie (nothing proposed) among options that each name the payer: one member's debts of that amount. */
function namedTie(r: LineResult): boolean {
  return r.state === 'unmatched' && (r.tied?.length ?? 0) > 0 && r.tied!.every((o) => namesItsPayer(o));
}

/**
 * [V] Whether the account's own branch left a line unexplained, so that the other branches are searched for it:
 * nothing proposed (and the money not already in the EVO, and no tie among the branch's named candidates), a red
 * proposal, or one whose only evidence of who paid is a surname. A proposal that names its payer, or rests on the
 * branch's own evidence, is kept as it is.
 */
function unexplained(r: LineResult): boolean {
  // A tie among the branch's own candidates that name the payer is explained: the clerk chooses here.
  if (r.state === 'unmatched') return !isRecorded(r) && !namedTie(r);
  if (r.state !== 'suggested') return false;
  return r.zone === 'red' || r.reasons.some((x) => x.code === 'surname');
}

/**
 * [V] Whether a proposal names who paid: an exact key, a learned alias, or the payer's name (not a surname alone,
 * not a credit that names nobody). Across a network the same amount has tens of candidates, so only these, and only
 * when the engine rates them above red, are proposed as wrong-branch payments; a weaker fit stays unmatched for the
 * clerk to search (docs/branches.md).
 */
function namesItsPayer(r: Pick<LineResult, 'reasons'>): boolean {
  const codes = new Set(r.reasons.map((x) => x.code));
  return (codes.has('key') || codes.has('alias') || codes.has('name_similarity')) && !codes.has('surname');
}

/** The engine over these receivables, with what the database says is already taken. */
async function planOver(
  tx: Tx,
  st: StatementInfo,
  lines: MatchLine[],
  settings: MatchSettings,
  all: MatchReceivable[],
  only?: { ids: number[]; lineId: number },
  opts: { evidence: boolean } = { evidence: true },
): Promise<MatchPlan> {
  const held = await repo.heldReceivables(tx, only ? null : st.id);
  if (only) for (const [id, h] of held) if (h.lineId === only.lineId) held.delete(id);
  return matchStatement({
    bankAccountId: st.bank_account_id,
    lines,
    receivables: only ? choiceReceivables(all, only.ids) : all,
    aliases: await loadAliases(tx),
    settings,
    held,
    // [J] Fees learned from the clerk's confirmed card matches narrow the fee band of card deposits.
    cardFees: only ? [] : await learnedCardFees(tx),
    // The account's boleto settlements (CNAB return files) credited in the statement's period; not when
    // scoring a clerk's own choice, which is scored on the receivables chosen alone.
    returnTitles:
      only || !opts.evidence
        ? []
        : await matchReturnTitles(
            tx,
            st.bank_account_id,
            st.period_from ?? lines[0]?.date ?? '2000-01-01',
            st.period_to ?? lines.at(-1)?.date ?? '2000-01-01',
          ),
    // [J] The account's acquirer payment batches (settlement files) of the statement's period, likewise.
    acquirerPayments:
      only || !opts.evidence
        ? []
        : await acquirerPaymentsFor(
            tx,
            st.bank_account_id,
            st.period_from ?? lines[0]?.date ?? '2000-01-01',
            st.period_to ?? lines.at(-1)?.date ?? '2000-01-01',
          ),
  });
}

const reasonsJson = (r: Reason[]) => JSON.stringify(r);

/**
 * The money of this line is already recorded in the gym system: nothing proposed, because received receivables
 * explain it — one (`already_received`), or an aggregated credit (card deposit, boleto day, return-file or
 * acquirer batch) whose receivables were all received (`lump_received` with `explained: 1`, set where a pass
 * settles the line that way).
 * The one place that decides the `recorded` state.
 */
export function isRecorded(r: Pick<LineResult, 'state' | 'reasons'>): boolean {
  return (
    r.state === 'unmatched' &&
    r.reasons.some(
      (x) => x.code === 'already_received' || (x.code === 'lump_received' && x.params?.explained === 1),
    )
  );
}

/**
 * Lines that repeat a line of an earlier statement of the same account: the same period imported again
 * from another kind of file (fingerprints only dedupe files of one kind, see core/import/fingerprint.ts).
 * Same date, amount and payer text (or description), paired in file order. The earlier statement keeps
 * the line; here it is reported, not matched a second time.
 */
async function twinsOf(
  tx: Tx,
  st: StatementInfo,
  lines: MatchLine[],
): Promise<Map<number, { statementId: number; lineId: number }>> {
  const twins = new Map<number, { statementId: number; lineId: number }>();
  if (lines.length === 0) return twins;
  const dates = lines.map((l) => l.date).sort();
  const key = (l: MatchLine) =>
    `${l.date}|${l.amountCents}|${payerKey(l.payerText ?? l.description) || l.description.toLowerCase()}`;
  const queues = new Map<string, { statementId: number; id: number }[]>();
  for (const e of await repo.earlierCredits(tx, st, dates[0]!, dates.at(-1)!)) {
    const k = key(e);
    queues.set(k, [...(queues.get(k) ?? []), { statementId: e.statementId, id: e.id }]);
  }
  for (const l of lines) {
    const twin = queues.get(key(l))?.shift();
    if (twin) twins.set(l.id, { statementId: twin.statementId, lineId: twin.id });
  }
  return twins;
}

/**
 * Match a statement (default: the latest imported) and make the result its current plan. Matches the clerk
 * has touched (any state but suggested/unmatched) are carried over as they are, their lines are not
 * re-matched, and their receivables are off limits; so is any receivable held by another statement's
 * plan. Everything else of the previous plan is replaced. One write transaction: what is read is what is
 * replaced, even with another process writing. SQLite: IMMEDIATE, so no other writer runs meanwhile. PostgreSQL:
 * the `matching` lock (one run or manual choice at a time per branch, so no receivable is given to two lines) and
 * the statement's matches locked first (a clerk's decision on one of them waits, or is seen: docs/concurrency.md).
 */
export async function runMatching(
  store: Store,
  input: { statementId?: number | undefined },
  opts: MatchingOptions = {},
): Promise<MatchSummaryDto> {
  const started = performance.now();
  const createdAt = nowOf(opts).toISOString();
  const summary = await store.write(async (tx) => {
    await lockAdvisory(tx, MATCHING_LOCK);
    const st = await resolveStatement(tx, input.statementId);
    await repo.lockStatementMatches(tx, st.id);
    const { settings } = await getMatchSettings(tx);
    const kept = await repo.keptMatches(tx, st.id);
    const keptLines = new Set(kept.map((m) => m.line_id));
    const all = (await repo.creditLines(tx, st.id)).filter((l) => !keptLines.has(l.id));
    const twins = await twinsOf(tx, st, all);
    const lines = all.filter((l) => !twins.has(l.id));
    const plan = await planFor(tx, st, lines, settings);
    // [R] item 4: a set-aside rule takes only a line the engine has nothing for — never one with a proposal or
    // already recorded in EVO (nor, being kept above, one the clerk decided); those it takes only when the clerk
    // ticks them, by hand (core/matching/aside-rules.ts).
    const ruleFor = asideMatcher(await asideRepo.rules(tx));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const caught = new Map<number, AsideRule>();
    plan.results = plan.results.filter((r) => {
      if (r.state !== 'unmatched' || r.items.length > 0 || isRecorded(r)) return true;
      const rule = ruleFor(byId.get(r.lineId)!, st.bank_account_id);
      if (rule) caught.set(r.lineId, rule);
      return !rule;
    });
    for (const [lineId, twin] of twins) {
      // The earlier statement by its days ([T] item 6: "do extrato de 27/10 a 26/11", never "do extrato #3").
      const earlier = await repo.statement(tx, twin.statementId);
      plan.results.push({
        lineId,
        items: [],
        score: 0,
        zone: 'red',
        state: 'unmatched',
        reasons: [
          {
            code: 'duplicate_import',
            params: {
              statementId: twin.statementId,
              lineId: twin.lineId,
              ...(earlier?.period_from && earlier.period_to
                ? { from: earlier.period_from, to: earlier.period_to }
                : {}),
            },
          },
        ],
      });
    }
    const planId = await repo.insertPlan(tx, {
      statementId: st.id,
      createdAt,
      engineVersion: plan.engineVersion,
      settingsJson: JSON.stringify(settings),
    });
    const counts = { green: 0, yellow: 0, red: 0, unmatched: 0, recorded: 0 };
    const rows: NewMatch[] = [];
    for (const [lineId, rule] of caught)
      rows.push({
        planId,
        lineId,
        score: 0,
        zone: 'red',
        reasonsJson: '[]',
        state: 'set_aside',
        at: createdAt,
        aside: { reason: rule.reason, note: rule.note, ruleId: rule.id },
      });
    if (caught.size)
      await asideRepo.markApplied(tx, [...new Set([...caught.values()].map((r) => r.id))], createdAt);
    for (const r of plan.results) {
      const recorded = isRecorded(r);
      rows.push({
        planId,
        lineId: r.lineId,
        score: r.score,
        zone: r.zone,
        reasonsJson: reasonsJson(r.reasons),
        state: recorded ? 'recorded' : r.state,
        at: createdAt,
      });
      if (recorded) counts.recorded++;
      else if (r.state === 'unmatched') counts.unmatched++;
      else counts[r.zone]++;
    }
    const matchIds = await repo.insertMatches(tx, rows);
    const items: NewItem[] = [];
    for (const r of plan.results)
      for (const i of r.items)
        items.push({
          matchId: matchIds.get(r.lineId)!,
          planId,
          receivableId: i.receivableId,
          amountCents: i.amountCents,
          active: true,
        });
    await repo.insertItems(tx, items);
    // The old plans go only now, after the new matches are in: a match id is the table's largest plus one, so
    // dropping them first would give the new suggestion of a line the very id (and version 0) its old one had,
    // and a clerk deciding on what they saw would approve a suggestion they never saw ([W]: docs/concurrency.md).
    await repo.replacePlans(
      tx,
      st.id,
      planId,
      kept.map((m) => m.id),
    );
    return {
      planId,
      statementId: st.id,
      engineVersion: plan.engineVersion,
      lines: all.length + kept.length,
      kept: kept.length,
      setAside: caught.size,
      ...counts,
    };
  });
  return { ...summary, createdAt, durationMs: Math.round(performance.now() - started) };
}

export interface OverrideResult {
  matchId: number;
  /** The alias key learned from the line's payer text; null when the line names nobody. */
  payerKey: string | null;
  aliasesLearned: number;
  score: number;
  zone: 'green' | 'yellow' | 'red';
}

/**
 * The clerk chose these receivables for this line. Remembers the bank's payer text → the members who own
 * them (so the next statement proposes them, "aprendido em dd/mm"), and replaces the line's match with the
 * choice, in state `overridden`: reviewable, and kept by later runs. The choice is scored by the engine
 * for the record; its reasons start with "escolhido manualmente". In the caller's write transaction, under the
 * `matching` lock (PostgreSQL), as a run is: the receivables it finds free stay free until it commits.
 */
export async function recordOverride(
  tx: Tx,
  lineId: number,
  receivableIds: number[],
  now: Date,
): Promise<OverrideResult> {
  const ids = [...new Set(receivableIds)].sort((a, b) => a - b);
  const at = now.toISOString();
  await lockAdvisory(tx, MATCHING_LOCK);
  const line = await repo.line(tx, lineId);
  if (!line || line.kind !== 'credit') {
    throw new AppError('not_found', `Line ${lineId} is not a credit line of an imported statement.`, {
      code: 'match.line_not_found',
      params: { lineId },
    });
  }
  const plan = await repo.currentPlan(tx, line.statementId);
  const match = plan && (await repo.matchOfLine(tx, plan.id, lineId));
  if (!plan || !match) {
    throw new AppError('conflict', 'Run matching on this statement before choosing receivables by hand.', {
      code: 'match.no_plan',
    });
  }
  if (ids.length === 0)
    throw new AppError('validation', 'Choose at least one receivable.', { code: 'match.none_chosen' });
  const found = await repo.receivableStates(tx, ids);
  const notOpen = ids.filter(
    (id) =>
      !found.some(
        (r) => r.id === id && (r.statusId === ACCOUNT_STATUS.open || r.statusId === ACCOUNT_STATUS.overdue),
      ),
  );
  if (notOpen.length) {
    throw new AppError('validation', `Not open or overdue in the gym system: ${notOpen.join(', ')}.`, {
      code: 'match.receivable_not_open',
      params: { ids: notOpen.join(',') },
    });
  }
  const held = await repo.heldReceivables(tx, null);
  for (const id of ids) {
    const h = held.get(id);
    if (h && h.lineId !== lineId) {
      throw new AppError(
        'conflict',
        `Receivable ${id} is already given to line ${h.lineId} (statement #${h.statementId}).`,
        {
          code: 'match.receivable_taken',
          params: { receivableId: id, lineId: h.lineId, statementId: h.statementId },
        },
      );
    }
  }
  const key = payerKey(line.payerText ?? line.description);
  const members = [...new Set(found.map((r) => r.memberId).filter((m): m is number => m !== null))];
  if (key)
    for (const memberId of members)
      await repo.upsertAlias(tx, { payerKey: key, memberId, payerName: line.payerText, at });

  // The engine, run on this line and the chosen receivables only (with the alias just learned), says how
  // strong the choice looks and how the amount splits; a choice it would not make still stands.
  const st = (await repo.statement(tx, line.statementId))!;
  const { settings } = await getMatchSettings(tx);
  const plain = (await planFor(tx, st, [line], settings, { ids, lineId })).results[0];
  const agrees =
    plain && plain.items.length === ids.length && plain.items.every((i, k) => i.receivableId === ids[k]);
  const items: PlanItem[] = agrees ? plain.items : splitEvenly(line.amountCents, found, ids);
  const score = agrees ? plain.score : 0;
  const zone = agrees ? plain.zone : 'red';
  const reasons: Reason[] = [
    { code: 'manual', params: { at: todayInBrasilia(now) } },
    ...(agrees ? plain.reasons : []),
  ];
  await repo.deleteItems(tx, match.id);
  await repo.updateMatch(tx, {
    id: match.id,
    score,
    zone,
    reasonsJson: reasonsJson(reasons),
    state: 'overridden',
    at,
  });
  await repo.insertItems(
    tx,
    items.map((i) => ({
      matchId: match.id,
      planId: plan.id,
      receivableId: i.receivableId,
      amountCents: i.amountCents,
      active: true,
    })),
  );
  return {
    matchId: match.id,
    payerKey: key || null,
    aliasesLearned: key ? members.length : 0,
    score,
    zone,
  };
}

/** One receivable takes the whole line; several take their face values, the last one the difference. */
function splitEvenly(
  amount: number,
  found: { id: number; amountCents: number }[],
  ids: number[],
): PlanItem[] {
  if (ids.length === 1) return [{ receivableId: ids[0]!, amountCents: amount }];
  let left = amount;
  return ids.map((id, k) => {
    const face = found.find((r) => r.id === id)!.amountCents;
    const share = k === ids.length - 1 ? left : Math.min(face, left);
    left -= share;
    return { receivableId: id, amountCents: share };
  });
}
