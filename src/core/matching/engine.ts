/**
 * The matching engine: (statement lines, receivables, learned aliases, settings) → plan. Pure and
 * deterministic: no clock, no I/O, ties broken by date then ids, so the same inputs give the same plan.
 *
 * Passes run from the strongest evidence to the weakest and share one claimed set, so a weaker pass can
 * never take a receivable a stronger one explained:
 *   0. boleto credits explained by the account's CNAB return files (return-files.ts) — the bank's own record;
 *      then card credits explained by the acquirers' settlement files (acquirer-files.ts) — theirs;
 *   1. exact keys (authorization / NSU / TID / boleto number on the line) — proof, not likelihood;
 *   2. card deposits — they only ever pay card receivables, and an exact net sum is near proof;
 *   3. named lines against single receivables (name or alias, amount, date, type) — the bulk of the work;
 *   4. named lines still open: several receivables of the same payer, or a different amount (partial,
 *      over-payment) — after 3, because one receivable explaining a line beats a combination;
 *   5. lines naming nobody (cash deposits) — amount and date alone prove little, so they only get what
 *      no named line wanted, and at most yellow;
 *   6. aggregated boleto credits — subset sums over what is left, the most speculative of all.
 */
import { Assignment } from './assign';
import { boletoLumpEntries, cardEntries, leftoverEntries } from './lumps';
import { keyEntries, namedEntries, namelessEntries, othersSameAmount } from './passes';
import { prepare } from './prepare';
import { returnFileEntries } from './return-files';
import { acquirerFileEntries } from './acquirer-files';
import { ENGINE_VERSION, type LineResult, type MatchInput, type MatchPlan, type Reason } from './types';

/** Unmatched lines show their most telling reasons first. */
const WHY_ORDER: Reason['code'][] = [
  'possible_duplicate',
  'already_received',
  'tie',
  'held',
  'claimed',
  'lump_ambiguous',
  'combination_ambiguous',
  'lump_no_fit',
  'lump_received',
  // The return file's titles, or the acquirer batch's sales, of a credit already in the EVO: kept, so Conciliar
  // lists them under the line.
  'return_file',
  'acquirer_file',
  'return_title_unresolved',
  'acquirer_batch_tie',
  'acquirer_sale_unresolved',
  'weak',
  'name_mismatch',
  'no_candidates',
];

/** The codes that only describe an early pass coming up empty; a later, more specific reason replaces them. */
const GENERIC = new Set<Reason['code']>(['no_candidates', 'name_mismatch', 'weak']);

function whyOf(reasons: Reason[]): Reason[] {
  const out: Reason[] = [];
  for (const code of WHY_ORDER) {
    const r = reasons.find((x) => x.code === code);
    if (r) out.push(r);
  }
  const specific = out.filter((r) => !GENERIC.has(r.code));
  if (specific.length) return specific;
  return out.length ? out.slice(0, 1) : [{ code: 'no_candidates' }];
}

export function matchStatement(input: MatchInput): MatchPlan {
  const s = input.settings;
  const prep = prepare(input);
  const a = new Assignment(prep, s, input.held ?? new Map());
  const others = othersSameAmount.bind(null, prep);

  a.runPass(returnFileEntries(prep, a, s, input.returnTitles ?? []));
  // [J] card credits explained by the acquirers' settlement files (acquirer-files.ts).
  a.runPass(acquirerFileEntries(prep, a, s, input.acquirerPayments ?? []));
  a.runPass(keyEntries(prep, a, s), others);
  a.runPass(cardEntries(prep, a, s, input.cardFees));
  a.runPass(namedEntries(prep, a, s, input.aliases), others);
  a.runPass(leftoverEntries(prep, a, s, input.aliases));
  a.runOptimalPass(namelessEntries(prep, a, s), others);
  a.runPass(boletoLumpEntries(prep, a, s));

  const results: LineResult[] = prep.lines.map((l) => {
    const r = a.results[l.i];
    if (!r) {
      const tied = a.tiedOptionsOf(l.i);
      return {
        lineId: l.line.id,
        items: [],
        score: 0,
        zone: 'red',
        state: 'unmatched',
        reasons: whyOf(a.why[l.i]!),
        ...(tied ? { tied } : {}),
      };
    }
    const items =
      r.option.items ?? r.option.recs.map((p) => ({ receivableId: p.r.id, amountCents: l.amount }));
    return {
      lineId: l.line.id,
      items,
      score: r.option.score,
      zone: r.zone,
      state: 'suggested',
      reasons: r.reasons,
    };
  });
  return { engineVersion: ENGINE_VERSION, results };
}
