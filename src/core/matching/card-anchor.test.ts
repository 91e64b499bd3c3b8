/**
 * [S] item 5: the date anchor of card deposits chosen from the statement's evidence. A branch whose card
 * receivables carry `saleDate` = the plan's sale (a month before the monthly charge), no `chargeDate`, and
 * whose acquirer pays some business days after `dueDate`: today's lag models count from that `saleDate` and
 * land a month early; the due-anchored models (`due1`–`due3`) read them, but only where the statement's own
 * deposits show it. Fees are not recorded (the usual case): every fit leans on the fee bands.
 */
import { describe, expect, it } from 'vitest';
import { line, rec, run } from './testing';
import type { MatchReceivable } from './types';

// July 2026: 07-06 Mon, 07-07 Tue, 07-08 Wed, 07-09 Thu, 07-10 Fri, 07-13 Mon, 07-14 Tue, 07-15 Wed, 07-16 Thu.

let nextId = 500;
const card = (
  amount: number,
  due: string,
  saleDate: string,
  type: 2 | 3,
  extra: Partial<MatchReceivable> = {},
): MatchReceivable => {
  const id = nextId++;
  return rec(id, amount, due, `Sócio ${id}`, {
    paymentTypeId: type,
    cardAcquirer: 'Rede',
    cardFlag: 'Visa',
    saleDate,
    chargeDate: null,
    ...extra,
  });
};
const net = (gross: number, percent: number) => Math.round((gross * (100 - percent)) / 100);
const debitNet = (...gross: number[]) => gross.reduce((t, g) => t + net(g, 1.49), 0);

/**
 * The plan-sale branch: Rede debit charged monthly on the due date, the plan sold 30 days before, the money
 * two business days after the due date (due2). Four deposits of the statement, one of each day below.
 */
function planSaleBranch() {
  const r06a = card(9990, '2026-07-06', '2026-06-06', 3);
  const r06b = card(12990, '2026-07-06', '2026-06-06', 3);
  const r07 = card(8990, '2026-07-07', '2026-06-07', 3);
  const r08 = card(14990, '2026-07-08', '2026-06-08', 3);
  const r10a = card(7990, '2026-07-10', '2026-06-10', 3);
  const r10b = card(11990, '2026-07-10', '2026-06-10', 3);
  const lines = [
    line('2026-07-08', debitNet(9990, 12990), 'REDE VISA DB'),
    line('2026-07-09', debitNet(8990), 'REDE VISA DB'),
    line('2026-07-10', debitNet(14990), 'REDE VISA DB'),
    // Friday 07-10 + 2 business days = Tuesday 07-14.
    line('2026-07-14', debitNet(7990, 11990), 'REDE VISA DB'),
  ];
  return { lines, recs: [r06a, r06b, r07, r08, r10a, r10b], r06a, r06b, r07, r08, r10a, r10b };
}

describe('the date anchor of card deposits, chosen by the statement', () => {
  it('(a) the due anchor wins: a deposit two business days after the due date is found, missed alone', () => {
    const b = planSaleBranch();
    // Alone, Tuesday's deposit is what the tester saw: today's models look a month early (the plan's sale).
    const alone = run([b.lines[3]!], [b.r10a, b.r10b]);
    expect(alone.ids()).toEqual([]);
    expect(alone.codes()).not.toContain('card_lump');
    // With the branch's other deposits, the statement says its money arrives two business days after the due date.
    const r = run(b.lines, b.recs);
    expect(r.ids(0).sort()).toEqual([b.r06a.id, b.r06b.id].sort());
    expect(r.ids(1)).toEqual([b.r07.id]);
    expect(r.ids(2)).toEqual([b.r08.id]);
    expect(r.ids(3).sort()).toEqual([b.r10a.id, b.r10b.id].sort());
    expect(r.texts(3)).toContain('crédito por bandeira e produto, 2 dias úteis após o vencimento');
    expect(r.results[3]!.zone).toBe('green');
  });

  it('(b) the sale anchor still wins where sales are paid D+1 after their sale: today’s reading, unchanged', () => {
    // A branch whose saleDate is the sale's day (the due date a plan date 10 days on), paid D+1 after the sale:
    // four deposits say d1 (counted from the sale). Two other deposits happen to fit sales two business
    // days after their due date; that is too little against four, so they are not read so.
    const s1 = card(9990, '2026-07-16', '2026-07-06', 3);
    const s2 = card(12990, '2026-07-17', '2026-07-07', 3);
    const s3 = card(8990, '2026-07-18', '2026-07-08', 3);
    const s4 = card(14990, '2026-07-19', '2026-07-09', 3);
    const c1 = card(5990, '2026-07-06', '2026-06-06', 3);
    const c2 = card(6990, '2026-07-09', '2026-06-09', 3);
    const lines = [
      line('2026-07-07', debitNet(9990), 'REDE VISA DB'),
      line('2026-07-08', debitNet(12990), 'REDE VISA DB'),
      line('2026-07-09', debitNet(8990), 'REDE VISA DB'),
      line('2026-07-10', debitNet(14990), 'REDE VISA DB'),
      // 07-06 + 2 business days = 07-08; 07-09 + 2 = 07-13: only c1 and c2 under `due2` explain these.
      line('2026-07-08', debitNet(5990), 'REDE VISA DB'),
      line('2026-07-13', debitNet(6990), 'REDE VISA DB'),
    ];
    const r = run(lines, [s1, s2, s3, s4, c1, c2]);
    expect(r.ids(0)).toEqual([s1.id]);
    expect(r.texts(0)).toContain('crédito por bandeira e produto, débito D+1');
    expect(r.results[0]!.zone).toBe('green');
    expect(r.ids(1)).toEqual([s2.id]);
    expect(r.ids(2)).toEqual([s3.id]);
    expect(r.ids(3)).toEqual([s4.id]);
    for (const k of [4, 5]) {
      expect(r.ids(k)).toEqual([]);
      expect(r.results[k]!.zone).not.toBe('green');
    }
  });

  it('(c) too little evidence: two deposits the due anchor alone explains stay unexplained, as today', () => {
    const b = planSaleBranch();
    const r = run(b.lines.slice(2), [b.r08, b.r10a, b.r10b]);
    expect(r.ids(0)).toEqual([]);
    expect(r.ids(1)).toEqual([]);
    for (const k of [0, 1]) expect(r.codes(k)).not.toContain('card_lump');
    // A third deposit is the least evidence that decides.
    const three = run(b.lines.slice(1), [b.r07, b.r08, b.r10a, b.r10b]);
    expect(three.ids(2).sort()).toEqual([b.r10a.id, b.r10b.id].sort());
  });

  it('(d) a deposit explained only by a losing anchor is never green (nor proposed)', () => {
    // The due anchor wins Rede (four deposits); one more deposit fits only a sale counted from its sale day
    // (sold 07-13, paid D+1 on 07-14, due a month on): the charge anchor lost, so it is not read so.
    const b = planSaleBranch();
    const sold = card(5990, '2026-08-13', '2026-07-13', 3);
    const r = run([...b.lines, line('2026-07-14', debitNet(5990), 'REDE VISA DB')], [...b.recs, sold]);
    expect(r.ids(3).sort()).toEqual([b.r10a.id, b.r10b.id].sort());
    expect(r.ids(4)).toEqual([]);
    expect(r.results[4]!.zone).not.toBe('green');
    // And the other way round: four deposits paid D+1 after their sale, three that only sales two business days
    // after their due date explain. Three is evidence, but not two more than four: the sale anchor keeps the
    // branch, and the three are not proposed (read due-anchored, they would be; the clerk finds them unmatched).
    const sales = [
      card(9990, '2026-07-16', '2026-07-06', 3),
      card(12990, '2026-07-17', '2026-07-07', 3),
      card(8990, '2026-07-18', '2026-07-08', 3),
      card(14990, '2026-07-19', '2026-07-09', 3),
    ];
    const due = [
      card(5990, '2026-07-06', '2026-06-06', 3),
      card(6990, '2026-07-09', '2026-06-09', 3),
      card(4990, '2026-07-10', '2026-06-10', 3),
    ];
    const lines = [
      line('2026-07-07', debitNet(9990), 'REDE VISA DB'),
      line('2026-07-08', debitNet(12990), 'REDE VISA DB'),
      line('2026-07-09', debitNet(8990), 'REDE VISA DB'),
      line('2026-07-10', debitNet(14990), 'REDE VISA DB'),
      line('2026-07-08', debitNet(5990), 'REDE VISA DB'),
      line('2026-07-13', debitNet(6990), 'REDE VISA DB'),
      line('2026-07-14', debitNet(4990), 'REDE VISA DB'),
    ];
    const lost = run(lines, [...sales, ...due]);
    sales.forEach((s, k) => expect(lost.ids(k)).toEqual([s.id]));
    for (const k of [4, 5, 6]) {
      expect(lost.ids(k)).toEqual([]);
      expect(lost.results[k]!.zone).not.toBe('green');
    }
  });

  it('a consolidated day credit: debit and credit each on its own lag after the due date', () => {
    // "REDE S.A.": debit two business days after the due date, credit (anticipated) three.
    const d = (amount: number, due: string) => card(amount, due, '2026-06-01', 3);
    const c = (amount: number, due: string) => card(amount, due, '2026-06-01', 2, { cardFlag: 'Mastercard' });
    const pairs = [
      { day: '2026-07-09', debit: d(9990, '2026-07-07'), credit: c(12990, '2026-07-06') },
      { day: '2026-07-10', debit: d(8990, '2026-07-08'), credit: c(14990, '2026-07-07') },
      { day: '2026-07-13', debit: d(7990, '2026-07-09'), credit: c(10990, '2026-07-08') },
      { day: '2026-07-14', debit: d(11990, '2026-07-10'), credit: c(13990, '2026-07-09') },
    ];
    const lines = pairs.map((p) =>
      line(p.day, net(p.debit.amountCents, 1.49) + net(p.credit.amountCents, 4.6), 'REDE S.A.'),
    );
    const r = run(
      lines,
      pairs.flatMap((p) => [p.debit, p.credit]),
    );
    pairs.forEach((p, k) => expect(r.ids(k).sort(), p.day).toEqual([p.debit.id, p.credit.id].sort()));
    expect(r.texts(0).join(' · ')).toContain(
      'crédito consolidado do dia, 2 dias úteis após o vencimento e 3 dias úteis após o vencimento',
    );
  });
});
