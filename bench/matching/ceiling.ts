/**
 * How many eligible lines no matcher can get right except by guessing: lines for which an open receivable
 * that no line of the statement pays fits at least as well as the true one, on every piece of evidence a
 * matcher has — the same payer (member, or the same name for a company) when the line names one, the same
 * payment type, the amount fitting the same way (equal, or face value plus late charges), and a date at
 * least as close to its usual lag. A cash deposit of R$ 99,90 on Monday when two members owe R$ 99,90 by
 * deposit, due that Monday, and only one of them paid: nothing in the file says which.
 *
 * For an aggregated credit, the line is undecidable when any of its open boletos has such a double.
 * Card deposits are not examined (their candidates are the day's sales of one acquirer and brand).
 * A matcher that refuses ties cannot exceed (eligible − undecidable) / eligible on these lines, except by
 * luck; the bench prints that bound beside the recall.
 */
import { prepare, type PRec } from '../../src/core/matching/prepare';
import { amountFit, dateFit, typePoints } from '../../src/core/matching/score';
import type { MatchSettings } from '../../src/core/matching/types';
import type { SandboxData } from '../../src/sandbox';
import type { Dataset, TruthLine } from './dataset';

export function undecidableLines(
  ds: Dataset,
  st: Dataset['statements'][number],
  settings: MatchSettings,
): Set<number> {
  const prep = prepare({
    bankAccountId: st.bankAccountId,
    lines: st.lines.map((t) => t.line),
    receivables: ds.receivables,
    aliases: [],
    settings,
  });
  const paidHere = new Set(st.lines.flatMap((t) => t.truth));
  const recOf = new Map(prep.recs.map((p) => [p.r.id, p]));
  const paidAmount = paidAmounts(ds.data);
  const out = new Set<number>();
  for (const t of st.lines) {
    const l = prep.lines.find((x) => x.line.id === t.line.id);
    if (!l || l.card || t.kind === 'card-lump') continue;
    const open = t.truth.map((id) => recOf.get(id)).filter((p): p is PRec => !!p?.open);
    if (open.length === 0) continue;
    const lump = t.truth.length > 1;
    const hasDouble = (p: PRec) => {
      const amount = lump ? (paidAmount.get(p.r.id) ?? p.r.amountCents) : l.amount;
      const fit = amountFit(amount, l.day, p, settings);
      const date = dateFit(l.day, p)?.pts ?? -1;
      return prep.recs.some(
        (q) =>
          q !== p &&
          q.open &&
          !paidHere.has(q.r.id) &&
          (!l.named || lump || q.payer === p.payer) &&
          q.r.paymentTypeId === p.r.paymentTypeId &&
          typePoints(l.channel, q) === typePoints(l.channel, p) &&
          amountFit(amount, l.day, q, settings)?.kind === fit?.kind &&
          (dateFit(l.day, q)?.pts ?? -1) >= date,
      );
    };
    if (open.some(hasDouble)) out.add(t.line.id);
  }
  return out;
}

/** What each paid receivable's payment really was (face value plus any late charges). */
function paidAmounts(data: SandboxData): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of data.receivables) if (r.payment) m.set(r.idReceivable, r.payment.amountCents);
  return m;
}

export type { TruthLine };
