/**
 * The candidate list of Conciliar's workspace ([M] item 2): for one statement line, the receivables that could
 * pay it, ranked, each judged by the engine alone against the line (the same run a manual choice gets), so the
 * clerk sees why each fits and, for the others, why not: a different amount, outside the expected lag, another
 * payer's name, already given to another line. Tied candidates are all listed: the clerk decides at a glance.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { CandidateDto, MatchSettings } from '../../shared/contract/matching';
import type { Store, Tx } from '../store/store';
import { accountPlaces, branchNames, isNetwork } from '../branches/branches';
import { AppError } from '../errors';
import { addDays } from '../sync/dates';
import { dayNumber } from './calendar';
import { matchStatement } from './engine';
import { matchingRepo as repo } from './matching.repo';
import { getMatchSettings, loadAliases } from './matching.service';
import { nameSimilarity } from './name-similarity';
import { CONSISTENT_TYPES } from './score';
import { channelOf, foldText, nameTokens, payerTokens, type Channel } from './text';
import type { MatchReceivable, Reason } from './types';
import { heldParams } from './held';
import { renderReasons } from './reasons-pt';

/** How many receivables the engine judges one by one (the closest first). */
const JUDGED = 40;

interface Pre {
  r: MatchReceivable;
  amountDiffCents: number;
  daysFromDue: number | null;
  namePercent: number | null;
  /** Closeness before the engine speaks: amount first, then name, then date. */
  rank: number;
}

function lagOf(s: MatchSettings, paymentTypeId: number | null) {
  return s.lag[String(paymentTypeId ?? '')] ?? s.lag.default!;
}

/** Why a receivable the engine would not take does not fit, in the engine's own reason codes. */
function whyNot(
  p: Pre,
  s: MatchSettings,
  line: { named: boolean; channel: Channel },
  engine: Reason[],
): Reason[] {
  const out: Reason[] = [];
  // A line that names nobody has only its channel to say who paid: a receivable of another type has no evidence.
  const t = p.r.paymentTypeId;
  const types = CONSISTENT_TYPES[line.channel];
  if (t !== null && types.length > 0 && !types.includes(t))
    out.push({ code: 'type_mismatch', params: { paymentType: t, channel: line.channel } });
  if (p.amountDiffCents !== 0)
    out.push({ code: 'amount_different', params: { diffCents: -p.amountDiffCents } });
  if (p.daysFromDue !== null) {
    const w = lagOf(s, p.r.paymentTypeId);
    if (p.daysFromDue < w.min - w.early || p.daysFromDue > w.max + w.late)
      out.push({
        code: 'date_outside',
        params: {
          days: p.daysFromDue,
          paymentType: p.r.paymentTypeId ?? 0,
          expected: w.min === w.max ? String(w.min) : `${w.min}–${w.max}`,
        },
      });
  }
  if (line.named && p.namePercent !== null && p.namePercent < s.minNamePercent)
    out.push({ code: 'name_different', params: { percent: p.namePercent } });
  // What the engine said beyond these facts (a weak score, a name it does not recognise...); its generic
  // "nothing fits this amount and date" would read as nonsense beside a candidate of that amount and date.
  const facts = new Set(out.map((r) => r.code));
  for (const r of engine)
    if (
      !facts.has(r.code) &&
      r.code !== 'no_candidates' &&
      // Judged alone, a lump's "no combination of the 1 candidate fits" only restates the amount's difference.
      r.code !== 'lump_no_fit' &&
      !(r.code === 'name_mismatch' && facts.has('name_different'))
    )
      out.push(r);
  if (out.length === 0) out.push({ code: 'weak', params: { score: 0 } });
  return out;
}

export function lineCandidates(store: Store, lineId: number, limit: number) {
  return store.read((tx) => candidatesIn(tx, lineId, limit));
}

async function candidatesIn(tx: Tx, lineId: number, limit: number) {
  const line = await repo.line(tx, lineId);
  if (!line || line.kind !== 'credit')
    throw new AppError('not_found', `Line ${lineId} is not a credit line of an imported statement.`, {
      code: 'match.line_not_found',
      params: { lineId },
    });
  const st = (await repo.statement(tx, line.statementId))!;
  const plan = await repo.currentPlan(tx, st.id);
  const match = plan ? await repo.matchOfLine(tx, plan.id, lineId) : undefined;
  const chosen = new Set(match ? (await repo.itemsOf(tx, [match.id])).map((i) => i.receivable_id) : []);
  // What the line proposes now, standing (not rejected): its receivables are judged as the proposal was, all
  // together, never one by one (a boleto credit of two titles would call each "não serve" beside the proposal).
  const proposal = match && match.state !== 'rejected' && chosen.size > 0 ? match : null;
  const { settings } = await getMatchSettings(tx);
  const held = await repo.heldReceivables(tx, null);
  const aliases = await loadAliases(tx);
  const payer = payerTokens(line.payerText ?? line.description);
  const lineDay = dayNumber(line.date);
  const channel = channelOf(foldText(line.description));
  const all = (await repo.receivables(tx, addDays(line.date, -60), addDays(line.date, 60))).filter(
    (r) => r.statusId === ACCOUNT_STATUS.open || r.statusId === ACCOUNT_STATUS.overdue || chosen.has(r.id),
  );

  const pre: Pre[] = all.map((r) => {
    const name = r.payerName ? nameTokens(r.payerName) : [];
    const namePercent =
      payer.length && name.length ? Math.round(nameSimilarity(payer, name).similarity * 100) : null;
    const amountDiffCents = r.amountCents - line.amountCents;
    const daysFromDue = r.dueDate ? lineDay - dayNumber(r.dueDate) : null;
    const closeAmount = Math.abs(amountDiffCents) / Math.max(1, line.amountCents);
    const rank =
      (chosen.has(r.id) ? -10 : 0) +
      (amountDiffCents === 0 ? 0 : 1 + Math.min(closeAmount * 10, 3)) +
      (namePercent === null ? 0.5 : 1 - namePercent / 100) * 2 +
      Math.min(Math.abs(daysFromDue ?? 60), 60) / 60;
    return { r, amountDiffCents, daysFromDue, namePercent, rank };
  });
  pre.sort((a, b) => a.rank - b.rank || a.r.id - b.r.id);
  // Worth showing: the same amount (or close), a similar name, or what the line holds now.
  const shown = pre
    .filter(
      (p) =>
        chosen.has(p.r.id) ||
        Math.abs(p.amountDiffCents) <= Math.max(500, line.amountCents * 0.1) ||
        (p.namePercent ?? 0) >= settings.minNamePercent,
    )
    .slice(0, JUDGED);

  // [V] A network: a receivable of another branch than the account's is said (the clerk may choose it: a member who
  // paid at another unit; planFor then marks the choice as a wrong-branch payment).
  const home = (await isNetwork(tx))
    ? ((await accountPlaces(tx)).get(st.bank_account_id)?.branchId ?? null)
    : null;
  const names = home === null ? null : await branchNames(tx);
  const otherBranchOf = (r: MatchReceivable) =>
    names && r.branchId != null && r.branchId !== home
      ? { id: r.branchId, name: names.get(r.branchId) ?? null }
      : null;
  const capOtherBranch = (zone: CandidateDto['zone'], other: unknown): CandidateDto['zone'] =>
    other && zone === 'green' ? 'yellow' : zone;
  const others = new Map(held);
  for (const [id, h] of others) if (h.lineId === lineId) others.delete(id);
  const rows: CandidateDto[] = shown.map((p) => {
    const heldBy = others.get(p.r.id) ?? null;
    const result = matchStatement({
      bankAccountId: st.bank_account_id,
      lines: [line],
      receivables: [p.r],
      aliases,
      settings,
      held: new Map(),
      returnTitles: [],
    }).results[0];
    const alone =
      !heldBy && !!result && result.items.length === 1 && result.items[0]!.receivableId === p.r.id;
    const inProposal = !!proposal && chosen.has(p.r.id) && !(alone && chosen.size === 1);
    const fits = alone || inProposal;
    const reasons: Reason[] = inProposal
      ? [{ code: 'in_proposal', params: { count: chosen.size } }]
      : alone
        ? result.reasons
        : [
            ...(heldBy
              ? [
                  {
                    code: 'held' as const,
                    params: heldParams(heldBy),
                  },
                ]
              : []),
            ...whyNot(p, settings, { named: payer.length > 0, channel }, result?.reasons ?? []),
          ];
    return {
      receivable: {
        id: p.r.id,
        faceCents: p.r.amountCents,
        dueDate: p.r.dueDate,
        payerName: p.r.payerName,
        description: null,
        paymentTypeId: p.r.paymentTypeId,
        statusId: p.r.statusId,
        memberId: p.r.memberId ?? null,
      },
      score: inProposal ? proposal.score : alone ? result.score : 0,
      // [V] Another branch's receivable is never green here either, as planFor never proposes it green.
      zone: capOtherBranch(inProposal ? proposal.zone : alone ? result.zone : 'red', otherBranchOf(p.r)),
      fits,
      reasons: renderReasons(reasons),
      amountDiffCents: p.amountDiffCents,
      daysFromDue: p.daysFromDue,
      namePercent: p.namePercent,
      heldBy,
      chosen: chosen.has(p.r.id),
      otherBranch: otherBranchOf(p.r),
    };
  });
  const order = new Map(shown.map((p, i) => [p.r.id, i]));
  rows.sort(
    (a, b) =>
      Number(b.fits) - Number(a.fits) ||
      b.score - a.score ||
      order.get(a.receivable.id)! - order.get(b.receivable.id)!,
  );
  // A tie is between candidates that each fit alone: the receivables a combination proposes are not rivals.
  const fitting = rows.filter((r) => r.fits && !r.reasons.some((x) => x.code === 'in_proposal'));
  const tied = fitting.filter((r) => fitting[0]!.score - r.score < settings.tieMargin).length;
  const tie = tied >= 2;
  return { lineId, tie, tied: tie ? tied : 0, rows: rows.slice(0, Math.max(limit, tied)) };
}
