/**
 * Conciliar's lists: which lines each tab holds and the day's totals, by the bucket Início counts each line in
 * (match.lines `bucket`, core/dashboard/line-buckets.ts), so both screens say the same. Pure: tested alone.
 */
import type { MatchLine } from '../components/reconcile/MatchRow';

export const FILTERS = [
  'todo',
  'all',
  'green',
  'yellow',
  'unmatched',
  'to_review',
  'approved',
  'recorded',
  'set_aside',
  'rejected',
] as const;
export type ReconcileFilter = (typeof FILTERS)[number];

/** Decided: the bucket Início counts the line in is not "to decide" (core/dashboard/line-buckets.ts). */
const isDecided = (l: MatchLine) => l.bucket !== 'toDecide';
const APPROVED_BUCKETS: ReadonlySet<MatchLine['bucket']> = new Set([
  'toSend',
  'sentWaiting',
  'sentFailed',
  'sentConfirmed',
]);

export const matchesFilter = (l: MatchLine, f: ReconcileFilter) =>
  f === 'all' ||
  (f === 'todo'
    ? !isDecided(l)
    : f === 'green' || f === 'yellow'
      ? l.zone === f && (l.state === 'suggested' || l.state === 'overridden')
      : f === 'unmatched'
        ? l.receivables.length === 0 && !isDecided(l)
        : f === 'approved'
          ? APPROVED_BUCKETS.has(l.bucket)
          : f === 'recorded'
            ? l.bucket === 'recorded'
            : f === 'set_aside'
              ? l.bucket === 'setAside'
              : l.state === f);

/** The numbers above the list: lines decided and to decide (count and money), per tab, and the greens. */
export function lineTotals(all: readonly MatchLine[]) {
  const cents = (ls: readonly MatchLine[]) => ls.reduce((s, l) => s + l.amountCents, 0);
  const decided = all.filter(isDecided);
  return {
    lines: all.length,
    decided: decided.length,
    decidedCents: cents(decided),
    todo: all.length - decided.length,
    todoCents: cents(all) - cents(decided),
    approved: all.filter((l) => matchesFilter(l, 'approved')).length,
    waiting: all.filter((l) => l.bucket === 'toSend').length,
    recorded: all.filter((l) => matchesFilter(l, 'recorded')).length,
    aside: all.filter((l) => matchesFilter(l, 'set_aside')).length,
    green: all.filter((l) => l.zone === 'green' && l.state === 'suggested').length,
  };
}

/** How many lines each tab holds (the numbers on the tabs), in one pass over the lines. */
export function filterCounts(all: readonly MatchLine[]): Record<ReconcileFilter, number> {
  const counts = Object.fromEntries(FILTERS.map((f) => [f, 0])) as Record<ReconcileFilter, number>;
  for (const l of all) for (const f of FILTERS) if (matchesFilter(l, f)) counts[f]++;
  return counts;
}
