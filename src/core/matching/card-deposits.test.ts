/**
 * [J] item 1: card deposits under every way acquirers group and date their credits. Fees are not recorded
 * in these receivables (the usual case in the field: `fees` empty), so every fit leans on the fee bands.
 */
import { describe, expect, it } from 'vitest';
import { matchStatement } from './engine';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import { line, rec, run } from './testing';
import type { MatchCardFee, MatchReceivable } from './types';

// 2026-07-01 is a Wednesday; 07-03 a Friday; 07-04/05 a weekend; 07-06 a Monday. 2026-09-07 is a holiday.

let nextId = 100;
const sale = (
  amount: number,
  due: string,
  acquirer: string,
  flag: string,
  type: 2 | 3,
  extra: Partial<MatchReceivable> = {},
) => {
  const id = nextId++;
  return rec(id, amount, due, `Sócio ${id}`, {
    paymentTypeId: type,
    cardAcquirer: acquirer,
    cardFlag: flag,
    ...extra,
  });
};
const net = (gross: number, percent: number) => Math.round((gross * (100 - percent)) / 100);

describe('card deposits as acquirers really pay them', () => {
  it('one credit per product for all brands ("CIELO DEBITO"): the day’s debit sales of every brand', () => {
    const a = sale(9990, '2026-07-06', 'Cielo', 'Visa', 3);
    const b = sale(12990, '2026-07-06', 'Cielo', 'Mastercard', 3);
    const c = sale(5000, '2026-07-06', 'Cielo', 'Elo', 3);
    const credit = sale(7990, '2026-07-06', 'Cielo', 'Visa', 2);
    const r = run(
      [line('2026-07-06', net(9990, 1.69) + net(12990, 1.69) + net(5000, 2.04), 'CIELO DEBITO')],
      [a, b, c, credit],
    );
    expect(r.ids().sort()).toEqual([a.id, b.id, c.id].sort());
    expect(r.first.zone).toBe('green');
    expect(r.texts()).toContain('depósito CIELO débito: 3 vendas');
    expect(r.texts()).toContain('crédito consolidado por produto, na data prevista do recebível');
  });

  it('one credit per day for everything ("STONE PAGAMENTOS"): debit and credit sales together', () => {
    const d = sale(9990, '2026-07-06', 'Stone', 'Visa', 3);
    const c1 = sale(12990, '2026-07-06', 'Stone', 'Mastercard', 2);
    const c2 = sale(14990, '2026-07-06', 'Stone', 'Visa', 2);
    const r = run(
      [line('2026-07-06', net(9990, 1.34) + net(12990, 2.84) + net(14990, 2.84), 'STONE PAGAMENTOS')],
      [d, c1, c2, sale(5000, '2026-07-07', 'Stone', 'Visa', 3)],
    );
    expect(r.ids().sort()).toEqual([d.id, c1.id, c2.id].sort());
    expect(r.first.zone).toBe('green');
    expect(r.texts()).toContain('depósito STONE crédito e débito: 3 vendas');
  });

  it('a text naming nothing but the card ("CRED CARTAO") is still a card deposit, decided by the sum', () => {
    const a = sale(9990, '2026-07-06', 'GetNet', 'Visa', 2);
    const b = sale(12990, '2026-07-06', 'GetNet', 'Elo', 2);
    const other = sale(19990, '2026-07-06', 'Rede', 'Visa', 2);
    const r = run([line('2026-07-06', net(9990, 3.09) + net(12990, 3.44), 'CRED CARTAO')], [a, b, other]);
    expect(r.ids().sort()).toEqual([a.id, b.id].sort());
    expect(r.texts()[0]).toBe('depósito GETNET crédito: 2 vendas');
  });

  it('due date as the member’s date: debit D+1 and credit D+30 from the charge, across a weekend', () => {
    // Debit charged Friday 07-03 (its due date): money Monday 07-06. Credit charged 06-05: 07-05 is a Sunday → 07-06.
    const d = sale(9990, '2026-07-03', 'Rede', 'Visa', 3, { chargeDate: '2026-07-03' });
    const c = sale(12990, '2026-06-05', 'Rede', 'Visa', 2, { chargeDate: '2026-06-05' });
    const r = run(
      [
        line('2026-07-06', net(9990, 1.49), 'REDE VISA DB'),
        line('2026-07-06', net(12990, 2.99), 'REDE VISA CD'),
      ],
      [d, c],
    );
    expect(r.ids(0)).toEqual([d.id]);
    expect(r.ids(1)).toEqual([c.id]);
    expect(r.texts(0)).toContain('crédito por bandeira e produto, débito D+1');
    expect(r.texts(1)).toContain('crédito por bandeira e produto, crédito D+30 por parcela');
  });

  it('installments arrive monthly: installment 3 of a sale lands 90 days after it', () => {
    const i3 = sale(9990, '2026-06-06', 'Cielo', 'Visa', 2, {
      chargeDate: '2026-04-07',
      currentInstallment: 3,
      totalInstallments: 12,
    });
    // 04-07 + 90 = 07-06 (Monday). The due date (06-06) reads as the member's monthly date.
    const r = run([line('2026-07-06', net(9990, 4.09), 'CIELO VISA CREDITO')], [i3]);
    expect(r.ids()).toEqual([i3.id]);
  });

  it('anticipation: a credit sale paid D+1 with the anticipation discount, though EVO forecast D+30', () => {
    const c = sale(12990, '2026-07-31', 'Cielo', 'Mastercard', 2, { chargeDate: '2026-07-01' });
    const r = run([line('2026-07-02', net(12990, 3.19 + 1.8), 'CIELO MASTER CREDITO')], [c]);
    expect(r.ids()).toEqual([c.id]);
    expect(r.texts()).toContain('crédito por bandeira e produto, antecipado D+1');
  });

  it('a text naming no acquirer is read as anticipated sales only when its words, or a named deposit, say so', () => {
    // A sale due a month ahead (EVO's forecast) fits "CRED CARTAO" the day after its charge only as anticipated.
    const ahead = () => sale(12990, '2026-07-31', 'Cielo', 'Mastercard', 2, { chargeDate: '2026-07-01' });
    const amount = net(12990, 3.19 + 1.8);
    const c = ahead();
    const plain = run([line('2026-07-02', amount, 'CRED CARTAO')], [c]);
    expect(plain.ids()).toEqual([]);
    // Its own words say anticipation.
    const d = ahead();
    const said = run([line('2026-07-02', amount, 'ANTECIPACAO DE RECEBIVEIS')], [d]);
    expect(said.ids()).toEqual([d.id]);
    expect(said.texts().join(' · ')).toContain('antecipado D+1');
    // Another deposit of the statement naming Cielo was anticipated: the branch anticipates with Cielo.
    const e = ahead();
    const f = sale(9990, '2026-07-31', 'Cielo', 'Visa', 2, { chargeDate: '2026-07-01' });
    const named = run(
      [
        line('2026-07-02', amount, 'CRED CARTAO'),
        line('2026-07-02', net(9990, 3.19 + 1.8), 'CIELO VISA CREDITO'),
      ],
      [e, f],
    );
    expect(named.results.map((x) => x.items.map((i) => i.receivableId))).toEqual([[e.id], [f.id]]);
  });

  it('holidays move the money: a debit charged Friday 09-04 arrives Tuesday 09-08 (Monday is a holiday)', () => {
    const d = sale(9990, '2026-09-04', 'Cielo', 'Visa', 3, { chargeDate: '2026-09-04' });
    const r = run([line('2026-09-08', net(9990, 1.69), 'CIELO VISA DEBITO')], [d]);
    expect(r.ids()).toEqual([d.id]);
  });

  it('two subsets explain the same consolidated credit: nothing is proposed', () => {
    // Two brands' debit sales of the same price: with unknown fees, either one alone fits the deposit.
    const a = sale(9990, '2026-07-06', 'Cielo', 'Visa', 3);
    const b = sale(9990, '2026-07-06', 'Cielo', 'Mastercard', 3);
    const c = sale(9990, '2026-07-06', 'Cielo', 'Elo', 3);
    const r = run([line('2026-07-06', net(9990, 1.5) * 2, 'CIELO DEBITO')], [a, b, c]);
    expect(r.first.items).toEqual([]);
    expect(r.codes()).toEqual(['lump_ambiguous']);
  });

  it('the statement’s own convention wins over a coincidence under another settlement model', () => {
    // Forecast dates: Monday's deposit is Monday's sales. A Friday sale of the same price would also fit
    // "anticipated D+1" on Monday; the other days' deposits say the branch's sales arrive on their due dates.
    const mon = sale(9990, '2026-07-06', 'Rede', 'Visa', 2, { chargeDate: '2026-06-06' });
    const fri = sale(9990, '2026-08-02', 'Rede', 'Visa', 2, { chargeDate: '2026-07-03' });
    const tue = sale(14990, '2026-07-07', 'Rede', 'Visa', 2, { chargeDate: '2026-06-07' });
    const wed = sale(7990, '2026-07-08', 'Rede', 'Visa', 2, { chargeDate: '2026-06-08' });
    const r = run(
      [
        line('2026-07-06', net(9990, 2.99), 'REDE VISA CD'),
        line('2026-07-07', net(14990, 2.99), 'REDE VISA CD'),
        line('2026-07-08', net(7990, 2.99), 'REDE VISA CD'),
      ],
      [mon, fri, tue, wed],
    );
    expect(r.ids(0)).toEqual([mon.id]);
    expect(r.first.zone).toBe('green');
    expect(r.ids(1)).toEqual([tue.id]);
    expect(r.ids(2)).toEqual([wed.id]);
  });

  it('a fee band per product is configurable: a debit "fee" of 5 % is no debit deposit by default', () => {
    const d = sale(10000, '2026-07-06', 'Cielo', 'Visa', 3);
    const lines = [line('2026-07-06', 9500, 'CIELO VISA DEBITO')];
    expect(run(lines, [d]).codes()).toEqual(['lump_no_fit']);
    const settings = {
      ...DEFAULT_MATCH_SETTINGS,
      cardFee: { ...DEFAULT_MATCH_SETTINGS.cardFee, products: { debit: { minPercent: 0, maxPercent: 6 } } },
    };
    expect(run(lines, [d], { settings }).ids()).toEqual([d.id]);
  });

  it('a learned fee narrows later matches: two readings within the band, one at the learned fee', () => {
    // 3 sales; the deposit is {a, b} at 1.99 %, {a, c} at 3.43 % or {b, c} at 3.90 %: all inside the debit band.
    const a = sale(10000, '2026-07-06', 'Cielo', 'Visa', 3);
    const b = sale(10100, '2026-07-06', 'Cielo', 'Visa', 3);
    const c = sale(10400, '2026-07-06', 'Cielo', 'Visa', 3);
    const l = line('2026-07-06', 19700, 'CIELO VISA DEBITO');
    const input = { lines: [l], receivables: [a, b, c], aliases: [], settings: DEFAULT_MATCH_SETTINGS };
    expect(matchStatement(input).results[0]!.reasons.map((x) => x.code)).toEqual(['lump_ambiguous']);
    const learned: MatchCardFee[] = [
      { acquirer: 'cielo', flag: 'visa', product: 'debit', percent: 1.9, samples: 5 },
    ];
    const plan = matchStatement({ ...input, cardFees: learned });
    expect(plan.results[0]!.items.map((i) => i.receivableId)).toEqual([a.id, b.id]);
    expect(plan.results[0]!.reasons.map((x) => x.code)).toContain('card_fee_learned');
  });

  it('deposits decided jointly: the brand another deposit certainly is settles an acquirer-only credit', () => {
    // "CIELO S.A." fits Visa's sale or Elo's alone; "CIELO ELO DEBITO" can only be Elo's: the first is Visa's.
    const visa = sale(10000, '2026-07-06', 'Cielo', 'Visa', 3);
    const elo = sale(10000, '2026-07-06', 'Cielo', 'Elo', 3);
    const first = line('2026-07-06', 9831, 'CIELO S.A.');
    const alone = run([first], [visa, elo]);
    expect(alone.codes()).toEqual(['lump_ambiguous']);
    const r = run([first, line('2026-07-06', 9796, 'CIELO ELO DEBITO')], [visa, elo]);
    expect(r.ids(1)).toEqual([elo.id]);
    expect(r.ids(0)).toEqual([visa.id]);
    expect(r.results[0]!.zone).toBe('yellow');
    expect(r.codes(0)).toContain('by_elimination');
  });
});
