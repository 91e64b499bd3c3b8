import { describe, expect, it } from 'vitest';
import type { MatchLine } from '../components/reconcile/MatchRow';
import { FILTERS, filterCounts, lineTotals, matchesFilter } from './reconcile-lines';

const line = (id: number, x: Partial<MatchLine>): MatchLine => ({
  matchId: id,
  version: 0,
  lineId: id,
  position: id,
  date: '2026-11-20',
  amountCents: 1000 * id,
  description: 'PIX RECEBIDO',
  payerText: null,
  state: 'suggested',
  bucket: 'toDecide',
  score: 90,
  zone: 'green',
  reasons: [],
  receivables: [],
  ...x,
});

/** A proposal of one receivable. */
const proposed = (id: number): MatchLine['receivables'] => [
  {
    id: 500 + id,
    amountCents: 1000 * id,
    faceCents: 1000 * id,
    dueDate: '2026-11-20',
    payerName: 'Ana Lima',
    description: null,
    paymentTypeId: 18,
    statusId: 1,
  },
];

/** One line per situation Início tells apart, with the tabs each belongs in. */
const lines = [
  line(1, { state: 'suggested', zone: 'green', bucket: 'toDecide', receivables: proposed(1) }),
  line(2, { state: 'unmatched', zone: 'red', bucket: 'toDecide' }),
  line(3, { state: 'approved', bucket: 'toSend', receivables: proposed(3) }),
  line(4, { state: 'approved', bucket: 'sentConfirmed', receivables: proposed(4) }),
  // Received in the EVO without Quita; its receivable no longer open in the EVO.
  line(5, { state: 'approved', bucket: 'recorded', receivables: proposed(5) }),
  line(6, { state: 'approved', bucket: 'toDecide', receivables: proposed(6) }),
  line(7, { state: 'recorded', zone: 'red', bucket: 'recorded' }),
  line(8, { state: 'set_aside', zone: 'red', bucket: 'setAside' }),
];
const ids = (f: (typeof FILTERS)[number]) => lines.filter((l) => matchesFilter(l, f)).map((l) => l.lineId);

describe("Conciliar's tabs follow Início's buckets", () => {
  it('each line is in the tab of its bucket', () => {
    expect(ids('todo')).toEqual([1, 2, 6]);
    expect(ids('approved')).toEqual([3, 4]);
    expect(ids('recorded')).toEqual([5, 7]);
    expect(ids('set_aside')).toEqual([8]);
    expect(ids('all')).toHaveLength(lines.length);
    // The to-decide tabs by zone hold only suggestions still to decide.
    expect(ids('green')).toEqual([1]);
    expect(ids('unmatched')).toEqual([2]);
  });

  it('the totals count and sum by the same rule', () => {
    const t = lineTotals(lines);
    expect(t).toMatchObject({
      lines: 8,
      todo: 3,
      decided: 5,
      approved: 2,
      waiting: 1,
      recorded: 2,
      aside: 1,
      green: 1,
    });
    expect(t.todoCents).toBe((1 + 2 + 6) * 1000);
    expect(t.decidedCents + t.todoCents).toBe(lines.reduce((n, l) => n + l.amountCents, 0));
  });

  it("the tabs' numbers are how many lines each tab shows", () => {
    const counts = filterCounts(lines);
    for (const f of FILTERS) expect(counts[f], f).toBe(ids(f).length);
  });
});
